/**
 * A local server speaking the Gemini `generateContent` protocol, for tests without network.
 *
 * `POST /v1beta/models/<model>:generateContent` answers, by default, with a JSON instance of the request's
 * `generationConfig.responseJsonSchema` (or `responseSchema`), or plain text, with `usageMetadata`.
 * Point `@google/genai` at it with `httpOptions.baseUrl` (our spec: `{ provider: "gemini", baseURL }`).
 *
 * @example
 * const server = await startGeminiServer();
 * const model = llm.createModel({ provider: "gemini", model: "gemini-test", baseURL: server.baseURL, apiKey: "k" });
 */
import { sha256 } from "../../core/hash.js";
import { jsonInstance } from "./json-instance.js";
import { roughTokens, startTestServer, type ServerAction, type ServerRequest, type TestServer } from "./http-test-server.js";

/** `undefined` (default reply), `{ text }` (a candidate with that text), or a raw/hang/reset action. */
export type GeminiReply = undefined | { text: string; usage?: { promptTokenCount: number; candidatesTokenCount: number } } | ServerAction;

export interface GeminiServerOptions {
  respond?: (req: ServerRequest) => GeminiReply | Promise<GeminiReply>;
  latencyMs?: number;
  record?: boolean;
}

/**
 * Starts the server on 127.0.0.1 (random port). `baseURL` is the origin (the SDK adds `/v1beta/...`).
 * @throws if the port cannot be opened.
 */
export function startGeminiServer(opts: GeminiServerOptions = {}): Promise<TestServer> {
  return startTestServer({ basePath: "", latencyMs: opts.latencyMs, record: opts.record }, async (req) => {
    const path = req.path.split("?")[0];
    const m = /^\/v1beta\/models\/([^/:]+):generateContent$/.exec(path);
    if (req.method === "GET" && /^\/v1beta\/models\/[^/:]+$/.test(path)) return { status: 200, body: { name: path.slice("/v1beta/".length) } };
    if (req.method !== "POST" || !m) return { status: 404, body: { error: { code: 404, message: `no route ${req.method} ${path}`, status: "NOT_FOUND" } } };
    const reply = opts.respond ? await opts.respond(req) : undefined;
    if (reply && !("text" in reply)) return reply;
    const text = reply ? reply.text : defaultGeminiText(req.body);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const b = (req.body ?? {}) as any;
    const prompt = reply?.usage?.promptTokenCount ?? roughTokens(JSON.stringify(b.contents ?? []));
    const out = reply?.usage?.candidatesTokenCount ?? roughTokens(text);
    return {
      status: 200,
      body: {
        candidates: [{ content: { role: "model", parts: [{ text }] }, finishReason: "STOP", index: 0 }],
        usageMetadata: { promptTokenCount: prompt, candidatesTokenCount: out, totalTokenCount: prompt + out },
        modelVersion: m[1],
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
