// The limiter's rate budgets, with a 200 ms window standing in for the minute (windowMs is the only change).
// Timing tolerances: starts are compared with the window in steps of ±60 ms to allow timer jitter.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Limiter } from "./limiter.js";

const W = 200;

test("rpm: at most rpm starts per window, the rest wait for the window to slide", async () => {
  const limiter = new Limiter({ concurrency: 100, rpm: 3, windowMs: W });
  const t0 = performance.now();
  const starts = await Promise.all(
    Array.from({ length: 7 }, async () => {
      const p = await limiter.acquire();
      p.release();
      return performance.now() - t0;
    }),
  );
  const step = starts.map((t) => Math.round(t / W));
  assert.deepEqual(step, [0, 0, 0, 1, 1, 1, 2], `start times ${starts.map((t) => t.toFixed(0))}`);
});

test("tpm: reservations wait for tokens to leave the window; real counts correct the estimate", async () => {
  const limiter = new Limiter({ concurrency: 100, tpm: 100, windowMs: W });
  const t0 = performance.now();
  const a = await limiter.acquire(60);
  a.release(10); // the call used 10 tokens, not the 60 estimated
  const b = await limiter.acquire(60); // 10 + 60 <= 100: at once
  assert.ok(performance.now() - t0 < 50);
  b.release(60);
  const c = await limiter.acquire(60); // 70 + 60 > 100: waits until the first spend (10) and then the second leave
  const waited = performance.now() - t0;
  assert.ok(waited >= W - 5 && waited < W + 100, `waited ${waited} ms`);
  c.release(60);
});

test("a call larger than the whole budget runs alone instead of waiting forever", async () => {
  const limiter = new Limiter({ concurrency: 4, tpm: 50, windowMs: W });
  const p = await limiter.acquire(500);
  p.release(500);
});

test("concurrency: the next waiter starts when a slot is released; an aborted waiter leaves the queue", async () => {
  const limiter = new Limiter({ concurrency: 1 });
  const first = await limiter.acquire();
  const controller = new AbortController();
  const aborted = limiter.acquire(0, controller.signal);
  const second = limiter.acquire();
  controller.abort(new Error("stop"));
  await assert.rejects(aborted, /stop/);
  first.release();
  (await second).release();
  assert.equal(limiter.maxActive, 1);
});
