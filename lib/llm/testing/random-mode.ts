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
  /**
   * Words in each free-text string of a reply (and in a plain-text reply), uniform in `[min, max]`, cut to the
   * schema's maxLength (default: 1–12 words a string, 5–40 in plain text). `[40, 120]` gives replies as long as a
   * model's paragraphs.
   */
  words?: [number, number];
  /**
   * Replies stop at the request's output limit (`max_tokens`, `max_completion_tokens`, `maxOutputTokens`) as a
   * provider's do: plain text is cut there (finish reason "length"), and a structured reply's longest strings are
   * shortened until it fits, as a model writing within its budget would (default false: no limit).
   */
  stopAtMaxTokens?: boolean;
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
    return jsonInstanceFrom(schema, this.rng, this.opts.words);
  }

  /** A random plain-text reply of 5 to 40 words (or the `words` range). */
  text(): string {
    const [lo, hi] = this.opts.words ?? [5, 40];
    return randomWords(this.rng, lo + this.rng.int(hi - lo + 1));
  }
}

/**
 * `content` within `maxTokens` (counted by `count`): plain text cut word by word; JSON with its longest string
 * shortened by a fifth at a time (at most 200 rounds). Returns whether it had to be cut.
 * @example fitReply("a b c d", 2, (t) => t.split(" ").length) // → { content: "a b", cut: true }
 */
export function fitReply(content: string, maxTokens: number | undefined, count: (text: string) => number): { content: string; cut: boolean } {
  if (maxTokens === undefined || count(content) <= maxTokens) return { content, cut: false };
  let value: unknown;
  try {
    value = JSON.parse(content);
  } catch {
    const words = content.split(" ");
    let lo = 0;
    let hi = words.length;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (count(words.slice(0, mid).join(" ")) <= maxTokens) lo = mid;
      else hi = mid - 1;
    }
    return { content: words.slice(0, lo).join(" "), cut: true };
  }
  for (let round = 0; round < 200; round++) {
    const text = JSON.stringify(value);
    if (count(text) <= maxTokens) return { content: text, cut: true };
    const longest = longestString(value);
    if (!longest || longest.text.length < 2) return { content: text, cut: true };
    const keep = longest.text.split(" ");
    longest.set(keep.length > 1 ? keep.slice(0, Math.max(1, Math.floor(keep.length * 0.8))).join(" ") : longest.text.slice(0, Math.floor(longest.text.length * 0.8)));
  }
  return { content: JSON.stringify(value), cut: true };
}

function longestString(v: unknown): { text: string; set: (s: string) => void } | undefined {
  let best: { text: string; set: (s: string) => void } | undefined;
  const walk = (holder: Record<string, unknown> | unknown[]) => {
    for (const k of Object.keys(holder)) {
      const x = (holder as Record<string, unknown>)[k];
      if (typeof x === "string" && (!best || x.length > best.text.length)) best = { text: x, set: (s) => ((holder as Record<string, unknown>)[k] = s) };
      else if (x && typeof x === "object") walk(x as Record<string, unknown>);
    }
  };
  if (v && typeof v === "object") walk(v as Record<string, unknown>);
  return best;
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
