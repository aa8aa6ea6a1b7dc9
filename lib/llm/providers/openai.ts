/**
 * The OpenAI provider (also used for OpenAI-compatible servers: Ollama, vLLM, llama.cpp server, LM Studio),
 * through the official `openai` SDK. Structured output uses `response_format: json_schema` with the strict
 * version of the zod schema. The SDK's own retries are off: the retry wrapper does that.
 *
 * Reasoning models (o-series, gpt-5 family; `models.ts`) get `max_completion_tokens` and no `temperature`. A 400
 * naming an unsupported parameter (`temperature`, `seed`, `max_tokens`, …) makes the provider leave it out (or use
 * its replacement) from then on; the error is retryable once, and the parameter is recorded in `info`.
 */
import OpenAI, { APIError, APIUserAbortError, APIConnectionError } from "openai";
import { contentText, imageBase64, type Usage, type GenerateRequest, type GenerateResult, type LanguageModel } from "../../core/model.js";
import type { ResolvedSpec } from "../spec.js";
import { compileSchema, replyResult } from "../structured.js";
import { isReasoningModel } from "../models.js";
import { toLLMError } from "./common.js";
import { LLMAPIError } from "../errors.js";
import { createNodeFetch } from "./http.js";

/** What a provider learns while it runs: what the server reports about itself, and parameters it refused. */
export interface ProviderInfo {
  reported: { model?: string; systemFingerprint?: string };
  /** Request parameters left out (or replaced) after the server named them unsupported. */
  droppedParams: string[];
}

export function newProviderInfo(): ProviderInfo {
  return { reported: {}, droppedParams: [] };
}

export interface OpenAIProviderOptions {
  /** A fetch implementation for the SDK (default: the keep-alive one from `./http.js`, or the global fetch). */
  fetch?: typeof fetch;
  /** Filled with what the server reports (model snapshot, system fingerprint) and refused parameters. */
  info?: ProviderInfo;
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
  const info = opts.info ?? newProviderInfo();
  const reasoning = official && isReasoningModel(spec.model);
  // Parameters the server refused: left out from then on ("max_tokens" refused means max_completion_tokens is used).
  const refused = new Set<string>();

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
    if (req.temperature !== undefined && !reasoning && !refused.has("temperature")) body.temperature = req.temperature;
    if (req.seed !== undefined && !refused.has("seed")) body.seed = req.seed;
    if (req.maxTokens !== undefined) {
      const completionTokens = (official || refused.has("max_tokens")) && !refused.has("max_completion_tokens");
      if (completionTokens) body.max_completion_tokens = req.maxTokens;
      else if (!refused.has("max_tokens")) body.max_tokens = req.maxTokens;
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
      const param = unsupportedParam(err, body);
      if (param && !refused.has(param)) {
        refused.add(param);
        if (!info.droppedParams.includes(param)) info.droppedParams.push(param);
        const e = err as APIError;
        throw new LLMAPIError(400, `${spec.id}: HTTP 400: the server refused the parameter "${param}" (${e.message}); retried without it`, undefined, { unsupportedParam: param });
      }
      throw mapError(err, req.signal, ctx);
    }
    const latencyMs = performance.now() - started;
    if (completion.model) info.reported.model = completion.model;
    if (completion.system_fingerprint) info.reported.systemFingerprint = completion.system_fingerprint;
    const choice = completion.choices?.[0];
    const text = choice?.message?.content ?? choice?.message?.refusal ?? "";
    const usage: Usage = { inputTokens: completion.usage?.prompt_tokens ?? 0, outputTokens: completion.usage?.completion_tokens ?? 0 };
    const cachedTokens = completion.usage?.prompt_tokens_details?.cached_tokens;
    if (cachedTokens) usage.cachedInputTokens = cachedTokens;
    return replyResult<T>(spec.id, text, usage, latencyMs, compiled);
  }

  return { id: spec.id, generate };
}

const PARAMS = ["temperature", "seed", "max_tokens", "max_completion_tokens", "top_p"] as const;

/** The request parameter a 400 names as unsupported (and which the body carried), if any. */
function unsupportedParam(err: unknown, body: object): string | undefined {
  if (!(err instanceof APIError) || err.status !== 400) return undefined;
  const named = typeof err.param === "string" ? err.param : undefined;
  const message = err.message ?? "";
  if (!/unsupported|not supported|does not support|unrecognized|unknown (parameter|field|argument)|extra inputs/i.test(message) && !/unsupported/.test(String(err.code ?? ""))) return undefined;
  const candidates = named ? [named] : PARAMS.filter((p) => new RegExp(`['"\`]?\\b${p}\\b['"\`]?`).test(message));
  return candidates.find((p) => (PARAMS as readonly string[]).includes(p) && p in body);
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
