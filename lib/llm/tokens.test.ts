import { test } from "node:test";
import assert from "node:assert/strict";
import { countRequestTokens, countTokens, encodingFor } from "./tokens.js";

test("o200k_base counts match tiktoken's for known strings", () => {
  // tiktoken o200k_base: "hello world" → [24912, 2375]; "tiktoken is great!" → 6 tokens
  assert.equal(countTokens("hello world").tokens, 2);
  assert.equal(countTokens("tiktoken is great!").tokens, 6);
});

test("encodings by model family; non-OpenAI counts are marked approximate", () => {
  assert.deepEqual(encodingFor("openai", "gpt-4o-mini"), { encoding: "o200k_base", approximate: false });
  assert.deepEqual(encodingFor("openai", "gpt-4-turbo"), { encoding: "cl100k_base", approximate: false });
  assert.equal(encodingFor("gemini", "gemini-2.5-flash").approximate, true);
});

test("a request's count adds the framing tokens per message", () => {
  const one = countTokens("abc def").tokens;
  const r = countRequestTokens("abc def", [{ role: "user", content: "abc def" }]);
  assert.equal(r.tokens, 3 + 2 * (one + 3));
});
