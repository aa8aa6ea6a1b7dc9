/**
 * The extractor's hand-written sentence set (`data/nous/extractor-sentences.txt`: 222 lines, a dev part and a
 * held-out part) and its scorer: precision and recall of the home, workplace and job triples an extractor writes,
 * against those a careful reader wrote down. A triple counts as right when its entity, attribute, value (any of the
 * accepted spellings, compared after `normalizeValue`), kind and low-confidence flag all match.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { DataError } from "../../core/errors.js";
import type { ObservationKind, Triple } from "../types.js";

export const SENTENCES_PATH = fileURLToPath(new URL("../../../data/nous/extractor-sentences.txt", import.meta.url));
/** The attributes the set scores. */
export const SCORED_ATTRIBUTES = ["home", "workplace", "job"] as const;

export interface ExpectedTriple {
  /** Accepted names, the canonical one first. */
  entities: string[];
  attribute: string;
  /** Accepted spellings, the canonical one first. */
  values: string[];
  kind: Exclude<ObservationKind, "planned">;
  low: boolean;
}

export interface SentenceCase {
  part: "dev" | "held-out";
  /** Line number in the file. */
  line: number;
  speaker: string;
  listener: string;
  /** Turns of the speaker, in order, in one session. */
  turns: string[];
  expected: ExpectedTriple[];
}

/** Lower case, leading determiners and possessives dropped, punctuation and spaces collapsed. */
export function normalizeValue(v: string): string {
  return v.toLowerCase().replace(/[’]/g, "'").replace(/[.,!?;:"]/g, " ").replace(/^\s*(the|a|an|my|our|his|her|their)\s+/, "").replace(/\s+/g, " ").trim();
}

/**
 * Reads the sentence file.
 *
 * @throws DataError naming the line when a line does not follow the format of the file's header.
 * @example
 * loadSentences().filter((c) => c.part === "dev").length; // 143
 */
export function loadSentences(path = SENTENCES_PATH): SentenceCase[] {
  const out: SentenceCase[] = [];
  let part: SentenceCase["part"] | undefined;
  readFileSync(path, "utf8").split("\n").forEach((raw, i) => {
    const line = raw.trim();
    if (line === "## dev") part = "dev";
    else if (line === "## held-out") part = "held-out";
    if (!line || line.startsWith("#")) return;
    const bad = (why: string) => new DataError({ file: path, field: `line ${i + 1}`, message: why, fix: "follow the line format in the file's header" });
    const m = /^([^>]+)>([^:]+) :: (.+?) => (.+)$/.exec(line);
    if (!m || !part) throw bad(part ? "not 'Speaker>Listener :: turn => expected'" : "a case before '## dev'");
    const expected = m[4].trim() === "-" ? [] : m[4].split(" ; ").map((e) => {
      const f = e.split("|").map((x) => x.trim());
      const kind = (["state", "change", "ended"].includes(f[3] ?? "") ? f[3] : "state") as ExpectedTriple["kind"];
      if (f.length < 3 || !(SCORED_ATTRIBUTES as readonly string[]).includes(f[1])) throw bad(`bad expected triple "${e}"`);
      return { entities: f[0].split("/"), attribute: f[1], values: f[2].split("/"), kind, low: f.includes("low") };
    });
    out.push({ part, line: i + 1, speaker: m[1].trim(), listener: m[2].trim(), turns: m[3].split(" || ").map((t) => t.trim()), expected });
  });
  return out;
}

/** A triple as the scorer compares it (scored attributes only; planned changes are not states). */
export interface ScoredTriple {
  entity: string;
  attribute: string;
  value: string;
  kind: ExpectedTriple["kind"];
  low: boolean;
}

/** The scored view of extracted triples: home/workplace/job, not planned, deduplicated. */
export function scoredView(triples: readonly Triple[]): ScoredTriple[] {
  const out: ScoredTriple[] = [];
  for (const t of triples) {
    if (!(SCORED_ATTRIBUTES as readonly string[]).includes(t.attribute) || t.kind === "planned") continue;
    const s: ScoredTriple = { entity: t.entity, attribute: t.attribute, value: t.value, kind: t.kind ?? "state", low: (t.confidence ?? 1) < 1 };
    if (!out.some((x) => sameTriple(x, s))) out.push(s);
  }
  return out;
}

const sameTriple = (a: ScoredTriple, b: ScoredTriple) => a.entity === b.entity && a.attribute === b.attribute && normalizeValue(a.value) === normalizeValue(b.value) && a.kind === b.kind && a.low === b.low;

const matches = (e: ExpectedTriple, t: ScoredTriple) =>
  e.entities.some((x) => x.toLowerCase() === t.entity.toLowerCase()) && e.attribute === t.attribute && e.values.some((v) => normalizeValue(v) === normalizeValue(t.value)) && e.kind === t.kind && e.low === t.low;

export interface SentenceScore {
  part: SentenceCase["part"];
  cases: number;
  expected: number;
  extracted: number;
  /** Expected triples found. */
  correct: number;
  precision: number;
  recall: number;
  f1: number;
  /** Per line: what was missed and what was extracted wrongly. */
  errors: { line: number; text: string; missed: string[]; wrong: string[] }[];
}

const show = (t: { attribute: string; kind: string; low: boolean } & ({ value: string; entity: string } | { values: string[]; entities: string[] })) =>
  `${"entity" in t ? t.entity : t.entities[0]}|${t.attribute}|${"value" in t ? t.value : t.values[0]}|${t.kind}${t.low ? "|low" : ""}`;

/**
 * Scores an extractor on the cases of one part: `extract(c)` returns the triples of all the turns of a case.
 *
 * @example
 * scoreSentences(loadSentences(), "dev", (c) => runCase(c)).precision;
 */
export function scoreSentences(cases: readonly SentenceCase[], part: SentenceCase["part"], extract: (c: SentenceCase) => Triple[]): SentenceScore {
  let expected = 0, extracted = 0, correct = 0, hits = 0, n = 0;
  const errors: SentenceScore["errors"] = [];
  for (const c of cases) {
    if (c.part !== part) continue;
    n++;
    const got = scoredView(extract(c));
    const hit = got.filter((t) => c.expected.some((e) => matches(e, t)));
    const missed = c.expected.filter((e) => !got.some((t) => matches(e, t)));
    expected += c.expected.length;
    extracted += got.length;
    correct += c.expected.length - missed.length;
    hits += hit.length;
    const wrong = got.filter((t) => !hit.includes(t));
    if (missed.length || wrong.length) errors.push({ line: c.line, text: c.turns.join(" || "), missed: missed.map(show), wrong: wrong.map(show) });
  }
  const precision = extracted ? hits / extracted : 1;
  const recall = expected ? correct / expected : 1;
  return { part, cases: n, expected, extracted, correct, precision, recall, f1: precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0, errors };
}
