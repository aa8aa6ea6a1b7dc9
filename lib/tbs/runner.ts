/**
 * The TBS mechanism as the experiment runner sees it: parameters, tables, the offline model's label, prompts,
 * and one cell = one discussion (params with the cell's condition merged in).
 */
import type { MechanismRunner } from "../core/mechanism.js";
import { OFFLINE_MODEL_LABEL } from "./models/offline.js";
import { promptTemplates } from "./models/prompts.js";
import { tbsParamsSchema, type TbsParams } from "./params.js";
import { parseParams, runTbs } from "./run.js";

const PARAM_KEYS = new Set(Object.keys(tbsParamsSchema.shape));

/**
 * Merges a cell's condition into the params: factor names that are parameters override them; others become columns.
 * @throws ConfigError when a merged level is invalid (e.g. mode "chaos").
 * @example mergeCondition(params, { mode: "rotation", arm: "b" }) // → { params: {…mode: "rotation"}, extra: { arm: "b" } }
 */
export function mergeCondition(params: TbsParams, condition: Record<string, string | number | boolean>): { params: TbsParams; extra: Record<string, string | number | boolean> } {
  const over: Record<string, unknown> = {};
  const extra: Record<string, string | number | boolean> = {};
  for (const [k, v] of Object.entries(condition)) {
    if (PARAM_KEYS.has(k)) over[k] = v;
    else extra[k] = v;
  }
  return { params: parseParams({ ...params, ...over }), extra };
}

export const runner: MechanismRunner<TbsParams> = {
  name: "tbs",
  paramsSchema: tbsParamsSchema,
  tables: ["states", "utterances"],
  offlineModelLabel: OFFLINE_MODEL_LABEL,
  promptTemplates: { ...promptTemplates },
  estimateCell(params, condition) {
    const p = mergeCondition(params, condition as Record<string, string | number | boolean>).params;
    const reason = p.agents * p.intervals;
    const speak = p.intervals;
    // Summary memory: at most one compression call per interval once the transcript is older than summaryKeep.
    const summary = p.memory === "summary" ? Math.max(0, p.intervals - p.memoryOptions.summaryKeep) : 0;
    return { calls: reason + speak + summary, inputTokens: reason * 700 + speak * 600 + summary * 500, outputTokens: reason * 150 + speak * 80 + summary * 150 };
  },
  async runCell(ctx) {
    const { params, extra } = mergeCondition(ctx.params, ctx.condition);
    const res = await runTbs(params, {
      rng: ctx.rng,
      llm: ctx.model.kind === "llm" ? ctx.model.llm : undefined,
      meta: { run_id: ctx.runId, seed: ctx.seed, condition: extra },
      progress: ctx.progress,
    });
    return { tables: { states: res.states, utterances: res.utterances }, usage: res.usage };
  },
};
