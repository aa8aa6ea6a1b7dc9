/**
 * Confidence intervals for summaries in the notebooks: the t interval of a mean (and of paired
 * differences) and the Wilson score interval of a proportion. Quantiles come from jstat.
 */
import { createRequire } from "node:module";
import { StatsError } from "../core/errors.js";
import type { Rng } from "../core/rng.js";

const require = createRequire(import.meta.url);
const { jStat } = require("jstat") as {
  jStat: { studentt: { inv(p: number, df: number): number }; normal: { inv(p: number, mean: number, sd: number): number } };
};

export interface MeanInterval {
  mean: number;
  sd: number;
  n: number;
  lower: number;
  upper: number;
  level: number;
}

/**
 * Mean with its t interval: mean ± t_{1−(1−level)/2, n−1} · sd/√n.
 * @throws StatsError with fewer than two finite values.
 * @example meanCI([1, 2, 3]) // { mean: 2, lower: -0.484…, upper: 4.484…, … } (R: t.test(c(1,2,3))$conf.int)
 */
export function meanCI(values: readonly number[], level = 0.95): MeanInterval {
  const x = values.filter((v) => Number.isFinite(v));
  const n = x.length;
  if (n < 2) throw new StatsError(`meanCI needs at least two finite values, got ${n}`);
  const mean = x.reduce((a, b) => a + b, 0) / n;
  const sd = Math.sqrt(x.reduce((a, b) => a + (b - mean) ** 2, 0) / (n - 1));
  const h = jStat.studentt.inv(1 - (1 - level) / 2, n - 1) * (sd / Math.sqrt(n));
  return { mean, sd, n, lower: mean - h, upper: mean + h, level };
}

/** Paired differences a_i − b_i with their t interval (a paired t test's interval). */
export function pairedDifferenceCI(a: readonly number[], b: readonly number[], level = 0.95): MeanInterval {
  if (a.length !== b.length) throw new StatsError(`pairedDifferenceCI: ${a.length} vs ${b.length} values; pairs must match`);
  return meanCI(a.map((v, i) => v - b[i]), level);
}

/**
 * Wilson score interval of a proportion k/n; NaN for an empty group (n = 0).
 * @throws StatsError unless 0 ≤ k ≤ n.
 * @example wilsonCI(7, 10) // { p: 0.7, lower: 0.3967…, upper: 0.8922… } (R: prop.test(7, 10, correct = FALSE)$conf.int)
 */
export function wilsonCI(k: number, n: number, level = 0.95): { p: number; lower: number; upper: number; n: number } {
  if (!(n >= 0) || k < 0 || k > n) throw new StatsError(`wilsonCI: need 0 ≤ k ≤ n (k = ${k}, n = ${n})`);
  if (n === 0) return { p: NaN, lower: NaN, upper: NaN, n };
  const z = jStat.normal.inv(1 - (1 - level) / 2, 0, 1);
  const p = k / n;
  const den = 1 + (z * z) / n;
  const centre = (p + (z * z) / (2 * n)) / den;
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / den;
  return { p, lower: Math.max(0, centre - half), upper: Math.min(1, centre + half), n };
}

/**
 * Mean with a percentile bootstrap interval (`reps` resamples drawn from `rng`); NaN for no values.
 * @example bootstrapMean([1, 2, 3, 4], createRng(1)) // { mean: 2.5, lower: …, upper: …, n: 4 }
 */
export function bootstrapMean(values: readonly number[], rng: Rng, reps = 2000, level = 0.95): { mean: number; lower: number; upper: number; n: number } {
  const n = values.length;
  if (n === 0) return { mean: NaN, lower: NaN, upper: NaN, n };
  const mean = values.reduce((s, v) => s + v, 0) / n;
  const means = new Float64Array(reps);
  for (let r = 0; r < reps; r++) {
    let s = 0;
    for (let i = 0; i < n; i++) s += values[rng.int(n)];
    means[r] = s / n;
  }
  means.sort();
  const lo = means[Math.floor(((1 - level) / 2) * reps)];
  const hi = means[Math.min(reps - 1, Math.ceil((1 - (1 - level) / 2) * reps) - 1)];
  return { mean, lower: lo, upper: hi, n };
}
