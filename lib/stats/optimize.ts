/**
 * A derivative-free minimiser with box bounds: Nelder–Mead (adaptive coefficients of Gao & Han,
 * 2012) whose trial points are projected onto the box, restarted from the best point until a restart
 * no longer improves the objective. Used for the profiled deviance over θ, where the lower bound of a
 * diagonal element of a relative covariance factor is 0 (lme4 uses BOBYQA with the same bounds).
 */
import { StatsError } from "../core/errors.js";

/** Options of {@link minimize}. */
export interface MinimizeOptions {
  /** Lower bounds (default −∞ for each coordinate). */
  lower?: readonly number[];
  /** Upper bounds (default +∞). */
  upper?: readonly number[];
  /** Initial simplex step per coordinate (default 0.1 × max(1, |x0|) ... see code; a number applies to all). */
  step?: number | readonly number[];
  /** Stop when the simplex's function values differ by at most this (absolute; default 1e-11). */
  ftol?: number;
  /** … and its vertices differ by at most this in every coordinate (default 1e-8). */
  xtol?: number;
  /** Maximum number of evaluations (default 20000 + 2000 × dimension). */
  maxEval?: number;
}

/** The result of {@link minimize}. */
export interface MinimizeResult {
  x: number[];
  f: number;
  evals: number;
  /** False when the evaluation budget ran out before the tolerances were met. */
  converged: boolean;
}

/**
 * Minimises `fn` over the box `[lower, upper]` starting at `x0`.
 *
 * @throws {StatsError} when `x0` has the wrong length or `fn(x0)` is not finite.
 * @example
 * minimize(([a, b]) => (a - 1) ** 2 + (b + 2) ** 2, [0, 0], { lower: [0, 0] });
 * // { x: [1, 0] (b is held at its bound), f: 4, … }
 */
export function minimize(fn: (x: number[]) => number, x0: readonly number[], opts: MinimizeOptions = {}): MinimizeResult {
  const d = x0.length;
  const lower = opts.lower ?? new Array<number>(d).fill(-Infinity);
  const upper = opts.upper ?? new Array<number>(d).fill(Infinity);
  if (lower.length !== d || upper.length !== d) throw new StatsError("minimize: bounds and start differ in length", "give one bound per coordinate");
  const ftol = opts.ftol ?? 1e-11;
  const xtol = opts.xtol ?? 1e-8;
  const maxEval = opts.maxEval ?? 20000 + 2000 * d;
  const clamp = (x: number[]): number[] => x.map((v, j) => Math.min(upper[j]!, Math.max(lower[j]!, v)));
  let evals = 0;
  const f = (x: number[]): number => {
    evals++;
    const v = fn(x);
    return Number.isFinite(v) ? v : Infinity;
  };
  let best = clamp([...x0]);
  let fBest = f(best);
  if (!Number.isFinite(fBest)) throw new StatsError("minimize: the objective is not finite at the start", "start from a feasible point");
  if (d === 0) return { x: best, f: fBest, evals, converged: true };
  const stepOf = (j: number, scale: number): number => {
    const s = typeof opts.step === "number" ? opts.step : opts.step?.[j] ?? Math.max(0.1, 0.1 * Math.abs(x0[j]!));
    return s * scale;
  };
  let scale = 1;
  let converged = false;
  // With Newton polishing to follow, one round is enough to find the basin.
  const rounds = d <= 12 ? 1 : 50;
  for (let round = 0; round < rounds && evals < maxEval; round++) {
    const r = nelderMead(f, best, fBest, (j) => stepOf(j, scale), lower, upper, clamp, ftol, xtol, maxEval, () => evals);
    const improved = fBest - r.f;
    if (r.f <= fBest) { best = r.x; fBest = r.f; }
    converged = r.converged;
    if (improved <= ftol && round > 0) break;
    scale = Math.max(1e-3, scale * 0.1);
  }
  if (d <= 12) {
    const pol = polish(f, best, fBest, lower, upper);
    if (pol.f <= fBest) { best = pol.x; fBest = pol.f; converged = converged || pol.converged; }
  }
  return { x: best, f: fBest, evals, converged };
}

/** Projected Newton iterations with finite-difference gradient and Hessian (Levenberg-damped). */
function polish(f: (x: number[]) => number, x0: number[], f0: number, lower: readonly number[], upper: readonly number[]): { x: number[]; f: number; converged: boolean } {
  const d = x0.length;
  let x = [...x0], fx = f0;
  for (let iter = 0; iter < 60; iter++) {
    const h = x.map((v) => 1e-4 * Math.max(0.1, Math.abs(v)));
    const at = (dx: Array<[number, number]>): number => { const y = [...x]; for (const [j, v] of dx) y[j] = y[j]! + v; return f(y); };
    // One-sided (forward) differences where a step would leave the box.
    const fwd = x.map((v, j) => v - 2 * h[j]! < lower[j]!);
    const bwd = x.map((v, j) => v + 2 * h[j]! > upper[j]!);
    const g = new Array<number>(d).fill(0), H = Array.from({ length: d }, () => new Array<number>(d).fill(0));
    for (let j = 0; j < d; j++) {
      const s = bwd[j] ? -h[j]! : h[j]!;
      if (fwd[j] || bwd[j]) {
        const f1 = at([[j, s]]), f2 = at([[j, 2 * s]]);
        g[j] = (-3 * fx + 4 * f1 - f2) / (2 * s);
        H[j]![j] = (fx - 2 * f1 + f2) / (s * s);
      } else {
        const fp = at([[j, s]]), fm = at([[j, -s]]);
        g[j] = (fp - fm) / (2 * s);
        H[j]![j] = (fp - 2 * fx + fm) / (s * s);
      }
    }
    for (let i = 0; i < d; i++) for (let j = 0; j < i; j++) {
      const si = fwd[i] || bwd[i] ? (bwd[i] ? -h[i]! : h[i]!) : h[i]!, sj = bwd[j] ? -h[j]! : h[j]!;
      const fij = at([[i, si], [j, sj]]), fi = at([[i, si]]), fj = at([[j, sj]]);
      H[i]![j] = H[j]![i] = (fij - fi - fj + fx) / (si * sj);
    }
    const free = x.map((v, j) => !((v <= lower[j]! && g[j]! > 0) || (v >= upper[j]! && g[j]! < 0)));
    const idx = free.map((b, j) => (b ? j : -1)).filter((j) => j >= 0);
    if (idx.length === 0) return { x, f: fx, converged: true };
    const step = dampedNewton(idx.map((i) => idx.map((j) => H[i]![j]!)), idx.map((i) => g[i]!));
    let t = 1, moved = false;
    for (let k = 0; k < 40; k++, t /= 2) {
      const y = [...x];
      idx.forEach((j, a) => { y[j] = Math.min(upper[j]!, Math.max(lower[j]!, y[j]! - t * step[a]!)); });
      const fy = f(y);
      if (fy < fx) {
        const dx = Math.max(...y.map((v, j) => Math.abs(v - x[j]!) / (1 + Math.abs(x[j]!))));
        const df = fx - fy;
        x = y; fx = fy; moved = true;
        if (dx < 1e-11 || df < 1e-15 * (1 + Math.abs(fx))) return { x, f: fx, converged: true };
        break;
      }
    }
    if (!moved) return { x, f: fx, converged: true };
  }
  return { x, f: fx, converged: false };
}

/** Solves (H + λI) s = g with the smallest λ ≥ 0 (from a short ladder) that makes H + λI positive definite. */
function dampedNewton(H: number[][], g: number[]): number[] {
  const n = g.length;
  const scale = Math.max(1e-12, ...H.map((r, i) => Math.abs(r[i]!)));
  for (const lambda of [0, 1e-8, 1e-6, 1e-4, 1e-2, 1, 100].map((l) => l * scale)) {
    const L = H.map((r, i) => r.map((v, j) => v + (i === j ? lambda : 0)));
    let ok = true;
    for (let j = 0; j < n && ok; j++) {
      let s = L[j]![j]!;
      for (let k = 0; k < j; k++) s -= L[j]![k]! ** 2;
      if (!(s > 0)) { ok = false; break; }
      L[j]![j] = Math.sqrt(s);
      for (let i = j + 1; i < n; i++) {
        let t = L[i]![j]!;
        for (let k = 0; k < j; k++) t -= L[i]![k]! * L[j]![k]!;
        L[i]![j] = t / L[j]![j]!;
      }
    }
    if (!ok) continue;
    const y = [...g];
    for (let i = 0; i < n; i++) { for (let k = 0; k < i; k++) y[i] = y[i]! - L[i]![k]! * y[k]!; y[i] = y[i]! / L[i]![i]!; }
    for (let i = n - 1; i >= 0; i--) { for (let k = i + 1; k < n; k++) y[i] = y[i]! - L[k]![i]! * y[k]!; y[i] = y[i]! / L[i]![i]!; }
    return y;
  }
  return g.map((v) => v / scale);
}

function nelderMead(
  f: (x: number[]) => number, x0: number[], f0: number, step: (j: number) => number,
  lower: readonly number[], upper: readonly number[], clamp: (x: number[]) => number[],
  ftol: number, xtol: number, maxEval: number, used: () => number,
): { x: number[]; f: number; converged: boolean } {
  const d = x0.length;
  const m = Math.max(d, 2);
  const alpha = 1, beta = 1 + 2 / m, gamma = 0.75 - 1 / (2 * m), delta = 1 - 1 / m;
  const pts: number[][] = [x0];
  const fv: number[] = [f0];
  for (let j = 0; j < d; j++) {
    const x = [...x0];
    let s = step(j);
    // Step inward when the start sits on an upper bound.
    if (x[j]! + s > upper[j]!) s = -s;
    x[j] = x[j]! + s;
    if (x[j]! < lower[j]!) x[j] = lower[j]! + Math.abs(s);
    const c = clamp(x);
    pts.push(c);
    fv.push(f(c));
  }
  const order = (): void => {
    const idx = pts.map((_, k) => k).sort((a, b) => fv[a]! - fv[b]!);
    const p2 = idx.map((k) => pts[k]!), f2 = idx.map((k) => fv[k]!);
    for (let k = 0; k <= d; k++) { pts[k] = p2[k]!; fv[k] = f2[k]!; }
  };
  for (;;) {
    order();
    let spread = 0;
    for (let k = 1; k <= d; k++) for (let j = 0; j < d; j++) spread = Math.max(spread, Math.abs(pts[k]![j]! - pts[0]![j]!));
    if (fv[d]! - fv[0]! <= ftol && spread <= xtol) return { x: pts[0]!, f: fv[0]!, converged: true };
    if (used() >= maxEval) return { x: pts[0]!, f: fv[0]!, converged: false };
    const c = new Array<number>(d).fill(0);
    for (let k = 0; k < d; k++) for (let j = 0; j < d; j++) c[j] += pts[k]![j]! / d;
    const worst = pts[d]!;
    const along = (t: number): number[] => clamp(c.map((cj, j) => cj + t * (cj - worst[j]!)));
    const xr = along(alpha);
    const fr = f(xr);
    if (fr < fv[0]!) {
      const xe = along(beta);
      const fe = f(xe);
      if (fe < fr) { pts[d] = xe; fv[d] = fe; } else { pts[d] = xr; fv[d] = fr; }
      continue;
    }
    if (fr < fv[d - 1]!) { pts[d] = xr; fv[d] = fr; continue; }
    const outside = fr < fv[d]!;
    const xc = along(outside ? gamma : -gamma);
    const fc = f(xc);
    if (fc < (outside ? fr : fv[d]!)) { pts[d] = xc; fv[d] = fc; continue; }
    for (let k = 1; k <= d; k++) {
      pts[k] = clamp(pts[k]!.map((v, j) => pts[0]![j]! + delta * (v - pts[0]![j]!)));
      fv[k] = f(pts[k]!);
    }
  }
}
