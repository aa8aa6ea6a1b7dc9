import { test } from "node:test";
import assert from "node:assert/strict";
import { z } from "zod";
import { startOpenAIServer } from "./openai-server.js";
import { createModel } from "../create.js";

test("default replies: schema-valid JSON instances, plain text without a schema, usage counted", async () => {
  const server = await startOpenAIServer();
  try {
    const model = createModel(`openai-compatible:${server.baseURL}#test-model`);
    const schema = z.object({
      name: z.string().min(3).max(12),
      mood: z.enum(["calm", "angry", "sad"]),
      score: z.number().min(-1).max(1),
      votes: z.number().int().min(2).max(4),
      ok: z.boolean(),
      tags: z.array(z.string()).min(1).max(2),
      note: z.string().optional(),
      maybe: z.number().nullable(),
      choice: z.union([z.object({ kind: z.literal("a"), a: z.number() }), z.object({ kind: z.literal("b") })]),
    });
    const r = await model.generate({ messages: [{ role: "user", content: "describe yourself" }], schema });
    assert.deepEqual(schema.parse(JSON.parse(r.text)), r.data);
    assert.equal(r.model, "openai-compatible:test-model");
    assert.ok(r.usage.inputTokens > 0 && r.usage.outputTokens > 0);
    // The same request gives the same reply (the instance is chosen from the request hash).
    const again = await model.generate({ messages: [{ role: "user", content: "describe yourself" }], schema });
    assert.equal(again.text, r.text);
    const plain = await model.generate({ messages: [{ role: "user", content: "hello there" }] });
    assert.match(plain.text, /hello there/);
    assert.equal(plain.data, undefined);
    assert.equal(server.requests.length, 3);
    assert.equal(server.requests[0].path, "/v1/chat/completions");
    assert.equal(server.requests[0].body.response_format.json_schema.strict, true);
  } finally {
    await server.close();
  }
});

test("respond can replace replies: content, raw status, and the default otherwise", async () => {
  const server = await startOpenAIServer({
    respond: (req) => (req.index === 0 ? { content: "custom" } : req.index === 1 ? { status: 400, body: { error: { message: "bad" } } } : undefined),
  });
  try {
    const model = createModel({ provider: "openai-compatible", baseURL: server.baseURL, model: "m" });
    assert.equal((await model.generate({ messages: [{ role: "user", content: "x" }] })).text, "custom");
    await assert.rejects(model.generate({ messages: [{ role: "user", content: "x" }] }), { name: "LLMAPIError", status: 400 });
    assert.match((await model.generate({ messages: [{ role: "user", content: "x" }] })).text, /^reply /);
  } finally {
    await server.close();
  }
});

test("latencyMs counts from the request's arrival and is never cut short", async () => {
  const server = await startOpenAIServer({ latencyMs: 30 });
  try {
    const model = createModel(`openai-compatible:${server.baseURL}#test-model`);
    const t0 = performance.now();
    await Promise.all(Array.from({ length: 8 }, (_, i) => model.generate({ messages: [{ role: "user", content: `q${i}` }] })));
    assert.ok(performance.now() - t0 >= 30, "the client waited at least the latency");
    assert.equal(server.stats.answered, 8);
    assert.ok(server.stats.answerMsMin >= 30, `the quickest answer took ${server.stats.answerMsMin} ms`);
    const mean = server.stats.answerMsTotal / server.stats.answered;
    assert.ok(mean < 30 + 1000, `mean answer time ${mean} ms`);
  } finally {
    await server.close();
  }
});
