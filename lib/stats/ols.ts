/**
 * Ordinary least squares, as R's `lm` with `summary()`: coefficients, standard errors, t tests on the
 * residual degrees of freedom, R² and adjusted R², the residual standard error and the overall F test.
 */
import { StatsError } from "../core/errors.js";
import { buildMixedDesign, type DesignOptions } from "./design.js";
import type { DataInput, DroppedRows } from "./frame.js";
import { reported } from "./warnings.js";
import { checkResponse } from "./lmm.js";
import { cholInverse, cholesky } from "./linalg.js";
import { incompleteBeta, tTestP } from "./distributions.js";
import { checkOptions, OlsOptionsSchema } from "./options.js";

/** A fitted linear model. Per-coefficient fields are keyed by R's coefficient names. */
export interface OlsFit {
  formula: string;
  names: string[];
  coef: Record<string, number>;
  se: Record<string, number>;
  t: Record<string, number>;
  p: Record<string, number>;
  r2: number;
  adjR2: number;
  /** Residual degrees of freedom n − p. */
  df: number;
  /** Residual standard error. */
  sigma: number;
  fStatistic: number | null;
  fP: number | null;
  vcov: number[][];
  logLik: number;
  aic: number;
  bic: number;
  nobs: number;
  nDropped: number;
  /** Why rows were dropped: missing values by column, undefined function values (`log(x)` of x ≤ 0) by function. */
  dropped: DroppedRows;
  /** Warnings (rows dropped); printed in notebooks. */
  warnings: string[];
  /** Fixed-effect columns dropped as constant, all zero or linearly dependent (as lme4; R's lm shows them as NA). */
  droppedColumns: string[];
  residuals: Float64Array;
  fitted: Float64Array;
}

/**
 * Fits `formula` by least squares.
 *
 * Columns that are constant, all zero or linear combinations of earlier ones are dropped and listed in
 * `droppedColumns` (R's `lm` reports them as NA); pass `{ rankDeficient: "error" }` to refuse such designs.
 *
 * @throws {StatsError} for a single-level factor, no residual degrees of freedom, or (with `rankDeficient:
 *   "error"`) a constant or dependent column.
 * @example
 * const fit = ols("dissonance ~ interval + mode", panel);
 * fit.coef.modewilling; // 0.02085
 * fit.r2;               // 0.0323
 */
export function ols(formula: string, data: DataInput, opts: DesignOptions = {}): OlsFit {
  checkOptions("ols", OlsOptionsSchema, opts);
  const d = buildMixedDesign(formula, data, opts);
  if (d.reTerms.length) throw new StatsError(`ols("${formula}"): random-effect terms are not allowed`, "use lmm() for mixed models");
  const { n, p, X, y } = d;
  if (n <= p) throw new StatsError(`ols("${formula}"): ${n} rows for ${p} coefficients`, "use more data or fewer predictors");
  checkResponse(`ols("${formula}")`, d.response, y);
  const XtX = new Float64Array(p * p), Xty = new Float64Array(p);
  for (let i = 0; i < n; i++) for (let a = 0; a < p; a++) {
    const xa = X[i * p + a]!;
    Xty[a] += xa * y[i]!;
    for (let b = 0; b <= a; b++) XtX[a * p + b] += xa * X[i * p + b]!;
  }
  const L = cholesky(XtX, p, `ols("${formula}"): XᵀX`);
  const inv = cholInverse(L, p);
  const beta = new Float64Array(p);
  for (let a = 0; a < p; a++) for (let b = 0; b < p; b++) beta[a] += inv[a * p + b]! * Xty[b]!;
  // One step of iterative refinement on the normal equations' residual.
  const r0 = Float64Array.from(y);
  for (let i = 0; i < n; i++) for (let a = 0; a < p; a++) r0[i] -= X[i * p + a]! * beta[a]!;
  const g = new Float64Array(p);
  for (let i = 0; i < n; i++) for (let a = 0; a < p; a++) g[a] += X[i * p + a]! * r0[i]!;
  for (let a = 0; a < p; a++) for (let b = 0; b < p; b++) beta[a] += inv[a * p + b]! * g[b]!;
  const fitted = new Float64Array(n), residuals = new Float64Array(n);
  let rss = 0, ybar = 0;
  for (let i = 0; i < n; i++) ybar += y[i]! / n;
  const hasIntercept = d.fixefNames[0] === "(Intercept)";
  let tss = 0;
  for (let i = 0; i < n; i++) {
    let f = 0;
    for (let a = 0; a < p; a++) f += X[i * p + a]! * beta[a]!;
    fitted[i] = f; residuals[i] = y[i]! - f;
    rss += residuals[i]! ** 2;
    tss += hasIntercept ? (y[i]! - ybar) ** 2 : y[i]! ** 2;
  }
  const df = n - p;
  const s2 = rss / df;
  const names = d.fixefNames;
  const rec = (f: (j: number) => number): Record<string, number> => Object.fromEntries(names.map((nm, j) => [nm, f(j)]));
  const se = (j: number): number => Math.sqrt(s2 * inv[j * p + j]!);
  const r2 = 1 - rss / tss;
  const dfModel = hasIntercept ? p - 1 : p;
  const fStatistic = dfModel > 0 ? ((tss - rss) / dfModel) / s2 : null;
  const logLik = -(n / 2) * (Math.log((2 * Math.PI * rss) / n) + 1);
  return reported("ols", {
    formula, names,
    coef: rec((j) => beta[j]!), se: rec(se), t: rec((j) => beta[j]! / se(j)), p: rec((j) => tTestP(beta[j]! / se(j), df)),
    r2, adjR2: 1 - (1 - r2) * ((n - (hasIntercept ? 1 : 0)) / df), df, sigma: Math.sqrt(s2),
    fStatistic, fP: fStatistic === null ? null : incompleteBeta(df / (df + dfModel * fStatistic), df / 2, dfModel / 2),
    vcov: Array.from({ length: p }, (_, a) => Array.from({ length: p }, (_, b) => s2 * inv[a * p + b]!)),
    logLik, aic: -2 * logLik + 2 * (p + 1), bic: -2 * logLik + Math.log(n) * (p + 1),
    nobs: n, nDropped: d.nDropped, dropped: d.dropped, warnings: [...d.warnings], droppedColumns: d.droppedColumns, residuals, fitted,
  });
}
