/**
 * A check before a run starts: does the endpoint answer, does it accept the key, and does it know the model?
 * So an unknown model or a bad key fails with one clear error before any cell runs.
 */
import { cacheModeOf, createModel, type CreateModelOptions, type LLMModel } from "./create.js";
import { LLMAPIError } from "./errors.js";
import { toLLMError } from "./providers/common.js";
import { createNodeFetch } from "./providers/http.js";
import { DEFAULT_BASE_URLS } from "./provenance.js";
import { resolveSpec, type ModelSpec } from "./spec.js";

/**
 * Resolves the spec and checks the endpoint, the key and the model id:
 * - Gemini: `GET /v1beta/models/<model>` (models.get);
 * - OpenAI: `GET <baseURL>/models`, then `GET <baseURL>/models/<model>` when the list does not name it;
 * - OpenAI-compatible servers: the same, and when neither names the model (some servers have no list or list
 *   other names), a one-token chat completion.
 * No tokens are spent except in that last case.
 * @throws LLMConfigError (bad spec, missing key), LLMConnectionError (unreachable), LLMAPIError (401/403 bad key;
 *   404 unknown model, naming it and the models the server lists).
 * @example await preflight("openai-compatible:http://127.0.0.1:11434/v1#llama3.1");
 */
export async function preflight(spec: ModelSpec, opts: { timeoutMs?: number; env?: Record<string, string | undefined> } = {}): Promise<void> {
  const s = resolveSpec(spec, opts.env);
  const timeout = opts.timeoutMs ?? 10_000;
  // The providers' own fetch: it also sends a base URL's user:password as basic auth (the global fetch refuses them).
  const fetch = createNodeFetch({ maxSockets: 4 });
  const call = async (url: string, init: RequestInit = {}): Promise<{ status: number; headers: Headers; body: unknown; statusText: string }> => {
    // One-off requests: the socket is closed after each, so nothing keeps the process alive.
    const headers: Record<string, string> = { connection: "close", ...(init.headers as Record<string, string>) };
    if (s.provider === "gemini") headers["x-goog-api-key"] = s.apiKey ?? "";
    else if (s.apiKey) headers.authorization = `Bearer ${s.apiKey}`;
    let res: Response;
    try {
      res = await fetch(url, { ...init, headers, signal: AbortSignal.timeout(timeout) });
    } catch (err) {
      const e = err as { message?: string; cause?: { code?: string; message?: string } };
      throw toLLMError({ message: [e.message, e.cause?.code ?? e.cause?.message].filter(Boolean).join(": "), connection: true }, { id: s.id, url, apiKey: s.apiKey });
    }
    const text = await res.text().catch(() => "");
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON
    }
    return { status: res.status, headers: res.headers, body, statusText: res.statusText };
  };
  const fail = (url: string, r: { status: number; headers: Headers; body: unknown; statusText: string }) => {
    const msg = (r.body as { error?: { message?: string } })?.error?.message ?? r.statusText ?? "request refused";
    return toLLMError({ status: r.status, headers: r.headers, message: `${msg} (from ${url})` }, { id: s.id, url, apiKey: s.apiKey });
  };
  const unknownModel = (url: string, status: number, available: string[]) =>
    new LLMAPIError(
      404,
      `${s.id}: the server does not know the model "${s.model}" (HTTP ${status} from ${url})`,
      available.length ? `check the model name; the server lists: ${available.slice(0, 12).join(", ")}${available.length > 12 ? ", …" : ""}` : "check the model name and the base URL",
    );

  if (s.provider === "gemini") {
    const url = `${s.baseURL ?? DEFAULT_BASE_URLS.gemini}/v1beta/models/${encodeURIComponent(s.model)}`;
    const r = await call(url);
    if (r.status >= 200 && r.status < 300) return;
    if (r.status === 404) throw unknownModel(url, r.status, []);
    throw fail(url, r);
  }
  const base = s.baseURL ?? DEFAULT_BASE_URLS.openai;
  const listURL = `${base}/models`;
  const list = await call(listURL);
  if (list.status === 401 || list.status === 403) throw fail(listURL, list);
  const data = (list.body as { data?: { id?: string }[] })?.data;
  const available = Array.isArray(data) ? data.map((m) => String(m?.id)) : [];
  if (list.status >= 200 && list.status < 300 && available.includes(s.model)) return;
  if (list.status >= 500) throw fail(listURL, list);
  const oneURL = `${base}/models/${encodeURIComponent(s.model)}`;
  const one = await call(oneURL);
  if (one.status >= 200 && one.status < 300) return;
  if (one.status === 401 || one.status === 403) throw fail(oneURL, one);
  if (s.provider === "openai") {
    if (one.status === 404) throw unknownModel(oneURL, one.status, available);
    throw fail(oneURL, one);
  }
  // An OpenAI-compatible server that neither lists nor retrieves the model: a one-token call decides.
  const chatURL = `${base}/chat/completions`;
  const chat = await call(chatURL, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ model: s.model, messages: [{ role: "user", content: "ping" }], max_tokens: 1 }) });
  if (chat.status >= 200 && chat.status < 300) return;
  if (chat.status === 404) throw unknownModel(chatURL, chat.status, available);
  throw fail(chatURL, chat);
}

/**
 * `createModel` followed by `preflight`: a model whose endpoint answered and knows the model, or one clear error
 * before a run starts. With `preflight: false`, or cache mode "replay", no connection is made at all.
 * @throws LLMConfigError, LLMConnectionError, LLMAPIError (see `preflight`).
 * @example const model = await connect("openai-compatible:http://127.0.0.1:11434/v1#llama3.1");
 */
export async function connect(spec: ModelSpec, opts: CreateModelOptions & { timeoutMs?: number; preflight?: boolean } = {}): Promise<LLMModel> {
  // The check comes first: a refused endpoint, key or model leaves nothing behind (no cache, no ledger, no folder).
  if (opts.preflight !== false && cacheModeOf(spec, opts) !== "replay") await preflight(spec, { timeoutMs: opts.timeoutMs, env: opts.env });
  return createModel(spec, opts);
}
