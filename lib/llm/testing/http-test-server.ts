/**
 * The HTTP part shared by the local test servers: listen on 127.0.0.1 (random port), read JSON bodies,
 * record requests, count requests in flight, wait a latency, and send, hang or reset as a reply asks.
 * Protocol details (OpenAI, Gemini) live in the servers that use it.
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import type { Socket } from "node:net";

/** A request as the test server saw it. `index` counts the requests of this server from 0. */
export interface ServerRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  index: number;
}

/** A raw HTTP reply: status, headers and a body (objects are sent as JSON). */
export interface RawReply {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
  /** This reply's latency from the request's arrival, ms (replaces the server's `latencyMs`). */
  latencyMs?: number;
}

/** What the handler decides: send a reply, never answer (`hang`), or destroy the socket (`reset`). */
export type ServerAction = RawReply | { hang: true } | { reset: true };

export interface ServerStats {
  /** Requests received (all paths). */
  total: number;
  inFlight: number;
  /** Highest number of requests being answered at the same time. */
  maxInFlight: number;
  /** Replies sent, and the sum and the shortest of their times from the request's arrival to the reply, ms. */
  answered: number;
  answerMsTotal: number;
  answerMsMin: number;
  /** Requests received, by path (query string left out). */
  byPath: Record<string, number>;
  /** Replies by HTTP status ("hang" and "reset" for requests never answered). */
  byStatus: Record<string, number>;
}

export interface TestServer {
  baseURL: string;
  requests: ServerRequest[];
  stats: ServerStats;
  close(): Promise<void>;
}

export interface TestServerOptions {
  /** Delay before every reply, in ms (default 0). */
  latencyMs?: number;
  /** Keep every request in `requests` (default true; turn off for benchmarks). */
  record?: boolean;
  /** Path prefix appended to the origin to form `baseURL` (e.g. "/v1"). */
  basePath: string;
}

/** Starts a test server whose replies come from `handle`. */
export async function startTestServer(
  opts: TestServerOptions,
  handle: (req: ServerRequest) => ServerAction | Promise<ServerAction>,
): Promise<TestServer> {
  const requests: ServerRequest[] = [];
  const stats: ServerStats = { total: 0, inFlight: 0, maxInFlight: 0, answered: 0, answerMsTotal: 0, answerMsMin: Infinity, byPath: {}, byStatus: {} };
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  const record = opts.record ?? true;

  const server = createServer((req, res) => {
    void serve(req, res);
  });
  server.keepAliveTimeout = 30_000;
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const arrived = performance.now();
    const index = stats.total++;
    stats.inFlight++;
    stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight);
    let done = false;
    const finish = () => {
      if (!done) {
        done = true;
        stats.inFlight--;
      }
    };
    res.on("close", finish);
    try {
      const text = await readBody(req);
      let body: unknown = undefined;
      if (text) {
        try {
          body = JSON.parse(text);
        } catch {
          body = text;
        }
      }
      const request: ServerRequest = { method: req.method ?? "GET", path: req.url ?? "/", headers: req.headers, body, index };
      if (record) requests.push(request);
      const path = request.path.split("?")[0];
      stats.byPath[path] = (stats.byPath[path] ?? 0) + 1;
      const action = await handle(request);
      // The latency counts from the request's arrival (reading and answering it take part of it).
      const latency = "status" in action && action.latencyMs !== undefined ? action.latencyMs : opts.latencyMs;
      if (latency && latency > 0) await until(arrived + latency, timers);
      if ("hang" in action) {
        stats.byStatus.hang = (stats.byStatus.hang ?? 0) + 1;
        return;
      }
      if ("reset" in action) {
        stats.byStatus.reset = (stats.byStatus.reset ?? 0) + 1;
        req.socket.destroy();
        return;
      }
      stats.byStatus[action.status] = (stats.byStatus[action.status] ?? 0) + 1;
      const payload = typeof action.body === "string" ? action.body : JSON.stringify(action.body ?? {});
      res.writeHead(action.status, {
        "content-type": typeof action.body === "string" ? "text/plain" : "application/json",
        "content-length": Buffer.byteLength(payload),
        ...action.headers,
      });
      res.end(payload);
      const took = performance.now() - arrived;
      stats.answered++;
      stats.answerMsTotal += took;
      stats.answerMsMin = Math.min(stats.answerMsMin, took);
    } catch (err) {
      if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { message: String(err) } }));
    } finally {
      if (res.writableEnded) finish();
    }
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    baseURL: `http://127.0.0.1:${port}${opts.basePath}`,
    requests,
    stats,
    close: () =>
      new Promise<void>((resolve) => {
        for (const t of timers) clearTimeout(t);
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

/** Resolves at `deadline` (a `performance.now()` time) or just after, never before: timers may fire early. */
function until(deadline: number, timers: Set<NodeJS.Timeout>): Promise<void> {
  return new Promise((resolve) => {
    const arm = () => {
      const left = deadline - performance.now();
      if (left <= 0) return resolve();
      // Timers keep whole milliseconds of a coarse clock and often fire up to 1.5 ms early: the timer aims a
      // millisecond late, and whatever is still left when it fires is waited out turn by turn.
      if (left < 1) return void setImmediate(arm);
      const t = setTimeout(() => {
        timers.delete(t);
        arm();
      }, left + 1);
      timers.add(t);
    };
    arm();
  });
}

/** Rough token count used by the test servers: one token per four characters, at least one. */
export function roughTokens(text: string): number {
  return Math.max(1, Math.ceil(text.length / 4));
}
