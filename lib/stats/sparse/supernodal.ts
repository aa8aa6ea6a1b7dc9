/**
 * Numeric supernodal Cholesky factorisation (multifrontal) with a symbolic analysis from `symbolic.ts`.
 *
 * Supernodes are taken children first. For supernode s with w columns and m rows, the m × m frontal matrix
 * is assembled from A's entries in its columns and the update matrices of its children (extend-add through
 * the relative indices), then `partialCholesky` factors its first w columns and leaves the Schur complement
 * of the rows below, the update passed to the parent. The m × w panel is kept as the factor's columns:
 * L[rows[s][i], first(s) + c] = panel[i·w + c]. Update matrices live on one stack (a parent's children's
 * updates are on top when it is assembled), so the memory is fixed by the analysis.
 */
import { StatsError } from "../../core/errors.js";
import { partialCholesky } from "./dense.js";
import type { Symbolic } from "./symbolic.js";

/** A numeric factor L Lᵀ = P A Pᵀ. */
export interface SparseFactor {
  sym: Symbolic;
  /** Panels of all supernodes (see `Symbolic.panelOff`). */
  L: Float64Array;
  /** log det A = 2 Σ log L_jj. */
  logDet: number;
}

/** Reusable buffers of the numeric factorisation of one pattern. */
export interface FactorWorkspace { front: Float64Array; stack: Float64Array }

/** Buffers sized for `sym`, to pass to repeated {@link factorize} calls. */
export function factorWorkspace(sym: Symbolic): FactorWorkspace {
  return { front: new Float64Array(sym.maxFront * sym.maxFront), stack: new Float64Array(sym.stackSize) };
}

/**
 * Factors the matrix with the analysed pattern and `values` (in the analysed matrix's storage order).
 *
 * @throws {StatsError} naming the column (in the original order) whose pivot is not positive.
 * @example
 * const sym = analyse(A), f = factorize(sym, A.values);
 * f.logDet;                     // log det A
 * solve(f, b);                  // A⁻¹ b
 */
export function factorize(sym: Symbolic, values: Float64Array, ws: FactorWorkspace = factorWorkspace(sym), out?: Float64Array): SparseFactor {
  const { ns, superStart, rowPtr, relPtr, rel, childPtr, childIdx, aPtr, aSrc, aDest, panelOff } = sym;
  const L = out ?? new Float64Array(sym.panelSize);
  const { front: F, stack } = ws;
  let top = 0, logDet = 0;
  const uOff = new Int32Array(ns);
  for (let s = 0; s < ns; s++) {
    const f = superStart[s]!, w = superStart[s + 1]! - f, m = rowPtr[s + 1]! - rowPtr[s]!, mu = m - w;
    F.fill(0, 0, m * m);
    for (let e = aPtr[s]!; e < aPtr[s + 1]!; e++) F[aDest[e]!] += values[aSrc[e]!]!;
    // Extend-add the children's updates (lower triangles, row-major mc × mc).
    let popTo = top;
    for (let c = childPtr[s]!; c < childPtr[s + 1]!; c++) {
      const ch = childIdx[c]!, r0 = relPtr[ch]!, mc = relPtr[ch + 1]! - r0, u = uOff[ch]!;
      for (let i = 0; i < mc; i++) {
        const ri = rel[r0 + i]! * m, ui = u + i * mc;
        for (let j = 0; j <= i; j++) F[ri + rel[r0 + j]!] += stack[ui + j]!;
      }
      if (mc > 0 && u < popTo) popTo = u;
    }
    top = popTo;
    const bad = partialCholesky(F, m, w);
    if (bad >= 0) {
      const col = sym.perm[f + bad]!;
      throw new StatsError(`sparse Cholesky: the matrix is not positive definite (pivot ${f + bad} of ${sym.n}, row/column ${col} of the input)`, "check that the matrix is symmetric positive definite (for a mixed model: the random-effects design)");
    }
    const po = panelOff[s]!;
    for (let i = 0; i < m; i++) {
      const ri = i * m, pi = po + i * w;
      for (let c = 0; c < w && c <= i; c++) L[pi + c] = F[ri + c]!;
      for (let c = i + 1; c < w; c++) L[pi + c] = 0;
    }
    for (let c = 0; c < w; c++) logDet += 2 * Math.log(F[c * m + c]!);
    if (mu > 0) {
      uOff[s] = top;
      for (let i = 0; i < mu; i++) {
        const fi = (w + i) * m + w, ui = top + i * mu;
        for (let j = 0; j <= i; j++) stack[ui + j] = F[fi + j]!;
      }
      top += mu * mu;
    }
  }
  return { sym, L, logDet };
}

/** Solves L x = b in place; b is in the factored order, n × nrhs row-major. */
export function forwardSolveL(fac: SparseFactor, b: Float64Array, nrhs = 1): void {
  const { ns, superStart, rowPtr, rows, panelOff } = fac.sym, L = fac.L;
  for (let s = 0; s < ns; s++) {
    const f = superStart[s]!, w = superStart[s + 1]! - f, r0 = rowPtr[s]!, m = rowPtr[s + 1]! - r0, po = panelOff[s]!, xo = f * nrhs;
    for (let c = 0; c < w; c++) {
      const lr = po + c * w, bo = (f + c) * nrhs, d = L[lr + c]!;
      for (let t = 0; t < nrhs; t++) {
        let v = b[bo + t]!;
        for (let k = 0; k < c; k++) v -= L[lr + k]! * b[xo + k * nrhs + t]!;
        b[bo + t] = v / d;
      }
    }
    for (let i = w; i < m; i++) {
      const lr = po + i * w, bo = rows[r0 + i]! * nrhs;
      for (let t = 0; t < nrhs; t++) {
        let v = 0;
        for (let k = 0; k < w; k++) v += L[lr + k]! * b[xo + k * nrhs + t]!;
        b[bo + t] -= v;
      }
    }
  }
}

/** Solves Lᵀ x = b in place; b is in the factored order, n × nrhs row-major. */
export function backSolveLt(fac: SparseFactor, b: Float64Array, nrhs = 1): void {
  const { ns, superStart, rowPtr, rows, panelOff } = fac.sym, L = fac.L;
  for (let s = ns - 1; s >= 0; s--) {
    const f = superStart[s]!, w = superStart[s + 1]! - f, r0 = rowPtr[s]!, m = rowPtr[s + 1]! - r0, po = panelOff[s]!;
    for (let i = w; i < m; i++) {
      const lr = po + i * w, xo = rows[r0 + i]! * nrhs;
      for (let k = 0; k < w; k++) {
        const l = L[lr + k]!;
        if (l === 0) continue;
        const bo = (f + k) * nrhs;
        for (let t = 0; t < nrhs; t++) b[bo + t] -= l * b[xo + t]!;
      }
    }
    for (let c = w - 1; c >= 0; c--) {
      const bo = (f + c) * nrhs, d = L[po + c * w + c]!;
      for (let t = 0; t < nrhs; t++) b[bo + t] /= d;
      for (let k = 0; k < c; k++) {
        const l = L[po + c * w + k]!;
        if (l === 0) continue;
        const xo = (f + k) * nrhs;
        for (let t = 0; t < nrhs; t++) b[xo + t] -= l * b[bo + t]!;
      }
    }
  }
}

/** Moves `b` (n × nrhs, original order) into the factored order P b. */
export function permuteIn(sym: Symbolic, b: Float64Array, nrhs = 1): Float64Array {
  const out = new Float64Array(b.length);
  for (let i = 0; i < sym.n; i++) { const o = sym.perm[i]! * nrhs; for (let t = 0; t < nrhs; t++) out[i * nrhs + t] = b[o + t]!; }
  return out;
}

/** Moves `x` (factored order) back to the original order Pᵀ x. */
export function permuteOut(sym: Symbolic, x: Float64Array, nrhs = 1): Float64Array {
  const out = new Float64Array(x.length);
  for (let i = 0; i < sym.n; i++) { const o = sym.perm[i]! * nrhs; for (let t = 0; t < nrhs; t++) out[o + t] = x[i * nrhs + t]!; }
  return out;
}

/** A⁻¹ b for `b` in the original order (n × nrhs row-major). */
export function solve(fac: SparseFactor, b: Float64Array, nrhs = 1): Float64Array {
  const x = permuteIn(fac.sym, b, nrhs);
  forwardSolveL(fac, x, nrhs);
  backSolveLt(fac, x, nrhs);
  return permuteOut(fac.sym, x, nrhs);
}
