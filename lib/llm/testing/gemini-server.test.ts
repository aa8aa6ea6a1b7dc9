import { test } from "node:test";
import assert from "node:assert/strict";
import { z } from "zod";
import { startGeminiServer } from "./gemini-server.js";
import { createModel } from "../create.js";

test("the Gemini provider round-trips structured output and plain text through the SDK", async () => {
  const server = await startGeminiServer();
  try {
    const model = createModel({ provider: "gemini", model: "gemini-test", baseURL: server.baseURL, apiKey: "fake-gemini-key-123" });
    const schema = z.object({ stance: z.enum(["for", "against"]), strength: z.number().min(0).max(1), reason: z.string().optional() });
    const r = await model.generate({ system: "be brief", messages: [{ role: "user", content: "take a side" }], schema, temperature: 0.2, seed: 4 });
    assert.deepEqual(r.data, schema.parse(JSON.parse(r.text)));
    assert.equal(r.model, "gemini:gemini-test");
    const sent = server.requests[0];
    assert.equal(sent.path, "/v1beta/models/gemini-test:generateContent");
    assert.equal(sent.body.generationConfig.responseMimeType, "application/json");
    assert.equal(sent.body.generationConfig.temperature, 0.2);
    assert.equal(sent.body.systemInstruction.parts[0].text, "be brief");
    assert.equal(sent.headers["x-goog-api-key"], "fake-gemini-key-123");
    const usage = JSON.parse(JSON.stringify(r.usage));
    assert.ok(usage.inputTokens > 0 && usage.outputTokens > 0);
    const plain = await model.generate({ messages: [{ role: "user", content: "hello" }] });
    assert.match(plain.text, /hello/);
  } finally {
    await server.close();
  }
});

test("Gemini: a 429 with RetryInfo is waited for and retried; a 400 is an LLMAPIError without the key", async () => {
  const server = await startGeminiServer({
    respond: (req) =>
      req.index === 0
        ? { status: 429, body: { error: { code: 429, message: "quota", status: "RESOURCE_EXHAUSTED", details: [{ "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay: "0.2s" }] } } }
        : req.body.contents[0].parts[0].text === "bad"
          ? { status: 400, body: { error: { code: 400, message: "API key fake-gemini-key-123 is not valid for this", status: "INVALID_ARGUMENT" } } }
          : undefined,
  });
  try {
    const model = createModel({ provider: "gemini", model: "g", baseURL: server.baseURL, apiKey: "fake-gemini-key-123" }, { retry: { baseDelayMs: 5 } });
    const t0 = performance.now();
    await model.generate({ messages: [{ role: "user", content: "hi" }] });
    assert.ok(performance.now() - t0 >= 190, "RetryInfo.retryDelay of 0.2 s honoured");
    assert.equal(model.ledger.summary().retries, 1);
    await assert.rejects(model.generate({ messages: [{ role: "user", content: "bad" }] }), (e: unknown) => {
      assert.equal((e as { status?: number }).status, 400);
      assert.doesNotMatch((e as Error).message, /fake-gemini-key-123/);
      return true;
    });
  } finally {
    await server.close();
  }
});
