/**
 * Nous: agent memory as a predictive world model (Bayesian dimensions updated by surprise, deltas stored in an
 * embedded SQLite file), and its LoCoMo evaluation. See lib/nous/README.md.
 */
import { Memory } from "./engine.js";
import type { MemoryOptionsInput } from "./types.js";

/**
 * Opens or creates a memory file (":memory:" for one that lives only in this process).
 *
 * @throws ConfigError for invalid options; DataError when the file is not a Nous memory.
 * @example
 * const mem = nous.open("ann.nous.db");
 */
export function open(path: string, options: MemoryOptionsInput = {}, opts: { readonly?: boolean } = {}): Memory {
  return Memory.open(path, options, opts);
}

export { Memory, type Extraction, type LightDelta } from "./engine.js";
export { query, renderContext, linkEntities, reach, factLine, formatDate, type QueryOptions } from "./query.js";
export { surprise, bayesUpdate, decay, lastWriteWins, distribution, entropy, symmetricKL } from "./dimension.js";
export { locomoF1, tokenF1, normalizeAnswer } from "./scoring/locomo-f1.js";
export { setF1, bleu1 } from "./scoring/comparable.js";
export { porterStem } from "./scoring/porter.js";
export { Bm25Index } from "./retrieval/bm25.js";
export {
  loadLocomo, parseLocomo, downloadLocomo, findLocomo, fixturePath, cleanEvidence, CATEGORY_NAMES, LOCOMO_URL,
  type LocomoConversation, type LocomoQuestion, type LocomoTurn,
} from "./locomo/data.js";
export { evaluateConversation, contextRecall, TurnIndex, NOT_MENTIONED, type SystemName } from "./locomo/evaluate.js";
export { extractOffline, answerOffline, OFFLINE_LABEL } from "./models/offline.js";
export { LlmNous, promptTemplates, repairTriples, repairAnswer } from "./models/llm.js";
export { categoryTable, overallF1, ablationTable, publishedResults, failureTable } from "./analysis.js";
export { beliefTrajectoryFigure, surpriseHistogram, decayCurvesFigure, categoryBarsFigure } from "./figures.js";
export { runner, ABLATIONS, NousParamsSchema, type NousParams } from "./runner.js";
export { createAgentMemory, type AgentMemory, type AgentMemoryOptions, type Observation } from "./agent-memory.js";
export { locomoCommand } from "./cli.js";
export type { Triple, Turn, Delta, DimensionState, Distribution, FactLine, EvidenceItem, QueryContext, MemoryOptions, MemoryOptionsInput } from "./types.js";
