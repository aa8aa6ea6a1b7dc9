// The gated layer: gated escalation for multi-agent construction in a deterministic block world.
export { runner, GatedParamsSchema, mergeCondition, type GatedParams } from "./runner.js";
export { compileTask, loadTaskFile, type CompiledTask } from "./task.js";
export { generateTask, generateTaskFile, preset, FamilySchema, type Family } from "./generator.js";
export { runEpisode, runEpisodeAsync, continueEpisode, attachBranchRunner, replayLog, type EpisodeResult, type EpisodeMetrics } from "./episode.js";
export { summary, chatFacts, type CaseSummary, type CaseFacts, type Verdict, type SyncJudge, type AsyncJudge, type ChatWriter } from "./case.js";
export { policyFlags } from "./policies.js";
export { computeFactors, scoreOf, gateDecision } from "./gate.js";
export { rollOut, isNecessary, outcomeOf, judgeEscalations, type Outcome } from "./uer.js";
export { ecrOf, send } from "./channel.js";
export { deliver } from "./handlers.js";
export { KNOWN_ITEMS, PICKAXES, isBlock, isItem, blockShape } from "./palette.js";
export { blueprintCompletion, SECONDS_PER_TICK, type World, type Vec3, type ActionResult, type BlockReader, type Blueprint, type CompletionResult } from "./world.js";
export { BlockWorld } from "./block-world.js";
export { snapshotWorld, restoreWorld, type WorldSnapshot } from "./snapshot.js";
export { KeyedStream } from "./keyed.js";
export type { EventRow, Msg, Link, EscalationRecord } from "./records.js";
export { OFFLINE_MODEL_LABEL, offlineJudge, warrantedDecision } from "./models/offline.js";
export { llmJudge, llmChat, promptTemplates, repairVerdict, renderCase, VerdictSchema } from "./models/llm.js";
export {
  KNOWN_BLOCKS, POLICIES, PROBLEM_KINDS, SimParamsSchema, TaskSchema, ProtocolMessageSchema,
  type PolicyName, type PolicyFlags, type SimParams, type TaskSpec, type TaskFile, type Problem, type ProblemKind, type Factors, type ProtocolMessage,
} from "./types.js";
export { summarize, formatTable, conflictTables, nullCheckTable, wilson, bootstrapMean, BASELINES, ABLATIONS, type SummaryRow } from "./analysis.js";
export { ablationDiffs, ablationTable, scarcityDrop, type AblationDiff } from "./contrasts.js";
export { gatedClaims, ASSUMPTIONS, CONSTANTS } from "./claims.js";
export { metricBars, scoreDistribution, timeline } from "./figures.js";
export { compareTables, compareBackends, compareEpisode, backendTable, backendDifferences, COMPARED, MINECRAFT_COLUMNS, type ComparisonRow } from "./minecraft/compare.js";
