/**
 * The limits wrapper: every call holds a `Limiter` permit (concurrency, rpm, tpm) while it runs.
 * Inside the retry wrapper, a call waiting for its backoff holds no slot.
 */
import { contentText, type GenerateRequest, type GenerateResult, type LanguageModel } from "../../core/model.js";
import { LLMAbortError, LLMParseError } from "../errors.js";
import { estimateTokens } from "../providers/common.js";
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
      const estimate = estimateTokens([req.system, ...req.messages.map((m) => contentText(m.content))]) + (req.maxTokens ?? 0);
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
        const u = err instanceof LLMParseError ? err.usage : undefined;
        permit.release(u ? u.inputTokens + u.outputTokens : undefined);
        throw err;
      }
    },
  };
}
