/**
 * The mathematics of one dimension D(e, a), as pure functions on Dirichlet pseudo-counts α (one per value seen).
 *
 * Predictive probability of an observation, with new-value mass α₀:
 *   P(obs | D) = α_obs / (A + α₀) if obs ∈ V, else α₀ / (A + α₀),   A = Σ_v α_v.
 * Surprise (before the update): S = −log₂ P(obs | D).
 * Noisy-likelihood posterior (closed form), on V' = V ∪ {obs} with prior π(v) ∝ α_v (α₀ for a new obs):
 *   L(obs | v) = r if v = obs, else (1 − r)/(|V'| − 1);   π'(v) = L(obs | v) π(v) / Σ_u L(obs | u) π(u),
 * and the pseudo-counts become α'_v = (A + 1)·π'(v): the belief moves by Bayes, the evidence total grows by one.
 * Decay after Δt (days) without update, half-life h: w = 2^(−Δt/h) = λ^Δt with λ = 2^(−1/h), toward
 *   `uniform` (the paper's): p ← w·p + (1 − w)/|V| (the total A is kept; a single value does not move), or
 *   `prior`: α ← w·α (the evidence is forgotten; an unseen value's predictive mass α₀/(wA + α₀) grows back).
 * Last-write-wins (ablation): α' = {obs: A + 1}.
 *
 * Observations carry a kind and a confidence c ∈ (0, 1] (types.ts `ObservationKind`; `observe` below):
 * - `state` (c): the tempered (power) likelihood L^c in the posterior above, and the total grows by c; a value seen
 *   for the first time enters with c·α₀ (a hedge hedges the claim that there is a new value too);
 * - `change` / `planned` (c): a reported transition: first p ← (1 − c)·p + c/|V'| (the decay's target, at once, on
 *   V' = V ∪ {obs}), then the `state` update; a change told with full confidence leaves the new value at p = r;
 * - `ended` X (c): evidence against X: L = 1 − r for X and r for every other value, tempered by c, over V ∪ {X, ¬X}
 *   where ¬X ("not X", unnamed) is "some value other than X, not yet named" (new-value mass α₀ when new);
 *   surprise −log₂(1 − P(X | D));
 * - a later named value Y (of any positive kind) takes the share c of every unnamed ¬X (X ≠ Y) before its update:
 *   the unnamed value was Y.
 */
import type { Distribution, ObservationKind } from "./types.js";

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

/** How one observation updates a dimension: the rule and the memory's options that shape it. */
export interface UpdateParams {
  reliability: number;
  newValueMass: number;
  rule: "bayes" | "last-write-wins";
  /** Read change / ended / planned (false: every observation a state; "ended X" the value "not X"). */
  useKinds: boolean;
  /** Read the observation's confidence (false: confidence 1). */
  useConfidence: boolean;
}

/** One observation as the update reads it. */
export interface Observed {
  value: string;
  kind?: ObservationKind;
  confidence?: number;
}

/** The value an `ended` observation of X creates: some value other than X, not yet named. */
export const unnamedOf = (x: string): string => `not ${x}`;

/** The kind and confidence an update uses after the options (ablations) are applied. */
export function effective(o: Observed, p: Pick<UpdateParams, "useKinds" | "useConfidence">): { value: string; kind: ObservationKind; c: number } {
  const c = p.useConfidence ? (o.confidence ?? 1) : 1;
  const kind = o.kind ?? "state";
  if (p.useKinds) return { value: o.value, kind, c };
  return { value: kind === "ended" ? unnamedOf(o.value) : o.value, kind: "state", c };
}

/**
 * Surprise in bits of an observation of any kind: −log₂ P(value) for a positive one, −log₂(1 − P(X)) for `ended` X.
 *
 * @example
 * observationSurprise({ bakery: 3 }, { value: "bakery", kind: "ended" }, 1); // −log2(1 − 3/4) = 2
 */
export function observationSurprise(counts: Counts, o: Observed, newValueMass: number, p: Pick<UpdateParams, "useKinds" | "useConfidence"> = { useKinds: true, useConfidence: true }): number {
  const e = effective(o, p);
  if (e.kind !== "ended") return surprise(counts, e.value, newValueMass);
  const a = total(counts);
  const seen = Object.prototype.hasOwnProperty.call(counts, e.value);
  const px = (seen ? counts[e.value] : newValueMass) / (a + newValueMass);
  return 0 - Math.log2(1 - px) + 0;
}

/**
 * One observation of any kind and confidence (see the file's header); returns the new counts and unnamed values
 * (the inputs are not changed).
 *
 * @example
 * observe({ bakery: 5 }, new Set(), { value: "library", kind: "change" }, { reliability: 0.8, newValueMass: 1, rule: "bayes", useKinds: true, useConfidence: true });
 * // counts { bakery: 1.2, library: 4.8 }: after a reported change the new value holds p = r
 */
export function observe(counts: Counts, unnamed: ReadonlySet<string>, o: Observed, p: UpdateParams): { counts: Counts; unnamed: Set<string> } {
  const e = effective(o, p);
  const names = new Set(unnamed);
  const a = total(counts);
  if (p.rule === "last-write-wins") {
    const v = e.kind === "ended" ? unnamedOf(e.value) : e.value;
    const kept = new Set([...names].filter((u) => u === v));
    if (e.kind === "ended") kept.add(v);
    return { counts: { [v]: a + 1 }, unnamed: kept };
  }
  const r = p.reliability;
  if (!(r > 0 && r < 1)) throw new RangeError(`reliability must be in (0, 1), got ${r}`);
  const prior: Counts = { ...counts };
  const has = (v: string) => Object.prototype.hasOwnProperty.call(prior, v);
  let lik: (v: string) => number;
  if (e.kind === "ended") {
    const u = unnamedOf(e.value);
    if (!has(e.value)) prior[e.value] = p.newValueMass;
    if (!has(u)) prior[u] = p.newValueMass;
    names.add(u);
    lik = (v) => (v === e.value ? 1 - r : r);
  } else {
    if (!has(e.value)) prior[e.value] = a === 0 ? 1 : e.c * p.newValueMass;
    for (const u of names) {
      if (u === unnamedOf(e.value) || !has(u)) continue;
      const m = e.c * prior[u];
      prior[u] -= m;
      prior[e.value] += m;
    }
    if (e.kind === "change" || e.kind === "planned") {
      const keys = Object.keys(prior);
      const sum = total(prior);
      for (const v of keys) prior[v] = sum * ((1 - e.c) * (prior[v] / sum) + e.c / keys.length);
    }
    const n = Object.keys(prior).length;
    const other = n > 1 ? (1 - r) / (n - 1) : 0;
    lik = (v) => (v === e.value ? r : other);
  }
  let z = 0;
  const post: Counts = {};
  for (const v of Object.keys(prior)) {
    const w = Math.pow(lik(v), e.c) * prior[v];
    post[v] = w;
    z += w;
  }
  for (const v of Object.keys(post)) post[v] = ((a + e.c) * post[v]) / z;
  // an unnamed value wholly taken by the value that named it leaves the vocabulary
  for (const u of [...names]) if (Object.prototype.hasOwnProperty.call(post, u) && !(post[u] > 1e-12)) {
    delete post[u];
    names.delete(u);
  }
  return { counts: post, unnamed: names };
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
export function decay(counts: Counts, dtMs: number, halfLifeDays: number, target: "uniform" | "prior" = "uniform"): Counts {
  const values = Object.keys(counts);
  if (!(dtMs > 0) || values.length === 0 || (target === "uniform" && values.length < 2)) return counts;
  const w = Math.pow(2, -dtMs / DAY_MS / halfLifeDays);
  const out: Counts = {};
  if (target === "prior") {
    for (const v of values) out[v] = w * counts[v];
    return out;
  }
  const a = total(counts);
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
