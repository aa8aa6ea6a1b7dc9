// The servers' random mode: replies are drawn from a seeded stream advancing per request (the same request twice
// gets two replies), valid under the request's schema, with faults and counts by path and status.
import { test } from "node:test";
import assert from "node:assert/strict";
import { z } from "zod";
import { startOpenAIServer } from "./openai-server.js";
import { startGeminiServer } from "./gemini-server.js";
import { createModel } from "../create.js";

const Schema = z.object({ answer: z.string(), mood: z.enum(["calm", "angry", "sad"]), score: z.number().min(0).max(1), ok: z.boolean(), n: z.number().int().min(1).max(100) });

async function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; headers: Headers; json: any }> {
  const res = await fetch(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
  return { status: res.status, headers: res.headers, json: await res.json() };
}

test("OpenAI random mode: identical requests get different schema-valid replies; the stream is seeded", async () => {
  const replies: string[][] = [];
  for (const seed of [1, 1, 2]) {
    const server = await startOpenAIServer({ random: { seed } });
    try {
      const model = createModel(`openai-compatible:${server.baseURL}#test-model`);
      const texts: string[] = [];
      for (let i = 0; i < 30; i++) {
        const r = await model.generate({ messages: [{ role: "user", content: "same question" }], schema: Schema });
        assert.deepEqual(Schema.parse(JSON.parse(r.text)), r.data);
        texts.push(r.text);
      }
      const plain = await model.generate({ messages: [{ role: "user", content: "same question" }] });
      assert.ok(plain.text.split(" ").length >= 5, plain.text);
      assert.doesNotMatch(plain.text, /same question/, "random text, not an echo of the prompt");
      replies.push(texts);
      assert.equal(server.stats.byPath["/v1/chat/completions"], 31);
      assert.equal(server.stats.byStatus[200], 31);
    } finally {
      await server.close();
    }
  }
  assert.equal(new Set(replies[0]).size, 30, "30 identical requests, 30 different replies");
  const words = new Set(replies[0].flatMap((t) => (JSON.parse(t).answer as string).split(" ")));
  assert.ok(words.size > 40, `varied text: ${words.size} distinct words`);
  assert.deepEqual(replies[0], replies[1], "same seed, same stream");
  assert.notDeepEqual(replies[0], replies[2], "another seed, another stream");
});

test("OpenAI random mode: failure and 429 rates, Retry-After, latency range, model list and keys", async () => {
  const server = await startOpenAIServer({ random: { seed: 3, failureRate: 0.2, rate429: 0.25, retryAfterS: 2, latencyMs: [5, 15] }, models: ["m1", "m2"], apiKey: "sk-good" });
  try {
    const auth = { authorization: "Bearer sk-good" };
    const statuses: number[] = [];
    for (let i = 0; i < 200; i++) {
      const r = await post(`${server.baseURL}/chat/completions`, { model: "m1", messages: [{ role: "user", content: "x" }] }, auth);
      statuses.push(r.status);
      if (r.status === 429) assert.equal(r.headers.get("retry-after"), "2");
    }
    const share = (s: number) => statuses.filter((x) => x === s).length / statuses.length;
    assert.ok(share(500) > 0.1 && share(500) < 0.3, `500s: ${share(500)}`);
    assert.ok(share(429) > 0.1 && share(429) < 0.3, `429s: ${share(429)}`);
    assert.equal(server.stats.byStatus[500] + server.stats.byStatus[429] + server.stats.byStatus[200], 200);
    assert.ok(server.stats.answerMsMin >= 5);
    assert.equal((await post(`${server.baseURL}/chat/completions`, { model: "nope", messages: [] }, auth)).status, 404);
    assert.equal((await post(`${server.baseURL}/chat/completions`, { model: "m1", messages: [] }, { authorization: "Bearer sk-bad" })).status, 401);
    const list = await (await fetch(`${server.baseURL}/models`, { headers: auth })).json();
    assert.deepEqual(list.data.map((m: { id: string }) => m.id), ["m1", "m2"]);
    assert.equal((await fetch(`${server.baseURL}/models/m2`, { headers: auth })).status, 200);
    assert.equal((await fetch(`${server.baseURL}/models/m3`, { headers: auth })).status, 404);
    assert.equal(server.stats.byPath["/v1/models"], 1);
  } finally {
    await server.close();
  }
});

test("a rate limit answers 429 beyond its request rate", async () => {
  const server = await startOpenAIServer({ rateLimit: { requests: 3, perMs: 1000 } });
  try {
    const statuses = await Promise.all(Array.from({ length: 5 }, () => post(`${server.baseURL}/chat/completions`, { model: "m", messages: [] }).then((r) => r.status)));
    assert.deepEqual(statuses.sort(), [200, 200, 200, 429, 429]);
  } finally {
    await server.close();
  }
});

test("Gemini random mode: varied schema-valid replies, 429 with an HTTP Retry-After header only, model list", async () => {
  const server = await startGeminiServer({ random: { seed: 5, rate429: 0.3, retryAfterS: 3 }, models: ["g1"] });
  try {
    const url = `${server.baseURL}/v1beta/models/g1:generateContent`;
    const schema = z.toJSONSchema(Schema);
    const texts = new Set<string>();
    let n429 = 0;
    for (let i = 0; i < 60; i++) {
      const r = await post(url, { contents: [{ role: "user", parts: [{ text: "same" }] }], generationConfig: { responseMimeType: "application/json", responseJsonSchema: schema } });
      if (r.status === 429) {
        n429++;
        assert.equal(r.headers.get("retry-after"), "3");
        assert.doesNotMatch(JSON.stringify(r.json), /retryDelay/);
        continue;
      }
      const text = r.json.candidates[0].content.parts[0].text;
      Schema.parse(JSON.parse(text));
      texts.add(text);
    }
    assert.ok(n429 > 5 && n429 < 35, `${n429} 429s`);
    assert.equal(texts.size, 60 - n429);
    assert.equal((await post(`${server.baseURL}/v1beta/models/g2:generateContent`, { contents: [] })).status, 404);
    const list = await (await fetch(`${server.baseURL}/v1beta/models`)).json();
    assert.deepEqual(list.models.map((m: { name: string }) => m.name), ["models/g1"]);
    assert.equal(server.stats.byStatus[429], n429);
  } finally {
    await server.close();
  }
});
