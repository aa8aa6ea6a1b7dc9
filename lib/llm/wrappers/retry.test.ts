// The retry wrapper with a recorded clock: which errors are retried, the backoff sequence, Retry-After, cancellation.
import { test } from "node:test";
import assert from "node:assert/strict";
import type { GenerateResult, LanguageModel } from "../../core/model.js";
import { createRng } from "../../core/rng.js";
import { LLMAbortError, LLMAPIError, LLMConnectionError, LLMParseError, LLMTimeoutError, RateLimitError } from "../errors.js";
import { retryAfterMs } from "../providers/common.js";
import { backoffMs, withRetry } from "./retry.js";
import type { Clock } from "./sleep.js";

const ok: GenerateResult = { text: "ok", usage: { inputTokens: 1, outputTokens: 1 }, latencyMs: 1, cached: false, model: "t:m" };

function failing(errors: Error[]): LanguageModel & { calls: number } {
  const m = {
    id: "t:m",
    calls: 0,
    async generate() {
      const e = errors[m.calls++];
      if (e) throw e;
      return ok as never;
    },
  };
  return m;
}

function recordingClock(): Clock & { slept: number[] } {
  const slept: number[] = [];
  return { slept, now: () => 0, sleep: async (ms) => void slept.push(ms) };
}

const req = { messages: [{ role: "user" as const, content: "x" }] };

test("backoff doubles from the base up to the cap; half of it is jitter", () => {
  const o = { baseDelayMs: 500, maxDelayMs: 4000 };
  assert.deepEqual([1, 2, 3, 4, 5].map((a) => backoffMs(a, o, 0)), [250, 500, 1000, 2000, 2000]);
  assert.deepEqual([1, 2, 3, 4, 5].map((a) => backoffMs(a, o, 1)), [500, 1000, 2000, 4000, 4000]);
});

test("retryable errors are retried with growing delays; Retry-After replaces the backoff", async () => {
  const clock = recordingClock();
  const errors = [new LLMAPIError(503, "down"), new LLMConnectionError("reset"), new LLMTimeoutError(10, "t:m"), new RateLimitError("slow", 1234)];
  const m = failing(errors);
  const retries: number[] = [];
  const r = await withRetry(m, { rng: createRng(1), clock, baseDelayMs: 100, maxDelayMs: 10_000, onRetry: (i) => retries.push(i.attempt) }).generate(req);
  assert.equal(r.text, "ok");
  assert.equal(m.calls, 5);
  assert.deepEqual(retries, [1, 2, 3, 4]);
  assert.ok(clock.slept[0] >= 50 && clock.slept[0] <= 100);
  assert.ok(clock.slept[1] >= 100 && clock.slept[1] <= 200);
  assert.ok(clock.slept[2] >= 200 && clock.slept[2] <= 400);
  assert.equal(clock.slept[3], 1234);
});

test("non-retryable errors pass through at once; exhausted retries throw the last error", async () => {
  for (const e of [new LLMAPIError(400, "bad"), new LLMParseError("t:m", "{", [], 1), new LLMAbortError("t:m")]) {
    const m = failing([e]);
    await assert.rejects(withRetry(m, { rng: createRng(1), clock: recordingClock() }).generate(req), (x) => x === e);
    assert.equal(m.calls, 1);
  }
  const m = failing([new LLMAPIError(500, "a"), new LLMAPIError(502, "b"), new LLMAPIError(503, "c")]);
  await assert.rejects(withRetry(m, { rng: createRng(1), clock: recordingClock(), maxRetries: 2 }).generate(req), { status: 503 });
});

test("a Retry-After beyond maxRetryAfterMs is not waited for", async () => {
  const m = failing([new RateLimitError("come back tomorrow", 86_400_000)]);
  await assert.rejects(withRetry(m, { rng: createRng(1), clock: recordingClock() }).generate(req), RateLimitError);
  assert.equal(m.calls, 1);
});

test("cancelling during a backoff ends the call with LLMAbortError", async () => {
  const m = failing([new LLMAPIError(500, "a"), new LLMAPIError(500, "b")]);
  const controller = new AbortController();
  const p = withRetry(m, { rng: createRng(1), baseDelayMs: 10_000 }).generate({ ...req, signal: controller.signal });
  setTimeout(() => controller.abort(), 20);
  await assert.rejects(p, LLMAbortError);
  assert.equal(m.calls, 1);
});

test("Retry-After parsing: seconds, an HTTP date, retry-after-ms", () => {
  const h = (o: Record<string, string>) => ({ get: (k: string) => o[k] ?? null });
  assert.equal(retryAfterMs(h({ "retry-after": "2" })), 2000);
  assert.equal(retryAfterMs(h({ "retry-after-ms": "150", "retry-after": "9" })), 150);
  const now = Date.parse("2025-01-01T00:00:00Z");
  assert.equal(retryAfterMs(h({ "retry-after": "Wed, 01 Jan 2025 00:00:03 GMT" }), now), 3000);
  assert.equal(retryAfterMs(h({})), undefined);
  assert.equal(retryAfterMs(h({ "retry-after": "soon" })), undefined);
});
