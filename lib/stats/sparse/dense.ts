/**
 * The dense kernel of the supernodal factorisation: a blocked right-looking partial Cholesky of a frontal
 * matrix. For the m × m symmetric F (row-major, lower triangle read) and w ≤ m it computes
 *   F = [F₁₁ F₂₁ᵀ; F₂₁ F₂₂] → L₁₁ = chol(F₁₁),  L₂₁ = F₂₁ L₁₁⁻ᵀ,  F₂₂ − L₂₁ L₂₁ᵀ,
 * in place (the Schur complement F₂₂ − L₂₁L₂₁ᵀ is the update matrix a supernode passes to its parent).
 * Columns are taken in panels of `nb`; each panel's rows below are packed so the trailing update is a
 * sequence of contiguous dot products, four rows by two columns at a time held in registers.
 */

/**
 * Partial Cholesky of the m × m row-major `F` over its first `w` columns (lower triangle; the upper is not
 * touched). Returns −1, or the first column whose pivot is not positive.
 *
 * @example
 * const F = Float64Array.from([4, 0, 2, 5]); // [[4, ·], [2, 5]]
 * partialCholesky(F, 2, 1); // −1; F = [[2, ·], [1, 4]]: L₁₁ = 2, L₂₁ = 1, Schur complement 5 − 1 = 4
 */
export function partialCholesky(F: Float64Array, m: number, w: number, P: Float64Array, nb = 48): number {
  if (m <= 48) return partialCholeskySmall(F, m, w);
  for (let k0 = 0; k0 < w; k0 += nb) {
    const k1 = Math.min(w, k0 + nb), bw = k1 - k0;
    for (let j = k0; j < k1; j++) {
      const rj = j * m;
      let s = F[rj + j]!;
      for (let k = k0; k < j; k++) s -= F[rj + k]! * F[rj + k]!;
      if (!(s > 0)) return j;
      const d = Math.sqrt(s);
      F[rj + j] = d;
      for (let i = j + 1; i < k1; i++) {
        const ri = i * m;
        let t = F[ri + j]!;
        for (let k = k0; k < j; k++) t -= F[ri + k]! * F[rj + k]!;
        F[ri + j] = t / d;
      }
    }
    // Rows below the panel: L[i, k0 + c], packed into P[(i − k1)·bw + c].
    for (let i = k1; i < m; i++) {
      const ri = i * m, po = (i - k1) * bw;
      for (let c = 0; c < bw; c++) {
        const rj = (k0 + c) * m;
        let t = F[ri + k0 + c]!;
        for (let k = 0; k < c; k++) t -= P[po + k]! * F[rj + k0 + k]!;
        t /= F[rj + k0 + c]!;
        F[ri + k0 + c] = t;
        P[po + c] = t;
      }
    }
    syrkLower(F, m, P, bw, k1);
  }
  return -1;
}

/** The same for small fronts, column by column (right-looking, no packing: the overhead dominates there). */
function partialCholeskySmall(F: Float64Array, m: number, w: number): number {
  for (let j = 0; j < w; j++) {
    const rj = j * m, s = F[rj + j]!;
    if (!(s > 0)) return j;
    const d = Math.sqrt(s);
    F[rj + j] = d;
    for (let i = j + 1; i < m; i++) F[i * m + j] /= d;
    for (let i = j + 1; i < m; i++) {
      const ri = i * m, lij = F[ri + j]!;
      if (lij === 0) continue;
      for (let k = j + 1; k <= i; k++) F[ri + k] -= lij * F[k * m + j]!;
    }
  }
  return -1;
}

/** F[k1 + i, k1 + j] −= P_i · P_j for 0 ≤ j ≤ i < m − k1 (rows of P have length bw), by column blocks. */
function syrkLower(F: Float64Array, m: number, P: Float64Array, bw: number, k1: number): void {
  const r = m - k1, jb = 128;
  for (let jb0 = 0; jb0 < r; jb0 += jb) {
    const jb1 = Math.min(r, jb0 + jb);
    let i = jb0;
    for (; i + 3 < r; i += 4) {
      const pi0 = i * bw, pi1 = pi0 + bw, pi2 = pi1 + bw, pi3 = pi2 + bw;
      const jEnd = Math.min(jb1, i);
      let j = jb0;
      for (; j + 1 < jEnd; j += 2) {
        const pj0 = j * bw, pj1 = pj0 + bw;
        let a00 = 0, a01 = 0, a10 = 0, a11 = 0, a20 = 0, a21 = 0, a30 = 0, a31 = 0;
        for (let k = 0; k < bw; k++) {
          const x0 = P[pj0 + k]!, x1 = P[pj1 + k]!;
          const y0 = P[pi0 + k]!, y1 = P[pi1 + k]!, y2 = P[pi2 + k]!, y3 = P[pi3 + k]!;
          a00 += y0 * x0; a01 += y0 * x1; a10 += y1 * x0; a11 += y1 * x1;
          a20 += y2 * x0; a21 += y2 * x1; a30 += y3 * x0; a31 += y3 * x1;
        }
        const o0 = (k1 + i) * m + k1 + j, o1 = o0 + m, o2 = o1 + m, o3 = o2 + m;
        F[o0] -= a00; F[o0 + 1] -= a01; F[o1] -= a10; F[o1 + 1] -= a11;
        F[o2] -= a20; F[o2 + 1] -= a21; F[o3] -= a30; F[o3 + 1] -= a31;
      }
      for (let t = 0; t < 4; t++) {
        const ii = i + t, row = (k1 + ii) * m + k1, jTo = Math.min(jb1 - 1, ii), pi = ii * bw;
        for (let jj = j; jj <= jTo; jj++) {
          const pj = jj * bw;
          let s = 0;
          for (let k = 0; k < bw; k++) s += P[pi + k]! * P[pj + k]!;
          F[row + jj] -= s;
        }
      }
    }
    for (; i < r; i++) {
      const row = (k1 + i) * m + k1, jTo = Math.min(jb1 - 1, i), pi = i * bw;
      for (let jj = jb0; jj <= jTo; jj++) {
        const pj = jj * bw;
        let s = 0;
        for (let k = 0; k < bw; k++) s += P[pi + k]! * P[pj + k]!;
        F[row + jj] -= s;
      }
    }
  }
}
