// Queued runs end to end: a real redis-server on a free port (no persistence), real `agora worker` and
// `agora run --queue` processes, the offline test mechanism. Locks are shortened so a killed worker's job is
// seen as stalled within seconds.
import { after, afterEach, before, test } from "node:test";
import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { setTimeout as sleep } from "node:timers/promises";
import { QueueEvents } from "bullmq";
import { runExperiment } from "../run.js";
import { mechanisms } from "../testing/registry.js";
import { QueueCellRunner } from "./collector.js";
import { PREFIX, QUEUE_NAME } from "./redis.js";
import { queueStatus } from "./status.js";
import { startRedis, freePort, type TestRedis } from "./testing/redis-server.js";
import { startCellWorker } from "./worker.js";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const registry = fileURLToPath(new URL("../testing/registry.ts", import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), "agora-queue-"));
let redis: TestRedis;

before(async () => {
  redis = await startRedis();
});
after(async () => {
  await redis?.stop();
});

interface Proc {
  child: ChildProcess;
  out: () => string;
  err: () => string;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function agora(args: string[], env: Record<string, string> = {}): Proc {
  const child = spawn(process.execPath, [join(root, "bin", "agora.mjs"), ...args], {
    cwd: root,
    env: { ...process.env, AGORA_REGISTRY: registry, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (err += d));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((res) => child.on("exit", (code, signal) => res({ code, signal })));
  return { child, out: () => out, err: () => err, exit };
}

const workers: Proc[] = [];
function cliWorker(extra: string[] = [], lockMs = 1000): Proc {
  const w = agora(["worker", "--queue", redis.url, "--concurrency", "2", "--lock-ms", String(lockMs), ...extra]);
  workers.push(w);
  return w;
}
async function stopWorkers(): Promise<void> {
  const live = workers.splice(0).filter((w) => w.child.exitCode === null && w.child.signalCode === null);
  for (const w of live) w.child.kill("SIGTERM");
  await Promise.all(live.map((w) => w.exit));
}
// a failed test must not leave its workers taking the next test's cells
afterEach(stopWorkers);

async function waitFor(what: string, cond: () => boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

let configs = 0;
function writeConfig(over: Record<string, unknown> = {}): string {
  const cfg = {
    name: `echo-queue-${++configs}`,
    mechanism: "echo",
    model: "offline",
    grid: { mode: ["a", "b", "c", "d"], force: [true, false] },
    seeds: [1, 2, 3],
    ...over,
    // every config of this file is another run (the name is not part of the config hash)
    params: { delayMs: 60, rows: 3, ...(over.params as object), shape: { scale: configs, shift: 0 } },
  };
  const file = join(tmp, `${cfg.name}.json`);
  writeFileSync(file, JSON.stringify(cfg));
  return file;
}

const cellFiles = (dir: string) => (existsSync(join(dir, "cells")) ? readdirSync(join(dir, "cells")).filter((f) => f.endsWith(".json")) : []);

async function assertSameAsLocal(cfg: string, dir: string): Promise<void> {
  const local = join(tmp, `local-${Math.random().toString(36).slice(2)}`);
  await runExperiment(cfg, { out: local, concurrency: 3, registry: mechanisms });
  for (const t of ["draws", "summary"]) {
    const got = readFileSync(join(dir, `${t}.jsonl`), "utf8");
    assert.ok(got.length > 0, `${t}.jsonl has rows`);
    assert.equal(got, readFileSync(join(local, `${t}.jsonl`), "utf8"), `${t}.jsonl is byte-identical to a local run`);
  }
}

test("two workers run a queued sweep; tables are byte-identical to a local run; queue status counts the cells", async () => {
  const cfg = writeConfig();
  const dir = join(tmp, "two");
  // a longer lock here: on a loaded machine a 1 s lock can lapse without a kill, and this test counts executions
  const [w1, w2] = [cliWorker([], 5000), cliWorker([], 5000)];
  const run = agora(["run", cfg, "--out", dir, "--queue", redis.url]);
  const { code } = await run.exit;
  assert.equal(code, 0, run.err());
  assert.match(run.out(), /24\/24 cells ok, 0 degraded, 0 failed/);
  await assertSameAsLocal(cfg, dir);
  const m = JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8"));
  assert.equal(m.status, "complete");
  assert.equal(m.queue.url, redis.url);
  assert.match(m.queue.code.lockfileHash, /^[0-9a-f]{16}$/);
  assert.equal(m.queue.code.gitCommit, m.gitCommit ?? "none");
  await waitFor("both workers to take cells", () => /done /.test(w1.err()) && /done /.test(w2.err()), 5_000);
  const done = (w: Proc) => (w.err().match(/^done /gm) ?? []).length;
  assert.equal(done(w1) + done(w2), 24, "every cell ran exactly once");

  const status = agora(["queue", "status", "--queue", redis.url, "--json"]);
  assert.equal((await status.exit).code, 0, status.err());
  const row = (JSON.parse(status.out()) as { name: string; done: number; pending: number; cells: number }[]).find((r) => r.name === "echo-queue-1");
  assert.deepEqual({ cells: row?.cells, done: row?.done, pending: row?.pending }, { cells: 24, done: 24, pending: 0 });
  await stopWorkers();
});

test("a worker killed with kill -9 mid-cell: its jobs stall, run elsewhere, and the tables equal a local run", async () => {
  const cfg = writeConfig({ params: { delayMs: 250, rows: 3 }, seeds: [1, 2, 3, 4] });
  const dir = join(tmp, "kill");
  const events = new QueueEvents(QUEUE_NAME, { connection: { url: redis.url }, prefix: PREFIX });
  const stalled: string[] = [];
  events.on("stalled", ({ jobId }) => stalled.push(jobId));
  await events.waitUntilReady();
  try {
    const victim = cliWorker(["--concurrency", "3"]);
    const run = agora(["run", cfg, "--out", dir, "--queue", redis.url]);
    // the victim has finished one cell and holds others when it is killed
    await waitFor("the victim's first cell", () => /^done /m.test(victim.err()));
    victim.child.kill("SIGKILL");
    assert.equal((await victim.exit).signal, "SIGKILL");
    const survivor = cliWorker();
    const { code } = await run.exit;
    assert.equal(code, 0, run.err());
    assert.ok(stalled.length >= 1, "the killed worker's jobs were detected as stalled");
    assert.ok(/^done /m.test(survivor.err()), "the surviving worker ran the rest");
    await assertSameAsLocal(cfg, dir);
  } finally {
    await events.close();
    await stopWorkers();
  }
});

test("enqueueing a run twice adds nothing: a second collector gets the completed cells without running them again", async () => {
  const cfg = writeConfig({ seeds: [1, 2] });
  const w = await startCellWorker(redis.url, { registry: mechanisms, concurrency: 4 });
  try {
    const first = new QueueCellRunner(redis.url, { pollMs: 50 });
    const res1 = await runExperiment(cfg, { out: join(tmp, "dup1"), registry: mechanisms, cellRunner: first }).finally(() => first.close());
    assert.equal(res1.manifest.status, "complete");
    assert.equal(w.stats.completed, 16);
    // the same cells, enqueued again into another run folder: no new job, no new execution
    const second = new QueueCellRunner(redis.url, { pollMs: 50 });
    const res2 = await runExperiment(cfg, { out: join(tmp, "dup2"), registry: mechanisms, cellRunner: second }).finally(() => second.close());
    assert.equal(res2.manifest.status, "complete");
    assert.equal(w.stats.completed, 16, "no cell ran twice");
    for (const t of ["draws", "summary"]) {
      assert.equal(readFileSync(join(tmp, "dup2", `${t}.jsonl`), "utf8"), readFileSync(join(tmp, "dup1", `${t}.jsonl`), "utf8"));
    }
    const status = (await queueStatus(redis.url)).find((r) => r.configHash === res1.manifest.configHash);
    assert.deepEqual({ done: status?.done, cells: status?.cells, missing: status?.missing }, { done: 16, cells: 16, missing: 0 });
  } finally {
    await w.close();
  }
});

test("Redis restarted between cells: the run stops naming the URL, and --resume completes it with tables equal to a local run", async () => {
  const cfg = writeConfig({ params: { delayMs: 150, rows: 2 } });
  const dir = join(tmp, "restart");
  cliWorker();
  cliWorker();
  const run = agora(["run", cfg, "--out", dir, "--queue", redis.url], { AGORA_QUEUE_LOST_MS: "1000" });
  await waitFor("some cells", () => cellFiles(dir).length >= 4);
  await redis.kill();
  const stopped = await run.exit;
  assert.equal(stopped.code, 1, run.err());
  assert.match(run.err(), new RegExp(`cannot reach Redis at ${redis.url.replace(/[.]/g, "\\.")}`));
  assert.match(run.err(), /--resume/);
  const kept = cellFiles(dir).length;
  assert.ok(kept >= 4 && kept < 24, `${kept} cells kept`);
  assert.equal(JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8")).status, "stopped");

  await redis.restart(); // empty: the jobs and the run record are gone; the workers reconnect by themselves
  const resumed = agora(["run", cfg, "--out", dir, "--queue", redis.url, "--resume"]);
  const { code } = await resumed.exit;
  assert.equal(code, 0, resumed.err());
  assert.match(resumed.out(), /24\/24 cells ok/);
  await assertSameAsLocal(cfg, dir);
  await stopWorkers();
});

test("a failed cell's error reaches the manifest; a worker with other code refuses the job and says why; --resume retries it", async () => {
  const cfg = writeConfig({ params: { delayMs: 0, rows: 2, failMode: "b" }, seeds: [1] });
  const w = await startCellWorker(redis.url, { registry: mechanisms, concurrency: 2 });
  const runner = new QueueCellRunner(redis.url, { pollMs: 50 });
  try {
    const res = await runExperiment(cfg, { out: join(tmp, "fail"), registry: mechanisms, cellRunner: runner });
    assert.equal(res.failed, 2);
    const failed = res.manifest.cells.filter((c) => c.status === "failed");
    assert.deepEqual(failed.map((c) => c.runId), ["mode=b,force=true,seed=1", "mode=b,force=false,seed=1"]);
    assert.equal(failed[0].error?.message, "echo: mode b fails on purpose");
  } finally {
    await runner.close();
    await w.close();
  }

  const cfg2 = writeConfig({ seeds: [1], grid: { mode: ["a"] } });
  const stale = await startCellWorker(redis.url, { registry: mechanisms, code: { gitCommit: "0123456789ab", lockfileHash: "ffffffffffffffff" } });
  const runner2 = new QueueCellRunner(redis.url, { pollMs: 50 });
  try {
    const res = await runExperiment(cfg2, { out: join(tmp, "stale"), registry: mechanisms, cellRunner: runner2 });
    assert.equal(res.failed, 1);
    const err = res.manifest.cells[0].error!;
    assert.equal(err.name, "CodeVersionError");
    assert.match(err.message, /refused cell mode=a,seed=1 .* git commit 0123456789ab \(the run's is .*\), lockfile ffffffffffffffff \(the run's is [0-9a-f]{16}\)/);
    assert.equal(stale.stats.refused, 1);
  } finally {
    await runner2.close();
    await stale.close();
  }
  // the fix the error names: workers with the run's code, then --resume, which retries the failed job
  const good = await startCellWorker(redis.url, { registry: mechanisms });
  const runner3 = new QueueCellRunner(redis.url, { pollMs: 50 });
  try {
    const res = await runExperiment(cfg2, { out: join(tmp, "stale"), resume: true, registry: mechanisms, cellRunner: runner3 });
    assert.equal(res.manifest.status, "complete");
    assert.equal(good.stats.completed, 1);
  } finally {
    await runner3.close();
    await good.close();
  }
});

test("an unreachable Redis is one clear error naming the URL, before any run folder is made", async () => {
  const cfg = writeConfig();
  const port = await freePort();
  const dir = join(tmp, "unreachable");
  const run = agora(["run", cfg, "--out", dir, "--queue", `redis://127.0.0.1:${port}`]);
  const { code } = await run.exit;
  assert.equal(code, 1);
  assert.match(run.err(), new RegExp(`^agora run: cannot reach Redis at redis://127\\.0\\.0\\.1:${port}: .*\\n  fix: `));
  assert.equal(run.err().trim().split("\n").length, 2, run.err());
  assert.equal(existsSync(dir), false);
  const worker = agora(["worker", "--queue", `redis://127.0.0.1:${port}`]);
  assert.equal((await worker.exit).code, 1);
  assert.match(worker.err(), new RegExp(`cannot reach Redis at redis://127\\.0\\.0\\.1:${port}`));
});

test("jobs that vanish from Redis while the collector follows them are enqueued again", async () => {
  const cfg = writeConfig({ seeds: [1], params: { delayMs: 0, rows: 1 } });
  const runner = new QueueCellRunner(redis.url, { pollMs: 50 });
  const res = runExperiment(cfg, { out: join(tmp, "vanish"), registry: mechanisms, cellRunner: runner });
  const { Redis } = await import("ioredis");
  const admin = new Redis(redis.url);
  let w: Awaited<ReturnType<typeof startCellWorker>> | undefined;
  try {
    const deadline = Date.now() + 10_000;
    while ((await admin.scard("agora:runs")) === 0 && Date.now() < deadline) await sleep(20);
    await sleep(200);
    await admin.flushall(); // as a restart without persistence would leave it
    w = await startCellWorker(redis.url, { registry: mechanisms, concurrency: 4 });
    const done = await res;
    assert.equal(done.manifest.status, "complete");
    assert.equal(done.manifest.queue?.requeued, 8);
    assert.equal(w.stats.completed, 8);
  } finally {
    await runner.close();
    await w?.close();
    admin.disconnect();
  }
});

test("Ctrl-C stops collecting: cells stay pending, their jobs stay queued, and --resume collects them", async () => {
  const cfg = writeConfig({ seeds: [1], params: { delayMs: 0, rows: 1 } });
  const dir = join(tmp, "sigint");
  const run = agora(["run", cfg, "--out", dir, "--queue", redis.url]);
  await waitFor("the manifest", () => existsSync(join(dir, "manifest.json")));
  await sleep(500);
  run.child.kill("SIGINT");
  const { code } = await run.exit;
  assert.equal(code, 130, run.err());
  const m = JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8"));
  assert.equal(m.status, "stopped");
  assert.ok(m.cells.every((c: { status: string }) => c.status === "pending"));
  const w = await startCellWorker(redis.url, { registry: mechanisms, concurrency: 4 });
  try {
    const status = async () => (await queueStatus(redis.url)).find((r) => r.configHash === m.configHash);
    const deadline = Date.now() + 10_000;
    while (((await status())?.done ?? 0) < 8 && Date.now() < deadline) await sleep(50);
    assert.equal((await status())?.done, 8, "the queued jobs ran without a collector");
    const runner = new QueueCellRunner(redis.url, { pollMs: 50 });
    const res = await runExperiment(cfg, { out: dir, resume: true, registry: mechanisms, cellRunner: runner }).finally(() => runner.close());
    assert.equal(res.manifest.status, "complete");
    assert.equal(w.stats.completed, 8, "resume collected the results without running them again");
    await assertSameAsLocal(cfg, dir);
  } finally {
    await w.close();
  }
});

test("real mechanisms on their offline models: the default configs of gated and calibration, queued on two workers, give a local run's tables", async () => {
  const w1 = await startCellWorker(redis.url, { concurrency: 2 });
  const w2 = await startCellWorker(redis.url, { concurrency: 2 });
  try {
    for (const name of ["gated", "calibration"]) {
      const given = JSON.parse(readFileSync(join(root, "data", "configs", `${name}-default.json`), "utf8"));
      given.profiles.quick = { ...given.profiles.quick, seeds: [1] };
      const cfg = join(tmp, `${name}-default.json`);
      writeFileSync(cfg, JSON.stringify(given));
      const runner = new QueueCellRunner(redis.url, { pollMs: 50 });
      const res = await runExperiment(cfg, { out: join(tmp, `${name}-queued`), cellRunner: runner }).finally(() => runner.close());
      assert.equal(res.manifest.status, "complete", `${name}: ${JSON.stringify(res.manifest.cells.find((c) => c.error)?.error)}`);
      const local = await runExperiment(cfg, { out: join(tmp, `${name}-local`), concurrency: 2 });
      assert.deepEqual(Object.keys(res.manifest.tables), Object.keys(local.manifest.tables));
      for (const t of Object.keys(local.manifest.tables)) {
        assert.equal(readFileSync(join(tmp, `${name}-queued`, `${t}.jsonl`), "utf8"), readFileSync(join(tmp, `${name}-local`, `${t}.jsonl`), "utf8"),
          `${name} ${t}.jsonl is byte-identical`);
      }
    }
  } finally {
    await w1.close();
    await w2.close();
  }
});
