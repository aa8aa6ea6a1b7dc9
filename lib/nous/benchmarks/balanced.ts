/**
 * The balanced belief-dynamics benchmark: conversations in LoCoMo's format in which people's homes and workplaces
 * follow known scenarios, each scenario that favours one rule paired with its mirror that favours another:
 *
 * | scenario          | what happens after the value is established            | favours                        |
 * |-------------------|--------------------------------------------------------|--------------------------------|
 * | stable            | nothing                                                | no rule (the null)             |
 * | joke-before-gap   | one joke, before the long silence                      | Bayes over last-write-wins     |
 * | joke-after-gap    | one joke, after the long silence                       | no decay over decay; Bayes     |
 * | change-once       | a change told once, before the silence                 | last-write-wins over Bayes     |
 * | change-repeated   | a change told, then confirmed once or twice            | neither                        |
 * | change-after-gap  | a change told once, after the silence                  | decay over no decay; LWW       |
 * | ended-then-new    | "I don't work at X anymore", later the new value once  | reading endings                |
 *
 * Half the jokes carry a cue (haha, basically, at this rate …) and half do not; half the changes are told with a
 * change word (moved, joined, now …) and half as a plain state ("I live in Y."): rules that read cues are favoured
 * only on the cued half. Phrasing comes from the paraphrase grammar (paraphrase.ts). Around the statements: small
 * talk, other people's states, wishes and conditionals. Each conversation also has one relative of a speaker whose
 * home is stated once or twice (scenario `others`). Questions, asked after the last session: each person's current
 * value (category 4) and, after a change, the value before it (category 1).
 */
import { z } from "zod";
import { ConfigError } from "../../core/errors.js";
import { createRng, type Rng } from "../../core/rng.js";
import { ASK, DISTRACTORS, SMALL_TALK, fillSlots, say, type Attribute, type Utterance } from "./paraphrase.js";

export const SCENARIOS = ["stable", "joke-before-gap", "joke-after-gap", "change-once", "change-repeated", "change-after-gap", "ended-then-new"] as const;
export type BalancedScenario = (typeof SCENARIOS)[number] | "others";

export const BalancedParamsSchema = z.strictObject({
  name: z.string(),
  note: z.string().optional(),
  seed: z.number().int(),
  conversations: z.number().int().positive(),
  scenarioWeights: z.strictObject(Object.fromEntries(SCENARIOS.map((s) => [s, z.number().nonnegative()])) as Record<(typeof SCENARIOS)[number], z.ZodNumber>),
  /** Share of jokes told with a cue, and of changes told with a change word. */
  jokeCueShare: z.number().min(0).max(1),
  changeCueShare: z.number().min(0).max(1),
  establishingMentions: z.tuple([z.number().int().min(1), z.number().int().min(1)]),
  sessionGapDays: z.tuple([z.number().positive(), z.number().positive()]),
  longGapDays: z.tuple([z.number().positive(), z.number().positive()]),
  smallTalkPerSession: z.tuple([z.number().int().min(0), z.number().int().min(0)]),
  distractorsPerConversation: z.tuple([z.number().int().min(0), z.number().int().min(0)]),
});
export type BalancedParams = z.infer<typeof BalancedParamsSchema>;

/** What the generator built, per (person, attribute): the truth the questions ask about. */
export interface BalancedTruth {
  conversation: string;
  person: string;
  attribute: Attribute;
  scenario: BalancedScenario;
  /** Whether the joke or change was told with its cue (undefined where there is none). */
  cued?: boolean;
  current: string;
  before?: string;
  /** The questions about it (current first). */
  questions: string[];
}

const PEOPLE = ["Alma", "Bruno", "Celia", "Dario", "Elena", "Farid", "Greta", "Hugo", "Ines", "Jonas", "Kira", "Luca", "Mira", "Nils", "Olga", "Pavel", "Rosa", "Sami", "Tara", "Umar", "Vera", "Wim", "Yara", "Zeno", "Aiko", "Bodhi", "Cleo", "Dmitri"];
const RELATIVES = [["sister", "Noor"], ["brother", "Teo"], ["cousin", "Priya"], ["aunt", "Marta"], ["friend", "Joss"], ["uncle", "Otto"]] as const;
const CITIES = ["Lisbon", "Denver", "Oslo", "Kyoto", "Lima", "Porto", "Austin", "Dublin", "Quito", "Tallinn", "Perth", "Seville", "Boise", "Nantes", "Leipzig", "Tucson", "Galway", "Bergen"];
const COMPANIES = ["Globex", "Initech", "Umbrex", "Vandelay", "Hooli", "Stark Industries", "Wayne Foods", "Tyrell", "Cyberdyne", "Soylent", "Acme", "Wonka", "Monarch Bank", "Nakatomi", "Oscorp", "Pied Piper"];
const JOKES: Record<Attribute, readonly string[]> = { home: ["the gym", "the office", "the airport", "the library", "the pub"], workplace: ["the couch", "the kitchen table", "the coffee machine", "the school run", "my car"] };
const SESSIONS = 14; // 12 before the long silence, 2 after
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const DAY = 86_400_000;

function locomoTime(ms: number): string {
  const d = new Date(ms);
  const h = d.getUTCHours();
  return `${h % 12 === 0 ? 12 : h % 12}:${String(d.getUTCMinutes()).padStart(2, "0")} ${h < 12 ? "am" : "pm"} on ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}, ${d.getUTCFullYear()}`;
}
const between = (rng: Rng, [a, b]: readonly [number, number]): number => a + rng.int(b - a + 1);
const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[rng.int(xs.length)];
const inSessions = (rng: Rng, k: number, lo: number, hi: number) => Array.from({ length: k }, () => lo + rng.int(hi - lo + 1)).sort((x, y) => x - y);

interface Said { session: number; speaker: string; text: string }

/** One (person, attribute)'s statements and truth. */
function schedule(r: Rng, p: BalancedParams, person: string, attribute: Attribute, scenario: (typeof SCENARIOS)[number], said: Said[]): Omit<BalancedTruth, "conversation" | "questions"> {
  const pool = attribute === "home" ? CITIES : COMPANIES;
  const [first, second] = r.shuffle(pool).slice(0, 2);
  const tell = (session: number, kind: Utterance, slots: Record<string, string>) => said.push({ session, speaker: person, text: say(r, attribute, kind, slots) });
  for (const s of inSessions(r, between(r, p.establishingMentions), 1, 8)) tell(s, "state", { X: first });
  const joke = () => pick(r, JOKES[attribute]);
  const jokeCued = r.bernoulli(p.jokeCueShare);
  const changeCued = r.bernoulli(p.changeCueShare);
  const change = (session: number) => tell(session, changeCued ? "change-cued" : "change-plain", { X: second, O: first });
  switch (scenario) {
    case "stable": return { person, attribute, scenario, current: first };
    case "joke-before-gap":
    case "joke-after-gap":
      tell(scenario === "joke-before-gap" ? 9 + r.int(4) : 13 + r.int(2), jokeCued ? "joke-cued" : "joke-plain", { J: joke() });
      return { person, attribute, scenario, cued: jokeCued, current: first };
    case "change-once": change(9 + r.int(4)); break;
    case "change-after-gap": change(13 + r.int(2)); break;
    case "change-repeated": {
      const [s0, ...rest] = inSessions(r, 1 + between(r, [1, 2]), 9, 12);
      change(s0);
      for (const s of rest) tell(s, "state", { X: second });
      break;
    }
    case "ended-then-new":
      tell(9 + r.int(2), "ended", { O: first });
      tell(11 + r.int(2), r.bernoulli(0.5) ? "state" : changeCued ? "change-cued" : "change-plain", { X: second, O: first });
      return { person, attribute, scenario, current: second, before: first };
  }
  return { person, attribute, scenario, cued: changeCued, current: second, before: first };
}

/**
 * Generates the benchmark: LoCoMo-format JSON and the truth it encodes. Deterministic in the parameters.
 *
 * @throws ConfigError when the parameters are invalid (the field is named).
 * @example
 * const { data, truth } = generateBalanced(JSON.parse(readFileSync("data/benchmarks/balanced-pilot.params.json", "utf8")));
 */
export function generateBalanced(raw: unknown, file = "balanced.params.json"): { data: unknown[]; truth: BalancedTruth[] } {
  const parsed = BalancedParamsSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError({ file, path: issue.path.map(String), message: issue.message, fix: "see BalancedParamsSchema in lib/nous/benchmarks/balanced.ts" });
  }
  const p = parsed.data;
  const root = createRng(p.seed);
  const weights = SCENARIOS.map((s) => p.scenarioWeights[s]);
  const data: unknown[] = [];
  const truth: BalancedTruth[] = [];
  for (let c = 0; c < p.conversations; c++) {
    const rng = root.fork("conversation", c);
    const id = `bb-${c + 1}`;
    const [a, b] = rng.shuffle(PEOPLE).slice(0, 2);
    const said: Said[] = [];
    const mine: BalancedTruth[] = [];
    for (const person of [a, b]) {
      for (const attribute of ["home", "workplace"] as const) {
        const r = rng.fork(person, attribute);
        const t = schedule(r, p, person, attribute, SCENARIOS[r.weightedIndex(weights)], said);
        const ask = r.fork("ask");
        const questions = [fillSlots(pick(ask, ASK[attribute].current), { P: person })];
        if (t.before) questions.push(fillSlots(ASK[attribute].before[0], { P: person, X: t.current }));
        mine.push({ ...t, conversation: id, questions });
      }
    }
    // a relative of one speaker, whose home is stated once or twice
    const [relation, name] = pick(rng, RELATIVES);
    const holder = pick(rng, [a, b]);
    const relHome = pick(rng, CITIES);
    for (const s of inSessions(rng, 1 + rng.int(2), 1, 12)) said.push({ session: s, speaker: holder, text: pick(rng, [`My ${relation} ${name} lives in ${relHome}.`, `${name}, my ${relation}, is still in ${relHome}.`, `My ${relation} ${name} just bought a flat in ${relHome}.`]) });
    mine.push({ conversation: id, person: name, attribute: "home", scenario: "others", current: relHome, questions: [`Where does ${name} live?`] });
    for (let i = 0, n = between(rng, p.distractorsPerConversation); i < n; i++) said.push({ session: 1 + rng.int(12), speaker: pick(rng, [a, b]), text: fillSlots(pick(rng, DISTRACTORS), { C: pick(rng, CITIES), W: pick(rng, COMPANIES) }) });
    const conversation: Record<string, unknown> = { speaker_a: a, speaker_b: b };
    let t = Date.UTC(2022, 0, 3, 10, 0) + rng.int(60) * DAY;
    for (let s = 1; s <= SESSIONS; s++) {
      t += (s === 13 ? between(rng, p.longGapDays) : s === 1 ? 0 : between(rng, p.sessionGapDays)) * DAY;
      const turns: { speaker: string; dia_id: string; text: string }[] = [];
      const push = (speaker: string, text: string) => turns.push({ speaker, dia_id: `D${s}:${turns.length + 1}`, text });
      push(pick(rng, [a, b]), pick(rng, ["Hi! Long time no see.", "Hey, how have you been?", "Good to catch up again!"]));
      for (const x of said.filter((y) => y.session === s)) {
        push(x.speaker, x.text);
        push(x.speaker === a ? b : a, pick(rng, SMALL_TALK));
      }
      for (let i = 0, n = between(rng, p.smallTalkPerSession); i < n; i++) push(i % 2 ? a : b, pick(rng, SMALL_TALK));
      conversation[`session_${s}`] = turns;
      conversation[`session_${s}_date_time`] = locomoTime(t);
    }
    const qa = mine.flatMap((m) => m.questions.map((question, i) => ({ question, answer: i === 0 ? m.current : m.before!, evidence: [] as string[], category: i === 0 ? 4 : 1 })));
    data.push({ sample_id: id, conversation, qa });
    truth.push(...mine);
  }
  return { data, truth };
}

/** The truth a benchmark question is about (undefined for a question not generated here). */
export function truthOf(truth: readonly BalancedTruth[], conversation: string, question: string): BalancedTruth | undefined {
  return truth.find((t) => t.conversation === conversation && t.questions.includes(question));
}
