/**
 * The limits wrapper: every call holds a `Limiter` permit (concurrency, rpm, tpm) while it runs.
 * Inside the retry wrapper, a call waiting for its backoff holds no slot. The tpm reservation is the input estimate
 * (one token per four characters, schema included) plus `maxTokens`, or the output default of the call's role
 * (`roles.ts`) when it has none; it is corrected with the real usage when the call ends.
 */
import type { GenerateRequest, GenerateResult, LanguageModel } from "../../core/model.js";
import { LLMAbortError, LLMParseError, RateLimitError } from "../errors.js";
import { estimateInputTokens } from "../request-log.js";
import { outputTokensFor } from "../roles.js";
import { Limiter } from "./limiter.js";

/**
 * Wraps `model` so that its calls respect `limiter`.
 * @throws LLMAbortError when the caller's signal fires while waiting for a slot.
 * @example const m = withLimits(provider, new Limiter({ concurrency: 8, rpm: 500 }));
 */
export function withLimits(model: LanguageModel, limiter: Limiter): LanguageModel {
  return {
    id: model.id,
    async generate<T>(req: GenerateRequest<T>): Promise<GenerateResult<T>> {
      const estimate = limiter.countsTokens ? estimateInputTokens(req) + outputTokensFor(req.maxTokens, typeof req.address === "string" ? req.address : undefined) : 0;
      let permit;
      try {
        permit = await limiter.acquire(estimate, req.signal);
      } catch {
        throw new LLMAbortError(model.id);
      }
      try {
        const result = await model.generate(req);
        permit.release(result.usage.inputTokens + result.usage.outputTokens);
        return result;
      } catch (err) {
        // A 429 pauses the pool before this slot is given to the next call (for its Retry-After, else 500 ms; the
        // retry wrapper extends the pause to its backoff).
        if (err instanceof RateLimitError) limiter.pause(err.retryAfter ?? 500);
        const u = err instanceof LLMParseError ? err.usage : undefined;
        permit.release(u ? u.inputTokens + u.outputTokens : undefined);
        throw err;
      }
    },
  };
}
