/**
 * The Laplace deviance exactly as lme4's `glmer` evaluates it. Second stage (`glmerLaplace` with nAGQ = 1):
 * PIRLS for u starts from the linear predictor at the end of the first stage (`lp0`), each iteration factors
 * A = Λ'Z'WZΛ + I with the current weights and solves the IRLS normal equations for u, and the loop stops when
 * the penalised deviance changes by less than `tolPwrss` (1e-7) relative. The log-determinant is the one of the
 * last factorisation, i.e. at the weights before the final update. First stage (nAGQ = 0): the same loop over
 * (u, β) together, always from the linear predictor of one initial PIRLS run (`pirlsJointLme4`); where it ends
 * sets lp0. The results differ from the Laplace deviance at the exact mode by up to ~3e-3 on typical data, which
 * moves the estimates by up to ~1e-3 relative; these variants are what make the fit agree with lme4 beyond that
 * (fixtures/glmm-tight-objective.R shows both effects in lme4 itself).
 */
import { StatsError } from "../core/errors.js";
import type { RandomSystem } from "./glmm-system.js";
import { cholSolve, schurComplement, type GlmmData, type PirlsResult, type PirlsWork } from "./pirls.js";
import { evalRow, linkinv, row, weightAt } from "./glmm-family.js";

/** lme4's glmerControl()$tolPwrss. */
export const TOL_PWRSS = 1e-7;
/** lme4's limit on step halvings per PIRLS iteration (pwrssUpdate's maxstephalfit). */
const MAX_HALVINGS = 20;

/**
 * glmer's step halving: while the penalised deviance `pdev` exceeds the last iteration's `old`, move u (its first `q`
 * entries) and β (its first `p`; 0 when β is fixed) halfway back to the previous iterate and evaluate again, up to
 * 20 times; an error when it still exceeds `old` by more than the tolerance. Returns the deviance and penalised
 * deviance reached.
 */
export function halveSteps(u: Float64Array, prevU: Float64Array, q: number, beta: Float64Array | undefined, prevB: Float64Array | undefined, p: number, old: number, reached: { dev: number; pdev: number }, evaluate: () => { dev: number; pdev: number }): { dev: number; pdev: number } {
  let { dev, pdev } = reached;
  if (pdev > old) {
    for (let k = 0; k < MAX_HALVINGS && pdev > old; k++) {
      for (let j = 0; j < q; j++) u[j] = (prevU[j]! + u[j]!) / 2;
      for (let a = 0; a < p; a++) beta![a] = (prevB![a]! + beta![a]!) / 2;
      ({ dev, pdev } = evaluate());
    }
    if (pdev - old > TOL_PWRSS) throw new StatsError("glmm: PIRLS step halving failed to reduce the deviance", "check the data for separation or extreme predictor values");
  }
  return { dev, pdev };
}

/** η = Xβ + offset + ZΛu, μ, the IRLS weights and scores (into `w`, `sc`), and the penalised deviance Σ dᵢ + ‖u‖². */
function penalisedDeviance(d: GlmmData, sys: RandomSystem, u: Float64Array, wk: PirlsWork, eta: Float64Array, w: Float64Array, sc: Float64Array): { dev: number; pdev: number } {
  sys.setEta(wk.off, u, eta);
  const { mu } = wk;
  const fam = d.family ?? 0, wt = d.wt, y = d.y, yl = d.ylogy;
  let dev = 0;
  for (let i = 0; i < d.n; i++) {
    evalRow(fam, eta[i]!, y[i]!, wt ? wt[i]! : 1, yl ? yl[i]! : 0);
    mu[i] = row.mu; w[i] = row.w; sc[i] = row.res;
    dev += row.dev;
  }
  let us = 0;
  for (let j = 0; j < u.length; j++) us += u[j]! * u[j]!;
  return { dev, pdev: dev + us };
}

/**
 * lme4's stage-2 deviance for θ (set on `sys`) and β (`wk.off` = Xβ), starting from `lp0`
 * (and `mu0`, the inverse logit of `lp0`, computed once by the caller).
 * On return `u` holds the final iterate.
 */
export function laplaceLme4(d: GlmmData, sys: RandomSystem, lp0: Float64Array, mu0: Float64Array, u: Float64Array, wk: PirlsWork): PirlsResult {
  const { n, y, wt } = d;
  const fam = d.family ?? 0;
  const { eta, mu, w, off } = wk;
  const v = wk.res;
  const sc = new Float64Array(n);
  const prev = new Float64Array(sys.q);
  eta.set(lp0);
  mu.set(mu0);
  for (let i = 0; i < n; i++) { const r = weightAt(fam, mu0[i]!, y[i]!, wt ? wt[i]! : 1); w[i] = r.w; sc[i] = r.res; }
  let old = Number.MAX_VALUE;
  for (let it = 1; it <= 30; it++) {
    // Weighted working response relative to Xβ + offset: W(η − Xβ − offset) + wt(y − μ).
    for (let i = 0; i < n; i++) v[i] = w[i]! * (eta[i]! - off[i]!) + sc[i]!;
    prev.set(u);
    sys.accumulate(w, v, u);
    const logdet = sys.factor();
    sys.solve(u);
    let { dev, pdev } = penalisedDeviance(d, sys, u, wk, eta, w, sc);
    if (Math.abs((old - pdev) / pdev) < TOL_PWRSS) return { laplace: pdev + logdet, devSum: dev, ussq: pdev - dev, logdet, iterations: it, converged: true };
    ({ dev, pdev } = halveSteps(u, prev, u.length, undefined, undefined, 0, old, { dev, pdev }, () => penalisedDeviance(d, sys, u, wk, eta, w, sc)));
    old = pdev;
  }
  throw new StatsError("glmm: PIRLS did not converge in 30 iterations", "check the data for separation or extreme predictor values");
}

/**
 * The linear predictor glmer starts from: the family's starting values μ₀ (binomial (w·y + ½)/(w + 1) with w the
 * numbers of trials, Poisson y + 0.1) on the link scale, plus the offset.
 */
export function startEta(d: GlmmData): Float64Array {
  const fam = d.family ?? 0;
  const eta = new Float64Array(d.n);
  for (let i = 0; i < d.n; i++) {
    const y = d.y[i]!, w = d.wt ? d.wt[i]! : 1;
    const m0 = fam === 0 ? (w * y + 0.5) / (w + 1) : y + 0.1;
    eta[i] = (fam === 0 ? Math.log(m0 / (1 - m0)) : Math.log(m0)) + (d.offset ? d.offset[i]! : 0);
  }
  return eta;
}

/**
 * lme4's first-stage deviance (`glmer`'s nAGQ = 0 step, `pwrssUpdate` with u and β updated together) for θ set on
 * `sys`: IRLS started from the linear predictor `eta0` (offset included), each iteration solving the penalised
 * weighted least-squares problem for (u, β) at the current weights, step halving towards the previous iterate when
 * the penalised deviance rises, stopped when it changes by less than `tolPwrss` (1e-7) relative. The log-determinant
 * is the last factorisation's. On return `u`, `beta` hold the final iterate and `wk.eta` its linear predictor, which
 * is the start (lp0) of the second stage when θ is the first stage's optimum.
 */
export function pirlsJointLme4(d: GlmmData, sys: RandomSystem, eta0: Float64Array, u: Float64Array, beta: Float64Array, wk: PirlsWork): PirlsResult {
  const { n, p, X, y, wt, offset } = d;
  const yl = d.ylogy;
  const fam = d.family ?? 0;
  const { q, m, zt, pos } = sys;
  const { eta, mu, w } = wk;
  const v = wk.res;
  const sc = new Float64Array(n);
  const ru = new Float64Array(q), rb = new Float64Array(p), C = new Float64Array(q * p), AinvC = new Float64Array(q * p);
  const S = new Float64Array(p * p), col = new Float64Array(q), prevU = new Float64Array(q), prevB = new Float64Array(p);
  /** η = offset + Xβ + ZΛu, μ, weights, scores; returns the deviance. */
  const state = (): number => {
    let dev = 0;
    for (let i = 0; i < n; i++) {
      const o = i * p;
      let e = offset ? offset[i]! : 0;
      for (let a = 0; a < p; a++) e += X[o + a]! * beta[a]!;
      for (let c = i * m, end = c + m; c < end; c++) e += zt[c]! * u[pos[c]!]!;
      eta[i] = e;
      evalRow(fam, e, y[i]!, wt ? wt[i]! : 1, yl ? yl[i]! : 0);
      mu[i] = row.mu; w[i] = row.w; sc[i] = row.res;
      dev += row.dev;
    }
    return dev;
  };
  const ussq = (): number => { let s = 0; for (let j = 0; j < q; j++) s += u[j]! * u[j]!; return s; };
  eta.set(eta0);
  for (let i = 0; i < n; i++) {
    evalRow(fam, eta0[i]!, y[i]!, wt ? wt[i]! : 1, yl ? yl[i]! : 0);
    mu[i] = row.mu; w[i] = row.w; sc[i] = row.res;
  }
  let old = Number.MAX_VALUE;
  for (let it = 1; it <= 100; it++) {
    // Weighted working response relative to the offset: W(η − offset) + wt(y − μ).
    for (let i = 0; i < n; i++) v[i] = w[i]! * (eta[i]! - (offset ? offset[i]! : 0)) + sc[i]!;
    sys.accumulate(w, v, ru);
    rb.fill(0); C.fill(0); S.fill(0);
    for (let i = 0; i < n; i++) {
      const o = i * p, wi = w[i]!, vi = v[i]!;
      for (let a = 0; a < p; a++) {
        const xa = X[o + a]!;
        rb[a] += xa * vi;
        const wxa = wi * xa;
        for (let b = 0; b <= a; b++) S[a * p + b] += wxa * X[o + b]!;
      }
      for (let c = i * m, end = c + m; c < end; c++) {
        const wz = wi * zt[c]!, r = pos[c]! * p;
        for (let a = 0; a < p; a++) C[r + a] += wz * X[o + a]!;
      }
    }
    const logdet = sys.factor();
    schurComplement(sys, C, AinvC, S, col, p, q);
    prevU.set(u); prevB.set(beta);
    // β = S⁻¹(X'Wz − C'A⁻¹ r_u), u = A⁻¹ r_u − A⁻¹C β (S = X'WX − C'A⁻¹C the Schur complement).
    for (let a = 0; a < p; a++) { let s = rb[a]!; for (let j = 0; j < q; j++) s -= AinvC[j * p + a]! * ru[j]!; beta[a] = s; }
    cholSolve(S, p, beta);
    u.set(ru); sys.solve(u);
    for (let j = 0; j < q; j++) { let s = 0; for (let a = 0; a < p; a++) s += AinvC[j * p + a]! * beta[a]!; u[j] -= s; }
    let dev = state();
    let pdev = dev + ussq();
    if (Math.abs((old - pdev) / pdev) < TOL_PWRSS) return { laplace: pdev + logdet, devSum: dev, ussq: pdev - dev, logdet, iterations: it, converged: true };
    ({ dev, pdev } = halveSteps(u, prevU, q, beta, prevB, p, old, { dev, pdev }, () => { const v = state(); return { dev: v, pdev: v + ussq() }; }));
    old = pdev;
  }
  throw new StatsError("glmm: PIRLS did not converge in 100 iterations", "check the data for separation or extreme predictor values");
}

/** μ from η for the data's family. */
export function invLink(d: GlmmData, eta: Float64Array): Float64Array {
  return linkinv(d.family ?? 0, eta);
}
