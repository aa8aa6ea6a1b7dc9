// The tbs layer: Think-Before-Speak deliberation (MECHANISMS.md §1), offline parametric model and LLM agents.
export { runner } from "./runner.js";
export { runTbs, parseParams, type RunOptions } from "./run.js";
export { simulate, dissonanceIndex, silenceIndex, type SimulationResult, type RunMeta } from "./engine.js";
export { resolveTurn, type Intention, type TurnDecision } from "./orchestrator.js";
export { GroupMemory, summaryParts, type MemoryMode, type Recall, type SummaryPart } from "./memory.js";
export { OfflineTbsModel, OFFLINE_MODEL_LABEL, floorBelief } from "./models/offline.js";
export { LlmTbsModel } from "./models/llm.js";
export { promptTemplates } from "./models/prompts.js";
export { repairState, repairUtterance, type Repaired } from "./repair.js";
export { loadEcology, loadTopic, assignPersonas, PERSONA_DIR } from "./personas.js";
export { tbsParamsSchema, offlineParamsSchema, PROTOCOLS, ABLATIONS, OFFLINE_ONLY_ABLATIONS, type TbsParams, type TbsParamsInput, type OfflineParams, type Ablation } from "./params.js";
export {
  internalStateSchema,
  utteranceSchema,
  personaSchema,
  ecologySchema,
  topicSchema,
  STRATEGIES,
  type InternalState,
  type Persona,
  type Ecology,
  type Topic,
  type Strategy,
  type TbsAgentModel,
} from "./types.js";
export {
  prepare,
  reliability,
  indexModels,
  willingnessModel,
  expressionGivenIntention,
  floorModel,
  speakingShare,
  competitionContrast,
  withAgentMeans,
  meanBy,
  varyingFactors,
  LEVELS,
  type ExpressionResult,
  type ContrastFit,
} from "./analysis.js";
export {
  recoverGrid,
  recoveryReplicate,
  recoverySlopes,
  recoveryComparison,
  passesFrom,
  itemBias,
  defaultRecoveryGrid,
  pointLabel,
  type RecoveryEstimate,
  type RecoveryPoint,
  type RecoverySlope,
  type RecoveryOptions,
  type RecoveryComparison,
} from "./recovery.js";
export { timeModels, orSensitivity, costSummary, speakingEffect, speakingEffectWholeRun, pairedByGroup, type SpeakingEffect, type OrSensitivityCell, type GroupedContrast } from "./results.js";
export { NousGroupMemory, type NousRecall } from "./nous-memory.js";
export { ablationTests, silenceResponse, RULE_TESTS, ABLATION_INFO, type AblationSpec, type AblationTestRow } from "./ablations.js";
export { tbsClaims, TBS_CLAIMS, TBS_ASSUMPTIONS } from "./claims.js";
export { CLAIM_ANALYSES } from "./claim-analyses.js";
export { CostMeter } from "./costs.js";
export { indexTrajectories, oddsRatioForest, speakingShareFigure, recoveryFigure, recoveryHorizonFigure, orSensitivityFigure, transcriptTable } from "./figures.js";
