/**
 * A Minecraft session for one cell of a run: the server and its bots, opened once and reused for
 * the cell's episodes, closed at the end (no process left behind). `params.minecraft` sets it up.
 */
import { join } from "node:path";
import { z } from "zod";
import type { Rng } from "../../core/rng.js";
import type { AsyncJudge, ChatWriter } from "../case.js";
import type { CompiledTask } from "../task.js";
import type { SimParams } from "../types.js";
import { runMinecraftEpisode } from "./episode.js";
import type { MinecraftEpisodeResult } from "./episode.js";
import { startServer } from "./server.js";
import type { MinecraftServer } from "./server.js";
import { MinecraftWorld, checkTaskBlocks } from "./world.js";

/** `params.minecraft`: how the live server runs (used when `params.backend` is "minecraft"). */
export const MinecraftParamsSchema = z.strictObject({
  /** The flat world's seed (the server's world generator is seeded with it). */
  worldSeed: z.number().int().default(1),
  /** Folder of the servers' log files (one per cell). */
  logDir: z.string().default(".cache/minecraft"),
  /** Milliseconds one bot action may take before it counts as failed. */
  actionTimeoutMs: z.number().int().positive().default(20_000),
  /** Milliseconds the server may take to start. */
  startTimeoutMs: z.number().int().positive().default(60_000),
  /**
   * Always false: bot physics, the network and the server's own clock make a live-server run
   * non-deterministic; same config and seeds give byte-identical tables on the block world only.
   */
  deterministic: z.literal(false).default(false),
});
export type MinecraftParams = z.infer<typeof MinecraftParamsSchema>;

export interface MinecraftSession {
  episode(task: CompiledTask, policy: string, params: SimParams, rng: Rng, judge: AsyncJudge,
    opts?: { log?: boolean; chat?: ChatWriter }): Promise<MinecraftEpisodeResult>;
  readonly server: MinecraftServer;
  close(): Promise<void>;
}

/**
 * Checks the cell's tasks against the server's Minecraft version, then starts a server.
 * @throws DataError naming a block the version does not know (before the server starts);
 *   MinecraftServerError naming the port and the log file when the server cannot start.
 * @example
 * const s = await openMinecraftSession("policy=gated,seed=1", tasks, params.minecraft);
 * try { await s.episode(task, "gated", sim, rng, judge); } finally { await s.close(); }
 */
export async function openMinecraftSession(runId: string, tasks: CompiledTask[], given: Partial<MinecraftParams> | undefined): Promise<MinecraftSession> {
  const p = MinecraftParamsSchema.parse(given ?? {});
  for (const t of tasks) checkTaskBlocks(t);
  const server = await startServer({
    seed: p.worldSeed, startTimeoutMs: p.startTimeoutMs,
    logFile: join(p.logDir, `${runId.replace(/[^A-Za-z0-9_.=,-]/g, "_")}.log`),
  });
  let world: MinecraftWorld | null = null;
  const close = async () => {
    world?.close();
    world = null;
    await server.stop();
  };
  return {
    server,
    close,
    async episode(task, policy, params, rng, judge, opts = {}) {
      if (world && world.agents !== task.nAgents) { world.close(); world = null; }
      world ??= await MinecraftWorld.open(server, task.nAgents, { actionTimeoutMs: p.actionTimeoutMs });
      return runMinecraftEpisode(world, task, policy, params, rng, judge, opts);
    },
  };
}
