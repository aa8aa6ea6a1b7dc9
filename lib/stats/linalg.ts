/**
 * Small dense linear algebra on row-major `Float64Array`s: Cholesky factorisation, triangular
 * solves, inverses and a symmetric eigendecomposition. Enough for the p × p and q × q systems of
 * the regression and mixed-model fits; no pivoting, so callers check designs first.
 */
import { StatsError } from "../core/errors.js";

/**
 * In-place lower Cholesky factor of the symmetric positive-definite n × n matrix `A` (only the lower
 * triangle is read; the upper triangle is zeroed). Returns false when a pivot is not positive.
 */
export function choleskyInPlace(A: Float64Array, n: number): boolean {
  for (let j = 0; j < n; j++) {
    const rj = j * n;
    let s = A[rj + j]!;
    for (let k = 0; k < j; k++) s -= A[rj + k]! * A[rj + k]!;
    if (!(s > 0)) return false;
    const d = Math.sqrt(s);
    A[rj + j] = d;
    for (let i = j + 1; i < n; i++) {
      const ri = i * n;
      let t = A[ri + j]!;
      for (let k = 0; k < j; k++) t -= A[ri + k]! * A[rj + k]!;
      A[ri + j] = t / d;
    }
    for (let k = j + 1; k < n; k++) A[rj + k] = 0;
  }
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
 * In-place lower Cholesky factor as {@link choleskyInPlace}, by blocks of `nb` columns (right-looking): factor the
 * diagonal block, solve the panel below it, then update the trailing lower triangle with dot products over the
 * panel's `nb` contiguous columns. Same arithmetic up to rounding, but the panel stays in cache, which makes large
 * factors (q ≳ 500) several times faster. Returns false when a pivot is not positive.
 */
export function choleskyBlocked(A: Float64Array, n: number, nb = 48): boolean {
  for (let k0 = 0; k0 < n; k0 += nb) {
    const k1 = Math.min(n, k0 + nb);
    // Diagonal block (its earlier columns' contributions were subtracted by previous trailing updates).
    for (let j = k0; j < k1; j++) {
      const rj = j * n;
      let s = A[rj + j]!;
      for (let k = k0; k < j; k++) s -= A[rj + k]! * A[rj + k]!;
      if (!(s > 0)) return false;
      const d = Math.sqrt(s);
      A[rj + j] = d;
      for (let i = j + 1; i < k1; i++) {
        const ri = i * n;
        let t = A[ri + j]!;
        for (let k = k0; k < j; k++) t -= A[ri + k]! * A[rj + k]!;
        A[ri + j] = t / d;
      }
    }
    // Panel below: rows i ≥ k1, columns k0..k1−1: solve with the diagonal block's factor.
    for (let i = k1; i < n; i++) {
      const ri = i * n;
      for (let j = k0; j < k1; j++) {
        const rj = j * n;
        let t = A[ri + j]!;
        for (let k = k0; k < j; k++) t -= A[ri + k]! * A[rj + k]!;
        A[ri + j] = t / A[rj + j]!;
      }
    }
    // Trailing update of the lower triangle: A[i, j] −= Σ_k A[i, k] A[j, k] over the panel's columns.
    const w = k1 - k0;
    const panel = new Float64Array(w);
    for (let i = k1; i < n; i++) {
      const ri = i * n;
      for (let k = 0; k < w; k++) panel[k] = A[ri + k0 + k]!;
      let j = k1;
      // Two columns at a time, four-way unrolled: the row's panel entries are loaded once for both.
      for (; j + 1 <= i; j += 2) {
        const rj = j * n + k0, rj2 = rj + n;
        let s0 = 0, s1 = 0, t0 = 0, t1 = 0;
        let k = 0;
        for (; k + 1 < w; k += 2) {
          const p0 = panel[k]!, p1 = panel[k + 1]!;
          s0 += p0 * A[rj + k]!; s1 += p1 * A[rj + k + 1]!;
          t0 += p0 * A[rj2 + k]!; t1 += p1 * A[rj2 + k + 1]!;
        }
        for (; k < w; k++) { s0 += panel[k]! * A[rj + k]!; t0 += panel[k]! * A[rj2 + k]!; }
        A[ri + j] = A[ri + j]! - (s0 + s1);
        A[ri + j + 1] = A[ri + j + 1]! - (t0 + t1);
      }
      for (; j <= i; j++) {
        const rj = j * n + k0;
        let s0 = 0;
        for (let k = 0; k < w; k++) s0 += panel[k]! * A[rj + k]!;
        A[ri + j] = A[ri + j]! - s0;
      }
    }
  }
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) A[i * n + j] = 0;
  return true;
}
