/**
 * Nous's offline models: no language model anywhere. Label: `offline:nous-nlp-v3`.
 *
 * Extractor: `extractor.ts` (wink-nlp: sentences, part of speech, lemmas, negation, dates; subjects resolved;
 * canonical attributes). `extractOffline` runs it with a session context (speakers, last person named).
 *
 * Answerer (extractive; it copies, it does not understand): "when" questions get the time expression of the top
 * evidence resolved against its date. Otherwise the best-ranked evidence that is not a last-resort delta and whose
 * value is not already in the question picks a dimension, and the answer comes from that dimension's **belief**:
 * - a question that asks for several things: every value multi-valued recall holds;
 * - a question about the past ("before", "used to", "first", "previously"): the value the belief moved away from
 *   (the most probable alternative, else the first value recalled);
 * - a state attribute (job, workplace, home, relationship, identity, health, education): the mode now;
 * - anything else (events, activities, possessions: logs rather than states): the evidence's own value.
 * With no belief about the home or workplace asked for, the rules' names of that kind in the evidence
 * (`evidence-names.ts`), and failing those the name a ridge logistic regression fitted on the tune sets scores highest
 * (`ranker.ts`).
 * So the update rule, decay and multi-valued recall change offline answers, and the ablations show by how much.
 */
import type { Extraction } from "../engine.js";
import { fullerName, looseNameFromEvidence, nameFromEvidence } from "./evidence-names.js";
import { FALLBACK_ATTRIBUTES, lexicalEvidence } from "../query.js";
import { tokens } from "../retrieval/text.js";
import type { FactLine, QueryContext, Turn } from "../types.js";
import { extract, EXTRACTOR_LABEL, type SessionContext } from "./extractor.js";
import type { ExtractorOptions } from "./extractor-options.js";
import { listPattern, wordSet, type LexiconName } from "./lexicon.js";
import { resolveTime } from "./temporal.js";
import { isCountry, isRegion, mayLieInCountry, mayLieWithin, placesNamed } from "./gazetteer.js";
import { organisationName } from "./states-common.js";
import { rankedName, type RankerModel } from "./ranker.js";
import { analyse } from "./nlp.js";
import { namesIn } from "./name-context.js";

/** A home value named after a facility ("the Todmorden leisure centre") is a joke's or a visit's, never a district. */
const FACILITY = new Set([...wordSet("workplaceKinds"), "centre", "center", "gym", "airport", "station", "library", "museum", "office", "pub", "bar", "cafe", "café"]);

export const OFFLINE_LABEL = EXTRACTOR_LABEL;

/**
 * Offline extraction of one turn with the session's context (a fresh one when omitted); `caption` is the
 * description of a photo shared in the turn, if any.
 *
 * @example
 * extractOffline({ id: "D1:1", speaker: "Ann", text: "I adopted a puppy named Rex.", timestamp: 0 });
 * // { triples: [{ entity: "Ann", attribute: "pet", value: "puppy Rex" }], mentions: ["Rex"] }
 */
export function extractOffline(turn: Turn, caption?: string, ctx: SessionContext = { speakers: [turn.speaker] }, options: Partial<ExtractorOptions> = {}): Extraction & { fallback?: string } {
  return extract(turn, ctx, caption, options);
}

/** Attributes that hold a state (one value at a time), answered with the belief's mode. */
export const STATE_ATTRIBUTES = new Set(["job", "workplace", "home", "origin", "relationship", "identity", "health", "education"]);

const TEMPORAL_Q = listPattern("temporalQuestion");
const PLURAL_Q = listPattern("pluralQuestion");

/** Words of a question that point at one canonical attribute (an answer heuristic, not part of the mechanism). */
const ATTRIBUTE_CUES: [RegExp, string[]][] = ([
  ["cueJob", ["job"]],
  ["cueWork", ["workplace", "job"]],
  ["cueHome", ["home"]],
  ["cueTravel", ["travel", "event"]],
  ["cuePet", ["pet"]],
  ["cueHobby", ["hobby", "preference", "activity"]],
  ["cueFamily", ["family"]],
  ["cueRelationship", ["relationship"]],
  ["cuePlan", ["plan"]],
  ["cuePossession", ["possession"]],
  ["cuePreference", ["preference", "hobby"]],
  ["cueIdentity", ["identity"]],
  ["cueEducation", ["education"]],
  ["cueOrigin", ["origin"]],
] as [LexiconName, string[]][]).map(([name, attrs]) => [listPattern(name), attrs]);

/** The attributes a question points at, in order of cue. */
export function questionAttributes(question: string): string[] {
  const out: string[] = [];
  for (const [re, attrs] of ATTRIBUTE_CUES) if (re.test(question)) for (const a of attrs) if (!out.includes(a)) out.push(a);
  return out;
}

const PAST_Q = listPattern("pastQuestion");
const JOB_Q = listPattern("cueJob");
const WORK_Q = listPattern("cueWork");
const HOME_Q = listPattern("cueHome");
const ORIGIN_Q = listPattern("cueOrigin");

/**
 * The states a question asks about, most specific first ("what does Ann do for work" → job, workplace; "where does
 * Ann work" → workplace, job; "where does Ann live" → home): the query renders the named entities' beliefs about
 * them, and the answerer reads them first.
 */
export function questionStates(question: string): ("home" | "workplace" | "job" | "origin")[] {
  if (ORIGIN_Q.test(question)) return ["origin"];
  if (JOB_Q.test(question)) return ["job", "workplace"];
  if (WORK_Q.test(question)) return ["workplace", "job"];
  if (HOME_Q.test(question) && !TEMPORAL_Q.test(question)) return ["home"];
  return [];
}

/**
 * A state's value from its belief: now, the mode (when the mode is an unnamed "not X", the most probable named value
 * other than X, else "no longer X"); for a question about the past, the most probable named value other than the
 * current one that the question does not name.
 */
export function stateAnswer(f: FactLine, past: boolean, asked: Set<string>): string | undefined {
  const unnamed = new Set(f.unnamed ?? []);
  const named = [{ value: f.mode, p: f.p }, ...f.alternatives].filter((a) => !unnamed.has(a.value) && a.value !== "…");
  let now = f.mode;
  if (unnamed.has(f.mode)) {
    const x = f.mode.replace(/^not /, "");
    now = named.find((a) => a.value !== x)?.value ?? `no longer ${x}`;
  }
  // a place within another is answered with it, as an address is written: "Salthill, Galway"; a home that is no
  // town, beside a city the same belief holds that it may lie within ("I'm in Kelvinbrae now" … "How are you
  // finding Glasgow?"), is answered the same way: the city named after it first, else the last one named before it
  const around = (v: string): string | undefined => {
    if (f.within?.[v]) return f.within[v];
    if (f.attribute !== "home" || !/^\p{Lu}/u.test(v) || /^\p{Lu}+$/u.test(v) || v.split(" ").length > 3 || organisationName(v) || isCountry(v) || FACILITY.has(v.split(" ").pop()!.toLowerCase())) return undefined;
    // (recalled values run oldest first)
    const i = f.recalled.indexOf(v);
    const fits = (c: string) => !unnamed.has(c) && mayLieWithin(v, c);
    return i < 0 ? undefined : (f.recalled.slice(i + 1).find(fits) ?? f.recalled.slice(0, i).reverse().find(fits));
  };
  // … and a town the belief holds a place within is answered with the place ("Suva" … "up the hill in Tamavua": the
  // latest recalled, "Tamavua, Suva")
  // (or a value of the belief within it as probable as it, when none was recalled: "Pimpri" of "Pune")
  const pOf = (v: string) => named.find((a) => a.value === v)?.p ?? 0;
  const inner = (v: string) => (f.attribute === "home" ? [...f.recalled].reverse().concat(named.filter((a) => a.p >= pOf(v)).map((a) => a.value)).find((r) => r !== v && f.within?.[r] === v && !unnamed.has(r)) : undefined);
  const place = (v: string | undefined) => {
    const c = v ? around(v) : undefined;
    if (v && !c && inner(v) && !tokens(inner(v)!).some((t) => asked.has(t))) return `${inner(v)}, ${v}`;
    return v && c && !tokens(c).some((t) => asked.has(t)) ? `${v}, ${c}` : v;
  };
  if (!past) return place(now);
  const fresh = (v: string) => v !== now && tokens(v).every((t) => !asked.has(t)) && !(around(v) === now || around(now) === v);
  return place(named.map((a) => a.value).find(fresh) ?? f.recalled.find((v) => fresh(v) && !unnamed.has(v)));
}

/**
 * A name without the lower-case words the reading carried after it ("Siemens healthcare team", "Ecobank Ridge branch
 * chale", "Kralingen, Rotterdam full time"): the words up to the last capitalised one, when a name opens the value.
 *
 * @example
 * nameOnly("Siemens healthcare team"); // "Siemens"
 */
export function nameOnly(value: string): string {
  const words = value.split(" ");
  if (!/^\p{Lu}/u.test(words[0])) return value;
  let last = words.length - 1;
  while (last > 0 && /^\p{Ll}/u.test(words[last])) last--;
  return words.slice(0, last + 1).join(" ");
}

/**
 * The answer the memory's rules give to a question about a state (home, workplace, job, origin), or undefined: the
 * belief of the first named entity that has one; failing a belief, a name of the kind in the evidence about the entity
 * (`nameFromEvidence`), then the name of the kind the evidence tells most (`looseNameFromEvidence`).
 *
 * @example
 * stateFromMemory(ctx); // "library" for "Where does Ann work now?" after "bakery, bakery, library now, library"
 */
export function stateFromMemory(ctx: QueryContext): string | undefined {
  const q = new Set(tokens(ctx.question));
  // a state of a named entity: read its belief (the first named entity that has one; a relation never falls back
  // to its holder: "Zara's dad" is not Zara)
  for (const attribute of questionStates(ctx.question)) {
    for (const e of ctx.linked.slice(0, 2)) {
      const f = ctx.states?.find((x) => x.entity === e && x.attribute === attribute);
      // ("Where does Carmen work?" after "You are only pharmacist": a job says no where; a workplace's name in the
      // evidence about her does)
      const where = f && attribute === "job" && /^\W*where\b/i.test(ctx.question) ? nameFromEvidence(ctx, "workplace", e) : undefined;
      if (where && !heldAsOther(ctx, "workplace", where)) return fullerName(ctx, where);
      const answer = f && stateAnswer(ownValue(f, ctx.counterparts?.find((x) => x.entity === f.entity)), PAST_Q.test(ctx.question), q);
      // "no longer Monaco" and nothing named since: a name of the kind in the evidence, other than the one ended
      const since = answer?.startsWith("no longer ") && (attribute === "home" || attribute === "workplace") ? nameFromEvidence(ctx, attribute, e, answer.slice(10)) : undefined;
      if (since) return since;
      // a home that is a country ("Germany"), beside a home the evidence names that may lie in it: the town in the
      // country, as an address is written ("Leipzig, Germany")
      const country = answer && attribute === "home" && isCountry(nameOnly(answer)) ? nameOnly(answer) : undefined;
      const town = country ? nameFromEvidence(ctx, "home", e) : undefined;
      if (town && country && mayLieInCountry(town, country)) return `${town}, ${country}`;
      // a workplace told only by a kind of workplace ("the hospital", "the bakery downstairs"), beside the name of one
      // in the evidence about the entity: the name, one of that kind first ("Westmead Hospital"); not any common noun
      // ("my real employer is the coffee machine", "the school run": jokes, which the belief's confidence is there to
      // weigh)
      const kind = attribute === "workplace" && answer && !/\p{Lu}/u.test(answer) && !answer.startsWith("no longer ") && WORKPLACE_KINDS.has(headNoun(answer)) ? answer : undefined;
      const named = kind && (nameOfKind(ctx, kind) ?? toldWith(ctx, nameFromEvidence(ctx, "workplace", e), headNoun(kind)));
      if (named) return fullerName(ctx, named);
      // "JLR", "Bloem": the full name, when the evidence gives it
      if (answer) return fullerName(ctx, nameOnly(answer));
      if (e.includes("'s ")) break;
    }
  }
  // no belief about the state asked for: a name of its kind in the evidence about the entity (evidence-names.ts),
  // failing that, the name of the kind the evidence tells most (evidence-names.ts)
  const asked = nameAsked(ctx);
  if (!asked) return undefined;
  const found = nameFromEvidence(ctx, asked.attribute, asked.entity) ?? looseNameFromEvidence(ctx, asked.attribute, asked.entity);
  return found && !heldAsOther(ctx, asked.attribute, found) ? found : undefined;
}

/**
 * A belief of home or workplace whose value the same entity's other belief holds too ("Hatfield" read as
 * both): an organisation's name is no home, and a town of the gazetteer or a region no workplace, so that belief
 * answers with its next value, when it has one; any other value stays with both. (Letting the more probable belief
 * keep any other value lost 15 tune conversations and gained 6.)
 *
 * @example
 * ownValue(work, home).mode; // "Nedbank", for work Hatfield 0.5, Nedbank 0.3 and home Hatfield 0.6 (a town)
 */
export function ownValue(f: FactLine, other: FactLine | undefined): FactLine {
  if (!other || other.mode !== f.mode || (f.attribute !== "home" && f.attribute !== "workplace")) return f;
  const org = organisationName(f.mode);
  const town = !org && (placesNamed(f.mode).length > 0 || isRegion(f.mode));
  const keeps = f.attribute === "home" ? !org : !town;
  const unnamed = new Set(f.unnamed ?? []);
  const next = f.alternatives.findIndex((a) => a.value !== f.mode && a.value !== "…" && !unnamed.has(a.value));
  if (keeps || next < 0) return f;
  return { ...f, mode: f.alternatives[next].value, p: f.alternatives[next].p, alternatives: [{ value: f.mode, p: f.p }, ...f.alternatives.filter((_, i) => i !== next)] };
}

/**
 * Whether the memory holds `value` as a value of the other of home and workplace, anyone's (a value of a belief, the
 * current one or another): a name read from evidence is then no answer ("Where does Mei work?" is not answered with
 * Cheras, her home). (The same test on the ranker's name lost 13 tune conversations and gained 2: its features
 * already weigh what the beliefs hold.)
 */
function heldAsOther(ctx: QueryContext, attribute: "home" | "workplace", value: string): boolean {
  const other = attribute === "home" ? "workplace" : "home";
  return [...(ctx.states ?? []), ...ctx.facts].some((f) => f.attribute === other && (f.mode === value || f.alternatives.some((a) => a.value === value)));
}

/** `name`, when a sentence of the evidence tells it with the word `kind` ("the dive centre … Blue Reef Divers"). */
function toldWith(ctx: QueryContext, name: string | undefined, kind: string): string | undefined {
  if (!name) return undefined;
  const word = new RegExp(`\\b${kind}s?\\b`, "i");
  return lexicalEvidence(ctx).some((e) => e.text.split(/(?<=[.!?])\s+/).some((x) => x.includes(name) && word.test(x))) ? name : undefined;
}

/** The head of a phrase: its last word, after words of where ("the bakery downstairs": "bakery"; "the school run": "run"). */
const headNoun = (phrase: string): string => phrase.split(" ").filter((w) => !WHERE_WORDS.has(w)).pop() ?? "";
const WHERE_WORDS = new Set(["downstairs", "upstairs", "nearby", "here", "there", "now", "again"]);

/** Kinds of workplace: the lexicon's, and the words for a part of one or a trade's place ("front desk", "dive centre"). */
const WORKPLACE_KINDS = new Set([...wordSet("workplaceKinds"), "centre", "center", "marina", "uni", "university", "college", "desk", "unit", "ward", "paper", "bookshop", "company", "workshop", "lab", "plant", "mill", "port", "department", "branch", "yard", "team"]);

/**
 * A name in the evidence that holds a word of `kind` ("Westmead Hospital" for "hospital", "Port of Tauranga" for
 * "port"), the latest first.
 */
function nameOfKind(ctx: QueryContext, kind: string): string | undefined {
  const words = new Set(tokens(kind));
  for (const e of [...lexicalEvidence(ctx)].sort((a, b) => b.timestamp - a.timestamp)) {
    for (const s of analyse(e.text)) {
      for (const { name } of namesIn(s, 0, { townWord: false })) if (name.includes(" ") && tokens(name).some((t) => words.has(t))) return name;
    }
  }
  return undefined;
}

/**
 * The home or workplace a question asks for now, and whose (the first entity it links), when the evidence's names may
 * answer it: not a question about the past, nor one that names no entity.
 *
 * @example
 * nameAsked(ctx); // { attribute: "workplace", entity: "Ann" } for "Where does Ann work now?"
 */
export function nameAsked(ctx: QueryContext): { attribute: "home" | "workplace"; entity: string } | undefined {
  const attribute = questionStates(ctx.question).find((a): a is "home" | "workplace" => a === "home" || a === "workplace");
  const entity = ctx.linked[0];
  return attribute && entity && !PAST_Q.test(ctx.question) ? { attribute, entity } : undefined;
}

/**
 * The offline extractive answerer: returns a short answer from the retrieved context and its beliefs. Where the rules
 * (`stateFromMemory`) give no home or workplace, the fitted ranker names one (`options.ranker`: the committed fit of
 * `data/nous/ranker.json` by default, another fit, or `null` for none).
 *
 * @example
 * answerOffline(ctx); // "library" for "Where does Ann work?" after "bakery, bakery, library now, library"
 */
export function answerOffline(ctx: QueryContext, options: { ranker?: RankerModel | null } = {}): string {
  const top = lexicalEvidence(ctx)[0];
  if (!top && !ctx.states?.length) return "Not mentioned in the conversation";
  if (top && TEMPORAL_Q.test(ctx.question)) return resolveTime(top.text, top.timestamp);
  const q = new Set(tokens(ctx.question));
  const state = stateFromMemory(ctx);
  if (state) return state;
  // nothing of the kind anywhere the rules read: the name the fitted ranker scores highest (ranker.ts), when it
  // scores it at least at the threshold chosen by cross-validation over the tune sets
  const asked = nameAsked(ctx);
  const ranked = asked && options.ranker !== null ? rankedName(ctx, asked.attribute, asked.entity, options.ranker) : undefined;
  if (ranked) return fullerName(ctx, ranked);
  const novel = (v: string) => tokens(v).some((t) => !q.has(t));
  // (never the other of home and workplace: "Where does Ann work?" is not answered with her town)
  const other = asked && (asked.attribute === "home" ? "workplace" : "home");
  const usable = lexicalEvidence(ctx).filter((e) => !FALLBACK_ATTRIBUTES.has(e.attribute) && e.attribute !== other && novel(e.observation));
  // an evidence whose attribute the question's words point at, else the best-ranked usable one
  const cues = questionAttributes(ctx.question);
  const cued = cues.map((a) => usable.find((e) => e.attribute === a)).find((e) => e !== undefined);
  const best = cued ?? usable[0] ?? (top?.attribute !== other ? top : undefined);
  if (!best) return "Not mentioned in the conversation";
  const fact: FactLine | undefined = ctx.facts.find((f) => f.attribute === best.attribute && f.entity === best.entity);
  if (!fact) return best.observation;
  if (PLURAL_Q.test(ctx.question) && fact.recalled.length > 1) return fact.recalled.filter(novel).slice(0, 6).join(", ") || fact.recalled.join(", ");
  if (PAST_Q.test(ctx.question)) {
    const old = [...fact.alternatives.map((a) => a.value), ...fact.recalled].find((v) => v !== fact.mode && tokens(v).every((t) => !q.has(t)));
    return old ?? best.observation;
  }
  if (STATE_ATTRIBUTES.has(fact.attribute)) return fact.mode;
  return best.observation;
}
