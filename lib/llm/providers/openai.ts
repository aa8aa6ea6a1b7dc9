/**
 * The OpenAI provider (also used for OpenAI-compatible servers: Ollama, vLLM, llama.cpp server, LM Studio),
 * through the official `openai` SDK. Structured output uses `response_format: json_schema` with the strict
 * version of the zod schema. The SDK's own retries are off: the retry wrapper does that.
 */
import OpenAI, { APIError, APIUserAbortError, APIConnectionError } from "openai";
import { contentText, imageBase64, type GenerateRequest, type GenerateResult, type LanguageModel } from "../../core/model.js";
import type { ResolvedSpec } from "../spec.js";
import { compileSchema, replyResult } from "../structured.js";
import { toLLMError } from "./common.js";
import { createNodeFetch } from "./http.js";

export interface OpenAIProviderOptions {
  /** A fetch implementation for the SDK (default: the keep-alive one from `./http.js`, or the global fetch). */
  fetch?: typeof fetch;
}

/**
 * A `LanguageModel` speaking OpenAI chat completions.
 * @throws (from generate) LLMConnectionError, LLMAPIError, RateLimitError, LLMAbortError, LLMParseError (one attempt).
 */
export function openAIProvider(spec: ResolvedSpec, opts: OpenAIProviderOptions = {}): LanguageModel {
  const client = new OpenAI({
    apiKey: spec.apiKey ?? "not-needed",
    baseURL: spec.baseURL,
    maxRetries: 0,
    timeout: 24 * 3600 * 1000,
    fetch: opts.fetch ?? createNodeFetch({ maxSockets: Math.max(64, spec.concurrency * 2) }),
  });
  const ctx = { id: spec.id, url: spec.baseURL ?? "https://api.openai.com/v1", apiKey: spec.apiKey };
  const official = spec.provider === "openai";

  async function generate<T>(req: GenerateRequest<T>): Promise<GenerateResult<T>> {
    const compiled = req.schema ? compileSchema(req.schema) : undefined;
    const messages: OpenAI.Chat.ChatCompletionMessageParam[] = [];
    if (req.system) messages.push({ role: "system", content: req.system });
    for (const m of req.messages) {
      if (typeof m.content === "string") messages.push({ role: m.role, content: m.content });
      else if (m.role === "user") {
        messages.push({ role: "user", content: m.content.map((p) => (p.type === "text"
          ? { type: "text" as const, text: p.text }
          : { type: "image_url" as const, image_url: { url: `data:${p.mimeType};base64,${imageBase64(p)}` } })) });
      } else messages.push({ role: "assistant", content: contentText(m.content) });
    }
    const body: OpenAI.Chat.ChatCompletionCreateParamsNonStreaming = { model: spec.model, messages };
    if (req.temperature !== undefined) body.temperature = req.temperature;
    if (req.seed !== undefined) body.seed = req.seed;
    if (req.maxTokens !== undefined) {
      if (official) body.max_completion_tokens = req.maxTokens;
      else body.max_tokens = req.maxTokens;
    }
    if (compiled) {
      body.response_format = {
        type: "json_schema",
        json_schema: { name: req.schemaName ?? "reply", schema: compiled.strict.schema, strict: compiled.strict.strict },
      };
    }
    const started = performance.now();
    let completion: OpenAI.Chat.ChatCompletion;
    try {
      completion = await client.chat.completions.create(body, { signal: req.signal });
    } catch (err) {
      throw mapError(err, req.signal, ctx);
    }
    const latencyMs = performance.now() - started;
    const choice = completion.choices?.[0];
    const text = choice?.message?.content ?? choice?.message?.refusal ?? "";
    const usage = { inputTokens: completion.usage?.prompt_tokens ?? 0, outputTokens: completion.usage?.completion_tokens ?? 0 };
    return replyResult<T>(spec.id, text, usage, latencyMs, compiled);
  }

  return { id: spec.id, generate };
}

function mapError(err: unknown, signal: AbortSignal | undefined, ctx: { id: string; url?: string; apiKey?: string }): Error {
  if (err instanceof APIUserAbortError || signal?.aborted) return toLLMError({ message: "aborted", aborted: true }, ctx);
  if (err instanceof APIConnectionError) {
    const cause = (err as { cause?: { message?: string; code?: string } }).cause;
    return toLLMError({ message: [err.message, cause?.code ?? cause?.message].filter(Boolean).join(": "), connection: true }, ctx);
  }
  if (err instanceof APIError && typeof err.status === "number") {
    return toLLMError({ status: err.status, headers: err.headers, message: err.message }, ctx);
  }
  return toLLMError({ message: err instanceof Error ? err.message : String(err), connection: true }, ctx);
}
