/**
 * A local server speaking the Gemini `generateContent` protocol, for tests without network.
 *
 * `POST /v1beta/models/<model>:generateContent` answers, by default, with a JSON instance of the request's
 * `generationConfig.responseJsonSchema` (or `responseSchema`), or plain text, with `usageMetadata`.
 * Point `@google/genai` at it with `httpOptions.baseUrl` (our spec: `{ provider: "gemini", baseURL }`).
 * `GET /v1beta/models` lists the served models, `GET /v1beta/models/<model>` gets one.
 *
 * With `random: { seed, … }` replies are seeded random instead (see `random-mode.ts`), with 5xx failures, 429s
 * carrying only an HTTP Retry-After header (no RetryInfo), and latency. `models` makes other model names 404,
 * `apiKey` makes other keys 400 (as Gemini answers a bad key), `rateLimit` answers 429 beyond a request rate.
 *
 * @example
 * const server = await startGeminiServer();
 * const model = llm.createModel({ provider: "gemini", model: "gemini-test", baseURL: server.baseURL, apiKey: "k" });
 */
import { sha256 } from "../../core/hash.js";
import { geminiPromptTokens, replyTokens } from "./billing.js";
import { jsonInstance } from "./json-instance.js";
import { fitReply, RandomReplies, WindowLimit, type RandomOptions, type RateLimitOptions } from "./random-mode.js";
import { roughTokens, startTestServer, type ServerAction, type ServerRequest, type TestServer } from "./http-test-server.js";

/** `undefined` (default reply), `{ text }` (a candidate with that text), or a raw/hang/reset action. */
export type GeminiReply = undefined | { text: string; usage?: { promptTokenCount: number; candidatesTokenCount: number } } | ServerAction;

export interface GeminiServerOptions {
  respond?: (req: ServerRequest) => GeminiReply | Promise<GeminiReply>;
  latencyMs?: number;
  record?: boolean;
  /** Seeded random replies and faults instead of the deterministic default (see `random-mode.ts`). */
  random?: RandomOptions;
  /** The model names the server knows; others get 404 (default: any model is served). */
  models?: string[];
  /** The model version replies report (`modelVersion`), instead of the requested name. */
  snapshot?: string;
  /** The only API key accepted (`x-goog-api-key` or `?key=`); others get 400 API_KEY_INVALID. */
  apiKey?: string;
  /** At most `requests` generation requests per `perMs`; more get a 429 with Retry-After. */
  rateLimit?: RateLimitOptions;
  /** "chars" (default): a quarter of the characters; "tokens": as a provider bills (see `billing.ts`). */
  usage?: "chars" | "tokens";
}

/**
 * Starts the server on 127.0.0.1 (random port). `baseURL` is the origin (the SDK adds `/v1beta/...`).
 * @throws if the port cannot be opened.
 */
export function startGeminiServer(opts: GeminiServerOptions = {}): Promise<TestServer> {
  const random = opts.random ? new RandomReplies(opts.random) : undefined;
  const limit = opts.rateLimit ? new WindowLimit(opts.rateLimit) : undefined;
  const known = (name: string) => !opts.models || opts.models.includes(name);
  const error = (code: number, message: string, status: string, headers?: Record<string, string>): ServerAction => ({ status: code, headers, body: { error: { code, message, status } } });
  return startTestServer({ basePath: "", latencyMs: opts.latencyMs, record: opts.record }, async (req) => {
    const [path, query = ""] = req.path.split("?");
    if (opts.apiKey !== undefined) {
      const key = req.headers["x-goog-api-key"] ?? new URLSearchParams(query).get("key");
      if (key !== opts.apiKey) return error(400, "API key not valid. Please pass a valid API key.", "INVALID_ARGUMENT");
    }
    if (req.method === "GET" && path === "/v1beta/models") {
      const names = opts.models ?? ["gemini-test"];
      return { status: 200, body: { models: names.map((n) => ({ name: `models/${n}`, supportedGenerationMethods: ["generateContent"] })) } };
    }
    const one = /^\/v1beta\/models\/([^/:]+)$/.exec(path);
    if (req.method === "GET" && one) {
      const name = decodeURIComponent(one[1]);
      return known(name) ? { status: 200, body: { name: `models/${name}` } } : error(404, `models/${name} is not found for API version v1beta`, "NOT_FOUND");
    }
    const m = /^\/v1beta\/models\/([^/:]+):generateContent$/.exec(path);
    if (req.method !== "POST" || !m) return { status: 404, body: { error: { code: 404, message: `no route ${req.method} ${path}`, status: "NOT_FOUND" } } };
    const name = decodeURIComponent(m[1]);
    if (!known(name)) return error(404, `models/${name} is not found for API version v1beta`, "NOT_FOUND");
    if (limit) {
      const wait = limit.take();
      if (wait > 0) return error(429, "Resource has been exhausted (e.g. check quota).", "RESOURCE_EXHAUSTED", { "retry-after": String(Math.ceil(wait / 1000)) });
    }
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const b = (req.body ?? {}) as any;
    let text: string;
    let latencyMs: number | undefined;
    let usage: { promptTokenCount: number; candidatesTokenCount: number } | undefined;
    if (random && !opts.respond) {
      const fate = random.fate();
      if (fate.kind === "fail") return { ...error(500, "An internal error has occurred.", "INTERNAL"), latencyMs: fate.latencyMs };
      if (fate.kind === "429") {
        return { ...error(429, "Resource has been exhausted (random test server).", "RESOURCE_EXHAUSTED", { "retry-after": String(opts.random?.retryAfterS ?? 1) }), latencyMs: fate.latencyMs };
      }
      const schema = b.generationConfig?.responseJsonSchema ?? b.generationConfig?.responseSchema;
      text = schema ? JSON.stringify(random.instance(schema)) : random.text();
      const limit = opts.random?.stopAtMaxTokens ? b.generationConfig?.maxOutputTokens : undefined;
      text = fitReply(text, typeof limit === "number" ? limit : undefined, (t) => (opts.usage === "tokens" ? replyTokens(t, "gemini", name) : roughTokens(t))).content;
      latencyMs = fate.latencyMs;
    } else {
      const reply = opts.respond ? await opts.respond(req) : undefined;
      if (reply && !("text" in reply)) return reply;
      text = reply ? reply.text : defaultGeminiText(req.body);
      usage = reply?.usage;
    }
    const tokens = opts.usage === "tokens";
    const prompt = usage?.promptTokenCount ?? (tokens ? geminiPromptTokens(b, name) : roughTokens(JSON.stringify(b.contents ?? [])));
    const out = usage?.candidatesTokenCount ?? (tokens ? replyTokens(text, "gemini", name) : roughTokens(text));
    return {
      status: 200,
      latencyMs,
      body: {
        candidates: [{ content: { role: "model", parts: [{ text }] }, finishReason: "STOP", index: 0 }],
        usageMetadata: { promptTokenCount: prompt, candidatesTokenCount: out, totalTokenCount: prompt + out },
        modelVersion: opts.snapshot ?? m[1],
      },
    };
  });
}

/** The default reply text for a generateContent body: a JSON instance of its schema, or plain text. */
export function defaultGeminiText(body: unknown): string {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const b = (body ?? {}) as any;
  const hash = sha256(body ?? null);
  const schema = b.generationConfig?.responseJsonSchema ?? b.generationConfig?.responseSchema;
  if (schema) return JSON.stringify(jsonInstance(schema, hash));
  const contents = Array.isArray(b.contents) ? b.contents : [];
  const last = contents.length ? contents[contents.length - 1] : undefined;
  const text = Array.isArray(last?.parts) ? last.parts.map((p: { text?: string }) => p.text ?? "").join("") : "";
  return `reply ${hash.slice(0, 8)}: ${text.slice(0, 60)}`;
}
