/**
 * Token counts of rendered prompts, with OpenAI's own encodings (gpt-tokenizer, a maintained pure-JS port of
 * tiktoken): o200k_base for the gpt-4o, gpt-4.1, gpt-5 and o-series families, cl100k_base for gpt-4 and
 * gpt-3.5. Gemini and other models have no public tokenizer here: their counts use o200k_base and are marked
 * approximate. A whole request (`countRequest`) adds the images at their provider's rule (`image-tokens.ts`) and
 * the response schema as the provider receives it (`schemaWireText`): OpenAI and Gemini bill a schema but do not
 * publish how they render it into the prompt, so it is counted as the JSON text sent.
 */
import { countTokens as o200k } from "gpt-tokenizer/encoding/o200k_base";
import { countTokens as cl100k } from "gpt-tokenizer/encoding/cl100k_base";
import type { ZodType } from "zod";
import { contentText, imageBase64, type ChatMessage } from "../core/model.js";
import { imageSize, imageTokens } from "./image-tokens.js";
import { compileSchema } from "./structured.js";

export interface TokenCount {
  tokens: number;
  /** The encoding used. */
  encoding: "o200k_base" | "cl100k_base";
  /** True when the model's own tokenizer is not available and the count is an estimate. */
  approximate: boolean;
}

/** Which encoding a model uses, and whether it is exact for that model. */
export function encodingFor(provider: string, model: string): { encoding: TokenCount["encoding"]; approximate: boolean } {
  if (provider === "openai" || provider === "openai-compatible") {
    if (/^(gpt-4(?!o|\.1)|gpt-3\.5)/.test(model)) return { encoding: "cl100k_base", approximate: false };
    if (/^(gpt-4o|gpt-4\.1|gpt-5|o\d|chatgpt-4o)/.test(model)) return { encoding: "o200k_base", approximate: false };
  }
  return { encoding: "o200k_base", approximate: true };
}

/**
 * Tokens of a text under a model's encoding.
 * @example
 * countTokens("hello world", "openai", "gpt-4o-mini"); // { tokens: 2, encoding: "o200k_base", approximate: false }
 */
export function countTokens(text: string, provider = "openai", model = "gpt-4o-mini"): TokenCount {
  const { encoding, approximate } = encodingFor(provider, model);
  return { tokens: encoding === "cl100k_base" ? cl100k(text) : o200k(text), encoding, approximate };
}

/**
 * Input tokens of a chat request: the system text and every message's text, plus OpenAI's framing
 * (3 tokens per message and 3 for the reply's priming). Images are not counted.
 */
export function countRequestTokens(system: string | undefined, messages: ChatMessage[], provider = "openai", model = "gpt-4o-mini"): TokenCount {
  let tokens = 3;
  let last: TokenCount = countTokens("", provider, model);
  for (const text of [system, ...messages.map((m) => contentText(m.content))]) {
    if (text === undefined) continue;
    last = countTokens(text, provider, model);
    tokens += last.tokens + 3;
  }
  return { tokens, encoding: last.encoding, approximate: last.approximate };
}

/** One image of a request, as counted. */
export interface CountedImage {
  width: number;
  height: number;
  tokens: number;
  /** The provider's rule that gave `tokens` (see `image-tokens.ts`). */
  rule: string;
}

/** Input tokens of a whole request, by part. `tokens` is their sum. */
export interface RequestCount extends TokenCount {
  /** System and message text, with OpenAI's framing (3 per message, 3 for the reply's priming). */
  text: number;
  images: CountedImage[];
  imageTokens: number;
  /** The response schema as the provider receives it (0 without one). */
  schemaTokens: number;
}

/**
 * The response schema as the provider's request carries it: OpenAI's `response_format` (the strict schema, its
 * name and the strict flag), Gemini's `responseJsonSchema`.
 * @example schemaWireText("openai", z.object({ n: z.number() }), "reply") // → '{"type":"json_schema","json_schema":{"name":"reply",…}}'
 */
export function schemaWireText(provider: string, schema: ZodType, name = "reply"): string {
  const c = compileSchema(schema);
  if (provider === "gemini") return c.jsonText;
  return JSON.stringify({ type: "json_schema", json_schema: { name, schema: c.strict.schema, strict: c.strict.strict } });
}

/**
 * Input tokens of a request: its text (with framing), each image at the provider's published rule, and its schema
 * (`schemaText`, from `schemaWireText`). Images whose size cannot be read count 0 and are left out of `images`.
 * @example countRequest({ messages: [{ role: "user", content: "hi" }] }, "openai", "gpt-4o-mini").tokens // → 7
 */
export function countRequest(req: { system?: string; messages: ChatMessage[]; schemaText?: string }, provider = "openai", model = "gpt-4o-mini"): RequestCount {
  const text = countRequestTokens(req.system, req.messages, provider, model);
  const images: CountedImage[] = [];
  let approximate = text.approximate;
  for (const m of req.messages) {
    if (typeof m.content === "string") continue;
    for (const p of m.content) {
      if (p.type !== "image") continue;
      try {
        const { width, height } = imageSize(typeof p.data === "string" ? Buffer.from(imageBase64(p), "base64") : p.data);
        const t = imageTokens(provider, model, width, height);
        approximate ||= t.approximate;
        images.push({ width, height, tokens: t.tokens, rule: t.rule });
      } catch {
        approximate = true;
      }
    }
  }
  const imageTotal = images.reduce((a, i) => a + i.tokens, 0);
  const schemaTokens = req.schemaText ? countTokens(req.schemaText, provider, model).tokens : 0;
  return { tokens: text.tokens + imageTotal + schemaTokens, encoding: text.encoding, approximate, text: text.tokens, images, imageTokens: imageTotal, schemaTokens };
}
