/** An abortable sleep, and the clock the wrappers use (injectable in tests). */
export interface Clock {
  /** Milliseconds, monotonic. */
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/** The real clock: `performance.now()` and `setTimeout`. A sleep rejects with the signal's reason when aborted. */
export const realClock: Clock = {
  now: () => performance.now(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const t = setTimeout(() => {
        signal?.removeEventListener("abort", onAbort);
        resolve();
      }, Math.max(0, ms));
      const onAbort = () => {
        clearTimeout(t);
        reject(signal?.reason);
      };
      signal?.addEventListener("abort", onAbort, { once: true });
    }),
};
