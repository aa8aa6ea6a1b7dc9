// The tbs layer: Think-Before-Speak deliberation (MECHANISMS.md §1), offline parametric model and LLM agents.
export { runner } from "./runner.js";
export { runTbs, parseParams, type RunOptions } from "./run.js";
export { simulate, dissonanceIndex, silenceIndex, type SimulationResult, type RunMeta } from "./engine.js";
export { resolveTurn, type Intention, type TurnDecision } from "./orchestrator.js";
export { GroupMemory, type MemoryMode, type Recall } from "./memory.js";
export { OfflineTbsModel, OFFLINE_MODEL_LABEL, floorBelief } from "./models/offline.js";
export { LlmTbsModel } from "./models/llm.js";
export { promptTemplates } from "./models/prompts.js";
export { repairState, repairUtterance, type Repaired } from "./repair.js";
export { loadEcology, loadTopic, assignPersonas, PERSONA_DIR } from "./personas.js";
export { tbsParamsSchema, offlineParamsSchema, PROTOCOLS, ABLATIONS, OFFLINE_ONLY_ABLATIONS, type TbsParams, type TbsParamsInput, type OfflineParams } from "./params.js";
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
  meanBy,
  varyingFactors,
  LEVELS,
  type ExpressionResult,
} from "./analysis.js";
export {
  recoverGrid,
  recoveryReplicate,
  recoverySlopes,
  itemBias,
  defaultRecoveryGrid,
  pointLabel,
  type RecoveryEstimate,
  type RecoveryPoint,
  type RecoverySlope,
  type RecoveryOptions,
} from "./recovery.js";
export { paperComparison, timeModels, orSensitivity, costSummary, ablationEffects, speakingEffect, speakingEffectWholeRun, verdict, type SpeakingEffect, type FindingRow, type Verdict, type OrSensitivityCell } from "./results.js";
export { CostMeter } from "./costs.js";
export { indexTrajectories, oddsRatioForest, speakingShareFigure, recoveryFigure, orSensitivityFigure, transcriptTable } from "./figures.js";
