/**
 * Penalised iteratively re-weighted least squares (PIRLS) for a logistic GLMM, and the Laplace
 * approximation to its deviance, as lme4's `glmer` computes them.
 *
 * For fixed θ the conditional modes minimise F(u, β) = Σ dᵢ(ηᵢ) + ‖u‖², with η = Xβ + ZΛu and dᵢ the
 * binomial deviance residual (−2 log P(yᵢ)). Newton steps solve (Λ'Z'WZΛ + I) δu = Λ'Z'(y − μ) − u
 * (and, when β is free too, the joint system through the p × p Schur complement), with step halving.
 * The Laplace deviance is F(û) + log det(Λ'Z'WZΛ + I) at the mode.
 */
import { StatsError } from "../core/errors.js";
import type { RandomSystem } from "./glmm-system.js";
import { evalRow, row, type FamilyCode } from "./glmm-family.js";

/** Data of a GLMM: response, row-major n × p fixed-effects design, and optionally family, prior weights and offset. */
export interface GlmmData {
  n: number;
  p: number;
  /** 0/1 or proportions (binomial), counts (Poisson). */
  y: Float64Array;
  X: Float64Array;
  /** 0 = binomial (logit, default), 1 = Poisson (log). */
  family?: FamilyCode;
  /** Prior weights (binomial trials); all 1 when absent. */
  wt?: Float64Array;
  /** Offset added to the linear predictor; 0 when absent. */
  offset?: Float64Array;
  /** Per-row deviance constants (`ylogyOf`); needed for Poisson and for proportions, 0 when absent (0/1 data). */
  ylogy?: Float64Array;
}

/** State at a conditional mode. */
export interface PirlsResult {
  /** Laplace deviance: Σ dᵢ + ‖u‖² + log det A. */
  laplace: number;
  /** Σ dᵢ (the binomial deviance, = −2 log-likelihood for 0/1 data given u). */
  devSum: number;
  ussq: number;
  logdet: number;
  iterations: number;
  converged: boolean;
}

/** Work arrays reused across evaluations (linear in n). */
export class PirlsWork {
  readonly eta: Float64Array;
  readonly mu: Float64Array;
  readonly w: Float64Array;
  readonly res: Float64Array;
  readonly off: Float64Array;
  /** `eta` can be given (n doubles), as a WebAssembly kernel's array. */
  constructor(n: number, eta?: Float64Array) {
    this.eta = eta && eta.length === n ? eta : new Float64Array(n); this.mu = new Float64Array(n); this.w = new Float64Array(n);
    this.res = new Float64Array(n); this.off = new Float64Array(n);
  }
}

/** Iteration limit of the converged PIRLS. */
export const MAX_ITER = 60;
/** Newton decrement (deviance units) below which full steps are taken without a check. */
export const QUADRATIC = 1e-6;
/** Decrement at which the mode is accurate to ~1e-10 in u. */
export const DONE = 1e-20;

/** off = Xβ + offset. */
export function linearPredictor(d: GlmmData, beta: ArrayLike<number>, out: Float64Array): void {
  const { n, p, X, offset } = d;
  for (let i = 0; i < n; i++) { let s = offset ? offset[i]! : 0; const o = i * p; for (let j = 0; j < p; j++) s += X[o + j]! * beta[j]!; out[i] = s; }
}

/** Fills η = off + ZΛu, μ, w = μ(1−μ), y − μ; returns Σ dᵢ. */
function evaluate(d: GlmmData, sys: RandomSystem, u: Float64Array, wk: PirlsWork): number {
  const { n, y, wt } = d;
  const yl = d.ylogy;
  const fam = d.family ?? 0;
  const { eta, mu, w, res, off } = wk;
  sys.setEta(off, u, eta);
  let dev = 0;
  for (let i = 0; i < n; i++) {
    evalRow(fam, eta[i]!, y[i]!, wt ? wt[i]! : 1, yl ? yl[i]! : 0);
    mu[i] = row.mu; w[i] = row.w; res[i] = row.res;
    dev += row.dev;
  }
  return dev;
}

function sumSq(u: Float64Array): number { let s = 0; for (let j = 0; j < u.length; j++) s += u[j]! * u[j]!; return s; }

/**
 * Conditional modes of u for fixed θ (set on `sys`) and β (`wk.off` = Xβ); `u` is the start and is
 * updated in place. Returns the Laplace deviance at the mode.
 */
export function pirlsU(d: GlmmData, sys: RandomSystem, u: Float64Array, wk: PirlsWork): PirlsResult {
  const q = sys.q;
  const r = new Float64Array(q), delta = new Float64Array(q), trial = new Float64Array(q);
  let devSum = evaluate(d, sys, u, wk);
  let F = devSum + sumSq(u);
  let prevDec = Infinity;
  for (let it = 1; it <= MAX_ITER; it++) {
    sys.crossprod(wk.res, r);
    for (let j = 0; j < q; j++) r[j] -= u[j]!;
    sys.assemble(wk.w);
    const logdet = sys.factor();
    delta.set(r);
    sys.solve(delta);
    let dec = 0;
    for (let j = 0; j < q; j++) dec += delta[j]! * r[j]!;
    const noiseFloor = dec < 1e-14 && dec > 0.25 * prevDec;
    if (dec < DONE || noiseFloor) return { laplace: F + logdet, devSum, ussq: F - devSum, logdet, iterations: it, converged: true };
    prevDec = dec;
    let step = 1;
    for (let h = 0; h < 30; h++, step /= 2) {
      for (let j = 0; j < q; j++) trial[j] = u[j]! + step * delta[j]!;
      const dv = evaluate(d, sys, trial, wk);
      const Ft = dv + sumSq(trial);
      if (dec < QUADRATIC || Ft <= F) { u.set(trial); devSum = dv; F = Ft; break; }
      if (h === 29) throw new StatsError("glmm: PIRLS step halving failed to reduce the penalised deviance", "check the data for separation or extreme predictor values");
    }
  }
  sys.assemble(wk.w);
  const logdet = sys.factor();
  return { laplace: F + logdet, devSum, ussq: F - devSum, logdet, iterations: MAX_ITER, converged: false };
}

/** The joint system's pieces for the fixed effects, needed for the Schur complement. */
export interface JointExtras {
  /** Schur complement S = X'WX − X'WZΛ A⁻¹ Λ'Z'WX (row-major p × p), at the returned mode. */
  S: Float64Array;
}

/**
 * Joint conditional modes of (u, β) for fixed θ (lme4's nAGQ = 0 step): minimises F(u, β).
 * `u` and `beta` are starts, updated in place.
 */
export function pirlsJoint(d: GlmmData, sys: RandomSystem, u: Float64Array, beta: Float64Array, wk: PirlsWork): PirlsResult & JointExtras {
  const { n, p, X, y, wt, offset } = d;
  const yl = d.ylogy;
  const fam = d.family ?? 0;
  const { q, m, zt, pos, blockOf } = sys;
  const scalar = m === 1 && sys.B === 1;
  const ru = new Float64Array(q), rb = new Float64Array(p);
  const C = new Float64Array(q * p), AinvC = new Float64Array(q * p);
  const S = new Float64Array(p * p), col = new Float64Array(q);
  const du = new Float64Array(q), db = new Float64Array(p), tu = new Float64Array(q), tb = new Float64Array(p);
  const { eta, mu, w, res } = wk;
  const A = sys.A;
  /**
   * One pass at (uu, bb): η, μ, the deviance, and the pieces of the next Newton system: r_β = X'(y − μ),
   * X'WX (lower triangle, into S), C = (ZΛ)'WX and, for one scalar term, A − I and (ZΛ)'(y − μ).
   */
  const pass = (uu: Float64Array, bb: Float64Array): number => {
    rb.fill(0); C.fill(0); S.fill(0);
    if (scalar) { A.fill(0); ru.fill(0); }
    let dev = 0;
    for (let i = 0; i < n; i++) {
      const o = i * p;
      let e = offset ? offset[i]! : 0;
      for (let a = 0; a < p; a++) e += X[o + a]! * bb[a]!;
      for (let c = i * m, end = c + m; c < end; c++) e += zt[c]! * uu[pos[c]!]!;
      eta[i] = e;
      // The family at this row, as `evalRow` computes it (written out: this loop is the hot one).
      const wti = wt ? wt[i]! : 1, yi = y[i]!, yli = yl ? yl[i]! : 0;
      let mi: number, wi: number;
      if (fam === 0) {
        const ae = Math.abs(e), ex = Math.exp(-ae);
        mi = (e >= 0 ? 1 : ex) / (1 + ex);
        wi = wti * mi * (1 - mi);
        const l = Math.log1p(ex);
        dev += 2 * wti * (yli + yi * (l + 0.5 * (ae - e)) + (1 - yi) * (l + 0.5 * (ae + e)));
      } else {
        mi = Math.exp(e);
        wi = wti * mi;
        dev += 2 * wti * (yli - yi * e - (yi - mi));
      }
      const ri = wti * (yi - mi);
      mu[i] = mi; w[i] = wi; res[i] = ri;
      for (let a = 0; a < p; a++) {
        const xa = X[o + a]!;
        rb[a] += xa * ri;
        const wxa = wi * xa;
        for (let b = 0; b <= a; b++) S[a * p + b] += wxa * X[o + b]!;
      }
      for (let c = i * m, end = c + m; c < end; c++) {
        const zc = zt[c]!, v = wi * zc, row = pos[c]! * p;
        for (let a = 0; a < p; a++) C[row + a] += v * X[o + a]!;
        if (scalar) { const g = blockOf[i]!; A[g] += v * zc; ru[g] += zc * ri; }
      }
    }
    return dev;
  };
  let devSum = pass(u, beta);
  let F = devSum + sumSq(u);
  let prevDec = Infinity;
  for (let it = 1; it <= MAX_ITER; it++) {
    if (scalar) { for (let g = 0; g < q; g++) A[g] += 1; } else sys.accumulate(w, res, ru);
    for (let j = 0; j < q; j++) ru[j] -= u[j]!;
    const logdet = sys.factor();
    schurComplement(sys, C, AinvC, S, col, p, q);
    // δβ = S⁻¹ (rβ − C' A⁻¹ r_u); δu = A⁻¹ r_u − A⁻¹C δβ.
    du.set(ru); sys.solve(du);
    for (let a = 0; a < p; a++) { let s = rb[a]!; for (let j = 0; j < q; j++) s -= AinvC[j * p + a]! * ru[j]!; db[a] = s; }
    cholSolve(S, p, db);
    for (let j = 0; j < q; j++) { let s = 0; for (let a = 0; a < p; a++) s += AinvC[j * p + a]! * db[a]!; du[j] -= s; }
    let dec = 0;
    for (let j = 0; j < q; j++) dec += du[j]! * ru[j]!;
    for (let a = 0; a < p; a++) dec += db[a]! * rb[a]!;
    const noiseFloor = dec < 1e-14 && dec > 0.25 * prevDec;
    if (dec < DONE || noiseFloor || it === MAX_ITER) {
      return { laplace: F + logdet, devSum, ussq: F - devSum, logdet, iterations: it, converged: it < MAX_ITER, S: Float64Array.from(S) };
    }
    prevDec = dec;
    let step = 1;
    for (let h = 0; h < 30; h++, step /= 2) {
      for (let j = 0; j < q; j++) tu[j] = u[j]! + step * du[j]!;
      for (let a = 0; a < p; a++) tb[a] = beta[a]! + step * db[a]!;
      const dv = pass(tu, tb);
      const Ft = dv + sumSq(tu);
      if (dec < QUADRATIC || Ft <= F) { u.set(tu); beta.set(tb); devSum = dv; F = Ft; break; }
      if (h === 29) throw new StatsError("glmm: PIRLS step halving failed to reduce the penalised deviance", "check the data for separation or extreme predictor values");
    }
  }
  throw new StatsError("glmm: PIRLS did not finish", "report this data set");
}

/**
 * With `sys` factored (A = Λ'Z'WZΛ + I), sets `AinvC` = A⁻¹C and subtracts C'A⁻¹C from `S` (= X'WX on entry), so
 * `S` becomes the Schur complement of the joint (u, β) system. C is q × p row-major; `col` is q scratch.
 */
export function schurComplement(sys: RandomSystem, C: Float64Array, AinvC: Float64Array, S: Float64Array, col: Float64Array, p: number, q: number): void {
  for (let a = 0; a < p; a++) {
    for (let j = 0; j < q; j++) col[j] = C[j * p + a]!;
    sys.solve(col);
    for (let j = 0; j < q; j++) AinvC[j * p + a] = col[j]!;
  }
  for (let a = 0; a < p; a++) for (let b = 0; b <= a; b++) {
    let s = 0;
    for (let j = 0; j < q; j++) s += C[j * p + a]! * AinvC[j * p + b]!;
    S[a * p + b] -= s;
    S[b * p + a] = S[a * p + b]!;
  }
}

/**
 * Solves S x = v in place for a symmetric positive-definite p × p matrix (row-major, full);
 * S is left unchanged.
 *
 * @throws {StatsError} when S is not positive definite.
 */
export function cholSolve(S: Float64Array, p: number, v: Float64Array): void {
  const L = cholesky(S, p);
  for (let i = 0; i < p; i++) { let s = v[i]!; for (let k = 0; k < i; k++) s -= L[i * p + k]! * v[k]!; v[i] = s / L[i * p + i]!; }
  for (let i = p - 1; i >= 0; i--) { let s = v[i]!; for (let k = i + 1; k < p; k++) s -= L[k * p + i]! * v[k]!; v[i] = s / L[i * p + i]!; }
}

/** Lower Cholesky factor of a symmetric p × p matrix (row-major), or throws when not positive definite. */
export function cholesky(S: ArrayLike<number>, p: number): Float64Array {
  const L = new Float64Array(p * p);
  for (let j = 0; j < p; j++) {
    let s = S[j * p + j]!;
    for (let k = 0; k < j; k++) s -= L[j * p + k]! ** 2;
    if (!(s > 0)) throw new StatsError("glmm: a fixed-effects system is not positive definite", "check for collinear or constant predictors");
    const r = Math.sqrt(s);
    L[j * p + j] = r;
    for (let i = j + 1; i < p; i++) {
      let t = S[i * p + j]!;
      for (let k = 0; k < j; k++) t -= L[i * p + k]! * L[j * p + k]!;
      L[i * p + j] = t / r;
    }
  }
  return L;
}

/** Inverse of a symmetric positive-definite p × p matrix (row-major). */
export function invertSpd(S: ArrayLike<number>, p: number): Float64Array {
  const inv = new Float64Array(p * p);
  const col = new Float64Array(p);
  const full = Float64Array.from(S as ArrayLike<number>);
  for (let j = 0; j < p; j++) {
    col.fill(0); col[j] = 1;
    cholSolve(full, p, col);
    for (let i = 0; i < p; i++) inv[i * p + j] = col[i]!;
  }
  return inv;
}
