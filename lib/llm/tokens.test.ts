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

test("image tokens by OpenAI's published examples (vision guide) and Gemini's per-image rule", async () => {
  const { imageTokens } = await import("./image-tokens.js");
  // tile models: 1024×1024 high → 768×768, 4 tiles: 85 + 4·170; 2048×4096 → 1024×2048 → 768×1536, 6 tiles; low detail = base
  assert.equal(imageTokens("openai", "gpt-4o", 1024, 1024, "high").tokens, 765);
  assert.equal(imageTokens("openai", "gpt-4o-2024-08-06", 2048, 4096, "high").tokens, 1105);
  assert.equal(imageTokens("openai", "gpt-4o", 4096, 8192, "low").tokens, 85);
  // gpt-4o-mini bills images at 2833 + 5667 per tile; a grid under 512 px is one tile; auto counts as high
  assert.equal(imageTokens("openai", "gpt-4o-mini-2024-07-18", 1024, 1024).tokens, 2833 + 4 * 5667);
  assert.equal(imageTokens("openai", "gpt-4o-mini", 193, 193).tokens, 8500);
  assert.equal(imageTokens("openai", "gpt-5", 512, 512).tokens, 70 + 140);
  // patch models: 1024×1024 is 1,024 patches; 1800×2400 is scaled to 1056×1408, 1,452 patches (the guide's example); × multiplier
  assert.equal(imageTokens("openai", "gpt-4.1-mini", 1024, 1024).tokens, Math.ceil(1024 * 1.62));
  assert.equal(imageTokens("openai", "gpt-4.1-nano", 1800, 2400).tokens, Math.ceil(1452 * 2.46));
  assert.equal(imageTokens("openai", "o4-mini", 1800, 2400).rule, "openai patches ×1.72: 1452 patches");
  // an unknown model name gets the gpt-4o rule, marked approximate
  assert.equal(imageTokens("openai-compatible", "llava", 1024, 1024).approximate, true);
  assert.equal(imageTokens("gemini", "gemini-2.5-flash", 193, 193).tokens, 258);
  assert.equal(imageTokens("gemini", "gemini-2.0-flash", 1000, 1000).tokens, 4 * 258);
  assert.equal(imageTokens("gemini", "gemini-3-pro-preview", 100, 100).tokens, 1120);
});

test("image sizes from PNG and JPEG headers; a whole request counts text, images and schema", async () => {
  const { imageSize } = await import("./image-tokens.js");
  const { countRequest, schemaWireText } = await import("./tokens.js");
  const { z } = await import("zod");
  const png = Buffer.alloc(33);
  png.writeUInt32BE(0x89504e47, 0);
  png.write("\r\n\x1a\n", 4, "binary");
  png.writeUInt32BE(13, 8);
  png.write("IHDR", 12, "ascii");
  png.writeUInt32BE(193, 16);
  png.writeUInt32BE(145, 20);
  assert.deepEqual(imageSize(png), { width: 193, height: 145 });
  // SOI, an APP0 segment of 16 bytes, then SOF0 with height 480 and width 640
  const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, ...Array(14).fill(0), 0xff, 0xc0, 0x00, 0x11, 0x08, 0x01, 0xe0, 0x02, 0x80, 0x03]);
  assert.deepEqual(imageSize(jpeg), { width: 640, height: 480 });
  assert.throws(() => imageSize(Buffer.from("GIF89a")), /not a PNG or JPEG/);
  const schema = z.object({ n: z.number().min(0).max(1) });
  const wire = schemaWireText("openai", schema, "score");
  assert.match(wire, /^\{"type":"json_schema","json_schema":\{"name":"score","schema":/);
  const text = countRequestTokens(undefined, [{ role: "user", content: "rate it" }]).tokens;
  const r = countRequest({ messages: [{ role: "user", content: [{ type: "text", text: "rate it" }, { type: "image", mimeType: "image/png", data: png }] }], schemaText: wire }, "openai", "gpt-4o-mini");
  assert.deepEqual([r.text, r.imageTokens, r.schemaTokens, r.tokens], [text, 8500, countTokens(wire).tokens, text + 8500 + countTokens(wire).tokens]);
  assert.deepEqual(r.images, [{ width: 193, height: 145, tokens: 8500, rule: "openai tile 2833+5667/tile: 1 tile" }]);
});
