// The limiter's rate budgets on a virtual clock: a 200 ms window stands in for the minute, and the limiter's
// waits advance the clock by exactly what it asked for, so every start time below is exact (no timer slack).
import { test } from "node:test";
import assert from "node:assert/strict";
import { Limiter } from "./limiter.js";

const W = 200;

/**
 * Time moves only when the limiter sleeps, by the amount it sleeps. The clock moves on the next turn of the event
 * loop, after the calls that started have run their continuations, so they read the time they started at.
 */
function virtualClock() {
  const clock = {
    t: 0,
    now: () => clock.t,
    sleep: (ms: number) => new Promise<void>((r) => setImmediate(() => { clock.t += ms; r(); })),
  };
  return clock;
}

/** A clock the test drives by hand; the limiter's waits poll it once per turn of the event loop. */
function handClock() {
  const clock = { t: 0, now: () => clock.t, sleep: () => new Promise<void>((r) => setImmediate(r)) };
  return clock;
}

test("rpm is paced: starts are spread across the window, one every window/rpm, never a burst", async () => {
  const clock = virtualClock();
  const limiter = new Limiter({ concurrency: 100, rpm: 5, windowMs: W, clock });
  const starts = await Promise.all(
    Array.from({ length: 7 }, async () => {
      const p = await limiter.acquire();
      p.release();
      return clock.now();
    }),
  );
  // W / rpm = 40 ms between starts: at most rpm starts in any window, and no idle time beyond the pacing.
  assert.deepEqual(starts, [0, 40, 80, 120, 160, 200, 240]);
  for (let i = 5; i < 7; i++) assert.ok(starts[i] - starts[i - 5] >= W, `more than 5 starts in one window: ${starts}`);
});

test("rpm without pacing slack: a burst of 20 ms worth of requests is allowed, no more", async () => {
  // rpm 60 000 per 200 ms window: one every 0.2 ms, so 100 may start at once (20 ms worth), then the pace holds.
  const clock = virtualClock();
  const limiter = new Limiter({ concurrency: 1000, rpm: 1000, windowMs: W, clock });
  const starts: number[] = [];
  await Promise.all(Array.from({ length: 150 }, async () => {
    (await limiter.acquire()).release();
    starts.push(clock.now());
  }));
  const atOnce = starts.filter((t) => t === 0).length;
  assert.ok(atOnce >= 90 && atOnce <= 100, `${atOnce} started at once`);
  assert.ok(starts.filter((t) => t < W).length <= 1000);
  assert.ok(starts[149] > 0, "the rest are paced");
});

test("pause holds every start (a 429 pauses the whole pool) and leaves calls in flight alone", async () => {
  const clock = virtualClock();
  const limiter = new Limiter({ concurrency: 10, clock });
  const held = await limiter.acquire();
  limiter.pause(120);
  assert.ok(limiter.paused);
  const starts = await Promise.all(Array.from({ length: 5 }, async () => {
    const p = await limiter.acquire();
    p.release();
    return clock.now();
  }));
  assert.deepEqual(starts, [120, 120, 120, 120, 120]);
  held.release();
  assert.equal(limiter.pauses, 1);
  assert.equal(limiter.paused, false);
});

test("tpm with a hand-driven clock: in any window the reserved-then-corrected tokens stay within tpm", async () => {
  const clock = handClock();
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
  const clock = virtualClock();
  const limiter = new Limiter({ concurrency: 100, tpm: 100, windowMs: W, clock });
  const a = await limiter.acquire(60);
  a.release(10); // the call used 10 tokens, not the 60 estimated
  const b = await limiter.acquire(60); // 10 + 60 <= 100: at once
  assert.equal(clock.now(), 0, "no wait while under budget");
  b.release(60);
  const c = await limiter.acquire(60); // 70 + 60 > 100: waits until both spends of t = 0 leave the window
  assert.equal(clock.now(), W);
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
  const clock = handClock();
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

test("tpm: thousands of spends in the window at once are each corrected by their own release, then all leave it", async () => {
  // More spends than the bookkeeping first makes room for (it grows), released in reverse order with their own counts.
  const clock = handClock();
  const limiter = new Limiter({ concurrency: 10_000, tpm: 1_000_000, windowMs: 1000, clock });
  const permits: { release(n?: number): void }[] = [];
  for (let i = 0; i < 5000; i++) {
    clock.t = i / 10;
    permits.push(await limiter.acquire(10));
  }
  let actual = 0;
  for (let i = permits.length - 1; i >= 0; i--) {
    permits[i].release(i % 13);
    actual += i % 13;
  }
  const startsAtOnce = async (tokens: number, signal?: AbortSignal) => {
    let started = false;
    const p = limiter.acquire(tokens, signal).then((permit) => ((started = true), permit), () => undefined);
    await new Promise((r) => setImmediate(r));
    return { started, p };
  };
  const fits = await startsAtOnce(1_000_000 - actual);
  assert.equal(fits.started, true, "the real counts, not the 50 000 reserved, are in the window");
  (await fits.p)!.release(0);
  const controller = new AbortController();
  const over = await startsAtOnce(1_000_000 - actual + 1, controller.signal);
  assert.equal(over.started, false, "one token more waits");
  controller.abort(new Error("stop"));
  await over.p;
  clock.t = 1500;
  const all = await startsAtOnce(1_000_000);
  assert.equal(all.started, true, "once the window has passed, nothing is counted");
});
