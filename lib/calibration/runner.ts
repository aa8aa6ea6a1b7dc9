/**
 * The calibration study as an experiment mechanism: one cell = protocol × control × seed.
 * Tables: `results` (one row per cell: γ, the noise floor, JSD, uncertain share, ECE, Brier, accuracy),
 * `weights` (per phase and strategy), `judgements` (every judging event) and `trajectories` (weights after every
 * round of the main phases).
 */
import { cellAddresser, type CellContext, type CellResult, type MechanismRunner } from "../core/mechanism.js";
import { applyCondition } from "../core/paths.js";
import { createRng } from "../core/rng.js";
import { configErrorFrom } from "../experiment/config.js";
import { runStudy, type StudyModels } from "./engine.js";
import { LLMExecutor, LLMJudge, promptTemplates, verifiedTruth } from "./models/llm.js";
import { OfflineExecutor, OfflineJudge, offlineTruth } from "./models/offline.js";
import { CalibrationParamsSchema, STRATEGIES, type CalibrationParams } from "./types.js";

export const OFFLINE_MODEL_LABEL = "offline:calibration-judge-v2";

/** Builds the executor, judge and ground truth for a cell. */
export function studyModels(ctx: Pick<CellContext<CalibrationParams>, "model" | "seed" | "params"> & { address?: CellContext["address"] }): StudyModels {
  if (ctx.model.kind === "llm") {
    if (!ctx.address) throw new Error("calibration: an LLM cell needs the cell context's address function");
    return { executor: new LLMExecutor(ctx.model.llm, ctx.address), judge: new LLMJudge(ctx.model.llm, ctx.address), truth: verifiedTruth };
  }
  // Offline noise streams depend on the seed only (not the protocol or control): common random numbers.
  const rng = createRng(ctx.seed).fork("calibration-offline");
  return { executor: new OfflineExecutor(ctx.params.offline, rng.fork("executor")), judge: new OfflineJudge(ctx.params.offline, rng.fork("judge")), truth: offlineTruth };
}

export async function runCalibrationCell(ctx: CellContext<CalibrationParams>): Promise<CellResult> {
  const p = CalibrationParamsSchema.parse(applyCondition(ctx.params, ctx.condition));
  const model = ctx.model.kind === "llm" ? ctx.model.llm.id : OFFLINE_MODEL_LABEL;
  const address = ctx.address ?? cellAddresser("calibration", ctx.runId.replace(/,?seed=\d+$/, ""), ctx.seed);
  const study = await runStudy(p, studyModels({ ...ctx, params: p, address }), createRng(ctx.seed).fork("calibration-loop"));
  const base = { run_id: ctx.runId, seed: ctx.seed, model, protocol: p.protocol, control: p.control };
  const weights = Object.entries(study.phases).flatMap(([phase, w]) =>
    Object.entries(w).map(([strategy, weight]) => ({ ...base, phase, strategy, weight })),
  );
  const detail = p.detailTables === "all" || p.control === "none";
  const judgements = detail ? study.judgements.map((j) => ({ ...base, ...j })) : [];
  const trajectories = (detail ? study.trajectories : []).map((t) => ({
    ...base, phase: t.phase, round: t.round, ...Object.fromEntries(STRATEGIES.map((s) => [`w_${s}`, t.weights[s]])),
  }));
  return { tables: { results: [{ ...base, window_kind: p.windowKind, ...study.metrics }], weights, judgements, trajectories } };
}

export const runner: MechanismRunner<CalibrationParams> = {
  name: "calibration",
  paramsSchema: CalibrationParamsSchema,
  tables: ["results", "weights", "judgements", "trajectories"],
  offlineModelLabel: OFFLINE_MODEL_LABEL,
  promptTemplates,
  checkPlan(plan) {
    // Grid levels (protocol, control, windowKind, …) are validated with the params, before anything runs.
    for (const cell of plan.cells) {
      const res = CalibrationParamsSchema.safeParse(applyCondition(plan.params as object, cell.condition));
      if (!res.success) {
        const field = String(res.error.issues[0].path[0] ?? "");
        throw configErrorFrom(res.error.issues, plan.file, Object.keys(cell.condition).some((k) => k.split(".")[0] === field) ? ["grid"] : ["params"]);
      }
    }
  },
  runCell: runCalibrationCell,
};
