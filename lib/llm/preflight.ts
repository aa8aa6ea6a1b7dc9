/**
 * A check before a run starts: is the endpoint reachable and does it accept the key? One request, no tokens.
 */
import { createModel, type CreateModelOptions, type LLMModel } from "./create.js";
import { toLLMError } from "./providers/common.js";
import { resolveSpec, type ModelSpec } from "./spec.js";

/**
 * Resolves the spec (key present, provider known) and asks the endpoint for its model list (OpenAI and
 * compatible servers: `GET <baseURL>/models`; Gemini: `GET /v1beta/models/<model>`).
 * For OpenAI-compatible servers a 404 counts as reachable (some have no model list).
 * @throws LLMConfigError (bad spec, missing key), LLMConnectionError (unreachable), LLMAPIError (e.g. 401).
 * @example await preflight("openai-compatible:http://127.0.0.1:11434/v1#llama3.1");
 */
export async function preflight(spec: ModelSpec, opts: { timeoutMs?: number; env?: Record<string, string | undefined> } = {}): Promise<void> {
  const s = resolveSpec(spec, opts.env);
  const headers: Record<string, string> = {};
  let url: string;
  if (s.provider === "gemini") {
    url = `${s.baseURL ?? "https://generativelanguage.googleapis.com"}/v1beta/models/${encodeURIComponent(s.model)}`;
    headers["x-goog-api-key"] = s.apiKey ?? "";
  } else {
    url = `${s.baseURL ?? "https://api.openai.com/v1"}/models`;
    if (s.apiKey) headers.authorization = `Bearer ${s.apiKey}`;
  }
  const ctx = { id: s.id, url, apiKey: s.apiKey };
  let res: Response;
  try {
    res = await fetch(url, { headers, signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000) });
  } catch (err) {
    const e = err as { message?: string; cause?: { code?: string; message?: string } };
    throw toLLMError({ message: [e.message, e.cause?.code ?? e.cause?.message].filter(Boolean).join(": "), connection: true }, ctx);
  }
  await res.arrayBuffer().catch(() => undefined);
  if (res.ok || (res.status === 404 && s.provider === "openai-compatible")) return;
  throw toLLMError({ status: res.status, headers: res.headers, message: res.statusText || "request refused" }, ctx);
}

/**
 * `createModel` followed by `preflight`: a model whose endpoint answered, or one clear error before a run starts.
 * @throws LLMConfigError, LLMConnectionError, LLMAPIError (see `preflight`).
 * @example const model = await connect("openai-compatible:http://127.0.0.1:11434/v1#llama3.1");
 */
export async function connect(spec: ModelSpec, opts: CreateModelOptions & { timeoutMs?: number } = {}): Promise<LLMModel> {
  const model = createModel(spec, opts);
  await preflight(spec, { timeoutMs: opts.timeoutMs, env: opts.env });
  return model;
}
