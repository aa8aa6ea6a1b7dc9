/**
 * The checks lme4 makes on a mixed-model fit, with lme4's messages (lme4 1.1-31 `checkConv`, `checkHess`,
 * `checkScaleX`, `check.nobs.vs.nRE`), for `lmm` and `glmm` to put in their `warnings`:
 * - a singular fit ("boundary (singular) fit: see help('isSingular')"), after which lme4 checks nothing more;
 * - the scaled gradient, max(min(|solve(chol(H), g)|, |g|)) against 0.002 ("Model failed to converge with max|grad|");
 * - the Hessian's eigenvalues (tolerance 1e-6): negative ones, a (numerically) singular Hessian, a very large one, a
 *   large ratio ("Model is nearly unidentifiable … Rescale variables?");
 * - predictors on very different scales (standard deviations of the non-0/1 columns of X, or their ratios, beyond
 *   1000×), with the rescaling hint;
 * - as many random effects as observations.
 */
import type { ReTerm } from "./design.js";
import { cholesky } from "./pirls.js";
import { symmetricEigen } from "./glmm-optimize.js";

/** lme4's default tolerance of `check.conv.grad`. */
export const GRAD_TOL = 2e-3;
/** lme4's default tolerance of `check.conv.hess`. */
export const HESS_TOL = 1e-6;

/** C's `%g` (six significant digits, trailing zeros dropped), as R's `gettextf("%g")` prints lme4's numbers. */
export function formatG(x: number): string {
  if (x === 0 || !Number.isFinite(x)) return String(x);
  const e = Number(x.toExponential(5).split("e")[1]);
  if (e < -4 || e >= 6) {
    const [m, ex] = x.toExponential(5).split("e");
    const mant = m!.includes(".") ? m!.replace(/0+$/, "").replace(/\.$/, "") : m!;
    const sign = ex!.startsWith("-") ? "-" : "+";
    return `${mant}e${sign}${ex!.replace(/^[+-]/, "").padStart(2, "0")}`;
  }
  const s = x.toPrecision(6);
  return s.includes(".") ? s.replace(/0+$/, "").replace(/\.$/, "") : s;
}

/** solve(chol(H), g) over the parameters with finite derivatives; undefined when H is not positive definite. */
function scaledGradientOf(g: readonly number[], H: readonly (readonly number[])[], keep: readonly number[]): number[] | undefined {
  const d = keep.length;
  try {
    const L = cholesky(keep.flatMap((a) => keep.map((b) => H[a]![b]!)), d);
    const x = keep.map((j) => g[j]!);
    for (let i = d - 1; i >= 0; i--) { let s = x[i]!; for (let k = i + 1; k < d; k++) s -= L[k * d + i]! * x[k]!; x[i] = s / L[i * d + i]!; }
    return x;
  } catch { return undefined; }
}

/**
 * The scaled gradient of a fit: `scaledGradient` is max |solve(chol(H), g)| (the raw gradient when H is not positive
 * definite); `maxGrad` is what lme4 compares with the tolerance and prints, max(min(|solve(chol(H), g)|, |g|)), and
 * `component` the (1-based) parameter where it is largest. Parameters whose derivatives are not finite (on a boundary)
 * are left out.
 *
 * @example
 * checkConvergence({ gradient: [1e-4, 2e-3], hessian: [[2, 0], [0, 0.5]] }); // { maxGrad: 0.002 … ok: true … }
 */
export function checkConvergence(fit: { gradient: readonly number[]; hessian: readonly (readonly number[])[] }): { scaledGradient: number; maxGrad: number; component: number; tol: number; ok: boolean; cholesky: boolean } {
  const keep = fit.gradient.map((_, j) => j).filter((j) => Number.isFinite(fit.gradient[j]!) && fit.hessian[j]!.every((v, k) => !Number.isFinite(fit.gradient[k]!) || Number.isFinite(v)));
  const g = keep.map((j) => fit.gradient[j]!);
  const sc = scaledGradientOf(fit.gradient, fit.hessian, keep);
  const scaledGradient = Math.max(0, ...(sc ?? g).map(Math.abs));
  let maxGrad = 0, component = 0;
  (sc ?? g).forEach((v, i) => {
    const m = Math.min(Math.abs(v), Math.abs(g[i]!));
    if (m > maxGrad) { maxGrad = m; component = keep[i]! + 1; }
  });
  return { scaledGradient, maxGrad, component, tol: GRAD_TOL, ok: maxGrad < GRAD_TOL, cholesky: sc !== undefined };
}

/**
 * lme4's `checkHess` on the Hessian over the free parameters, its messages word for word: negative eigenvalues, a
 * numerically singular Hessian, a very large eigenvalue, a large eigenvalue ratio.
 */
export function hessianMessages(hessian: readonly (readonly number[])[], free: readonly number[], tol = HESS_TOL): string[] {
  if (free.length === 0) return [];
  const H = free.map((a) => free.map((b) => hessian[a]![b]!));
  if (H.some((r) => r.some((v) => !Number.isFinite(v)))) return ["Problem with Hessian check (infinite or missing values?)"];
  const ev = symmetricEigen(H).values;
  const negative = ev.filter((v) => v < -tol).length;
  if (negative > 0) return [`Model failed to converge: degenerate  Hessian with ${negative} negative eigenvalues`];
  let chol = true;
  try { cholesky(H.flat(), H.length); } catch { chol = false; }
  if (ev.some((v) => Math.abs(v) < tol) || !chol) return [" Hessian is numerically singular: parameters are not uniquely determined"];
  const max = Math.max(...ev), min = Math.min(...ev);
  const out: string[] = [];
  if (max * tol > 1) out.push("Model is nearly unidentifiable: very large eigenvalue\n - Rescale variables?");
  if (min / max < tol) out.push("Model is nearly unidentifiable: large eigenvalue ratio\n - Rescale variables?");
  return out;
}

/**
 * lme4's `checkScaleX`: the standard deviations of X's columns that are not all 0/1, any of them or any ratio of two
 * beyond `tol` (1000) in either direction, give "Some predictor variables are on very different scales: consider
 * rescaling"; `hint` is appended.
 */
export function scaleMessage(X: Float64Array, n: number, p: number, hint = "", tol = 1000): string | undefined {
  const sds: number[] = [];
  for (let j = 0; j < p; j++) {
    let binary = true, m = 0;
    for (let i = 0; i < n; i++) { const v = X[i * p + j]!; if (v !== 0 && v !== 1) binary = false; m += v; }
    if (binary) continue;
    m /= n;
    let s = 0;
    for (let i = 0; i < n; i++) s += (X[i * p + j]! - m) ** 2;
    sds.push(Math.sqrt(s / (n - 1)));
  }
  const lt = Math.log(tol);
  const bad = sds.some((a) => Math.abs(Math.log(a)) > lt) || sds.some((a, i) => sds.some((b, k) => k < i && Math.abs(Math.log(a / b)) > lt));
  return bad ? `Some predictor variables are on very different scales: consider rescaling${hint}` : undefined;
}

/**
 * lme4's `check.nobs.vs.nRE`: a random-effect term with at least as many random effects as observations cannot be
 * told apart from the residual (or the observation-level variation).
 */
export function identifiability(n: number, terms: readonly Pick<ReTerm, "group" | "termNames" | "nLevels">[]): string[] {
  const out: string[] = [];
  for (const t of terms) {
    const q = t.nLevels * t.termNames.length;
    if (q >= n) out.push(`number of observations (${n}) <= number of random effects (${q}) for term (${t.termNames.join(" + ")} | ${t.group}); the random-effects parameters are probably unidentifiable`);
  }
  return out;
}

/** What {@link convergenceMessages} needs of a fit. */
export interface ConvergenceInput {
  singular: boolean;
  /** θ elements on the boundary, named (`g (Intercept)`), for the singular-fit message. */
  boundary: readonly string[];
  /** Gradient and Hessian of the deviance over the parameters lme4 checks (θ for lmer, θ and β for glmer). */
  gradient: readonly number[];
  hessian: readonly (readonly number[])[];
}

/**
 * The messages of lme4's `checkConv`, in its order: a singular fit gives only its own message (lme4 stops there);
 * otherwise the scaled-gradient check ("unable to evaluate scaled gradient" when the Hessian has no Cholesky factor)
 * and then the Hessian check.
 *
 * @example
 * convergenceMessages({ singular: true, boundary: ["g (Intercept)"], gradient: [], hessian: [] });
 * // ["boundary (singular) fit: see help('isSingular') (estimated at the boundary: g (Intercept))"]
 */
export function convergenceMessages(c: ConvergenceInput): string[] {
  if (c.singular) return [`boundary (singular) fit: see help('isSingular') (estimated at the boundary: ${c.boundary.join(", ")})`];
  if (c.gradient.length === 0) return [];
  const out: string[] = [];
  const conv = checkConvergence(c);
  if (!conv.cholesky) out.push("unable to evaluate scaled gradient");
  else if (!conv.ok) out.push(`Model failed to converge with max|grad| = ${formatG(conv.maxGrad)} (tol = ${formatG(conv.tol)}, component ${conv.component})`);
  const free = c.gradient.map((_, j) => j).filter((j) => Number.isFinite(c.gradient[j]!));
  out.push(...hessianMessages(c.hessian, free));
  return out;
}

/**
 * The diagonal θ elements below lme4's singular tolerance (1e-4), named `group term`: θ holds each term's lower
 * triangle column by column, terms in `terms` order (lme4's).
 */
export function boundaryNames(terms: readonly Pick<ReTerm, "group" | "termNames">[], theta: readonly number[], tol = 1e-4): string[] {
  const out: string[] = [];
  let j = 0;
  for (const t of terms) {
    const k = t.termNames.length;
    for (let c = 0; c < k; c++) for (let r = c; r < k; r++, j++) if (r === c && theta[j]! < tol) out.push(`${t.group} ${t.termNames[c]}`);
  }
  return out;
}
