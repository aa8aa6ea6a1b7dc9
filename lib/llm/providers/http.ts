/**
 * A small `fetch` over `node:http`/`node:https` with a keep-alive agent, handed to the SDKs.
 *
 * Node's global fetch (undici) spends several hundred microseconds of CPU per request in WHATWG streams and
 * header objects; at hundreds of requests per second that CPU, not the network, becomes the bottleneck. This
 * adapter buffers the (small, non-streaming) JSON replies and keeps one socket per call in flight.
 * Streaming request bodies are not supported (the providers send strings).
 */
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";

export interface NodeFetchOptions {
  /** Sockets per host at most (default 256; the limiter, not the agent, bounds concurrency). */
  maxSockets?: number;
}

/**
 * A fetch-compatible function using keep-alive agents.
 * @example new OpenAI({ baseURL, apiKey, fetch: createNodeFetch() })
 */
export function createNodeFetch(opts: NodeFetchOptions = {}): typeof fetch {
  const agentOpts = { keepAlive: true, maxSockets: opts.maxSockets ?? 256, maxFreeSockets: opts.maxSockets ?? 256, scheduling: "lifo" as const };
  const http = new HttpAgent(agentOpts);
  const https = new HttpsAgent(agentOpts);
  // A provider calls the same few URLs over and over: parse each once.
  const parsed = new Map<string, Target>();

  return function nodeFetch(input: string | URL | Request, init: RequestInit = {}): Promise<Response> {
    const href = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    let target = parsed.get(href);
    if (!target) {
      const url = new URL(href);
      target = { href: url.href, secure: url.protocol === "https:", hostname: url.hostname.replace(/^\[|\]$/g, ""), port: url.port, path: url.pathname + url.search, auth: url.username ? `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}` : undefined };
      if (parsed.size >= 64) parsed.clear();
      parsed.set(href, target);
    }
    const { secure } = target;
    const headers: Record<string, string> = {};
    const h = init.headers;
    if (h instanceof Headers) h.forEach((v, k) => (headers[k] = v));
    else if (Array.isArray(h)) for (const [k, v] of h) headers[k.toLowerCase()] = v;
    else if (h) for (const [k, v] of Object.entries(h)) if (v !== undefined && v !== null) headers[k.toLowerCase()] = String(v);
    const body = init.body;
    if (body !== undefined && body !== null && typeof body !== "string" && !(body instanceof Uint8Array)) {
      return Promise.reject(new TypeError("this fetch sends string or byte bodies only"));
    }
    if (body !== undefined && body !== null) headers["content-length"] = String(Buffer.byteLength(body as string | Uint8Array));
    const signal = init.signal ?? undefined;

    return new Promise<Response>((resolve, reject) => {
      if (signal?.aborted) return reject(abortError(signal));
      const req = (secure ? httpsRequest : httpRequest)(
        { protocol: secure ? "https:" : "http:", hostname: target.hostname, port: target.port || undefined, path: target.path, auth: target.auth, method: init.method ?? "GET", headers, agent: secure ? https : http },
        (res: IncomingMessage) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("error", reject);
          res.on("end", () => {
            signal?.removeEventListener("abort", onAbort);
            const out = new Headers();
            const raw = res.rawHeaders;
            for (let i = 0; i + 1 < raw.length; i += 2) out.append(raw[i], raw[i + 1]);
            const status = res.statusCode ?? 500;
            const nullBody = status === 204 || status === 205 || status === 304;
            resolve(new BufferedResponse(nullBody ? null : Buffer.concat(chunks), status, res.statusMessage ?? "", out, target.href) as unknown as Response);
          });
        },
      );
      const onAbort = () => {
        req.destroy(abortError(signal!));
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      req.on("error", (err) => {
        signal?.removeEventListener("abort", onAbort);
        reject(err);
      });
      if (body !== undefined && body !== null) req.end(body as string | Uint8Array);
      else req.end();
    });
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

function abortError(signal: AbortSignal): Error {
  const err = new Error("The operation was aborted");
  err.name = "AbortError";
  (err as { cause?: unknown }).cause = signal.reason;
  return err;
}
