/**
 * A concurrency pool with requests-per-minute and tokens-per-minute budgets.
 *
 * - rpm is paced: starts are spread evenly across the window (one every `window / rpm` ms; a burst of at most
 *   20 ms worth of requests), never a minute's budget at once; the sliding window count is kept too.
 * - tpm counts tokens in a sliding window; a call reserves its estimate (input plus `maxTokens` or its role's
 *   output default) and the reservation is corrected with the real count when it ends.
 * - `pause(ms)` holds every start for that long: a 429 pauses the whole pool for its Retry-After (or backoff),
 *   so the waiting calls do not each run into the same limit.
 * Waiters are served first in, first out; a waiter whose signal fires leaves the queue.
 */
import { realClock, type Clock } from "./sleep.js";

export interface LimiterOptions {
  /** Calls in flight at most (default 16). */
  concurrency?: number;
  /** Calls started per minute at most. */
  rpm?: number;
  /** Tokens (input + output) per minute at most; calls reserve an estimate, corrected with the real count. */
  tpm?: number;
  clock?: Clock;
  /** Length of the rate window in ms (default 60 000: "per minute"; shorter only in tests). */
  windowMs?: number;
}

/** A held slot; `release(tokens)` frees it and records the call's real token count. */
export interface Permit {
  release(actualTokens?: number): void;
}

interface Waiter {
  tokens: number;
  resolve(p: Permit): void;
  reject(e: unknown): void;
  signal?: AbortSignal;
  onAbort?: () => void;
}

/**
 * The token spends in the window, oldest first: two columns of numbers in a ring, a spend named by its sequence
 * number. As objects, a minute's spends at hundreds of calls per second were tens of thousands of small objects
 * (with a boxed start time each) living a minute: every scavenge promoted them and every marking visited them.
 */
class Spends {
  private at = new Float64Array(1024);
  private tokens = new Float64Array(1024);
  /** The oldest spend still in the window, and the next one to be made (sequence numbers). */
  head = 0;
  tail = 0;

  /** Records a spend; returns its sequence number. */
  push(at: number, tokens: number): number {
    if (this.tail - this.head === this.at.length) this.grow();
    const i = this.tail & (this.at.length - 1);
    this.at[i] = at;
    this.tokens[i] = tokens;
    return this.tail++;
  }

  atOf(seq: number): number {
    return this.at[seq & (this.at.length - 1)];
  }

  tokensOf(seq: number): number {
    return this.tokens[seq & (this.tokens.length - 1)];
  }

  setTokens(seq: number, tokens: number): void {
    this.tokens[seq & (this.tokens.length - 1)] = tokens;
  }

  /** Whether spend `seq` is still in the window (its tokens count). */
  holds(seq: number): boolean {
    return seq >= this.head && seq < this.tail;
  }

  private grow(): void {
    const at = new Float64Array(this.at.length * 2);
    const tokens = new Float64Array(this.tokens.length * 2);
    for (let seq = this.head; seq < this.tail; seq++) {
      at[seq & (at.length - 1)] = this.atOf(seq);
      tokens[seq & (tokens.length - 1)] = this.tokensOf(seq);
    }
    this.at = at;
    this.tokens = tokens;
  }
}

/** A permit as a small object with a method (no closure per call). */
class HeldPermit implements Permit {
  private released = false;
  constructor(
    private readonly limiter: Limiter,
    /** Its spend's sequence number (-1 without a tpm budget). */
    private readonly spend: number,
  ) {}

  release(actual?: number): void {
    if (this.released) return;
    this.released = true;
    this.limiter.endHold(this.spend, actual);
  }
}

/**
 * The pool and the rate budgets shared by every call of one model.
 * @example
 * const limiter = new Limiter({ concurrency: 8, rpm: 500, tpm: 200_000 });
 * const permit = await limiter.acquire(1200); // estimated tokens
 * try { … } finally { permit.release(actualTokens); }
 */
export class Limiter {
  readonly concurrency: number;
  private readonly rpm?: number;
  private readonly tpm?: number;
  private readonly clock: Clock;
  private readonly window: number;
  private active = 0;
  private queue: Waiter[] = [];
  private head = 0;
  /** Start times in the window: `starts[startsHead…]` (older entries are dropped in batches). */
  private starts: number[] = [];
  private startsHead = 0;
  /** Token spends in the window. */
  private readonly spends = new Spends();
  private tokensInWindow = 0;
  /** A wake-up is scheduled on the clock. */
  private waking = false;
  /** Pacing of starts (GCRA): the theoretical time of the next start, the gap between starts, the burst tolerance. */
  private tat = -Infinity;
  private readonly gap: number;
  private readonly tolerance: number;
  private pausedUntil = -Infinity;
  /** Highest number of calls held at once (for tests and reports). */
  maxActive = 0;
  /** Number of pauses (a pause extended while it lasts counts once). */
  pauses = 0;

  constructor(opts: LimiterOptions = {}) {
    this.concurrency = opts.concurrency ?? 16;
    this.rpm = opts.rpm;
    this.tpm = opts.tpm;
    this.clock = opts.clock ?? realClock;
    this.window = opts.windowMs ?? 60_000;
    this.gap = this.rpm ? this.window / this.rpm : 0;
    this.tolerance = this.gap > 0 ? Math.max(0, Math.floor(20 / this.gap) - 1) * this.gap : 0;
  }

  /** Whether calls must estimate their tokens (a tpm budget is set). */
  get countsTokens(): boolean {
    return this.tpm !== undefined;
  }

  /** Holds every start for `ms` from now (a rate limit was hit). Calls in flight are not touched. */
  pause(ms: number): void {
    const now = this.clock.now();
    const until = now + ms;
    if (until <= this.pausedUntil) return;
    if (this.pausedUntil <= now) this.pauses++;
    this.pausedUntil = until;
    this.pump();
  }

  /** Whether starts are held by a pause at the moment. */
  get paused(): boolean {
    return this.pausedUntil > this.clock.now();
  }

  /** Waits for a slot and for the rate budgets. Rejects with the signal's reason if it fires while waiting. */
  acquire(estimatedTokens = 0, signal?: AbortSignal): Promise<Permit> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (this.head === this.queue.length && this.canStart(estimatedTokens) === 0) {
      return Promise.resolve(this.start(estimatedTokens));
    }
    return new Promise<Permit>((resolve, reject) => {
      const w: Waiter = { tokens: estimatedTokens, resolve, reject, signal };
      if (signal) {
        w.onAbort = () => {
          const i = this.queue.indexOf(w, this.head);
          if (i >= 0) this.queue.splice(i, 1);
          reject(signal.reason);
          this.pump();
        };
        signal.addEventListener("abort", w.onAbort, { once: true });
      }
      this.queue.push(w);
      this.pump();
    });
  }

  /** 0 when a call needing `tokens` may start now, else ms until it may (Infinity: wait for a release). */
  private canStart(tokens: number): number {
    if (this.active >= this.concurrency) return Infinity;
    const now = this.clock.now();
    this.expire(now);
    let wait = 0;
    if (this.pausedUntil > now) wait = this.pausedUntil - now;
    if (this.gap > 0 && this.tat - this.tolerance > now) wait = Math.max(wait, this.tat - this.tolerance - now);
    if (this.rpm !== undefined && this.starts.length - this.startsHead >= this.rpm) {
      wait = Math.max(wait, this.starts[this.starts.length - this.rpm] + this.window - now);
    }
    const spends = this.spends;
    if (this.tpm !== undefined && this.tokensInWindow + tokens > this.tpm && spends.tail > spends.head) {
      // Wait until enough old spends leave the window.
      let need = this.tokensInWindow + tokens - this.tpm;
      for (let seq = spends.head; seq < spends.tail; seq++) {
        need -= spends.tokensOf(seq);
        if (need <= 0) {
          wait = Math.max(wait, spends.atOf(seq) + this.window - now);
          break;
        }
      }
      if (need > 0) wait = Math.max(wait, spends.atOf(spends.tail - 1) + this.window - now);
    }
    return Math.max(0, wait);
  }

  /** Drops starts and spends older than the window (amortised O(1) per call). */
  private expire(now: number): void {
    if (this.rpm !== undefined) {
      while (this.startsHead < this.starts.length && this.starts[this.startsHead] + this.window <= now) this.startsHead++;
      if (this.startsHead > 1024 && this.startsHead * 2 > this.starts.length) {
        this.starts = this.starts.slice(this.startsHead);
        this.startsHead = 0;
      }
    }
    if (this.tpm !== undefined) {
      const spends = this.spends;
      while (spends.head < spends.tail && spends.atOf(spends.head) + this.window <= now) this.tokensInWindow -= spends.tokensOf(spends.head++);
    }
  }

  private start(tokens: number): Permit {
    this.active++;
    if (this.active > this.maxActive) this.maxActive = this.active;
    const now = this.clock.now();
    if (this.rpm !== undefined) {
      this.starts.push(now);
      this.tat = Math.max(this.tat, now) + this.gap;
    }
    let spend = -1;
    if (this.tpm !== undefined) {
      spend = this.spends.push(now, tokens);
      this.tokensInWindow += tokens;
    }
    return new HeldPermit(this, spend);
  }

  /** @internal A permit's release (`HeldPermit.release`): frees its slot and corrects its spend with the real count. */
  endHold(spend: number, actual: number | undefined): void {
    this.active--;
    if (actual !== undefined && this.spends.holds(spend)) {
      this.tokensInWindow += actual - this.spends.tokensOf(spend);
      this.spends.setTokens(spend, actual);
    }
    this.pump();
  }

  private pump(): void {
    while (this.head < this.queue.length) {
      const w = this.queue[this.head];
      const wait = this.canStart(w.tokens);
      if (wait === Infinity) return;
      if (wait > 0) {
        if (!this.waking) {
          // The clock's sleep (real timers in use; a virtual clock in tests, so pacing is checked exactly).
          this.waking = true;
          void this.clock.sleep(Math.ceil(wait)).then(() => {
            this.waking = false;
            this.pump();
          });
        }
        return;
      }
      this.head++;
      if (w.signal && w.onAbort) w.signal.removeEventListener("abort", w.onAbort);
      w.resolve(this.start(w.tokens));
    }
    if (this.head > 1024 && this.head * 2 > this.queue.length) {
      this.queue = this.queue.slice(this.head);
      this.head = 0;
    } else if (this.head === this.queue.length) {
      this.queue = [];
      this.head = 0;
    }
  }
}
