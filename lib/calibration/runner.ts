/**
 * The calibration study as an experiment mechanism: one cell = protocol × control × seed.
 * Tables: `results` (one row per cell: γ, JSD, uncertain share, ECE, Brier), `weights` (per phase and
 * strategy) and `judgements` (every judging event).
 */
import type { CellContext, CellResult, MechanismRunner } from "../core/mechanism.js";
import { createRng } from "../core/rng.js";
import { runStudy, type StudyModels } from "./engine.js";
import { LLMExecutor, LLMJudge, promptTemplates, verifiedTruth } from "./models/llm.js";
import { OfflineExecutor, OfflineJudge, offlineTruth } from "./models/offline.js";
import { CalibrationParamsSchema, type CalibrationParams } from "./types.js";

export const OFFLINE_MODEL_LABEL = "offline:calibration-judge-v1";

/** Builds the executor, judge and ground truth for a cell. */
export function studyModels(ctx: Pick<CellContext<CalibrationParams>, "model" | "seed" | "params">): StudyModels {
  if (ctx.model.kind === "llm") {
    return { executor: new LLMExecutor(ctx.model.llm, ctx.seed), judge: new LLMJudge(ctx.model.llm, ctx.seed), truth: verifiedTruth };
  }
  // Offline noise streams depend on the seed only (not the protocol or control): common random numbers.
  const rng = createRng(ctx.seed).fork("calibration-offline");
  return { executor: new OfflineExecutor(ctx.params.offline, rng.fork("executor")), judge: new OfflineJudge(ctx.params.offline, rng.fork("judge")), truth: offlineTruth };
}

export async function runCalibrationCell(ctx: CellContext<CalibrationParams>): Promise<CellResult> {
  const p = CalibrationParamsSchema.parse({ ...ctx.params, ...ctx.condition });
  const model = ctx.model.kind === "llm" ? ctx.model.llm.id : OFFLINE_MODEL_LABEL;
  const study = await runStudy(p, studyModels({ ...ctx, params: p }), createRng(ctx.seed).fork("calibration-loop"));
  const base = { run_id: ctx.runId, seed: ctx.seed, model, protocol: p.protocol, control: p.control };
  const weights = Object.entries(study.phases).flatMap(([phase, w]) =>
    Object.entries(w).map(([strategy, weight]) => ({ ...base, phase, strategy, weight })),
  );
  const judgements = study.judgements.map((j) => ({ ...base, ...j }));
  return { tables: { results: [{ ...base, ...study.metrics }], weights, judgements } };
}

export const runner: MechanismRunner<CalibrationParams> = {
  name: "calibration",
  paramsSchema: CalibrationParamsSchema,
  tables: ["results", "weights", "judgements"],
  offlineModelLabel: OFFLINE_MODEL_LABEL,
  promptTemplates,
  estimateCell(params) {
    const calls = 5 * params.rounds * 3;
    return { calls, inputTokens: calls * 450, outputTokens: calls * 220 };
  },
  runCell: runCalibrationCell,
};
