/**
 * A learned last resort for a state the memory holds no belief about: every name in the context (the evidence the
 * question's words found and the turns that filled the budget they left) is a candidate for "where does X live / work
 * now", described by generic features (who said it, the word before it, the words of its sentence by lexicon class,
 * its shape, how often and how late it is told, whether the question's words found its turn), and scored by a ridge
 * logistic regression fitted on the tune sets (`scripts/nous-ranker-fit.ts`; weights in `data/nous/ranker.json`).
 *
 * The features name no phrase: they are the classes a reader uses (a word of living or of work in the sentence, "in"
 * or "at" before the name, a town of the gazetteer, a person's name), so that the model reads phrasing it was not fitted
 * on; the fit's cross-validation over whole sets says how far it does.
 */
import { readFileSync } from "node:fs";
import { DataError } from "../../core/errors.js";
import { fileURLToPath } from "node:url";
import type { QueryContext } from "../types.js";
import { peopleOf, skipped } from "./evidence-names.js";
import { analyse } from "./nlp.js";
import { addressedPerson, FIRST, NAME_SHAPE_FEATURES, NO_PLACE, NEGATION, PAST, SECOND, SENTENCE_CLASSES, THIRD, nameShape, namesIn, personLike, sentenceClasses, sentenceWords } from "./name-context.js";

export const RANKER_PATH = fileURLToPath(new URL("../../../data/nous/ranker.json", import.meta.url));

/** The features' names, in the order of a candidate's vector (`candidates` fills them). */
export const RANKER_FEATURES: readonly string[] = [
  "spoken", "spokenOther", "named", "found", "addressed", "question", "opening", "third", "first", "negated", "past",
  ...NAME_SHAPE_FEATURES.slice(0, 9),
  ...SENTENCE_CLASSES.map(([k]) => `sentence_${k}`),
  "tail_work", "tail_local", "tail_other",
  "town", "bigTown", "organisation", "landmark", "multiWord", "capitals", "commonWord", "person", "skipped", "time", "country", "region",
  "mentions", "mentionsSpoken", "latest", "position", "earliest",
];
const BEFORE_FEATURES = NAME_SHAPE_FEATURES.filter((f) => f.startsWith("before_"));
const FEATURE_INDEX = new Map(RANKER_FEATURES.map((f, i) => [f, i]));

export interface RankerCandidate {
  value: string;
  /** Feature values in the order of `RANKER_FEATURES`. */
  x: number[];
}

/** The evidence's speaker: the text before its first colon. */
const speakerOf = (text: string): string | undefined => /^([^:]{1,60}):/.exec(text)?.[1];

/**
 * Every name the evidence tells, with its features, for a question about `entity`'s `attribute` ("home" or
 * "workplace"). Mention features are the most any mention of the name has; counts and times are the name's own.
 *
 * @example
 * rankerCandidates(ctx, "home", "Thandi").map((c) => c.value); // ["Westville", "Umhlanga", "Inkosi Albert Luthuli Hospital"]
 */
export function rankerCandidates(ctx: QueryContext, attribute: "home" | "workplace", entity: string): RankerCandidate[] {
  const first = entity.split(/[\s']/)[0];
  const skip = skipped(ctx, attribute, entity);
  const people = peopleOf(ctx, ctx.evidence);
  const byValue = new Map<string, { x: number[]; mentions: number; spoken: number; last: number; first: number }>();
  const evidence = [...ctx.evidence].sort((a, b) => a.timestamp - b.timestamp || a.evidenceId.localeCompare(b.evidenceId));
  const times = evidence.map((e) => e.timestamp);
  const t0 = Math.min(...times);
  const span = Math.max(...times) - t0 || 1;
  let order = 0;
  for (const e of evidence) {
    const speaker = speakerOf(e.text);
    const spoken = speaker === entity || speaker === first;
    for (const s of analyse(e.text)) {
      // (the speaker's name before the colon is no word of the sentence)
      const from = s[1]?.text === ":" ? 2 : 0;
      const body = s.slice(from);
      const { has } = sentenceWords(body);
      const named = body.some((t) => t.text === first);
      const sentence: Record<string, number> = {
        spoken: spoken ? 1 : 0,
        spokenOther: spoken ? 0 : 1,
        named: named ? 1 : 0,
        found: e.filled ? 0 : 1,
        addressed: !spoken && has(SECOND) ? 1 : 0,
        question: s[s.length - 1]?.text === "?" ? 1 : 0,
        third: has(THIRD) ? 1 : 0,
        first: has(FIRST) ? 1 : 0,
        negated: has(NEGATION) ? 1 : 0,
        past: has(PAST) ? 1 : 0,
        ...sentenceClasses(has),
      };
      for (const { value, at, tail } of namesIn(s, from)) {
        // (no one's own name is their place, nor one thanked: "thank God the whole house")
        if (value.length < 2 || value === speaker || value === entity || value === first || s[at - 1]?.lower === "thank" || NO_PLACE.has(value.toLowerCase()) || addressedPerson(value)) continue;
        const f: Record<string, number> = { ...sentence, ...nameShape(s, at, from, value, tail) };
        f.person = personLike(s, at, value, people) ? 1 : 0;
        f.skipped = skip.has(value) || skip.has(value.split(" ")[0]) ? 1 : 0;
        let c = byValue.get(value);
        if (!c) byValue.set(value, (c = { x: new Array(RANKER_FEATURES.length).fill(0), mentions: 0, spoken: 0, last: 0, first: order }));
        for (const [key, v] of Object.entries(f)) c.x[FEATURE_INDEX.get(key)!] = Math.max(c.x[FEATURE_INDEX.get(key)!], v);
        c.mentions++;
        if (spoken) c.spoken++;
        c.last = order;
        c.x[FEATURE_INDEX.get("position")!] = (e.timestamp - t0) / span;
        order++;
      }
    }
  }
  const out: RankerCandidate[] = [];
  const latest = Math.max(...[...byValue.values()].map((c) => c.last));
  const earliest = Math.min(...[...byValue.values()].map((c) => c.first));
  for (const [value, c] of byValue) {
    c.x[FEATURE_INDEX.get("mentions")!] = Math.log1p(c.mentions);
    c.x[FEATURE_INDEX.get("mentionsSpoken")!] = Math.log1p(c.spoken);
    c.x[FEATURE_INDEX.get("latest")!] = c.last === latest ? 1 : 0;
    c.x[FEATURE_INDEX.get("earliest")!] = c.first === earliest ? 1 : 0;
    out.push({ value, x: c.x });
  }
  return out;
}

/**
 * Whether a candidate is of the kind asked for, whatever its score: never a person, a time, a country, or a value the
 * memory holds as someone else's state of the kind; a home is no organisation, no site of work ("the Lisbon site") and
 * no initials; a workplace is no town (unless named as an organisation) and no landmark ("Kingsway Bridge").
 */
export function admissible(attribute: "home" | "workplace", x: readonly number[]): boolean {
  const f = (name: string) => x[FEATURE_INDEX.get(name)!] > 0;
  if (f("person") || f("time") || f("country") || f("skipped")) return false;
  // ("Hectic.", "Cold?": an English word that only opens sentences is no name)
  if (f("commonWord") && f("opening") && !BEFORE_FEATURES.some(f)) return false;
  if (attribute === "home") return !f("organisation") && !f("tail_work") && !f("capitals");
  return !(f("town") && !f("organisation")) && !f("landmark");
}

/** A fitted ranker: per attribute, an intercept and one weight per feature of `RANKER_FEATURES`. */
export interface RankerModel {
  features: string[];
  weights: Record<"home" | "workplace", { intercept: number; coef: number[]; threshold: number; lambda?: number }>;
}

/**
 * A fitted ranker read from its file (`data/nous/ranker.json` by default).
 *
 * @throws {DataError} when the file's features are not the code's or a weight vector's length differs.
 * @example
 * readRankerModel().weights.home.threshold; // 0
 */
export function readRankerModel(path = RANKER_PATH): RankerModel {
  const m = JSON.parse(readFileSync(path, "utf8")) as RankerModel;
  const fix = "refit it: node --import tsx scripts/nous-ranker-fit.ts";
  if (JSON.stringify(m.features) !== JSON.stringify(RANKER_FEATURES)) throw new DataError({ file: path, field: "features", message: "the fitted features are not the ones ranker.ts computes", fix });
  for (const a of ["home", "workplace"] as const) {
    if (m.weights?.[a]?.coef?.length !== RANKER_FEATURES.length) throw new DataError({ file: path, field: `weights.${a}.coef`, message: `expected ${RANKER_FEATURES.length} weights`, fix });
  }
  return m;
}

let model: RankerModel | undefined;
/** The ranker fitted on the tune sets (`data/nous/ranker.json`), read once. */
export function rankerModel(): RankerModel {
  model ??= readRankerModel();
  return model;
}

/** The probability the model gives a candidate. */
export function rankerScore(m: RankerModel, attribute: "home" | "workplace", x: number[]): number {
  const w = m.weights[attribute];
  let eta = w.intercept;
  for (let i = 0; i < x.length; i++) eta += w.coef[i] * x[i];
  return 1 / (1 + Math.exp(-eta));
}

/**
 * The admissible name the fitted ranker scores highest for `entity`'s `attribute`, when its probability reaches the model's
 * threshold for that attribute; else undefined.
 *
 * @example
 * rankedName(ctx, "workplace", "Jake"); // "Desert Sun Credit Union"
 */
export function rankedName(ctx: QueryContext, attribute: "home" | "workplace", entity: string, model?: RankerModel): string | undefined {
  const m = model ?? rankerModel();
  let best: { value: string; p: number } | undefined;
  for (const c of rankerCandidates(ctx, attribute, entity)) {
    if (!admissible(attribute, c.x)) continue;
    const p = rankerScore(m, attribute, c.x);
    if (!best || p > best.p) best = { value: c.value, p };
  }
  return best && best.p >= m.weights[attribute].threshold ? best.value : undefined;
}
