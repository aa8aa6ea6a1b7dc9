/**
 * The calibration study as an experiment mechanism: one cell = protocol × control × seed.
 * Tables: `results` (one row per cell: γ, the floors, JSD, uncertain share, ECE, Brier, accuracy),
 * `weights` (per phase and strategy), `judgements` (every judging event) and `trajectories` (weights after every
 * round of the main phases).
 */
import { configErrorFrom } from "../core/config-error.js";
import { ConfigError } from "../core/errors.js";
import { cellAddresser, type CellContext, type CellResult, type MechanismRunner } from "../core/mechanism.js";
import { applyCondition } from "../core/paths.js";
import { createRng } from "../core/rng.js";
import { calibrationClaims } from "./claims.js";
import { promptTemplates } from "./models/llm.js";
import { matchedValues } from "./pilot.js";
import { permuteSource } from "./protocols.js";
import { MAIN_PHASES } from "./engine.js";
import { runStudy } from "./study.js";
import { studyModels } from "./study-models.js";
import { CalibrationParamsSchema, MATCHED_PROTOCOLS, STRATEGIES, type CalibrationParams } from "./types.js";

export const OFFLINE_MODEL_LABEL = "offline:calibration-judge-v2";

export { studyModels };

export async function runCalibrationCell(ctx: CellContext<CalibrationParams>): Promise<CellResult> {
  const parsed = CalibrationParamsSchema.parse(applyCondition(ctx.params, ctx.condition));
  if (ctx.model.kind === "llm") assertLLMMatch(parsed);
  const p: CalibrationParams = { ...parsed, ...(ctx.model.kind === "offline" ? await matchedValues(parsed) : {}) };
  const model = ctx.model.kind === "llm" ? ctx.model.llm.id : OFFLINE_MODEL_LABEL;
  const address = ctx.address ?? cellAddresser("calibration", ctx.runId.replace(/,?seed=\d+$/, ""), ctx.seed);
  const loop = () => createRng(ctx.seed).fork("calibration-loop");
  let shuffled: Record<string, number[]> | undefined;
  if (p.protocol === "shuffled") {
    // the isotonic protocol on the same seed is the source of the step sizes; its calls have their own addresses
    const srcParams: CalibrationParams = { ...p, protocol: "isotonic", trajectories: "none" };
    const srcAddress: CellContext["address"] = (role, at) => address(role, { ...at, agent: `isotonic-source:${at.agent ?? ""}` });
    const src = await runStudy(srcParams, studyModels({ ...ctx, params: srcParams, address: srcAddress }), loop(), { shadows: false });
    const byPhase: Record<string, number[]> = {};
    for (const j of src.judgements) (byPhase[j.phase] ??= []).push(j.used_confidence ?? 0.5);
    shuffled = permuteSource(byPhase, createRng(ctx.seed).fork("calibration-shuffle"));
  }
  const detailSeed = p.detailSeeds === undefined || ctx.seed <= p.detailSeeds;
  const detail = detailSeed && (p.detailTables === "all" || (p.detailTables === "control_none" && p.control === "none"));
  const study = await runStudy(p, studyModels({ ...ctx, params: p, address }), loop(), { shuffled, shadows: p.shadows && detail });
  const base = { run_id: ctx.runId, seed: ctx.seed, model, protocol: p.protocol, control: p.control };
  const weights = Object.entries(study.phases)
    .filter(() => detailSeed)
    .filter(([phase]) => p.weights === "all" || (p.weights === "main" && (MAIN_PHASES as string[]).includes(phase)))
    .flatMap(([phase, w]) => Object.entries(w).map(([strategy, weight]) => ({ ...base, phase, strategy, weight })));
  const judgements = detail ? study.judgements.map((j) => ({ ...base, ...j })) : [];
  const trajectories = (detail ? study.trajectories : []).map((t) => ({
    ...base, phase: t.phase, round: t.round, ...Object.fromEntries(STRATEGIES.map((s) => [`w_${s}`, t.weights[s]])),
  }));
  const matched = MATCHED_PROTOCOLS.includes(p.protocol)
    ? { matched_to: p.matchedTo, matched_value: p.protocol === "binary_matched" ? p.matchedStep! : p.matchedScale! }
    : { matched_to: null, matched_value: null };
  return { tables: { results: [{ ...base, window_kind: p.windowKind, ...matched, ...study.metrics }], weights, judgements, trajectories } };
}

/**
 * On a language model the matched protocols' step cannot come from the offline pilot: the config gives it.
 * @throws ConfigError naming the missing param and how to get its value.
 */
function assertLLMMatch(p: CalibrationParams, file?: string): void {
  const field = p.protocol === "binary_matched" ? "matchedStep" : p.protocol === "raw_matched" ? "matchedScale" : null;
  if (field === null || p[field] !== undefined) return;
  throw new ConfigError({
    file, path: ["params", field], message: `${p.protocol} on a language model needs params.${field} from a pilot on that model`,
    fix: "run the reference protocol (params.matchedTo) and raw on dev seeds with this model, then set params.matchedStep to the " +
      "reference's mean_abs_update and params.matchedScale to mean_abs_update(reference) / mean_abs_update(raw)",
  });
}

export const runner: MechanismRunner<CalibrationParams> = {
  name: "calibration",
  paramsSchema: CalibrationParamsSchema,
  tables: ["results", "weights", "judgements", "trajectories"],
  offlineModelLabel: OFFLINE_MODEL_LABEL,
  promptTemplates,
  checkPlan(plan) {
    // Grid levels (protocol, control, windowKind, …) are validated with the params, before anything runs.
    const seen = new Map<string, string>();
    for (const cell of plan.cells) {
      const res = CalibrationParamsSchema.safeParse(applyCondition(plan.params as object, cell.condition));
      if (!res.success) {
        const field = String(res.error.issues[0].path[0] ?? "");
        throw configErrorFrom(res.error.issues, plan.file, Object.keys(cell.condition).some((k) => k.split(".")[0] === field) ? ["grid"] : ["params"]);
      }
      // two levels that mean the same cell (an alias and its protocol) would write duplicate rows
      const seed = /seed=(\d+)$/.exec(cell.runId)?.[1] ?? "";
      const key = `${JSON.stringify(res.data)}|${seed}`;
      const other = seen.get(key);
      if (other !== undefined) {
        throw new ConfigError({
          file: plan.file, path: ["grid", "protocol"],
          message: `cells ${other} and ${cell.runId} are the same cell (protocol ${res.data.protocol}); their rows would be duplicates`,
          fix: "keep one of the two levels (calibrated is an alias of isotonic)",
        });
      }
      seen.set(key, cell.runId);
      if (plan.llm) assertLLMMatch(res.data, plan.file);
    }
  },
  runCell: runCalibrationCell,
  ...(calibrationClaims ? { claims: calibrationClaims } : {}),
};
