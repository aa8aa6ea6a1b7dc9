/**
 * The offline extractor's parameters as the runner's params carry them (`params.extractor`), with their defaults
 * (models/extractor.ts `EXTRACTOR_DEFAULTS`). The claims audit varies the three confidences as assumptions.
 */
import { z } from "zod";
import { EXTRACTOR_DEFAULTS } from "./models/extractor-options.js";

/** The offline extractor's parameters (models/extractor.ts `ExtractorOptions`). */
export const ExtractorParamsSchema = z.strictObject({
  /** Confidence of a statement hedged or joking by its cues (haha, lol, basically, at this rate …). */
  hedgeConfidence: z.number().gt(0).max(1).default(EXTRACTOR_DEFAULTS.hedgeConfidence),
  /** Confidence of a planned change ("I start at X next week"). */
  planConfidence: z.number().gt(0).max(1).default(EXTRACTOR_DEFAULTS.planConfidence),
  /** Confidence of indirect evidence ("the canteen at X", "our landlord in X", a repeated mention of a known value). */
  indirectConfidence: z.number().gt(0).max(1).default(EXTRACTOR_DEFAULTS.indirectConfidence),
  /** Write observation kinds (change, ended, planned); false: every state a plain state (a null, not an assumption). */
  kinds: z.boolean().default(EXTRACTOR_DEFAULTS.kinds),
});

