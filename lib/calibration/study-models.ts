/** The executor, judge and ground truth of a cell: the offline parametric model, or a language model. */
import type { CellContext } from "../core/mechanism.js";
import { createRng } from "../core/rng.js";
import type { StudyModels } from "./engine.js";
import { LLMExecutor, LLMJudge, verifiedTruth } from "./models/llm.js";
import { OfflineExecutor, OfflineJudge, offlineTruth } from "./models/offline.js";
import type { CalibrationParams } from "./types.js";

/**
 * Builds the executor, judge and ground truth for a cell. Offline noise streams depend on the seed only (not the
 * protocol or control): common random numbers across the cells of a seed.
 * @throws Error for an LLM cell without the context's address function.
 */
export function studyModels(ctx: Pick<CellContext<CalibrationParams>, "model" | "seed" | "params"> & { address?: CellContext["address"] }): StudyModels {
  if (ctx.model.kind === "llm") {
    if (!ctx.address) throw new Error("calibration: an LLM cell needs the cell context's address function");
    const t = ctx.params.llm;
    return { executor: new LLMExecutor(ctx.model.llm, ctx.address, t.executorTemperature), judge: new LLMJudge(ctx.model.llm, ctx.address, t.judgeTemperature), truth: verifiedTruth };
  }
  const rng = createRng(ctx.seed).fork("calibration-offline");
  return { executor: new OfflineExecutor(ctx.params.offline, rng.fork("executor")), judge: new OfflineJudge(ctx.params.offline, rng.fork("judge")), truth: offlineTruth };
}
