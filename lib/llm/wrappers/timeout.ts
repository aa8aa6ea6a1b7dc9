/**
 * Per-call timeout: each call (each attempt, when inside the retry wrapper) gets `timeoutMs`; past it the call is
 * aborted and fails with `LLMTimeoutError`, which the retry wrapper retries. The caller's own signal still cancels.
 *
 * One promise settles the call, by its reply or by the timer (no race of extra promises per call). A provider that
 * honours `CANCEL` (the OpenAI provider) gets a `Cancel` its HTTP request fills with its abort function, and the
 * caller's signal unchanged; any other gets an `AbortController`'s signal that the timer and the caller's signal fire.
 */
import type { GenerateRequest, GenerateResult, LanguageModel } from "../../core/model.js";
import { LLMAbortError, LLMTimeoutError } from "../errors.js";
import { CANCEL, CANCELLABLE, type Cancel } from "../providers/common.js";
import { withFields } from "./call.js";

/**
 * Wraps `model` so that no call waits longer than `timeoutMs`.
 * @throws LLMTimeoutError when the time is up; LLMAbortError when the caller's signal fires.
 * @example const m = withTimeout(provider, 30_000);
 */
export function withTimeout(model: LanguageModel, timeoutMs: number): LanguageModel {
  if ((model as { [CANCELLABLE]?: boolean })[CANCELLABLE]) return withCancel(model, timeoutMs);
  return {
    id: model.id,
    generate<T>(req: GenerateRequest<T>): Promise<GenerateResult<T>> {
      const outer = req.signal;
      if (outer?.aborted) return Promise.reject(new LLMAbortError(model.id));
      const controller = new AbortController();
      return new Promise<GenerateResult<T>>((resolve, reject) => {
        let done = false;
        const end = () => {
          done = true;
          clearTimeout(timer);
          outer?.removeEventListener("abort", onAbort);
        };
        // the caller's abort reaches the call, which then ends (and is reported below as an abort)
        const onAbort = () => controller.abort(outer?.reason);
        const timer = setTimeout(() => {
          if (done) return;
          end();
          const err = new LLMTimeoutError(timeoutMs, model.id);
          controller.abort(err);
          reject(err);
        }, timeoutMs);
        outer?.addEventListener("abort", onAbort, { once: true });
        model.generate(withFields(req, { signal: controller.signal })).then(
          (r) => {
            if (done) return;
            end();
            resolve(r);
          },
          (err: unknown) => {
            if (done) return;
            end();
            reject(outer?.aborted ? new LLMAbortError(model.id) : err);
          },
        );
      });
    },
  };
}

/** The timeout around a provider that honours `CANCEL`: a timer and a `Cancel` per call, no `AbortController`. */
function withCancel(model: LanguageModel, timeoutMs: number): LanguageModel {
  return {
    id: model.id,
    generate<T>(req: GenerateRequest<T>): Promise<GenerateResult<T>> {
      const outer = req.signal;
      if (outer?.aborted) return Promise.reject(new LLMAbortError(model.id));
      const cancel: Cancel = {};
      return new Promise<GenerateResult<T>>((resolve, reject) => {
        let done = false;
        const timer = setTimeout(() => {
          if (done) return;
          done = true;
          const err = new LLMTimeoutError(timeoutMs, model.id);
          cancel.abort?.(err);
          reject(err);
        }, timeoutMs);
        model.generate(withFields(req, { [CANCEL]: cancel })).then(
          (r) => {
            if (done) return;
            done = true;
            clearTimeout(timer);
            resolve(r);
          },
          (err: unknown) => {
            if (done) return;
            done = true;
            clearTimeout(timer);
            reject(outer?.aborted ? new LLMAbortError(model.id) : err);
          },
        );
      });
    },
  };
}
