/**
 * The scorers A-MEM and Mem0 report on LoCoMo, so numbers can be set beside theirs (labelled: they are not
 * LoCoMo's official token F1).
 *
 * simpleTokens(s): lower-case, replace . , ! ? by spaces, split on white space (A-MEM's `simple_tokenize`).
 * setF1: P = |set(p) ∩ set(a)|/|set(p)|, R = |set(p) ∩ set(a)|/|set(a)|, F1 = 2PR/(P+R); no stemming.
 * bleu1: clipped unigram precision × brevity penalty exp(1 − |a|/|p|) when |p| < |a| (sentence BLEU with weights
 * (1,0,0,0)); the published numbers used NLTK's word tokenizer, here the simple tokenizer above, so BLEU-1 can
 * differ slightly on text with contractions or quotes.
 */

/** A-MEM's `simple_tokenize`. */
export function simpleTokens(s: string): string[] {
  return String(s)
    .toLowerCase()
    .replace(/[.,!?]/g, " ")
    .split(/\s+/)
    .filter((t) => t.length > 0);
}

/**
 * Set-based token F1 as used by A-MEM and Mem0 (no stemming, duplicates ignored).
 *
 * @example
 * setF1("the cat, the dog", "dog and cat"); // 0.6666…
 */
export function setF1(prediction: string, answer: string | number): number {
  const p = new Set(simpleTokens(prediction));
  const a = new Set(simpleTokens(String(answer)));
  if (p.size === 0 || a.size === 0) return 0;
  let common = 0;
  for (const t of p) if (a.has(t)) common++;
  if (common === 0) return 0;
  const precision = common / p.size;
  const recall = common / a.size;
  return (2 * precision * recall) / (precision + recall);
}

/**
 * BLEU-1 of a prediction against one reference answer.
 *
 * @example
 * bleu1("a b c", "a b c d"); // 0.7165… (precision 1 × brevity penalty e^(1−4/3))
 */
export function bleu1(prediction: string, answer: string | number): number {
  const p = simpleTokens(prediction);
  const a = simpleTokens(String(answer));
  if (p.length === 0 || a.length === 0) return 0;
  const ref = new Map<string, number>();
  for (const t of a) ref.set(t, (ref.get(t) ?? 0) + 1);
  let clipped = 0;
  for (const t of p) {
    const c = ref.get(t) ?? 0;
    if (c > 0) {
      clipped++;
      ref.set(t, c - 1);
    }
  }
  const precision = clipped / p.length;
  const bp = p.length >= a.length ? 1 : Math.exp(1 - a.length / p.length);
  return bp * precision;
}
