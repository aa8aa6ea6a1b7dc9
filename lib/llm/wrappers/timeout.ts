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

/**
 * The timeout around a provider that honours `CANCEL`: a `Cancel` per call and no timer of its own. Every call of
 * the wrapper has the same `timeoutMs`, so their deadlines come in the order they start: the calls in flight are
 * kept oldest first (`Deadlines`), with one timer for the oldest. A `setTimeout` and a `clearTimeout` per call cost
 * about 0.6 µs and a `Timeout` object each.
 */
function withCancel(model: LanguageModel, timeoutMs: number): LanguageModel {
  const deadlines = new Deadlines(model.id, timeoutMs);
  return {
    id: model.id,
    generate<T>(req: GenerateRequest<T>): Promise<GenerateResult<T>> {
      const outer = req.signal;
      if (outer?.aborted) return Promise.reject(new LLMAbortError(model.id));
      const cancel: Cancel = {};
      return new Promise<GenerateResult<T>>((resolve, reject) => {
        const call = deadlines.add(cancel, reject as (err: unknown) => void);
        model.generate(withFields(req, { [CANCEL]: cancel })).then(
          (r) => {
            if (deadlines.end(call)) resolve(r);
          },
          (err: unknown) => {
            if (deadlines.end(call)) reject(outer?.aborted ? new LLMAbortError(model.id) : err);
          },
        );
      });
    },
  };
}

/**
 * A call in flight under `withCancel`: when its time is up, and how to stop it. An ended call lets go of its cancel
 * hook and its promise (which hold its HTTP request and its reply) at once, though it may wait in the queue behind an
 * older call still running.
 */
interface InFlight {
  readonly deadline: number;
  cancel: Cancel | undefined;
  reject: ((err: unknown) => void) | undefined;
  /** Settled: by its reply or error, or by the timeout. */
  done: boolean;
}

/**
 * The calls in flight of one `withCancel` wrapper, in the order they started (so by deadline), and one timer armed
 * for the oldest that has not ended. Ended calls leave from the front as the calls before them end.
 */
export class Deadlines {
  private queue: InFlight[] = [];
  private head = 0;
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly id: string,
    private readonly timeoutMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Calls in flight (for tests). */
  get size(): number {
    let n = 0;
    for (let i = this.head; i < this.queue.length; i++) if (!this.queue[i].done) n++;
    return n;
  }

  /** A call starting now; `reject` receives its `LLMTimeoutError` if it is still running at its deadline. */
  add(cancel: Cancel, reject: (err: unknown) => void): InFlight {
    const call: InFlight = { deadline: this.now() + this.timeoutMs, cancel, reject, done: false };
    this.queue.push(call);
    if (!this.timer) this.arm(this.timeoutMs);
    return call;
  }

  /** The call ended (reply or error): true unless its timeout came first. */
  end(call: InFlight): boolean {
    if (call.done) return false;
    call.done = true;
    call.cancel = undefined;
    call.reject = undefined;
    this.dropEnded();
    return true;
  }

  private arm(ms: number): void {
    this.timer = setTimeout(() => this.expire(), Math.max(1, Math.ceil(ms)));
  }

  /** Times out every call past its deadline, then arms the timer for the next one, if any. */
  private expire(): void {
    this.timer = undefined;
    const now = this.now();
    this.dropEnded();
    while (this.head < this.queue.length) {
      const call = this.queue[this.head];
      if (!call.done) {
        if (call.deadline > now) return this.arm(call.deadline - now);
        call.done = true;
        const { cancel, reject } = call;
        call.cancel = call.reject = undefined;
        const err = new LLMTimeoutError(this.timeoutMs, this.id);
        cancel?.abort?.(err);
        reject?.(err);
      }
      this.head++;
    }
    this.dropEnded();
  }

  /** Drops the ended calls at the front (calls end roughly in the order they start, so few wait behind one). */
  private dropEnded(): void {
    while (this.head < this.queue.length && this.queue[this.head].done) this.head++;
    if (this.head === this.queue.length) {
      this.queue = [];
      this.head = 0;
      if (this.timer) {
        clearTimeout(this.timer);
        this.timer = undefined;
      }
    } else if (this.head > 1024 && this.head * 2 > this.queue.length) {
      this.queue = this.queue.slice(this.head);
      this.head = 0;
    }
  }
}
