/**
 * The row loops of the scalar PIRLS (`pirls-scalar.ts`): the rows as the kernels read them (`RowData`), the passes that
 * evaluate the family at a linear predictor (in WebAssembly when the fit has a kernel for the arrays), the deviance, and
 * the sums over the columns of X. Each loop calls at most one library function and forms its sums in row order.
 */
import type { GlmmData } from "./pirls.js";
import type { GlmmKernel } from "./kernels/glmm-kernel.js";

/** The rows as the fused kernels read them: prior weights (1 when absent), deviance constants (0), offset (0). */
export interface RowData {
  n: number;
  p: number;
  X: Float64Array;
  y: Float64Array;
  wt: Float64Array;
  ylogy: Float64Array;
  offset: Float64Array;
  binomial: boolean;
  /** The columns of X (column-major copies). */
  cols: Float64Array[];
  /**
   * The rows grouped by prior weight, when the weights take at most 64 values (0/1 data: one class of weight 1;
   * `cbind`: the numbers of trials): class of each row, weight of each class, and work space for the deviance.
   */
  weightClass?: { of: Int32Array; weights: Float64Array; prod: Float64Array; logs: Float64Array };
  /** Z is one constant column (a random intercept), so ZΛu is θu_g in every row; set by the caller. */
  zConst?: boolean;
  /**
   * The row loops in WebAssembly, for a random intercept (binomial with weight classes, or Poisson); set by the caller,
   * with `ex` and `fixed` the kernel's arrays and its `eta` the work space's linear predictor.
   */
  kernel?: GlmmKernel;
  /** Work space of the kernels, n each: exponentials, and the fixed part of the linear predictor. */
  ex: Float64Array;
  fixed: Float64Array;
}

/** {@link RowData} of a GLMM's data. */
export function rowData(d: GlmmData): RowData {
  const { n } = d;
  let weightClass: RowData["weightClass"];
  if ((d.family ?? 0) === 0) {
    const index = new Map<number, number>(), of = new Int32Array(n);
    for (let i = 0; i < n && index.size <= 64; i++) {
      const w = d.wt ? d.wt[i]! : 1;
      let c = index.get(w);
      if (c === undefined) index.set(w, (c = index.size));
      of[i] = c;
    }
    if (index.size <= 64) {
      const k = index.size;
      weightClass = { of, weights: Float64Array.from(index.keys()), prod: new Float64Array(k), logs: new Float64Array(k) };
    }
  }
  return {
    ...(weightClass ? { weightClass } : {}),
    n, p: d.p, X: d.X, y: d.y,
    wt: d.wt ?? new Float64Array(n).fill(1), ylogy: d.ylogy ?? new Float64Array(n), offset: d.offset ?? new Float64Array(n),
    binomial: (d.family ?? 0) === 0,
    cols: Array.from({ length: d.p }, (_, a) => { const c = new Float64Array(n); for (let i = 0; i < n; i++) c[i] = d.X[i * d.p + a]!; return c; }),
    ex: new Float64Array(n), fixed: new Float64Array(n),
  };
}

/*
 * The family at each row, in the operations of `evalRow` (glmm-family.ts), so that the results are its results:
 * binomial: ex = exp(−|η|), μ = 1/(1 + ex) or ex/(1 + ex), w = wt·μ(1 − μ), score wt(y − μ), and with l = log1p(ex)
 *   the deviance 2wt(ylogy + y·softplus(−η) + (1 − y)·softplus(η)), softplus(∓η) = l + (|η| ∓ η)/2 (exact: (|η| ∓ η)/2
 *   is 0 or |η|), which for y = 1 is 2wt·softplus(−η) and for y = 0 2wt·softplus(η), bit for bit the 0/1 branch of
 *   `evalRow`;
 * Poisson: μ = exp(η), w = wt·μ, score wt(y − μ), deviance 2wt(ylogy − y·η − (y − μ)).
 */

/**
 * The logistic mean from η and ex = exp(−|η|): 1/(1 + ex) for η ≥ 0, ex/(1 + ex) otherwise, with the numerator chosen
 * arithmetically (s + (1 − s)·ex is exactly 1 or ex) rather than by a branch the processor mispredicts on half the rows.
 */
export function logisticMean(e: number, ex: number): number {
  const s = +(e >= 0);
  return (s + (1 - s) * ex) / (1 + ex);
}

/**
 * The fit's WebAssembly kernel when the arrays a loop works on are the kernel's own: `eta` its linear predictor (and
 * `rd.ex` its exponentials, as the caller sets them up), `off` one of its two fixed parts when given. Otherwise
 * undefined, and the loop runs in JavaScript.
 */
export function kernelFor(rd: RowData, eta: Float64Array, off?: Float64Array): GlmmKernel | undefined {
  const k = rd.kernel;
  return k && eta === k.eta && rd.ex === k.ex && (off === undefined || k.owns(off)) ? k : undefined;
}

/*
 * Sums over the columns of X. Up to four columns go through one loop with the columns in registers (missing ones
 * read as a zero column, which adds exact zeros, and their results are not stored); more go column by column. Either
 * way each sum is formed in row order with the operations of a single loop over the rows.
 */
const ZERO = { col: new Float64Array(0) };
export function zeros(n: number): Float64Array {
  if (ZERO.col.length < n) ZERO.col = new Float64Array(n);
  return ZERO.col;
}

/** out = offset + Xβ (each row's terms added in column order). */
export function fixedPart(cols: readonly Float64Array[], offset: Float64Array, beta: ArrayLike<number>, out: Float64Array): void {
  const p = cols.length, n = out.length;
  if (p <= 4) {
    const z = zeros(n);
    const x0 = cols[0] ?? z, x1 = cols[1] ?? z, x2 = cols[2] ?? z, x3 = cols[3] ?? z;
    const b0 = p > 0 ? beta[0]! : 0, b1 = p > 1 ? beta[1]! : 0, b2 = p > 2 ? beta[2]! : 0, b3 = p > 3 ? beta[3]! : 0;
    for (let i = 0; i < n; i++) out[i] = offset[i]! + x0[i]! * b0 + x1[i]! * b1 + x2[i]! * b2 + x3[i]! * b3;
    return;
  }
  out.set(offset);
  for (let a = 0; a < p; a++) { const x = cols[a]!, ba = beta[a]!; for (let i = 0; i < n; i++) out[i] += x[i]! * ba; }
}

/** X'v into `rb` and X'WX (lower triangle) into `S`. */
export function fixedSums(cols: readonly Float64Array[], w: Float64Array, v: Float64Array, rb: Float64Array, S: Float64Array): void {
  const p = cols.length, n = w.length;
  if (p <= 4) {
    const z = zeros(n);
    const x0 = cols[0] ?? z, x1 = cols[1] ?? z, x2 = cols[2] ?? z, x3 = cols[3] ?? z;
    let r0 = 0, r1 = 0, r2 = 0, r3 = 0;
    let s00 = 0, s10 = 0, s11 = 0, s20 = 0, s21 = 0, s22 = 0, s30 = 0, s31 = 0, s32 = 0, s33 = 0;
    for (let i = 0; i < n; i++) {
      const wi = w[i]!, vi = v[i]!, a0 = x0[i]!, a1 = x1[i]!, a2 = x2[i]!, a3 = x3[i]!;
      r0 += a0 * vi; r1 += a1 * vi; r2 += a2 * vi; r3 += a3 * vi;
      const w0 = wi * a0, w1 = wi * a1, w2 = wi * a2, w3 = wi * a3;
      s00 += w0 * a0;
      s10 += w1 * a0; s11 += w1 * a1;
      s20 += w2 * a0; s21 += w2 * a1; s22 += w2 * a2;
      s30 += w3 * a0; s31 += w3 * a1; s32 += w3 * a2; s33 += w3 * a3;
    }
    // Plain stores (no arrays built here): code after a long loop that has not run yet when the loop is compiled
    // makes the compiled function bail out on every call.
    if (p > 0) { rb[0] = r0; S[0] = s00; }
    if (p > 1) { rb[1] = r1; S[p] = s10; S[p + 1] = s11; }
    if (p > 2) { rb[2] = r2; S[2 * p] = s20; S[2 * p + 1] = s21; S[2 * p + 2] = s22; }
    if (p > 3) { rb[3] = r3; S[3 * p] = s30; S[3 * p + 1] = s31; S[3 * p + 2] = s32; S[3 * p + 3] = s33; }
    return;
  }
  for (let a = 0; a < p; a++) {
    const xa = cols[a]!;
    let r = 0;
    for (let i = 0; i < n; i++) r += xa[i]! * v[i]!;
    rb[a] = r;
    for (let b = 0; b <= a; b++) {
      const xb = cols[b]!;
      let t = 0;
      for (let i = 0; i < n; i++) t += w[i]! * xa[i]! * xb[i]!;
      S[a * p + b] = t;
    }
  }
}

/** C = Σ_g wz·x per group (q × p, row-major). */
export function groupSums(cols: readonly Float64Array[], wz: Float64Array, blockOf: Int32Array, C: Float64Array): void {
  const p = cols.length, n = wz.length;
  C.fill(0);
  if (p <= 4) {
    const z = zeros(n);
    const x0 = cols[0] ?? z, x1 = cols[1] ?? z, x2 = cols[2] ?? z, x3 = cols[3] ?? z;
    for (let i = 0; i < n; i++) {
      const r = blockOf[i]! * p, v = wz[i]!;
      if (p > 0) C[r] += v * x0[i]!;
      if (p > 1) C[r + 1] += v * x1[i]!;
      if (p > 2) C[r + 2] += v * x2[i]!;
      if (p > 3) C[r + 3] += v * x3[i]!;
    }
    return;
  }
  for (let a = 0; a < p; a++) {
    const xa = cols[a]!;
    for (let i = 0; i < n; i++) C[blockOf[i]! * p + a] += wz[i]! * xa[i]!;
  }
}

/** η = off + ZΛu into `eta` and exp(−|η|) (binomial) or exp(η) (Poisson) into `ex`. */
export function exponentials(binomial: boolean, off: Float64Array, zt: Float64Array, blockOf: Int32Array, u: Float64Array, eta: Float64Array, ex: Float64Array): void {
  const n = eta.length;
  if (binomial) {
    for (let i = 0; i < n; i++) { const e = off[i]! + zt[i]! * u[blockOf[i]!]!; eta[i] = e; ex[i] = Math.exp(-Math.abs(e)); }
  } else {
    for (let i = 0; i < n; i++) { const e = off[i]! + zt[i]! * u[blockOf[i]!]!; eta[i] = e; ex[i] = Math.exp(e); }
  }
}

/** For counts: η = off + ZΛu, μ = exp(η) into `ex` and the deviance, in one loop (one library call per row). */
export function poissonPass(rd: RowData, off: Float64Array, zt: Float64Array, blockOf: Int32Array, u: Float64Array, eta: Float64Array, ex: Float64Array): number {
  const { n, y, wt, ylogy } = rd;
  const k = kernelFor(rd, eta, off);
  if (k && ex === k.ex) return k.poissonPass(off, zt[0]!, u);
  let dev = 0;
  for (let i = 0; i < n; i++) {
    const e = off[i]! + zt[i]! * u[blockOf[i]!]!, m = Math.exp(e), yi = y[i]!;
    eta[i] = e; ex[i] = m;
    dev += 2 * wt[i]! * (ylogy[i]! - yi * e - (yi - m));
  }
  return dev;
}

/**
 * For the binomial family with weight classes: η = off + ZΛu, ex = exp(−|η|) into `ex` and the deviance, in one loop
 * (the same operations as {@link exponentials} then {@link deviance}; the only library call per row is exp).
 */
export function binomialPass(rd: RowData, off: Float64Array, zt: Float64Array, blockOf: Int32Array, u: Float64Array, eta: Float64Array, ex: Float64Array): number {
  const { n, y, wt, ylogy } = rd;
  const { of, weights, prod, logs } = rd.weightClass!;
  const k = kernelFor(rd, eta, off);
  if (k && ex === k.ex) {
    // The same loops in WebAssembly (Z is the constant zt[0]).
    const rest = k.pass(off, zt[0]!, u, prod, logs);
    let l = 0;
    for (let c = 0; c < weights.length; c++) l += weights[c]! * (logs[c]! + Math.log(prod[c]!));
    return 2 * (rest + l);
  }
  prod.fill(1); logs.fill(0);
  let rest = 0;
  for (let i = 0; i < n; i++) {
    const e = off[i]! + zt[i]! * u[blockOf[i]!]!, ae = Math.abs(e), x = Math.exp(-ae), yi = y[i]!, c = of[i]!;
    eta[i] = e; ex[i] = x;
    rest += wt[i]! * (ylogy[i]! + yi * 0.5 * (ae - e) + (1 - yi) * 0.5 * (ae + e));
    const v = prod[c]! * (1 + x);
    if (v > 1e280) { logs[c] += Math.log(v); prod[c] = 1; } else prod[c] = v;
  }
  let l = 0;
  for (let c = 0; c < weights.length; c++) l += weights[c]! * (logs[c]! + Math.log(prod[c]!));
  return 2 * (rest + l);
}

/** The deviance Σ dᵢ at η (`eta`) with `ex` from {@link exponentials}. */
export function deviance(rd: RowData, eta: Float64Array, ex: Float64Array): number {
  const { n, y, wt, ylogy, weightClass } = rd;
  let dev = 0;
  if (rd.binomial && weightClass) {
    // Σ 2wt·(ylogy + y(|η| − η)/2 + (1 − y)(|η| + η)/2) plus Σ 2wt·log(1 + ex), the latter as Σ_k 2k·log Π(1 + ex)
    // over the rows of each weight k, one log per class and per run of rows in which its product stays below 1e280
    // instead of log1p per row (equal to rounding: each product's rounding is that of as many additions of logs).
    const { of, weights, prod, logs } = weightClass;
    prod.fill(1); logs.fill(0);
    let rest = 0;
    for (let i = 0; i < n; i++) {
      const e = eta[i]!, ae = Math.abs(e), yi = y[i]!, c = of[i]!;
      rest += wt[i]! * (ylogy[i]! + yi * 0.5 * (ae - e) + (1 - yi) * 0.5 * (ae + e));
      const v = prod[c]! * (1 + ex[i]!);
      if (v > 1e280) { logs[c] += Math.log(v); prod[c] = 1; } else prod[c] = v;
    }
    let l = 0;
    for (let c = 0; c < weights.length; c++) l += weights[c]! * (logs[c]! + Math.log(prod[c]!));
    return 2 * (rest + l);
  }
  if (rd.binomial) {
    for (let i = 0; i < n; i++) {
      const e = eta[i]!, ae = Math.abs(e), l = Math.log1p(ex[i]!), yi = y[i]!;
      dev += 2 * wt[i]! * (ylogy[i]! + yi * (l + 0.5 * (ae - e)) + (1 - yi) * (l + 0.5 * (ae + e)));
    }
  } else {
    for (let i = 0; i < n; i++) { const e = eta[i]!, yi = y[i]!; dev += 2 * wt[i]! * (ylogy[i]! - yi * e - (yi - ex[i]!)); }
  }
  return dev;
}
