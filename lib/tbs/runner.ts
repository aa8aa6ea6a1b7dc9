/**
 * The TBS mechanism as the experiment runner sees it: parameters, tables, the offline model's label, prompts,
 * the plan check, and one cell = one discussion (params with the cell's condition merged in).
 */
import { ConfigError } from "../core/errors.js";
import { createRng } from "../core/rng.js";
import type { Level, MechanismRunner } from "../core/mechanism.js";
import { tbsClaims } from "./claims.js";
import { OFFLINE_MODEL_LABEL } from "./models/offline.js";
import { promptTemplates } from "./models/prompts.js";
import { ABLATIONS, OFFLINE_ONLY_ABLATIONS, tbsParamsSchema, type TbsParams } from "./params.js";
import { loadEcology, loadTopic } from "./personas.js";
import { parseParams, runTbs } from "./run.js";

const PARAM_KEYS = new Set(Object.keys(tbsParamsSchema.shape));
/** The defaults of the TBS-only rules, the only values a baseline protocol's cells may carry. */
const RULE_DEFAULTS = { mode: tbsParamsSchema.shape.mode.parse(undefined), force: tbsParamsSchema.shape.force.parse(undefined) };

/**
 * Merges a cell's condition into the params: factor names that are parameters override them; others become columns.
 * @throws ConfigError when a merged level is invalid (e.g. mode "chaos"), naming `grid.<factor>` and the allowed levels.
 * @example mergeCondition(params, { mode: "rotation", arm: "b" }) // → { params: {…mode: "rotation"}, extra: { arm: "b" } }
 */
export function mergeCondition(params: TbsParams, condition: Record<string, Level>, file?: string): { params: TbsParams; extra: Record<string, Level> } {
  const over: Record<string, unknown> = {};
  const extra: Record<string, Level> = {};
  for (const [k, v] of Object.entries(condition)) {
    if (PARAM_KEYS.has(k)) over[k] = v;
    else extra[k] = v;
  }
  try {
    return { params: parseParams({ ...params, ...over }, file), extra };
  } catch (e) {
    const ce = e as ConfigError;
    const field = ce.path?.[1];
    if (typeof field === "string" && field in over) {
      throw new ConfigError({ file, path: ["grid", field], message: `level ${JSON.stringify(over[field])} is invalid: ${ce.message.split("\n")[0].replace(/^.*?params\.[\w.]+: /, "")}`, fix: "use one of the allowed levels (lib/tbs/params.ts)" });
    }
    throw e;
  }
}

/**
 * The plan check: every cell's levels are valid; persona and topic files load; `mode` and `force` vary, or leave
 * their defaults, only under protocol `tbs`; and an LLM run refuses ablations that change only the offline model
 * (their cells could not differ from `none`, yet would be paid for).
 * @throws ConfigError naming the config file and the field.
 */
export function checkPlan(plan: { file: string; params: TbsParams; cells: { runId: string; condition: Record<string, Level> }[]; llm: boolean }): void {
  const { file, cells } = plan;
  const checked = new Set<string>();
  const varying = (f: string) => new Set(cells.map((c) => c.condition[f]).filter((x) => x !== undefined)).size > 1;
  for (const cell of cells) {
    const p = mergeCondition(plan.params, cell.condition, file).params;
    for (const [what, name, load] of [["ecology", p.ecology, loadEcology], ["topic", p.topic, loadTopic]] as const) {
      const key = `${what}:${name}`;
      if (checked.has(key)) continue;
      checked.add(key);
      load(name);
    }
    if (p.protocol !== "tbs") {
      for (const f of ["mode", "force"] as const) {
        if (varying(f)) {
          throw new ConfigError({
            file,
            path: ["grid", f],
            message: `cell ${cell.runId}: ${f} varies, but ${f} applies only to protocol "tbs" (this cell's protocol is "${p.protocol}")`,
            fix: `compare protocols in a grid without ${f}, or keep protocol at "tbs" when varying ${f}`,
          });
        }
        if (p[f] !== RULE_DEFAULTS[f]) {
          throw new ConfigError({
            file,
            path: cell.condition[f] !== undefined ? ["grid", f] : ["params", f],
            message: `cell ${cell.runId}: ${f} is "${p[f]}", but ${f} applies only to protocol "tbs" (this cell's protocol is "${p.protocol}"), whose rows would carry a label that did not apply`,
            fix: `leave ${f} at its default ("${RULE_DEFAULTS[f]}") in a config that runs protocol "${p.protocol}", and run the TBS ${f} "${p[f]}" in a config of its own`,
          });
        }
      }
    }
    if (plan.llm && OFFLINE_ONLY_ABLATIONS.includes(p.ablation)) {
      const inGrid = cell.condition.ablation !== undefined;
      throw new ConfigError({
        file,
        path: inGrid ? ["grid", "ablation"] : ["params", "ablation"],
        message: `ablation "${p.ablation}" changes only a parameter of the offline model; on an LLM its cells could not differ from "none"`,
        fix: `remove "${p.ablation}" from ${inGrid ? "grid.ablation" : "params.ablation"} for LLM runs (LLM ablations: ${ABLATIONS.filter((a) => !OFFLINE_ONLY_ABLATIONS.includes(a)).join(", ")})`,
      });
    }
  }
}

export const runner: MechanismRunner<TbsParams> = {
  name: "tbs",
  paramsSchema: tbsParamsSchema,
  tables: ["states", "utterances", "costs"],
  offlineModelLabel: OFFLINE_MODEL_LABEL,
  promptTemplates: { ...promptTemplates },
  checkPlan,
  claims: tbsClaims,
  async runCell(ctx) {
    const { params, extra } = mergeCondition(ctx.params, ctx.condition);
    const res = await runTbs(params, {
      // With seedStreams (common random numbers), a cell's stream depends on its seed alone, not on its condition: the
      // conditions of a seed are discussions among the same participants with the same draws (params.ts).
      rng: params.seedStreams ? createRng(ctx.seed).fork("tbs", "cell") : ctx.rng,
      llm: ctx.model.kind === "llm" ? ctx.model.llm : undefined,
      address: ctx.address,
      meta: { run_id: ctx.runId, seed: ctx.seed, condition: extra },
      progress: ctx.progress,
    });
    return { tables: { states: res.states, utterances: res.utterances, costs: res.costs }, usage: res.usage };
  },
};
