import { test } from "node:test";
import assert from "node:assert/strict";
import { floatingAliasWarning, isReasoningModel } from "./models.js";
import { costOf, parsePriceFlag, priceOf, DEFAULT_PRICES } from "./prices.js";
import { outputTokensFor, roleOf, DEFAULT_OUTPUT_TOKENS } from "./roles.js";
import { LLMConfigError } from "./errors.js";

test("reasoning models: exact o-series and gpt-5 families, dated or not; the chat models beside them are not", () => {
  for (const m of ["o1", "o1-mini", "o3", "o3-mini", "o4-mini", "o4-mini-2025-04-16", "gpt-5", "gpt-5-mini", "gpt-5-nano-2025-08-07", "gpt-5.1", "gpt-5-pro-2025-10-06", "o3-deep-research"]) assert.ok(isReasoningModel(m), m);
  for (const m of ["gpt-5-chat-latest", "gpt-5-chat", "chatgpt-4o-latest", "gpt-4o", "gpt-4o-mini", "gpt-4.1-nano", "omni-moderation-latest", "gpt-3.5-turbo",
    "o1x", "gpt-50", "gpt-5-mini-latest-preview", "gpt-5.1x", "o3-mini-high"]) assert.ok(!isReasoningModel(m), m);
});

test("floating aliases are warned about; dated snapshots and local models are not", () => {
  assert.match(floatingAliasWarning("openai", "gpt-4o-mini") ?? "", /floating alias/);
  assert.match(floatingAliasWarning("gemini", "gemini-2.5-flash") ?? "", /floating alias/);
  for (const [p, m] of [["openai", "gpt-4o-mini-2024-07-18"], ["gemini", "gemini-2.0-flash-001"], ["openai-compatible", "llama3.1"]]) assert.equal(floatingAliasWarning(p, m), undefined, m);
});

test("prices: the flag form, cached input priced apart, bad flags named", () => {
  assert.deepEqual(parsePriceFlag("openai:gpt-4o-mini=0.15,0.6,0.075"), { "openai:gpt-4o-mini": { input: 0.15, output: 0.6, cachedInput: 0.075 } });
  assert.deepEqual(parsePriceFlag("openai-compatible:llama3.1=1,2"), { "openai-compatible:llama3.1": { input: 1, output: 2 } });
  for (const bad of ["gpt-4o=1,2", "openai:m=1", "openai:m=1,x", "openai:m=1,2,3,4", "openai:m=-1,2", "openai:m=1,,2"]) {
    assert.throws(() => parsePriceFlag(bad), (e: unknown) => e instanceof LLMConfigError && e.message.includes(bad) && /--price/.test(e.message), bad);
  }
  // 1M input of which 400k cached, 100k output at $1 / $0.25 cached / $4: 0.6 + 0.1 + 0.4.
  assert.ok(Math.abs(costOf({ input: 1, output: 4, cachedInput: 0.25 }, { inputTokens: 1e6, cachedInputTokens: 4e5, outputTokens: 1e5 }) - 1.1) < 1e-12);
  assert.ok(Math.abs(costOf({ input: 1, output: 4 }, { inputTokens: 1e6, cachedInputTokens: 4e5, outputTokens: 0 }) - 1) < 1e-12);
  assert.deepEqual(priceOf("openai-compatible:x", { "openai-compatible:x": { input: 1, output: 1 } }), { input: 1, output: 1 });
  // a listed model prices its dated snapshots, never a different model that shares its prefix
  assert.equal(priceOf("openai:gpt-4o-2024-08-06", DEFAULT_PRICES), DEFAULT_PRICES["openai:gpt-4o"]);
  assert.equal(priceOf("gemini:gemini-2.0-flash-001", DEFAULT_PRICES), DEFAULT_PRICES["gemini:gemini-2.0-flash"]);
  assert.equal(priceOf("gemini:gemini-2.5-flash-preview-05-20", DEFAULT_PRICES), DEFAULT_PRICES["gemini:gemini-2.5-flash"]);
  assert.equal(priceOf("openai:gpt-4o-mini", { "openai:gpt-4o": { input: 9, output: 9 } }), undefined);
  assert.equal(priceOf("gemini:gemini-2.0-flash-lite", DEFAULT_PRICES), undefined);
  // an OpenAI-compatible server (a hosted gateway bills) has no price until one is given; 0,0 is the explicit "free"
  assert.equal(priceOf("openai-compatible:y", DEFAULT_PRICES), undefined);
  assert.deepEqual(priceOf("openai-compatible:y", { ...DEFAULT_PRICES, ...parsePriceFlag("openai-compatible:y=0,0") }), { input: 0, output: 0 });
});

test("output-token reservations: maxTokens, else the address's role, else the default", () => {
  const a = "nous/conv=1,ablation=none/seed=2/scorer/step=3/agent=-/sample=0";
  assert.equal(roleOf(a), "scorer");
  assert.equal(roleOf("tbs/a/b=c/seed=0/reasoner/step=1/agent=2/sample=0"), "reasoner", "a cell holding / is read from the right");
  assert.equal(outputTokensFor(50, a), 50);
  assert.equal(outputTokensFor(undefined, a), 100);
  assert.equal(outputTokensFor(undefined, "x/y/seed=0/unknown-role/step=0/agent=-/sample=0"), DEFAULT_OUTPUT_TOKENS);
  assert.equal(outputTokensFor(undefined, undefined), DEFAULT_OUTPUT_TOKENS);
});

test("a call's role: parsed once by createModel (ROLE), and read from there before the address is parsed again", async () => {
  const { createModel } = await import("./create.js");
  const { ROLE, requestRole, roleOutputTokens } = await import("./roles.js");
  const seen: Record<symbol, unknown>[] = [];
  const provider = { id: "openai-compatible:m", generate: async (req: object) => (seen.push(req as Record<symbol, unknown>), { text: "x", usage: { inputTokens: 1, outputTokens: 1 }, latencyMs: 0, cached: false, model: "openai-compatible:m" }) };
  const model = createModel({ provider: "openai-compatible", baseURL: "http://127.0.0.1:9/v1", model: "m", tpm: 1e8 }, { provider });
  await model.generate({ messages: [{ role: "user", content: "q" }], address: { mechanism: "nous", cell: "a/b", seed: 1, role: "scorer", step: "w/0" } });
  await model.generate({ messages: [{ role: "user", content: "q" }], address: "not an address" });
  await model.generate({ messages: [{ role: "user", content: "q" }] });
  assert.deepEqual(seen.map((r) => r[ROLE]), ["scorer", null, undefined], "parsed role, none, no address");
  // the stored role wins over the address text (null: parsed, none); without it the address is parsed
  const address = "tbs/c/seed=0/reasoner/step=1/agent=-/sample=0";
  assert.equal(requestRole({ address, [ROLE]: "judge" }), "judge");
  assert.equal(requestRole({ address, [ROLE]: null }), undefined);
  assert.equal(requestRole({ address }), "reasoner");
  assert.equal(roleOutputTokens("scorer"), outputTokensFor(undefined, "x/c/seed=0/scorer/step=0/agent=-/sample=0"));
  assert.equal(roleOutputTokens(undefined), DEFAULT_OUTPUT_TOKENS);
});
