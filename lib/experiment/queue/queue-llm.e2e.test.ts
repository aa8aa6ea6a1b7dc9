// The LLM path of queued runs, against a real redis-server and the local OpenAI-protocol test server:
// replay-cache entries and ledger totals come back from the workers into the run folder, and the
// Redis-held rpm/tpm budgets hold across workers.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, mkdtempSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";
import type { GenerateRequest, GenerateResult, LanguageModel } from "../../core/model.js";
import { startOpenAIServer } from "../../llm/testing/openai-server.js";
import { runExperiment } from "../run.js";
import { mechanisms } from "../testing/registry.js";
import { withRedisBudget } from "./budget.js";
import { QueueCellRunner } from "./collector.js";
import { startRedis, type TestRedis } from "./testing/redis-server.js";
import { startCellWorker } from "./worker.js";

const Database = createRequire(import.meta.url)("better-sqlite3") as new (p: string) => { prepare(s: string): { all(): unknown[] }; close(): void };
const tmp = mkdtempSync(join(tmpdir(), "agora-queue-llm-"));
let redis: TestRedis;
before(async () => {
  redis = await startRedis();
});
after(async () => {
  await redis?.stop();
});

test("an LLM sweep on two workers brings every ledger line and replay-cache entry home: the run folder replays to the same tables with the server stopped", async () => {
  const server = await startOpenAIServer({ random: { seed: 20, latencyMs: 5 } });
  const config = {
    name: "echo-queue-llm",
    mechanism: "echo",
    model: { provider: "openai-compatible", baseURL: server.baseURL, model: "test-model", rpm: 6000 },
    grid: { mode: ["a", "b"] },
    seeds: [1, 2, 3],
    params: { rows: 2 },
  };
  const w1 = await startCellWorker(redis.url, { registry: mechanisms, concurrency: 2 });
  const w2 = await startCellWorker(redis.url, { registry: mechanisms, concurrency: 2 });
  const runner = new QueueCellRunner(redis.url, { pollMs: 50 });
  try {
    const dir = join(tmp, "queued");
    const res = await runExperiment(config, { out: dir, registry: mechanisms, cellRunner: runner });
    assert.equal(res.manifest.status, "complete");
    assert.equal(w1.stats.completed + w2.stats.completed, 6);
    const chats = () => server.requests.filter((r) => r.path.startsWith("/v1/chat/completions")).length;
    assert.equal(chats(), 12);
    const probe = new Redis(redis.url);
    const paced = await probe.get("agora:budget:openai-compatible:test-model:rpm").finally(() => probe.disconnect());
    assert.ok(Number(paced) > 0, "the workers' requests went through the rpm budget held in Redis");
    const ledger = res.manifest.ledger as { sent: number; done: number; failed: number };
    assert.deepEqual({ sent: ledger.sent, done: ledger.done, failed: ledger.failed }, { sent: 12, done: 12, failed: 0 },
      "the run folder's ledger has every request the server saw");
    const db = new Database(join(dir, "llm-cache", "cache.sqlite"));
    const entries = db.prepare("SELECT address FROM entries").all().length;
    db.close();
    assert.equal(entries, 12, "one replay-cache entry per call, in the run folder");
    assert.ok(res.manifest.cells.every((c) => c.calls?.calls === 2 && c.calls.failed === 0), "each cell's calls, counted on its worker");

    // replay: the run folder alone gives the tables again, with the server gone
    await server.close();
    const local = join(tmp, "replayed");
    cpSync(join(dir, "llm-cache"), join(local, "llm-cache"), { recursive: true });
    const res2 = await runExperiment(config, { out: local, registry: mechanisms, resume: true, replay: true });
    assert.equal(res2.manifest.status, "complete");
    for (const t of ["draws", "summary"]) {
      assert.equal(readFileSync(join(local, `${t}.jsonl`), "utf8"), readFileSync(join(dir, `${t}.jsonl`), "utf8"));
    }
  } finally {
    await runner.close();
    await w1.close();
    await w2.close();
    await server.close().catch(() => undefined);
  }
});

test("a cell whose LLM calls fail: its error reaches the manifest and its failed calls reach the ledger totals", async () => {
  const server = await startOpenAIServer({ random: { seed: 22, failureRate: 1 } });
  const config = {
    name: "echo-queue-llm-fail",
    mechanism: "echo",
    model: { provider: "openai-compatible", baseURL: server.baseURL, model: "test-model", maxRetries: 0 },
    grid: { mode: ["a"] },
    seeds: [1, 2],
    params: { rows: 1 },
  };
  const w = await startCellWorker(redis.url, { registry: mechanisms });
  const runner = new QueueCellRunner(redis.url, { pollMs: 50 });
  try {
    const res = await runExperiment(config, { out: join(tmp, "llm-fail"), registry: mechanisms, cellRunner: runner });
    assert.equal(res.failed, 2);
    const err = res.manifest.cells[0].error!;
    assert.match(`${err.name} ${err.message}`, /500|server|error/i);
    const ledger = res.manifest.ledger as { done: number; failed: number };
    assert.ok(ledger.failed >= 2 && ledger.done === server.stats.byPath["/v1/chat/completions"], `the failed requests reach the run's ledger (${JSON.stringify(ledger)})`);
    assert.equal(res.manifest.cells[0].calls?.failed, 1, "the failed cell's calls, counted on its worker");
  } finally {
    await runner.close();
    await w.close();
    await server.close();
  }
});

test("degraded cells run again on --resume (here against a new server port), sending only their failed calls", async () => {
  const config = (baseURL: string) => ({
    name: "echo-queue-degraded",
    mechanism: "echo",
    model: { provider: "openai-compatible", baseURL, model: "test-model", maxRetries: 0 },
    grid: { mode: ["a", "b", "c"] },
    seeds: [1, 2],
    params: { rows: 3, keepGoing: true },
  });
  const dir = join(tmp, "degraded");
  const flaky = await startOpenAIServer({ random: { seed: 23, failureRate: 0.4 } });
  let failedCalls = 0;
  {
    const w = await startCellWorker(redis.url, { registry: mechanisms, concurrency: 2 });
    const runner = new QueueCellRunner(redis.url, { pollMs: 50 });
    try {
      const res = await runExperiment(config(flaky.baseURL), { out: dir, registry: mechanisms, cellRunner: runner });
      assert.ok(res.degraded >= 1, `${res.degraded} degraded cells`);
      assert.equal(res.manifest.status, "incomplete");
      failedCalls = flaky.stats.byStatus[500] ?? 0;
      assert.equal(res.manifest.cells.reduce((n, c) => n + (c.calls?.failed ?? 0), 0), failedCalls);
    } finally {
      await runner.close();
      await w.close(); // the next worker starts with an empty cache of its own
      await flaky.close();
    }
  }
  const healthy = await startOpenAIServer({ random: { seed: 24 } });
  const w = await startCellWorker(redis.url, { registry: mechanisms, concurrency: 2 });
  const runner = new QueueCellRunner(redis.url, { pollMs: 50 });
  try {
    const res = await runExperiment(config(healthy.baseURL), { out: dir, resume: true, registry: mechanisms, cellRunner: runner });
    assert.equal(res.manifest.status, "complete");
    assert.equal(res.degraded, 0);
    assert.equal(healthy.requests.filter((r) => r.path.startsWith("/v1/chat/completions")).length, failedCalls,
      "the degraded cells' good replies came from the run folder's cache");
  } finally {
    await runner.close();
    await w.close();
    await healthy.close();
  }
});

async function rpmSweep(sharedLimits: boolean): Promise<{ sent: number; refused: number }> {
  const server = await startOpenAIServer({ random: { seed: 21, retryAfterS: 0.2 }, rateLimit: { requests: 5, perMs: 1000 } });
  const config = {
    name: `echo-queue-rpm-${sharedLimits}`, // the name is not in the config hash: rows differ so the runs do
    mechanism: "echo",
    model: { provider: "openai-compatible", baseURL: server.baseURL, model: "rpm-model", rpm: 240 },
    grid: { mode: ["a", "b", "c"] },
    seeds: [1, 2, 3],
    params: { rows: 2, shape: { scale: sharedLimits ? 1 : 2, shift: 0 } },
  };
  const w1 = await startCellWorker(redis.url, { registry: mechanisms, concurrency: 3, sharedLimits });
  const w2 = await startCellWorker(redis.url, { registry: mechanisms, concurrency: 3, sharedLimits });
  const runner = new QueueCellRunner(redis.url, { pollMs: 50 });
  try {
    const res = await runExperiment(config, { out: join(tmp, `rpm-${sharedLimits}`), registry: mechanisms, cellRunner: runner });
    assert.equal(res.manifest.status, "complete");
    const sent = server.requests.filter((r) => r.path.startsWith("/v1/chat/completions")).length;
    return { sent, refused: server.stats.byStatus[429] ?? 0 };
  } finally {
    await runner.close();
    await w1.close();
    await w2.close();
    await server.close();
  }
}

test("the spec's rpm holds across two workers: a server that allows 5 requests a second sends (almost) no 429; each worker alone overruns it", async () => {
  const shared = await rpmSweep(true);
  assert.ok(shared.sent >= 18, `${shared.sent} requests`);
  assert.ok(shared.refused <= 0.1 * shared.sent, `${shared.refused} of ${shared.sent} requests got a 429`);
  const alone = await rpmSweep(false);
  assert.ok(alone.refused > 0.1 * alone.sent, `the null: without shared budgets ${alone.refused} of ${alone.sent} got a 429`);
});

/** A stand-in provider that records when each request started and reports `usage` tokens. */
function recorder(starts: number[], usage: number): LanguageModel {
  return {
    id: "test:budget",
    async generate<T>(_req: GenerateRequest<T>): Promise<GenerateResult<T>> {
      starts.push(Date.now());
      return { text: "{}", usage: { inputTokens: usage, outputTokens: 0 }, latencyMs: 0, cached: false } as GenerateResult<T>;
    },
  } as LanguageModel;
}

/** The most events in any window of `ms` ms. */
const densest = (times: number[], ms: number, weight: (i: number) => number = () => 1) => {
  const t = [...times].sort((a, b) => a - b);
  let best = 0;
  for (let i = 0; i < t.length; i++) {
    let sum = 0;
    for (let j = i; j < t.length && t[j] - t[i] < ms; j++) sum += weight(j);
    best = Math.max(best, sum);
  }
  return best;
};

async function burst(id: string, opts: { rpm?: number; tpm?: number }, usage: number, perWorker: number): Promise<number[]> {
  const conns = [0, 1, 2].map(() => new Redis(redis.url));
  const starts: number[] = [];
  try {
    await Promise.all(conns.map(async (conn) => {
      const m = withRedisBudget(recorder(starts, usage), conn, { id, ...opts, countInput: () => 50 });
      await Promise.all(Array.from({ length: perWorker }, () => m.generate({ messages: [{ role: "user", content: "x" }], maxTokens: 50 })));
    }));
  } finally {
    for (const c of conns) c.disconnect();
  }
  return starts;
}

test("rpm held in Redis paces three workers together; without it they burst", async () => {
  // 1200 rpm: one request per 50 ms, so at most 250/50 + 1 = 6 start in any 250 ms
  const paced = await burst("test:rpm", { rpm: 1200 }, 10, 8);
  assert.equal(paced.length, 24);
  assert.ok(densest(paced, 250) <= 6, `${densest(paced, 250)} requests in 250 ms`);
  const free = await burst("test:free", {}, 10, 8);
  assert.ok(densest(free, 250) > 6, "the null: without a budget the 24 requests start together");
});

test("tpm held in Redis: reservations pace the tokens, and a reply's real usage corrects the reservation", async () => {
  // 60 000 tpm = 1 token per ms; each request reserves 50 input + 50 output = 100 tokens
  const paced = await burst("test:tpm", { tpm: 60_000 }, 100, 5);
  assert.ok(densest(paced, 500) <= 6, `${densest(paced, 500)} requests of 100 tokens in 500 ms (≤ 500 tokens + one request)`);

  // a reply that used 10 tokens gives back 90 of the 100 reserved
  const conn = new Redis(redis.url);
  try {
    const m = withRedisBudget(recorder([], 10), conn, { id: "test:refund", tpm: 60_000, countInput: () => 50 });
    await m.generate({ messages: [{ role: "user", content: "x" }], maxTokens: 50 });
    const [[sec, usec], tat] = await Promise.all([conn.time(), conn.get("agora:budget:test:refund:tpm")]);
    const ahead = Number(tat) - (Number(sec) * 1000 + Number(usec) / 1000);
    assert.ok(ahead <= 10 + 1, `the budget is ${ahead.toFixed(1)} ms ahead, 10 tokens' worth, not 100`);
  } finally {
    conn.disconnect();
  }
});
