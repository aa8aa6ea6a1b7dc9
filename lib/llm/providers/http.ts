/**
 * HTTP over `node:http`/`node:https` with a keep-alive agent: a raw client the OpenAI provider calls directly, and a
 * small `fetch` on top of it for the Gemini SDK and the preflight.
 *
 * Node's global fetch (undici) spends several hundred microseconds of CPU per request in WHATWG streams and
 * header objects; at hundreds of requests per second that CPU, not the network, becomes the bottleneck. Both buffer
 * the (small, non-streaming) JSON replies and keep one socket per call in flight. Streaming request bodies are not
 * supported (the providers send strings).
 *
 * undici's low-level dispatcher (`Pool.dispatch`) was tried in place of `node:http`: about 100 µs less client CPU per
 * call in bench/llm.ts, but lower throughput (our account: undici 7.30.2 and 6.29.1 write each request on a reused
 * keep-alive connection only at the event loop's next check phase; lib/llm/README.md, "Benchmark").
 */
import { Agent as HttpAgent, request as httpRequest, type ClientRequest, type IncomingMessage } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import type { Cancel } from "./common.js";

export interface NodeFetchOptions {
  /** Sockets per host at most (default 256; the limiter, not the agent, bounds concurrency). */
  maxSockets?: number;
}

/** A buffered HTTP reply: status, headers (lower-case names) and the body as bytes. */
export interface RawReply {
  status: number;
  statusText: string;
  /** The value of a header (names are case-insensitive), or null. */
  header(name: string): string | null;
  rawHeaders: string[];
  body: Buffer;
}

/** One request: method, headers (lower-case names), an optional string or byte body, an optional abort signal. */
export interface RawRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  signal?: AbortSignal;
  /** Receives the request's abort function (a cheaper way than a signal to stop one request; see `common.ts`). */
  cancel?: Cancel;
}

/**
 * A keep-alive HTTP client: `request(url, init)` resolves with the buffered reply, rejects with the socket's error
 * (`code` ECONNREFUSED, ECONNRESET, …) or an `AbortError` when the signal fires or `init.cancel.abort` is called.
 * What the providers call directly (no Request, Response or Headers objects are made) and what the `fetch` below is
 * built on.
 * @example const client = createHttpClient(); const r = await client(`${base}/chat/completions`, { method: "POST", body });
 */
export function createHttpClient(opts: NodeFetchOptions = {}): (url: string, init?: RawRequest) => Promise<RawReply> {
  const agentOpts = { keepAlive: true, maxSockets: opts.maxSockets ?? 256, maxFreeSockets: opts.maxSockets ?? 256, scheduling: "lifo" as const };
  const http = new HttpAgent(agentOpts);
  const https = new HttpsAgent(agentOpts);
  // A provider calls the same few URLs over and over: parse each once.
  const parsed = new Map<string, Target>();

  return function send(href: string, init: RawRequest = {}): Promise<RawReply> {
    let target = parsed.get(href);
    if (!target) {
      const url = new URL(href);
      target = { href: url.href, secure: url.protocol === "https:", hostname: url.hostname.replace(/^\[|\]$/g, ""), port: url.port, path: url.pathname + url.search, auth: url.username ? `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}` : undefined };
      if (parsed.size >= 64) parsed.clear();
      parsed.set(href, target);
    }
    const t = target;
    const headers = init.headers ?? {};
    const body = init.body;
    if (body !== undefined) headers["content-length"] = String(Buffer.byteLength(body));
    const signal = init.signal;
    // No named closure per request (each costs a `name` property under tsx's keep-names transform): the handlers
    // are anonymous, the reply is a class, the abort listener an object with `handleEvent`.
    return new Promise<RawReply>((resolve, reject) => {
      if (signal?.aborted) return reject(abortError(signal));
      const req = (t.secure ? httpsRequest : httpRequest)(
        { protocol: t.secure ? "https:" : "http:", hostname: t.hostname, port: t.port || undefined, path: t.path, auth: t.auth, method: init.method ?? "GET", headers, agent: t.secure ? https : http },
        (res: IncomingMessage) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("error", reject);
          res.on("end", () => {
            if (listener) signal!.removeEventListener("abort", listener);
            resolve(new BufferedReply(res, chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)));
          });
        },
      );
      // A request still waiting for a socket emits its error only when it gets one: an abort rejects at once.
      const listener = signal ? new AbortListener(req, reject, signal) : undefined;
      if (listener) signal!.addEventListener("abort", listener, { once: true });
      // bound, not a closure: a closure naming `req` here would put the request into this scope's context, which every
      // handler above shares (a call's whole request and reply then outlived it by a scavenge or more)
      if (init.cancel) init.cancel.abort = abortRequest.bind(undefined, req, reject, signal, listener);
      req.on("error", (err) => {
        if (listener) signal!.removeEventListener("abort", listener);
        reject(err);
      });
      if (body !== undefined) req.end(body);
      else req.end();
    });
  };
}

/** Stops a request: no more abort listening, the request destroyed, its promise rejected with `err`. */
function stopRequest(req: ClientRequest, reject: (err: Error) => void, signal: AbortSignal | undefined, listener: AbortListener | undefined, err: Error): void {
  if (listener) signal!.removeEventListener("abort", listener);
  req.destroy(err);
  reject(err);
}

/** Stops a request for `reason` (what `Cancel.abort` calls). */
function abortRequest(req: ClientRequest, reject: (err: Error) => void, signal: AbortSignal | undefined, listener: AbortListener | undefined, reason: Error): void {
  stopRequest(req, reject, signal, listener, abortError(reason));
}

/** The abort listener of one request with a signal (an object with `handleEvent`, as EventTarget accepts). */
class AbortListener {
  constructor(
    private readonly req: ClientRequest,
    private readonly reject: (err: Error) => void,
    private readonly signal: AbortSignal,
  ) {}

  handleEvent(): void {
    stopRequest(this.req, this.reject, this.signal, this, abortError(this.signal));
  }
}

/** A buffered reply (`RawReply`): status, headers, raw headers and the body. */
class BufferedReply implements RawReply {
  readonly status: number;
  readonly statusText: string;
  readonly rawHeaders: string[];
  private readonly headers: IncomingMessage["headers"];
  constructor(
    res: IncomingMessage,
    readonly body: Buffer,
  ) {
    this.status = res.statusCode ?? 500;
    this.statusText = res.statusMessage ?? "";
    this.rawHeaders = res.rawHeaders;
    this.headers = res.headers;
  }

  header(name: string): string | null {
    const v = this.headers[name.toLowerCase()];
    return v === undefined ? null : Array.isArray(v) ? v.join(", ") : v;
  }
}

/**
 * A fetch-compatible function using keep-alive agents (for the SDKs and one-off requests).
 * @example new GoogleGenAI({ apiKey, httpOptions: { fetch: createNodeFetch() } })
 */
export function createNodeFetch(opts: NodeFetchOptions = {}): typeof fetch {
  const send = createHttpClient(opts);
  return async function nodeFetch(input: string | URL | Request, init: RequestInit = {}): Promise<Response> {
    const href = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const headers: Record<string, string> = {};
    const h = init.headers;
    if (h instanceof Headers) h.forEach((v, k) => (headers[k] = v));
    else if (Array.isArray(h)) for (const [k, v] of h) headers[k.toLowerCase()] = v;
    else if (h) for (const [k, v] of Object.entries(h)) if (v !== undefined && v !== null) headers[k.toLowerCase()] = String(v);
    const body = init.body;
    if (body !== undefined && body !== null && typeof body !== "string" && !(body instanceof Uint8Array)) {
      throw new TypeError("this fetch sends string or byte bodies only");
    }
    const r = await send(href, { method: init.method ?? "GET", headers, body: body ?? undefined, signal: init.signal ?? undefined });
    const out = new Headers();
    for (let i = 0; i + 1 < r.rawHeaders.length; i += 2) out.append(r.rawHeaders[i], r.rawHeaders[i + 1]);
    const nullBody = r.status === 204 || r.status === 205 || r.status === 304;
    return new BufferedResponse(nullBody ? null : r.body, r.status, r.statusText, out, href) as unknown as Response;
  } as typeof fetch;
}

interface Target {
  href: string;
  secure: boolean;
  hostname: string;
  port: string;
  path: string;
  auth?: string;
}

/**
 * The part of `Response` the SDKs use, over a buffered body. `JSON.parse` of the buffer costs a tenth of
 * `Response.json()`, which goes through web streams; `body` (for streaming readers) is made only when asked for.
 */
class BufferedResponse {
  readonly ok: boolean;
  readonly redirected = false;
  readonly type = "basic";
  bodyUsed = false;
  constructor(
    private readonly buffer: Buffer | null,
    readonly status: number,
    readonly statusText: string,
    readonly headers: Headers,
    readonly url: string,
  ) {
    this.ok = status >= 200 && status < 300;
  }

  get body(): ReadableStream<Uint8Array> | null {
    return this.buffer ? new Response(new Uint8Array(this.buffer)).body : null;
  }

  private take(): Buffer {
    if (this.bodyUsed) throw new TypeError("Body has already been used");
    this.bodyUsed = true;
    return this.buffer ?? Buffer.alloc(0);
  }

  async text(): Promise<string> {
    return this.take().toString("utf8");
  }

  async json(): Promise<unknown> {
    return JSON.parse(this.take().toString("utf8"));
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    const b = this.take();
    return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;
  }

  clone(): BufferedResponse {
    return new BufferedResponse(this.buffer, this.status, this.statusText, this.headers, this.url);
  }
}

function abortError(from: AbortSignal | Error): Error {
  const err = new Error("The operation was aborted");
  err.name = "AbortError";
  (err as { cause?: unknown }).cause = from instanceof Error ? from : from.reason;
  return err;
}
