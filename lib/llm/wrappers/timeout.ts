/**
 * Per-call timeout: each call (each attempt, when inside the retry wrapper) gets `timeoutMs`; past it the call is
 * aborted and fails with `LLMTimeoutError`, which the retry wrapper retries. The caller's own signal still cancels.
 */
import type { GenerateRequest, GenerateResult, LanguageModel } from "../../core/model.js";
import { LLMAbortError, LLMTimeoutError } from "../errors.js";

/**
 * Wraps `model` so that no call waits longer than `timeoutMs`.
 * @throws LLMTimeoutError when the time is up; LLMAbortError when the caller's signal fires.
 * @example const m = withTimeout(provider, 30_000);
 */
export function withTimeout(model: LanguageModel, timeoutMs: number): LanguageModel {
  return {
    id: model.id,
    generate<T>(req: GenerateRequest<T>): Promise<GenerateResult<T>> {
      if (req.signal?.aborted) return Promise.reject(new LLMAbortError(model.id));
      const controller = new AbortController();
      const onAbort = () => controller.abort(req.signal?.reason);
      req.signal?.addEventListener("abort", onAbort, { once: true });
      let timedOut = false;
      let timer: NodeJS.Timeout | undefined;
      const expired = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          timedOut = true;
          controller.abort(new LLMTimeoutError(timeoutMs, model.id));
          reject(new LLMTimeoutError(timeoutMs, model.id));
        }, timeoutMs);
      });
      const call = model.generate({ ...req, signal: controller.signal }).catch((err: unknown) => {
        if (timedOut) throw new LLMTimeoutError(timeoutMs, model.id);
        if (req.signal?.aborted) throw new LLMAbortError(model.id);
        throw err;
      });
      return Promise.race([call, expired]).finally(() => {
        clearTimeout(timer);
        req.signal?.removeEventListener("abort", onAbort);
        expired.catch(() => undefined);
        call.catch(() => undefined);
      });
    },
  };
}
