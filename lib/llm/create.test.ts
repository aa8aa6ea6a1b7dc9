// The full wrapper stack against the local OpenAI-compatible server: re-asks, retries, timeouts, limits,
// cancellation. Timings use short backoffs (retry.baseDelayMs) so the file runs in about a second.
import { test } from "node:test";
import assert from "node:assert/strict";
import { z } from "zod";
import { startOpenAIServer } from "./testing/openai-server.js";
import { createModel } from "./create.js";
import { LLMAbortError, LLMAPIError, LLMConnectionError, LLMParseError, LLMTimeoutError } from "./errors.js";

const ask = (content: string) => ({ messages: [{ role: "user" as const, content }] });
const fast = { retry: { baseDelayMs: 5, maxDelayMs: 20 } };
const Verdict = z.object({ verdict: z.enum(["yes", "no"]), confidence: z.number().min(0).max(1) });

test("invalid JSON, then a valid reply: one re-ask carrying the error, usage of both attempts summed", async () => {
  const server = await startOpenAIServer({
    respond: (req) => (req.index === 0 ? { content: "Sure! yes", usage: { prompt_tokens: 10, completion_tokens: 3 } } : { content: '{"verdict":"yes","confidence":0.8}', usage: { prompt_tokens: 25, completion_tokens: 9 } }),
  });
  try {
    const model = createModel(`openai-compatible:${server.baseURL}#m`, fast);
    const r = await model.generate({ ...ask("is it?"), schema: Verdict });
    assert.deepEqual(r.data, { verdict: "yes", confidence: 0.8 });
    assert.deepEqual(r.usage, { inputTokens: 35, outputTokens: 12 });
    const second = server.requests[1].body.messages;
    assert.equal(second.length, 3);
    assert.deepEqual(second[1], { role: "assistant", content: "Sure! yes" });
    assert.match(second[2].content, /not valid JSON/);
    const s = model.ledger.summary();
    assert.equal(s.reasks, 1);
    assert.equal(s.calls, 1);
    assert.equal(s.inputTokens, 35);
  } finally {
    await server.close();
  }
});

test("a reply that keeps failing the schema ends in LLMParseError naming the field and showing the raw reply", async () => {
  const server = await startOpenAIServer({ respond: () => ({ content: '{"verdict":"maybe","confidence":0.5}' }) });
  try {
    const model = createModel({ provider: "openai-compatible", baseURL: server.baseURL, model: "m", maxReasks: 2 }, fast);
    await assert.rejects(model.generate({ ...ask("is it?"), schema: Verdict }), (err: unknown) => {
      assert.ok(err instanceof LLMParseError);
      assert.deepEqual(err.issues[0].path, ["verdict"]);
      assert.match(err.message, /verdict: /);
      assert.match(err.message, /"verdict":"maybe"/);
      assert.equal(err.raw, '{"verdict":"maybe","confidence":0.5}');
      return true;
    });
    assert.equal(server.requests.length, 3, "first attempt + 2 re-asks");
    assert.equal(model.ledger.summary().errors, 1);
  } finally {
    await server.close();
  }
});

test("429 with Retry-After is waited for, then retried", async () => {
  const server = await startOpenAIServer({
    respond: (req) => (req.index === 0 ? { status: 429, headers: { "retry-after": "0.3" }, body: { error: { message: "slow down" } } } : undefined),
  });
  try {
    const model = createModel(`openai-compatible:${server.baseURL}#m`, fast);
    const t0 = performance.now();
    const r = await model.generate(ask("hi"));
    const waited = performance.now() - t0;
    assert.match(r.text, /^reply/);
    assert.ok(waited >= 290, `waited ${waited} ms, Retry-After was 300 ms`);
    assert.equal(model.ledger.summary().retries, 1);
  } finally {
    await server.close();
  }
});

test("a burst of 500s is retried with backoff; past maxRetries the 500 is thrown", async () => {
  const server = await startOpenAIServer({ respond: (req) => (req.index < 3 ? { status: 500, body: { error: { message: "boom" } } } : undefined) });
  try {
    const model = createModel({ provider: "openai-compatible", baseURL: server.baseURL, model: "m", maxRetries: 3 }, fast);
    assert.match((await model.generate(ask("hi"))).text, /^reply/);
    assert.equal(server.requests.length, 4);
    assert.equal(model.ledger.summary().retries, 3);
  } finally {
    await server.close();
  }
  const always = await startOpenAIServer({ respond: () => ({ status: 503, body: { error: { message: "down" } } }) });
  try {
    const model = createModel({ provider: "openai-compatible", baseURL: always.baseURL, model: "m", maxRetries: 2 }, fast);
    await assert.rejects(model.generate(ask("hi")), (e: unknown) => e instanceof LLMAPIError && e.status === 503);
    assert.equal(always.requests.length, 3);
  } finally {
    await always.close();
  }
});

test("a 400 is not retried", async () => {
  const server = await startOpenAIServer({ respond: () => ({ status: 400, body: { error: { message: "bad schema" } } }) });
  try {
    const model = createModel(`openai-compatible:${server.baseURL}#m`, fast);
    await assert.rejects(model.generate(ask("hi")), { name: "LLMAPIError", status: 400 });
    assert.equal(server.requests.length, 1);
  } finally {
    await server.close();
  }
});

test("a hung connection times out per attempt, is retried, then fails with LLMTimeoutError", async () => {
  const server = await startOpenAIServer({ respond: () => ({ hang: true }) });
  try {
    const model = createModel({ provider: "openai-compatible", baseURL: server.baseURL, model: "m", timeoutMs: 150, maxRetries: 1 }, fast);
    const t0 = performance.now();
    await assert.rejects(model.generate(ask("hi")), LLMTimeoutError);
    const took = performance.now() - t0;
    assert.ok(took >= 295 && took < 5000, `two attempts of 150 ms took ${took} ms`);
    assert.equal(server.requests.length, 2);
    await new Promise((r) => setTimeout(r, 50));
    assert.equal(server.stats.inFlight, 0, "each timed-out request's connection was closed, not left hanging");
  } finally {
    await server.close();
  }
});

test("connection resets are retried; an unreachable endpoint is an LLMConnectionError naming the URL", async () => {
  const server = await startOpenAIServer({ respond: (req) => (req.index === 0 ? { reset: true } : undefined) });
  try {
    const model = createModel(`openai-compatible:${server.baseURL}#m`, fast);
    assert.match((await model.generate(ask("hi"))).text, /^reply/);
    assert.equal(model.ledger.summary().retries, 1);
  } finally {
    await server.close();
  }
  const dead = createModel({ provider: "openai-compatible", baseURL: server.baseURL, model: "m", maxRetries: 1 }, fast);
  await assert.rejects(dead.generate(ask("hi")), (e: unknown) => e instanceof LLMConnectionError && e.message.includes(server.baseURL));
});

test("calls in flight never exceed the concurrency limit, and reach it", async () => {
  const server = await startOpenAIServer({ latencyMs: 20 });
  try {
    const model = createModel({ provider: "openai-compatible", baseURL: server.baseURL, model: "m", concurrency: 4 });
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => model.generate(ask(`q${i}`))));
    assert.equal(results.length, 40);
    assert.equal(server.stats.maxInFlight, 4);
    assert.equal(model.limiter.maxActive, 4);
  } finally {
    await server.close();
  }
});

test("cancellation: an in-flight call and a queued call both end with LLMAbortError at once", async () => {
  const server = await startOpenAIServer({ respond: () => ({ hang: true }) });
  try {
    const model = createModel({ provider: "openai-compatible", baseURL: server.baseURL, model: "m", concurrency: 1 });
    const controller = new AbortController();
    const running = model.generate({ ...ask("a"), signal: controller.signal });
    const queued = model.generate({ ...ask("b"), signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    const t0 = performance.now();
    await assert.rejects(running, LLMAbortError);
    await assert.rejects(queued, LLMAbortError);
    assert.ok(performance.now() - t0 < 2000, "cancellation does not wait for the server");
    assert.equal(server.requests.length, 1, "the queued call never reached the server");
    await new Promise((r) => setTimeout(r, 50));
    assert.equal(server.stats.inFlight, 0, "the cancelled request's connection was closed");
    await assert.rejects(model.generate({ ...ask("c"), signal: AbortSignal.abort() }), LLMAbortError);
  } finally {
    await server.close();
  }
});

test("one signal shared by many calls in flight raises no listener-leak warning", async () => {
  const server = await startOpenAIServer({ latencyMs: 20 });
  const warnings: string[] = [];
  const onWarning = (w: Error) => warnings.push(w.name);
  process.on("warning", onWarning);
  try {
    const model = createModel(`openai-compatible:${server.baseURL}#m`);
    const shared = new AbortController().signal;
    await Promise.all(Array.from({ length: 40 }, (_, i) => model.generate({ ...ask(`q${i}`), signal: shared })));
    await new Promise((r) => setImmediate(r));
    assert.deepEqual(warnings.filter((w) => w === "MaxListenersExceededWarning"), []);
  } finally {
    process.off("warning", onWarning);
    await server.close();
  }
});

test("usage sums are exact: the ledger adds the server's token counts", async () => {
  const server = await startOpenAIServer({ respond: (req) => ({ content: "ok", usage: { prompt_tokens: 100 + req.index, completion_tokens: 7 } }) });
  try {
    const model = createModel(`openai-compatible:${server.baseURL}#m`);
    await Promise.all(Array.from({ length: 10 }, (_, i) => model.generate(ask(`q${i}`))));
    const s = model.ledger.summary();
    assert.equal(s.calls, 10);
    assert.equal(s.inputTokens, 10 * 100 + 45); // Σ (100 + i), i = 0..9
    assert.equal(s.outputTokens, 70);
    assert.equal(s.costUSD, 0, "openai-compatible servers are priced at zero");
  } finally {
    await server.close();
  }
});
