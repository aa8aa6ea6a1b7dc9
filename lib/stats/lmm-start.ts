/**
 * A start for θ of a model with several random-effect terms (crossed or nested), from one cheap fit per term: each
 * term alone, `y ~ X + (term)`, on the block-diagonal back end (an evaluation costs O(levels), not a factorisation).
 * Term t fitted alone takes on part of the others: its random effects absorb a share a_tu of term u's variance, the
 * mean of u's effects within a level of t, with a_tu = 1 / (levels of u met by a level of t) (1 when t is nested in u,
 * 1/m when u is m times finer and nested in t, small for crossed factors), and its residual the rest. With s_u the
 * variance term u adds to a row (tr(V_u M_u), M_u the mean of z zᵀ over the rows), the fitted shares satisfy
 * ŝ_t = s_t + Σ_{u≠t} a_tu s_u and σ̂_t² = σ² + Σ_{u≠t} (1 − a_tu) s_u: solved for s and σ², each term's fitted
 * covariance is scaled to its s_t and θ_t = chol(V_t/σ²). lme4 starts at θ = 1 on the diagonals; this start lies
 * much nearer the optimum for crossed subjects and items and for nested levels, so the trust region needs fewer of its
 * costly evaluations. The caller keeps whichever of the two starts has the lower deviance.
 */
import type { MixedDesign } from "./design.js";
import { blockProfiler, thetaLayout, type Profile } from "./lmm-deviance.js";
import { distinctPairs } from "./level-pairs.js";
import { minimize } from "./optimize.js";

/** The profiled deviance (ML or REML criterion) at θ, from its profile. */
export function profiledDeviance(pr: Profile, n: number, p: number, reml: boolean): number {
  if (reml) { const m = n - p; return pr.ldL2 + pr.ldRX2 + m * (1 + Math.log((2 * Math.PI * pr.pwrss) / m)); }
  return pr.ldL2 + n * (1 + Math.log((2 * Math.PI * pr.pwrss) / n));
}

/**
 * θ from each term fitted alone (undefined for a single term, or when a separate fit fails).
 *
 * @example
 * separateFitsStart(buildMixedDesign("y ~ x + (1 + x | s) + (1 | it)", rows), true); // [θ_s11, θ_s21, θ_s22, θ_it]
 */
export function separateFitsStart(design: MixedDesign, reml: boolean): number[] | undefined {
  const terms = design.reTerms;
  if (terms.length < 2) return undefined;
  const { n, p } = design;
  const fits: Array<{ V: number[][]; s2: number; k: number; M: number[][] }> = [];
  for (const t of terms) {
    const d1 = { ...design, reTerms: [t] };
    const pr = blockProfiler(d1);
    const lay = thetaLayout(d1);
    const opt = minimize((th) => profiledDeviance(pr.evaluate(th), n, p, reml), lay.start, { lower: lay.lower, ftol: 1e-6, xtol: 1e-4, maxEval: 2000 });
    const e = pr.evaluate(opt.x);
    const s2 = e.pwrss / (reml ? n - p : n);
    const k = t.termNames.length;
    const L = Array.from({ length: k }, () => new Array<number>(k).fill(0));
    let j = 0;
    for (let c = 0; c < k; c++) for (let r = c; r < k; r++) L[r]![c] = opt.x[j++]!;
    const V = L.map((_, a) => L.map((__, b) => { let s = 0; for (let m = 0; m < k; m++) s += L[a]![m]! * L[b]![m]!; return s * s2; }));
    const M = Array.from({ length: k }, (_, a) => Array.from({ length: k }, (__, b) => {
      let s = 0;
      for (let i = 0; i < n; i++) s += t.Zcols[a]![i]! * t.Zcols[b]![i]!;
      return s / n;
    }));
    if (!(s2 > 0) || !Number.isFinite(s2)) return undefined;
    fits.push({ V, s2, k, M });
  }
  const K = fits.length;
  const shareFit = fits.map((f) => { let v = 0; for (let a = 0; a < f.k; a++) for (let b = 0; b < f.k; b++) v += f.V[a]![b]! * f.M[b]![a]!; return v; });
  const a = absorbed(design);
  // ŝ = A s with A_tt = 1, A_tu = a_tu: Gaussian elimination with partial pivoting (K is small).
  const M = a.map((row, t) => [...row.map((v, u) => (t === u ? 1 : v)), shareFit[t]!]);
  for (let c = 0; c < K; c++) {
    let piv = c;
    for (let r = c + 1; r < K; r++) if (Math.abs(M[r]![c]!) > Math.abs(M[piv]![c]!)) piv = r;
    [M[c], M[piv]] = [M[piv]!, M[c]!];
    if (Math.abs(M[c]![c]!) < 1e-12) return undefined;
    for (let r = c + 1; r < K; r++) { const f = M[r]![c]! / M[c]![c]!; for (let j = c; j <= K; j++) M[r]![j] -= f * M[c]![j]!; }
  }
  const share = new Array<number>(K).fill(0);
  for (let r = K - 1; r >= 0; r--) { let v = M[r]![K]!; for (let j = r + 1; j < K; j++) v -= M[r]![j]! * share[j]!; share[r] = v / M[r]![r]!; }
  const floor = 1e-4 * Math.min(...fits.map((f) => f.s2));
  for (let t = 0; t < K; t++) share[t] = Math.max(share[t]!, floor);
  let sigma2 = fits.reduce((acc, f, t) => acc + f.s2 - share.reduce((x, su, u) => x + (u === t ? 0 : (1 - a[t]![u]!) * su), 0), 0) / K;
  sigma2 = Math.max(sigma2, 0.05 * Math.min(...fits.map((f) => f.s2)));
  fits.forEach((f, t) => { const sc = shareFit[t]! > 0 ? share[t]! / shareFit[t]! : 1; f.V = f.V.map((r) => r.map((v) => v * sc)); });
  const theta: number[] = [];
  for (const f of fits) {
    // θ_t = chol(V_t/σ²), lower triangle column by column; a column whose pivot vanishes stays 0.
    const A = f.V.map((r) => r.map((v) => v / sigma2));
    const L = Array.from({ length: f.k }, () => new Array<number>(f.k).fill(0));
    for (let c = 0; c < f.k; c++) {
      let d = A[c]![c]!;
      for (let m = 0; m < c; m++) d -= L[c]![m]! ** 2;
      if (!(d > 1e-12)) continue;
      L[c]![c] = Math.sqrt(d);
      for (let r = c + 1; r < f.k; r++) { let s = A[r]![c]!; for (let m = 0; m < c; m++) s -= L[r]![m]! * L[c]![m]!; L[r]![c] = s / L[c]![c]!; }
    }
    for (let c = 0; c < f.k; c++) for (let r = c; r < f.k; r++) theta.push(L[r]![c]!);
  }
  return theta.every(Number.isFinite) ? theta : undefined;
}

/**
 * a_tu = 1 / (mean number of levels of term u met by a level of term t): the share of u's variance that t's random
 * effects take on when t is fitted alone.
 */
function absorbed(design: MixedDesign): number[][] {
  const terms = design.reTerms, K = terms.length;
  const a = terms.map(() => new Array<number>(K).fill(1));
  for (let t = 0; t < K; t++) for (let u = t + 1; u < K; u++) {
    const pairs = distinctPairs(terms[t]!.groupIndex, terms[t]!.nLevels, terms[u]!.groupIndex, terms[u]!.nLevels);
    a[t]![u] = terms[t]!.nLevels / pairs;
    a[u]![t] = terms[u]!.nLevels / pairs;
  }
  return a;
}
