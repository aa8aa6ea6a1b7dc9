/**
 * `createModel(spec)`: a provider wrapped in the standard stack, outermost first:
 *
 *   ledger → replay cache → re-ask on schema failure → retry → limits (pool, rpm, tpm) → timeout → provider
 *
 * so a cache hit costs nothing and is still counted, re-asks are retried individually, a call waiting for its
 * backoff holds no slot, and the timeout applies to one attempt (queueing not included).
 */
import { setMaxListeners } from "node:events";
import type { LanguageModel } from "../core/model.js";
import { createRng } from "../core/rng.js";
import { UsageLedger, withLedger } from "./ledger.js";
import type { PriceTable } from "./prices.js";
import { geminiProvider } from "./providers/gemini.js";
import { openAIProvider } from "./providers/openai.js";
import { LLMConfigError } from "./errors.js";
import { CACHE_MODES, publicSpec, resolveSpec, type CacheMode, type ModelSpec, type ResolvedSpec } from "./spec.js";
import { withCache } from "./wrappers/cache.js";
import { Limiter } from "./wrappers/limiter.js";
import { withLimits } from "./wrappers/limits.js";
import { withReask } from "./wrappers/reask.js";
import { withRetry, type RetryOptions } from "./wrappers/retry.js";
import type { Clock } from "./wrappers/sleep.js";
import { withTimeout } from "./wrappers/timeout.js";

/** A model made by `createModel`: a `LanguageModel` with its ledger, limiter and key-free spec. */
export interface LLMModel extends LanguageModel {
  /** The usage ledger every call is recorded in. */
  readonly ledger: UsageLedger;
  /** The pool and rate budgets (its `maxActive` is the most calls ever in flight). */
  readonly limiter: Limiter;
  /** The resolved spec without the key. */
  readonly spec: ReturnType<typeof publicSpec>;
  /** Resolves once every replay-cache entry is on disk (entries are written behind the calls). */
  flush(): Promise<void>;
}

export interface CreateModelOptions {
  /** The ledger to record into (default: a new one per model). Share one to account a whole run. */
  ledger?: UsageLedger;
  /** Price overrides for the model's new ledger (USD per million tokens, keyed `provider:model`). */
  prices?: PriceTable;
  /** A replay cache replacing the spec's (e.g. the run folder's `llm-cache`, chosen by the experiment runner). */
  cache?: { dir: string; mode: CacheMode };
  /** Environment to read keys and endpoints from (default `process.env`). */
  env?: Record<string, string | undefined>;
  /** Backoff settings of the retry wrapper (for tests: short delays). */
  retry?: Partial<Pick<RetryOptions, "baseDelayMs" | "maxDelayMs" | "maxRetryAfterMs">>;
  /** Seed of the backoff jitter stream (default 0). */
  jitterSeed?: number;
  clock?: Clock;
  /** A provider to use instead of the one the spec names (tests, custom backends); the wrappers still apply. */
  provider?: LanguageModel;
}

/**
 * A language model from a spec string (`openai:gpt-4o-mini`, `gemini:gemini-2.5-flash-lite`,
 * `openai-compatible:<baseURL>#<model>`) or a spec object, with limits, retries, timeout, re-asks, the replay
 * cache (when `cache` is given) and a usage ledger.
 * @throws LLMConfigError for an unknown provider, a bad field or a missing key (before any call is made).
 * @example
 * const model = createModel("openai-compatible:http://127.0.0.1:11434/v1#llama3.1");
 * const r = await model.generate({ messages: [{ role: "user", content: "Hello" }], schema: z.object({ reply: z.string() }) });
 * model.ledger.summary(); // → { calls: 1, inputTokens: …, … }
 */
export function createModel(spec: ModelSpec, opts: CreateModelOptions = {}): LLMModel {
  const resolved = resolveSpec(spec, opts.env);
  if (opts.cache) {
    if (!(CACHE_MODES as readonly string[]).includes(opts.cache.mode)) {
      throw new LLMConfigError("cache.mode", `unknown cache mode "${opts.cache.mode}"`, `use one of ${CACHE_MODES.join(", ")}`);
    }
    resolved.cache = opts.cache;
  }
  const ledger = opts.ledger ?? new UsageLedger({ prices: opts.prices });
  const limiter = new Limiter({ concurrency: resolved.concurrency, rpm: resolved.rpm, tpm: resolved.tpm, clock: opts.clock });
  let model = opts.provider ?? providerFor(resolved);
  model = withTimeout(model, resolved.timeoutMs);
  model = withLimits(model, limiter);
  model = withRetry(model, {
    maxRetries: resolved.maxRetries,
    rng: createRng(opts.jitterSeed ?? 0).fork("llm-retry", resolved.id),
    clock: opts.clock,
    ...opts.retry,
    onRetry: () => {
      ledger.retries++;
    },
  });
  model = withReask(model, {
    maxReasks: resolved.maxReasks,
    onReask: () => {
      ledger.reasks++;
    },
  });
  let flush = () => Promise.resolve();
  if (resolved.cache && resolved.cache.mode !== "off") {
    const cached = withCache(model, { ...resolved.cache, provider: resolved.provider, model: resolved.model });
    flush = cached.flush;
    model = cached;
  }
  model = withLedger(model, ledger);
  const inner = model;
  return {
    id: resolved.id,
    ledger,
    limiter,
    spec: publicSpec(resolved),
    flush,
    generate: (req) => {
      // One run-wide signal is typically shared by every call; each call in flight listens to it.
      if (req.signal) setMaxListeners(0, req.signal);
      return inner.generate(req);
    },
  };
}

/** The bare provider for a resolved spec (no wrappers). */
export function providerFor(spec: ResolvedSpec): LanguageModel {
  return spec.provider === "gemini" ? geminiProvider(spec) : openAIProvider(spec);
}
