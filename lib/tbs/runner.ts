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
 * Merges a cell's condition into the params: a factor is a parameter (`mode`) or a dotted path into one
 * (`memoryOptions.latestN`); any other name is refused (a misspelt factor would otherwise run cells that differ only
 * in a column). `extra` stays for callers that label rows; it is always empty here.
 * @throws ConfigError for a factor that is not a parameter, or a merged level that is invalid (e.g. mode "chaos"),
 *   naming `grid.<factor>` and the allowed names or levels.
 * @example mergeCondition(params, { mode: "rotation", "memoryOptions.latestN": 3 }).params.memoryOptions.latestN // → 3
 */
export function mergeCondition(params: TbsParams, condition: Record<string, Level>, file?: string): { params: TbsParams; extra: Record<string, Level> } {
  const merged = structuredClone(params) as unknown as Record<string, unknown>;
  for (const [k, v] of Object.entries(condition)) {
    const path = k.split(".");
    let at = merged;
    for (const part of path.slice(0, -1)) {
      if (typeof at[part] !== "object" || at[part] === null) at = {};
      else at = at[part] as Record<string, unknown>;
    }
    if (!PARAM_KEYS.has(path[0]) || !(path[path.length - 1] in at)) {
      throw new ConfigError({ file, path: ["grid", k], message: `"${k}" is not a parameter of tbs`, fix: `use one of: ${[...PARAM_KEYS].join(", ")} (or a dotted path into one)` });
    }
    at[path[path.length - 1]] = v;
  }
  try {
    return { params: parseParams(merged, file), extra: {} };
  } catch (e) {
    const ce = e as ConfigError;
    const field = (ce.path ?? []).slice(1).join(".");
    const factor = Object.keys(condition).find((k) => field === k || field.startsWith(`${k}.`));
    if (factor) {
      throw new ConfigError({ file, path: ["grid", factor], message: `level ${JSON.stringify(condition[factor])} is invalid: ${ce.message.split("\n")[0].replace(/^.*?params\.[\w.]+: /, "")}`, fix: "use one of the allowed levels (lib/tbs/params.ts)" });
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
