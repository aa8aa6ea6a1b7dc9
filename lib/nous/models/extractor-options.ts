/**
 * The offline extractor's options (extractor.ts); the claims audit varies its three confidences as assumptions
 * (extractor-params.ts).
 */
import type { NameReading } from "./mentions.js";

/**
 * The extractor's thresholds: the confidence it gives a hedged or joking statement, and a planned change; `kinds`
 * false writes every state as a plain state ("ended X" as the value "not X", planned changes not at all), the null
 * under which reading kinds cannot matter.
 */
export interface ExtractorOptions extends NameReading {
  hedgeConfidence: number;
  planConfidence: number;
  /** Indirect evidence (states-indirect.ts: "the canteen at X", "our landlord in X", a repeated mention). */
  indirectConfidence: number;
  kinds: boolean;
}
export const EXTRACTOR_DEFAULTS: ExtractorOptions = { hedgeConfidence: 0.2, planConfidence: 0.5, indirectConfidence: 0.5, kinds: true };
