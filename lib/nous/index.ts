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
export { query, renderContext, renderFact, evidenceLine, linkEntities, reach, factLine, formatDate, FALLBACK_ATTRIBUTES, type QueryOptions } from "./query.js";
export { surprise, bayesUpdate, decay, lastWriteWins, distribution, entropy, symmetricKL } from "./dimension.js";
export { locomoF1, tokenF1, normalizeAnswer } from "./scoring/locomo-f1.js";
export { setF1, bleu1 } from "./scoring/comparable.js";
export { porterStem } from "./scoring/porter.js";
export { Bm25Index } from "./retrieval/bm25.js";
export {
  loadLocomo, parseLocomo, downloadLocomo, findLocomo, fixturePath, cleanEvidence, CATEGORY_NAMES, LOCOMO_URL,
  type LocomoConversation, type LocomoQuestion, type LocomoTurn,
} from "./locomo/data.js";
export { evaluateConversation, offlineWindowExtractor, contextRecall, TurnIndex, NOT_MENTIONED, SYSTEMS, sessionWindows, type SystemName, type SessionWindow } from "./locomo/evaluate.js";
export { LOCOMO_SPLITS, SPLITS, selectSplit, splitsFor, type Split } from "./locomo/splits.js";
export { extractOffline, answerOffline, questionStates, stateAnswer, OFFLINE_LABEL, STATE_ATTRIBUTES } from "./models/offline.js";
export { extract, ATTRIBUTES, EXTRACTOR_LABEL, type SessionContext, type OfflineExtraction } from "./models/extractor.js";
export { nousStateRecall } from "./scoring/nous-state-recall.js";
export { LlmNous, promptTemplates, repairTriples, repairAnswer } from "./models/llm.js";
export { categoryTable, overallF1, ablationTable, publishedResults, failureTable, pairedCategoryTable } from "./analysis.js";
export { clusteredBootstrap, pairedClustered, pairedDifferences, clusteredCategoryTable, type ClusteredInterval } from "./clustered.js";
export { componentChanges, mergesPerConversation, COMPONENTS } from "./components.js";
export { benchmarkHypotheses, scenarioTable, H2_ABLATIONS } from "./benchmarks/hypotheses.js";
export { evaluateSentences } from "./models/sentences-eval.js";
export { scoreLocomoSample } from "./models/locomo-sample.js";
export { nousClaims } from "./claims.js";
export { generateBalanced, truthOf, SCENARIOS, type BalancedTruth, type BalancedScenario, type BalancedParams } from "./benchmarks/balanced.js";
export { runBenchmark } from "./benchmarks/run.js";
export { benchmarkInstance, BENCHMARKS, type BenchmarkName } from "./benchmarks/instances.js";
export { buildStatesCheck, checkSetPaths, conversationsRight, FRESH_CHECK_TEXT, STATES_CHECK_TEXT, valueRight } from "./benchmarks/states-check.js";
export { runStatesCheck, checkSummary, CHECK_GROUPS } from "./benchmarks/states-check-run.js";
export { beliefTrajectoryFigure, surpriseHistogram, decayCurvesFigure, categoryBarsFigure, scenarioBarsFigure } from "./figures.js";
export { runner, ABLATIONS, NousParamsSchema, LOCOMO_BUDGET, LOCOMO_MEMORY, ablationOptions, type NousParams } from "./runner.js";
export { createAgentMemory, type AgentMemory, type AgentMemoryOptions, type Observation } from "./agent-memory.js";
export type { Triple, Turn, Delta, DimensionState, Distribution, FactLine, EvidenceItem, QueryContext, MemoryOptions, MemoryOptionsInput } from "./types.js";
