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

/** `f` at `x` moved by s·δ along coordinate j for each [j, s] of `changes`. */
function displaced(f: (x: number[]) => number, x: readonly number[], delta: number): (changes: Array<[number, number]>) => number {
  return (changes) => {
    const y = [...x];
    for (const [j, s] of changes) y[j] = x[j]! + s * delta;
    return f(y);
  };
}

/** Gradient and Hessian of `f` at `x` by central differences (lme4's deriv12, without bounds). */
export function deriv12(f: (x: number[]) => number, x: readonly number[], delta = 1e-4, fx = f([...x])): { gradient: number[]; hessian: number[][] } {
  const d = x.length;
  const g = new Array<number>(d).fill(0);
  const H = Array.from({ length: d }, () => new Array<number>(d).fill(0));
  const at = displaced(f, x, delta);
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

/**
 * Gradient and Hessian of `f` at `x` with 2d + d(d − 1)/2 evaluations instead of deriv12's 2d²: the gradient and the
 * diagonal by central differences, the cross terms by forward differences (f(x + δeᵢ + δeⱼ) − f(x + δeᵢ) −
 * f(x + δeⱼ) + f(x)) / δ², accurate to O(δ) rather than O(δ²). Good enough to set a Newton step, not to report.
 */
export function deriv12Forward(f: (x: number[]) => number, x: readonly number[], delta = 1e-4, fx = f([...x])): { gradient: number[]; hessian: number[][] } {
  const d = x.length;
  const g = new Array<number>(d).fill(0);
  const H = Array.from({ length: d }, () => new Array<number>(d).fill(0));
  const at = displaced(f, x, delta);
  const fp = new Array<number>(d).fill(0);
  for (let j = 0; j < d; j++) {
    const fa = at([[j, 1]]), fs = at([[j, -1]]);
    fp[j] = fa;
    H[j]![j] = (fa - 2 * fx + fs) / (delta * delta);
    g[j] = (fa - fs) / (2 * delta);
  }
  for (let j = 0; j < d; j++) for (let i = 0; i < j; i++) H[i]![j] = H[j]![i] = (at([[i, 1], [j, 1]]) - fp[i]! - fp[j]! + fx) / (delta * delta);
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

/** Eigenvalues and eigenvectors (columns of `vectors`) of a small symmetric matrix, by cyclic Jacobi rotations. */
export function symmetricEigen(H: readonly (readonly number[])[]): { values: number[]; vectors: number[][] } {
  const d = H.length;
  const A = H.map((r) => [...r]);
  const V: number[][] = Array.from({ length: d }, (_, i) => Array.from({ length: d }, (_, j) => (i === j ? 1 : 0)));
  let scale = 0;
  for (const r of A) for (const v of r) scale = Math.max(scale, Math.abs(v));
  for (let sweep = 0; sweep < 60; sweep++) {
    let off = 0;
    for (let i = 0; i < d; i++) for (let j = i + 1; j < d; j++) off += A[i]![j]! ** 2;
    if (off <= (1e-15 * scale) ** 2) break;
    for (let p = 0; p < d; p++) for (let q = p + 1; q < d; q++) {
      const apq = A[p]![q]!;
      if (apq === 0) continue;
      const th = (A[q]![q]! - A[p]![p]!) / (2 * apq);
      const t = (th >= 0 ? 1 : -1) / (Math.abs(th) + Math.sqrt(th * th + 1));
      const c = 1 / Math.sqrt(t * t + 1), sn = t * c;
      for (let k = 0; k < d; k++) { const akp = A[k]![p]!, akq = A[k]![q]!; A[k]![p] = c * akp - sn * akq; A[k]![q] = sn * akp + c * akq; }
      for (let k = 0; k < d; k++) { const apk = A[p]![k]!, aqk = A[q]![k]!; A[p]![k] = c * apk - sn * aqk; A[q]![k] = sn * apk + c * aqk; }
      for (let k = 0; k < d; k++) { const vkp = V[k]![p]!, vkq = V[k]![q]!; V[k]![p] = c * vkp - sn * vkq; V[k]![q] = sn * vkp + c * vkq; }
    }
  }
  return { values: A.map((r, i) => r[i]!), vectors: V };
}

/**
 * The Newton step −H⁻¹g when H is positive definite; otherwise the step with H's eigenvalues replaced
 * by their absolute values (floored), which still points downhill and keeps Newton's scale in
 * directions of negative curvature instead of shrinking to a gradient step.
 */
function newtonStep(H: number[][], g: number[]): { step: number[]; pd: boolean } {
  const d = g.length;
  const M = new Float64Array(d * d);
  for (let i = 0; i < d; i++) for (let j = 0; j < d; j++) M[i * d + j] = H[i]![j]!;
  try {
    const L = cholesky(M, d);
    const v = g.map((x) => -x);
    for (let i = 0; i < d; i++) { let s = v[i]!; for (let k = 0; k < i; k++) s -= L[i * d + k]! * v[k]!; v[i] = s / L[i * d + i]!; }
    for (let i = d - 1; i >= 0; i--) { let s = v[i]!; for (let k = i + 1; k < d; k++) s -= L[k * d + i]! * v[k]!; v[i] = s / L[i * d + i]!; }
    return { step: v, pd: true };
  } catch { /* not positive definite: fall through */ }
  if (H.some((r) => r.some((v) => !Number.isFinite(v))) || g.some((v) => !Number.isFinite(v))) {
    const gs = Math.sqrt(g.reduce((a, b) => a + (Number.isFinite(b) ? b * b : 0), 0)) || 1;
    return { step: g.map((x) => (Number.isFinite(x) ? -x / gs : 0)), pd: false };
  }
  const { values, vectors } = symmetricEigen(H);
  const floor = 1e-6 * Math.max(1e-12, ...values.map(Math.abs));
  const step = new Array<number>(d).fill(0);
  values.forEach((lam, k) => {
    let vg = 0;
    for (let i = 0; i < d; i++) vg += vectors[i]![k]! * g[i]!;
    const coef = -vg / Math.max(Math.abs(lam), floor);
    for (let i = 0; i < d; i++) step[i] += coef * vectors[i]![k]!;
  });
  return { step, pd: false };
}

/** Options of {@link newtonFD}. */
export interface NewtonOptions {
  /** Finite-difference step (default 1e-4, as lme4's deriv12). */
  delta?: number;
  /** Stop when the Newton decrement gᵀH⁻¹g falls below this (default 1e-10). */
  tol?: number;
  /**
   * Also stop when the decrement falls below `relTol`·|f|: below the objective's rounding level (about 1e-14
   * relative for a deviance summed over many rows) the finite-difference gradient is noise and steps stop
   * making progress. Default 0 (off).
   */
  relTol?: number;
  maxIter?: number;
  /**
   * Coordinates about which `f` is even (f(…, x, …) = f(…, −x, …) in that coordinate's sign class), such
   * as the diagonal elements of a covariance factor: once one is below `snapBelow` in absolute value it is
   * set to 0 and frozen, because Newton's method converges only linearly to a minimum on that boundary.
   */
  snap?: readonly number[];
  /** Threshold for `snap` (default 1e-5). */
  snapBelow?: number;
  /** On convergence, take the last Newton step as well (default false). */
  finalStep?: boolean;
  /**
   * Set the first step with {@link deriv12Forward}'s Hessian (for d ≥ 3: 2d + d(d − 1)/2 evaluations instead of 2d²),
   * as a chord iteration: it only moves x, and convergence is declared after central-difference iterations only
   * (default false).
   */
  forwardFirst?: boolean;
}

/**
 * Minimises a smooth `f` by Newton's method with finite-difference derivatives (δ = `delta`).
 * Stops when the Newton decrement is below `tol` or a step cannot reduce `f`. The returned gradient
 * and Hessian are those at the returned `x` (NaN in the rows of frozen coordinates).
 *
 * @example
 * newtonFD(([a, b]) => (a - 1) ** 2 + 3 * (b + 2) ** 2, [0, 0]).x; // ≈ [1, -2]
 */
export function newtonFD(f: (x: number[]) => number, x0: readonly number[], opts: NewtonOptions = {}): NewtonResult {
  const delta = opts.delta ?? 1e-4;
  const tol = opts.tol ?? 1e-10;
  const relTol = opts.relTol ?? 0;
  const maxIter = opts.maxIter ?? 100;
  const snapBelow = opts.snapBelow ?? 1e-5;
  const dim = x0.length;
  let evals = 0;
  let x = [...x0];
  const frozen = new Set<number>();
  const fn = (y: number[]): number => { evals++; return f(y); };
  let fx = fn(x);
  let it = 0;
  if (!Number.isFinite(fx)) {
    const nan = new Array<number>(dim).fill(Number.NaN);
    return { x, f: fx, gradient: nan, hessian: nan.map(() => [...nan]), iterations: 0, evals, decrement: Number.NaN, converged: false };
  }
  let chordH: number[][] | undefined;
  const full = (free: number[], g: number[], H: number[][]): { gradient: number[]; hessian: number[][] } => {
    const gradient = new Array<number>(dim).fill(Number.NaN);
    const hessian = Array.from({ length: dim }, () => new Array<number>(dim).fill(Number.NaN));
    free.forEach((a, i) => { gradient[a] = g[i]!; free.forEach((b, j) => { hessian[a]![b] = H[i]![j]!; }); });
    return { gradient, hessian };
  };
  for (;;) {
    it++;
    const free = x.map((_, j) => j).filter((j) => !frozen.has(j));
    const sub = (z: number[]): number => { const y = [...x]; free.forEach((j, i) => { y[j] = z[i]!; }); return fn(y); };
    const z0 = free.map((j) => x[j]!);
    const chord = chordH !== undefined && chordH.length === free.length;
    const forward = it === 1 && opts.forwardFirst === true && free.length >= 3;
    // A chord iteration reuses the last Hessian with a fresh central-difference gradient (2d evaluations
    // instead of ~2d²); convergence is only declared after a full iteration.
    const { gradient, hessian } = chord
      ? { hessian: chordH!, gradient: z0.map((_, i) => { const zp = [...z0], zm = [...z0]; zp[i] = zp[i]! + delta; zm[i] = zm[i]! - delta; return (sub(zp) - sub(zm)) / (2 * delta); }) }
      : (forward ? deriv12Forward : deriv12)(sub, z0, delta, fx);
    chordH = undefined;
    const { step, pd } = newtonStep(hessian, gradient);
    const decrement = -step.reduce((s, v, j) => s + v * gradient[j]!, 0);
    const done = decrement < tol || decrement < relTol * Math.abs(fx);
    if (!chord && !forward && (done || it > maxIter)) {
      // Within tolerance the Newton step is accurate to second order: take it (the derivatives stay those at
      // the previous point, which differ by O(step)).
      if (done && opts.finalStep) {
        const y = [...x];
        free.forEach((j, i) => { y[j] = x[j]! + step[i]!; });
        const fy = fn(y);
        if (Number.isFinite(fy) && fy <= fx + 1e-12 * Math.abs(fx)) { x = y; fx = fy; }
      }
      return { x, f: fx, ...full(free, gradient, hessian), iterations: it, evals, decrement, converged: done };
    }
    let t = 1;
    let moved = false;
    for (let h = 0; h < 40; h++, t /= 2) {
      const y = [...x];
      free.forEach((j, i) => { y[j] = x[j]! + t * step[i]!; });
      const fy = fn(y);
      if (Number.isFinite(fy) && fy <= fx - 1e-4 * t * decrement) { x = y; fx = fy; moved = true; break; }
    }
    // Where the curvature is negative the quadratic model says nothing about the step length: expand
    // while the deviance keeps falling.
    if (moved && !pd && t === 1) {
      for (let k = 0, tt = 2; k < 20; k++, tt *= 2) {
        const y = [...x];
        free.forEach((j, i) => { y[j] = x[j]! + (tt / 2) * step[i]!; });
        const fy = fn(y);
        if (!(Number.isFinite(fy) && fy < fx)) break;
        x = y; fx = fy;
      }
    }
    if ((chord || forward) && !moved) continue;
    if (moved && pd && t === 1 && !chord && free.length >= 3) chordH = hessian;
    if (!moved) return { x, f: fx, ...full(free, gradient, hessian), iterations: it, evals, decrement, converged: decrement < 1e-6 };
    let snapped = false;
    for (const j of opts.snap ?? []) {
      if (!frozen.has(j) && Math.abs(x[j]!) < snapBelow) { x[j] = 0; frozen.add(j); snapped = true; }
    }
    if (snapped) fx = fn(x);
  }
}

/**
 * Nelder–Mead on a box (trial points clamped to `lower`), for the first, rough stage over θ where the
 * deviance can be far from quadratic. Stops when the simplex's values span less than `ftol` and its
 * vertices less than `xtol` in every coordinate.
 *
 * @example
 * nelderMeadBox(([a, b]) => (a - 1) ** 2 + (b + 2) ** 2, [0, 0], [0, 0]).x; // ≈ [1, 0]
 */
export function nelderMeadBox(f: (x: number[]) => number, x0: readonly number[], lower: readonly number[], opts: { ftol?: number; xtol?: number; maxEval?: number; step?: number } = {}): { x: number[]; f: number; evals: number; converged: boolean } {
  const d = x0.length;
  const ftol = opts.ftol ?? 1e-7, xtol = opts.xtol ?? 1e-5, maxEval = opts.maxEval ?? 400 * d;
  const clamp = (x: number[]): number[] => x.map((v, j) => Math.max(lower[j]!, v));
  let evals = 0;
  const fn = (x: number[]): number => { evals++; const v = f(x); return Number.isFinite(v) ? v : Infinity; };
  const simplex: Array<{ x: number[]; f: number }> = [];
  const start = clamp([...x0]);
  simplex.push({ x: start, f: fn(start) });
  for (let j = 0; j < d; j++) {
    const x = [...start];
    const s = opts.step ?? Math.max(0.1, 0.25 * Math.abs(x[j]!));
    x[j] = x[j]! + (x[j]! + s > lower[j]! ? s : -s);
    const xc = clamp(x);
    simplex.push({ x: xc, f: fn(xc) });
  }
  const point = (c: number[], to: number[], t: number): number[] => clamp(c.map((v, j) => v + t * (to[j]! - v)));
  while (evals < maxEval) {
    simplex.sort((a, b) => a.f - b.f);
    const best = simplex[0]!, worst = simplex[d]!;
    const spread = Math.max(...simplex.map((s) => Math.max(...s.x.map((v, j) => Math.abs(v - best.x[j]!)))));
    if (worst.f - best.f <= ftol && spread <= xtol) return { x: best.x, f: best.f, evals, converged: true };
    const c = new Array<number>(d).fill(0);
    for (let i = 0; i < d; i++) for (let j = 0; j < d; j++) c[j] += simplex[i]!.x[j]! / d;
    const xr = point(c, worst.x, -1), fr = fn(xr);
    if (fr < best.f) {
      const xe = point(c, worst.x, -2), fe = fn(xe);
      simplex[d] = fe < fr ? { x: xe, f: fe } : { x: xr, f: fr };
    } else if (fr < simplex[d - 1]!.f) {
      simplex[d] = { x: xr, f: fr };
    } else {
      const outside = fr < worst.f;
      const xk = point(c, outside ? xr : worst.x, 0.5), fk = fn(xk);
      if (fk < (outside ? fr : worst.f)) simplex[d] = { x: xk, f: fk };
      else for (let i = 1; i <= d; i++) { const xs = point(best.x, simplex[i]!.x, 0.5); simplex[i] = { x: xs, f: fn(xs) }; }
    }
  }
  simplex.sort((a, b) => a.f - b.f);
  return { x: simplex[0]!.x, f: simplex[0]!.f, evals, converged: false };
}
