/**
 * Benchmark of queued runs (BullMQ on a private redis-server) against the local runner, on trivial offline cells
 * (the echo test mechanism, no delay, 5 rows), so what is measured is the runner's and the queue's own cost:
 * - local runner: cells per second at concurrency 1 and 4;
 * - queued: cells per second with 1, 2 and 4 `agora worker` processes (concurrency 1 and 4 each), timed from
 *   `runExperiment` with a queue cell runner (enqueue, follow, collect, write) after the workers are up;
 * - queue overhead per cell: (queued with one worker at concurrency 1 − local at concurrency 1) per cell.
 * Each measurement uses a fresh config (another `shift`), so no job is already done in Redis. Medians of three.
 * The machine's cores are shared by every process here (collector, workers, redis-server): more workers than
 * cores measure contention, not scaling.
 * Run: npx tsx bench/queue.ts   → writes bench/results/queue.json
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Redis } from "ioredis";
import { QueueCellRunner } from "../lib/experiment/queue/collector.js";
import { startRedis } from "../lib/experiment/queue/testing/redis-server.js";
import { runExperiment } from "../lib/experiment/run.js";
import { mechanisms } from "../lib/experiment/testing/registry.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const registry = join(root, "lib", "experiment", "testing", "registry.ts");
const CELLS = 400;
let variant = 0;
const config = () => ({
  name: "bench-queue", mechanism: "echo", model: "offline",
  grid: { mode: Array.from({ length: CELLS / 10 }, (_, i) => `m${i}`) }, seeds: Array.from({ length: 10 }, (_, i) => i + 1),
  params: { rows: 5, shape: { scale: 1, shift: ++variant } },
});
const median = (xs: number[]) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const tmp = mkdtempSync(join(tmpdir(), "agora-bench-queue-"));
const redis = await startRedis();

async function startWorkers(n: number, concurrency: number): Promise<ChildProcess[]> {
  const procs = Array.from({ length: n }, () => spawn(process.execPath,
    [join(root, "bin", "agora.mjs"), "worker", "--queue", redis.url, "--concurrency", String(concurrency)],
    { cwd: root, env: { ...process.env, AGORA_REGISTRY: registry }, stdio: ["ignore", "ignore", "pipe"] }));
  await Promise.all(procs.map((p) => new Promise<void>((resolve, reject) => {
    let err = "";
    p.stderr!.on("data", (d) => {
      err += d;
      if (/^worker .* on redis/m.test(err)) resolve();
    });
    p.on("exit", (code) => reject(new Error(`worker exited ${code}: ${err}`)));
  })));
  return procs;
}

async function stopWorkers(procs: ChildProcess[]): Promise<void> {
  await Promise.all(procs.map((p) => new Promise((r) => {
    p.removeAllListeners("exit");
    p.on("exit", r);
    p.kill("SIGTERM");
  })));
}

async function local(concurrency: number): Promise<number> {
  const rates: number[] = [];
  for (let r = 0; r < 3; r++) {
    const out = join(tmp, `local-${variant}`);
    const t0 = performance.now();
    await runExperiment(config(), { out, concurrency, registry: mechanisms });
    rates.push(CELLS / ((performance.now() - t0) / 1000));
    rmSync(out, { recursive: true });
  }
  return median(rates);
}

async function queued(workers: number, concurrency: number): Promise<number> {
  const procs = await startWorkers(workers, concurrency);
  const rates: number[] = [];
  try {
    for (let r = 0; r < 3; r++) {
      const out = join(tmp, `queued-${variant}`);
      const runner = new QueueCellRunner(redis.url, { pollMs: 50 });
      const t0 = performance.now();
      const res = await runExperiment(config(), { out, registry: mechanisms, cellRunner: runner });
      rates.push(CELLS / ((performance.now() - t0) / 1000));
      await runner.close();
      if (res.manifest.status !== "complete") throw new Error(`queued run ${res.manifest.status}`);
      rmSync(out, { recursive: true });
    }
  } finally {
    await stopWorkers(procs);
    const c = new Redis(redis.url);
    await c.flushall();
    c.disconnect();
  }
  return median(rates);
}

try {
  const local1 = await local(1);
  const local4 = await local(4);
  const q: Record<string, number> = {};
  for (const [w, c] of [[1, 1], [1, 4], [2, 4], [4, 4]] as const) q[`workers${w}_concurrency${c}`] = Math.round(await queued(w, c));
  const out = {
    when: new Date().toISOString(),
    cores: cpus().length,
    load_average_1min_at_end: +loadavg()[0].toFixed(1),
    cells: CELLS,
    cell: "echo test mechanism, offline, no delay, 5 rows (trivial: measures runner and queue costs)",
    local_cells_per_s: { concurrency1: Math.round(local1), concurrency4: Math.round(local4) },
    queued_cells_per_s: q,
    queue_overhead_ms_per_cell: +((1000 / q.workers1_concurrency1) - (1000 / local1)).toFixed(2),
  };
  mkdirSync(join(root, "bench", "results"), { recursive: true });
  writeFileSync(join(root, "bench", "results", "queue.json"), JSON.stringify(out, null, 2) + "\n");
  console.log(JSON.stringify(out, null, 2));
} finally {
  await redis.stop();
  rmSync(tmp, { recursive: true, force: true });
}
