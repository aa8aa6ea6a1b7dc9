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
export const COMPARED = ["success", "score", "completion_steps", "problems", "escalated", "escalations", "lrr", "uer", "ecr", "messages", "tokens"] as const;
type Compared = (typeof COMPARED)[number];

export interface ComparisonRow {
  task: string; policy: string; seed: number; blocks: number; agents: number;
  blockworld: Pick<EpisodeMetrics, Compared> & { game_ticks: number | null };
  minecraft: Pick<EpisodeMetrics, Compared> & Omit<MinecraftColumns, "backend">;
  /** Blocks placed (score × blueprint blocks) on each backend. */
  placed: { blockworld: number; minecraft: number };
  /** minecraft − blockworld for the numeric metrics (success and score as 0/1 and fractions) and blocks placed. */
  diff: Record<Compared | "game_ticks" | "placed", number | null>;
}

const num = (v: unknown): number | null => (v === null || v === undefined ? null : typeof v === "boolean" ? Number(v) : Number(v));

/**
 * One (task, policy, seed) side by side: the block world's metrics, Minecraft's, and minecraft − blockworld. The
 * block world's completion time is `completion_steps × GAME_TICKS_PER_WORLD_TICK` (a modelled 1 s per action).
 * @example
 * compareEpisode({ task: "t", policy: "gated", seed: 1, blocks: 12, agents: 2 }, bw, mc, mcColumns).diff.game_ticks;
 */
export function compareEpisode(id: Pick<ComparisonRow, "task" | "policy" | "seed" | "blocks" | "agents">, b: Pick<EpisodeMetrics, Compared>,
  mc: Pick<EpisodeMetrics, Compared>, mcCols: Omit<MinecraftColumns, "backend">): ComparisonRow {
  const pick = (x: Pick<EpisodeMetrics, Compared>) => Object.fromEntries(COMPARED.map((k) => [k, x[k]])) as Pick<EpisodeMetrics, Compared>;
  const bwTicks = b.success ? b.completion_steps * GAME_TICKS_PER_WORLD_TICK : null;
  const diff = Object.fromEntries(COMPARED.map((k) => {
    const x = num(b[k]), y = num(mc[k]);
    return [k, x === null || y === null ? null : y - x];
  })) as ComparisonRow["diff"];
  diff.game_ticks = bwTicks === null || mcCols.game_ticks === null ? null : mcCols.game_ticks - bwTicks;
  const placed = { blockworld: Math.round(Number(b.score) * id.blocks), minecraft: Math.round(Number(mc.score) * id.blocks) };
  diff.placed = placed.minecraft - placed.blockworld;
  return { ...id, blockworld: { ...pick(b), game_ticks: bwTicks }, minecraft: { ...pick(mc), ...mcCols }, placed, diff };
}

/**
 * Pairs two `episodes` tables of the same grid and seeds, one run on each backend (the runner derives every episode's
 * task and random streams from the seed, the cell and the episode, never from the backend), by policy, agents, seed
 * and episode, and compares each pair. A Minecraft row without its block-world twin (or a different task) is an error.
 * @throws Error naming the row that has no twin.
 * @example
 * const rows = compareTables(blockworldRun.tables.episodes, minecraftEpisodes);
 */
export function compareTables(blockworld: Record<string, unknown>[], minecraft: Record<string, unknown>[]): ComparisonRow[] {
  const key = (r: Record<string, unknown>) => `${r.policy}|${r.agents}|${r.seed}|${r.episode}`;
  const twins = new Map(blockworld.map((r) => [key(r), r]));
  return minecraft.map((m) => {
    const b = twins.get(key(m));
    if (!b) throw new Error(`compareTables: no block-world episode for ${key(m)} (policy|agents|seed|episode); run the same grid and seeds on the block world`);
    if (b.task !== m.task) throw new Error(`compareTables: ${key(m)} is task ${String(m.task)} on Minecraft but ${String(b.task)} in the block world`);
    const metrics = (r: Record<string, unknown>) => Object.fromEntries(COMPARED.map((k) => [k, r[k]])) as Pick<EpisodeMetrics, Compared>;
    const { backend: _b, ...mcCols } = Object.fromEntries(MINECRAFT_COLUMNS.map((k) => [k, m[k] ?? null])) as unknown as MinecraftColumns;
    return compareEpisode({ task: String(m.task), policy: String(m.policy), seed: Number(m.seed), blocks: Number(m.blocks), agents: Number(m.agents) },
      metrics(b), metrics(m), mcCols);
  });
}

/** The columns only the Minecraft backend writes. */
export const MINECRAFT_COLUMNS = ["backend", "game_ticks", "game_ticks_total", "server_score", "mirror_score", "actions", "failed_actions",
  "placements_undone", "gives_undone", "observed_cells", "observed_units", "observed_tools", "top_failure", "ms_per_action", "emulated_actions", "uer_counterfactual"] as const satisfies readonly (keyof MinecraftColumns)[];

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
          const { backend: _backend, ...mcCols } = r.minecraft;
          const row = compareEpisode({ task: task.id, policy, seed, blocks: task.cells.length, agents: task.nAgents }, b, r.metrics, mcCols);
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

const meanOf = (xs: unknown[]): number | null => {
  const v = xs.filter((x) => x !== null && x !== undefined).map(Number);
  return v.length ? v.reduce((a, b) => a + b, 0) / v.length : null;
};

/**
 * Per policy, one row per backend: episodes, TSR %, score, completion steps, game ticks to completion (built episodes),
 * messages, problems, problems escalated, UER and ECR (episode means). The Minecraft rows are labelled as live.
 * @example
 * plot.table(backendTable(compareTables(bw, mc)));
 */
export function backendTable(pairs: ComparisonRow[]): Record<string, string | number | null>[] {
  const policies = [...new Set(pairs.map((r) => r.policy))];
  return policies.flatMap((policy) => (["blockworld", "minecraft"] as const).map((backend) => {
    const g = pairs.filter((r) => r.policy === policy).map((r) => r[backend] as Record<string, unknown>);
    return { policy, backend: backend === "minecraft" ? "minecraft (live, not deterministic)" : "blockworld", episodes: g.length,
      "TSR %": 100 * (meanOf(g.map((r) => r.success)) ?? 0), score: meanOf(g.map((r) => r.score)),
      "blocks placed": meanOf(pairs.filter((r) => r.policy === policy).map((r) => r.placed[backend])), escalations: meanOf(g.map((r) => r.escalations)),
      "completion steps": meanOf(g.map((r) => r.completion_steps)), "game ticks (built)": meanOf(g.map((r) => r.game_ticks)),
      messages: meanOf(g.map((r) => r.messages)), problems: meanOf(g.map((r) => r.problems)), escalated: meanOf(g.map((r) => r.escalated)),
      UER: meanOf(g.map((r) => r.uer)), ECR: meanOf(g.map((r) => r.ecr)) };
  }));
}

/**
 * How many pairs differ in each compared metric, and what the live server did: actions, failures, undone placements and
 * hand-overs, episodes per emulated action, and minecraft − blockworld game ticks over the pairs built on both.
 * @example
 * backendDifferences(pairs).differing; // [{ metric: "success", pairs: 0 }, …]
 */
export function backendDifferences(pairs: ComparisonRow[]) {
  const differing = [...COMPARED, "placed" as const, "game_ticks" as const].map((k) => ({ metric: k,
    "pairs that differ": pairs.filter((r) => r.diff[k] !== null && r.diff[k] !== 0).length,
    "pairs without a value": pairs.filter((r) => r.diff[k] === null).length }));
  const sum = (k: "actions" | "failed_actions" | "placements_undone" | "gives_undone" | "observed_cells" | "observed_units" | "observed_tools") =>
    pairs.reduce((s, r) => s + Number(r.minecraft[k] ?? 0), 0);
  const emulated: Record<string, number> = {};
  for (const r of pairs) for (const a of String(r.minecraft.emulated_actions).split(",").filter(Boolean)) emulated[a] = (emulated[a] ?? 0) + 1;
  const dt = pairs.filter((r) => r.diff.game_ticks !== null).map((r) => Number(r.diff.game_ticks));
  return {
    differing, actions: sum("actions"), failedActions: sum("failed_actions"), placementsUndone: sum("placements_undone"),
    givesUndone: sum("gives_undone"), emulated,
    observed: { cells: sum("observed_cells"), units: sum("observed_units"), tools: sum("observed_tools"),
      episodes: pairs.filter((r) => Number(r.minecraft.observed_cells ?? 0) + Number(r.minecraft.observed_units ?? 0) + Number(r.minecraft.observed_tools ?? 0) > 0).length },
    gameTicks: { pairs: dt.length, mean: meanOf(dt), min: dt.length ? Math.min(...dt) : null, max: dt.length ? Math.max(...dt) : null },
    notBuilt: { blockworld: pairs.filter((r) => !r.blockworld.success).length, minecraft: pairs.filter((r) => r.minecraft.game_ticks === null).length },
  };
}
