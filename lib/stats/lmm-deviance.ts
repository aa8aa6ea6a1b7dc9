/**
 * The profiled deviance of a linear mixed model over θ, as lme4's `mkLmerDevfun` defines it.
 *
 * With relative covariance factor Λ(θ) (block diagonal: one lower-triangular k × k template per
 * random-effect term, repeated for each level), the penalised least-squares system is solved by the
 * block Cholesky factorisation
 *   L Lᵀ = Λᵀ ZᵀZ Λ + I,   RZX = L⁻¹ Λᵀ ZᵀX,   RX RXᵀ = XᵀX − RZXᵀ RZX,
 *   cu = L⁻¹ Λᵀ Zᵀy,   cβ = RX⁻¹ (Xᵀy − RZXᵀ cu),   β̂ = RX⁻ᵀ cβ,   r² = yᵀy − |cu|² − |cβ|²,
 * from which (with n rows and p fixed effects)
 *   ML:   −2ℓ = log|L|² + n (1 + log(2π r² / n))
 *   REML: −2ℓ_R = log|L|² + log|RX|² + (n − p)(1 + log(2π r² / (n − p))).
 *
 * Everything is computed from cross-products made once, so an evaluation costs nothing per row.
 * Two back ends: `block` for a single random-effect term (ZᵀZ is block diagonal, G blocks of k × k:
 * cost O(G k³ + G k p²) per evaluation, the fast path for large data) and `dense` for several terms
 * (crossed or nested: a dense q × q Cholesky, q = Σ levels × columns; fine up to q ≈ 1,500).
 */
import { lmmKernel } from "./kernels/lmm-kernel.js";
import { StatsError } from "../core/errors.js";
import { backSolveT, choleskyInPlace, forwardSolve } from "./linalg.js";
import type { MixedDesign } from "./design.js";

/** The quantities of one evaluation at θ. */
export interface Profile {
  /** log|L|² */
  ldL2: number;
  /** log|RX|² */
  ldRX2: number;
  /** penalised residual sum of squares r² */
  pwrss: number;
  beta: Float64Array;
  /** Lower Cholesky factor of XᵀV⁻¹X·σ² (p × p, row-major): vcov(β) = σ² (RX RXᵀ)⁻¹. */
  RX: Float64Array;
}

/** A profiled-deviance back end. */
export interface Profiler {
  readonly kind: "block" | "dense" | "schur" | "sparse";
  /** Number of random effects q. */
  readonly q: number;
  evaluate(theta: readonly number[]): Profile;
  /** Conditional modes b = Λ u at θ and β (length q, term by term, level-major). */
  ranef(theta: readonly number[], beta: Float64Array): Float64Array;
}

/** Per-term layout of θ and of the random effects. */
export interface ThetaLayout {
  /** Columns per term. */
  k: number[];
  /** Offset of each term's θ. */
  offset: number[];
  /** Lower bounds of θ: 0 on diagonals, −∞ elsewhere (as lme4). */
  lower: number[];
  /** Starting value: 1 on diagonals, 0 elsewhere (as lme4). */
  start: number[];
}

/** θ layout: each term's lower triangle, column by column (lme4's order). */
export function thetaLayout(design: MixedDesign): ThetaLayout {
  const k: number[] = [], offset: number[] = [], lower: number[] = [], start: number[] = [];
  let o = 0;
  for (const t of design.reTerms) {
    const kt = t.termNames.length;
    k.push(kt); offset.push(o);
    for (let c = 0; c < kt; c++) for (let r = c; r < kt; r++) { lower.push(r === c ? 0 : -Infinity); start.push(r === c ? 1 : 0); }
    o += (kt * (kt + 1)) / 2;
  }
  return { k, offset, lower, start };
}

/** The k × k lower-triangular template (row-major) of a term from θ. */
export function templateOf(theta: readonly number[], offset: number, k: number): Float64Array {
  const T = new Float64Array(k * k);
  let o = offset;
  for (let c = 0; c < k; c++) for (let r = c; r < k; r++) T[r * k + c] = theta[o++]!;
  return T;
}

/**
 * The response centred by its mean when the model has an intercept. Centring leaves every slope, the
 * random effects and r² unchanged and moves only the intercept (by `shift`), and it keeps
 * r² = yᵀy − |cu|² − |cβ|² free of cancellation when the response has a large mean.
 */
export function centeredResponse(d: MixedDesign): { y: Float64Array; shift: number } {
  if (d.fixefNames[0] !== "(Intercept)") return { y: d.y, shift: 0 };
  let m = 0;
  for (let i = 0; i < d.n; i++) m += d.y[i]!;
  m /= d.n;
  return { y: d.y.map((v) => v - m), shift: m };
}

/** Cross-products of the fixed part (with the response `y`, by default the design's). */
export function fixedCross(d: MixedDesign, y: Float64Array = d.y): { XtX: Float64Array; Xty: Float64Array; yty: number } {
  const { n, p, X } = d;
  const XtX = new Float64Array(p * p), Xty = new Float64Array(p);
  let yty = 0;
  for (let i = 0; i < n; i++) {
    const o = i * p, yi = y[i]!;
    yty += yi * yi;
    for (let a = 0; a < p; a++) {
      const xa = X[o + a]!;
      Xty[a] += xa * yi;
      for (let b = 0; b <= a; b++) XtX[a * p + b] += xa * X[o + b]!;
    }
  }
  for (let a = 0; a < p; a++) for (let b = a + 1; b < p; b++) XtX[a * p + b] = XtX[b * p + a]!;
  return { XtX, Xty, yty };
}

/** The fixed-effects half of the factorisation, shared by both back ends. */
export function finishProfile(p: number, XtX: Float64Array, Xty: Float64Array, yty: number, RtR: Float64Array, Rtc: Float64Array, cc: number, ldL2: number, shift = 0): Profile {
  const RX = new Float64Array(p * p);
  for (let i = 0; i < p * p; i++) RX[i] = XtX[i]! - RtR[i]!;
  if (!choleskyInPlace(RX, p)) {
    throw new StatsError("the fixed-effects cross-product is not positive definite at this θ", "check the fixed effects for collinearity with the random effects");
  }
  let ldRX2 = 0;
  for (let i = 0; i < p; i++) ldRX2 += 2 * Math.log(RX[i * p + i]!);
  const cb = new Float64Array(p);
  for (let i = 0; i < p; i++) cb[i] = Xty[i]! - Rtc[i]!;
  forwardSolve(RX, p, cb);
  let cbb = 0;
  for (let i = 0; i < p; i++) cbb += cb[i]! * cb[i]!;
  const beta = Float64Array.from(cb);
  backSolveT(RX, p, beta);
  beta[0] = beta[0]! + shift;
  return { ldL2, ldRX2, pwrss: Math.max(yty - cc - cbb, 0), beta, RX };
}

/** Block-diagonal back end for one random-effect term. */
export function blockProfiler(d: MixedDesign): Profiler {
  if (d.reTerms.length !== 1) throw new StatsError("blockProfiler needs exactly one random-effect term", "use denseProfiler");
  const term = d.reTerms[0]!;
  const k = term.termNames.length, G = term.nLevels, { n, p, X } = d;
  const { y, shift } = centeredResponse(d);
  const g_ = term.groupIndex, Z = term.Zcols;
  const B = new Float64Array(G * k * k), ZX = new Float64Array(G * k * p), Zy = new Float64Array(G * k);
  const z = new Float64Array(k);
  for (let i = 0; i < n; i++) {
    const g = g_[i]!;
    for (let a = 0; a < k; a++) z[a] = Z[a]![i]!;
    const bo = g * k * k, xo = g * k * p, io = i * p;
    for (let a = 0; a < k; a++) {
      const za = z[a]!;
      if (za === 0) continue;
      for (let b = 0; b < k; b++) B[bo + a * k + b] += za * z[b]!;
      for (let j = 0; j < p; j++) ZX[xo + a * p + j] += za * X[io + j]!;
      Zy[g * k + a] += za * y[i]!;
    }
  }
  const { XtX, Xty, yty } = fixedCross(d, y);
  // The evaluations of the one- and two-column cases in WebAssembly (same operations, same results).
  const kernel = lmmKernel(k, G, p, B, Zy, ZX);
  const M = new Float64Array(k * k), BT = new Float64Array(k * k), R = new Float64Array(k * p), c = new Float64Array(k);
  /** Factor block g into M (lower Cholesky) and fill c = L⁻¹Tᵀ Zy_g, R = L⁻¹ Tᵀ ZX_g. */
  const factor = (T: Float64Array, g: number): void => {
    const bo = g * k * k;
    for (let a = 0; a < k; a++) for (let b = 0; b < k; b++) {
      let s = 0;
      for (let r = b; r < k; r++) s += B[bo + a * k + r]! * T[r * k + b]!;
      BT[a * k + b] = s;
    }
    for (let a = 0; a < k; a++) for (let b = 0; b < k; b++) {
      let s = 0;
      for (let r = a; r < k; r++) s += T[r * k + a]! * BT[r * k + b]!;
      M[a * k + b] = s + (a === b ? 1 : 0);
    }
    choleskyInPlace(M, k);
    for (let a = 0; a < k; a++) {
      let s = 0;
      for (let r = a; r < k; r++) s += T[r * k + a]! * Zy[g * k + r]!;
      c[a] = s;
      for (let j = 0; j < p; j++) {
        let t = 0;
        for (let r = a; r < k; r++) t += T[r * k + a]! * ZX[g * k * p + r * p + j]!;
        R[a * p + j] = t;
      }
    }
    forwardSolve(M, k, c);
    forwardSolve(M, k, R, p);
  };
  /** Closed-form 2 × 2 blocks (random intercept and slope), the common case made fast. */
  const r0 = new Float64Array(p), r1 = new Float64Array(p);
  const evaluate2 = (T: Float64Array, RtR: Float64Array, Rtc: Float64Array, add: (cc: number, ldL2: number) => void): void => {
    const a = T[0]!, b = T[2]!, c = T[3]!;
    let cc = 0, ld = 0;
    for (let g = 0; g < G; g++) {
      const o = g * 4, B00 = B[o]!, B01 = B[o + 1]!, B11 = B[o + 3]!;
      const bt00 = B00 * a + B01 * b, bt01 = B01 * c, bt10 = B01 * a + B11 * b, bt11 = B11 * c;
      const m00 = a * bt00 + b * bt10 + 1, m01 = a * bt01 + b * bt11, m11 = c * bt11 + 1;
      const l00 = Math.sqrt(m00), l10 = m01 / l00, l11 = Math.sqrt(m11 - l10 * l10);
      ld += 2 * (Math.log(l00) + Math.log(l11));
      const zy0 = Zy[g * 2]!, zy1 = Zy[g * 2 + 1]!;
      const c0 = (a * zy0 + b * zy1) / l00, c1 = (c * zy1 - l10 * c0) / l11;
      cc += c0 * c0 + c1 * c1;
      const xo = g * 2 * p;
      for (let j = 0; j < p; j++) {
        const x0 = ZX[xo + j]!, x1 = ZX[xo + p + j]!;
        const v0 = (a * x0 + b * x1) / l00;
        r0[j] = v0;
        r1[j] = (c * x1 - l10 * v0) / l11;
      }
      for (let i = 0; i < p; i++) {
        const u0 = r0[i]!, u1 = r1[i]!;
        Rtc[i] += u0 * c0 + u1 * c1;
        for (let j = 0; j <= i; j++) RtR[i * p + j] += u0 * r0[j]! + u1 * r1[j]!;
      }
    }
    add(cc, ld);
  };
  return {
    kind: "block",
    q: G * k,
    evaluate(theta) {
      const T = templateOf(theta, 0, k);
      const RtR = new Float64Array(p * p), Rtc = new Float64Array(p);
      let cc = 0, ldL2 = 0;
      if (k === 1) {
        // Scalar blocks: L_g² = 1 + θ² B_g, so every term is a weighted sum over groups.
        const t2 = T[0]! * T[0]!;
        if (kernel) [cc, ldL2] = kernel.scalar(t2, RtR, Rtc);
        else for (let g = 0; g < G; g++) {
          const m = 1 + t2 * B[g]!, w = t2 / m, zy = Zy[g]!, xo = g * p;
          ldL2 += Math.log(m);
          cc += w * zy * zy;
          for (let i = 0; i < p; i++) {
            const wi = w * ZX[xo + i]!;
            Rtc[i] += wi * zy;
            for (let j = 0; j <= i; j++) RtR[i * p + j] += wi * ZX[xo + j]!;
          }
        }
        for (let i = 0; i < p; i++) for (let j = i + 1; j < p; j++) RtR[i * p + j] = RtR[j * p + i]!;
        return finishProfile(p, XtX, Xty, yty, RtR, Rtc, cc, ldL2, shift);
      }
      if (k === 2) {
        if (kernel) [cc, ldL2] = kernel.pair(T[0]!, T[2]!, T[3]!, RtR, Rtc);
        else evaluate2(T, RtR, Rtc, (dc, dl) => { cc += dc; ldL2 += dl; });
        for (let i = 0; i < p; i++) for (let j = i + 1; j < p; j++) RtR[i * p + j] = RtR[j * p + i]!;
        return finishProfile(p, XtX, Xty, yty, RtR, Rtc, cc, ldL2, shift);
      }
      for (let g = 0; g < G; g++) {
        factor(T, g);
        for (let a = 0; a < k; a++) {
          ldL2 += 2 * Math.log(M[a * k + a]!);
          cc += c[a]! * c[a]!;
          for (let i = 0; i < p; i++) {
            const ri = R[a * p + i]!;
            Rtc[i] += ri * c[a]!;
            for (let j = 0; j <= i; j++) RtR[i * p + j] += ri * R[a * p + j]!;
          }
        }
      }
      for (let i = 0; i < p; i++) for (let j = i + 1; j < p; j++) RtR[i * p + j] = RtR[j * p + i]!;
      return finishProfile(p, XtX, Xty, yty, RtR, Rtc, cc, ldL2, shift);
    },
    ranef(theta, betaIn) {
      const beta = Float64Array.from(betaIn);
      beta[0] = beta[0]! - shift;
      const T = templateOf(theta, 0, k);
      const b = new Float64Array(G * k), u = new Float64Array(k);
      for (let g = 0; g < G; g++) {
        factor(T, g);
        for (let a = 0; a < k; a++) { let s = c[a]!; for (let j = 0; j < p; j++) s -= R[a * p + j]! * beta[j]!; u[a] = s; }
        backSolveT(M, k, u);
        for (let r = 0; r < k; r++) { let s = 0; for (let a = 0; a <= r; a++) s += T[r * k + a]! * u[a]!; b[g * k + r] = s; }
      }
      return b;
    },
  };
}

/**
 * `factor` memoised on the last θ only: the back ends factor into reused buffers, so just the last factorisation is
 * valid, and `ranef` asks for the θ that was evaluated last.
 */
export function lastByTheta<F>(factor: (theta: readonly number[]) => F): (theta: readonly number[]) => F {
  let last: { theta: number[]; f: F } | undefined;
  return (theta) => {
    if (last && last.theta.length === theta.length && last.theta.every((v, i) => v === theta[i])) return last.f;
    last = undefined;
    const f = factor(theta);
    last = { theta: [...theta], f };
    return f;
  };
}
