/**
 * Benchmark: offline episodes per second of the gated block world on a 3-agent, 200-block task
 * (10 × 10 × 2, four materials), for every policy and both scenario presets. Goal: ≥ 200 episodes/s.
 * Each measurement runs episodes on one compiled task for `--seconds` (default 2) after a warm-up,
 * three rounds, and keeps the median (the machine is shared; the median resists bursts of load).
 * Counterfactual rollouts for UER are included: every escalation forks the world and rolls the stay-local branch out
 * to the end of the episode. The rollouts per episode and the rate without them are reported beside it.
 * Run: npx tsx bench/gated.ts [--seconds S]   → writes bench/results/gated.json
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { createRng } from "../lib/core/rng.js";
import { runEpisode } from "../lib/gated/episode.js";
import { generateTask } from "../lib/gated/generator.js";
import { offlineJudge } from "../lib/gated/models/offline.js";
import { compileTask } from "../lib/gated/task.js";
import { POLICIES, SimParamsSchema } from "../lib/gated/types.js";

const i = process.argv.indexOf("--seconds");
const seconds = i >= 0 ? Number(process.argv[i + 1]) : 2;

function rate(policy: string, scenario: "standard" | "scarce", params = SimParamsSchema.parse({})): { episodesPerSecond: number; blocks: number; rollouts: number } {
  const task = compileTask(`bench_${scenario}`, generateTask({ agents: 3, width: 10, depth: 10, levels: 2, scenario }, createRng(2026)));
  let rollouts = 0, episodes = 0;
  const once = (n: number) => {
    const rng = createRng(n);
    rollouts += runEpisode(task, policy, params, rng.fork("episode"), offlineJudge(params.adjudicatorAccuracy, rng.fork("judge"))).metrics.escalations;
    episodes++;
  };
  for (let n = 0; n < 50; n++) once(n); // warm-up
  const rounds: number[] = [];
  for (let r = 0; r < 3; r++) {
    const t0 = performance.now();
    let n = 0;
    while (performance.now() - t0 < (seconds * 1000) / 3) once(1000 * r + n++);
    rounds.push((n * 1000) / (performance.now() - t0));
  }
  rounds.sort((a, b) => a - b);
  return { episodesPerSecond: Math.round(rounds[1]), blocks: task.cells.length, rollouts: Math.round((rollouts / episodes) * 10) / 10 };
}

const load0 = loadavg()[0];
const results: Record<string, Record<string, number>> = {};
const rolloutsPerEpisode: Record<string, Record<string, number>> = {};
const withoutRollouts: Record<string, Record<string, number>> = {};
let worst = Infinity;
for (const scenario of ["standard", "scarce"] as const) {
  for (const policy of POLICIES) {
    const r = rate(policy, scenario);
    (results[policy] ??= {})[scenario] = r.episodesPerSecond;
    (rolloutsPerEpisode[policy] ??= {})[scenario] = r.rollouts;
    worst = Math.min(worst, r.episodesPerSecond);
    console.log(`${scenario.padEnd(9)} ${policy.padEnd(20)} ${r.episodesPerSecond} episodes/s (${r.blocks} blocks, ${r.rollouts} rollouts/episode)`);
  }
  const off = rate("gated", scenario, SimParamsSchema.parse({ counterfactuals: false }));
  (withoutRollouts.gated ??= {})[scenario] = off.episodesPerSecond;
  console.log(`${scenario.padEnd(9)} gated without rollouts ${off.episodesPerSecond} episodes/s`);
}
const gatedStd = results.gated.standard;
const out = {
  benchmark: "gated offline episodes per second, 3 agents, 200 blocks",
  goal: 200,
  gatedStandard: gatedStd,
  worstPolicy: worst,
  passes: gatedStd >= 200,
  byPolicy: results,
  rolloutsPerEpisode,
  withoutRollouts,
  loadAverage: { start: Math.round(load0 * 10) / 10, end: Math.round(loadavg()[0] * 10) / 10 },
  node: process.version,
  cpu: cpus()[0]?.model ?? "unknown",
  cores: cpus().length,
  date: new Date().toISOString(),
};
mkdirSync("bench/results", { recursive: true });
writeFileSync("bench/results/gated.json", JSON.stringify(out, null, 2) + "\n");
console.log(`gated, standard: ${gatedStd} episodes/s (goal ≥ 200); slowest policy/scenario: ${worst}`);
