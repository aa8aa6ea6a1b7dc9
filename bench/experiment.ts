/**
 * Benchmark of the experiment runner's own costs (the mechanism does almost nothing):
 * - cells per second at concurrency 1 and 8 for 1,000 trivial cells (each stored with write + fsync + rename);
 * - time to resume a complete 1,000-cell folder (read every cell file, rebuild tables, nothing to run);
 * - time of `load()` of that folder, and of danfojs's first `require` (wall and CPU, in a fresh process,
 *   median of three: danfojs loads TensorFlow.js, which is why `frame()` loads it lazily).
 * The machine is shared: medians of three rounds where it matters.
 * Run: npx tsx bench/experiment.ts   → writes bench/results/experiment.json
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { load } from "../lib/experiment/load.js";
import { runExperiment } from "../lib/experiment/run.js";
import { mechanisms } from "../lib/experiment/testing/registry.js";

const config = {
  name: "bench", mechanism: "echo", model: "offline",
  grid: { mode: Array.from({ length: 100 }, (_, i) => `m${i}`) }, seeds: Array.from({ length: 10 }, (_, i) => i + 1),
  params: { rows: 5 },
};
const median = (xs: number[]) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const tmp = mkdtempSync(join(tmpdir(), "agora-bench-"));

async function cellsPerSecond(concurrency: number): Promise<number> {
  const rates: number[] = [];
  for (let r = 0; r < 3; r++) {
    const out = join(tmp, `c${concurrency}-${r}`);
    const t0 = performance.now();
    await runExperiment(config, { out, concurrency, registry: mechanisms });
    rates.push(1000 / ((performance.now() - t0) / 1000));
    if (r < 2) rmSync(out, { recursive: true });
  }
  return Math.round(median(rates));
}

const c1 = await cellsPerSecond(1);
const c8 = await cellsPerSecond(8);
const dir = join(tmp, "c8-2");
let t = performance.now();
await runExperiment(config, { out: dir, resume: true, registry: mechanisms });
const resumeMs = Math.round(performance.now() - t);
t = performance.now();
const run = load(dir);
const loadMs = Math.round(performance.now() - t);

const danfo: { wallMs: number; cpuMs: number }[] = [];
for (let r = 0; r < 3; r++) {
  const res = spawnSync(process.execPath, ["-e",
    "const c=process.cpuUsage();const t=performance.now();require('danfojs');const u=process.cpuUsage(c);" +
    "console.log(JSON.stringify({wallMs:Math.round(performance.now()-t),cpuMs:Math.round((u.user+u.system)/1000)}))"],
  { encoding: "utf8" });
  danfo.push(JSON.parse(res.stdout));
}
t = performance.now();
const df = run.frame("draws");
const frameMs = Math.round(performance.now() - t);

const out = {
  benchmark: "experiment runner overhead, 1,000 trivial cells (5 rows each)",
  cellsPerSecond: { concurrency1: c1, concurrency8: c8 },
  resumeCompleteFolderMs: resumeMs,
  loadMs,
  rows: run.tables.draws.length,
  danfojsRequire: { wallMsMedian: median(danfo.map((d) => d.wallMs)), cpuMsMedian: median(danfo.map((d) => d.cpuMs)), rounds: danfo },
  firstFrameMsInProcess: frameMs,
  frameShape: df.shape,
  node: process.version,
  cpu: cpus()[0]?.model ?? "unknown",
  cores: cpus().length,
  date: new Date().toISOString(),
};
rmSync(tmp, { recursive: true, force: true });
mkdirSync("bench/results", { recursive: true });
writeFileSync("bench/results/experiment.json", JSON.stringify(out, null, 2) + "\n");
console.log(JSON.stringify(out, null, 2));
