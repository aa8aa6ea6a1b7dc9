/**
 * One TBS run from parameters: loads the ecology and topic, assigns personas, builds the agent model, simulates.
 */
import type { LanguageModel } from "../core/model.js";
import type { Rng } from "../core/rng.js";
import { ConfigError } from "../core/errors.js";
import { simulate, type RunMeta, type SimulationResult } from "./engine.js";
import { OfflineTbsModel } from "./models/offline.js";
import { LlmTbsModel, type Addresser } from "./models/llm.js";
import { cellAddresser } from "../core/mechanism.js";
import { tbsParamsSchema, type TbsParams, type TbsParamsInput } from "./params.js";
import { assignPersonas, loadEcology, loadTopic } from "./personas.js";

export interface RunOptions {
  /** A language model; omit for the offline parametric model. */
  llm?: LanguageModel;
  rng: Rng;
  /** The cell context's `address` (LLM calls); default: the cell "" of mechanism "tbs" at the rng's seed. */
  address?: Addresser;
  meta?: Partial<RunMeta>;
  progress?: (fraction: number) => void;
}

/**
 * Validates parameters (filling defaults).
 * @throws ConfigError naming the field and the fix.
 * @example parseParams({ agents: 8, mode: "rotation" }).intervals // 30
 */
export function parseParams(input: TbsParamsInput | Record<string, unknown>, file?: string): TbsParams {
  const r = tbsParamsSchema.safeParse(input);
  if (!r.success) {
    const issue = r.error.issues[0];
    throw new ConfigError({ file, path: ["params", ...(issue.path as (string | number)[])], message: issue.message, fix: "see lib/tbs/params.ts for the fields, their ranges and defaults" });
  }
  return r.data;
}

/**
 * Runs one discussion with the offline model or a language model.
 * @throws ConfigError for an invalid parameter, persona or topic file.
 * @example const res = await runTbs({ agents: 6, intervals: 20 }, { rng: createRng(1) });
 */
export async function runTbs(input: TbsParamsInput | TbsParams, opts: RunOptions): Promise<SimulationResult> {
  const params = parseParams(input);
  const eco = loadEcology(params.ecology);
  const topic = loadTopic(params.topic);
  const personas = assignPersonas(eco, params.agents, opts.rng.fork("personas"));
  const model = opts.llm
    ? new LlmTbsModel(opts.llm, params, topic, opts.address ?? cellAddresser("tbs", "", opts.rng.seed))
    : new OfflineTbsModel(params, personas, topic, opts.rng.fork("model"));
  const meta: RunMeta = { run_id: opts.meta?.run_id ?? `seed=${opts.rng.seed}`, seed: opts.meta?.seed ?? opts.rng.seed, condition: opts.meta?.condition };
  return simulate(params, personas, topic, model, opts.rng.fork("engine"), meta, opts.progress);
}
