// The llm layer as a paid study uses it, against the random local servers (replies drawn from a seeded stream, not
// a hash of the request): addresses and single-flight, the request ledger against the server's counts, the
// budget, preflight, provenance, secrets, reasoning models and refused parameters, image parts.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { z } from "zod";
import { formatAddress, providerSeed, type CallAddress, type GenerateRequest } from "../core/model.js";
import { startOpenAIServer } from "./testing/openai-server.js";
import { startGeminiServer } from "./testing/gemini-server.js";
import { createModel } from "./create.js";
import { connect } from "./preflight.js";
import { BudgetExceededError, LLMAPIError, ReplayMissError } from "./errors.js";
import { summarizeLedger } from "./request-log.js";

const Vote = z.object({ vote: z.enum(["yes", "no", "abstain"]), reason: z.string(), confidence: z.number().min(0).max(1) });
const fast = { retry: { baseDelayMs: 1, maxDelayMs: 5 } };

function addr(i: number, extra: Partial<CallAddress> = {}): CallAddress {
  return { mechanism: "calibration", cell: "protocol=binary", seed: 1, role: "judge", step: Math.floor(i / 10), agent: i % 10, ...extra };
}
function ask(i: number, extra: Partial<GenerateRequest<z.infer<typeof Vote>>> = {}): GenerateRequest<z.infer<typeof Vote>> {
  // The same text for every call: only the address tells the calls apart.
  return { system: "You judge.", messages: [{ role: "user", content: "Is the answer right?" }], schema: Vote, temperature: 0.7, address: addr(i), ...extra };
}
async function tmp(): Promise<string> {
  return mkdtemp(join(tmpdir(), "agora-llm-study-"));
}

test("addresses: 200 calls with one text and distinct addresses are 200 requests with distinct replies and seeds; paid calls equal at concurrency 1 and 8; replay reproduces them with the server stopped", async () => {
  const dir = await tmp();
  try {
    const texts: string[][] = [];
    for (const concurrency of [1, 8]) {
      const server = await startOpenAIServer({ random: { seed: 11, latencyMs: [0, 3] } });
      const cache = { dir: join(dir, `c${concurrency}`), mode: "auto" as const };
      const model = createModel({ provider: "openai-compatible", baseURL: server.baseURL, model: "m", concurrency }, { cache });
      const results = await Promise.all(Array.from({ length: 200 }, (_, i) => model.generate(ask(i))));
      await model.flush();
      assert.equal(server.stats.byPath["/v1/chat/completions"], 200, `concurrency ${concurrency}: one request per call`);
      assert.equal(new Set(results.map((r) => r.text)).size, 200, "distinct replies");
      const seeds = server.requests.map((r) => r.body.seed as number);
      assert.equal(new Set(seeds).size, 200, "distinct provider seeds");
      assert.deepEqual(new Set(seeds), new Set(Array.from({ length: 200 }, (_, i) => providerSeed(formatAddress(addr(i))))), "the seed comes from the address");
      texts.push(results.map((r) => r.text));
      // Again, with the server stopped: every call is answered from the cache, identically.
      await server.close();
      const replay = createModel(`openai-compatible:${server.baseURL}#m`, { cache: { ...cache, mode: "replay" } });
      const again = await Promise.all(Array.from({ length: 200 }, (_, i) => replay.generate(ask(i))));
      assert.deepEqual(again.map((r) => r.text), texts.at(-1));
      assert.ok(again.every((r) => r.cached));
      await assert.rejects(replay.generate(ask(0, { address: addr(999) })), (e: unknown) => e instanceof ReplayMissError && e.message.includes(formatAddress(addr(999))));
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test("single-flight: identical calls with one address in flight together share one request, with and without a cache", async () => {
  const dir = await tmp();
  try {
    for (const cache of [{ dir, mode: "auto" as const }, undefined]) {
      const server = await startOpenAIServer({ random: { seed: 2, latencyMs: 30 } });
      const model = createModel({ provider: "openai-compatible", baseURL: server.baseURL, model: "m" }, { cache, ledgerPath: join(dir, `ledger-${cache ? "c" : "n"}.jsonl`) });
      const same = await Promise.all(Array.from({ length: 10 }, () => model.generate(ask(3))));
      assert.equal(server.stats.total, 1, "one request for ten identical calls");
      assert.equal(new Set(same.map((r) => r.text)).size, 1);
      assert.equal(same.filter((r) => !r.cached).length, 1, "the others are marked as not paid");
      // Without an address, an uncached call is always sent.
      if (!cache) {
        await Promise.all(Array.from({ length: 3 }, () => model.generate({ ...ask(3), address: undefined })));
        assert.equal(server.stats.total, 4);
      }
      await model.flush(); // done and hit lines are written once per turn of the event loop, or at flush
      const s = summarizeLedger(join(dir, `ledger-${cache ? "c" : "n"}.jsonl`));
      assert.equal(s.sent, server.stats.total);
      assert.equal(s.replayHits, 9);
      assert.equal(model.ledger.summary().cacheHits, 9);
      await server.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test("the ledger file: a sent line before each request, a done line after, counts equal to the server's, across processes; replay hits cost nothing", async () => {
  const dir = await tmp();
  const ledgerPath = join(dir, "ledger.jsonl");
  let sentBeforeArrival = 0;
  const server = await startOpenAIServer({ random: { seed: 4, failureRate: 0.15, rate429: 0.1, retryAfterS: 0, latencyMs: [0, 4] } });
  // Write-ahead: when a request arrives, its sent line is already in the file.
  const check = await startOpenAIServer({
    respond: async (req) => {
      const text = await readFile(ledgerPath, "utf8");
      if (text.split("\n").filter((l) => l.includes('"event":"sent"')).length >= req.index + 1) sentBeforeArrival++;
      return undefined;
    },
  });
  try {
    const w = createModel({ provider: "openai-compatible", baseURL: check.baseURL, model: "m", concurrency: 1 }, { ledgerPath });
    for (let i = 0; i < 5; i++) await w.generate(ask(i));
    assert.equal(sentBeforeArrival, 5);

    const opts = { cache: { dir: join(dir, "cache"), mode: "auto" as const }, ledgerPath, ...fast };
    const a = createModel({ provider: "openai-compatible", baseURL: server.baseURL, model: "m", maxRetries: 8 }, opts);
    const b = createModel({ provider: "openai-compatible", baseURL: server.baseURL, model: "m", maxRetries: 8 }, opts);
    await Promise.all(Array.from({ length: 120 }, (_, i) => (i % 2 ? a : b).generate(ask(i))));
    await Promise.all([a.flush(), b.flush()]);
    const s = summarizeLedger(ledgerPath);
    const chat = server.stats.byPath["/v1/chat/completions"];
    assert.equal(s.sent - 5, chat, "one sent line per request the server received");
    assert.equal(s.done, s.sent);
    assert.equal(s.byStatus["500"], server.stats.byStatus[500]);
    assert.equal(s.byStatus["429"], server.stats.byStatus[429]);
    assert.equal(s.byStatus["200"] - 5, server.stats.byStatus[200]);
    assert.equal(s.failed, server.stats.byStatus[500] + server.stats.byStatus[429]);
    assert.ok(s.failed > 10, `faults were injected: ${s.failed}`);
    assert.equal(s.inputTokens, a.ledger.summary().inputTokens + b.ledger.summary().inputTokens + w.ledger.summary().inputTokens);
    // A rerun: every call is a replay hit, one line each, no cost.
    const c = createModel({ provider: "openai-compatible", baseURL: server.baseURL, model: "m" }, opts);
    await Promise.all(Array.from({ length: 120 }, (_, i) => c.generate(ask(i))));
    await c.flush();
    const s2 = summarizeLedger(ledgerPath);
    assert.equal(s2.replayHits, 120);
    assert.equal(s2.sent, s.sent);
    assert.equal(s2.costUsd, s.costUsd);
    for (const line of (await readFile(ledgerPath, "utf8")).trim().split("\n")) {
      const e = JSON.parse(line);
      assert.ok(["sent", "done", "hit"].includes(e.event));
      if (e.event === "done") for (const k of ["t", "id", "address", "attempt", "status", "input_tokens", "cached_input_tokens", "output_tokens", "cost_usd", "replay"]) assert.ok(k in e, k);
    }
  } finally {
    await server.close();
    await check.close();
    await rm(dir, { recursive: true, force: true });
  }
});

test("the budget: requests stop before the limit is passed (overshoot at most one call per slot); a new model on the same ledger starts from what was spent", async () => {
  const dir = await tmp();
  const ledgerPath = join(dir, "ledger.jsonl");
  const server = await startOpenAIServer({ random: { seed: 5, latencyMs: [1, 5] } });
  try {
    // $10 per million input tokens and $40 per million output: each call costs about $0.001-0.003.
    const spec = { provider: "openai-compatible", baseURL: server.baseURL, model: "m", concurrency: 4, prices: { "openai-compatible:m": { input: 10, output: 40 } } } as const;
    const model = createModel(spec, { ledgerPath, maxCostUsd: 0.05 });
    const outcomes = await Promise.allSettled(Array.from({ length: 200 }, (_, i) => model.generate(ask(i, { maxTokens: 50 }))));
    const refused = outcomes.filter((o) => o.status === "rejected");
    assert.ok(refused.length > 0 && refused.every((o) => (o as PromiseRejectedResult).reason instanceof BudgetExceededError && (o as PromiseRejectedResult).reason.code === "budget"));
    await model.flush();
    const s = summarizeLedger(ledgerPath);
    assert.equal(s.sent, server.stats.total, "refused calls sent nothing");
    assert.ok(s.costUsd <= 0.05, `spent ${s.costUsd}`);
    assert.ok(s.costUsd > 0.04, `stopped near the budget: ${s.costUsd}`);
    // The ledger file is what was spent: a new model whose budget is that much refuses at once.
    const next = createModel(spec, { ledgerPath, maxCostUsd: s.costUsd + 1e-9 });
    await assert.rejects(next.generate(ask(500, { maxTokens: 50 })), BudgetExceededError);
    assert.equal(summarizeLedger(ledgerPath).sent, s.sent);
    // A budget on a model without a price is refused before any call.
    assert.throws(() => createModel({ provider: "openai", model: "unknown-model", apiKey: "k", baseURL: server.baseURL }, { maxCostUsd: 1 }), /has no known price/);
  } finally {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  }
});

test("preflight: an unknown model or a bad key fails before any call, naming it; replay mode and preflight:false connect to nothing", async () => {
  const server = await startOpenAIServer({ models: ["gpt-4o-mini-2024-07-18"], apiKey: "sk-goodkey-123456" });
  const gemini = await startGeminiServer({ models: ["gemini-2.0-flash-001"], apiKey: "AIzaGoodKey" });
  try {
    const spec = { provider: "openai" as const, baseURL: server.baseURL, model: "gpt-4o-mini-2024-07-18", apiKey: "sk-goodkey-123456" };
    await connect(spec);
    await assert.rejects(connect({ ...spec, model: "gpt-4o-mni" }), (e: unknown) => e instanceof LLMAPIError && e.status === 404 && /gpt-4o-mni/.test(e.message) && /gpt-4o-mini-2024-07-18/.test(e.message));
    await assert.rejects(connect({ ...spec, apiKey: "sk-badkey-987654" }), (e: unknown) => e instanceof LLMAPIError && e.status === 401 && !e.message.includes("sk-badkey"));
    await assert.rejects(connect({ provider: "openai-compatible", baseURL: server.baseURL, model: "nope", apiKey: "sk-goodkey-123456" }), (e: unknown) => e instanceof LLMAPIError && /"nope"/.test(e.message));
    await connect({ provider: "gemini", baseURL: gemini.baseURL, model: "gemini-2.0-flash-001", apiKey: "AIzaGoodKey" });
    await assert.rejects(connect({ provider: "gemini", baseURL: gemini.baseURL, model: "gemini-9", apiKey: "AIzaGoodKey" }), (e: unknown) => e instanceof LLMAPIError && /gemini-9/.test(e.message));
    await assert.rejects(connect({ provider: "gemini", baseURL: gemini.baseURL, model: "gemini-2.0-flash-001", apiKey: "AIzaBadKey" }), (e: unknown) => e instanceof LLMAPIError && e.status === 400);
    assert.equal(server.stats.byPath["/v1/chat/completions"], 1, "only the compatible server's unlisted model took a one-token call");
    const before = server.stats.total;
    const dir = await tmp();
    await connect({ ...spec, model: "gpt-4o-mni" }, { preflight: false });
    await connect({ ...spec, apiKey: undefined, model: "gpt-4o-mni" }, { cache: { dir, mode: "replay" }, env: {} });
    assert.equal(server.stats.total, before, "no connection at all");
    await rm(dir, { recursive: true, force: true });
  } finally {
    await server.close();
    await gemini.close();
  }
});

test("provenance: effective base URL without credentials and its source, SDK versions, the reported snapshot, a floating-alias warning", async () => {
  const server = await startOpenAIServer({ snapshot: "gpt-4o-mini-2024-07-18" });
  try {
    const withCreds = server.baseURL.replace("http://", "http://alice:s3cretpass@");
    const model = createModel({ provider: "openai", model: "gpt-4o-mini", apiKey: "sk-test-abcdefgh" }, { env: { OPENAI_BASE_URL: withCreds } });
    await model.generate(ask(0));
    const p = model.provenance();
    assert.equal(p.baseURL, server.baseURL);
    assert.equal(p.baseURLSource, "OPENAI_BASE_URL");
    assert.equal(p.provider, "openai");
    assert.match(p.sdk.openai ?? "", /^\d+\.\d+\.\d+/);
    assert.match(p.sdk["@google/genai"] ?? "", /^\d+\.\d+\.\d+/);
    assert.equal(p.client, "chat completions over node:http (agora)");
    assert.deepEqual(p.reported, { model: "gpt-4o-mini-2024-07-18", systemFingerprint: "fp_agora_test" });
    assert.equal(p.warnings.length, 1);
    assert.match(p.warnings[0], /floating alias/);
    assert.ok(!JSON.stringify(p).includes("s3cret"));
    const dated = createModel({ provider: "openai", model: "gpt-4o-mini-2024-07-18", apiKey: "k", baseURL: server.baseURL });
    assert.deepEqual(dated.provenance().warnings, []);
    assert.equal(dated.provenance().baseURLSource, "spec");
    assert.equal(createModel({ provider: "openai", model: "gpt-4o", apiKey: "k" }, { env: {} }).provenance().baseURL, "https://api.openai.com/v1");
  } finally {
    await server.close();
  }
});

test("secrets: a base URL with user:pass@ never appears in errors, the ledger or the cache", async () => {
  const dir = await tmp();
  const server = await startOpenAIServer({ random: { seed: 9, failureRate: 0.5 } });
  try {
    const spec = { provider: "openai-compatible" as const, baseURL: server.baseURL.replace("http://", "http://bob:hunter2secret@"), model: "m", maxRetries: 1 };
    // connect: the preflight works through a base URL with credentials too.
    const model = await connect(spec, { cache: { dir: join(dir, "cache"), mode: "auto" }, ledgerPath: join(dir, "ledger.jsonl"), ...fast });
    assert.equal(server.stats.byPath["/v1/models"], 1);
    const out = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => model.generate(ask(i))));
    assert.ok(server.requests.length > 0);
    const errors = out.filter((o) => o.status === "rejected").map((o) => (o as PromiseRejectedResult).reason as Error);
    assert.ok(errors.length > 0);
    await server.close();
    const down = await model.generate(ask(100)).catch((e: Error) => e);
    errors.push(down as Error);
    for (const e of errors) assert.ok(!`${e.message} ${e.stack} ${JSON.stringify(e)}`.includes("hunter2"), e.message);
    assert.match((down as Error).message, /127\.0\.0\.1/);
    await model.flush();
    for (const name of await readdir(dir, { recursive: true })) {
      const p = join(dir, name);
      const bytes = await readFile(p).catch(() => undefined);
      if (bytes) assert.ok(!bytes.includes("hunter2"), p);
    }
    assert.ok(!JSON.stringify(model.spec).includes("hunter2") && !JSON.stringify(model.provenance()).includes("hunter2"));
  } finally {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  }
});

test("reasoning models get max_completion_tokens and no temperature; a 400 naming an unsupported parameter is retried once without it and recorded", async () => {
  const dir = await tmp();
  const server = await startOpenAIServer({
    respond: (req) =>
      "seed" in req.body
        ? { status: 400, body: { error: { message: "Unsupported parameter: 'seed' is not supported with this model.", type: "invalid_request_error", param: "seed", code: "unsupported_parameter" } } }
        : undefined,
  });
  try {
    const o = createModel({ provider: "openai", model: "o4-mini", apiKey: "sk-test-abcdefgh", baseURL: server.baseURL }, { ledgerPath: join(dir, "ledger.jsonl") });
    await o.generate(ask(0, { maxTokens: 100 }));
    await o.generate(ask(1, { maxTokens: 100 }));
    const bodies = server.requests.map((r) => r.body);
    assert.equal(bodies.length, 3, "one refused request, then one per call");
    for (const b of bodies) {
      assert.equal(b.max_completion_tokens, 100);
      assert.ok(!("max_tokens" in b) && !("temperature" in b));
    }
    assert.ok("seed" in bodies[0] && !("seed" in bodies[1]) && !("seed" in bodies[2]));
    assert.deepEqual(o.provenance().droppedParams, ["seed"]);
    const lines = (await readFile(join(dir, "ledger.jsonl"), "utf8")).trim().split("\n").map((l) => JSON.parse(l));
    assert.equal(lines.filter((l) => l.unsupported_param === "seed").length, 1);
    assert.equal(summarizeLedger(join(dir, "ledger.jsonl")).byStatus["400"], 1);
    const chat = createModel({ provider: "openai", model: "gpt-4o-mini", apiKey: "sk-test-abcdefgh", baseURL: server.baseURL });
    server.requests.length = 0;
    await chat.generate(ask(2, { maxTokens: 100 })).catch(() => undefined);
    assert.equal(server.requests.at(-1)!.body.temperature, 0.7);
  } finally {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  }
});

test("image parts reach OpenAI as a data URL and Gemini as inline data, and enter the cache key by their bytes", async () => {
  const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
  const other = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 9, 9, 9, 9]);
  const dir = await tmp();
  const oa = await startOpenAIServer({ random: { seed: 1 } });
  const gm = await startGeminiServer({ random: { seed: 1 } });
  try {
    const req = (data: Uint8Array): GenerateRequest => ({ messages: [{ role: "user", content: [{ type: "text", text: "What is shown?" }, { type: "image", mimeType: "image/png", data }] }], schema: Vote, address: addr(0) });
    const o = createModel({ provider: "openai-compatible", baseURL: oa.baseURL, model: "m" }, { cache: { dir: join(dir, "o"), mode: "auto" } });
    await o.generate(req(png));
    await o.generate(req(png));
    await o.generate(req(other));
    assert.equal(oa.stats.total, 2, "same bytes: a hit; other bytes: a new call");
    const parts = oa.requests[0].body.messages[0].content;
    assert.deepEqual(parts[1], { type: "image_url", image_url: { url: `data:image/png;base64,${Buffer.from(png).toString("base64")}` } });
    const g = createModel({ provider: "gemini", baseURL: gm.baseURL, model: "gemini-test", apiKey: "AIzaTestKey" }, { cache: { dir: join(dir, "g"), mode: "auto" } });
    const r = await g.generate(req(png));
    Vote.parse(r.data);
    assert.deepEqual(gm.requests[0].body.contents[0].parts[1], { inlineData: { mimeType: "image/png", data: Buffer.from(png).toString("base64") } });
  } finally {
    await oa.close();
    await gm.close();
    await rm(dir, { recursive: true, force: true });
  }
});
