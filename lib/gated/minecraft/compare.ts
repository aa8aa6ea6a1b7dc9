/**
 * The block world and Minecraft on the same tasks and seeds, side by side. Each (task, policy,
 * seed) is played once on each backend with the same random streams (the episode's and the
 * adjudicator's), so the decision layer meets the same cases; what differs is what the world does.
 */
import { createRng } from "../../core/rng.js";
import { runEpisode } from "../episode.js";
import type { EpisodeMetrics } from "../episode.js";
import { offlineJudge } from "../models/offline.js";
import type { CompiledTask } from "../task.js";
import type { SimParams } from "../types.js";
import type { MinecraftColumns } from "./episode.js";
import { GAME_TICKS_PER_WORLD_TICK } from "./episode.js";
import { openMinecraftSession } from "./session.js";
import type { MinecraftParams } from "./session.js";

/** The metrics compared, in the `episodes` table's names. */
export const COMPARED = ["success", "score", "completion_steps", "problems", "escalated", "lrr", "uer", "ecr", "messages", "tokens"] as const;
type Compared = (typeof COMPARED)[number];

export interface ComparisonRow {
  task: string; policy: string; seed: number; blocks: number; agents: number;
  blockworld: Pick<EpisodeMetrics, Compared> & { game_ticks: number | null };
  minecraft: Pick<EpisodeMetrics, Compared> & Omit<MinecraftColumns, "backend">;
  /** minecraft − blockworld for the numeric metrics (success and score as 0/1 and fractions). */
  diff: Record<Compared | "game_ticks", number | null>;
}

const num = (v: number | boolean | null): number | null => (v === null ? null : typeof v === "boolean" ? Number(v) : v);

/**
 * Plays every task × policy × seed on both backends (offline adjudicator) and returns the metrics side by side.
 * The block world's completion time is converted to game ticks at `GAME_TICKS_PER_WORLD_TICK` (a modelled
 * 1 s per action); Minecraft's is measured on the server.
 * @example
 * const rows = await compareBackends(tasks, ["gated", "rigid"], [1, 2], sim);
 * rows[0].diff.game_ticks; // how much longer the live world took
 */
export async function compareBackends(tasks: CompiledTask[], policies: string[], seeds: number[], sim: SimParams,
  minecraft: Partial<MinecraftParams> = {}, onRow?: (r: ComparisonRow) => void): Promise<ComparisonRow[]> {
  const out: ComparisonRow[] = [];
  const session = await openMinecraftSession("compare", tasks, minecraft);
  try {
    for (const task of tasks) {
      for (const policy of policies) {
        for (const seed of seeds) {
          const streams = () => {
            const rng = createRng(seed).fork("compare", task.id, policy);
            return { rng, judge: offlineJudge(sim.adjudicatorAccuracy, rng.fork("judge")) };
          };
          const a = streams();
          const b = runEpisode(task, policy, sim, a.rng, a.judge).metrics;
          const m = streams();
          const r = await session.episode(task, policy, sim, m.rng, async (c) => m.judge(c));
          const pick = (x: EpisodeMetrics) => Object.fromEntries(COMPARED.map((k) => [k, x[k]])) as Pick<EpisodeMetrics, Compared>;
          const { backend: _backend, ...mcCols } = r.minecraft;
          const bwTicks = b.success ? b.completion_steps * GAME_TICKS_PER_WORLD_TICK : null;
          const diff = Object.fromEntries(COMPARED.map((k) => {
            const x = num(b[k]), y = num(r.metrics[k]);
            return [k, x === null || y === null ? null : y - x];
          })) as ComparisonRow["diff"];
          diff.game_ticks = bwTicks === null || r.minecraft.game_ticks === null ? null : r.minecraft.game_ticks - bwTicks;
          const row: ComparisonRow = {
            task: task.id, policy, seed, blocks: task.cells.length, agents: task.nAgents,
            blockworld: { ...pick(b), game_ticks: bwTicks },
            minecraft: { ...pick(r.metrics), ...mcCols },
            diff,
          };
          out.push(row);
          onRow?.(row);
        }
      }
    }
  } finally {
    await session.close();
  }
  return out;
}
