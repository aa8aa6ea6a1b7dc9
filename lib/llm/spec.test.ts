// Spec strings and objects: bad input is one clear LLMConfigError at creation, before any call.
import { test } from "node:test";
import assert from "node:assert/strict";
import { parseSpecString, publicSpec, resolveSpec } from "./spec.js";
import { createModel } from "./create.js";
import { connect, preflight } from "./preflight.js";
import { LLMConfigError, LLMConnectionError } from "./errors.js";
import { startOpenAIServer } from "./testing/openai-server.js";

test("spec strings parse into provider, model and base URL", () => {
  assert.deepEqual(parseSpecString("openai:gpt-4o-mini"), { provider: "openai", model: "gpt-4o-mini" });
  assert.deepEqual(parseSpecString("gemini:gemini-2.5-flash-lite"), { provider: "gemini", model: "gemini-2.5-flash-lite" });
  assert.deepEqual(parseSpecString("openai-compatible:http://127.0.0.1:11434/v1#llama3.1:8b"), {
    provider: "openai-compatible",
    baseURL: "http://127.0.0.1:11434/v1",
    model: "llama3.1:8b",
  });
});

test("keys and endpoints come from the spec or the environment", () => {
  const env = { OPENAI_API_KEY: "k1", OPENAI_BASE_URL: "https://proxy.example/v1/", GOOGLE_API_KEY: "k2" };
  const o = resolveSpec("openai:gpt-4o-mini", env);
  assert.equal(o.apiKey, "k1");
  assert.equal(o.baseURL, "https://proxy.example/v1");
  assert.equal(o.id, "openai:gpt-4o-mini");
  assert.equal(resolveSpec("gemini:gemini-2.5-flash", env).apiKey, "k2");
  assert.equal(resolveSpec("gemini:gemini-2.5-flash", { ...env, GEMINI_API_KEY: "k3" }).apiKey, "k3");
  assert.equal(resolveSpec({ provider: "openai", model: "x", apiKey: "mine" }, env).apiKey, "mine");
  const d = resolveSpec("openai-compatible:http://h:1/v1#m", {});
  assert.equal(d.apiKey, undefined);
  assert.equal(d.concurrency, 16);
  assert.equal(d.maxRetries, 5);
});

test("the public spec hides the key and URL credentials", () => {
  const s = publicSpec(resolveSpec({ provider: "openai-compatible", model: "m", baseURL: "http://user:pw@10.0.0.2:8000/v1", apiKey: "sk-x" }));
  assert.equal(s.apiKey, "set");
  assert.equal(s.baseURL, "http://10.0.0.2:8000/v1");
});

test("unknown provider, missing key and malformed specs fail at creation with the fix", () => {
  const env = {};
  const cases: [unknown, string, RegExp][] = [
    ["anthropic:claude", "provider", /unknown model provider "anthropic".*\n  fix: use one of openai, gemini, openai-compatible/s],
    ["offline", "provider", /has no provider/],
    ["openai:gpt-4o-mini", "apiKey", /OPENAI_API_KEY/],
    ["gemini:gemini-2.5-flash", "apiKey", /GEMINI_API_KEY \(or GOOGLE_API_KEY\)/],
    ["openai-compatible:http://127.0.0.1:8000/v1", "model", /<baseURL>#<model>/],
    [{ provider: "openai-compatible", model: "m", baseURL: "http://h/v1", concurrency: 0 }, "concurrency", /concurrency/],
    [{ provider: "openai", model: "m", apiKey: "k", cache: { dir: "x", mode: "sometimes" } }, "cache.mode", /cache\.mode/],
    [{ provider: "openai", model: "m", apiKey: "k", retries: 3 }, "spec", /retries/],
  ];
  for (const [spec, field, message] of cases) {
    assert.throws(
      () => createModel(spec as string, { env }),
      (e: unknown) => e instanceof LLMConfigError && e.field === field && message.test(e.message),
      JSON.stringify(spec),
    );
  }
});

test("preflight: a live endpoint passes, an unreachable one is an LLMConnectionError naming it", async () => {
  const server = await startOpenAIServer();
  const url = server.baseURL;
  await preflight(`openai-compatible:${url}#m`);
  assert.equal(server.requests[0].path, "/v1/models");
  const model = await connect(`openai-compatible:${url}#m`);
  assert.equal(model.id, "openai-compatible:m");
  await server.close();
  await assert.rejects(connect(`openai-compatible:${url}#m`), LLMConnectionError);
  await assert.rejects(preflight(`openai-compatible:${url}#m`), (e: unknown) => e instanceof LLMConnectionError && e.message.includes(url));
});
