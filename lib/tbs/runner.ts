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

/** Merges a cell's condition into the params: factor names that are parameters override them; others become columns. */
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
    return { calls: reason + speak, inputTokens: reason * 700 + speak * 600, outputTokens: reason * 150 + speak * 80 };
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
