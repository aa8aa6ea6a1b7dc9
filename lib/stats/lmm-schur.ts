/**
 * The profiled deviance for several random-effect terms by a Schur complement (see `lmm-deviance.ts`
 * for the quantities). The first term (the one with the most levels, lme4's order) is block diagonal,
 * so with u = (u₁, u₂) split between it and the other terms:
 *   L₁₁ = blockdiag(L_g),  L_g L_gᵀ = T₀ᵀ B_g T₀ + I,
 *   L₂₁ = Λ₂ᵀ Cᵀ Λ₁ L₁₁⁻ᵀ,  L₂₂ L₂₂ᵀ = Λ₂ᵀ E Λ₂ + I − L₂₁ L₂₁ᵀ,
 * where B_g, C, E are the blocks of ZᵀZ. The cost of an evaluation is O(G k₀³ + q₂ G k₀² + q₂² G k₀ + q₂³)
 * instead of O(q³): fast for one large grouping factor crossed with smaller ones (subjects × items).
 */
import { StatsError } from "../core/errors.js";
import { backSolveT, choleskyBlocked, choleskyInPlace, forwardSolve } from "./linalg.js";
import type { MixedDesign } from "./design.js";
import { centeredResponse, finishProfile, fixedCross, lastByTheta, templateOf, thetaLayout, type Profiler } from "./lmm-deviance.js";


/** Schur-complement back end for two or more random-effect terms. */
export function schurProfiler(d: MixedDesign): Profiler {
  const { n, p, X } = d;
  const { y, shift } = centeredResponse(d);
  const lay = thetaLayout(d);
  const terms = d.reTerms;
  const t0 = terms[0]!, k0 = lay.k[0]!, G = t0.nLevels, q1 = G * k0;
  const base: number[] = [];
  let q2 = 0;
  for (let t = 1; t < terms.length; t++) { base.push(q2); q2 += terms[t]!.nLevels * lay.k[t]!; }
  if (q2 > 6000) {
    throw new StatsError(`mixed model: ${q2} random effects beside the largest term exceed the solver's limit`, "use fewer levels in the smaller grouping factors");
  }
  const B = new Float64Array(G * k0 * k0), ZX1 = new Float64Array(q1 * p), Zy1 = new Float64Array(q1);
  const E = new Float64Array(q2 * q2), ZX2 = new Float64Array(q2 * p), Zy2 = new Float64Array(q2);
  // The cross block C = Z₁ᵀZ₂ is sparse: group g of the first term meets only the levels of the other terms that
  // share a row with it. Per group: the columns it touches (whole level blocks, so Λ₂ keeps the pattern) and its
  // k₀ × m_g slice of C.
  const levelStart: number[] = [];
  const colsOf: number[][] = Array.from({ length: G }, () => []);
  {
    const mark = new Map<number, Set<number>>();
    for (let i = 0; i < n; i++) {
      const g = t0.groupIndex[i]!;
      let set = mark.get(g);
      if (!set) mark.set(g, (set = new Set()));
      for (let t = 1; t < terms.length; t++) set.add(base[t - 1]! + terms[t]!.groupIndex[i]! * lay.k[t]!);
    }
    for (let t = 1; t < terms.length; t++) levelStart.push(base[t - 1]!);
    for (const [g, set] of mark) {
      const starts = [...set].sort((a, b) => a - b);
      const cols: number[] = [];
      for (const st of starts) {
        let t = 1;
        while (t + 1 < terms.length && st >= base[t]!) t++;
        for (let a = 0; a < lay.k[t]!; a++) cols.push(st + a);
      }
      colsOf[g] = cols;
    }
  }
  const posIn = colsOf.map((cols) => new Map(cols.map((c, j) => [c, j] as const)));
  const Cg = colsOf.map((cols) => new Float64Array(k0 * cols.length));
  const z0 = new Float64Array(k0), idx: number[] = [], val: number[] = [];
  for (let i = 0; i < n; i++) {
    const g = t0.groupIndex[i]!, o1 = g * k0;
    for (let a = 0; a < k0; a++) z0[a] = t0.Zcols[a]![i]!;
    idx.length = 0; val.length = 0;
    for (let t = 1; t < terms.length; t++) {
      const tr = terms[t]!, k = lay.k[t]!, o = base[t - 1]! + tr.groupIndex[i]! * k;
      for (let a = 0; a < k; a++) { const v = tr.Zcols[a]![i]!; if (v !== 0) { idx.push(o + a); val.push(v); } }
    }
    const m = colsOf[g]!.length, pos = posIn[g]!, Cgg = Cg[g]!;
    for (let a = 0; a < k0; a++) {
      const za = z0[a]!;
      if (za === 0) continue;
      for (let b = 0; b < k0; b++) B[g * k0 * k0 + a * k0 + b] += za * z0[b]!;
      for (let j = 0; j < p; j++) ZX1[(o1 + a) * p + j] += za * X[i * p + j]!;
      Zy1[o1 + a] += za * y[i]!;
      for (let e = 0; e < idx.length; e++) Cgg[a * m + pos.get(idx[e]!)!] += za * val[e]!;
    }
    for (let e = 0; e < idx.length; e++) {
      const r = idx[e]!, v = val[e]!;
      for (let f = 0; f < idx.length; f++) E[r * q2 + idx[f]!] += v * val[f]!;
      for (let j = 0; j < p; j++) ZX2[r * p + j] += v * X[i * p + j]!;
      Zy2[r] += v * y[i]!;
    }
  }
  const { XtX, Xty, yty } = fixedCross(d, y);
  // For each column of q₂: its term, the start of its level block and its place in the block.
  const colTerm = new Int32Array(q2), colBlock = new Int32Array(q2);
  for (let t = 1; t < terms.length; t++) {
    const k = lay.k[t]!;
    for (let c = base[t - 1]!; c < base[t - 1]! + terms[t]!.nLevels * k; c++) { colTerm[c] = t; colBlock[c] = base[t - 1]! + Math.floor((c - base[t - 1]!) / k) * k; }
  }

  /** Multiplies rows of M (q₂ × m) by Λ₂ᵀ: out[j] = Σ_r Λ₂[r, j] M[r]. */
  const lam2T = (theta: readonly number[], M: Float64Array, m: number): Float64Array => {
    const out = new Float64Array(q2 * m);
    for (let t = 1; t < terms.length; t++) {
      const k = lay.k[t]!, T = templateOf(theta, lay.offset[t]!, k);
      for (let g = 0; g < terms[t]!.nLevels; g++) {
        const o = base[t - 1]! + g * k;
        for (let c = 0; c < k; c++) for (let r = c; r < k; r++) {
          const v = T[r * k + c]!;
          if (v === 0) continue;
          for (let col = 0; col < m; col++) out[(o + c) * m + col] += v * M[(o + r) * m + col]!;
        }
      }
    }
    return out;
  };

  // For each column i of the Schur block: the groups whose columns include it, as pairs (g, position of i in g's columns).
  const colsI32 = colsOf.map((c) => Int32Array.from(c));
  const touching: Int32Array[] = [];
  {
    const lists: number[][] = Array.from({ length: q2 }, () => []);
    colsOf.forEach((cols, g) => cols.forEach((c, ii) => lists[c]!.push(g, ii)));
    for (const l of lists) touching.push(Int32Array.from(l));
  }

  // Λ₂ᵀ E Λ₂ + I into one buffer reused by every evaluation (lower triangle; the factor overwrites it).
  const Abuf = new Float64Array(q2 * q2), Wbuf = new Float64Array(q2 * q2);
  const scalarOnly = lay.k.slice(1).every((k) => k === 1);
  const lam2TElam2 = (templates: Float64Array[]): Float64Array => {
    const A = Abuf;
    if (scalarOnly) {
      // Diagonal Λ₂: A[i, j] = λ_i λ_j E[i, j].
      const lam = new Float64Array(q2);
      for (let j = 0; j < q2; j++) lam[j] = templates[colTerm[j]!]![0]!;
      for (let i = 0; i < q2; i++) {
        const li = lam[i]!, ri = i * q2;
        for (let j = 0; j <= i; j++) A[ri + j] = li * lam[j]! * E[ri + j]!;
        A[ri + i] = A[ri + i]! + 1;
      }
      return A;
    }
    // W = E Λ₂ (column j of Λ₂ holds T[r, c] at rows st + r, r ≥ c, for j = st + c), then A = Λ₂ᵀ W.
    const W = Wbuf;
    for (let a = 0; a < q2; a++) {
      const ra = a * q2;
      for (let j = 0; j < q2; j++) {
        const t = colTerm[j]!, k = lay.k[t]!, st = colBlock[j]!, c = j - st, T = templates[t]!;
        let v = 0;
        for (let r = c; r < k; r++) v += E[ra + st + r]! * T[r * k + c]!;
        W[ra + j] = v;
      }
    }
    for (let i = 0; i < q2; i++) {
      const t = colTerm[i]!, k = lay.k[t]!, st = colBlock[i]!, c = i - st, T = templates[t]!, ri = i * q2;
      for (let j = 0; j <= i; j++) A[ri + j] = 0;
      for (let r = c; r < k; r++) {
        const v = T[r * k + c]!;
        if (v === 0) continue;
        const rw = (st + r) * q2;
        for (let j = 0; j <= i; j++) A[ri + j] += v * W[rw + j]!;
      }
      A[ri + i] = A[ri + i]! + 1;
    }
    return A;
  };

  const factor = (theta: readonly number[]) => {
    const T0 = templateOf(theta, 0, k0);
    const templates = terms.map((_, t) => (t === 0 ? T0 : templateOf(theta, lay.offset[t]!, lay.k[t]!)));
    const Lg = new Float64Array(G * k0 * k0);
    const cu1 = new Float64Array(q1), R1 = new Float64Array(q1 * p);
    const L21 = new Array<Float64Array>(G);
    let ldL2 = 0;
    const M = new Float64Array(k0 * k0), tmp = new Float64Array(k0 * Math.max(p, 1));
    // L₂₂ L₂₂ᵀ = Λ₂ᵀ E Λ₂ + I − Σ_g L₂₁,gᵀ L₂₁,g (lower triangle, accumulated per group over its columns only).
    const A = lam2TElam2(templates);
    for (let g = 0; g < G; g++) {
      const bo = g * k0 * k0, o = g * k0;
      for (let a = 0; a < k0; a++) for (let b = 0; b < k0; b++) {
        let s = 0;
        for (let r = a; r < k0; r++) for (let c = b; c < k0; c++) s += T0[r * k0 + a]! * B[bo + r * k0 + c]! * T0[c * k0 + b]!;
        M[a * k0 + b] = s + (a === b ? 1 : 0);
      }
      if (!choleskyInPlace(M, k0)) throw new StatsError("mixed model: a random-effects block is not positive definite", "check the random-effects design");
      for (let a = 0; a < k0; a++) { ldL2 += 2 * Math.log(M[a * k0 + a]!); for (let b = 0; b < k0; b++) Lg[bo + a * k0 + b] = M[a * k0 + b]!; }
      // T₀ᵀ applied to this group's rows, then L_g⁻¹.
      const applyT = (src: Float64Array, srcOff: number, dst: Float64Array, dstOff: number, m: number): void => {
        for (let a = 0; a < k0; a++) for (let col = 0; col < m; col++) {
          let s = 0;
          for (let r = a; r < k0; r++) s += T0[r * k0 + a]! * src[srcOff + r * m + col]!;
          tmp[a * m + col] = s;
        }
        forwardSolve(M, k0, tmp, m);
        for (let a = 0; a < k0; a++) for (let col = 0; col < m; col++) dst[dstOff + a * m + col] = tmp[a * m + col]!;
      };
      applyT(Zy1, o, cu1, o, 1);
      applyT(ZX1, o * p, R1, o * p, p);
      // L₂₁,g = L_g⁻¹ T₀ᵀ C_g Λ₂ over the group's columns (k₀ × m_g).
      const cols = colsOf[g]!, m = cols.length, Cgg = Cg[g]!;
      const CL = new Float64Array(k0 * m);
      for (let jj = 0; jj < m; jj++) {
        const j = cols[jj]!, t = colTerm[j]!, k = lay.k[t]!, st = colBlock[j]!, c = j - st, T = templates[t]!;
        // (C Λ₂)[·, j] = Σ_{r ≥ c in j's block} C[·, st + r] T[r, c]; the block's columns sit together in `cols`.
        const jj0 = jj - c;
        for (let r = c; r < k; r++) {
          const v = T[r * k + c]!;
          if (v === 0) continue;
          for (let a = 0; a < k0; a++) CL[a * m + jj] += Cgg[a * m + jj0 + r]! * v;
        }
      }
      const W = new Float64Array(k0 * m);
      for (let a = 0; a < k0; a++) for (let jj = 0; jj < m; jj++) {
        let s = 0;
        for (let r = a; r < k0; r++) s += T0[r * k0 + a]! * CL[r * m + jj]!;
        W[a * m + jj] = s;
      }
      forwardSolve(M, k0, W, m);
      L21[g] = W;
    }
    // A −= Σ_g L₂₁,gᵀ L₂₁,g, row by row of A (each row's updates stay within that row, in cache). The columns of each
    // group are sorted, so cols[jj] ≤ cols[ii]: only the lower triangle is touched.
    for (let i = 0; i < q2; i++) {
      const ri = i * q2, list = touching[i]!;
      for (let e = 0; e < list.length; e += 2) {
        const g = list[e]!, ii = list[e + 1]!, cols = colsI32[g]!, m = cols.length, W = L21[g]!;
        for (let a = 0; a < k0; a++) {
          const ra = a * m, li = W[ra + ii]!;
          if (li === 0) continue;
          for (let jj = 0; jj <= ii; jj++) A[ri + cols[jj]!] -= li * W[ra + jj]!;
        }
      }
    }
    if (!(q2 >= 192 ? choleskyBlocked(A, q2) : choleskyInPlace(A, q2))) throw new StatsError("mixed model: the Schur complement is not positive definite", "check the random-effects design");
    for (let i = 0; i < q2; i++) ldL2 += 2 * Math.log(A[i * q2 + i]!);
    const cu2 = lam2T(theta, Zy2, 1), R2 = lam2T(theta, ZX2, p);
    for (let g = 0; g < G; g++) {
      const cols = colsOf[g]!, m = cols.length, W = L21[g]!, o = g * k0;
      for (let a = 0; a < k0; a++) for (let ii = 0; ii < m; ii++) {
        const l = W[a * m + ii]!;
        if (l === 0) continue;
        const i = cols[ii]!;
        cu2[i] = cu2[i]! - l * cu1[o + a]!;
        for (let j = 0; j < p; j++) R2[i * p + j] = R2[i * p + j]! - l * R1[(o + a) * p + j]!;
      }
    }
    forwardSolve(A, q2, cu2);
    forwardSolve(A, q2, R2, p);
    return { Lg, L21, A, cu1, cu2, R1, R2, ldL2, T0 };
  };

  // The last factorisation (its Schur block lives in the reused buffer), for `ranef` at the same θ.
  const factorAt = lastByTheta(factor);

  return {
    kind: "schur",
    q: q1 + q2,
    evaluate(theta) {
      const f = factorAt(theta);
      const RtR = new Float64Array(p * p), Rtc = new Float64Array(p);
      let cc = 0;
      const acc = (R: Float64Array, cu: Float64Array, rows: number): void => {
        for (let r = 0; r < rows; r++) {
          cc += cu[r]! * cu[r]!;
          for (let a = 0; a < p; a++) {
            const ra = R[r * p + a]!;
            Rtc[a] += ra * cu[r]!;
            for (let b = 0; b <= a; b++) RtR[a * p + b] += ra * R[r * p + b]!;
          }
        }
      };
      acc(f.R1, f.cu1, q1);
      acc(f.R2, f.cu2, q2);
      for (let a = 0; a < p; a++) for (let b = a + 1; b < p; b++) RtR[a * p + b] = RtR[b * p + a]!;
      return finishProfile(p, XtX, Xty, yty, RtR, Rtc, cc, f.ldL2, shift);
    },
    ranef(theta, betaIn) {
      const beta = Float64Array.from(betaIn);
      beta[0] = beta[0]! - shift;
      const f = factorAt(theta);
      const u2 = new Float64Array(q2), u1 = new Float64Array(q1);
      for (let i = 0; i < q2; i++) { let s = f.cu2[i]!; for (let j = 0; j < p; j++) s -= f.R2[i * p + j]! * beta[j]!; u2[i] = s; }
      backSolveT(f.A, q2, u2);
      const ug = new Float64Array(k0), Lb = new Float64Array(k0 * k0);
      for (let g = 0; g < G; g++) {
        const o = g * k0;
        for (let a = 0; a < k0; a++) {
          let s = f.cu1[o + a]!;
          for (let j = 0; j < p; j++) s -= f.R1[(o + a) * p + j]! * beta[j]!;
          const cols = colsOf[g]!, m = cols.length, W = f.L21[g]!;
          for (let ii = 0; ii < m; ii++) s -= W[a * m + ii]! * u2[cols[ii]!]!;
          ug[a] = s;
        }
        for (let e = 0; e < k0 * k0; e++) Lb[e] = f.Lg[g * k0 * k0 + e]!;
        backSolveT(Lb, k0, ug);
        for (let r = 0; r < k0; r++) { let s = 0; for (let a = 0; a <= r; a++) s += f.T0[r * k0 + a]! * ug[a]!; u1[o + r] = s; }
      }
      // b₂ = Λ₂ u₂
      const b2 = new Float64Array(q2);
      for (let t = 1; t < terms.length; t++) {
        const k = lay.k[t]!, T = templateOf(theta, lay.offset[t]!, k);
        for (let g = 0; g < terms[t]!.nLevels; g++) {
          const o = base[t - 1]! + g * k;
          for (let r = 0; r < k; r++) { let s = 0; for (let a = 0; a <= r; a++) s += T[r * k + a]! * u2[o + a]!; b2[o + r] = s; }
        }
      }
      const b = new Float64Array(q1 + q2);
      b.set(u1, 0);
      b.set(b2, q1);
      return b;
    },
  };
}
