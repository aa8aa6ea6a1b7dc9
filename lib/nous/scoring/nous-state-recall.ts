/**
 * The "context recall" that nous-state's LoCoMo evaluation reports (`benchmark/eval_locomo.py`,
 * `context_recall_score(context_text, ground_truth)`), reimplemented from its definition so the published column can
 * be set beside ours under its own name. It is **not** evidence recall: it asks whether the answer's words appear
 * in the context text.
 *
 * Both texts are normalised (lower-case; every run of characters other than a–z and 0–9 becomes one space; trimmed).
 * Empty answer or context → 0. The whole normalised answer found as a substring of the context → 1. Otherwise the
 * answer's tokens longer than two characters are counted (with repeats) when each occurs as a **substring** of the
 * normalised context (so "art" is found inside "party"); the score is that count over the number of such tokens, 0
 * when there are none.
 */

/** nous-state's normalisation for matching. */
export function normalizeForMatch(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, " ").trim().replace(/ +/g, " ");
}

/**
 * nous-state's answer-in-context recall, in [0, 1].
 *
 * @example
 * nousStateRecall("Caroline: I went to the LGBTQ support group", "LGBTQ support group"); // 1
 * nousStateRecall("we painted a sunrise", "a painted sunset"); // 0.5 ("painted" found; "sunset" not)
 */
export function nousStateRecall(context: string, answer: string | number): number {
  const gt = normalizeForMatch(String(answer));
  const ctx = normalizeForMatch(context);
  if (!gt || !ctx) return 0;
  if (ctx.includes(gt)) return 1;
  const words = gt.split(" ").filter((t) => t.length > 2);
  if (words.length === 0) return 0;
  return words.filter((t) => ctx.includes(t)).length / words.length;
}
