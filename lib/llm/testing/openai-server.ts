/**
 * A local server speaking the OpenAI chat-completions protocol, for tests and benchmarks without network.
 *
 * `POST /v1/chat/completions` answers, by default, with a schema-valid JSON instance generated from the request's
 * `response_format.json_schema.schema` (chosen deterministically from a hash of the request body), or with plain
 * text when there is no schema, and with `usage` token counts (one token per four characters).
 * `GET /v1/models` lists the served models, `GET /v1/models/<id>` retrieves one. `opts.respond` can replace any reply.
 *
 * With `random: { seed, … }` replies are seeded random instead (see `random-mode.ts`): a generator advancing per
 * request, varied text, and configurable 5xx failures, 429s with Retry-After, and latency. `models` makes other
 * model names 404, `apiKey` makes other keys 401, `rateLimit` answers 429 beyond a request rate.
 * `server.stats` counts requests by path and replies by status.
 *
 * @example
 * const server = await startOpenAIServer();
 * const model = llm.createModel("openai-compatible:" + server.baseURL + "#test-model");
 * const r = await model.generate({ messages: [{ role: "user", content: "hi" }], schema: z.object({ n: z.number() }) });
 * await server.close();
 */
import { sha256 } from "../../core/hash.js";
import { openAIPromptTokens, replyTokens } from "./billing.js";
import { jsonInstance } from "./json-instance.js";
import { fitReply, RandomReplies, WindowLimit, type RandomOptions, type RateLimitOptions } from "./random-mode.js";
import { roughTokens, startTestServer, type ServerAction, type ServerRequest, type TestServer } from "./http-test-server.js";

export type { ServerRequest as OpenAIServerRequest } from "./http-test-server.js";

/**
 * What `respond` may return:
 * - `undefined`: the default reply;
 * - `{ content }`: a completion whose assistant message is `content` (with `usage` computed unless given);
 * - `{ status, body?, headers? }`: a raw HTTP reply (e.g. `{ status: 429, headers: { "retry-after": "1" } }`);
 * - `{ hang: true }`: never answer; `{ reset: true }`: destroy the connection.
 */
export type Reply =
  | undefined
  | { content: string; usage?: { prompt_tokens: number; completion_tokens: number }; finishReason?: string }
  | ServerAction;

export interface OpenAIServerOptions {
  respond?: (req: ServerRequest) => Reply | Promise<Reply>;
  /** Delay before every reply, in ms (default 0). */
  latencyMs?: number;
  /** Keep every request in `requests` (default true). */
  record?: boolean;
  /** Model name reported in replies when the request names none (default "test-model"). */
  model?: string;
  /** Seeded random replies and faults instead of the deterministic default (see `random-mode.ts`). */
  random?: RandomOptions;
  /** The model ids the server knows; others get 404 (default: any model is served). */
  models?: string[];
  /** The model name replies report (e.g. a dated snapshot), instead of the requested one. */
  snapshot?: string;
  /** The only API key accepted (`Authorization: Bearer …`); others get 401 (default: any key). */
  apiKey?: string;
  /** At most `requests` generation requests per `perMs`; more get a 429 with Retry-After. */
  rateLimit?: RateLimitOptions;
  /**
   * How `usage` is counted: "chars" (default), one token per four characters of the message text; "tokens", as a
   * provider bills (the model's tokenizer, images at OpenAI's rule, the response schema; see `billing.ts`).
   */
  usage?: "chars" | "tokens";
}

export type OpenAIServer = TestServer;

/**
 * Starts the server on 127.0.0.1 (random port). `baseURL` ends with `/v1`.
 * @throws if the port cannot be opened.
 */
export function startOpenAIServer(opts: OpenAIServerOptions = {}): Promise<OpenAIServer> {
  const random = opts.random ? new RandomReplies(opts.random) : undefined;
  const limit = opts.rateLimit ? new WindowLimit(opts.rateLimit) : undefined;
  const known = (id: string) => !opts.models || opts.models.includes(id);
  const error = (status: number, message: string, type: string, headers?: Record<string, string>): ServerAction => ({ status, headers, body: { error: { message, type, code: type } } });
  return startTestServer({ basePath: "/v1", latencyMs: opts.latencyMs, record: opts.record }, async (req) => {
    const path = req.path.split("?")[0];
    if (opts.apiKey !== undefined && req.headers.authorization !== `Bearer ${opts.apiKey}`) {
      return error(401, "Incorrect API key provided.", "invalid_api_key");
    }
    if (req.method === "GET" && path === "/v1/models") {
      const ids = opts.models ?? [opts.model ?? "test-model"];
      return { status: 200, body: { object: "list", data: ids.map((id) => ({ id, object: "model", owned_by: "agora" })) } };
    }
    const one = /^\/v1\/models\/(.+)$/.exec(path);
    if (req.method === "GET" && one) {
      const id = decodeURIComponent(one[1]);
      return known(id) ? { status: 200, body: { id, object: "model", owned_by: "agora" } } : error(404, `The model \`${id}\` does not exist or you do not have access to it.`, "model_not_found");
    }
    if (req.method !== "POST" || path !== "/v1/chat/completions") {
      return { status: 404, body: { error: { message: `no route ${req.method} ${path}`, type: "invalid_request_error" } } };
    }
    const model = req.body?.model;
    if (typeof model === "string" && !known(model)) return error(404, `The model \`${model}\` does not exist or you do not have access to it.`, "model_not_found");
    if (limit) {
      const wait = limit.take();
      if (wait > 0) return error(429, "Rate limit reached for requests", "rate_limit_exceeded", { "retry-after": String(Math.ceil(wait / 1000)), "retry-after-ms": String(Math.ceil(wait)) });
    }
    if (random && !opts.respond) {
      const fate = random.fate();
      if (fate.kind === "fail") return { ...error(500, "The server had an error while processing your request.", "server_error"), latencyMs: fate.latencyMs };
      if (fate.kind === "429") {
        return { ...error(429, "Rate limit reached (random test server)", "rate_limit_exceeded", { "retry-after": String(opts.random?.retryAfterS ?? 1) }), latencyMs: fate.latencyMs };
      }
      const schema = req.body?.response_format?.json_schema?.schema;
      const drawn = schema ? JSON.stringify(random.instance(schema)) : random.text();
      const limit = opts.random?.stopAtMaxTokens ? req.body?.max_completion_tokens ?? req.body?.max_tokens : undefined;
      const { content, cut } = fitReply(drawn, typeof limit === "number" ? limit : undefined, (t) => replyCount(req, t));
      return { status: 200, body: completion(req, content, billed(req, content), cut && !schema ? "length" : "stop", opts.snapshot), latencyMs: fate.latencyMs };
    }
    const reply = opts.respond ? await opts.respond(req) : undefined;
    if (reply && !("content" in reply)) return reply;
    const content = reply ? reply.content : defaultOpenAIContent(req.body);
    return { status: 200, body: completion(req, content, reply?.usage ?? billed(req, content), reply?.finishReason, opts.snapshot) };
  });

  /** Output tokens of a reply text, as `usage` counts them. */
  function replyCount(req: ServerRequest, text: string): number {
    return opts.usage === "tokens" ? replyTokens(text, "openai", typeof req.body?.model === "string" ? req.body.model : "gpt-4o-mini") : roughTokens(text);
  }

  function billed(req: ServerRequest, content: string): { prompt_tokens: number; completion_tokens: number } | undefined {
    if (opts.usage !== "tokens") return undefined;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const body = (req.body ?? {}) as any;
    const model = typeof body.model === "string" ? body.model : "gpt-4o-mini";
    return { prompt_tokens: openAIPromptTokens(body), completion_tokens: replyTokens(content, "openai", model) };
  }
}

/**
 * The default assistant content for a chat-completions request body: a JSON instance of its schema, or plain text.
 * @example defaultOpenAIContent({ messages: [{ role: "user", content: "hi" }] }) // → "reply 3f2a…: hi"
 */
export function defaultOpenAIContent(body: unknown): string {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const b = (body ?? {}) as any;
  const hash = sha256(body ?? null);
  const schema = b.response_format?.json_schema?.schema;
  if (schema) return JSON.stringify(jsonInstance(schema, hash));
  if (b.response_format?.type === "json_object") return JSON.stringify({ reply: hash.slice(0, 8) });
  const messages = Array.isArray(b.messages) ? b.messages : [];
  const last = messages.length ? messages[messages.length - 1] : undefined;
  return `reply ${hash.slice(0, 8)}: ${textOf(last?.content).slice(0, 60)}`;
}

function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) return content.map((p) => (typeof p?.text === "string" ? p.text : "")).join("");
  return "";
}

function completion(
  req: ServerRequest,
  content: string,
  usage: { prompt_tokens: number; completion_tokens: number } | undefined,
  finishReason = "stop",
  snapshot?: string,
) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const b = (req.body ?? {}) as any;
  const messages: unknown[] = Array.isArray(b.messages) ? b.messages : [];
  const prompt = usage?.prompt_tokens ?? messages.reduce<number>((n, m) => n + roughTokens(textOf((m as { content?: unknown }).content)), 0);
  const out = usage?.completion_tokens ?? roughTokens(content);
  return {
    id: `chatcmpl-${req.index}`,
    object: "chat.completion",
    created: 1_700_000_000,
    model: snapshot ?? (typeof b.model === "string" ? b.model : "test-model"),
    system_fingerprint: "fp_agora_test",
    choices: [{ index: 0, message: { role: "assistant", content, refusal: null }, finish_reason: finishReason, logprobs: null }],
    usage: { prompt_tokens: prompt, completion_tokens: out, total_tokens: prompt + out },
  };
}
