/**
 * McDonald's ω total of a scale, as `psych::omega(x, nfactors = 1)$omega.tot`: psych's one-factor minres solution on
 * the item correlations (pairwise by default), with psych's `flip` of negatively loading items. Items without variance
 * are dropped with a warning, as `cronbachAlpha` (psych::omega itself fails on them: their correlations are NA).
 */
import { z } from "zod";
import { DataError, StatsError } from "../core/errors.js";
import { cholesky, cholInverse } from "./linalg.js";
import { minimize } from "./optimize.js";
import { reportWarnings } from "./warnings.js";
import { completeRows, covariance, dropConstantItems, firstEigenvector, keysSchema, parseOptions, pearson, resolveKeys, toColumns, type AlphaItems, type ConstantItems, type Keys } from "./reliability-items.js";

/** Options of {@link omegaTotal}. */
export interface OmegaOptions {
  /** Missing values: `"pairwise"` (default, as psych) or `"complete"`. */
  use?: "pairwise" | "complete";
  /** Reverse-keyed items (as in {@link cronbachAlpha}); without keys, items loading negatively are reversed (psych's `flip`). */
  keys?: Keys;
  /** Items without variance: `"drop"` (default) with a warning naming each, or `"error"`. */
  constant?: ConstantItems;
}

/** Result of {@link omegaTotal}. */
export interface OmegaResult {
  /** McDonald's ω total: (ΣR − Σu²) / ΣR on the keyed correlation matrix. */
  omegaTotal: number;
  /** Loadings of the one-factor minres solution, by item (signed as psych: their sum positive). */
  loadings: Record<string, number>;
  /** Uniquenesses u² = 1 − λ². */
  uniquenesses: Record<string, number>;
  /** Items reversed (given keys, or flipped for a negative loading). */
  reversed: string[];
  k: number;
  /** Items used (without the dropped ones). */
  items: string[];
  /** Items left out for having no variance. */
  dropped: string[];
  /** Items dropped, one line each; printed in notebooks. */
  warnings: string[];
  /** Objective evaluations of the minres fit. */
  iterations: number;
}

const omegaSchema = z.strictObject({ use: z.enum(["pairwise", "complete"]).default("pairwise"), keys: keysSchema.optional(), constant: z.enum(["drop", "error"]).default("drop") });

/**
 * McDonald's ω total from a one-factor model, as `psych::omega(x, nfactors = 1)$omega.tot`: psych's minimum-residual
 * (minres) factor analysis of the correlation matrix R (pairwise by default): uniquenesses ψ ∈ [0.005, 1] minimising
 * the off-diagonal squared residuals of R with diagonal 1 − ψ against its first principal axis l lᵀ; then
 * ω_t = (ΣR* − Σ(1 − l_i²)) / ΣR*, R* the correlation matrix with items of negative loading reversed (psych's
 * `flip`), or keyed by `keys` when given. psych's L-BFGS-B stops about 1e-8 (in ω_t) from the minimum found here.
 *
 * @throws {DataError}, {StatsError}, {ConfigError} as `cronbachAlpha` (fewer than three items left is a DataError).
 * @example
 * omegaTotal({ A1: [...], A2: [...], A3: [...], A4: [...], A5: [...] }).omegaTotal; // as psych::omega(x, nfactors = 1)$omega.tot
 */
export function omegaTotal(items: AlphaItems, opts: OmegaOptions = {}): OmegaResult {
  const o = parseOptions("omegaTotal", omegaSchema, opts);
  const given = toColumns("omegaTotal", items);
  const givenKeys = resolveKeys("omegaTotal", o.keys, given.names);
  const { names, cols, dropped, warnings } = dropConstantItems("omegaTotal", given.names, given.cols, o.constant);
  const k = names.length;
  if (k < 3) throw new DataError({ field: "items", message: `omegaTotal: ${k} item(s) ${dropped.length ? `left after dropping ${dropped.map((d) => `"${d}"`).join(", ")} (no variance)` : "given"}`, fix: "a one-factor model needs at least three items with varying scores" });
  const rows = o.use === "complete" ? completeRows(cols) : undefined;
  const C = covariance(cols, rows);
  names.forEach((nm, j) => {
    if (!(C[j]![j]! > 0)) throw new StatsError(`omegaTotal: item "${nm}" has zero variance over the complete rows`, 'use: "pairwise", or drop the item');
  });
  // As R's cor(x, use = "pairwise"): each correlation from the rows where both items are present.
  const R = names.map((_, a) => names.map((__, b) => (a === b ? 1 : pearson(cols[a]!, cols[b]!, rows))));
  // psych's fa(fm = "minres"): minimise over the uniquenesses ψ ∈ [0.005, 1] the sum of squared off-diagonal residuals
  // of S(ψ) = R with diagonal 1 − ψ against its best rank-one approximation l lᵀ (l the first eigenvector of S(ψ)
  // scaled by the root of its eigenvalue), starting from 1 − SMC; the loadings are l at the minimum.
  const rankOne = (psi: readonly number[]): { l: number[]; f: number } => {
    const S = R.map((r, a) => r.map((x, b) => (a === b ? 1 - psi[a]! : x)));
    const v = firstEigenvector(S);
    let e = 0;
    for (let a = 0; a < k; a++) for (let b = 0; b < k; b++) e += v[a]! * S[a]![b]! * v[b]!;
    const l = v.map((x) => x * Math.sqrt(Math.max(e, 0)));
    let f = 0;
    for (let a = 0; a < k; a++) for (let b = 0; b < k; b++) if (a !== b) f += (S[a]![b]! - l[a]! * l[b]!) ** 2;
    return { l, f };
  };
  const Rinv = cholInverse(cholesky(Float64Array.from(R.flat()), k, "omegaTotal: correlation matrix"), k);
  const start = names.map((_, i) => Math.min(1, Math.max(0.005, 1 / Rinv[i * k + i]!)));
  const opt = minimize((psi) => rankOne(psi).f, start, { lower: names.map(() => 0.005), upper: names.map(() => 1), ftol: 1e-16, xtol: 1e-11, maxEval: 20000 });
  const lam = rankOne(opt.x).l;
  const it = opt.evals;
  if (lam.reduce((s, x) => s + x, 0) < 0) for (let i = 0; i < k; i++) lam[i] = -lam[i]!;
  const keys = givenKeys?.filter((_, j) => !dropped.includes(given.names[j]!)) ?? lam.map((x) => (x < 0 ? -1 : 1));
  let vt = 0;
  for (let a = 0; a < k; a++) for (let b = 0; b < k; b++) vt += R[a]![b]! * keys[a]! * keys[b]!;
  const u2 = lam.map((x) => 1 - x * x);
  const uniq = u2.reduce((s, x) => s + x, 0);
  reportWarnings("omegaTotal", warnings);
  return {
    omegaTotal: (vt - uniq) / vt,
    loadings: Object.fromEntries(names.map((nm, i) => [nm, lam[i]!])),
    uniquenesses: Object.fromEntries(names.map((nm, i) => [nm, u2[i]!])),
    reversed: names.filter((_, i) => keys[i]! < 0), k, items: names, dropped, warnings, iterations: it,
  };
}
