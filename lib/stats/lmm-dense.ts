/**
 * The dense back end of the profiled deviance (see `lmm-deviance.ts`): any number of random-effect
 * terms, crossed or nested, with a dense q × q Cholesky factorisation per evaluation (O(q³)).
 */
import { StatsError } from "../core/errors.js";
import { backSolveT, choleskyInPlace, forwardSolve } from "./linalg.js";
import type { MixedDesign } from "./design.js";
import { centeredResponse, finishProfile, fixedCross, templateOf, thetaLayout, type Profiler } from "./lmm-deviance.js";

/** Largest q the dense back end accepts (memory q² × 8 bytes, time q³ / 3 per evaluation). */
export const MAX_DENSE_Q = 6000;

/** Dense back end for several random-effect terms. */
export function denseProfiler(d: MixedDesign): Profiler {
  const { n, p, X } = d;
  const { y, shift } = centeredResponse(d);
  const lay = thetaLayout(d);
  const terms = d.reTerms;
  const base: number[] = [];
  let q = 0;
  for (let t = 0; t < terms.length; t++) { base.push(q); q += terms[t]!.nLevels * lay.k[t]!; }
  if (q > MAX_DENSE_Q) {
    throw new StatsError(`mixed model: ${q} random effects over several terms exceed the dense solver's limit (${MAX_DENSE_Q})`,
      "use a single random-effect term (which has a fast block solver) or fewer levels");
  }
  const ZtZ = new Float64Array(q * q), ZtX = new Float64Array(q * p), Zty = new Float64Array(q);
  const idx: number[] = [], val: number[] = [];
  for (let i = 0; i < n; i++) {
    idx.length = 0; val.length = 0;
    for (let t = 0; t < terms.length; t++) {
      const tr = terms[t]!, k = lay.k[t]!, o = base[t]! + tr.groupIndex[i]! * k;
      for (let a = 0; a < k; a++) { const v = tr.Zcols[a]![i]!; if (v !== 0) { idx.push(o + a); val.push(v); } }
    }
    for (let a = 0; a < idx.length; a++) {
      const ia = idx[a]!, va = val[a]!;
      for (let b = 0; b < idx.length; b++) ZtZ[ia * q + idx[b]!] += va * val[b]!;
      for (let j = 0; j < p; j++) ZtX[ia * p + j] += va * X[i * p + j]!;
      Zty[ia] += va * y[i]!;
    }
  }
  const { XtX, Xty, yty } = fixedCross(d, y);

  /** Λ as a column list: column j has entries (rows[j][·], vals[j][·]). */
  const lambda = (theta: readonly number[]): { rows: Int32Array[]; vals: Float64Array[] } => {
    const rows: Int32Array[] = new Array(q), vals: Float64Array[] = new Array(q);
    for (let t = 0; t < terms.length; t++) {
      const k = lay.k[t]!, T = templateOf(theta, lay.offset[t]!, k);
      for (let g = 0; g < terms[t]!.nLevels; g++) for (let c = 0; c < k; c++) {
        const j = base[t]! + g * k + c;
        rows[j] = Int32Array.from({ length: k - c }, (_, m) => base[t]! + g * k + c + m);
        vals[j] = Float64Array.from({ length: k - c }, (_, m) => T[(c + m) * k + c]!);
      }
    }
    return { rows, vals };
  };
  /** Λᵀ M for M with m columns (q × m, row-major). */
  const lamT = (L: { rows: Int32Array[]; vals: Float64Array[] }, M: Float64Array, m: number): Float64Array => {
    const out = new Float64Array(q * m);
    for (let j = 0; j < q; j++) {
      const rs = L.rows[j]!, vs = L.vals[j]!;
      for (let e = 0; e < rs.length; e++) {
        const r = rs[e]!, v = vs[e]!;
        if (v === 0) continue;
        for (let c = 0; c < m; c++) out[j * m + c] += v * M[r * m + c]!;
      }
    }
    return out;
  };
  const factor = (theta: readonly number[]): { Lf: Float64Array; cu: Float64Array; RZX: Float64Array; Lam: ReturnType<typeof lambda> } => {
    const Lam = lambda(theta);
    // A = Λᵀ (ZᵀZ Λ)ᵀ… computed as Λᵀ (Λᵀ ZᵀZ)ᵀ, using the symmetry of ZᵀZ.
    const W = lamT(Lam, ZtZ, q); // Λᵀ ZᵀZ (q × q)
    const Wt = new Float64Array(q * q);
    for (let i = 0; i < q; i++) for (let j = 0; j < q; j++) Wt[j * q + i] = W[i * q + j]!;
    const A = lamT(Lam, Wt, q); // Λᵀ ZᵀZ Λ
    for (let i = 0; i < q; i++) A[i * q + i] += 1;
    if (!choleskyInPlace(A, q)) throw new StatsError("mixed model: Λᵀ ZᵀZ Λ + I is not positive definite", "check the random-effects design");
    const cu = lamT(Lam, Zty, 1);
    forwardSolve(A, q, cu);
    const RZX = lamT(Lam, ZtX, p);
    forwardSolve(A, q, RZX, p);
    return { Lf: A, cu, RZX, Lam };
  };
  return {
    kind: "dense",
    q,
    evaluate(theta) {
      const { Lf, cu, RZX } = factor(theta);
      let ldL2 = 0, cc = 0;
      for (let i = 0; i < q; i++) { ldL2 += 2 * Math.log(Lf[i * q + i]!); cc += cu[i]! * cu[i]!; }
      const RtR = new Float64Array(p * p), Rtc = new Float64Array(p);
      for (let r = 0; r < q; r++) {
        for (let a = 0; a < p; a++) {
          const ra = RZX[r * p + a]!;
          Rtc[a] += ra * cu[r]!;
          for (let b = 0; b < p; b++) RtR[a * p + b] += ra * RZX[r * p + b]!;
        }
      }
      return finishProfile(p, XtX, Xty, yty, RtR, Rtc, cc, ldL2, shift);
    },
    ranef(theta, betaIn) {
      const beta = Float64Array.from(betaIn);
      beta[0] = beta[0]! - shift;
      const { Lf, cu, RZX, Lam } = factor(theta);
      const u = new Float64Array(q);
      for (let r = 0; r < q; r++) { let s = cu[r]!; for (let j = 0; j < p; j++) s -= RZX[r * p + j]! * beta[j]!; u[r] = s; }
      backSolveT(Lf, q, u);
      const b = new Float64Array(q);
      for (let j = 0; j < q; j++) { const rs = Lam.rows[j]!, vs = Lam.vals[j]!; for (let e = 0; e < rs.length; e++) b[rs[e]!] += vs[e]! * u[j]!; }
      return b;
    },
  };
}
