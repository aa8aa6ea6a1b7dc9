/**
 * Token counts the way a provider bills them, from the request body as it arrived on the wire: the test servers'
 * `usage: "tokens"` mode. The prompt is the system and message text in the model's encoding with OpenAI's framing,
 * each image decoded from its data URL (or Gemini's inline data) and counted at the provider's published rule, and
 * the response schema as sent (`response_format`, `responseJsonSchema`); the reply is its text's tokens.
 *
 * The rules are the llm layer's (`tokens.ts`, `image-tokens.ts`); what is independent of the dry run is the input:
 * the bytes the SDK sent, not the requests the stand-in recorded.
 */
import type { ChatMessage, ContentPart } from "../../core/model.js";
import { countRequest, countTokens } from "../tokens.js";

type Json = Record<string, unknown>;

/**
 * Prompt tokens of an OpenAI chat-completions body.
 * @example openAIPromptTokens({ model: "gpt-4o-mini", messages: [{ role: "user", content: "hi" }] }) // → 7
 */
export function openAIPromptTokens(body: Json): number {
  const model = typeof body.model === "string" ? body.model : "gpt-4o-mini";
  const raw = Array.isArray(body.messages) ? (body.messages as Json[]) : [];
  const system = raw.filter((m) => m.role === "system").map((m) => String(m.content)).join("\n") || undefined;
  const messages: ChatMessage[] = raw.filter((m) => m.role !== "system").map((m) => ({
    role: m.role === "assistant" ? "assistant" : "user",
    content: typeof m.content === "string" ? m.content : ((m.content ?? []) as Json[]).map(openAIPart),
  }));
  const schemaText = body.response_format && (body.response_format as Json).type === "json_schema" ? JSON.stringify(body.response_format) : undefined;
  return countRequest({ system, messages, schemaText }, "openai", model).tokens;
}

function openAIPart(p: Json): ContentPart {
  if (p.type === "image_url") {
    const url = String((p.image_url as Json | undefined)?.url ?? "");
    const m = /^data:(image\/(?:png|jpeg));base64,(.*)$/.exec(url);
    if (m) return { type: "image", mimeType: m[1] as "image/png" | "image/jpeg", data: m[2] };
  }
  return { type: "text", text: String(p.text ?? "") };
}

/**
 * Prompt tokens of a Gemini generateContent body for `model` (the name in the URL).
 * @example geminiPromptTokens({ contents: [{ role: "user", parts: [{ text: "hi" }] }] }, "gemini-2.5-flash") // → 7
 */
export function geminiPromptTokens(body: Json, model: string): number {
  const contents = Array.isArray(body.contents) ? (body.contents as Json[]) : [];
  const sys = body.systemInstruction as Json | string | undefined;
  const system = typeof sys === "string" ? sys : sys && Array.isArray(sys.parts) ? (sys.parts as Json[]).map((p) => String(p.text ?? "")).join("") : undefined;
  const messages: ChatMessage[] = contents.map((c) => ({
    role: c.role === "model" ? "assistant" : "user",
    content: ((c.parts ?? []) as Json[]).map((p): ContentPart => {
      const d = p.inlineData as Json | undefined;
      return d ? { type: "image", mimeType: d.mimeType as "image/png" | "image/jpeg", data: String(d.data) } : { type: "text", text: String(p.text ?? "") };
    }),
  }));
  const config = (body.generationConfig ?? {}) as Json;
  const schema = config.responseJsonSchema ?? config.responseSchema;
  return countRequest({ system, messages, schemaText: schema ? JSON.stringify(schema) : undefined }, "gemini", model).tokens;
}

/** Output tokens of a reply text. */
export function replyTokens(text: string, provider: string, model: string): number {
  return countTokens(text, provider, model).tokens;
}
