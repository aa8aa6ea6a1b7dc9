/**
 * The mathematics of one dimension D(e, a), as pure functions on Dirichlet pseudo-counts α (one per value seen).
 *
 * Predictive probability of an observation, with new-value mass α₀:
 *   P(obs | D) = α_obs / (A + α₀) if obs ∈ V, else α₀ / (A + α₀),   A = Σ_v α_v.
 * Surprise (before the update): S = −log₂ P(obs | D).
 * Noisy-likelihood posterior (closed form), on V' = V ∪ {obs} with prior π(v) ∝ α_v (α₀ for a new obs):
 *   L(obs | v) = r if v = obs, else (1 − r)/(|V'| − 1);   π'(v) = L(obs | v) π(v) / Σ_u L(obs | u) π(u),
 * and the pseudo-counts become α'_v = (A + 1)·π'(v): the belief moves by Bayes, the evidence total grows by one.
 * Decay after Δt (days) without update, half-life h: w = 2^(−Δt/h) = λ^Δt with λ = 2^(−1/h),
 *   p ← w·p + (1 − w)/|V|   (the total A is kept; the shape relaxes toward uniform).
 * Last-write-wins (ablation): α' = {obs: A + 1}.
 */
import type { Distribution } from "./types.js";

export type Counts = Record<string, number>;

const DAY_MS = 86_400_000;

/** Sum of the pseudo-counts. */
export function total(counts: Counts): number {
  let a = 0;
  for (const v in counts) a += counts[v];
  return a;
}

/**
 * Surprise in bits of observing `obs` given the counts, before any update.
 *
 * @example
 * surprise({ teacher: 3 }, "nurse", 1); // −log2(1/4) = 2
 */
export function surprise(counts: Counts, obs: string, newValueMass: number): number {
  const a = total(counts);
  const seen = Object.prototype.hasOwnProperty.call(counts, obs);
  const p = (seen ? counts[obs] : newValueMass) / (a + newValueMass);
  return 0 - Math.log2(p) + 0; // "+ 0" turns −0 (a certain observation) into 0
}

/**
 * Closed-form noisy-likelihood Bayesian update; returns new counts (the input is not changed).
 *
 * @throws RangeError when the reliability is not in (0, 1).
 * @example
 * bayesUpdate({ teacher: 3 }, "nurse", 0.8, 1); // { teacher: 1.71…, nurse: 2.28… } (π' nurse = 0.571)
 */
export function bayesUpdate(counts: Counts, obs: string, reliability: number, newValueMass: number): Counts {
  if (!(reliability > 0 && reliability < 1)) throw new RangeError(`reliability must be in (0, 1), got ${reliability}`);
  const a = total(counts);
  const prior: Counts = { ...counts };
  if (!Object.prototype.hasOwnProperty.call(prior, obs)) prior[obs] = a === 0 ? 1 : newValueMass;
  const values = Object.keys(prior);
  const other = values.length > 1 ? (1 - reliability) / (values.length - 1) : 0;
  let z = 0;
  const post: Counts = {};
  for (const v of values) {
    const w = (v === obs ? reliability : other) * prior[v];
    post[v] = w;
    z += w;
  }
  for (const v of values) post[v] = ((a + 1) * post[v]) / z;
  return post;
}

/** Last-write-wins (ablation): all mass on the newest observation, total grown by one. */
export function lastWriteWins(counts: Counts, obs: string): Counts {
  return { [obs]: total(counts) + 1 };
}

/**
 * Entropy decay toward uniform after `dtMs` milliseconds without update, half-life in days.
 *
 * @example
 * decay({ a: 3, b: 1 }, 30 * 86400000, 30); // w = 0.5: p = (0.625, 0.375), counts (2.5, 1.5)
 */
export function decay(counts: Counts, dtMs: number, halfLifeDays: number): Counts {
  const values = Object.keys(counts);
  if (values.length < 2 || !(dtMs > 0)) return counts;
  const w = Math.pow(2, -dtMs / DAY_MS / halfLifeDays);
  const a = total(counts);
  const out: Counts = {};
  for (const v of values) out[v] = a * (w * (counts[v] / a) + (1 - w) / values.length);
  return out;
}

/** Probabilities, most probable first (ties: first seen first). */
export function distribution(counts: Counts): Distribution {
  const a = total(counts);
  const values = Object.keys(counts);
  const out = values.map((value, i) => ({ value, p: a > 0 ? counts[value] / a : 1 / values.length, i }));
  out.sort((x, y) => y.p - x.p || x.i - y.i);
  return out.map(({ value, p }) => ({ value, p }));
}

/** A distribution cut to its `n` most probable values, the rest summed under "…" (how deltas store it). */
export function truncate(dist: Distribution, n = 12): Distribution {
  if (dist.length <= n) return dist;
  const head = dist.slice(0, n);
  const rest = dist.slice(n).reduce((s, d) => s + d.p, 0);
  return [...head, { value: "…", p: rest }];
}

/** Shannon entropy in bits. */
export function entropy(counts: Counts): number {
  let h = 0;
  for (const { p } of distribution(counts)) if (p > 0) h -= p * Math.log2(p);
  return h;
}

/**
 * Symmetrised KL divergence in bits, ½(KL(p‖q) + KL(q‖p)), with both distributions smoothed onto the union
 * vocabulary by adding `eps` to every probability and renormalising.
 *
 * @example
 * symmetricKL({ a: 1 }, { a: 1 }); // 0
 */
export function symmetricKL(p: Counts, q: Counts, eps = 0.01): number {
  const vocab = [...new Set([...Object.keys(p), ...Object.keys(q)])];
  const smooth = (c: Counts): number[] => {
    const a = total(c);
    const raw = vocab.map((v) => (a > 0 ? (c[v] ?? 0) / a : 0) + eps);
    const z = raw.reduce((s, x) => s + x, 0);
    return raw.map((x) => x / z);
  };
  const ps = smooth(p);
  const qs = smooth(q);
  let kl = 0;
  for (let i = 0; i < vocab.length; i++) kl += ps[i] * Math.log2(ps[i] / qs[i]) + qs[i] * Math.log2(qs[i] / ps[i]);
  return kl / 2;
}
