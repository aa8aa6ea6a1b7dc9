/**
 * The OpenAI provider (also used for OpenAI-compatible servers: Ollama, vLLM, llama.cpp server, LM Studio), speaking
 * the chat-completions protocol over agora's keep-alive `node:http` client (`http.ts`): one POST of the request
 * body, one JSON reply, no SDK objects in between. The `openai` SDK spent most of a call's client CPU building
 * headers, request options and debug details, which at hundreds of calls per second is the bottleneck. Structured
 * output uses `response_format: json_schema` with the strict version of the zod schema. Retries are the retry
 * wrapper's.
 *
 * Reasoning models (o-series, gpt-5 family; `models.ts`) get `max_completion_tokens` and no `temperature`. A 400
 * naming an unsupported parameter (`temperature`, `seed`, `max_tokens`, …) makes the provider leave it out (or use
 * its replacement) from then on; the error is retryable once, and the parameter is recorded in `info`.
 */
import { contentText, imageBase64, type Usage, type GenerateRequest, type GenerateResult, type LanguageModel } from "../../core/model.js";
import type { ResolvedSpec } from "../spec.js";
import { compileSchema, replyResult } from "../structured.js";
import { isReasoningModel } from "../models.js";
import { CANCEL, CANCELLABLE, toLLMError, type Cancel } from "./common.js";
import { LLMAPIError } from "../errors.js";
import { createHttpClient, type RawReply, type RawRequest } from "./http.js";

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
  /** The HTTP client (default: a keep-alive `node:http` client from `./http.js`). */
  http?: (url: string, init?: RawRequest) => Promise<RawReply>;
  /** Filled with what the server reports (model snapshot, system fingerprint) and refused parameters. */
  info?: ProviderInfo;
}

/** A chat-completions message as the protocol carries it. */
type WireMessage = { role: "system" | "user" | "assistant"; content: string | ({ type: "text"; text: string } | { type: "image_url"; image_url: { url: string } })[] };

/** The body of a chat-completions request. */
interface WireBody {
  model: string;
  messages: WireMessage[];
  temperature?: number;
  seed?: number;
  max_tokens?: number;
  max_completion_tokens?: number;
}

/** `"response_format":{…}` of a schema and name, serialised once (the strict schema is the same for every call). */
const formats = new WeakMap<object, Map<string, string>>();
function responseFormat(compiled: ReturnType<typeof compileSchema>, name: string): string {
  let byName = formats.get(compiled);
  if (!byName) formats.set(compiled, (byName = new Map()));
  let text = byName.get(name);
  if (text === undefined) {
    text = `"response_format":${JSON.stringify({ type: "json_schema", json_schema: { name, schema: compiled.strict.schema, strict: compiled.strict.strict } })}`;
    byName.set(name, text);
  }
  return text;
}

/** An error reply's `error` object. */
interface WireError {
  message?: string;
  type?: string;
  param?: string | null;
  code?: string | null;
}

/**
 * A `LanguageModel` speaking OpenAI chat completions.
 * @throws (from generate) LLMConnectionError, LLMAPIError, RateLimitError, LLMAbortError, LLMParseError (one attempt).
 */
export function openAIProvider(spec: ResolvedSpec, opts: OpenAIProviderOptions = {}): LanguageModel {
  const http = opts.http ?? createHttpClient({ maxSockets: Math.max(64, spec.concurrency * 2) });
  const base = (spec.baseURL ?? "https://api.openai.com/v1").replace(/\/+$/, "");
  const endpoint = `${base}/chat/completions`;
  const ctx = { id: spec.id, url: base, apiKey: spec.apiKey };
  const official = spec.provider === "openai";
  const info = opts.info ?? newProviderInfo();
  const reasoning = official && isReasoningModel(spec.model);
  // Parameters the server refused: left out from then on ("max_tokens" refused means max_completion_tokens is used).
  const refused = new Set<string>();

  async function generate<T>(req: GenerateRequest<T>): Promise<GenerateResult<T>> {
    const compiled = req.schema ? compileSchema(req.schema) : undefined;
    const messages: WireMessage[] = [];
    if (req.system) messages.push({ role: "system", content: req.system });
    for (const m of req.messages) {
      if (typeof m.content === "string") messages.push({ role: m.role, content: m.content });
      else if (m.role === "user") {
        messages.push({ role: "user", content: m.content.map((p) => (p.type === "text"
          ? { type: "text" as const, text: p.text }
          : { type: "image_url" as const, image_url: { url: `data:${p.mimeType};base64,${imageBase64(p)}` } })) });
      } else messages.push({ role: "assistant", content: contentText(m.content) });
    }
    const body: WireBody = { model: spec.model, messages };
    if (req.temperature !== undefined && !reasoning && !refused.has("temperature")) body.temperature = req.temperature;
    if (req.seed !== undefined && !refused.has("seed")) body.seed = req.seed;
    if (req.maxTokens !== undefined) {
      const completionTokens = (official || refused.has("max_tokens")) && !refused.has("max_completion_tokens");
      if (completionTokens) body.max_completion_tokens = req.maxTokens;
      else if (!refused.has("max_tokens")) body.max_tokens = req.maxTokens;
    }
    // the body is one JSON object; the response format is spliced in from its text serialised once per schema
    const text = JSON.stringify(body);
    const payload = compiled ? `${text.slice(0, -1)},${responseFormat(compiled, req.schemaName ?? "reply")}}` : text;
    const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json" };
    if (spec.apiKey) headers.authorization = `Bearer ${spec.apiKey}`;
    const started = performance.now();
    let reply: RawReply;
    try {
      reply = await http(endpoint, { method: "POST", headers, body: payload, signal: req.signal, cancel: (req as { [CANCEL]?: Cancel })[CANCEL] });
    } catch (err) {
      const e = err as { name?: string; message?: string; code?: string };
      if (req.signal?.aborted || e?.name === "AbortError") throw toLLMError({ message: "aborted", aborted: true }, ctx);
      throw toLLMError({ message: ["Connection error.", e?.code ?? e?.message].filter(Boolean).join(": "), connection: true }, ctx);
    }
    const latencyMs = performance.now() - started;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    let json: any;
    try {
      json = JSON.parse(reply.body.toString("utf8"));
    } catch {
      json = undefined;
    }
    if (reply.status >= 400 || json === undefined) {
      const error: WireError = typeof json?.error === "object" && json.error ? json.error : { message: typeof json?.error === "string" ? json.error : undefined };
      const status = json === undefined && reply.status < 400 ? 502 : reply.status;
      const message = `${status} ${error.message ?? (json === undefined ? `the reply is not JSON: ${reply.body.toString("utf8").slice(0, 200)}` : "status code (no body)")}`;
      const param = unsupportedParam(status, error, message, body);
      if (param && !refused.has(param)) {
        refused.add(param);
        if (!info.droppedParams.includes(param)) info.droppedParams.push(param);
        throw new LLMAPIError(400, `${spec.id}: HTTP 400: the server refused the parameter "${param}" (${message}); retried without it`, undefined, { unsupportedParam: param });
      }
      throw toLLMError({ status, headers: { get: (name) => reply.header(name) }, message }, ctx);
    }
    if (json.model) info.reported.model = json.model;
    if (json.system_fingerprint) info.reported.systemFingerprint = json.system_fingerprint;
    const choice = json.choices?.[0];
    const content: string = choice?.message?.content ?? choice?.message?.refusal ?? "";
    const usage: Usage = { inputTokens: json.usage?.prompt_tokens ?? 0, outputTokens: json.usage?.completion_tokens ?? 0 };
    const cachedTokens = json.usage?.prompt_tokens_details?.cached_tokens;
    if (cachedTokens) usage.cachedInputTokens = cachedTokens;
    return replyResult<T>(spec.id, content, usage, latencyMs, compiled);
  }

  return { id: spec.id, generate, [CANCELLABLE]: true } as LanguageModel;
}

const PARAMS = ["temperature", "seed", "max_tokens", "max_completion_tokens", "top_p"] as const;

/** The request parameter a 400 names as unsupported (and which the body carried), if any. */
function unsupportedParam(status: number, error: WireError, message: string, body: object): string | undefined {
  if (status !== 400) return undefined;
  const named = typeof error.param === "string" ? error.param : undefined;
  if (!/unsupported|not supported|does not support|unrecognized|unknown (parameter|field|argument)|extra inputs/i.test(message) && !/unsupported/.test(String(error.code ?? ""))) return undefined;
  const candidates = named ? [named] : PARAMS.filter((p) => new RegExp(`['"\`]?\\b${p}\\b['"\`]?`).test(message));
  return candidates.find((p) => (PARAMS as readonly string[]).includes(p) && p in body);
}
