/**
 * A local server speaking the OpenAI chat-completions protocol, for tests and benchmarks without network.
 *
 * `POST /v1/chat/completions` answers, by default, with a schema-valid JSON instance generated from the request's
 * `response_format.json_schema.schema` (chosen deterministically from a hash of the request body), or with plain
 * text when there is no schema, and with `usage` token counts (one token per four characters).
 * `GET /v1/models` lists the served model. `opts.respond` can replace any reply.
 *
 * @example
 * const server = await startOpenAIServer();
 * const model = llm.createModel("openai-compatible:" + server.baseURL + "#test-model");
 * const r = await model.generate({ messages: [{ role: "user", content: "hi" }], schema: z.object({ n: z.number() }) });
 * await server.close();
 */
import { sha256 } from "../../core/hash.js";
import { jsonInstance } from "./json-instance.js";
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
}

export type OpenAIServer = TestServer;

/**
 * Starts the server on 127.0.0.1 (random port). `baseURL` ends with `/v1`.
 * @throws if the port cannot be opened.
 */
export function startOpenAIServer(opts: OpenAIServerOptions = {}): Promise<OpenAIServer> {
  return startTestServer({ basePath: "/v1", latencyMs: opts.latencyMs, record: opts.record }, async (req) => {
    const path = req.path.split("?")[0];
    if (req.method === "GET" && path === "/v1/models") {
      return { status: 200, body: { object: "list", data: [{ id: opts.model ?? "test-model", object: "model", owned_by: "agora" }] } };
    }
    if (req.method !== "POST" || path !== "/v1/chat/completions") {
      return { status: 404, body: { error: { message: `no route ${req.method} ${path}`, type: "invalid_request_error" } } };
    }
    const reply = opts.respond ? await opts.respond(req) : undefined;
    if (reply && !("content" in reply)) return reply;
    const content = reply ? reply.content : defaultOpenAIContent(req.body);
    return { status: 200, body: completion(req, content, reply?.usage, reply?.finishReason) };
  });
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
    model: typeof b.model === "string" ? b.model : "test-model",
    choices: [{ index: 0, message: { role: "assistant", content, refusal: null }, finish_reason: finishReason, logprobs: null }],
    usage: { prompt_tokens: prompt, completion_tokens: out, total_tokens: prompt + out },
  };
}
