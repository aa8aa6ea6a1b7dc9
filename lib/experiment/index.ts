/**
 * The experiment layer: sweeps of a mechanism over conditions × seeds, written to resumable run folders
 * that notebooks load. See README.md in this folder.
 */
export { runExperiment, executeCell, RNG_DERIVATION, type RunOptions, type RunResult, type CellOutcome } from "./run.js";
export { trackCell, type CellCalls, type CellHealth } from "./cell-health.js";
export { load, ensureRun, type LoadedRun, type EnsureOptions, type DataFrame } from "./load.js";
export { planRun, dryRun, formatDryRun, type RunPlan, type DryRunReport, type DryRunOptions, type DryRunTotals } from "./plan.js";
export { parseOutputFlags, outputModelFromLedger, replyLength, type OutputModel } from "./output-model.js";
export {
  configSchema, parseConfig, readConfigFile, resolveConfig, configHash,
  type ExperimentConfig, type ResolvedConfig, type ProfileName, type ModelSpec,
} from "./config.js";
export { expandGrid, type Cell } from "./grid.js";
export { cellJobs, runCellJob, type CellJob, type JobOptions } from "./jobs.js";
export { readManifest, type Manifest, type CellStatus } from "./manifest.js";
export type { ProgressEvent, ProgressOption } from "./progress.js";
export type { Row } from "./store.js";
export type { Registry } from "./registry.js";
export { power, pairedPower, seedsForPower, powerFromPairs, formatPower, type PowerOptions, type PowerResult } from "./power.js";
