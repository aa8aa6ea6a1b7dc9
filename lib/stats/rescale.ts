/**
 * Centring and scaling of a fixed-effects design, for fits whose optimiser struggles with predictors on very
 * different scales (lme4's "consider rescaling"): every column that is not all 0/1 becomes (x − mean)/sd (only /sd
 * when the design has no intercept column). That is a linear reparametrisation, X' = X T with β = T β', so the model,
 * its likelihood and its optimum are unchanged; estimates and their covariance are mapped back with T.
 */

/** A centred and scaled design and the map back to the original coefficients. */
export interface Rescaled {
  /** The design (row-major n × p) with the continuous columns centred and scaled. */
  X: Float64Array;
  /** β = T β' (row-major p × p). */
  T: Float64Array;
  /** Names of the columns that were centred and scaled. */
  columns: string[];
}

/**
 * Centres and scales the columns of X that are not all 0/1 (the intercept column, factor indicators stay).
 *
 * @example
 * const r = rescaleDesign(X, n, p, ["(Intercept)", "x1000", "z"]); // fit on r.X, then backTransform(β', V', r.T, p)
 */
export function rescaleDesign(X: Float64Array, n: number, p: number, names: readonly string[]): Rescaled {
  let icpt = -1;
  for (let j = 0; j < p && icpt < 0; j++) {
    let ones = true;
    for (let i = 0; i < n && ones; i++) if (X[i * p + j] !== 1) ones = false;
    if (ones) icpt = j;
  }
  const X2 = Float64Array.from(X);
  const T = new Float64Array(p * p);
  for (let j = 0; j < p; j++) T[j * p + j] = 1;
  const columns: string[] = [];
  for (let j = 0; j < p; j++) {
    if (j === icpt) continue;
    let binary = true, m = 0;
    for (let i = 0; i < n; i++) { const v = X[i * p + j]!; if (v !== 0 && v !== 1) binary = false; m += v; }
    if (binary) continue;
    m /= n;
    let ss = 0;
    for (let i = 0; i < n; i++) ss += (X[i * p + j]! - m) ** 2;
    const s = Math.sqrt(ss / (n - 1));
    if (!(s > 0)) continue;
    const c = icpt >= 0 ? m : 0;
    for (let i = 0; i < n; i++) X2[i * p + j] = (X[i * p + j]! - c) / s;
    // x = s·x' + c, so β'_j = s β_j and the intercept absorbs c β_j: β_j = β'_j / s, β_0 = β'_0 − Σ c β'_j / s.
    T[j * p + j] = 1 / s;
    if (icpt >= 0) T[icpt * p + j] = -c / s;
    columns.push(names[j]!);
  }
  return { X: X2, T, columns };
}

/**
 * β = T β' and V = T V' Tᵀ (V row-major p × p).
 *
 * @example
 * backTransform([1, 2], Float64Array.of(1, 0, 0, 1), Float64Array.of(1, -5, 0, 0.5), 2); // β = [-9, 1]
 */
export function backTransform(beta: readonly number[], V: Float64Array, T: Float64Array, p: number): { beta: number[]; vcov: Float64Array } {
  const b = Array.from({ length: p }, (_, a) => { let s = 0; for (let k = 0; k < p; k++) s += T[a * p + k]! * beta[k]!; return s; });
  const TV = new Float64Array(p * p);
  for (let a = 0; a < p; a++) for (let c = 0; c < p; c++) { let s = 0; for (let k = 0; k < p; k++) s += T[a * p + k]! * V[k * p + c]!; TV[a * p + c] = s; }
  const out = new Float64Array(p * p);
  for (let a = 0; a < p; a++) for (let c = 0; c < p; c++) { let s = 0; for (let k = 0; k < p; k++) s += TV[a * p + k]! * T[c * p + k]!; out[a * p + c] = s; }
  return { beta: b, vcov: out };
}
