/**
 * Token counts of rendered prompts, with OpenAI's own encodings (gpt-tokenizer, a maintained pure-JS port of
 * tiktoken): o200k_base for the gpt-4o, gpt-4.1, gpt-5 and o-series families, cl100k_base for gpt-4 and
 * gpt-3.5. Gemini and other models have no public tokenizer here: their counts use o200k_base and are marked
 * approximate.
 */
import { countTokens as o200k } from "gpt-tokenizer/encoding/o200k_base";
import { countTokens as cl100k } from "gpt-tokenizer/encoding/cl100k_base";
import { contentText, type ChatMessage } from "../core/model.js";

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
