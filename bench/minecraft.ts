/**
 * Benchmark: the gated mechanism on a live Minecraft server (flying-squid + one mineflayer bot per
 * agent) against the block world, on the same small tasks and seeds. Reports episodes per minute
 * on the server (setup of the site included; server start and bot joins reported apart, as a run
 * pays them once per cell), wall-clock milliseconds per bot action, and the block world's rate on
 * the same tasks. The machine is shared and the server is real-time: expect run-to-run spread.
 * Run: npx tsx bench/minecraft.ts [--episodes N]   → writes bench/results/minecraft.json
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { createRng } from "../lib/core/rng.js";
import { runEpisode } from "../lib/gated/episode.js";
import { generateTask } from "../lib/gated/generator.js";
import { runMinecraftEpisode } from "../lib/gated/minecraft/episode.js";
import { startServer } from "../lib/gated/minecraft/server.js";
import { MinecraftWorld } from "../lib/gated/minecraft/world.js";
import { offlineJudge } from "../lib/gated/models/offline.js";
import { compileTask } from "../lib/gated/task.js";
import { SimParamsSchema } from "../lib/gated/types.js";

const i = process.argv.indexOf("--episodes");
const perPolicy = i >= 0 ? Number(process.argv[i + 1]) : 3;
const params = SimParamsSchema.parse({});
const policies = ["rigid", "gated", "free_chat"];
const tasks = Array.from({ length: perPolicy }, (_, k) =>
  compileTask(`bench_mc_${k}`, generateTask({ agents: 2, width: 3, depth: 2, levels: 2, materials: 2, scenario: "standard" }, createRng(100 + k))));

const t0 = performance.now();
const server = await startServer({ logFile: ".cache/minecraft/bench.log", startTimeoutMs: 180_000 });
const tServer = performance.now() - t0;
const t1 = performance.now();
const world = await MinecraftWorld.open(server, 2);
const tBots = performance.now() - t1;

const perEpisodeMs: number[] = [];
let actions = 0, actionMs = 0, failed = 0, successes = 0, gameTicks = 0;
const byKind: Record<string, { n: number; ms: number }> = {};
const bySuccess: Record<string, { mc: number; bw: number; n: number }> = {};
try {
  for (const policy of policies) {
    bySuccess[policy] = { mc: 0, bw: 0, n: 0 };
    for (const [k, task] of tasks.entries()) {
      const rng = createRng(k + 1);
      const judge = offlineJudge(params.adjudicatorAccuracy, rng.fork("judge"));
      const e0 = performance.now();
      const r = await runMinecraftEpisode(world, task, policy, params, rng, async (c) => judge(c));
      perEpisodeMs.push(performance.now() - e0);
      actions += r.minecraft.actions;
      for (const [kind, t] of Object.entries(r.timing)) { const k = (byKind[kind] ??= { n: 0, ms: 0 }); k.n += t.n; k.ms += t.ms; }
      actionMs += r.minecraft.ms_per_action * r.minecraft.actions;
      failed += r.minecraft.failed_actions;
      gameTicks += r.minecraft.game_ticks_total;
      if (r.metrics.success) successes++;
      const rb = createRng(k + 1);
      const b = runEpisode(task, policy, params, rb, offlineJudge(params.adjudicatorAccuracy, rb.fork("judge")));
      bySuccess[policy].mc += Number(r.metrics.success);
      bySuccess[policy].bw += Number(b.metrics.success);
      bySuccess[policy].n++;
      console.log(`${policy.padEnd(10)} ${task.id} ${task.cells.length} blocks: ${((performance.now() - e0) / 1000).toFixed(1)} s, ` +
        `${r.minecraft.actions} actions (${r.minecraft.failed_actions} failed), ${r.minecraft.ms_per_action} ms/action, success ${r.metrics.success} (block world ${b.metrics.success})`);
    }
  }
} finally {
  world.close();
  await server.stop();
}

// the block world on the same tasks, for contrast
const b0 = performance.now();
let nb = 0;
while (performance.now() - b0 < 1000) {
  for (const policy of policies) for (const [k, task] of tasks.entries()) {
    const rb = createRng(k + 1);
    runEpisode(task, policy, params, rb, offlineJudge(params.adjudicatorAccuracy, rb.fork("judge")));
    nb++;
  }
}
const bwPerMinute = (nb * 60_000) / (performance.now() - b0);

const totalMs = perEpisodeMs.reduce((s, x) => s + x, 0);
const sorted = perEpisodeMs.slice().sort((a, b) => a - b);
const result = {
  task: "2 agents, 3 × 2 × 2 (12 blocks), 2 materials, standard scenario",
  episodes: perEpisodeMs.length,
  minecraftEpisodesPerMinute: Math.round(((perEpisodeMs.length * 60_000) / totalMs) * 10) / 10,
  medianEpisodeSeconds: Math.round(sorted[Math.floor(sorted.length / 2)] / 100) / 10,
  msPerAction: Math.round(actionMs / Math.max(1, actions)),
  msPerActionByKind: Object.fromEntries(Object.entries(byKind).map(([k, t]) => [k, { n: t.n, ms: Math.round(t.ms / t.n) }])),
  actions, failedActions: failed, successes,
  gameTicksPerEpisode: Math.round(gameTicks / perEpisodeMs.length),
  serverStartSeconds: Math.round(tServer / 100) / 10,
  botJoinSecondsPerBot: Math.round(tBots / 2 / 100) / 10,
  blockworldEpisodesPerMinute: Math.round(bwPerMinute),
  successByPolicy: bySuccess,
  cpus: cpus().length,
};
console.log(JSON.stringify(result, null, 2));
mkdirSync("bench/results", { recursive: true });
writeFileSync("bench/results/minecraft.json", JSON.stringify(result, null, 2) + "\n");
