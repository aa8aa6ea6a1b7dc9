/**
 * Runs the offline extractor on the hand-written sentence set (devset.ts): each case is one session of its speaker
 * and listener, its turns extracted in order with one session context.
 */
import { loadSentences, scoreSentences, type SentenceCase, type SentenceScore } from "./devset.js";
import { extract } from "./extractor.js";
import type { ExtractorOptions } from "./extractor-options.js";
import type { Triple } from "../types.js";

/** The triples the offline extractor writes for every turn of a case. */
export function extractCase(c: SentenceCase, options: Partial<ExtractorOptions> = {}): Triple[] {
  const ctx = { speakers: [c.speaker, c.listener] };
  return c.turns.flatMap((text, i) => extract({ id: `D1:${i + 1}`, speaker: c.speaker, text, timestamp: 0 }, ctx, undefined, options).triples);
}

/**
 * Precision and recall of the offline extractor on both parts of the set.
 *
 * @example
 * const { dev, heldOut } = evaluateSentences(); // dev.precision, heldOut.recall, …
 */
export function evaluateSentences(path?: string): { dev: SentenceScore; heldOut: SentenceScore } {
  const cases = loadSentences(path);
  return { dev: scoreSentences(cases, "dev", (c) => extractCase(c)), heldOut: scoreSentences(cases, "held-out", (c) => extractCase(c)) };
}
