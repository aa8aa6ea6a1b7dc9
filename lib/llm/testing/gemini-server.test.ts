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
