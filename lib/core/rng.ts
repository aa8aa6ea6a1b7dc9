/**
 * Seeded random numbers for every stochastic part of agora.
 *
 * The generator is pure-rand's xoroshiro128+ (a well-kept library); this class adds the
 * distributions the simulators need. Nothing in `lib/` may call `Math.random`: take an `Rng`.
 *
 * Streams are addressed, not consumed: `rng.fork("agent", 3)` derives a child stream from the
 * parent's *seed and path*, never from how many numbers the parent has drawn. Work that runs
 * concurrently therefore gets the same numbers whatever the order it runs in.
 *
 * @example
 * const rng = createRng(42);
 * rng.uniform();            // 0.…, the same on every machine
 * rng.fork("agent", 3).normal(0, 1);
 */
import { xoroshiro128plus } from "pure-rand/generator/xoroshiro128plus";
import { hashSeed } from "./hash.js";

type Generator = ReturnType<typeof xoroshiro128plus>;

export class Rng {
  readonly seed: number;
  readonly path: readonly (string | number)[];
  private readonly gen: Generator;

  constructor(seed: number, path: readonly (string | number)[] = []) {
    if (!Number.isInteger(seed)) throw new TypeError(`Rng seed must be an integer, got ${seed}`);
    this.seed = seed;
    this.path = path;
    // The seed is hashed with the path (small consecutive seeds would otherwise start in nearby
    // states) and the first draws are discarded, as xoroshiro needs a few steps to mix its state.
    this.gen = xoroshiro128plus(hashSeed(seed, path));
    for (let i = 0; i < 16; i++) this.gen.next();
  }

  /** A child stream addressed by `labels`; independent of how much this stream has been used. */
  fork(...labels: (string | number)[]): Rng {
    return new Rng(this.seed, [...this.path, ...labels]);
  }

  /** Uniform on [0, 1) with 53 random bits. */
  uniform(): number {
    const hi = (this.gen.next() >>> 0) >>> 5; // 27 bits
    const lo = (this.gen.next() >>> 0) >>> 6; // 26 bits
    return (hi * 67108864 + lo) / 9007199254740992;
  }

  /** Uniform on [a, b). */
  range(a: number, b: number): number {
    return a + (b - a) * this.uniform();
  }

  /** Integer uniform on [0, n). */
  int(n: number): number {
    if (!(n >= 1)) throw new RangeError(`Rng.int needs n >= 1, got ${n}`);
    return Math.floor(this.uniform() * n);
  }

  bernoulli(p: number): boolean {
    return this.uniform() < p;
  }

  /** Normal(mean, sd) by the Marsaglia polar method (no cached second value, so streams stay addressable). */
  normal(mean = 0, sd = 1): number {
    for (;;) {
      const u = 2 * this.uniform() - 1;
      const v = 2 * this.uniform() - 1;
      const s = u * u + v * v;
      if (s > 0 && s < 1) return mean + sd * u * Math.sqrt((-2 * Math.log(s)) / s);
    }
  }

  /** Gamma(shape, scale = 1) by Marsaglia and Tsang (2000). */
  gamma(shape: number, scale = 1): number {
    if (!(shape > 0)) throw new RangeError(`Rng.gamma needs shape > 0, got ${shape}`);
    if (shape < 1) return this.gamma(shape + 1, scale) * Math.pow(this.uniform() || Number.MIN_VALUE, 1 / shape);
    const d = shape - 1 / 3;
    const c = 1 / Math.sqrt(9 * d);
    for (;;) {
      let x: number;
      let v: number;
      do {
        x = this.normal();
        v = 1 + c * x;
      } while (v <= 0);
      v = v * v * v;
      const u = this.uniform();
      if (u < 1 - 0.0331 * x * x * x * x) return d * v * scale;
      if (Math.log(u) < 0.5 * x * x + d * (1 - v + Math.log(v))) return d * v * scale;
    }
  }

  /** Beta(a, b) as a ratio of gammas. */
  beta(a: number, b: number): number {
    const x = this.gamma(a);
    const y = this.gamma(b);
    return x / (x + y);
  }

  /** Index drawn with probability proportional to `weights` (non-negative, not all zero). */
  weightedIndex(weights: readonly number[]): number {
    let total = 0;
    for (const w of weights) {
      if (!(w >= 0)) throw new RangeError(`Rng.weightedIndex: weights must be >= 0, got ${w}`);
      total += w;
    }
    if (!(total > 0)) throw new RangeError("Rng.weightedIndex: weights sum to zero");
    let r = this.uniform() * total;
    for (let i = 0; i < weights.length; i++) {
      r -= weights[i];
      if (r < 0) return i;
    }
    for (let i = weights.length - 1; i >= 0; i--) if (weights[i] > 0) return i;
    return weights.length - 1;
  }

  choice<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError("Rng.choice of an empty list");
    return items[this.int(items.length)];
  }

  /** A new array, shuffled by Fisher–Yates. */
  shuffle<T>(items: readonly T[]): T[] {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  }

  /** k distinct indices of [0, n) drawn with probability proportional to weights, without replacement. */
  sampleWeighted(weights: readonly number[], k: number): number[] {
    const w = weights.slice();
    const out: number[] = [];
    const m = Math.min(k, w.filter((x) => x > 0).length);
    for (let t = 0; t < m; t++) {
      const i = this.weightedIndex(w);
      out.push(i);
      w[i] = 0;
    }
    return out;
  }
}

/** A seeded random stream. */
export function createRng(seed: number): Rng {
  return new Rng(seed);
}
