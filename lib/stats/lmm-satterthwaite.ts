/**
 * Satterthwaite's degrees of freedom for the fixed effects of a linear mixed model, as lmerTest
 * computes them.
 *
 * The variance parameters are φ = (θ, σ). The deviance as a function of φ (β profiled out) is
 *   dev(φ) = log|L|² + r²/σ² + n log(2πσ²)            (ML)
 *   dev(φ) + log|RX|² − p log(2πσ²)                    (REML),
 * its Hessian H at φ̂ gives cov(φ̂) ≈ 2 H⁺ (Moore–Penrose inverse, eigenvalues ≤ 1e-8 dropped), and
 * for a contrast ℓ (here each unit vector) with v(φ) = ℓᵀ σ² (XᵀV⁻¹X)⁻¹ ℓ,
 *   df = 2 v² / (∇vᵀ cov(φ̂) ∇v).
 * Derivatives are numerical (Richardson extrapolation, as numDeriv).
 */
import { cholInverse, pinvSymmetric } from "./linalg.js";
import { hessian, jacobian } from "./numderiv.js";
import type { Profiler } from "./lmm-deviance.js";

/** Inputs of {@link satterthwaite}. */
export interface SatterthwaiteInput {
  profiler: Profiler;
  theta: readonly number[];
  sigma: number;
  n: number;
  p: number;
  reml: boolean;
}

/** Per-coefficient Satterthwaite df and the covariance of the variance parameters (θ, σ). */
export interface SatterthwaiteResult {
  df: number[];
  /** cov of (θ, σ) = 2 H⁺, row-major. */
  vcovVarpar: number[][];
}

/** Deviance as a function of (θ, σ), as lmerTest's `devfun_vp`. */
export function varparDeviance(profiler: Profiler, n: number, p: number, reml: boolean): (vp: number[]) => number {
  return (vp) => {
    const sigma = vp[vp.length - 1]!, s2 = sigma * sigma;
    const pr = profiler.evaluate(vp.slice(0, -1));
    let dev = pr.ldL2 + pr.pwrss / s2 + n * Math.log(2 * Math.PI * s2);
    if (reml) dev += pr.ldRX2 - p * Math.log(2 * Math.PI * s2);
    return dev;
  };
}

/** The diagonal of vcov(β) = σ² (RX RXᵀ)⁻¹ as a function of (θ, σ). */
function vcovDiag(profiler: Profiler, p: number): (vp: number[]) => number[] {
  return (vp) => {
    const sigma = vp[vp.length - 1]!;
    const pr = profiler.evaluate(vp.slice(0, -1));
    const inv = cholInverse(pr.RX, p);
    return Array.from({ length: p }, (_, j) => sigma * sigma * inv[j * p + j]!);
  };
}

/**
 * Satterthwaite df for each fixed effect.
 *
 * @example
 * satterthwaite({ profiler, theta: fit.theta, sigma: fit.sigma, n, p, reml: true }).df;
 */
export function satterthwaite(inp: SatterthwaiteInput): SatterthwaiteResult {
  const { profiler, theta, sigma, n, p, reml } = inp;
  const vp = [...theta, sigma];
  const m = vp.length;
  const H = hessian(varparDeviance(profiler, n, p, reml), vp);
  const flat = new Float64Array(m * m);
  for (let i = 0; i < m; i++) for (let j = 0; j < m; j++) flat[i * m + j] = (H[i]![j]! + H[j]![i]!) / 2;
  const Hinv = pinvSymmetric(flat, m, 1e-8);
  const A: number[][] = Array.from({ length: m }, (_, i) => Array.from({ length: m }, (_, j) => 2 * Hinv[i * m + j]!));
  const J = jacobian(vcovDiag(profiler, p), vp); // p × m
  const v = vcovDiag(profiler, p)(vp);
  const df = v.map((vj, j) => {
    const g = J[j]!;
    let denom = 0;
    for (let a = 0; a < m; a++) for (let b = 0; b < m; b++) denom += g[a]! * A[a]![b]! * g[b]!;
    return (2 * vj * vj) / denom;
  });
  return { df, vcovVarpar: A };
}
