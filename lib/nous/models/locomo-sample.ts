/**
 * The offline extractor on a hand-checked sample of LoCoMo's dev split (`data/nous/locomo-dev-sample.json`: 133
 * turn ids of a seeded shuffle and the 50 triples a careful reader writes for them; the text stays in
 * locomo10.json, which the project never ships). Each sampled turn is extracted with the context of its session's
 * earlier turns (as the pipeline reads it). Last resorts ("talked about", "photo") are not facts and are left out.
 *
 * A triple matches an expected one when the entity is the same, the attribute is in the same group (hobby,
 * activity, event, travel and preference are one group; family and relationship one; the rest stand alone), the
 * values share a content word (stemmed; stop words dropped), and negation agrees ("ended" kind or a "not " value).
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { LocomoConversation } from "../locomo/data.js";
import { tokens } from "../retrieval/text.js";
import type { Triple } from "../types.js";
import { extract } from "./extractor.js";
import { nextSession, type SessionContext } from "./referents.js";

export const LOCOMO_SAMPLE_PATH = fileURLToPath(new URL("../../../data/nous/locomo-dev-sample.json", import.meta.url));

const GROUPS: Record<string, string> = { hobby: "doing", activity: "doing", event: "doing", travel: "doing", preference: "doing", family: "people", relationship: "people" };
const group = (a: string) => GROUPS[a] ?? a;
const negative = (t: { value: string; kind?: string }) => t.kind === "ended" || t.value.startsWith("not ");

interface Parsed { entity: string; attribute: string; value: string; kind?: string }
const parse = (s: string): Parsed => {
  const [entity, attribute, value, kind] = s.split("|");
  return { entity, attribute, value, kind };
};

/** Does an extracted triple match an expected one (the rule in the file's header)? */
export function sampleMatch(e: Parsed, t: Triple): boolean {
  if (e.entity !== t.entity || group(e.attribute) !== group(t.attribute) || negative(e) !== negative(t)) return false;
  const a = new Set(tokens(e.value.replace(/^not /, "")));
  return tokens(t.value.replace(/^not /, "")).some((w) => a.has(w));
}

export interface SampleScore {
  turns: number;
  expected: number;
  extracted: number;
  correct: number;
  precision: number;
  recall: number;
  /** Per turn with an error: what was missed and what was extracted wrongly (no turn text). */
  errors: { turn: string; missed: string[]; wrong: string[] }[];
}

/**
 * Scores the offline extractor on the sample.
 *
 * @example
 * scoreLocomoSample(loadLocomo("../shared/data/locomo10.json")).precision;
 */
export function scoreLocomoSample(convs: readonly LocomoConversation[], path = LOCOMO_SAMPLE_PATH): SampleScore {
  const sample = JSON.parse(readFileSync(path, "utf8")) as { turns: string[]; expected: Record<string, string[]> };
  const wanted = new Set(sample.turns);
  const got = new Map<string, Triple[]>();
  for (const conv of convs) {
    let ctx: SessionContext = { speakers: [...conv.speakers] };
    let session = -1;
    for (const t of conv.turns) {
      if (t.session !== session) [session, ctx] = [t.session, nextSession(ctx, conv.speakers)];
      const ex = extract({ id: t.id, speaker: t.speaker, text: t.text, timestamp: t.timestamp }, ctx, t.caption);
      if (wanted.has(`${conv.id}/${t.id}`)) got.set(`${conv.id}/${t.id}`, ex.fallback ? [] : ex.triples);
    }
  }
  let expected = 0, extracted = 0, correct = 0, hits = 0;
  const errors: SampleScore["errors"] = [];
  for (const id of sample.turns) {
    const want = (sample.expected[id] ?? []).map(parse);
    const have = got.get(id);
    if (!have) throw new Error(`${path}: turn ${id} is not in the data`);
    const found = want.filter((e) => have.some((t) => sampleMatch(e, t)));
    const right = have.filter((t) => want.some((e) => sampleMatch(e, t)));
    expected += want.length;
    extracted += have.length;
    correct += found.length;
    hits += right.length;
    const show = (t: Parsed | Triple) => `${t.entity}|${t.attribute}|${t.value}${t.kind && t.kind !== "state" ? `|${t.kind}` : ""}`;
    if (found.length < want.length || right.length < have.length) errors.push({ turn: id, missed: want.filter((e) => !found.includes(e)).map(show), wrong: have.filter((t) => !right.includes(t)).map(show) });
  }
  return { turns: sample.turns.length, expected, extracted, correct, precision: extracted ? hits / extracted : 1, recall: expected ? correct / expected : 1, errors };
}
