/**
 * The Gemini provider, through the official `@google/genai` SDK (`models.generateContent`).
 * Structured output sends `responseMimeType: application/json` with the zod schema as `responseJsonSchema`.
 * The SDK's own retries are off: the retry wrapper does that. A 429's wait comes from the HTTP Retry-After header
 * (read in the fetch the SDK is given, which the SDK's error does not expose) or from the body's RetryInfo.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { GoogleGenAI, ApiError, type Content, type GenerateContentConfig, type GenerateContentResponse } from "@google/genai";
import { imageBase64, type Usage, type GenerateRequest, type GenerateResult, type LanguageModel } from "../../core/model.js";
import type { ResolvedSpec } from "../spec.js";
import { compileSchema, replyResult } from "../structured.js";
import { toLLMError } from "./common.js";
import { createNodeFetch } from "./http.js";
import { newProviderInfo, type ProviderInfo } from "./openai.js";

/** The HTTP headers of a call's last response, captured by the fetch handed to the SDK. */
const lastResponse = new AsyncLocalStorage<{ retryAfter?: string | null; retryAfterMs?: string | null }>();

/**
 * A `LanguageModel` speaking Gemini generateContent.
 * @throws (from generate) LLMConnectionError, LLMAPIError, RateLimitError, LLMAbortError, LLMParseError (one attempt).
 */
export function geminiProvider(spec: ResolvedSpec, opts: { info?: ProviderInfo } = {}): LanguageModel {
  const info = opts.info ?? newProviderInfo();
  const base = createNodeFetch({ maxSockets: Math.max(64, spec.concurrency * 2) });
  const capturing = (async (input: string | URL | Request, init?: RequestInit) => {
    const res = await base(input, init);
    if (!res.ok) {
      const slot = lastResponse.getStore();
      if (slot) {
        slot.retryAfter = res.headers.get("retry-after");
        slot.retryAfterMs = res.headers.get("retry-after-ms");
      }
    }
    return res;
  }) as typeof fetch;
  const ai = new GoogleGenAI({
    // Replay mode needs no key (no request is ever made); the SDK wants one to be constructed.
    apiKey: spec.apiKey ?? "replay-without-key",
    httpOptions: {
      ...(spec.baseURL ? { baseUrl: spec.baseURL } : {}),
      retryOptions: { attempts: 1 },
      fetch: capturing,
    },
  });
  const ctx = { id: spec.id, url: spec.baseURL ?? "https://generativelanguage.googleapis.com", apiKey: spec.apiKey };

  async function generate<T>(req: GenerateRequest<T>): Promise<GenerateResult<T>> {
    const compiled = req.schema ? compileSchema(req.schema) : undefined;
    const contents: Content[] = req.messages.map((m) => ({
      role: m.role === "assistant" ? "model" : "user",
      parts: typeof m.content === "string"
        ? [{ text: m.content }]
        : m.content.map((p) => (p.type === "text" ? { text: p.text } : { inlineData: { mimeType: p.mimeType, data: imageBase64(p) } })),
    }));
    const config: GenerateContentConfig = { abortSignal: req.signal };
    if (req.system) config.systemInstruction = req.system;
    if (req.temperature !== undefined) config.temperature = req.temperature;
    if (req.seed !== undefined) config.seed = req.seed;
    if (req.maxTokens !== undefined) config.maxOutputTokens = req.maxTokens;
    if (compiled) {
      config.responseMimeType = "application/json";
      config.responseJsonSchema = compiled.json;
    }
    const started = performance.now();
    let response: GenerateContentResponse;
    const slot: { retryAfter?: string | null; retryAfterMs?: string | null } = {};
    try {
      response = await lastResponse.run(slot, () => ai.models.generateContent({ model: spec.model, contents, config }));
    } catch (err) {
      throw mapError(err, req.signal, ctx, slot);
    }
    const latencyMs = performance.now() - started;
    if (response.modelVersion) info.reported.model = response.modelVersion;
    const text = response.text ?? "";
    const meta = response.usageMetadata;
    // Thinking tokens are billed as output.
    const usage: Usage = { inputTokens: meta?.promptTokenCount ?? 0, outputTokens: (meta?.candidatesTokenCount ?? 0) + (meta?.thoughtsTokenCount ?? 0) };
    if (meta?.cachedContentTokenCount) usage.cachedInputTokens = meta.cachedContentTokenCount;
    return replyResult<T>(spec.id, text, usage, latencyMs, compiled);
  }

  return { id: spec.id, generate };
}

function mapError(err: unknown, signal: AbortSignal | undefined, ctx: { id: string; url?: string; apiKey?: string }, slot: { retryAfter?: string | null; retryAfterMs?: string | null }): Error {
  if (signal?.aborted || (err instanceof Error && err.name === "AbortError")) return toLLMError({ message: "aborted", aborted: true }, ctx);
  if (err instanceof ApiError && typeof err.status === "number") {
    // The HTTP Retry-After header (captured by our fetch) first; else the 429 body's RetryInfo.retryDelay ("17s").
    const m = /"retryDelay"\s*:\s*"([\d.]+)s"/.exec(err.message);
    const header = slot.retryAfter ?? undefined;
    const headers = slot.retryAfterMs || header || m
      ? { get: (h: string) => (h === "retry-after-ms" ? (slot.retryAfterMs ?? null) : h === "retry-after" ? (header ?? m?.[1] ?? null) : null) }
      : undefined;
    return toLLMError({ status: err.status, headers, message: err.message }, ctx);
  }
  const e = err as { message?: string; cause?: { code?: string; message?: string } };
  return toLLMError({ message: [e?.message ?? String(err), e?.cause?.code ?? e?.cause?.message].filter(Boolean).join(": "), connection: true }, ctx);
}
