/**
 * The belief-dynamics benchmark: conversations in LoCoMo's JSON format, written by this generator from fixed
 * parameters (data/benchmarks/belief-dynamics.params.json for the pilot instance, belief-dynamics-prereg.params.json
 * for the pre-registered one), in which people's states (where they live, where they
 * work) follow known scenarios, so that what a memory should believe at the end is known:
 *
 * - `stable`: a value mentioned `establishingMentions` times.
 * - `noise-after-stable`: the same, then one one-off contradiction (a joke: "I basically live at the gym").
 * - `change`: the same, then a true change confirmed `changeConfirmations` times.
 * - `change-after-gap`: the same, then, after the conversation's long silence (`longGapDays`), a change mentioned once.
 *
 * Every establishing phase holds one one-off aside (a joke) in its first half, as real talk does. All sessions but
 * the last two are `sessionGapDays` apart; the last two come after the long gap, and only changes are told there.
 * Around the facts: the partner's small talk, other people's facts ("My cousin lives in Oslo") and hypotheticals
 * ("If I lived in Lima, I would surf"), which are retrieval distractors, not facts about the speaker.
 *
 * Questions, asked after the last session: for each (person, attribute) its current value (category 4); for each
 * change, the value before it (category 1, "history"). Evidence ids point at the turns that state the answer.
 *
 * What theory predicts here: a Bayesian update resists one-off contradictions of an established value that
 * last-write-wins adopts (noise-after-stable); decay lets a change told once after a long silence overturn a stale
 * value that, without decay, still outweighs it (change-after-gap). These are properties of the scenarios the
 * parameters weight, not facts about real conversations: a benchmark in which jokes follow long silences would
 * reward no-decay instead.
 */
import { z } from "zod";
import { ConfigError } from "../../core/errors.js";
import { createRng, type Rng } from "../../core/rng.js";

export const BeliefDynamicsParamsSchema = z.strictObject({
  name: z.string(),
  note: z.string().optional(),
  seed: z.number().int(),
  conversations: z.number().int().positive(),
  attributes: z.array(z.enum(["home", "workplace"])).min(1),
  scenarioWeights: z.strictObject({ stable: z.number().nonnegative(), "noise-after-stable": z.number().nonnegative(), change: z.number().nonnegative(), "change-after-gap": z.number().nonnegative() }),
  establishingMentions: z.tuple([z.number().int().min(2), z.number().int().min(2)]),
  changeConfirmations: z.tuple([z.number().int().min(1), z.number().int().min(1)]),
  sessionGapDays: z.tuple([z.number().positive(), z.number().positive()]),
  longGapDays: z.tuple([z.number().positive(), z.number().positive()]),
  fillerTurnsPerSession: z.tuple([z.number().int().min(0), z.number().int().min(0)]),
  distractorsPerConversation: z.tuple([z.number().int().min(0), z.number().int().min(0)]),
});
export type BeliefDynamicsParams = z.infer<typeof BeliefDynamicsParamsSchema>;
export type Scenario = keyof BeliefDynamicsParams["scenarioWeights"];

const PEOPLE = ["Alma", "Bruno", "Celia", "Dario", "Elena", "Farid", "Greta", "Hugo", "Ines", "Jonas", "Kira", "Luca", "Mira", "Nils", "Olga", "Pavel", "Rosa", "Sami", "Tara", "Umar", "Vera", "Wim", "Yara", "Zeno"];
const CITIES = ["Lisbon", "Denver", "Oslo", "Kyoto", "Lima", "Porto", "Austin", "Dublin", "Quito", "Tallinn", "Perth", "Seville", "Boise", "Nantes", "Leipzig", "Tucson"];
const COMPANIES = ["Globex", "Initech", "Umbrex", "Vandelay", "Hooli", "Stark", "Wayne", "Tyrell", "Cyberdyne", "Soylent", "Acme", "Wonka", "Gringotts", "Monarch", "Nakatomi", "Oscorp"];
const JOKE = { home: ["the gym", "the office", "the airport", "the library"], workplace: ["the couch", "the kitchen", "the park", "the beach"] } as const;

const SAY = {
  home: { first: ["I live in {v}."], confirm: ["I still live in {v}.", "I have lived in {v} for a while now.", "I live in {v}, the winters are mild."], change: ["I moved to {v} last month!", "I live in {v} now."], joke: ["Ha, I basically live at {v} these days."] },
  workplace: { first: ["I work at {v}."], confirm: ["I still work at {v}.", "I work at {v}, busy as ever.", "Another long week, I work at {v} after all."], change: ["I joined {v} last month!", "I work at {v} now."], joke: ["Honestly, I work at {v} now, I am always there."] },
} as const;
const ASK = {
  home: { current: "Where does {p} live now?", before: "Where did {p} live before {v}?" },
  workplace: { current: "Where does {p} work now?", before: "Where did {p} work before {v}?" },
} as const;
const SMALL_TALK = ["That's great to hear!", "How was your weekend?", "Haha, same here.", "Sounds lovely.", "Tell me more about it!", "I had a slow week, nothing new.", "Nice, good for you!"];
const DISTRACT = ["My cousin lives in {c}.", "If I lived in {c}, I would surf every day.", "My friend works at {w}.", "If I worked at {w}, I would never sleep."];

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const DAY = 86_400_000;

/** LoCoMo's way of writing a session time: "1:56 pm on 8 May, 2023". */
function locomoTime(ms: number): string {
  const d = new Date(ms);
  const h = d.getUTCHours();
  return `${h % 12 === 0 ? 12 : h % 12}:${String(d.getUTCMinutes()).padStart(2, "0")} ${h < 12 ? "am" : "pm"} on ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}, ${d.getUTCFullYear()}`;
}

const between = (rng: Rng, [a, b]: readonly [number, number]): number => a + rng.int(b - a + 1);
const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[rng.int(xs.length)];
const fill = (t: string, v: Record<string, string>) => t.replace(/\{(\w)\}/g, (_, k: string) => v[k] ?? "");

/** One scheduled statement: who says what in which session. */
interface Said {
  session: number;
  speaker: string;
  text: string;
  /** Key of the fact it states ("Alma/home/Lisbon"), when it states the truth a question asks about. */
  fact?: string;
}

/** The truth the generator built, per (person, attribute): for tests and the notebook. */
export interface Truth {
  conversation: string;
  person: string;
  attribute: "home" | "workplace";
  scenario: Scenario;
  current: string;
  before?: string;
}

/**
 * Generates the benchmark: LoCoMo-format JSON and the truth it encodes. Deterministic in the parameters.
 *
 * @throws ConfigError when the parameters are invalid (the field is named).
 * @example
 * const { data, truth } = generateBeliefDynamics(JSON.parse(readFileSync("data/benchmarks/belief-dynamics.params.json", "utf8")));
 */
export function generateBeliefDynamics(raw: unknown, file = "belief-dynamics.params.json"): { data: unknown[]; truth: Truth[] } {
  const parsed = BeliefDynamicsParamsSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError({ file, path: issue.path.map(String), message: issue.message, fix: "see BeliefDynamicsParamsSchema in lib/nous/benchmarks/belief-dynamics.ts" });
  }
  const p = parsed.data;
  const root = createRng(p.seed);
  const scenarios = Object.keys(p.scenarioWeights) as Scenario[];
  const weights = scenarios.map((s) => p.scenarioWeights[s]);
  const data: unknown[] = [];
  const truth: Truth[] = [];
  const SESSIONS = 14; // 12 before the long gap, 2 after
  for (let c = 0; c < p.conversations; c++) {
    const rng = root.fork("conversation", c);
    const id = `bd-${c + 1}`;
    const a = PEOPLE[(2 * c) % PEOPLE.length];
    const b = PEOPLE[(2 * c + 1) % PEOPLE.length];
    const said: Said[] = [];
    const questions: { question: string; answer: string; fact: string; category: number }[] = [];
    for (const person of [a, b]) {
      for (const attribute of p.attributes) {
        const r = rng.fork(person, attribute);
        const scenario = scenarios[r.weightedIndex(weights)];
        const pool = attribute === "home" ? CITIES : COMPANIES;
        const [first, second] = r.sampleWeighted(pool.map(() => 1), 2).map((i) => pool[i]);
        const say = SAY[attribute];
        const n = between(r, p.establishingMentions);
        // establishing phase: sessions 1–8, the aside in its first half
        const sessionsOf = (k: number, lo: number, hi: number) => Array.from({ length: k }, () => lo + r.int(hi - lo + 1)).sort((x, y) => x - y);
        const est = sessionsOf(n, 1, 8);
        est.forEach((s, i) => said.push({ session: s, speaker: person, text: fill(i === 0 ? say.first[0] : pick(r, say.confirm), { v: first }), fact: `${person}/${attribute}/${first}` }));
        said.push({ session: 1 + r.int(4), speaker: person, text: fill(pick(r, say.joke), { v: pick(r, JOKE[attribute]) }) });
        let current = first;
        let before: string | undefined;
        if (scenario === "noise-after-stable") {
          said.push({ session: 9 + r.int(4), speaker: person, text: fill(pick(r, say.joke), { v: pick(r, JOKE[attribute]) }) });
        } else if (scenario === "change") {
          const k = between(r, p.changeConfirmations);
          sessionsOf(k, 9, 12).forEach((s, i) => said.push({ session: s, speaker: person, text: fill(i === 0 ? say.change[0] : say.change[1], { v: second }), fact: `${person}/${attribute}/${second}` }));
          [current, before] = [second, first];
        } else if (scenario === "change-after-gap") {
          said.push({ session: 13 + r.int(2), speaker: person, text: fill(say.change[0], { v: second }), fact: `${person}/${attribute}/${second}` });
          [current, before] = [second, first];
        }
        truth.push({ conversation: id, person, attribute, scenario, current, before });
        questions.push({ question: fill(ASK[attribute].current, { p: person }), answer: current, fact: `${person}/${attribute}/${current}`, category: 4 });
        if (before) questions.push({ question: fill(ASK[attribute].before, { p: person, v: current }), answer: before, fact: `${person}/${attribute}/${before}`, category: 1 });
      }
    }
    const distractors = between(rng, p.distractorsPerConversation);
    for (let i = 0; i < distractors; i++) said.push({ session: 1 + rng.int(12), speaker: pick(rng, [a, b]), text: fill(pick(rng, DISTRACT), { c: pick(rng, CITIES), w: pick(rng, COMPANIES) }) });
    // sessions: statements in schedule order, each answered by the partner's small talk, plus filler
    const conversation: Record<string, unknown> = { speaker_a: a, speaker_b: b };
    let t = Date.UTC(2022, 0, 3, 10, 0) + rng.int(60) * DAY;
    const where = new Map<string, string[]>();
    for (let s = 1; s <= SESSIONS; s++) {
      t += (s === 13 ? between(rng, p.longGapDays) : s === 1 ? 0 : between(rng, p.sessionGapDays)) * DAY;
      const turns: { speaker: string; dia_id: string; text: string }[] = [];
      const push = (speaker: string, text: string, fact?: string) => {
        const dia = `D${s}:${turns.length + 1}`;
        turns.push({ speaker, dia_id: dia, text });
        if (fact) where.set(fact, [...(where.get(fact) ?? []), dia]);
      };
      const here = said.filter((x) => x.session === s);
      const filler = between(rng, p.fillerTurnsPerSession);
      push(pick(rng, [a, b]), pick(rng, ["Hi! Long time no see.", "Hey, how have you been?", "Good to catch up again!"]));
      for (const x of here) {
        push(x.speaker, x.text, x.fact);
        push(x.speaker === a ? b : a, pick(rng, SMALL_TALK));
      }
      for (let i = 0; i < filler; i++) push(i % 2 ? a : b, pick(rng, SMALL_TALK));
      conversation[`session_${s}`] = turns;
      conversation[`session_${s}_date_time`] = locomoTime(t);
    }
    data.push({
      sample_id: id,
      conversation,
      qa: questions.map((q) => ({ question: q.question, answer: q.answer, evidence: where.get(q.fact) ?? [], category: q.category })),
    });
  }
  return { data, truth };
}

/** The scenario a benchmark question is about (from the truth), or undefined for a question not generated here. */
export function scenarioOf(truth: readonly Truth[], conversation: string, question: string): Scenario | undefined {
  return truth.find((t) => t.conversation === conversation && question.includes(` ${t.person} `) && (t.attribute === "home" ? /\blive\b/.test(question) : /\bwork\b/.test(question)))?.scenario;
}
