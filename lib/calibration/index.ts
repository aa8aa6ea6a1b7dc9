// Calibrated evaluator in a TTRL feedback loop (MECHANISMS.md §3).
export {
  STRATEGIES, TEXT_STRATEGIES, VISUAL_STRATEGIES, BASELINE, PROTOCOLS, PROTOCOL_ALIASES, CONFIDENCE_PROTOCOLS, CONTROLS,
  WINDOW_KINDS, COVARIATES, MATCHED_PROTOCOLS, MATCH_REFERENCES, CALIBRATION_CHOICES, CalibrationParamsSchema, JudgementSchema, VerdictSchema, OfflineModelSchema,
} from "./types.js";
export type {
  Strategy, Modality, Weights, Protocol, Control, WindowKind, Covariate, Judgement, CalibrationParams, OfflineModelParams, MatchReference,
} from "./types.js";
export { uniformWeights, renormalise, binaryUpdate, calibratedUpdate, rouletteSample } from "./weights.js";
export {
  couplingGamma, weightsJsd, alignWeights, uncertainShare, reliabilityBins, expectedCalibrationError, brierScore,
} from "./metrics.js";
export type { ReliabilityBin } from "./metrics.js";
export {
  SlidingIsotonic, SlidingPlatt, plattFit, logisticFit, selectPairs, isotonicCalibrate, plattCalibrate, covariateVector,
} from "./calibrators.js";
export type { Calibrator, CalibrationPair } from "./calibrators.js";
export { makeTasks, normaliseAnswer, taskImage } from "./tasks.js";
export type { Task } from "./tasks.js";
export { encodePNG } from "./png.js";
export { runPhase, PHASES, MAIN_PHASES, STAGE1, STAGE2, SHADOW_COLUMNS } from "./engine.js";
export type { JudgementRecord, StudyModels, PhaseSpec, PhaseName, TrajectoryPoint } from "./engine.js";
export { runStudy, studyMetrics } from "./study.js";
export type { StudyResult, StudyMetrics, StudyOptions } from "./study.js";
export { protocolStep, cvPrefersFit } from "./protocols.js";
export { pilotMeanStep, matchedValues, pilotSeeds, PILOT_FIRST_SEED } from "./pilot.js";
export { studyModels } from "./study-models.js";
export { OfflineExecutor, OfflineJudge } from "./models/offline.js";
export { LLMExecutor, LLMJudge, repairJudgement, promptTemplates, truncateKeepingAnswer, taskContent } from "./models/llm.js";
export { runner, runCalibrationCell, OFFLINE_MODEL_LABEL } from "./runner.js";
export * from "./analysis.js";
export * from "./bias.js";
export * from "./pooled.js";
export { judgeSensitivity, calibratorCheck, type SensitivityPoint } from "./sweeps.js";
export { calibrationClaims, NULL_OVERRIDES, NULL_JUDGE, nested } from "./claims.js";
export { PAPER_CLAIMS, paperClaimRows, contradictedClaims, type PaperClaim } from "./paper.js";
export { runCell, runCells, type CellTables } from "./cells.js";
export * from "./figures.js";
