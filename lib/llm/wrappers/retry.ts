/**
 * Retries with exponential backoff and jitter on 429, 5xx, timeouts and connection failures (errors whose
 * `retryable` is true), honouring the server's Retry-After. Other errors (4xx, parse errors, cancellation) pass
 * through at once.
 */
import type { GenerateRequest, GenerateResult, LanguageModel } from "../../core/model.js";
import type { Rng } from "../../core/rng.js";
import { LLMAbortError, LLMAPIError, LLMError, RateLimitError } from "../errors.js";
import { callModel } from "./call.js";
import { realClock, type Clock } from "./sleep.js";

/** The attempt number (1-based) the retry wrapper puts on each request it passes down (read by the ledger). */
export const ATTEMPT = Symbol("agora.llm.attempt");

export interface RetryOptions {
  /** Retries after the first attempt (default 5). */
  maxRetries?: number;
  /** First backoff, in ms (default 500); doubled on each retry. */
  baseDelayMs?: number;
  /** Longest backoff, in ms (default 30 000). */
  maxDelayMs?: number;
  /** A Retry-After longer than this (ms) is not waited for: the error is thrown (default 120 000). */
  maxRetryAfterMs?: number;
  /** Jitter stream (the delays do not affect results, but randomness is always passed in). */
  rng: Rng;
  clock?: Clock;
  /** Called before each retry (the usage ledger counts them). */
  onRetry?: (info: { attempt: number; delayMs: number; error: LLMError }) => void;
  /** Called on a 429 with the wait before the retry (the limiter pauses the whole pool for it). */
  onRateLimit?: (delayMs: number) => void;
}

/**
 * The backoff before retry `attempt` (1-based): half fixed, half jittered, of `min(max, base·2^(attempt-1))`.
 * @example backoffMs(3, { baseDelayMs: 500, maxDelayMs: 30000 }, 0.5) // → 1500
 */
export function backoffMs(attempt: number, opts: { baseDelayMs: number; maxDelayMs: number }, u: number): number {
  const cap = Math.min(opts.maxDelayMs, opts.baseDelayMs * 2 ** (attempt - 1));
  return cap / 2 + (cap / 2) * u;
}

/** The retry wrapper, and its step after a failed first attempt (createModel chains it with the others' steps). */
export interface RetryModel extends LanguageModel {
  /** The retries after a first attempt that failed with `err` (rethrown when it is not retryable). */
  recover<T>(req: GenerateRequest<T>, err: unknown): Promise<GenerateResult<T>>;
}

/**
 * Wraps `model` with retries.
 * @throws the last error when retries are exhausted or the error is not retryable; LLMAbortError when cancelled.
 * @example const m = withRetry(provider, { maxRetries: 3, rng: createRng(0) });
 */
export function withRetry(model: LanguageModel, opts: RetryOptions): RetryModel {
  const maxRetries = opts.maxRetries ?? 5;
  const backoff = { baseDelayMs: opts.baseDelayMs ?? 500, maxDelayMs: opts.maxDelayMs ?? 30_000 };
  const maxRetryAfter = opts.maxRetryAfterMs ?? 120_000;
  const clock = opts.clock ?? realClock;
  /** The retries after a first attempt that failed with `first` (rethrown when it is not retryable). */
  async function retry<T>(req: GenerateRequest<T>, first: unknown): Promise<GenerateResult<T>> {
    let paramRetries = 0;
    let err = first;
    for (let attempt = 0; ; attempt++) {
      // `err` is how attempt `attempt + 1` failed
      if (!(err instanceof LLMError) || !err.retryable || req.signal?.aborted) throw err;
      if (err instanceof LLMAPIError && err.unsupportedParam !== undefined) {
        // A 400 naming an unsupported parameter: the provider leaves it out from now on; retried once, at once.
        if (paramRetries++ >= 3) throw err;
        opts.onRetry?.({ attempt: attempt + 1, delayMs: 0, error: err });
      } else {
        if (attempt - paramRetries >= maxRetries) throw err;
        const retryAfter = err instanceof RateLimitError ? err.retryAfter : undefined;
        if (retryAfter !== undefined && retryAfter > maxRetryAfter) throw err;
        const delayMs = retryAfter ?? backoffMs(attempt + 1 - paramRetries, backoff, opts.rng.uniform());
        if (err instanceof RateLimitError) opts.onRateLimit?.(delayMs);
        opts.onRetry?.({ attempt: attempt + 1, delayMs, error: err });
        try {
          await clock.sleep(delayMs, req.signal);
        } catch {
          throw new LLMAbortError(model.id);
        }
      }
      try {
        return await model.generate({ ...req, [ATTEMPT]: attempt + 2 } as GenerateRequest<T>);
      } catch (e) {
        err = e;
      }
    }
  }
  return {
    id: model.id,
    recover: retry,
    // The first attempt without an async frame (see `call.ts`); only a failed one goes on to `retry`.
    generate<T>(req: GenerateRequest<T>): Promise<GenerateResult<T>> {
      return callModel(model, req).then(undefined, (err: unknown) => retry(req, err));
    },
  };
}
