/**
 * LoCoMo's official answer scoring (snap-research/LoCoMo, `task_eval/evaluation.py`), reimplemented.
 *
 * normalise(s): remove commas, lower-case, drop every character of Python's `string.punctuation`, replace the whole
 * words a|an|the|and by a space, collapse white space. Tokens are Porter-stemmed (NLTK default mode).
 * tokenF1(p, a) = 2·P·R/(P+R) with P = |p ∩ a|/|p|, R = |p ∩ a|/|a| on token multisets (0 when nothing is shared).
 * By category: 1 (multi-hop) splits prediction and answer on ',' and averages over answer parts the best part F1;
 * 2, 3, 4 use tokenF1, with category 3's answer cut at the first ';'; 5 (adversarial) scores 1 when the prediction
 * contains "no information available" or "not mentioned" (case-insensitive), else 0.
 */
import { porterStem } from "./porter.js";

const PUNCTUATION = new Set("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~");
// Python's `\b` is Unicode-aware; JavaScript's is ASCII-only, so word boundaries are spelt out.
const ARTICLES = /(?<![\p{L}\p{N}_])(?:a|an|the|and)(?![\p{L}\p{N}_])/gu;

/** LoCoMo's `normalize_answer`. */
export function normalizeAnswer(s: string): string {
  let t = s.replace(/,/g, "").toLowerCase();
  let out = "";
  for (const ch of t) if (!PUNCTUATION.has(ch)) out += ch;
  t = out.replace(ARTICLES, " ");
  return t.split(/\s+/).filter((x) => x.length > 0).join(" ");
}

const stemCache = new Map<string, string>();
function stem(w: string): string {
  let s = stemCache.get(w);
  if (s === undefined) {
    s = porterStem(w);
    if (stemCache.size < 100000) stemCache.set(w, s);
  }
  return s;
}

function stemmedTokens(s: string): string[] {
  const n = normalizeAnswer(s);
  return n.length === 0 ? [] : n.split(" ").map(stem);
}

/**
 * LoCoMo's `f1_score`: token-multiset F1 of normalised, stemmed prediction and answer.
 *
 * @example
 * tokenF1("Aragorn of a painting", "a painting of Aragorn"); // 1
 */
export function tokenF1(prediction: string, answer: string): number {
  const p = stemmedTokens(prediction);
  const a = stemmedTokens(answer);
  const counts = new Map<string, number>();
  for (const t of a) counts.set(t, (counts.get(t) ?? 0) + 1);
  let same = 0;
  for (const t of p) {
    const c = counts.get(t) ?? 0;
    if (c > 0) {
      same++;
      counts.set(t, c - 1);
    }
  }
  if (same === 0) return 0;
  const precision = same / p.length;
  const recall = same / a.length;
  return (2 * precision * recall) / (precision + recall);
}

/** LoCoMo's `f1` for multi-hop answers: mean over answer parts of the best F1 against any prediction part. */
export function multiAnswerF1(prediction: string, answer: string): number {
  const preds = prediction.split(",").map((x) => x.trim());
  const golds = answer.split(",").map((x) => x.trim());
  let sum = 0;
  for (const g of golds) sum += Math.max(...preds.map((p) => tokenF1(p, g)));
  return sum / golds.length;
}

/** Category 5's rule: does the prediction abstain in one of the two accepted phrasings? */
export function isAbstention(prediction: string): boolean {
  const p = prediction.toLowerCase();
  return p.includes("no information available") || p.includes("not mentioned");
}

/**
 * The score LoCoMo's official evaluation gives a prediction for a question of a category (1–5).
 * Answers that are numbers in the data file (six are) are compared as their decimal text.
 *
 * @throws RangeError when the category is not 1–5.
 * @example
 * locomoF1("kayaking", "kayaking", 2);            // 1
 * locomoF1("Not mentioned in the talk", "x", 5);  // 1
 */
export function locomoF1(prediction: string, answer: string | number, category: number): number {
  const gold = String(answer);
  switch (category) {
    case 1:
      return multiAnswerF1(prediction, gold);
    case 2:
    case 4:
      return tokenF1(prediction, gold);
    case 3:
      return tokenF1(prediction, gold.split(";")[0].trim());
    case 5:
      return isAbstention(prediction) ? 1 : 0;
    default:
      throw new RangeError(`locomoF1: category must be 1–5, got ${category}`);
  }
}
