/**
 * HTTP over undici's dispatcher (`Pool.dispatch` with a handler, one keep-alive pool per origin): a raw client the
 * OpenAI provider calls directly, and a small `fetch` on top of it for the Gemini SDK and the preflight.
 *
 * Node's global fetch (undici's `fetch`) spends several hundred microseconds of CPU per request in WHATWG streams and
 * header objects, and `node:http` about 150 µs in its streams and agents; at hundreds of requests per second that
 * CPU, not the network, becomes the bottleneck. undici's low-level dispatch (no streams, no Response object) costs
 * about half of `node:http` (bench/llm.ts). Both clients here buffer the (small, non-streaming) JSON replies and keep
 * one connection per call in flight. Streaming request bodies are not supported (the providers send strings).
 */
import { Pool } from "undici";
import type { Cancel } from "./common.js";

export interface NodeFetchOptions {
  /** Connections per origin at most (default 256; the limiter, not the pool, bounds concurrency). */
  maxSockets?: number;
}

/** A buffered HTTP reply: status, headers (lower-case names) and the body as bytes. */
export interface RawReply {
  status: number;
  statusText: string;
  /** The value of a header (names are case-insensitive; repeated headers joined by ", "), or null. */
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
 * A keep-alive HTTP client: `request(url, init)` resolves with the buffered reply, rejects with the connection's error
 * (`code` ECONNREFUSED, ECONNRESET, ETIMEDOUT, …, as `node:http` names them; undici's own error is its `cause`) or an
 * `AbortError` when the signal fires or `init.cancel.abort` is called. A URL's `user:password` is sent as basic auth
 * (unless the request has its own `authorization`). No request or body timeout of its own: the timeout wrapper sets
 * one per call. Idle connections do not keep the process alive.
 * @example const client = createHttpClient(); const r = await client(`${base}/chat/completions`, { method: "POST", body });
 * @throws nothing synchronously; the promise rejects as described.
 */
export function createHttpClient(opts: NodeFetchOptions = {}): (url: string, init?: RawRequest) => Promise<RawReply> {
  const connections = opts.maxSockets ?? 256;
  const pools = new Map<string, Pool>();
  // A provider calls the same few URLs over and over: parse each once.
  const parsed = new Map<string, Target>();

  return function send(href: string, init: RawRequest = {}): Promise<RawReply> {
    let t = parsed.get(href);
    if (!t) {
      const url = new URL(href);
      let pool = pools.get(url.origin);
      if (!pool) pools.set(url.origin, (pool = new Pool(url.origin, { connections, pipelining: 1, headersTimeout: 0, bodyTimeout: 0 })));
      const auth = url.username ? `Basic ${Buffer.from(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`).toString("base64")}` : undefined;
      t = { pool, path: url.pathname + url.search, auth };
      if (parsed.size >= 64) parsed.clear();
      parsed.set(href, t);
    }
    let headers = init.headers ?? {};
    if (t.auth && headers.authorization === undefined) headers = { ...headers, authorization: t.auth };
    const signal = init.signal;
    const pool = t.pool;
    const path = t.path;
    return new Promise<RawReply>((resolve, reject) => {
      if (signal?.aborted) return reject(abortError(signal));
      const call = new Call(resolve, reject, signal);
      if (init.cancel) init.cancel.abort = (reason) => call.stop(abortError(reason));
      pool.dispatch({ path, method: init.method ?? "GET", headers, body: init.body }, call);
    });
  };
}

/**
 * One request's handler (undici's dispatch interface): buffers the reply and settles the promise once. An abort
 * before the request has a connection rejects at once and aborts the request when undici hands it one.
 */
class Call {
  private abort: ((err: Error) => void) | undefined;
  private stopped: Error | undefined;
  private settled = false;
  private status = 0;
  private statusText = "";
  private raw: Buffer[] = [];
  private chunks: Buffer[] = [];
  private readonly onAbort: (() => void) | undefined;

  constructor(
    private readonly resolve: (r: RawReply) => void,
    private readonly reject: (e: Error) => void,
    private readonly signal: AbortSignal | undefined,
  ) {
    if (signal) {
      this.onAbort = () => this.stop(abortError(signal));
      signal.addEventListener("abort", this.onAbort, { once: true });
    }
  }

  stop(err: Error): void {
    if (this.settled || this.stopped) return;
    this.stopped = err;
    if (this.abort) this.abort(err);
    else this.fail(err);
  }

  onConnect(abort: (err: Error) => void): void {
    if (this.stopped) abort(this.stopped);
    else this.abort = abort;
  }

  onHeaders(status: number, rawHeaders: Buffer[], _resume: () => void, statusText: string): boolean {
    this.status = status;
    this.statusText = statusText;
    this.raw = rawHeaders;
    return true;
  }

  onData(chunk: Buffer): boolean {
    this.chunks.push(chunk);
    return true;
  }

  onComplete(): void {
    if (this.settled) return;
    this.settled = true;
    if (this.onAbort) this.signal!.removeEventListener("abort", this.onAbort);
    const c = this.chunks;
    this.resolve(new Reply(this.status, this.statusText, this.raw, c.length === 1 ? c[0] : Buffer.concat(c)));
  }

  onError(err: Error): void {
    this.fail(this.stopped ?? nodeError(err));
  }

  private fail(err: Error): void {
    if (this.settled) return;
    this.settled = true;
    if (this.onAbort) this.signal!.removeEventListener("abort", this.onAbort);
    this.reject(err);
  }
}

/** A buffered reply whose headers are decoded only when asked for (the OpenAI provider reads them on errors only). */
class Reply implements RawReply {
  private strings: string[] | undefined;
  constructor(
    readonly status: number,
    readonly statusText: string,
    private readonly raw: Buffer[],
    readonly body: Buffer,
  ) {}

  get rawHeaders(): string[] {
    return (this.strings ??= this.raw.map((b) => b.toString("latin1")));
  }

  header = (name: string): string | null => {
    const want = name.toLowerCase();
    const h = this.rawHeaders;
    let out: string | null = null;
    for (let i = 0; i + 1 < h.length; i += 2) if (h[i].toLowerCase() === want) out = out === null ? h[i + 1] : `${out}, ${h[i + 1]}`;
    return out;
  };
}

/**
 * A fetch-compatible function over `createHttpClient` (for the SDKs and one-off requests).
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
  pool: Pool;
  path: string;
  /** The `Authorization` value for the URL's credentials, if it has any. */
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

/** undici's error codes as `node:http` names them (what messages and callers expect); undici's error is the cause. */
const CODES: Record<string, string> = {
  UND_ERR_SOCKET: "ECONNRESET",
  UND_ERR_CLOSED: "ECONNRESET",
  UND_ERR_DESTROYED: "ECONNRESET",
  UND_ERR_RES_CONTENT_LENGTH_MISMATCH: "ECONNRESET",
  UND_ERR_CONNECT_TIMEOUT: "ETIMEDOUT",
  UND_ERR_HEADERS_TIMEOUT: "ETIMEDOUT",
  UND_ERR_BODY_TIMEOUT: "ETIMEDOUT",
};

function nodeError(err: Error): Error {
  const code = CODES[(err as { code?: string }).code ?? ""];
  if (!code) return err;
  const out = new Error(`${err.message} (${code})`, { cause: err });
  (out as { code?: string }).code = code;
  return out;
}
