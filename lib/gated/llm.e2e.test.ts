/**
 * End to end against the local OpenAI-compatible test server: the adjudicator's prompt goes out with the
 * verdict schema, the reply is parsed (or repaired, with the repair logged), and the cell writes table rows.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRng } from "../core/rng.js";
import { createModel } from "../llm/index.js";
import { startOpenAIServer } from "../llm/testing/openai-server.js";
import { GatedParamsSchema, runner } from "./runner.js";

const params = GatedParamsSchema.parse({ episodes: 1, family: { width: 8, depth: 6 }, logEpisodes: 1, sim: { tLow: -1, tHigh: 3 } });

async function runWith(respond?: (req: { body: { messages: { content: string }[] } }) => { content: string } | undefined, policy = "gated") {
  const server = await startOpenAIServer({ respond: respond as never });
  try {
    const llm = createModel(`openai-compatible:${server.baseURL}#test-model`);
    const res = await runner.runCell({
      runId: `policy=${policy},scenario=scarce,seed=3`, seed: 3, condition: { policy, scenario: "scarce" }, params,
      model: { kind: "llm", llm }, rng: createRng(3).fork("gated", "e2e"),
    });
    return { res, requests: server.requests, id: llm.id };
  } finally {
    await server.close();
  }
}

test("prompts → schema → parsed verdicts → episode and event rows (schema-valid replies)", async () => {
  const { res, requests, id } = await runWith();
  assert.ok(requests.length > 0, "the gray zone (T_low −1, T_high 3) sends every problem to the adjudicator");
  const body = requests[0].body;
  assert.equal(body.response_format.json_schema.name, "gate_verdict");
  assert.match(body.messages.map((m: { content: string }) => m.content).join("\n"), /bounded adjudicator[\s\S]*Score S=/);
  const eps = res.tables.episodes;
  assert.equal(eps.length, 1);
  assert.ok(eps.every((r) => r.model === id && r.policy === "gated" && r.scenario === "scarce"));
  const adj = res.tables.events.filter((e) => e.event === "adjudicate");
  assert.equal(adj.length, requests.length);
  assert.ok(adj.every((e) => e.decision === "local" || e.decision === "escalate"));
  assert.equal(res.usage?.calls, requests.length);
  assert.ok((res.usage?.inputTokens ?? 0) > 0);
});

test("replies that miss the schema are repaired, validated and logged", async () => {
  let n = 0;
  const { res } = await runWith(() => {
    n++;
    return { content: n % 2 ? "Given the costs I would ESCALATE this one." : '{"Decision": "Stay local", "Reason": "cheap to collect"}' };
  });
  const repairs = res.tables.events.filter((e) => e.event === "repair");
  assert.ok(repairs.length > 0);
  const steps = new Set(repairs.map((r) => r.via));
  assert.ok(steps.has("keyword") && steps.has("normalised"), [...steps].join(","));
  const adj = res.tables.events.filter((e) => e.event === "adjudicate");
  assert.ok(adj.some((e) => e.decision === "escalate") && adj.some((e) => e.decision === "local"));
  assert.ok(adj.every((e) => e.via === "repaired"));
});

test("free chat on a language model: every broadcast and reply gets its words from the model, tokens from its usage", async () => {
  const { res, requests } = await runWith((req) => ({ content: `Agent note ${req.body.messages.length}: I need help here.` }), "free_chat");
  const texts = res.tables.events.filter((e) => e.event === "chat_text");
  const messages = res.tables.events.filter((e) => e.event === "message");
  assert.ok(texts.length > 0 && texts.length === messages.length, `${texts.length} texts for ${messages.length} messages`);
  assert.ok(texts.every((e) => typeof e.text === "string" && String(e.text).startsWith("Agent note")));
  assert.equal(requests.length, texts.length);
  assert.equal(requests[0].body.response_format, undefined); // free text, no schema
  const ep = res.tables.episodes[0];
  assert.equal(ep.messages, texts.length);
});
