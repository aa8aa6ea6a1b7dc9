/**
 * `createModel(spec)`: a provider wrapped in the standard stack, outermost first:
 *
 *   address → usage ledger → replay cache + single-flight → re-ask → retry → limits (pool, rpm, tpm, 429 pause)
 *     → request ledger + budget → timeout → provider
 *
 * so a cache hit costs nothing and is still counted, identical calls in flight share one request, re-asks are
 * retried individually, a call waiting for its backoff holds no slot, every HTTP attempt is written to the ledger
 * file and checked against the budget while it holds a slot, and the timeout applies to one attempt.
 */
import { setMaxListeners } from "node:events";
import { addressRole, formatAddress, providerSeed, type GenerateRequest, type LanguageModel } from "../core/model.js";
import { createRng } from "../core/rng.js";
import { RequestEstimate } from "./estimate.js";
import { UsageLedger } from "./ledger.js";
import { DEFAULT_PRICES, priceOf, type PriceTable } from "./prices.js";
import { provenanceOf, type Provenance } from "./provenance.js";
import { ROLE } from "./roles.js";
import { geminiProvider } from "./providers/gemini.js";
import { newProviderInfo, openAIProvider, type ProviderInfo } from "./providers/openai.js";
import { LLMConfigError } from "./errors.js";
import { Budget, RequestLog, summarizeLedger, withRequestLog } from "./request-log.js";
import { CACHE_MODES, publicSpec, resolveSpec, type CacheMode, type ModelSpec, type ResolvedSpec } from "./spec.js";
import { withCache } from "./wrappers/cache.js";
import { withFields } from "./wrappers/call.js";
import { chainedGenerate } from "./wrappers/chain.js";
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
  /** The request ledger file, when `ledgerPath` was given. */
  readonly requestLog?: RequestLog;
  /** The budget, when `maxCostUsd` was given. */
  readonly budget?: Budget;
  /** Resolves once every replay-cache entry and ledger line is on disk (both are written behind the calls). */
  flush(): Promise<void>;
  /** Provider, model, base URL (no credentials) and its source, SDK versions, what the server reported, warnings. */
  provenance(): Provenance;
}

export interface CreateModelOptions {
  /** The ledger to record into (default: a new one per model). Share one to account a whole run. */
  ledger?: UsageLedger;
  /** Price overrides (USD per million tokens, keyed `provider:model`); over the spec's `prices` and the defaults. */
  prices?: PriceTable;
  /** A replay cache replacing the spec's (e.g. the run folder's `llm-cache`, chosen by the experiment runner). */
  cache?: { dir: string; mode: CacheMode };
  /** The request ledger file to append to (`<run>/ledger.jsonl`): one line before and one after each HTTP request. */
  ledgerPath?: string;
  /** Budget in USD: a request that would pass it (spent in the ledger file + this process + reserved) is not sent. */
  maxCostUsd?: number;
  /** Environment to read keys and endpoints from (default `process.env`). */
  env?: Record<string, string | undefined>;
  /** Backoff settings of the retry wrapper (for tests: short delays). */
  retry?: Partial<Pick<RetryOptions, "baseDelayMs" | "maxDelayMs" | "maxRetryAfterMs">>;
  /** Seed of the backoff jitter stream (default 0). */
  jitterSeed?: number;
  clock?: Clock;
  /** Length of the limiter's rate window in ms (default 60 000; shorter only in tests). */
  rateWindowMs?: number;
  /** A provider to use instead of the one the spec names (tests, custom backends); the wrappers still apply. */
  provider?: LanguageModel;
}

/** The cache mode a spec and options give (options first), or undefined without a cache. */
export function cacheModeOf(spec: ModelSpec, opts: { cache?: { mode: CacheMode } } = {}): CacheMode | undefined {
  if (opts.cache) return opts.cache.mode;
  return typeof spec === "object" && spec.cache ? spec.cache.mode : undefined;
}

/**
 * A language model from a spec string (`openai:gpt-4o-mini`, `gemini:gemini-2.5-flash-lite`,
 * `openai-compatible:<baseURL>#<model>`) or a spec object, with limits, retries, timeout, re-asks, the replay
 * cache (when `cache` is given), single-flight, a usage ledger, and optionally a request ledger file and a budget.
 * Makes no connection. In cache mode "replay" no key is needed.
 * @throws LLMConfigError for an unknown provider, a bad field, a missing key, or a budget on an unpriced model
 *   (before any call is made).
 * @example
 * const model = createModel("openai-compatible:http://127.0.0.1:11434/v1#llama3.1");
 * const r = await model.generate({ messages: [{ role: "user", content: "Hello" }], schema: z.object({ reply: z.string() }) });
 * model.ledger.summary(); // → { calls: 1, inputTokens: …, … }
 */
export function createModel(spec: ModelSpec, opts: CreateModelOptions = {}): LLMModel {
  if (opts.cache && !(CACHE_MODES as readonly string[]).includes(opts.cache.mode)) {
    throw new LLMConfigError("cache.mode", `unknown cache mode "${opts.cache.mode}"`, `use one of ${CACHE_MODES.join(", ")}`);
  }
  const mode = cacheModeOf(spec, opts);
  const resolved = resolveSpec(spec, opts.env, { requireKey: mode !== "replay" || opts.provider !== undefined });
  if (opts.cache) resolved.cache = opts.cache;
  const prices: PriceTable = { ...resolved.prices, ...opts.prices };
  const price = priceOf(resolved.id, { ...DEFAULT_PRICES, ...prices });
  if (opts.maxCostUsd !== undefined) {
    if (!(opts.maxCostUsd >= 0)) throw new LLMConfigError("maxCostUsd", `the budget must be a number of USD >= 0, got ${opts.maxCostUsd}`, "pass e.g. --max-cost 5");
    if (!price) {
      throw new LLMConfigError("prices", `${resolved.id} has no known price, so --max-cost cannot be kept (its spend would count as $0)`,
        `give its price: --price ${resolved.id}=<input>,<output>[,<cachedInput>] (USD per million tokens), or "prices" in the model spec; --price ${resolved.id}=0,0 if it is free (a local server)`);
    }
  }
  const ledger = opts.ledger ?? new UsageLedger({ prices });
  const limiter = new Limiter({ concurrency: resolved.concurrency, rpm: resolved.rpm, tpm: resolved.tpm, clock: opts.clock, windowMs: opts.rateWindowMs });
  const info = newProviderInfo();
  const requestLog = opts.ledgerPath ? new RequestLog(opts.ledgerPath) : undefined;
  const budget = opts.maxCostUsd !== undefined ? new Budget(opts.maxCostUsd, opts.ledgerPath ? summarizeLedger(opts.ledgerPath).costUsd : 0) : undefined;
  // per-role token estimates, learnt from the replies: what the tpm window and the budget reserve for a request
  const estimate = new RequestEstimate(resolved.provider, resolved.model);
  let model = opts.provider ?? providerFor(resolved, info);
  model = withTimeout(model, resolved.timeoutMs);
  model = withRequestLog(model, { log: requestLog, price, budget, estimate });
  const limited = withLimits(model, limiter, estimate);
  const retry = withRetry(limited, {
    maxRetries: resolved.maxRetries,
    rng: createRng(opts.jitterSeed ?? 0).fork("llm-retry", resolved.id),
    clock: opts.clock,
    ...opts.retry,
    onRetry: () => {
      ledger.retries++;
    },
    onRateLimit: (ms) => limiter.pause(ms),
  });
  const reask = withReask(retry, {
    maxReasks: resolved.maxReasks,
    onReask: () => {
      ledger.reasks++;
    },
  });
  const cached = withCache(reask, {
    dir: resolved.cache?.dir ?? "",
    mode: resolved.cache?.mode ?? "off",
    provider: resolved.provider,
    model: resolved.model,
    onHit: requestLog ? (req, _r, source) => requestLog.hit(resolved.id, req.address as string | undefined, source) : undefined,
  });
  // withLedger(cached, ledger), with one pair of handlers per call instead of one per wrapper (`chain.ts`)
  const generate = chainedGenerate({ ledger, now: () => performance.now(), cache: cached, reask, retry, attempt: limited });
  return {
    id: resolved.id,
    ledger,
    limiter,
    spec: publicSpec(resolved),
    requestLog,
    budget,
    flush: async () => {
      requestLog?.flush();
      await cached.flush();
    },
    provenance: () => provenanceOf(resolved, info),
    generate: (req) => {
      // One run-wide signal is typically shared by every call; each call in flight listens to it.
      if (req.signal) setMaxListeners(0, req.signal);
      return generate(addressed(req));
    },
  };
}

/**
 * The request with its address as a string and, with an address, the provider seed derived from it and its role
 * parsed once (`ROLE`, read by the limits, the estimates and the budget). A copy made by `withFields`: a spread would
 * get a hidden class of its own for each call whose address was an object.
 */
function addressed<T>(req: GenerateRequest<T>): GenerateRequest<T> {
  if (req.address === undefined) return req;
  const address = typeof req.address === "string" ? req.address : formatAddress(req.address);
  return withFields(req, { address, seed: providerSeed(address), [ROLE]: addressRole(address) ?? null });
}

/** The bare provider for a resolved spec (no wrappers). */
export function providerFor(spec: ResolvedSpec, info: ProviderInfo = newProviderInfo()): LanguageModel {
  return spec.provider === "gemini" ? geminiProvider(spec, { info }) : openAIProvider(spec, { info });
}
