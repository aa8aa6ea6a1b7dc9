// The request ledger's lines: written field by field as text, they must read back as the objects they stand for and
// be exactly what `JSON.stringify` makes of those objects (same field order, same number and string forms).
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { GenerateRequest, GenerateResult, LanguageModel } from "../core/model.js";
import { LLMAPIError, LLMTimeoutError } from "./errors.js";
import { Budget, RequestLog, withRequestLog } from "./request-log.js";
import { ATTEMPT } from "./wrappers/retry.js";

const reply = (usage: GenerateResult["usage"]): GenerateResult => ({ text: "{}", usage, latencyMs: 1, cached: false, model: "openai:m" });

test("ledger lines: each is the JSON.stringify of its object, with the fields in order, for odd addresses and every status", async () => {
  const dir = await mkdtemp(join(tmpdir(), "agora-request-log-"));
  try {
    const log = new RequestLog(join(dir, "ledger.jsonl"));
    const outcomes: (() => Promise<GenerateResult>)[] = [
      async () => reply({ inputTokens: 1234, outputTokens: 56, cachedInputTokens: 1000 }),
      async () => reply({ inputTokens: 7, outputTokens: 3 }),
      async () => Promise.reject(new LLMAPIError(400, "unsupported parameter temperature", undefined, { unsupportedParam: "temperature" })),
      async () => Promise.reject(new LLMAPIError(503, "overloaded")),
      async () => Promise.reject(new LLMTimeoutError(10, "openai:m")),
      async () => Promise.reject(new Error("socket hang up")),
    ];
    let i = 0;
    const inner: LanguageModel = { id: "openai:m\"odd", generate: (() => outcomes[i++]()) as LanguageModel["generate"] };
    const model = withRequestLog(inner, { log, price: { input: 0.15, output: 0.6 }, budget: new Budget(100) });
    const addresses = ['tbs/cell="x"/seed=1/judge/step=1/agent=-/sample=0', "naïve/é\n\t\\/seed=2/judge/step=2/agent=-/sample=0", undefined, "a/b/seed=3/r/step=3/agent=-/sample=0", "x", "y"];
    for (const [k, address] of addresses.entries()) {
      const req = { messages: [{ role: "user", content: "q" }], address, [ATTEMPT]: k + 1 } as GenerateRequest;
      await model.generate(req).catch(() => undefined);
    }
    log.hit("openai:m", 'quote"d', "in-flight");
    log.hit("openai:m", undefined, "cache");
    log.close();
    const lines = (await readFile(join(dir, "ledger.jsonl"), "utf8")).trimEnd().split("\n");
    assert.equal(lines.length, 2 * outcomes.length + 2);
    for (const line of lines) assert.equal(line, JSON.stringify(JSON.parse(line)), "a line is JSON.stringify's form of its object");
    const parsed = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    const keys = (e: Record<string, unknown>) => Object.keys(e).join(",");
    const sent = parsed.filter((e) => e.event === "sent");
    const done = parsed.filter((e) => e.event === "done");
    assert.deepEqual(sent.map((e) => e.address), addresses.map((a) => a ?? null));
    assert.deepEqual(sent.map((e) => e.attempt), [1, 2, 3, 4, 5, 6]);
    for (const e of sent) assert.equal(keys(e), "event,t,id,address,attempt,model");
    assert.equal(sent[0].model, "openai:m\"odd");
    assert.deepEqual(done.map((e) => e.status), [200, 200, 400, 503, "timeout", "error"]);
    for (const e of done.filter((d) => d.status !== 400)) assert.equal(keys(e), "event,t,id,address,attempt,model,status,input_tokens,cached_input_tokens,output_tokens,cost_usd,replay");
    assert.equal(keys(done[2]), "event,t,id,address,attempt,model,status,input_tokens,cached_input_tokens,output_tokens,cost_usd,replay,unsupported_param");
    assert.equal(done[2].unsupported_param, "temperature");
    assert.deepEqual([done[0].input_tokens, done[0].cached_input_tokens, done[0].output_tokens], [1234, 1000, 56]);
    assert.ok(typeof done[0].cost_usd === "number" && done[0].cost_usd > 0);
    for (const [k, d] of done.entries()) assert.equal(d.id, sent[k].id);
    const hits = parsed.filter((e) => e.event === "hit");
    assert.deepEqual(hits.map((e) => [e.address, e.source, e.replay]), [['quote"d', "in-flight", true], [null, "cache", true]]);
    for (const e of hits) assert.equal(keys(e), "event,t,id,address,model,source,replay");
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test("ledger lines: a key-like text in an address or a model id is redacted field by field, and every line stays JSON", async () => {
  const dir = await mkdtemp(join(tmpdir(), "agora-request-log-"));
  try {
    const log = new RequestLog(join(dir, "ledger.jsonl"));
    const inner: LanguageModel = { id: "openai:sk-modelsecret12345", generate: (async () => reply({ inputTokens: 1, outputTokens: 1 })) as LanguageModel["generate"] };
    const model = withRequestLog(inner, { log, price: { input: 0.15, output: 0.6 }, budget: new Budget(100) });
    const address = 'tbs/key="sk-abcdefghijklmnop"/seed=1/judge/step=1/agent=-/sample=0';
    await model.generate({ messages: [{ role: "user", content: "q" }], address } as GenerateRequest);
    log.close();
    const text = await readFile(join(dir, "ledger.jsonl"), "utf8");
    assert.ok(!text.includes("sk-abcdefghijklmnop") && !text.includes("sk-modelsecret12345"), text);
    const lines = text.trimEnd().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>);
    assert.deepEqual(lines.map((e) => e.event), ["sent", "done"]);
    for (const e of lines) {
      assert.equal(e.address, 'tbs/key="[redacted]"/seed=1/judge/step=1/agent=-/sample=0');
      assert.equal(e.model, "openai:[redacted]");
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
