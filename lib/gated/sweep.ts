/**
 * One-parameter sensitivity sweeps of the offline model, run in-process (no run folder): how a
 * result depends on a cost the model had to assume (e.g. the ticks a reader loses per chat message).
 */
import { createRng } from "../core/rng.js";
import { runEpisode } from "./episode.js";
import { generateTask } from "./generator.js";
import type { Family } from "./generator.js";
import { OFFLINE_MODEL_LABEL, offlineJudge } from "./models/offline.js";
import { compileTask } from "./task.js";
import { SimParamsSchema } from "./types.js";
import type { SimParams } from "./types.js";

export interface SweepOptions {
  policies: string[];
  scenarios?: ("standard" | "scarce")[];
  episodes?: number;
  seed?: number;
  family?: Partial<Family>;
  base?: Partial<SimParams>;
}

/**
 * Runs every policy × scenario × level of one simulator parameter on the same tasks, offline.
 * Rows: `model, param, level, policy, scenario, episode, success, completion_steps, uer, lrr, ecr, messages`.
 * @throws ZodError when a level is invalid for the parameter.
 * @example
 * sweepParam("chatReadTicks", [0, 1, 2], { policies: ["free_chat", "gated"], episodes: 40 });
 */
export function sweepParam(param: keyof SimParams, levels: readonly number[], opts: SweepOptions): Record<string, unknown>[] {
  const rows: Record<string, unknown>[] = [];
  const seed = opts.seed ?? 1;
  for (const scenario of opts.scenarios ?? ["standard", "scarce"]) {
    const tasks = Array.from({ length: opts.episodes ?? 40 }, (_, i) =>
      compileTask(`${scenario}_${i}`, generateTask({ ...opts.family, scenario }, createRng(seed).fork("sweep-task", scenario, i))));
    for (const level of levels) {
      const params = SimParamsSchema.parse({ ...opts.base, [param]: level });
      for (const policy of opts.policies) {
        tasks.forEach((task, i) => {
          const rng = createRng(seed).fork("sweep", String(param), level, policy, i);
          const m = runEpisode(task, policy, params, rng, offlineJudge(params.adjudicatorAccuracy, rng.fork("judge"))).metrics;
          rows.push({ model: OFFLINE_MODEL_LABEL, param, level, policy, scenario, episode: i, success: m.success,
            completion_steps: m.completion_steps, uer: m.uer, lrr: m.lrr, ecr: m.ecr, messages: m.messages });
        });
      }
    }
  }
  return rows;
}
