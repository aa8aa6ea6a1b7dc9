// The usage ledger: sums, nearest-rank percentiles, cost from the price table (and overrides), progress and ETA.
import { test } from "node:test";
import assert from "node:assert/strict";
import { formatProgress, UsageLedger } from "./ledger.js";
import { priceOf, DEFAULT_PRICES } from "./prices.js";

test("summary: totals, nearest-rank latency percentiles, cache hits free, cost from the price table", () => {
  const ledger = new UsageLedger();
  for (let i = 1; i <= 100; i++) {
    ledger.record({ model: "openai:gpt-4o-mini", inputTokens: 1000, outputTokens: 100, latencyMs: i, wallMs: 2 * i, cached: i > 90 });
  }
  ledger.retries = 4;
  const s = ledger.summary();
  assert.equal(s.calls, 100);
  assert.equal(s.cacheHits, 10);
  assert.equal(s.inputTokens, 90_000);
  assert.equal(s.outputTokens, 9_000);
  assert.equal(s.retries, 4);
  // Provider latency over the 90 calls that were not cache hits (1..90), nearest rank: ceil(0.5·90) = 45th → 45,
  // ceil(0.95·90) = 86th → 86, ceil(0.99·90) = 90th → 90. Wall time over all 100 (2, 4, …, 200): 100, 190, 198.
  assert.deepEqual(s.latency, { p50: 45, p95: 86, p99: 90 });
  assert.deepEqual(s.wallLatency, { p50: 100, p95: 190, p99: 198 });
  // gpt-4o-mini at $0.15 / $0.60 per million: 90 000 × 0.15e-6 + 9 000 × 0.6e-6 = 0.0135 + 0.0054.
  assert.ok(Math.abs(s.costUSD - 0.0189) < 1e-12);
  assert.deepEqual(s.unpriced, []);
});

test("prices: dated model names use their family, users can override, unknown models are listed", () => {
  assert.deepEqual(priceOf("openai:gpt-4o-mini-2024-07-18", DEFAULT_PRICES), { input: 0.15, output: 0.6, cachedInput: 0.075 });
  assert.deepEqual(priceOf("openai:gpt-4o-2024-08-06", DEFAULT_PRICES), { input: 2.5, output: 10, cachedInput: 1.25 });
  const ledger = new UsageLedger({ prices: { "openai:my-finetune": { input: 1, output: 2 } } });
  ledger.record({ model: "openai:my-finetune", inputTokens: 1e6, outputTokens: 1e6, latencyMs: 1, cached: false });
  ledger.record({ model: "gemini:unknown-model", inputTokens: 5, outputTokens: 5, latencyMs: 1, cached: false });
  const s = ledger.summary();
  assert.equal(s.costUSD, 3);
  assert.deepEqual(s.unpriced, ["gemini:unknown-model"]);
});

test("progress: done/total, tokens and a linear ETA, pushed to listeners", () => {
  let now = 0;
  const ledger = new UsageLedger({ now: () => now });
  ledger.expect(4);
  const seen: string[] = [];
  const off = ledger.onProgress((p) => seen.push(formatProgress(p)));
  now = 1000;
  ledger.record({ model: "m", inputTokens: 600, outputTokens: 500, latencyMs: 1, cached: false });
  assert.deepEqual(ledger.progress(), { done: 1, total: 4, inputTokens: 600, outputTokens: 500, elapsedMs: 1000, etaMs: 3000 });
  off();
  ledger.record({ model: "m", inputTokens: 1, outputTokens: 1, latencyMs: 1, cached: false });
  assert.deepEqual(seen, ["1/4 calls · 1.1k tokens · ETA 3 s"]);
});
