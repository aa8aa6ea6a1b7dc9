/**
 * Finite-difference derivatives and a Newton minimiser for the GLMM deviance.
 *
 * `deriv12` is lme4's `deriv12`: central differences with step δ = 1e-4 for the gradient and the
 * Hessian (the Hessian glmer's standard errors come from). `newtonFD` minimises a smooth function
 * with Newton steps on that gradient and Hessian (shifted to positive definite when needed) and
 * step halving; the GLMM deviance is even in each diagonal element of Λ's factors, so θ needs no
 * bounds here (signs are normalised afterwards).
 */
import { cholesky } from "./pirls.js";

/** Gradient and Hessian of `f` at `x` by central differences (lme4's deriv12, without bounds). */
export function deriv12(f: (x: number[]) => number, x: readonly number[], delta = 1e-4, fx = f([...x])): { gradient: number[]; hessian: number[][] } {
  const d = x.length;
  const g = new Array<number>(d).fill(0);
  const H = Array.from({ length: d }, () => new Array<number>(d).fill(0));
  const at = (changes: Array<[number, number]>): number => {
    const y = [...x];
    for (const [j, s] of changes) y[j] = x[j]! + s * delta;
    return f(y);
  };
  for (let j = 0; j < d; j++) {
    const fa = at([[j, 1]]), fs = at([[j, -1]]);
    H[j]![j] = (fa - 2 * fx + fs) / (delta * delta);
    g[j] = (fa - fs) / (2 * delta);
    for (let i = 0; i < j; i++) {
      const v = (at([[i, 1], [j, 1]]) - at([[i, 1], [j, -1]]) - at([[i, -1], [j, 1]]) + at([[i, -1], [j, -1]])) / (4 * delta * delta);
      H[i]![j] = H[j]![i] = v;
    }
  }
  return { gradient: g, hessian: H };
}

/** Result of {@link newtonFD}. */
export interface NewtonResult {
  x: number[];
  f: number;
  gradient: number[];
  hessian: number[][];
  iterations: number;
  evals: number;
  /** Newton decrement gᵀH⁻¹g at the end (deviance units). */
  decrement: number;
  converged: boolean;
}

/** Solves (H + λI) d = −g with the smallest λ ≥ 0 (from a short ladder) that makes H + λI positive definite. */
function newtonStep(H: number[][], g: number[]): number[] {
  const d = g.length;
  let scale = 0;
  for (let j = 0; j < d; j++) scale = Math.max(scale, Math.abs(H[j]![j]!));
  for (const lam of [0, 1e-8, 1e-6, 1e-4, 1e-2, 1, 100].map((v) => v * (scale || 1))) {
    const M = new Float64Array(d * d);
    for (let i = 0; i < d; i++) for (let j = 0; j < d; j++) M[i * d + j] = H[i]![j]! + (i === j ? lam : 0);
    let L: Float64Array;
    try { L = cholesky(M, d); } catch { continue; }
    const v = g.map((x) => -x);
    for (let i = 0; i < d; i++) { let s = v[i]!; for (let k = 0; k < i; k++) s -= L[i * d + k]! * v[k]!; v[i] = s / L[i * d + i]!; }
    for (let i = d - 1; i >= 0; i--) { let s = v[i]!; for (let k = i + 1; k < d; k++) s -= L[k * d + i]! * v[k]!; v[i] = s / L[i * d + i]!; }
    return v;
  }
  const gs = Math.sqrt(g.reduce((a, b) => a + b * b, 0)) || 1;
  return g.map((x) => -x / gs);
}

/**
 * Minimises a smooth `f` by Newton's method with finite-difference derivatives (δ = `delta`).
 * Stops when the Newton decrement is below `tol` or a step cannot reduce `f`.
 *
 * @example
 * newtonFD(([a, b]) => (a - 1) ** 2 + 3 * (b + 2) ** 2, [0, 0]).x; // ≈ [1, -2]
 */
export function newtonFD(f: (x: number[]) => number, x0: readonly number[], opts: { delta?: number; tol?: number; maxIter?: number } = {}): NewtonResult {
  const delta = opts.delta ?? 1e-4;
  const tol = opts.tol ?? 1e-10;
  const maxIter = opts.maxIter ?? 100;
  let evals = 0;
  const fn = (x: number[]): number => { evals++; return f(x); };
  let x = [...x0];
  let fx = fn(x);
  let it = 0;
  for (;;) {
    it++;
    const { gradient, hessian } = deriv12(fn, x, delta, fx);
    const step = newtonStep(hessian, gradient);
    const decrement = -step.reduce((s, v, j) => s + v * gradient[j]!, 0);
    if (decrement < tol || it > maxIter) {
      return { x, f: fx, gradient, hessian, iterations: it, evals, decrement, converged: decrement < tol };
    }
    let t = 1;
    let moved = false;
    for (let h = 0; h < 40; h++, t /= 2) {
      const y = x.map((v, j) => v + t * step[j]!);
      const fy = fn(y);
      if (Number.isFinite(fy) && fy <= fx - 1e-4 * t * decrement) { x = y; fx = fy; moved = true; break; }
    }
    if (!moved) return { x, f: fx, gradient, hessian, iterations: it, evals, decrement, converged: decrement < 1e-6 };
  }
}
