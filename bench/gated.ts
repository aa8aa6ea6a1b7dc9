/**
 * Benchmark: offline episodes per CPU-second of the gated block world on the default config's tasks (3 agents,
 * 10 × 10 × 2 blueprints, four materials, the config's own family: timeoutFactor 3), for every policy in both scenario
 * presets, counterfactual rollouts included (every escalation forks the world and rolls the stay-local branch out to
 * the end of the episode). Goal: ≥ 200 episodes per CPU-second with rollouts on standard and on scarce tasks; the
 * pass flag checks both (the full gate). CPU time is the process's user + system time (process.cpuUsage), so other
 * processes on a shared machine slow a measurement less than wall time would; the load average is recorded.
 * Each measurement runs episodes on a set of eight tasks for `--seconds` of CPU (default 2) after a warm-up, three
 * rounds, and keeps the median.
 * Run: npx tsx bench/gated.ts [--seconds S]   → writes bench/results/gated.json
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { createRng } from "../lib/core/rng.js";
import { runEpisode } from "../lib/gated/episode.js";
import { generateTask } from "../lib/gated/generator.js";
import type { Family } from "../lib/gated/generator.js";
import { offlineJudge } from "../lib/gated/models/offline.js";
import { compileTask } from "../lib/gated/task.js";
import { POLICIES, SimParamsSchema } from "../lib/gated/types.js";

const i = process.argv.indexOf("--seconds");
const seconds = i >= 0 ? Number(process.argv[i + 1]) : 2;
const config = JSON.parse(readFileSync(new URL("../data/configs/gated-default.json", import.meta.url), "utf8")) as { params: { family: Partial<Family> } };
const family = config.params.family;

const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1e6; };

function rate(policy: string, scenario: "standard" | "scarce", params = SimParamsSchema.parse({})) {
  const tasks = Array.from({ length: 8 }, (_, k) => compileTask(`bench_${scenario}_${k}`, generateTask({ ...family, scenario }, createRng(2026).fork(k))));
  let rollouts = 0, episodes = 0, ticks = 0;
  const once = (n: number) => {
    const rng = createRng(n);
    const r = runEpisode(tasks[n % tasks.length], policy, params, rng.fork("episode"), offlineJudge(params.adjudicatorAccuracy, rng.fork("judge")));
    rollouts += r.metrics.escalations;
    ticks += r.metrics.completion_steps;
    episodes++;
  };
  for (let n = 0; n < 40; n++) once(n); // warm-up
  rollouts = 0; episodes = 0; ticks = 0;
  const rounds: number[] = [];
  for (let r = 0; r < 3; r++) {
    const t0 = cpu();
    let n = 0;
    while (cpu() - t0 < seconds / 3) once(1000 * r + n++);
    rounds.push(n / (cpu() - t0));
  }
  rounds.sort((a, b) => a - b);
  return { perCpuSecond: Math.round(rounds[1]), rollouts: Math.round((rollouts / episodes) * 10) / 10, ticks: Math.round(ticks / episodes) };
}

const load0 = loadavg()[0];
const results: Record<string, Record<string, number>> = {};
const rolloutsPerEpisode: Record<string, Record<string, number>> = {};
const ticksPerEpisode: Record<string, Record<string, number>> = {};
const withoutRollouts: Record<string, Record<string, number>> = {};
let worst = Infinity;
for (const scenario of ["standard", "scarce"] as const) {
  for (const policy of POLICIES) {
    const r = rate(policy, scenario);
    (results[policy] ??= {})[scenario] = r.perCpuSecond;
    (rolloutsPerEpisode[policy] ??= {})[scenario] = r.rollouts;
    (ticksPerEpisode[policy] ??= {})[scenario] = r.ticks;
    worst = Math.min(worst, r.perCpuSecond);
    console.log(`${scenario.padEnd(9)} ${policy.padEnd(20)} ${r.perCpuSecond} episodes/CPU-s (${r.rollouts} rollouts, ${r.ticks} ticks per episode)`);
  }
  const off = rate("gated", scenario, SimParamsSchema.parse({ counterfactuals: false }));
  (withoutRollouts.gated ??= {})[scenario] = off.perCpuSecond;
  console.log(`${scenario.padEnd(9)} gated without rollouts ${off.perCpuSecond} episodes/CPU-s`);
}
const out = {
  benchmark: "gated offline episodes per CPU-second with counterfactual rollouts, the default config's tasks (3 agents, 10 × 10 × 2, timeoutFactor 3)",
  goal: 200,
  gatedStandard: results.gated.standard,
  gatedScarce: results.gated.scarce,
  worstPolicy: worst,
  passes: results.gated.standard >= 200 && results.gated.scarce >= 200,
  byPolicy: results,
  rolloutsPerEpisode,
  ticksPerEpisode,
  withoutRollouts,
  family,
  loadAverage: { start: Math.round(load0 * 10) / 10, end: Math.round(loadavg()[0] * 10) / 10 },
  node: process.version,
  cpu: cpus()[0]?.model ?? "unknown",
  cores: cpus().length,
  date: new Date().toISOString(),
};
mkdirSync("bench/results", { recursive: true });
writeFileSync("bench/results/gated.json", JSON.stringify(out, null, 2) + "\n");
console.log(`gated: standard ${out.gatedStandard}, scarce ${out.gatedScarce} episodes/CPU-s (goal ≥ 200 for both: ${out.passes ? "met" : "not met"}); slowest policy/scenario ${worst}`);
