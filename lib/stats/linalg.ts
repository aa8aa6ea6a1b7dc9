/**
 * Small dense linear algebra on row-major `Float64Array`s: Cholesky factorisation, triangular
 * solves, inverses and a symmetric eigendecomposition. Enough for the p × p and q × q systems of
 * the regression and mixed-model fits; no pivoting, so callers check designs first.
 */
import { StatsError } from "../core/errors.js";
import { partialCholeskyWasm } from "./kernels/cholesky-wasm.js";
import { factorDiagonalBlock } from "./kernels/diagonal-block.js";

/**
 * In-place lower Cholesky factor of the symmetric positive-definite n × n matrix `A` (only the lower
 * triangle is read; the upper triangle is zeroed). Returns false when a pivot is not positive.
 */
export function choleskyInPlace(A: Float64Array, n: number): boolean {
  if (factorDiagonalBlock(A, n, 0, n) >= 0) return false;
  for (let i = 0; i < n; i++) A.fill(0, i * n + i + 1, i * n + n);
  return true;
}

/** Cholesky factor (a copy) or a StatsError naming `what`. */
export function cholesky(A: Float64Array, n: number, what: string): Float64Array {
  const L = Float64Array.from(A);
  if (!choleskyInPlace(L, n)) throw new StatsError(`${what} is not positive definite`, "check the design for collinear or constant columns");
  return L;
}

/** Solves L x = b in place for lower-triangular L (n × n); b has `m` right-hand sides as columns (row-major n × m). */
export function forwardSolve(L: Float64Array, n: number, b: Float64Array, m = 1): void {
  for (let i = 0; i < n; i++) {
    const ri = i * n;
    for (let c = 0; c < m; c++) {
      let s = b[i * m + c]!;
      for (let k = 0; k < i; k++) s -= L[ri + k]! * b[k * m + c]!;
      b[i * m + c] = s / L[ri + i]!;
    }
  }
}

/** Solves Lᵀ x = b in place for lower-triangular L (n × n); `m` right-hand sides. */
export function backSolveT(L: Float64Array, n: number, b: Float64Array, m = 1): void {
  for (let i = n - 1; i >= 0; i--) {
    for (let c = 0; c < m; c++) {
      let s = b[i * m + c]!;
      for (let k = i + 1; k < n; k++) s -= L[k * n + i]! * b[k * m + c]!;
      b[i * m + c] = s / L[i * n + i]!;
    }
  }
}

/** (L Lᵀ)⁻¹ from a lower Cholesky factor. */
export function cholInverse(L: Float64Array, n: number): Float64Array {
  const I = new Float64Array(n * n);
  for (let i = 0; i < n; i++) I[i * n + i] = 1;
  forwardSolve(L, n, I, n);
  backSolveT(L, n, I, n);
  return I;
}

/** log det(L Lᵀ) = 2 Σ log L_ii. */
export function logDet2(L: Float64Array, n: number): number {
  let s = 0;
  for (let i = 0; i < n; i++) s += Math.log(L[i * n + i]!);
  return 2 * s;
}

/** Cyclic Jacobi eigendecomposition of a symmetric n × n matrix: values and column eigenvectors (row-major). */
export function symmetricEigen(S: Float64Array, n: number): { values: Float64Array; vectors: Float64Array } {
  const A = Float64Array.from(S);
  const V = new Float64Array(n * n);
  for (let i = 0; i < n; i++) V[i * n + i] = 1;
  for (let sweep = 0; sweep < 100; sweep++) {
    let off = 0;
    for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) off += A[i * n + j]! ** 2;
    if (off < 1e-30) break;
    for (let p = 0; p < n; p++) for (let q = p + 1; q < n; q++) {
      const apq = A[p * n + q]!;
      if (apq === 0) continue;
      const theta = (A[q * n + q]! - A[p * n + p]!) / (2 * apq);
      const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
      const c = 1 / Math.sqrt(t * t + 1), s = t * c;
      for (let k = 0; k < n; k++) {
        const akp = A[k * n + p]!, akq = A[k * n + q]!;
        A[k * n + p] = c * akp - s * akq;
        A[k * n + q] = s * akp + c * akq;
      }
      for (let k = 0; k < n; k++) {
        const apk = A[p * n + k]!, aqk = A[q * n + k]!;
        A[p * n + k] = c * apk - s * aqk;
        A[q * n + k] = s * apk + c * aqk;
      }
      for (let k = 0; k < n; k++) {
        const vkp = V[k * n + p]!, vkq = V[k * n + q]!;
        V[k * n + p] = c * vkp - s * vkq;
        V[k * n + q] = s * vkp + c * vkq;
      }
    }
  }
  const values = new Float64Array(n);
  for (let i = 0; i < n; i++) values[i] = A[i * n + i]!;
  return { values, vectors: V };
}

/** Moore–Penrose inverse of a symmetric matrix, dropping eigenvalues ≤ `tol`. */
export function pinvSymmetric(S: Float64Array, n: number, tol = 1e-8): Float64Array {
  const { values, vectors } = symmetricEigen(S, n);
  const out = new Float64Array(n * n);
  for (let k = 0; k < n; k++) {
    if (!(values[k]! > tol)) continue;
    const inv = 1 / values[k]!;
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) out[i * n + j] += vectors[i * n + k]! * vectors[j * n + k]! * inv;
  }
  return out;
}

/**
 * In-place lower Cholesky factor as {@link choleskyInPlace}, by panels of `nb` columns (right-looking): factor the
 * diagonal block, solve the panel below it and copy it into a contiguous buffer P, then update the trailing lower
 * triangle, A[i, j] −= P_i · P_j, by blocks of `jb` rows of P (kept in cache) with a 4 × 2 register kernel (eight
 * running sums, six loads per step of the inner loop). Same arithmetic up to rounding; about 2 GFlop/s on one core,
 * four times {@link choleskyInPlace} at n = 1,200. Returns false when a pivot is not positive.
 *
 * `engine: "auto"` (the default) runs the same algorithm with its trailing update and panel solve in WebAssembly
 * SIMD (`kernels/cholesky-wasm.ts`, about five times faster at n = 1,200, same sums in the same order) when the
 * runtime has it and `nb` is a multiple of 4, and this JavaScript code otherwise; `"js"` and `"wasm"` force one.
 */
export function choleskyBlocked(A: Float64Array, n: number, nb = 64, jb = 128, engine: "auto" | "js" | "wasm" = "auto"): boolean {
  if (partialCholeskyBlocked(A, n, n, nb, jb, engine) >= 0) return false;
  for (let i = 0; i < n; i++) A.fill(0, i * n + i + 1, i * n + n);
  return true;
}

/**
 * Partial Cholesky factorisation of the m × m row-major `A` over its first `w` columns, in place on the lower triangle
 * (the upper is not touched): A = [A₁₁ ·; A₂₁ A₂₂] → L₁₁ = chol(A₁₁), L₂₁ = A₂₁ L₁₁⁻ᵀ, A₂₂ − L₂₁ L₂₁ᵀ. With w = m it
 * is {@link choleskyBlocked}'s factor; with w < m the lower right block is the Schur complement (the update matrix of a
 * front in a multifrontal factorisation). Engines as there. Returns −1, or the first column whose pivot is not
 * positive.
 */
export function partialCholeskyBlocked(A: Float64Array, m: number, w: number, nb = 64, jb = 128, engine: "auto" | "js" | "wasm" = "auto"): number {
  if (engine !== "js" && nb % 4 === 0) {
    const r = partialCholeskyWasm(A, m, w, nb);
    if (r !== null) return r;
    if (engine === "wasm") throw new StatsError("choleskyBlocked: this runtime has no WebAssembly SIMD", "use engine \"js\" or Node ≥ 16.4");
  }
  const P = new Float64Array(m * nb);
  for (let k0 = 0; k0 < w; k0 += nb) {
    const k1 = Math.min(w, k0 + nb), bw = k1 - k0;
    const bad = factorDiagonalBlock(A, m, k0, k1);
    if (bad >= 0) return bad;
    // Panel below the diagonal block, solved row by row and packed: P[(i − k1)·bw + c] = L[i, k0 + c].
    for (let i = k1; i < m; i++) {
      const ri = i * m, po = (i - k1) * bw;
      for (let c = 0; c < bw; c++) {
        const rj = (k0 + c) * m;
        let t = A[ri + k0 + c]!;
        for (let k = 0; k < c; k++) t -= P[po + k]! * A[rj + k0 + k]!;
        t /= A[rj + k0 + c]!;
        A[ri + k0 + c] = t;
        P[po + c] = t;
      }
    }
    trailingUpdate(A, m, P, bw, k1, jb);
  }
  return -1;
}

/** A[k1 + i, k1 + j] −= P_i · P_j for 0 ≤ j ≤ i < n − k1 (P: rows of length w), by column blocks of `jb`. */
function trailingUpdate(A: Float64Array, n: number, P: Float64Array, w: number, k1: number, jb: number): void {
  const m = n - k1;
  const dotRows = (i: number, j: number): number => {
    const pi = i * w, pj = j * w;
    let s = 0;
    for (let k = 0; k < w; k++) s += P[pi + k]! * P[pj + k]!;
    return s;
  };
  for (let jb0 = 0; jb0 < m; jb0 += jb) {
    const jb1 = Math.min(m, jb0 + jb);
    let i = jb0;
    for (; i + 3 < m; i += 4) {
      const pi0 = i * w, pi1 = pi0 + w, pi2 = pi1 + w, pi3 = pi2 + w;
      const jEnd = Math.min(jb1, i);
      let j = jb0;
      for (; j + 1 < jEnd; j += 2) {
        const pj0 = j * w, pj1 = pj0 + w;
        let a00 = 0, a01 = 0, a10 = 0, a11 = 0, a20 = 0, a21 = 0, a30 = 0, a31 = 0;
        for (let k = 0; k < w; k++) {
          const x0 = P[pj0 + k]!, x1 = P[pj1 + k]!;
          const y0 = P[pi0 + k]!, y1 = P[pi1 + k]!, y2 = P[pi2 + k]!, y3 = P[pi3 + k]!;
          a00 += y0 * x0; a01 += y0 * x1; a10 += y1 * x0; a11 += y1 * x1;
          a20 += y2 * x0; a21 += y2 * x1; a30 += y3 * x0; a31 += y3 * x1;
        }
        const r0 = (k1 + i) * n + k1 + j, r1 = r0 + n, r2 = r1 + n, r3 = r2 + n;
        A[r0] -= a00; A[r0 + 1] -= a01; A[r1] -= a10; A[r1 + 1] -= a11;
        A[r2] -= a20; A[r2 + 1] -= a21; A[r3] -= a30; A[r3 + 1] -= a31;
      }
      // The rest of this column block for the four rows, up to the diagonal.
      for (let r = 0; r < 4; r++) {
        const ii = i + r, row = (k1 + ii) * n + k1, jTo = Math.min(jb1 - 1, ii);
        for (let jj = j; jj <= jTo; jj++) A[row + jj] -= dotRows(ii, jj);
      }
    }
    for (; i < m; i++) {
      const row = (k1 + i) * n + k1, jTo = Math.min(jb1 - 1, i);
      for (let jj = jb0; jj <= jTo; jj++) A[row + jj] -= dotRows(i, jj);
    }
  }
}
