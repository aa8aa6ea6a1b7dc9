/**
 * The inner minimisations of a profile: at each value v of the held parameter the deviance is minimised over the
 * others, starting from the minimiser at the nearest values already done (extrapolated linearly from the two nearest,
 * as the profile trace is smooth) with the last quasi-Newton matrix, so a point costs a few gradients. BFGS on
 * central-difference gradients (step 1e-4, lme4's deriv12 step), stopped when the Newton decrement gᵀB⁻¹g is below
 * 1e-10; where it meets a non-finite value (a correlation beyond ±1) or leaves the bounds, projected Nelder–Mead with
 * polishing (`minimize`) takes over.
 */
import { deriv12 } from "./glmm-optimize.js";
import { minimize } from "./optimize.js";

/** A minimiser found at a held value, and the quasi-Newton matrix there. */
interface Seen { v: number; x: number[]; B?: number[][] }

/** Warm starts for the minimisations along one profile. */
export interface WarmStarts {
  from(v: number): { x: number[]; B?: number[][] };
  keep(v: number, x: number[], B?: number[][]): void;
}

/**
 * Remembers the minimiser at each value held; a new value starts from the nearest (extrapolated from the two nearest).
 *
 * @example
 * const w = warmStarts([0, 0]); w.keep(1, [1, 2]); w.keep(2, [2, 4]); w.from(3).x; // [3, 6]
 */
export function warmStarts(start: number[]): WarmStarts {
  const seen: Seen[] = [];
  return {
    from: (v) => {
      if (seen.length === 0) return { x: [...start] };
      const near = [...seen].sort((a, b) => Math.abs(a.v - v) - Math.abs(b.v - v));
      const a = near[0]!, b = near[1];
      if (!b || a.v === b.v || Math.abs(v - a.v) > 4 * Math.abs(a.v - b.v)) return { x: [...a.x], ...(a.B ? { B: a.B } : {}) };
      const t = (v - a.v) / (a.v - b.v);
      return { x: a.x.map((xa, k) => xa + t * (xa - b.x[k]!)), ...(a.B ? { B: a.B } : {}) };
    },
    keep: (v, x, B) => { seen.push({ v, x: [...x], ...(B ? { B } : {}) }); },
  };
}

/** Solves B p = −g by Cholesky; undefined when B is not positive definite. */
function newtonStep(B: number[][], g: number[]): number[] | undefined {
  const d = g.length;
  const L = B.map((r) => [...r]);
  for (let j = 0; j < d; j++) {
    let s = L[j]![j]!;
    for (let k = 0; k < j; k++) s -= L[j]![k]! ** 2;
    if (!(s > 0)) return undefined;
    L[j]![j] = Math.sqrt(s);
    for (let i = j + 1; i < d; i++) { let t = L[i]![j]!; for (let k = 0; k < j; k++) t -= L[i]![k]! * L[j]![k]!; L[i]![j] = t / L[j]![j]!; }
  }
  const y = g.map((v) => -v);
  for (let i = 0; i < d; i++) { for (let k = 0; k < i; k++) y[i] -= L[i]![k]! * y[k]!; y[i] /= L[i]![i]!; }
  for (let i = d - 1; i >= 0; i--) { for (let k = i + 1; k < d; k++) y[i] -= L[k]![i]! * y[k]!; y[i] /= L[i]![i]!; }
  return y;
}

/** BFGS from x0 with matrix B0 (deriv12's Hessian when none); undefined when it meets a non-finite value. */
function bfgs(f: (x: number[]) => number, x0: number[], B0: number[][] | undefined): { x: number[]; f: number; B: number[][] } | undefined {
  const h = 1e-4;
  let x = [...x0], fx = f(x);
  if (!Number.isFinite(fx)) return undefined;
  const grad = (y: number[]): number[] => y.map((_, j) => { const a = [...y], b = [...y]; a[j] += h; b[j] -= h; return (f(a) - f(b)) / (2 * h); });
  let B = B0 ? B0.map((r) => [...r]) : deriv12(f, x, h, fx).hessian;
  let g = grad(x);
  for (let it = 0; it < 60; it++) {
    if (!g.every(Number.isFinite)) return undefined;
    let p = newtonStep(B, g);
    if (!p) { B = deriv12(f, x, h, fx).hessian; p = newtonStep(B, g); }
    if (!p) return undefined;
    const dec = -g.reduce((s, v, k) => s + v * p![k]!, 0);
    if (dec < 1e-10) return { x, f: fx, B };
    let alpha = 1, xn: number[] = x, fn = Infinity;
    for (let ls = 0; ls < 30; ls++) {
      xn = x.map((v, k) => v + alpha * p![k]!);
      fn = f(xn);
      if (Number.isFinite(fn) && fn <= fx - 1e-4 * alpha * dec) break;
      alpha /= 2;
    }
    if (!(Number.isFinite(fn) && fn <= fx)) return { x, f: fx, B };
    const gn = grad(xn);
    const s = xn.map((v, k) => v - x[k]!), yv = gn.map((v, k) => v - g[k]!);
    const sy = s.reduce((a, v, k) => a + v * yv[k]!, 0);
    const Bs = B.map((r) => r.reduce((a, v, k) => a + v * s[k]!, 0));
    const sBs = s.reduce((a, v, k) => a + v * Bs[k]!, 0);
    if (sy > 1e-12 * Math.sqrt(s.reduce((a, v) => a + v * v, 0) * yv.reduce((a, v) => a + v * v, 0)) && sBs > 0) {
      B = B.map((r, i) => r.map((v, j) => v + (yv[i]! * yv[j]!) / sy - (Bs[i]! * Bs[j]!) / sBs));
    }
    x = xn; fx = fn; g = gn;
  }
  return { x, f: fx, B };
}

/**
 * Minimises f from `start` (BFGS with the warm matrix, then projected Nelder–Mead if needed) within [lower, upper].
 *
 * @example
 * minimizeFrom(([a]) => (a - 2) ** 2, { x: [0] }, [-Infinity], [Infinity]).x; // ≈ [2]
 */
export function minimizeFrom(f: (x: number[]) => number, start: { x: number[]; B?: number[][] }, lower: number[], upper: number[]): { x: number[]; f: number; B?: number[][] } {
  const inside = (x: readonly number[]): boolean => x.every((v, k) => v >= lower[k]! && v <= upper[k]!);
  if (start.x.length === 0) return { x: [], f: f([]) };
  const fb = (x: number[]): number => (inside(x) ? f(x) : Infinity);
  const q = bfgs(fb, start.x, start.B);
  if (q) return q;
  const x0 = start.x.map((v, k) => Math.min(upper[k]!, Math.max(lower[k]!, v)));
  const r = minimize(f, x0, { lower, upper, ftol: 1e-12, xtol: 1e-9, maxEval: 8000 });
  return { x: r.x, f: r.f };
}
