/**
 * Benchmark: the offline TBS simulator with 1,000 agents × 200 intervals (target: under 30 s on this machine).
 * Run: npx tsx bench/tbs.ts   → writes bench/results/tbs.json
 */
import { writeFileSync, mkdirSync } from "node:fs";
import { cpus } from "node:os";
import { createRng } from "../lib/core/rng.js";
import { runTbs } from "../lib/tbs/run.js";

async function main(): Promise<void> {
  const agents = 1000;
  const intervals = 200;
  const results: Record<string, unknown>[] = [];
  for (const memory of ["latest", "sampling", "summary"] as const) {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    const res = await runTbs({ agents, intervals, memory, mode: "willing", force: "noforce", ecology: "six-americas" }, { rng: createRng(1) });
    const seconds = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(c0);
    const cpuSeconds = (cpu.user + cpu.system) / 1e6;
    results.push({ memory, agents, intervals, rows: res.states.length, utterances: res.utterances.length, seconds: Math.round(seconds * 1000) / 1000, cpuSeconds: Math.round(cpuSeconds * 1000) / 1000 });
    console.log(`tbs offline ${agents} agents × ${intervals} intervals, memory=${memory}: ${seconds.toFixed(2)} s wall, ${cpuSeconds.toFixed(2)} s CPU (${res.states.length} state rows)`);
  }
  const out = {
    benchmark: "tbs offline simulator",
    model: "offline:tbs-cognitive-v1",
    target: "1,000 agents × 200 intervals < 30 s",
    node: process.version,
    cpu: cpus()[0]?.model ?? "unknown",
    cores: cpus().length,
    note: "wall time depends on machine load; cpuSeconds is the process's own user + system time",
    results,
    pass: results.every((r) => (r.seconds as number) < 30),
  };
  mkdirSync(new URL("./results/", import.meta.url), { recursive: true });
  writeFileSync(new URL("./results/tbs.json", import.meta.url), JSON.stringify(out, null, 2) + "\n");
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
