/**
 * The limits wrapper: every call holds a `Limiter` permit (concurrency, rpm, tpm) while it runs.
 * Inside the retry wrapper, a call waiting for its backoff holds no slot.
 *
 * With a tpm budget a call reserves its estimated input plus its output (`estimate.ts`: `maxTokens`, else the
 * running high quantile of its role's replies), corrected with the real usage when it ends. A call whose output can
 * only be guessed (no `maxTokens`, no reply of its role seen yet) is a probe: one probe per role runs at a time and
 * the role's other calls wait for its reply, so replies longer than the role's default cannot overfill a window
 * by more than one call's output.
 */
import type { GenerateRequest, GenerateResult, LanguageModel } from "../../core/model.js";
import { LLMAbortError, LLMParseError, RateLimitError } from "../errors.js";
import { estimateInputTokens, RequestEstimate, roleKey } from "../estimate.js";
import { callModel } from "./call.js";
import { Limiter } from "./limiter.js";

/**
 * Wraps `model` so that its calls respect `limiter`; `estimate` (shared with the budget) learns each role's replies.
 * @throws LLMAbortError when the caller's signal fires while waiting for a slot.
 * @example const m = withLimits(provider, new Limiter({ concurrency: 8, rpm: 500, tpm: 200_000 }));
 */
export function withLimits(model: LanguageModel, limiter: Limiter, estimate = new RequestEstimate()): LanguageModel {
  const probes = new Map<string, Promise<unknown>>();
  /** Waits for a permit reserving `reserve` tokens, then calls the model; `probe` ends the role's probe turn. */
  const run = <T>(req: GenerateRequest<T>, raw: number, reserve: number, probe: (() => void) | undefined): Promise<GenerateResult<T>> =>
    limiter.acquire(reserve, req.signal).then(
      (permit) =>
        callModel(model, req).then(
          (result) => {
            try {
              permit.release(result.usage.inputTokens + result.usage.outputTokens);
              if (limiter.countsTokens) estimate.observe(req, result.usage, raw);
            } finally {
              probe?.();
            }
            return result;
          },
          (err: unknown) => {
            try {
              // A 429 pauses the pool before this slot is given to the next call (for its Retry-After, else 500 ms;
              // the retry wrapper extends the pause to its backoff).
              if (err instanceof RateLimitError) limiter.pause(err.retryAfter ?? 500);
              const u = err instanceof LLMParseError ? err.usage : undefined;
              permit.release(u ? u.inputTokens + u.outputTokens : undefined);
              if (u && limiter.countsTokens) estimate.observe(req, u, raw);
            } finally {
              probe?.();
            }
            throw err;
          },
        ),
      () => {
        probe?.();
        throw new LLMAbortError(model.id);
      },
    );
  /** The reservation of `req` (0 without a tpm budget) and the call, after its probe turn if it has one. */
  const reserveAndRun = <T>(req: GenerateRequest<T>, probe: (() => void) | undefined): Promise<GenerateResult<T>> => {
    if (!limiter.countsTokens) return run(req, 0, 0, probe);
    const raw = estimateInputTokens(req, estimate.provider, estimate.model);
    return run(req, raw, estimate.input(req, raw) + estimate.output(req), probe);
  };
  return {
    id: model.id,
    // No async frame (see `call.ts`): a call waiting for its permit holds the permit's promise and these handlers.
    generate<T>(req: GenerateRequest<T>): Promise<GenerateResult<T>> {
      try {
        // a role whose output is known (or a maxTokens) needs no turn: no promise is made for it
        if (limiter.countsTokens && estimate.guessesOutput(req)) {
          return probeTurn(probes, estimate, req, model.id).then((probe) => {
            try {
              return reserveAndRun(req, probe);
            } catch (err) {
              probe?.();
              throw err;
            }
          });
        }
        return reserveAndRun(req, undefined);
      } catch (err) {
        return Promise.reject(err);
      }
    },
  };
}

/**
 * Waits until `req` may reserve: at once when its output is known; else after the role's probe in flight (if any)
 * has ended, and then either the role is known or `req` becomes its probe (the returned function ends it).
 */
async function probeTurn(probes: Map<string, Promise<unknown>>, estimate: RequestEstimate, req: GenerateRequest, id: string): Promise<(() => void) | undefined> {
  const role = roleKey(req);
  while (estimate.guessesOutput(req)) {
    const running = probes.get(role);
    if (!running) {
      let end!: () => void;
      probes.set(role, new Promise<void>((resolve) => (end = resolve)));
      return () => {
        probes.delete(role);
        end();
      };
    }
    if (req.signal?.aborted) throw new LLMAbortError(id);
    await (req.signal ? Promise.race([running, aborted(req.signal)]) : running);
  }
  return undefined;
}

function aborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => signal.addEventListener("abort", () => resolve(), { once: true }));
}
