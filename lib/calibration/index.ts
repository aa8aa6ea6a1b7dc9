// Calibrated evaluator in a TTRL feedback loop (MECHANISMS.md §3).
export {
  STRATEGIES, TEXT_STRATEGIES, VISUAL_STRATEGIES, BASELINE, PROTOCOLS, CONTROLS,
  CalibrationParamsSchema, JudgementSchema, OfflineModelSchema,
} from "./types.js";
export type { Strategy, Modality, Weights, Protocol, Control, Judgement, CalibrationParams, OfflineModelParams } from "./types.js";
export { uniformWeights, renormalise, binaryUpdate, calibratedUpdate, rouletteSample } from "./weights.js";
export {
  couplingGamma, weightsJsd, alignWeights, uncertainShare, reliabilityBins, expectedCalibrationError, brierScore,
} from "./metrics.js";
export type { ReliabilityBin } from "./metrics.js";
export { SlidingIsotonic, SlidingPlatt, createCalibrator, plattFit } from "./calibrators.js";
export type { Calibrator } from "./calibrators.js";
export { makeTasks, normaliseAnswer } from "./tasks.js";
export type { Task } from "./tasks.js";
export { runPhase, runStudy } from "./engine.js";
export type { StudyResult, JudgementRecord, StudyModels } from "./engine.js";
export { OfflineExecutor, OfflineJudge } from "./models/offline.js";
export { LLMExecutor, LLMJudge, repairJudgement, promptTemplates } from "./models/llm.js";
export { runner, runCalibrationCell, OFFLINE_MODEL_LABEL } from "./runner.js";
export * from "./analysis.js";
export * from "./figures.js";
