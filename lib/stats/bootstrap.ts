/**
 * The two-stage (cluster) bootstrap of a mean: resample clusters with replacement, then units with replacement
 * within each drawn cluster, and take the mean over every drawn unit (Davison & Hinkley 1997, §3.8, strategy 2 at both
 * stages). For paired differences clustered by conversation (questions within conversations), so the interval does
 * not treat questions of one conversation as independent.
 */
import type { Rng } from "../core/rng.js";
import { StatsError } from "../core/errors.js";

export interface ClusterBootstrap {
  /** Mean over all units. */
  mean: number;
  /** Percentile interval. */
  lower: number;
  upper: number;
  /** SD of the bootstrap means. */
  se: number;
  /** Two-sided bootstrap p-value against `nullValue`: 2·min(share ≤ null, share ≥ null), at least 1/(reps + 1). */
  p: number;
  clusters: number;
  units: number;
  /** Mean of each cluster's units, in the order clusters were given. */
  clusterMeans: { cluster: string; mean: number; n: number }[];
}

/**
 * Two-stage bootstrap of the mean of `values` grouped by `clusters` (same length).
 * @throws StatsError when the lengths differ or there is no finite value.
 * @example
 * twoStageBootstrap([1, 2, 3, 10, 11], ["a", "a", "a", "b", "b"], createRng(1)).clusters // 2
 */
export function twoStageBootstrap(values: readonly number[], clusters: readonly string[], rng: Rng,
  opts: { reps?: number; level?: number; nullValue?: number } = {}): ClusterBootstrap {
  if (values.length !== clusters.length) throw new StatsError(`twoStageBootstrap: ${values.length} values but ${clusters.length} cluster labels`);
  const reps = opts.reps ?? 2000, level = opts.level ?? 0.95, nullValue = opts.nullValue ?? 0;
  const groups = new Map<string, number[]>();
  values.forEach((v, i) => {
    if (!Number.isFinite(v)) return;
    const g = groups.get(clusters[i]);
    if (g) g.push(v);
    else groups.set(clusters[i], [v]);
  });
  const members = [...groups.values()];
  const units = members.reduce((s, g) => s + g.length, 0);
  if (units === 0) throw new StatsError("twoStageBootstrap: no finite values");
  const mean = members.reduce((s, g) => s + g.reduce((a, b) => a + b, 0), 0) / units;
  const k = members.length;
  const means = new Float64Array(reps);
  for (let r = 0; r < reps; r++) {
    let s = 0, n = 0;
    for (let c = 0; c < k; c++) {
      const g = members[rng.int(k)];
      for (let i = 0; i < g.length; i++) s += g[rng.int(g.length)];
      n += g.length;
    }
    means[r] = s / n;
  }
  const sorted = Float64Array.from(means).sort();
  const lower = sorted[Math.floor(((1 - level) / 2) * reps)];
  const upper = sorted[Math.min(reps - 1, Math.ceil((1 - (1 - level) / 2) * reps) - 1)];
  let below = 0, above = 0, sum = 0, sum2 = 0;
  for (const m of means) {
    if (m <= nullValue) below++;
    if (m >= nullValue) above++;
    sum += m;
    sum2 += m * m;
  }
  const p = Math.min(1, Math.max(1 / (reps + 1), (2 * Math.min(below, above)) / reps));
  const se = Math.sqrt(Math.max(0, (sum2 - (sum * sum) / reps) / (reps - 1)));
  const clusterMeans = [...groups.entries()].map(([cluster, g]) => ({ cluster, mean: g.reduce((a, b) => a + b, 0) / g.length, n: g.length }));
  return { mean, lower, upper, se, p, clusters: k, units, clusterMeans };
}
