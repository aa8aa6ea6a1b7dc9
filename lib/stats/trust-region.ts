/**
 * A derivative-free trust-region minimiser on quadratic models, for objectives that are smooth but costly to
 * evaluate (the profiled deviance of crossed random effects, where one evaluation factors a large matrix).
 *
 * Each iteration fits a full quadratic m(x_b + s) = c + gᵀs + ½ sᵀHs by least squares to the evaluated points
 * nearest the best point x_b, minimises it over the ball ‖s‖ ≤ Δ (lower bounds respected by projection), and
 * evaluates the trial point. The radius grows after good steps and shrinks after poor ones, but only once the
 * points near x_b determine the model (otherwise a point of the standard stencil x_b ± Δeᵢ, x_b + Δ(eᵢ + eⱼ) is
 * added first), the safeguard of model-based methods such as Powell's BOBYQA (which lme4 uses) and UOBYQA.
 * It stops when Δ falls below `xtol` or a model on nearby points predicts less than `ftol`. The first model rests on 2d + 1 evaluations (x₀ and x₀ ± Δeᵢ, a diagonal Hessian), after
 * which an iteration costs one, so a smooth two-parameter deviance is minimised in about 20 to 30 evaluations
 * where Nelder–Mead with Newton polishing needs about 90.
 */
import { StatsError } from "../core/errors.js";

/** Options of {@link minimizeTrustRegion}. */
export interface TrustRegionOptions {
  /** Lower bounds (default −∞ for each coordinate). */
  lower?: readonly number[];
  /** Initial trust radius (default 0.25). */
  radius?: number;
  /** Stop when the radius falls below this (default 1e-6). */
  xtol?: number;
  /** … or when a model fitted to points within 2Δ predicts a decrease below this (absolute; default 1e-10), or below 1e-14 |f|. */
  ftol?: number;
  /** Maximum number of evaluations (default 200 + 100 × dimension²). */
  maxEval?: number;
  /** fn(x0) when the caller has it already (not evaluated again; counted in `evals`). */
  f0?: number;
}

/** The result of {@link minimizeTrustRegion}. */
export interface TrustRegionResult {
  x: number[];
  f: number;
  evals: number;
  /** False when the evaluation budget ran out first. */
  converged: boolean;
}

interface Point { x: number[]; f: number }

/**
 * Minimises `fn` subject to x ≥ `lower`, starting at `x0`.
 *
 * @throws {StatsError} when `x0` and the bounds differ in length or `fn(x0)` is not finite.
 * @example
 * minimizeTrustRegion(([a, b]) => (a - 1) ** 2 + 3 * (b + 2) ** 2, [0, 0], { lower: [0, 0] }).x; // ≈ [1, 0]
 */
export function minimizeTrustRegion(fn: (x: number[]) => number, x0: readonly number[], opts: TrustRegionOptions = {}): TrustRegionResult {
  const d = x0.length;
  const lower = opts.lower ?? new Array<number>(d).fill(-Infinity);
  if (lower.length !== d) throw new StatsError("minimizeTrustRegion: bounds and start differ in length", "give one lower bound per coordinate");
  const xtol = opts.xtol ?? 1e-6;
  const ftol = opts.ftol ?? 1e-10;
  const maxEval = opts.maxEval ?? 200 + 100 * d * d;
  let delta = opts.radius ?? 0.25;
  const pts: Point[] = [];
  const evalAt = (x: number[]): Point => {
    const v = fn(x);
    const p = { x, f: Number.isFinite(v) ? v : Infinity };
    pts.push(p);
    return p;
  };
  const x0c = x0.map((v, j) => Math.max(lower[j]!, v));
  let best: Point;
  if (opts.f0 !== undefined && x0c.every((v, j) => v === x0[j])) { best = { x: x0c, f: Number.isFinite(opts.f0) ? opts.f0 : Infinity }; pts.push(best); }
  else best = evalAt(x0c);
  if (!Number.isFinite(best.f)) throw new StatsError("minimizeTrustRegion: the objective is not finite at the start", "start from a feasible point");
  if (d === 0) return { x: best.x, f: best.f, evals: 1, converged: true };
  const nModel = ((d + 1) * (d + 2)) / 2;
  // The stencil around the best point at radius Δ: ±Δeᵢ (+2Δeᵢ where −Δ leaves the box), Δ(eᵢ + eⱼ).
  const stencil = (c: number[], r: number): number[][] => {
    const out: number[][] = [];
    for (let i = 0; i < d; i++) {
      out.push(c.map((v, j) => (j === i ? v + r : v)));
      out.push(c.map((v, j) => (j === i ? (v - r >= lower[j]! ? v - r : v + 2 * r) : v)));
    }
    for (let i = 0; i < d; i++) for (let j = i + 1; j < d; j++) out.push(c.map((v, k) => (k === i || k === j ? v + r : v)));
    return out;
  };
  const dist = (a: readonly number[], b: readonly number[]): number => { let s = 0; for (let j = 0; j < d; j++) s += (a[j]! - b[j]!) ** 2; return Math.sqrt(s); };
  // The first model (as BOBYQA's) rests on 2d + 1 points, x₀ and x₀ ± Δeᵢ: a quadratic with a diagonal Hessian; the
  // cross terms enter as the iterations add points.
  for (const x of stencil(best.x, delta).slice(0, 2 * d)) { const p = evalAt(x); if (p.f < best.f) best = p; }
  let converged = false;
  while (pts.length < maxEval) {
    if (delta < xtol) { converged = true; break; }
    const near = pts.filter((p) => Number.isFinite(p.f)).sort((a, b) => dist(a.x, best.x) - dist(b.x, best.x));
    const local = near.filter((p) => dist(p.x, best.x) <= 2 * delta);
    const model = fitQuadratic(best, local.length >= nModel ? local.slice(0, 2 * nModel) : near.slice(0, nModel), delta);
    // The model is well founded when points within 2Δ determine it.
    const founded = local.length >= nModel && model !== null && model.determined;
    const step = model ? trustStep(model.g, model.H, delta, best.x, lower) : null;
    const pred = step && model ? -(dot(model.g, step) + 0.5 * quad(model.H, step)) : 0;
    // Converged when the model predicts (almost) nothing more: a model on nearby points, or one on a radius so small
    // that the last steps were Newton steps of a model that has been predicting well.
    // ftol, or the rounding level of f itself (1e-14 relative) when that is larger: below it the model fits noise.
    if (founded && pred < Math.max(ftol, 1e-14 * Math.abs(best.f))) { converged = true; break; }
    if (step && pred > 0 && Math.sqrt(dot(step, step)) > 1e-3 * xtol) {
      const trial = evalAt(best.x.map((v, j) => Math.max(lower[j]!, v + step[j]!)));
      const ratio = (best.f - trial.f) / pred;
      const sn = Math.sqrt(dot(step, step));
      if (trial.f < best.f) best = trial;
      if (ratio >= 0.7) delta = Math.max(0.5 * delta, 2 * sn);
      else if (ratio >= 0.1) delta = Math.max(0.5 * delta, sn);
      else if (founded) delta = Math.max(0.5 * delta, 0.5 * sn);
      else addGeometryPoint();
      continue;
    }
    // No useful step: the model predicts no decrease within Δ. Shrink only when the model is well founded.
    if (founded) delta *= 0.5;
    else addGeometryPoint();
  }
  return { x: best.x, f: best.f, evals: pts.length, converged };

  /** Evaluates the stencil point around the best point that lies farthest from every evaluated point. */
  function addGeometryPoint(): void {
    let pick: number[] | undefined, far = -1;
    for (const x of stencil(best.x, delta)) {
      let m = Infinity;
      for (const p of pts) m = Math.min(m, dist(p.x, x));
      if (m > far) { far = m; pick = x; }
    }
    if (!pick || far < 0.1 * delta) { delta *= 0.5; return; }
    const p = evalAt(pick);
    if (p.f < best.f) best = p;
  }
}

/** Least-squares quadratic through `pts` about `centre` (coordinates scaled by `r`): gradient and Hessian. */
function fitQuadratic(centre: Point, pts: Point[], r: number): { g: number[]; H: number[][]; determined: boolean } | null {
  const d = centre.x.length;
  // A full quadratic when the points allow it, else one with a diagonal Hessian (the cross terms stay 0).
  const full = pts.length >= 1 + d + (d * (d + 1)) / 2;
  const m = full ? 1 + d + (d * (d + 1)) / 2 : 1 + 2 * d;
  if (pts.length < m) return null;
  const rows = pts.map((p) => {
    const s = p.x.map((v, j) => (v - centre.x[j]!) / r);
    const b = [1, ...s];
    for (let i = 0; i < d; i++) for (let j = i; j < d; j++) if (full || i === j) b.push(i === j ? 0.5 * s[i]! * s[i]! : s[i]! * s[j]!);
    return { b, y: p.f - centre.f };
  });
  const A = new Float64Array(m * m), rhs = new Float64Array(m);
  for (const { b, y } of rows) for (let i = 0; i < m; i++) { rhs[i] += b[i]! * y; for (let j = 0; j < m; j++) A[i * m + j] += b[i]! * b[j]!; }
  let scale = 0;
  for (let i = 0; i < m; i++) scale = Math.max(scale, A[i * m + i]!);
  // Determined: the points pin down every coefficient (no pivot of the normal equations negligible), which a
  // count of points does not guarantee (points on a line leave the cross terms free).
  const determined = full && solveSpd(A, rhs, m, true, 1e-10) !== null;
  for (let i = 0; i < m; i++) A[i * m + i] += 1e-12 * scale;
  const c = solveSpd(A, rhs, m);
  if (!c) return null;
  const g = Array.from({ length: d }, (_, i) => c[1 + i]! / r);
  const H = Array.from({ length: d }, () => new Array<number>(d).fill(0));
  let o = 1 + d;
  for (let i = 0; i < d; i++) for (let j = i; j < d; j++) if (full || i === j) { H[i]![j] = H[j]![i] = c[o++]! / (r * r); }
  return { g, H, determined };
}

/**
 * Approximate minimiser of gᵀs + ½sᵀHs over ‖s‖ ≤ Δ: s(λ) = −(H + λI)⁻¹g with the smallest λ ≥ 0 that makes
 * H + λI positive definite and s(λ) short enough (bisection). Coordinates on their lower bound whose gradient
 * points outward are held fixed.
 */
function trustStep(g: number[], H: number[][], delta: number, x: readonly number[], lower: readonly number[]): number[] | null {
  const d = g.length;
  const free = g.map((gj, j) => !(x[j]! <= lower[j]! && gj > 0));
  const idx = free.map((f, j) => (f ? j : -1)).filter((j) => j >= 0);
  if (idx.length === 0) return null;
  const k = idx.length;
  const solve = (lam: number): number[] | null => {
    const M = new Float64Array(k * k);
    idx.forEach((a, i) => idx.forEach((b, j) => { M[i * k + j] = H[a]![b]! + (i === j ? lam : 0); }));
    return solveSpd(M, Float64Array.from(idx.map((j) => -g[j]!)), k, true);
  };
  const norm = (s: number[]): number => Math.sqrt(dot(s, s));
  let s0 = solve(0);
  if (s0 && norm(s0) <= delta) return expand(s0);
  let hi = 1;
  let s: number[] | null = null;
  for (let it = 0; it < 200; it++, hi *= 4) { s = solve(hi); if (s && norm(s) <= delta) break; }
  if (!s) return null;
  let lo = 0;
  for (let it = 0; it < 60; it++) {
    const mid = 0.5 * (lo + hi), sm = solve(mid);
    if (sm && norm(sm) <= delta) { hi = mid; s = sm; } else lo = mid;
    if (hi - lo <= 1e-10 * hi) break;
  }
  s0 = s;
  return expand(s0);
  function expand(sub: number[]): number[] {
    const out = new Array<number>(d).fill(0);
    idx.forEach((j, i) => { out[j] = sub[i]!; });
    return out;
  }
}

/**
 * Solves the symmetric system M x = b by Cholesky; null when M is not positive definite, or with `strict` when a pivot
 * is below `rel` times its diagonal element.
 */
function solveSpd(M: Float64Array, b: Float64Array, n: number, strict = false, rel = 1e-14): number[] | null {
  const L = Float64Array.from(M);
  for (let j = 0; j < n; j++) {
    let s = L[j * n + j]!;
    for (let k = 0; k < j; k++) s -= L[j * n + k]! ** 2;
    if (!(s > (strict ? rel * Math.abs(M[j * n + j]!) : 0))) return null;
    const dj = Math.sqrt(s);
    L[j * n + j] = dj;
    for (let i = j + 1; i < n; i++) {
      let t = L[i * n + j]!;
      for (let k = 0; k < j; k++) t -= L[i * n + k]! * L[j * n + k]!;
      L[i * n + j] = t / dj;
    }
  }
  const y = Array.from(b);
  for (let i = 0; i < n; i++) { for (let k = 0; k < i; k++) y[i] = y[i]! - L[i * n + k]! * y[k]!; y[i] = y[i]! / L[i * n + i]!; }
  for (let i = n - 1; i >= 0; i--) { for (let k = i + 1; k < n; k++) y[i] = y[i]! - L[k * n + i]! * y[k]!; y[i] = y[i]! / L[i * n + i]!; }
  return y;
}

function dot(a: readonly number[], b: readonly number[]): number { let s = 0; for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!; return s; }
function quad(H: number[][], s: readonly number[]): number { let v = 0; for (let i = 0; i < s.length; i++) for (let j = 0; j < s.length; j++) v += s[i]! * H[i]![j]! * s[j]!; return v; }
