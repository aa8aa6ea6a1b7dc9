// Limits against the local servers, in real time (about 10 s): paced rpm against a server with a request-rate
// limit (and the burst that a pool without rpm sends, as the null), tpm without maxTokens in any window, one 429
// pausing the whole pool, and Gemini's HTTP Retry-After header.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { z } from "zod";
import type { GenerateRequest } from "../core/model.js";
import { startOpenAIServer } from "./testing/openai-server.js";
import { startGeminiServer } from "./testing/gemini-server.js";
import { createModel } from "./create.js";

const Vote = z.object({ vote: z.enum(["yes", "no"]), reason: z.string() });
// Long replies from short prompts: output, not input, is most of each call's tokens.
const Essay = z.object({ points: z.array(z.string()).min(5).max(8), summary: z.string() });
const ask = (i: number): GenerateRequest => ({
  messages: [{ role: "user", content: "Vote on the motion." }],
  schema: Vote,
  address: { mechanism: "gated", cell: "", seed: 0, role: "adjudicator", step: i },
});

test("rpm 600 against a server allowing 10 requests per second: fewer than 10 % get a 429; without rpm most do", async () => {
  const server = await startOpenAIServer({ rateLimit: { requests: 10, perMs: 1000 } });
  try {
    const paced = createModel({ provider: "openai-compatible", baseURL: server.baseURL, model: "m", concurrency: 16, rpm: 600 }, { retry: { baseDelayMs: 50 } });
    await Promise.all(Array.from({ length: 40 }, (_, i) => paced.generate(ask(i))));
    const share = (server.stats.byStatus[429] ?? 0) / server.stats.total;
    assert.ok(share < 0.1, `${server.stats.byStatus[429]} of ${server.stats.total} requests got a 429`);
  } finally {
    await server.close();
  }
  const burst = await startOpenAIServer({ rateLimit: { requests: 10, perMs: 1000 } });
  try {
    const unpaced = createModel({ provider: "openai-compatible", baseURL: burst.baseURL, model: "m", concurrency: 16, maxRetries: 0 });
    await Promise.allSettled(Array.from({ length: 40 }, (_, i) => unpaced.generate(ask(i))));
    assert.ok((burst.stats.byStatus[429] ?? 0) >= 20, `null: ${burst.stats.byStatus[429]} of 40 got a 429 without pacing`);
  } finally {
    await burst.close();
  }
});

/** The most tokens (input + output, as billed) of the requests started within any window of `ms`, from a ledger file. */
async function worstWindow(ledgerPath: string, ms: number): Promise<{ worst: number; outputs: number[]; total: number }> {
  const lines = (await readFile(ledgerPath, "utf8")).trim().split("\n").map((l) => JSON.parse(l));
  const sentAt = new Map(lines.filter((l) => l.event === "sent").map((l) => [l.id, l.t as number]));
  const done = lines.filter((l) => l.event === "done");
  const spends = done.map((l) => [sentAt.get(l.id)!, l.input_tokens + l.output_tokens] as [number, number]);
  let worst = 0;
  for (const [t] of spends) worst = Math.max(worst, spends.filter(([u]) => u >= t && u < t + ms - 5).reduce((a, [, n]) => a + n, 0));
  return { worst, outputs: done.map((l) => l.output_tokens as number), total: spends.reduce((a, [, n]) => a + n, 0) };
}

test("tpm without maxTokens, replies of random length: no window passes tpm by more than one call's output", async () => {
  const dir = await mkdtemp(join(tmpdir(), "agora-llm-limits-"));
  const server = await startOpenAIServer({ random: { seed: 3, latencyMs: [5, 20] } });
  try {
    const ledgerPath = join(dir, "ledger.jsonl");
    // A 500 ms window stands in for the minute; 600 tokens per window; each call's reply is random in length (about
    // 40-150 tokens from a 5-token prompt). Reserving the input alone would start eight calls at once and pass tpm;
    // reserving the largest reply seen so far passes it only when a reply is longer than every one before.
    const model = createModel({ provider: "openai-compatible", baseURL: server.baseURL, model: "m", concurrency: 16, tpm: 600 }, { ledgerPath, rateWindowMs: 500 });
    await Promise.all(Array.from({ length: 24 }, (_, i) => model.generate({ ...ask(i), schema: Essay })));
    await model.flush();
    const w = await worstWindow(ledgerPath, 500);
    assert.equal(w.outputs.length, 24);
    assert.ok(w.worst <= 600 + Math.max(...w.outputs), `${w.worst} tokens in one window (longest reply ${Math.max(...w.outputs)})`);
    assert.ok(w.total > 1200, "the run needed more than two windows");
  } finally {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  }
});

test("tpm with replies longer than the role's default (about 900 tokens against 300): no window passes tpm by more than one call's output", async () => {
  const dir = await mkdtemp(join(tmpdir(), "agora-llm-limits-long-"));
  // every reply is a vote with a long reason: 850-950 tokens at the server's four characters a token
  let n = 0;
  const server = await startOpenAIServer({ latencyMs: 20, respond: () => ({ content: JSON.stringify({ vote: "yes", reason: "x".repeat(3400 + 400 * ((n++ * 7) % 5) / 4) }) }) });
  const spec = { provider: "openai-compatible", baseURL: server.baseURL, model: "m", concurrency: 16, tpm: 3000 };
  try {
    const learning = createModel(spec, { ledgerPath: join(dir, "a.jsonl"), rateWindowMs: 500 });
    await Promise.all(Array.from({ length: 12 }, (_, i) => learning.generate(ask(i))));
    await learning.flush();
    const a = await worstWindow(join(dir, "a.jsonl"), 500);
    assert.ok(a.total > 3 * 3000, "the run needed more than three windows");
    assert.ok(a.worst <= 3000 + Math.max(...a.outputs), `${a.worst} tokens in one window (tpm 3000, longest reply ${Math.max(...a.outputs)})`);
    // the null: reserving the role's default output (300) for every call, as a limiter that never learns does
    const { RequestEstimate } = await import("./estimate.js");
    class Fixed extends RequestEstimate {
      override guessesOutput(): boolean { return false; }
      override observe(): void {}
    }
    const { Limiter } = await import("./wrappers/limiter.js");
    const { withLimits } = await import("./wrappers/limits.js");
    const { withRequestLog, RequestLog } = await import("./request-log.js");
    const { openAIProvider } = await import("./providers/openai.js");
    const { resolveSpec } = await import("./spec.js");
    const bare = openAIProvider(resolveSpec(spec, {}));
    const log = new RequestLog(join(dir, "b.jsonl"));
    const fixed = withLimits(withRequestLog(bare, { log }), new Limiter({ concurrency: 16, tpm: 3000, windowMs: 500 }), new Fixed());
    await Promise.all(Array.from({ length: 12 }, (_, i) => fixed.generate({ ...ask(i), address: "gated//seed=0/adjudicator/step=" + i + "/agent=-/sample=0" })));
    log.flush();
    const b = await worstWindow(join(dir, "b.jsonl"), 500);
    console.log(`# tpm 3000: learning ${a.worst} (longest reply ${Math.max(...a.outputs)}), fixed default ${b.worst}`);
    assert.ok(b.worst > 1.5 * 3000, `null: reserving the default output let ${b.worst} tokens into one window`);
  } finally {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  }
});

test("a 429 pauses the whole pool for its Retry-After: the waiting calls do not each run into it", async () => {
  const arrivals: number[] = [];
  const server = await startOpenAIServer({
    latencyMs: 20,
    respond: (req) => {
      arrivals.push(performance.now());
      return req.index === 0 ? { status: 429, headers: { "retry-after-ms": "300" }, body: { error: { message: "slow down" } } } : undefined;
    },
  });
  try {
    const model = createModel({ provider: "openai-compatible", baseURL: server.baseURL, model: "m", concurrency: 1 }, { retry: { baseDelayMs: 1 } });
    await Promise.all(Array.from({ length: 12 }, (_, i) => model.generate(ask(i))));
    assert.equal(server.stats.total, 13, "one 429, one retry, no other call ran into it");
    const gap = arrivals[1] - arrivals[0];
    assert.ok(gap >= 300, `the next request came ${gap.toFixed(0)} ms after the 429`);
    assert.equal(model.limiter.pauses, 1);
  } finally {
    await server.close();
  }
});

test("Gemini: the HTTP Retry-After header of a 429 is waited for", async () => {
  const server = await startGeminiServer({
    respond: (req) => (req.index === 0 ? { status: 429, headers: { "retry-after": "0.4" }, body: { error: { code: 429, message: "quota", status: "RESOURCE_EXHAUSTED" } } } : undefined),
  });
  try {
    const model = createModel({ provider: "gemini", baseURL: server.baseURL, model: "g", apiKey: "AIzaTestKey" }, { retry: { baseDelayMs: 1, maxDelayMs: 2 } });
    const t0 = performance.now();
    await model.generate(ask(0));
    const waited = performance.now() - t0;
    assert.ok(waited >= 390, `waited ${waited.toFixed(0)} ms (the header said 400, the backoff 1-2)`);
    assert.equal(server.stats.total, 2);
  } finally {
    await server.close();
  }
});
