// The timeout around a cancellable provider: one timer for the calls in flight (their deadlines come in the order
// they start), each call still timed out at its own deadline, and no timer left once no call is in flight.
import { test } from "node:test";
import assert from "node:assert/strict";
import type { GenerateRequest, GenerateResult, LanguageModel } from "../../core/model.js";
import { LLMTimeoutError } from "../errors.js";
import { CANCEL, CANCELLABLE, type Cancel } from "../providers/common.js";
import { Deadlines, withTimeout } from "./timeout.js";

const result: GenerateResult = { text: "ok", usage: { inputTokens: 1, outputTokens: 1 }, latencyMs: 1, cached: false, model: "m" };

/** A cancellable provider answering after `req.maxTokens` ms (the test's way to give each call its delay). */
function slowProvider(aborted: string[]): LanguageModel {
  return {
    id: "m",
    [CANCELLABLE]: true,
    generate: ((req: GenerateRequest) =>
      new Promise<GenerateResult>((resolve, reject) => {
        const timer = setTimeout(() => resolve(result), req.maxTokens);
        (req as { [CANCEL]?: Cancel })[CANCEL]!.abort = (reason) => {
          clearTimeout(timer);
          aborted.push(String(req.tag));
          reject(reason);
        };
      })) as LanguageModel["generate"],
  } as LanguageModel;
}

test("withTimeout (cancellable provider): calls in flight together each end by their reply or their own deadline", async () => {
  const aborted: string[] = [];
  const model = withTimeout(slowProvider(aborted), 120);
  const t0 = performance.now();
  const ask = (tag: string, ms: number) => model.generate({ messages: [{ role: "user", content: tag }], tag, maxTokens: ms }).then(() => ({ tag, ok: true, at: performance.now() - t0 }), (err: unknown) => ({ tag, ok: false, err, at: performance.now() - t0 }));
  const first = ask("slow-first", 400);
  await new Promise((r) => setTimeout(r, 60));
  // started 60 ms later: a call that ends before its deadline, one that does not, and one that ends after the first's deadline
  const outcomes = await Promise.all([first, ask("quick", 10), ask("slow-second", 400), ask("late-ok", 100)]);
  const by = Object.fromEntries(outcomes.map((o) => [o.tag, o]));
  assert.equal(by["quick"].ok, true);
  assert.equal(by["late-ok"].ok, true, "a call started after the first ends after the first's deadline, before its own");
  for (const tag of ["slow-first", "slow-second"]) {
    assert.equal(by[tag].ok, false);
    assert.ok((by[tag] as { err: unknown }).err instanceof LLMTimeoutError, tag);
  }
  assert.ok(by["slow-first"].at >= 115 && by["slow-first"].at < 300, `first timed out at ${by["slow-first"].at} ms`);
  assert.ok(by["slow-second"].at >= 175 && by["slow-second"].at < 360, `second timed out at ${by["slow-second"].at} ms (started 60 ms later)`);
  assert.deepEqual(aborted.sort(), ["slow-first", "slow-second"], "each timed-out request was cancelled");
});

test("Deadlines: ended calls leave the queue and the timer is cleared once none is in flight", async () => {
  const rejected: unknown[] = [];
  let now = 0;
  const d = new Deadlines("m", 50, () => now);
  const calls = Array.from({ length: 5 }, () => d.add({}, (err) => rejected.push(err)));
  assert.equal(d.size, 5);
  // they end out of order; the ones behind an unfinished call wait for it at the front
  for (const i of [3, 1, 4]) assert.equal(d.end(calls[i]), true);
  assert.equal(d.size, 2);
  assert.equal(d.end(calls[3]), false, "a call ends once");
  assert.equal(d.end(calls[0]), true);
  assert.equal(d.end(calls[2]), true);
  assert.equal(d.size, 0);
  // no timer is left: the process would otherwise be held for the timeout
  assert.equal((d as unknown as { timer?: unknown }).timer, undefined);
  // a call still running at its deadline is rejected by the timer, and ends only once
  now = 1000;
  const late = d.add({}, (err) => rejected.push(err));
  now = 1051;
  await new Promise((r) => setTimeout(r, 80));
  assert.equal(rejected.length, 1);
  assert.ok(rejected[0] instanceof LLMTimeoutError);
  assert.equal(d.end(late), false, "its reply after the timeout is ignored");
  assert.equal((d as unknown as { timer?: unknown }).timer, undefined);
});

test("Deadlines: a call that ended behind an older one still running holds nothing of its request", () => {
  const d = new Deadlines("m", 10_000, () => 0);
  const older = d.add({}, () => undefined);
  const ended = d.add({ abort: () => undefined }, () => undefined);
  d.end(ended);
  const queue = (d as unknown as { queue: { cancel?: unknown; reject?: unknown }[] }).queue;
  assert.equal(queue.length, 2, "it waits behind the older call");
  assert.equal(queue[1].cancel, undefined);
  assert.equal(queue[1].reject, undefined);
  d.end(older);
  assert.equal(d.size, 0);
});
