/**
 * The Gemini provider, through the official `@google/genai` SDK (`models.generateContent`).
 * Structured output sends `responseMimeType: application/json` with the zod schema as `responseJsonSchema`.
 * The SDK's own retries are off: the retry wrapper does that.
 */
import { GoogleGenAI, ApiError, type Content, type GenerateContentConfig, type GenerateContentResponse } from "@google/genai";
import { imageBase64, type GenerateRequest, type GenerateResult, type LanguageModel } from "../../core/model.js";
import type { ResolvedSpec } from "../spec.js";
import { compileSchema, replyResult } from "../structured.js";
import { toLLMError } from "./common.js";
import { createNodeFetch } from "./http.js";

/**
 * A `LanguageModel` speaking Gemini generateContent.
 * @throws (from generate) LLMConnectionError, LLMAPIError, RateLimitError, LLMAbortError, LLMParseError (one attempt).
 */
export function geminiProvider(spec: ResolvedSpec): LanguageModel {
  const ai = new GoogleGenAI({
    apiKey: spec.apiKey,
    httpOptions: {
      ...(spec.baseURL ? { baseUrl: spec.baseURL } : {}),
      retryOptions: { attempts: 1 },
      fetch: createNodeFetch({ maxSockets: Math.max(64, spec.concurrency * 2) }),
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
    try {
      response = await ai.models.generateContent({ model: spec.model, contents, config });
    } catch (err) {
      throw mapError(err, req.signal, ctx);
    }
    const latencyMs = performance.now() - started;
    const text = response.text ?? "";
    const usage = { inputTokens: response.usageMetadata?.promptTokenCount ?? 0, outputTokens: response.usageMetadata?.candidatesTokenCount ?? 0 };
    return replyResult<T>(spec.id, text, usage, latencyMs, compiled);
  }

  return { id: spec.id, generate };
}

function mapError(err: unknown, signal: AbortSignal | undefined, ctx: { id: string; url?: string; apiKey?: string }): Error {
  if (signal?.aborted || (err instanceof Error && err.name === "AbortError")) return toLLMError({ message: "aborted", aborted: true }, ctx);
  if (err instanceof ApiError && typeof err.status === "number") {
    // Gemini sends no Retry-After header through the SDK; its 429 body carries RetryInfo.retryDelay ("17s").
    const m = /"retryDelay"\s*:\s*"([\d.]+)s"/.exec(err.message);
    const headers = m ? { get: (h: string) => (h === "retry-after" ? m[1] : null) } : undefined;
    return toLLMError({ status: err.status, headers, message: err.message }, ctx);
  }
  const e = err as { message?: string; cause?: { code?: string; message?: string } };
  return toLLMError({ message: [e?.message ?? String(err), e?.cause?.code ?? e?.cause?.message].filter(Boolean).join(": "), connection: true }, ctx);
}
