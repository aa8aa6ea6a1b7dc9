/**
 * Generalised linear models as R's `glm`: the binomial family with the logit link and the gaussian
 * family with the identity link, fitted by iteratively reweighted least squares (R's defaults:
 * start from μ = (y + 0.5)/2, stop when |Δdeviance| / (|deviance| + 0.1) < 1e-8, at most 25 iterations).
 * Standard errors from the inverse information at the estimate (gaussian: scaled by the residual
 * variance, with t tests; binomial: Wald z tests).
 */
import { StatsError } from "../core/errors.js";
import { buildMixedDesign, type DesignOptions } from "./design.js";
import type { DataInput, DroppedRows } from "./frame.js";
import { reported } from "./warnings.js";
import { cholInverse, choleskyInPlace } from "./linalg.js";
import { normalTestP, tTestP } from "./distributions.js";
import { checkOptions, GlmOptionsSchema } from "./options.js";

/** Options of {@link glm}. */
export interface GlmOptions extends DesignOptions {
  /** The family (default "gaussian", as R's glm). */
  family?: "binomial" | "gaussian";
  /** Maximum IRLS iterations (default 25, as R). */
  maxIter?: number;
}

/** A fitted GLM. Per-coefficient fields are keyed by R's coefficient names. */
export interface GlmFit {
  formula: string;
  family: "binomial" | "gaussian";
  names: string[];
  coef: Record<string, number>;
  se: Record<string, number>;
  /** Wald statistic (a t statistic for the gaussian family). */
  z: Record<string, number>;
  p: Record<string, number>;
  /** exp(coef) for the binomial family. */
  oddsRatio?: Record<string, number>;
  vcov: number[][];
  logLik: number;
  aic: number;
  bic: number;
  deviance: number;
  nullDeviance: number;
  /** Residual degrees of freedom. */
  df: number;
  dispersion: number;
  iterations: number;
  converged: boolean;
  nobs: number;
  nDropped: number;
  /** Why rows were dropped: missing values by column, undefined function values (`log(x)` of x ≤ 0) by function. */
  dropped: DroppedRows;
  /** Warnings (rows dropped); printed in notebooks. */
  warnings: string[];
  /** Fixed-effect columns dropped as constant, all zero or linearly dependent (as lme4; R's lm shows them as NA). */
  droppedColumns: string[];
}

/**
 * Fits a GLM.
 *
 * @throws {ConfigError} for an unknown family or option.
 * @throws {StatsError} for perfect or quasi-complete separation (fitted probabilities of 0 or 1), a
 *   binomial response outside {0, 1}, no convergence, or a degenerate design. Constant, all-zero and dependent
 *   columns are dropped and listed in `droppedColumns` unless `rankDeficient: "error"`.
 * @example
 * const fit = glm("willing ~ diss10 + sil10", panel, { family: "binomial" });
 * fit.coef.diss10;      // 1.3349
 * fit.oddsRatio.diss10; // 3.80
 */
export function glm(formula: string, data: DataInput, opts: GlmOptions = {}): GlmFit {
  checkOptions("glm", GlmOptionsSchema, opts);
  const d = buildMixedDesign(formula, data, opts);
  if (d.reTerms.length) throw new StatsError(`glm("${formula}"): random-effect terms are not allowed`, "use glmm() or lmm()");
  const { n, p, X, y } = d;
  const fam = opts.family ?? "gaussian";
  if (fam !== "binomial" && fam !== "gaussian") throw new StatsError(`glm: unknown family "${String(fam)}"`, 'use "binomial" or "gaussian"');
  if (fam === "binomial") for (let i = 0; i < n; i++) if (y[i] !== 0 && y[i] !== 1) {
    throw new StatsError(`glm("${formula}"): binomial response must be 0/1, row ${i + 1} has ${y[i]}`, "code the outcome as 0/1 or a two-level factor");
  }
  if (n <= p) throw new StatsError(`glm("${formula}"): ${n} rows for ${p} coefficients`, "use more data or fewer predictors");
  const mu = new Float64Array(n), eta = new Float64Array(n);
  for (let i = 0; i < n; i++) { mu[i] = fam === "binomial" ? (y[i]! + 0.5) / 2 : y[i]!; eta[i] = fam === "binomial" ? Math.log(mu[i]! / (1 - mu[i]!)) : mu[i]!; }
  const devOf = (): number => {
    let s = 0;
    for (let i = 0; i < n; i++) s += fam === "binomial" ? -2 * (y[i] ? Math.log(mu[i]!) : Math.log(1 - mu[i]!)) : (y[i]! - mu[i]!) ** 2;
    return s;
  };
  let dev = devOf(), converged = false, iter = 0;
  const beta = new Float64Array(p);
  let A = new Float64Array(p * p);
  const maxIter = opts.maxIter ?? 25;
  for (iter = 1; iter <= maxIter; iter++) {
    A = new Float64Array(p * p);
    const b = new Float64Array(p);
    for (let i = 0; i < n; i++) {
      const w = fam === "binomial" ? mu[i]! * (1 - mu[i]!) : 1;
      const z = fam === "binomial" ? eta[i]! + (y[i]! - mu[i]!) / w : y[i]!;
      for (let a = 0; a < p; a++) {
        const xa = X[i * p + a]! * w;
        b[a] += xa * z;
        for (let c = 0; c <= a; c++) A[a * p + c] += xa * X[i * p + c]!;
      }
    }
    if (!choleskyInPlace(A, p)) throw new StatsError(`glm("${formula}"): the weighted design became singular`, "check for separation or collinear predictors");
    const L = A;
    const inv = cholInverse(L, p);
    for (let a = 0; a < p; a++) { let s = 0; for (let c = 0; c < p; c++) s += inv[a * p + c]! * b[c]!; beta[a] = s; }
    for (let i = 0; i < n; i++) {
      let e = 0;
      for (let a = 0; a < p; a++) e += X[i * p + a]! * beta[a]!;
      eta[i] = e;
      mu[i] = fam === "binomial" ? 1 / (1 + Math.exp(-e)) : e;
    }
    const newDev = devOf();
    if (Math.abs(newDev - dev) / (Math.abs(newDev) + 0.1) < 1e-8) { dev = newDev; converged = true; break; }
    dev = newDev;
  }
  if (fam === "binomial") {
    const eps = 10 * 2.220446049250313e-16;
    let extreme = 0;
    for (let i = 0; i < n; i++) if (mu[i]! < eps || mu[i]! > 1 - eps) extreme++;
    if (extreme > 0 || !converged) {
      throw new StatsError(`glm("${formula}"): perfect or quasi-complete separation (${extreme} fitted probabilities numerically 0 or 1${converged ? "" : ", no convergence"})`,
        "a predictor (or combination) splits the outcome perfectly; drop or merge it, or use a penalised model");
    }
  } else if (!converged) {
    throw new StatsError(`glm("${formula}"): IRLS did not converge in ${maxIter} iterations`, "check the data for extreme values");
  }
  // Information at the estimate.
  const W = new Float64Array(p * p);
  for (let i = 0; i < n; i++) {
    const w = fam === "binomial" ? mu[i]! * (1 - mu[i]!) : 1;
    for (let a = 0; a < p; a++) for (let c = 0; c <= a; c++) W[a * p + c] += w * X[i * p + a]! * X[i * p + c]!;
  }
  choleskyInPlace(W, p);
  const inv = cholInverse(W, p);
  const df = n - p;
  const dispersion = fam === "binomial" ? 1 : dev / df;
  const names = d.fixefNames;
  const rec = (f: (j: number) => number): Record<string, number> => Object.fromEntries(names.map((nm, j) => [nm, f(j)]));
  const se = (j: number): number => Math.sqrt(dispersion * inv[j * p + j]!);
  let ybar = 0;
  for (let i = 0; i < n; i++) ybar += y[i]! / n;
  let nullDev = 0;
  for (let i = 0; i < n; i++) nullDev += fam === "binomial" ? -2 * (y[i] ? Math.log(ybar) : Math.log(1 - ybar)) : (y[i]! - ybar) ** 2;
  const logLik = fam === "binomial" ? -dev / 2 : -(n / 2) * (Math.log((2 * Math.PI * dev) / n) + 1);
  const k = p + (fam === "gaussian" ? 1 : 0);
  const zf = (j: number): number => beta[j]! / se(j);
  return reported("glm", {
    formula, family: fam, names,
    coef: rec((j) => beta[j]!), se: rec(se), z: rec(zf),
    p: rec((j) => (fam === "binomial" ? normalTestP(zf(j)) : tTestP(zf(j), df))),
    ...(fam === "binomial" ? { oddsRatio: rec((j) => Math.exp(beta[j]!)) } : {}),
    vcov: Array.from({ length: p }, (_, a) => Array.from({ length: p }, (_, c) => dispersion * inv[a * p + c]!)),
    logLik, aic: -2 * logLik + 2 * k, bic: -2 * logLik + Math.log(n) * k,
    deviance: dev, nullDeviance: nullDev, df, dispersion, iterations: iter, converged, nobs: n, nDropped: d.nDropped, dropped: d.dropped, warnings: [...d.warnings], droppedColumns: d.droppedColumns,
  });
}
