/**
 * The usage ledger of a run: one entry per call (tokens, latency, cache hit, outcome), retries and re-asks,
 * a summary with latency percentiles and estimated cost, and progress (calls done/total, tokens, ETA).
 */
import type { GenerateRequest, GenerateResult, LanguageModel } from "../core/model.js";
import { LLMError } from "./errors.js";
import { DEFAULT_PRICES, priceOf, type PriceTable } from "./prices.js";
import { callModel } from "./wrappers/call.js";

export interface LedgerEntry {
  model: string;
  tag?: string;
  inputTokens: number;
  outputTokens: number;
  /** The provider's answer time of the final attempt, ms (the stored one for cache hits; the wall time for errors). */
  latencyMs: number;
  /** Wall time of the call as the caller saw it (queueing, retries and re-asks included), ms; defaults to latencyMs. */
  wallMs?: number;
  cached: boolean;
  /** The error code when the call failed (e.g. "llm-parse"). */
  error?: string;
}

export interface LedgerSummary {
  calls: number;
  errors: number;
  inputTokens: number;
  outputTokens: number;
  cacheHits: number;
  retries: number;
  reasks: number;
  /** Percentiles of the provider's answer time over calls that reached it and succeeded (ms, nearest rank). */
  latency: { p50: number; p95: number; p99: number };
  /** Percentiles of the caller's wall time over all calls, queueing and retries included (ms, nearest rank). */
  wallLatency: { p50: number; p95: number; p99: number };
  /** Estimated cost of the calls that reached a provider (cache hits are free). */
  costUSD: number;
  /** Models without a price (their calls add nothing to costUSD). */
  unpriced: string[];
}

export interface Progress {
  done: number;
  total?: number;
  inputTokens: number;
  outputTokens: number;
  elapsedMs: number;
  /** Estimated time left, when `total` is known and at least one call is done. */
  etaMs?: number;
}

export interface LedgerOptions {
  /** Overrides or additions to the default price table (USD per million tokens, keyed `provider:model`). */
  prices?: PriceTable;
  now?: () => number;
}

/** Nearest-rank percentile of an ascending array (0 for an empty one). */
function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/**
 * Calls, tokens, cache hits, retries, latency and cost of a run.
 * @example
 * const ledger = new UsageLedger({ prices: { "openai:my-model": { input: 1, output: 2 } } });
 * const model = createModel("openai:gpt-4o-mini", { ledger });
 * ledger.expect(400); ledger.onProgress((p) => console.log(formatProgress(p)));
 * ledger.summary(); // → { calls, inputTokens, outputTokens, cacheHits, retries, latency: { p50, p95, p99 }, wallLatency, costUSD, … }
 */
export class UsageLedger {
  readonly entries: LedgerEntry[] = [];
  retries = 0;
  reasks = 0;
  private total?: number;
  private readonly prices: PriceTable;
  private readonly now: () => number;
  private readonly started: number;
  private readonly listeners = new Set<(p: Progress) => void>();
  private inTokens = 0;
  private outTokens = 0;

  constructor(opts: LedgerOptions = {}) {
    this.prices = { ...DEFAULT_PRICES, ...opts.prices };
    this.now = opts.now ?? (() => performance.now());
    this.started = this.now();
  }

  /** Records one finished call. */
  record(entry: LedgerEntry): void {
    this.entries.push(entry);
    if (!entry.cached) {
      this.inTokens += entry.inputTokens;
      this.outTokens += entry.outputTokens;
    }
    if (this.listeners.size) {
      const p = this.progress();
      for (const l of this.listeners) l(p);
    }
  }

  /** Sets the number of calls the run expects, for progress and ETA. */
  expect(totalCalls: number): void {
    this.total = totalCalls;
  }

  /** Calls `listener` after every recorded call; returns a function that unsubscribes. */
  onProgress(listener: (p: Progress) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  progress(): Progress {
    const done = this.entries.length;
    const elapsedMs = this.now() - this.started;
    const p: Progress = { done, total: this.total, inputTokens: this.inTokens, outputTokens: this.outTokens, elapsedMs };
    if (this.total !== undefined && done > 0) p.etaMs = Math.max(0, (elapsedMs / done) * (this.total - done));
    return p;
  }

  /** The summary and every entry, for writing into a run folder (`JSON.stringify(ledger)`). Holds no keys. */
  toJSON(): { summary: LedgerSummary; entries: LedgerEntry[] } {
    return { summary: this.summary(), entries: this.entries };
  }

  /** Totals, latency percentiles (nearest rank, ms) and estimated cost. */
  summary(): LedgerSummary {
    const byNumber = (a: number, b: number) => a - b;
    const latencies = this.entries.filter((e) => !e.cached && !e.error).map((e) => e.latencyMs).sort(byNumber);
    const walls = this.entries.map((e) => e.wallMs ?? e.latencyMs).sort(byNumber);
    const pcts = (xs: number[]) => ({ p50: percentile(xs, 50), p95: percentile(xs, 95), p99: percentile(xs, 99) });
    let cost = 0;
    const unpriced = new Set<string>();
    for (const e of this.entries) {
      if (e.cached) continue;
      const price = priceOf(e.model, this.prices);
      if (!price) unpriced.add(e.model);
      else cost += (e.inputTokens * price.input + e.outputTokens * price.output) / 1e6;
    }
    return {
      calls: this.entries.length,
      errors: this.entries.filter((e) => e.error).length,
      inputTokens: this.inTokens,
      outputTokens: this.outTokens,
      cacheHits: this.entries.filter((e) => e.cached).length,
      retries: this.retries,
      reasks: this.reasks,
      latency: pcts(latencies),
      wallLatency: pcts(walls),
      costUSD: cost,
      unpriced: [...unpriced].sort(),
    };
  }
}

/**
 * A one-line progress report, e.g. "120/400 calls · 51.2k tokens · ETA 42 s".
 * @example formatProgress({ done: 1, total: 2, inputTokens: 10, outputTokens: 5, elapsedMs: 1000, etaMs: 1000 })
 */
export function formatProgress(p: Progress): string {
  const tokens = p.inputTokens + p.outputTokens;
  const t = tokens >= 1000 ? `${(tokens / 1000).toFixed(1)}k` : String(tokens);
  const eta = p.etaMs !== undefined ? ` · ETA ${Math.round(p.etaMs / 1000)} s` : "";
  return `${p.done}${p.total !== undefined ? `/${p.total}` : ""} calls · ${t} tokens${eta}`;
}

/**
 * Wraps `model` so that every call is recorded in `ledger`.
 * @example const ledger = new UsageLedger(); const m = withLedger(inner, ledger); …; ledger.summary();
 */
export function withLedger(model: LanguageModel, ledger: UsageLedger, now: () => number = () => performance.now()): LanguageModel {
  return {
    id: model.id,
    // No async frame and no named closure per call (see `wrappers/call.ts`): the call may wait long for a slot.
    generate<T>(req: GenerateRequest<T>): Promise<GenerateResult<T>> {
      const t0 = now();
      return callModel(model, req).then(
        (r) => recordSuccess(ledger, model.id, req.tag, t0, now, r),
        (err: unknown) => recordFailure(ledger, model.id, req.tag, now() - t0, err),
      );
    },
  };
}

/**
 * Records a call that succeeded (started at `t0` on `now`'s clock) and returns its result; if recording throws (a
 * progress listener), the call is recorded as failed with that error, which is thrown.
 */
export function recordSuccess<T>(ledger: UsageLedger, model: string, tag: string | undefined, t0: number, now: () => number, r: GenerateResult<T>): GenerateResult<T> {
  try {
    ledger.record({
      model: r.model,
      tag,
      inputTokens: r.usage.inputTokens,
      outputTokens: r.usage.outputTokens,
      latencyMs: r.latencyMs,
      wallMs: now() - t0,
      cached: r.cached,
    });
  } catch (err) {
    return recordFailure(ledger, model, tag, now() - t0, err);
  }
  return r;
}

/** Records a failed call (its usage, if the error carries one) that took `ms`, and rethrows its error. */
export function recordFailure(ledger: UsageLedger, model: string, tag: string | undefined, ms: number, err: unknown): never {
  const usage = (err as { usage?: { inputTokens: number; outputTokens: number } }).usage;
  ledger.record({
    model,
    tag,
    inputTokens: usage?.inputTokens ?? 0,
    outputTokens: usage?.outputTokens ?? 0,
    latencyMs: ms,
    wallMs: ms,
    cached: false,
    error: err instanceof LLMError ? err.code : "error",
  });
  throw err;
}
