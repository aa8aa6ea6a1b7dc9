// The limiter's rate budgets, with a 200 ms window standing in for the minute (windowMs is the only change).
// Timing: lower bounds are guarantees (5 ms timer slack); upper bounds are loose (1 s) so a busy machine passes.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Limiter } from "./limiter.js";

const W = 200;

test("rpm is paced: starts are spread across the window, one every window/rpm, never a burst", async () => {
  const limiter = new Limiter({ concurrency: 100, rpm: 5, windowMs: W });
  const t0 = performance.now();
  const starts = await Promise.all(
    Array.from({ length: 7 }, async () => {
      const p = await limiter.acquire();
      p.release();
      return performance.now() - t0;
    }),
  );
  const shown = `start times ${starts.map((t) => t.toFixed(0))} ms`;
  // W / rpm = 40 ms between starts (timer slack: 3 ms), so at most rpm starts in any window.
  for (let i = 1; i < 7; i++) assert.ok(starts[i] - starts[i - 1] >= W / 5 - 3, `${shown}: a burst`);
  for (let i = 5; i < 7; i++) assert.ok(starts[i] - starts[i - 5] >= W - 15, `${shown}: more than 5 starts in one window`);
  assert.ok(starts[6] < 6 * (W / 5) + 1000, shown);
});

test("pause holds every start (a 429 pauses the whole pool) and leaves calls in flight alone", async () => {
  const limiter = new Limiter({ concurrency: 10 });
  const held = await limiter.acquire();
  const t0 = performance.now();
  limiter.pause(120);
  assert.ok(limiter.paused);
  const starts = await Promise.all(Array.from({ length: 5 }, async () => {
    const p = await limiter.acquire();
    p.release();
    return performance.now() - t0;
  }));
  for (const t of starts) assert.ok(t >= 115, `started at ${t} ms during the pause`);
  held.release();
  assert.equal(limiter.pauses, 1);
});

test("tpm with a hand-driven clock: in any window the reserved-then-corrected tokens stay within tpm", async () => {
  const clock = { t: 0, now: () => clock.t, sleep: async () => undefined };
  const limiter = new Limiter({ concurrency: 50, tpm: 1000, windowMs: 1000, clock });
  const spends: [number, number][] = [];
  // Calls reserve 300 (input estimate + output default) and use 120..300; the clock advances 10 ms per step.
  const all: Promise<void>[] = [];
  for (let step = 0; step < 600; step++) {
    clock.t = step * 10;
    all.push(limiter.acquire(300).then((p) => {
      const used = 120 + ((step * 37) % 181);
      spends.push([clock.t, used]);
      p.release(used);
    }));
    await new Promise((r) => setImmediate(r));
  }
  // Let the waiters left drain: the clock jumps past their windows one window at a time.
  for (let k = 0; spends.length < 600 && k < 2000; k++) {
    clock.t += 1000;
    all.push(limiter.acquire(0).then((p) => p.release(0)));
    await new Promise((r) => setImmediate(r));
  }
  await Promise.all(all);
  for (const [t] of spends) {
    const inWindow = spends.filter(([u]) => u > t - 1000 && u <= t).reduce((a, [, n]) => a + n, 0);
    assert.ok(inWindow <= 1000, `${inWindow} tokens in the window ending at ${t} ms`);
  }
  assert.ok(spends.length > 20, `${spends.length} calls ran`);
});

test("tpm: reservations wait for tokens to leave the window; real counts correct the estimate", async () => {
  const limiter = new Limiter({ concurrency: 100, tpm: 100, windowMs: W });
  const t0 = performance.now();
  const a = await limiter.acquire(60);
  a.release(10); // the call used 10 tokens, not the 60 estimated
  const b = await limiter.acquire(60); // 10 + 60 <= 100: at once
  assert.ok(performance.now() - t0 < W - 5, "no wait while under budget");
  b.release(60);
  const c = await limiter.acquire(60); // 70 + 60 > 100: waits until the first spend (10) and then the second leave
  const waited = performance.now() - t0;
  assert.ok(waited >= W - 5 && waited < W + 1000, `waited ${waited} ms`);
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

test("long runs: windows slide over thousands of calls, and a release after its spend left the window changes nothing", async () => {
  // A hand-driven clock: 1 ms per call over 5 windows of 1 000 ms, so the bookkeeping drops old entries many times.
  const clock = { t: 0, now: () => clock.t, sleep: async () => undefined };
  const limiter = new Limiter({ concurrency: 2000, rpm: 2000, tpm: 100_000, windowMs: 1000, clock });
  const held: { at: number; permit: { release(n?: number): void } }[] = [];
  const spent: { at: number; tokens: number }[] = [];
  for (let t = 0; t < 5000; t++) {
    clock.t = t;
    // Calls are held 1 500 ms, longer than the window: their real count arrives after their spend expired.
    while (held.length && held[0].at <= t - 1500) held.shift()!.permit.release(7);
    const permit = await limiter.acquire(10);
    held.push({ at: t, permit });
    spent.push({ at: t, tokens: 10 });
  }
  for (const h of held) h.permit.release(7);
  // Still counted at t = 4999: the 1 000 starts of (3999, 4999], each with its reserved 10 or corrected 7 tokens.
  clock.t = 4999;
  const inWindow = spent.filter((s) => s.at > 3999).length;
  assert.equal(inWindow, 1000);
  // Every call still in the window was released with 7 above, so 7 000 tokens are counted: 93 000 fit, 93 001 wait.
  let started = false;
  const fits = limiter.acquire(93_000).then((p) => ((started = true), p));
  await Promise.resolve();
  assert.equal(started, true, "a call that fits the budget starts at once");
  (await fits).release(0);
  const controller = new AbortController();
  let late = false;
  const over = limiter.acquire(93_001, controller.signal).then(() => (late = true), () => undefined);
  await new Promise((r) => setImmediate(r));
  assert.equal(late, false, "a call one token over the budget waits");
  controller.abort(new Error("stop"));
  await over;
});
