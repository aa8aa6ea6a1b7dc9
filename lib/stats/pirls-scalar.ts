/**
 * glmer's two PIRLS variants (`pirls-lme4.ts`) for the common model with a single scalar random-effect term, such as
 * `(1 | g)`: there A = Λ'Z'WZΛ + I is diagonal, so an iteration is one sweep over the rows that evaluates the family at
 * the new linear predictor and sums the next iteration's system. The sweep is a few simple loops over contiguous
 * arrays (the fixed part of η column by column; η and its exponential; weights and per-group sums; the deviance; the
 * fixed-effect sums column by column), each calling at most one library function: a loop that calls both exp and
 * log1p per row runs markedly slower. Every sum is formed in row order with the operations of a single loop, and the
 * optional columns are filled in once per fit (`RowData`). The logistic mean picks its numerator without a branch,
 * since η's sign is a coin toss from row to row.
 *
 * For a random intercept (binomial: 0/1 data or counts of trials; Poisson) the per-row loops of each pass and of the
 * next iteration's sums run in WebAssembly (`kernels/glmm.wat`, through `RowData.kernel`): the same operations in the same
 * order, so the same results to the last bit, with the exponentials by fdlibm's algorithm two rows per vector. V8 compiles
 * these JavaScript loops, whose arrays arrive as arguments, to code about three times slower than the same loops over
 * arrays it can treat as constants; the WebAssembly loops do not depend on that.
 *
 * `pirlsJointLme4Scalar` performs the operations of `pirlsJointLme4` in the same order; its first iteration, which
 * starts from a linear predictor that does not depend on θ, reads the weights and working responses computed once per
 * fit. `laplaceLme4Scalar` is `laplaceLme4` with the first iteration's sums made once per fit with θ factored out
 * (`ScalarStart`). For counts the first gives the general code's results to the last bit; the binomial deviance sums
 * its log(1 + e^−|η|) terms as logs of products per prior-weight class (one log per class and run of rows instead of
 * log1p per row, which costs as much as the exponential), so there both agree to rounding (tests: 1e-13 relative in
 * the deviance, the same iterations).
 */
import { StatsError } from "../core/errors.js";
import type { RandomSystem } from "./glmm-system.js";
import { cholSolve, DONE, MAX_ITER, QUADRATIC, type PirlsResult, type PirlsWork } from "./pirls.js";
import { halveSteps, TOL_PWRSS } from "./pirls-lme4.js";
import { binomialPass, deviance, exponentials, fixedPart, fixedSums, groupSums, kernelFor, logisticMean, poissonPass, type RowData } from "./pirls-rows.js";

export { rowData, type RowData } from "./pirls-rows.js";


/**
 * The first iteration of glmer's first stage for one scalar term: the IRLS weights w₀ and working responses
 * v₀ = w₀(η₀ − offset) + score at the start η₀ (per row, independent of θ), and the fixed-effects sums X'v₀ and
 * X'W₀X (lower triangle), which do not depend on θ either.
 */
export interface JointStart {
  w: Float64Array;
  v: Float64Array;
  rb: Float64Array;
  S: Float64Array;
}

/** Precomputes {@link JointStart} from the start `eta0` (offset included). */
export function jointStart(rd: RowData, eta0: Float64Array): JointStart {
  const { n, p, y, wt, offset, binomial, cols } = rd;
  const w = new Float64Array(n), v = new Float64Array(n), rb = new Float64Array(p), S = new Float64Array(p * p);
  for (let i = 0; i < n; i++) {
    const e = eta0[i]!, wti = wt[i]!;
    let m: number, wi: number;
    if (binomial) {
      const ex = Math.exp(-Math.abs(e));
      m = logisticMean(e, ex);
      wi = wti * m * (1 - m);
    } else {
      m = Math.exp(e);
      wi = wti * m;
    }
    w[i] = wi; v[i] = wi * (e - offset[i]!) + wti * (y[i]! - m);
  }
  fixedSums(cols, w, v, rb, S);
  return { w, v, rb, S };
}

/**
 * `pirlsJointLme4` for a single scalar term (`sys.m === 1`, `sys.B === 1`) with θ set on `sys`, started from the η₀ of
 * `start`: same iterations, step halving and stopping rule, same results. On return `u`, `beta` hold the final
 * iterate and `wk.eta` its linear predictor.
 */
export function pirlsJointLme4Scalar(rd: RowData, sys: RandomSystem, start: JointStart, u: Float64Array, beta: Float64Array, wk: PirlsWork): PirlsResult {
  const { n, p, offset } = rd;
  const { q, blockOf, zt } = sys;
  const eta = wk.eta;
  const A = new Float64Array(q), ru = new Float64Array(q), C = new Float64Array(q * p), AinvC = new Float64Array(q * p);
  const rb = new Float64Array(p), S = new Float64Array(p * p), l2 = new Float64Array(q);
  const prevU = new Float64Array(q), prevB = new Float64Array(p);
  {
    // The first system, at η₀: A − I = Σ w₀z², r_u = Σ z·v₀, C = Σ w₀z·x per group; X'v₀ and X'W₀X as given.
    const { w, v } = start, wz = wk.mu;
    for (let i = 0; i < n; i++) {
      const g = blockOf[i]!, z = zt[i]!, wzi = w[i]! * z;
      A[g] += wzi * z;
      ru[g] += z * v[i]!;
      wz[i] = wzi;
    }
    groupSums(rd.cols, wz, blockOf, C);
    rb.set(start.rb);
    S.set(start.S);
  }
  /**
   * η = offset + Xβ + ZΛu, the deviance, and the next iteration's A − I, r_u, C, X'v and X'WX (lower triangle). The
   * sums over X run column by column (simple loops over contiguous columns), each element summed in row order as a
   * single loop over the rows would.
   */
  const { cols, fixed } = rd;
  const pass = (): number => { fixedPart(cols, offset, beta, fixed); return scalarPass(rd, fixed, zt, blockOf, u, eta); };
  // The next iteration's system at the state of the last pass (only needed when the loop goes on).
  const sums = (): void => jointSums(rd, sys, eta, wk, A, ru, rb, S, C);
  const ussq = (): number => { let s = 0; for (let j = 0; j < q; j++) s += u[j]! * u[j]!; return s; };
  let old = Number.MAX_VALUE;
  for (let it = 1; it <= 100; it++) {
    // Factor A (diagonal): log det, and the squared factor that `RandomSystem.solve` divides by.
    let logdet = 0;
    for (let g = 0; g < q; g++) { const ag = A[g]! + 1; logdet += Math.log(ag); const l = Math.sqrt(ag); l2[g] = l * l; }
    // Schur complement S = X'WX − C'A⁻¹C, then β = S⁻¹(X'v − C'A⁻¹r_u) and u = A⁻¹r_u − A⁻¹Cβ.
    for (let j = 0; j < q * p; j++) AinvC[j] = C[j]! / l2[(j / p) | 0]!;
    for (let a = 0; a < p; a++) for (let b = 0; b <= a; b++) {
      let s = 0;
      for (let j = 0; j < q; j++) s += C[j * p + a]! * AinvC[j * p + b]!;
      S[a * p + b] -= s;
      S[b * p + a] = S[a * p + b]!;
    }
    prevU.set(u); prevB.set(beta);
    for (let a = 0; a < p; a++) { let s = rb[a]!; for (let j = 0; j < q; j++) s -= AinvC[j * p + a]! * ru[j]!; beta[a] = s; }
    cholSolve(S, p, beta);
    for (let j = 0; j < q; j++) {
      let s = 0;
      for (let a = 0; a < p; a++) s += AinvC[j * p + a]! * beta[a]!;
      u[j] = ru[j]! / l2[j]! - s;
    }
    let dev = pass();
    let pdev = dev + ussq();
    if (Math.abs((old - pdev) / pdev) < TOL_PWRSS) return { laplace: pdev + logdet, devSum: dev, ussq: pdev - dev, logdet, iterations: it, converged: true };
    ({ dev, pdev } = halveSteps(u, prevU, q, beta, prevB, p, old, { dev, pdev }, () => { const v = pass(); return { dev: v, pdev: v + ussq() }; }));
    sums();
    old = pdev;
  }
  throw new StatsError("glmm: PIRLS did not converge in 100 iterations", "check the data for separation or extreme predictor values");
}

/** One pass at η = off + ZΛu: η into `eta`, the family's exponentials into `rd.ex`, and the deviance. */
function scalarPass(rd: RowData, off: Float64Array, zt: Float64Array, blockOf: Int32Array, u: Float64Array, eta: Float64Array): number {
  const ex = rd.ex;
  if (!rd.binomial) return poissonPass(rd, off, zt, blockOf, u, eta, ex);
  if (rd.weightClass) return binomialPass(rd, off, zt, blockOf, u, eta, ex);
  exponentials(true, off, zt, blockOf, u, eta, ex);
  return deviance(rd, eta, ex);
}

/**
 * The joint PIRLS system at the state of the last pass: the IRLS weights w, working responses v and w·z (into
 * `wk.w`, `wk.res`, `wk.mu`), A − I = Σ wz² and r_u = Σ z·v per group, X'v and X'WX, and C = Σ wz·x per group.
 */
function jointSums(rd: RowData, sys: RandomSystem, eta: Float64Array, wk: PirlsWork, A: Float64Array, ru: Float64Array, rb: Float64Array, S: Float64Array, C: Float64Array): void {
  const { n, y, wt, offset, binomial, cols, ex } = rd;
  const { blockOf, zt } = sys;
  const k = kernelFor(rd, eta);
  if (k) {
    k.jointSums(zt[0]!, A, ru);
    fixedSums(cols, k.w, k.v, rb, S);
    groupSums(cols, k.wz, blockOf, C);
    return;
  }
  const w = wk.w, v = wk.res, wz = wk.mu;
  A.fill(0); ru.fill(0);
  for (let i = 0; i < n; i++) {
    const g = blockOf[i]!, z = zt[i]!, e = eta[i]!, xi = ex[i]!;
    const wti = wt[i]!;
    const m = binomial ? logisticMean(e, xi) : xi;
    const wi = binomial ? wti * m * (1 - m) : wti * m;
    const vi = wi * (e - offset[i]!) + wti * (y[i]! - m);
    const wzi = wi * z;
    w[i] = wi; v[i] = vi; wz[i] = wzi;
    A[g] += wzi * z;
    ru[g] += z * vi;
  }
  fixedSums(cols, w, v, rb, S);
  groupSums(cols, wz, blockOf, C);
}

/** The second stage's A − I = Σ wz² and right-hand side Σ z(w·zΛu + wt(y − μ)) per group at the state of the last pass. */
function laplaceSums(rd: RowData, sys: RandomSystem, u: Float64Array, eta: Float64Array, A: Float64Array, rhs: Float64Array): void {
  const { n, y, wt, binomial, ex } = rd;
  const { blockOf, zt } = sys;
  const k = kernelFor(rd, eta);
  if (k) { k.laplaceSums(zt[0]!, u, A, rhs); return; }
  A.fill(0); rhs.fill(0);
  for (let i = 0; i < n; i++) {
    const g = blockOf[i]!, z = zt[i]!, bz = z * u[g]!, e = eta[i]!, xi = ex[i]!;
    const wti = wt[i]!;
    const m = binomial ? logisticMean(e, xi) : xi;
    const wi = binomial ? wti * m * (1 - m) : wti * m;
    A[g] += wi * z * z;
    rhs[g] += z * (wi * bz + wti * (y[i]! - m));
  }
}

/**
 * What the first iteration of glmer's second stage (from `lp0`) needs for a single scalar term, summed by group once
 * per fit: s_g = Σ w₀z², a_g = Σ z(w₀(lp0 − offset) + score₀) and B_gj = Σ z·w₀·x_j (row-major q × p), with z the
 * raw Z values and w₀, score₀ the IRLS weight and score at μ₀. With θ and β the first iteration then costs O(q·p)
 * instead of a pass over the rows: A − I = θ²s, r_u = θ(a − Bβ).
 */
export interface ScalarStart {
  s: Float64Array;
  a: Float64Array;
  B: Float64Array;
}

/** Precomputes {@link ScalarStart} (single scalar term only: `sys.m === 1`, `sys.B === 1`). */
export function scalarStart(rd: RowData, sys: RandomSystem, lp0: Float64Array, mu0: Float64Array): ScalarStart {
  const { n, p, X, y, wt, offset, binomial } = rd;
  const q = sys.q;
  const s = new Float64Array(q), a = new Float64Array(q), B = new Float64Array(q * p);
  for (let i = 0; i < n; i++) {
    const g = sys.blockOf[i]!, z = sys.zraw[i]!, m = mu0[i]!, wti = wt[i]!;
    const w0 = binomial ? wti * m * (1 - m) : wti * m, r0 = wti * (y[i]! - m);
    s[g] += w0 * z * z;
    a[g] += z * (w0 * (lp0[i]! - offset[i]!) + r0);
    const zw = z * w0, o = i * p, ob = g * p;
    for (let j = 0; j < p; j++) B[ob + j] += zw * X[o + j]!;
  }
  return { s, a, B };
}

/**
 * `laplaceLme4` (glmer's second-stage deviance) for a single scalar term, each iteration one pass over the rows
 * (linear predictor, μ, deviance, and the next iteration's A and right-hand side). Same iterations and stopping rule
 * as lme4; θ is `theta` (also set on `sys`), β is `beta`. Fills `wk.off` with Xβ + offset; on return `u` holds the
 * final iterate.
 */
export function laplaceLme4Scalar(rd: RowData, sys: RandomSystem, start: ScalarStart, theta: number, beta: ArrayLike<number>, u: Float64Array, wk: PirlsWork): PirlsResult {
  const { n, p, y, wt, ylogy, offset, binomial } = rd;
  const { q, blockOf, zt } = sys;
  const off = rd.kernel ? rd.kernel.offLaplace : wk.off;
  const A = new Float64Array(q), rhs = new Float64Array(q), prev = new Float64Array(q);
  for (let g = 0; g < q; g++) {
    A[g] = theta * theta * start.s[g]!;
    let r = start.a[g]!;
    for (let j = 0; j < p; j++) r -= start.B[g * p + j]! * beta[j]!;
    rhs[g] = theta * r;
  }
  fixedPart(rd.cols, offset, beta, off);
  const eta = wk.eta, ex = rd.ex;
  // Counts with a random intercept (Z constant): μ = exp(Xβ + offset)·exp(θu_g), the first factor once per evaluation,
  // the second once per group and pass, instead of an exponential per row in every pass (equal to rounding).
  let E: Float64Array | undefined;
  const zc = zt[0] ?? 0;
  // The kernel computes E into its `off` (this fit's `rd.fixed`) from its `offLaplace` (`off` here).
  const k = kernelFor(rd, eta, off);
  const kE = k && rd.fixed === k.off && off === k.offLaplace ? k : undefined;
  if (!binomial && rd.zConst) {
    E = rd.fixed;
    let finite = true;
    if (kE) finite = kE.expOffLaplace();
    else for (let i = 0; i < n; i++) { const v = Math.exp(off[i]!); E[i] = v; if (!(v > 0 && v < Infinity)) finite = false; }
    if (!finite) E = undefined;
  }
  const G = new Float64Array(q);
  const pass = (): number => {
    let factored = E !== undefined;
    if (E) for (let g = 0; g < q; g++) { const v = Math.exp(zc * u[g]!); G[g] = v; if (!(v > 0 && v < Infinity)) factored = false; }
    if (E && factored) {
      if (kE) return kE.factoredPass(zc, u, G);
      // η, μ and the Poisson deviance in one loop (no library call in it).
      let dev = 0;
      for (let i = 0; i < n; i++) {
        const g = blockOf[i]!, e = off[i]! + zc * u[g]!, m = E[i]! * G[g]!, yi = y[i]!;
        eta[i] = e; ex[i] = m;
        dev += 2 * wt[i]! * (ylogy[i]! - yi * e - (yi - m));
      }
      return dev;
    }
    return scalarPass(rd, off, zt, blockOf, u, eta);
  };
  // A, rhs for the next iteration at the state of the last pass (only needed when the loop goes on).
  const sums = (): void => laplaceSums(rd, sys, u, eta, A, rhs);
  const ussq = (): number => { let s = 0; for (let g = 0; g < q; g++) s += u[g]! * u[g]!; return s; };
  let old = Number.MAX_VALUE;
  for (let it = 1; it <= 30; it++) {
    let logdet = 0;
    prev.set(u);
    for (let g = 0; g < q; g++) { const ag = A[g]! + 1; logdet += Math.log(ag); u[g] = rhs[g]! / ag; }
    let dev = pass();
    let pdev = dev + ussq();
    if (Math.abs((old - pdev) / pdev) < TOL_PWRSS) return { laplace: pdev + logdet, devSum: dev, ussq: pdev - dev, logdet, iterations: it, converged: true };
    ({ dev, pdev } = halveSteps(u, prev, q, undefined, undefined, 0, old, { dev, pdev }, () => { const v = pass(); return { dev: v, pdev: v + ussq() }; }));
    sums();
    old = pdev;
  }
  throw new StatsError("glmm: PIRLS did not converge in 30 iterations", "check the data for separation or extreme predictor values");
}

/**
 * The fixed-effects fit (no random effects) by Newton's method from `beta`, updated in place: `pirlsJoint` with no
 * random-effect term, the same iterations, step halving and stopping rule, in the loops of the kernels above, so the
 * same results. On return `wk.eta` holds the final linear predictor.
 */
export function glmIrls(rd: RowData, beta: Float64Array, wk: PirlsWork): { devSum: number; iterations: number; converged: boolean } {
  const { n, p, y, wt, offset, binomial, cols, ex } = rd;
  const { eta, mu, w, res } = wk;
  const rb = new Float64Array(p), S = new Float64Array(p * p), db = new Float64Array(p), tb = new Float64Array(p);
  const pass = (bb: Float64Array): number => {
    fixedPart(cols, offset, bb, eta);
    if (binomial) for (let i = 0; i < n; i++) ex[i] = Math.exp(-Math.abs(eta[i]!));
    else for (let i = 0; i < n; i++) ex[i] = Math.exp(eta[i]!);
    return deviance(rd, eta, ex);
  };
  // X'(y − μ) and X'WX (lower triangle) at the state of the last pass.
  const sums = (): void => {
    for (let i = 0; i < n; i++) {
      const e = eta[i]!, xi = ex[i]!, wti = wt[i]!;
      const m = binomial ? logisticMean(e, xi) : xi;
      mu[i] = m; w[i] = binomial ? wti * m * (1 - m) : wti * m; res[i] = wti * (y[i]! - m);
    }
    fixedSums(cols, w, res, rb, S);
  };
  let devSum = pass(beta);
  sums();
  let prevDec = Infinity;
  for (let it = 1; it <= MAX_ITER; it++) {
    for (let a = 0; a < p; a++) for (let b = 0; b < a; b++) S[b * p + a] = S[a * p + b]!;
    db.set(rb);
    cholSolve(S, p, db);
    let dec = 0;
    for (let a = 0; a < p; a++) dec += db[a]! * rb[a]!;
    const noiseFloor = dec < 1e-14 && dec > 0.25 * prevDec;
    if (dec < DONE || noiseFloor || it === MAX_ITER) return { devSum, iterations: it, converged: it < MAX_ITER };
    prevDec = dec;
    let step = 1;
    for (let h = 0; h < 30; h++, step /= 2) {
      for (let a = 0; a < p; a++) tb[a] = beta[a]! + step * db[a]!;
      const dv = pass(tb);
      if (dec < QUADRATIC || dv <= devSum) { beta.set(tb); devSum = dv; break; }
      if (h === 29) throw new StatsError("glmm: PIRLS step halving failed to reduce the penalised deviance", "check the data for separation or extreme predictor values");
    }
    sums();
  }
  throw new StatsError("glmm: PIRLS did not finish", "report this data set");
}
