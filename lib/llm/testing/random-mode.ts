/**
 * The random mode of the local test servers: seeded random replies that look like a sampling model's, and the
 * faults a paid endpoint shows (5xx failures, 429 with Retry-After, variable latency, a request-rate limit).
 *
 * One generator, seeded once, advances with every generation request in arrival order: the same request sent
 * twice gets two different replies, as from a model sampling at temperature > 0. Replies are valid under the
 * request's JSON schema, with varied text (runs of made-up words) for strings. Tests therefore see what a real
 * endpoint does to identical requests, and cannot pass by a reply being a function of the request.
 */
import { createRng, type Rng } from "../../core/rng.js";
import { jsonInstanceFrom, randomWords } from "./json-instance.js";

export interface RandomOptions {
  /** Seed of the reply stream. */
  seed: number;
  /** Share of generation requests answered with a 500 (default 0). */
  failureRate?: number;
  /** Share of generation requests answered with a 429 (default 0). */
  rate429?: number;
  /** The Retry-After (seconds) sent with each 429 (default 1). */
  retryAfterS?: number;
  /** Latency of each reply, ms: a fixed number or a uniform range `[min, max]` (default 0). */
  latencyMs?: number | [number, number];
}

/** A request-rate limit: at most `requests` generation requests in any `perMs` window; more get a 429. */
export interface RateLimitOptions {
  requests: number;
  perMs: number;
}

/** What happens to one generation request. */
export interface Fate {
  kind: "ok" | "fail" | "429";
  latencyMs: number;
}

/** The random reply stream of one server. */
export class RandomReplies {
  readonly opts: RandomOptions;
  private readonly rng: Rng;

  constructor(opts: RandomOptions) {
    if (!Number.isInteger(opts.seed)) throw new TypeError(`random.seed must be an integer, got ${opts.seed}`);
    this.opts = opts;
    this.rng = createRng(opts.seed).fork("test-server");
  }

  /** Draws the next request's fate (failure, 429 or reply) and latency. */
  fate(): Fate {
    const u = this.rng.uniform();
    const v = this.rng.uniform();
    const lat = this.opts.latencyMs;
    const latencyMs = Array.isArray(lat) ? Math.round(this.rng.range(lat[0], lat[1])) : (lat ?? 0);
    const kind = u < (this.opts.failureRate ?? 0) ? "fail" : v < (this.opts.rate429 ?? 0) ? "429" : "ok";
    return { kind, latencyMs };
  }

  /** A random instance of `schema`. */
  instance(schema: unknown): unknown {
    return jsonInstanceFrom(schema, this.rng);
  }

  /** A random plain-text reply of 5 to 40 words. */
  text(): string {
    return randomWords(this.rng, 5 + this.rng.int(36));
  }
}

/** A sliding-window request limit. */
export class WindowLimit {
  private readonly times: number[] = [];
  constructor(readonly opts: RateLimitOptions) {}

  /** 0 when a request arriving at `now` (ms) is allowed (and counts), else the ms until one would be. */
  take(now = performance.now()): number {
    while (this.times.length && this.times[0] <= now - this.opts.perMs) this.times.shift();
    if (this.times.length >= this.opts.requests) return Math.max(1, this.times[0] + this.opts.perMs - now);
    this.times.push(now);
    return 0;
  }
}
