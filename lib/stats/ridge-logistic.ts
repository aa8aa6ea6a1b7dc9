/**
 * Logistic regression with a ridge (L2) penalty on the slopes, not the intercept: the minimiser of
 *
 *   Σᵢ [log(1 + exp(ηᵢ)) − yᵢ ηᵢ] + (λ/2) Σⱼ βⱼ²,   ηᵢ = β₀ + xᵢᵀβ,
 *
 * found by Newton's method (penalised iteratively reweighted least squares). With λ = 0 it is R's
 * `glm(y ~ x, family = binomial)`; with λ > 0 it is scikit-learn's `LogisticRegression(C = 1/λ)` (whose default
 * penalty also spares the intercept). The penalty keeps the fit finite when a column separates the classes, where an
 * unpenalised fit has no maximum.
 */
import { StatsError } from "../core/errors.js";
import { cholesky, forwardSolve, backSolveT } from "./linalg.js";

/** A fitted ridge logistic regression. */
export interface RidgeLogisticFit {
  intercept: number;
  coef: number[];
  lambda: number;
  /** The penalised negative log-likelihood at the estimate. */
  objective: number;
  iterations: number;
  converged: boolean;
}

/**
 * Fits a ridge logistic regression of `y` (0 or 1) on the rows of `x` (n × p).
 *
 * @throws {StatsError} for rows of unequal length, a response outside {0, 1}, λ = 0 with a column that separates the
 *   responses (fitted probabilities of 0 or 1), or a Newton system that is not positive definite (λ = 0 with a constant
 *   or dependent column).
 * @example
 * const fit = ridgeLogistic([[0], [1], [2], [3]], [0, 1, 0, 1], 1);
 * fit.coef[0]; // 0.4529 (scipy.optimize on the same objective: 0.45287525)
 */
export function ridgeLogistic(x: readonly (readonly number[])[], y: readonly number[], lambda: number, opts: { maxIter?: number; tol?: number } = {}): RidgeLogisticFit {
  const n = x.length;
  const p = n > 0 ? x[0].length : 0;
  if (y.length !== n) throw new StatsError(`ridgeLogistic: ${n} rows of x but ${y.length} responses`, "give one response per row");
  if (x.some((r) => r.length !== p)) throw new StatsError("ridgeLogistic: rows of x differ in length", "give every row the same columns");
  if (y.some((v) => v !== 0 && v !== 1)) throw new StatsError("ridgeLogistic: a response outside {0, 1}", "code the response as 0 or 1");
  if (!(lambda >= 0)) throw new StatsError(`ridgeLogistic: lambda ${lambda} is not ≥ 0`, "give a penalty of 0 or more");
  const q = p + 1;
  const beta = new Float64Array(q);
  const maxIter = opts.maxIter ?? 50;
  const tol = opts.tol ?? 1e-10;
  // each row's non-zero columns (the intercept's first): the Newton system sums over pairs of them only, so a wide,
  // mostly-zero design (indicators) costs what its non-zeros do; the sums are those of the dense loop, term for term
  const nz = x.map((r) => {
    const at = [0];
    for (let j = 0; j < p; j++) if (r[j] !== 0) at.push(j + 1);
    return Int32Array.from(at);
  });
  const objective = (b: Float64Array): number => {
    let f = 0;
    for (let i = 0; i < n; i++) {
      const at = nz[i];
      let eta = b[0];
      for (let k = 1; k < at.length; k++) eta += b[at[k]] * x[i][at[k] - 1];
      f += (eta > 0 ? eta + Math.log1p(Math.exp(-eta)) : Math.log1p(Math.exp(eta))) - y[i] * eta;
    }
    for (let j = 1; j < q; j++) f += 0.5 * lambda * b[j] * b[j];
    return f;
  };
  let f = objective(beta);
  let iterations = 0;
  let converged = false;
  const row = new Float64Array(q);
  while (iterations < maxIter) {
    iterations++;
    const H = new Float64Array(q * q);
    const g = new Float64Array(q);
    for (let i = 0; i < n; i++) {
      const at = nz[i];
      row[0] = 1;
      for (let k = 1; k < at.length; k++) row[at[k]] = x[i][at[k] - 1];
      let eta = 0;
      for (let k = 0; k < at.length; k++) eta += beta[at[k]] * row[at[k]];
      const mu = 1 / (1 + Math.exp(-eta));
      const w = mu * (1 - mu);
      const r = mu - y[i];
      for (let ka = 0; ka < at.length; ka++) {
        const a = at[ka];
        g[a] += r * row[a];
        const wa = w * row[a];
        for (let kb = 0; kb <= ka; kb++) H[a * q + at[kb]] += wa * row[at[kb]];
      }
    }
    for (let j = 1; j < q; j++) {
      g[j] += lambda * beta[j];
      H[j * q + j] += lambda;
    }
    for (let a = 0; a < q; a++) for (let b = a + 1; b < q; b++) H[a * q + b] = H[b * q + a];
    const L = cholesky(H, q, "ridgeLogistic: the Newton system");
    const step = Float64Array.from(g);
    forwardSolve(L, q, step);
    backSolveT(L, q, step);
    // a halving line search keeps every step downhill
    let t = 1;
    let next = beta.map((b, j) => b - t * step[j]);
    let fn = objective(next);
    while (fn > f + 1e-12 * Math.abs(f) && t > 1e-8) {
      t /= 2;
      next = beta.map((b, j) => b - t * step[j]);
      fn = objective(next);
    }
    const change = Math.abs(f - fn) / (Math.abs(fn) + 0.1);
    beta.set(next);
    f = fn;
    if (change < tol) {
      converged = true;
      break;
    }
  }
  const fit = { intercept: beta[0], coef: Array.from(beta.subarray(1)), lambda, objective: f, iterations, converged };
  // without a penalty a separating column sends the slopes off to infinity (R's glm warns "fitted probabilities
  // numerically 0 or 1 occurred"); the estimate is no estimate then
  if (lambda === 0 && x.some((r) => { const m = ridgeLogisticProbability(fit, r); return m < 1e-10 || m > 1 - 1e-10; })) {
    throw new StatsError("ridgeLogistic: fitted probabilities of 0 or 1 (a column separates the responses)", "give a penalty lambda > 0");
  }
  return fit;
}

/** The fitted probability of a row. */
export function ridgeLogisticProbability(fit: Pick<RidgeLogisticFit, "intercept" | "coef">, x: readonly number[]): number {
  let eta = fit.intercept;
  for (let j = 0; j < x.length; j++) eta += fit.coef[j] * x[j];
  return 1 / (1 + Math.exp(-eta));
}
