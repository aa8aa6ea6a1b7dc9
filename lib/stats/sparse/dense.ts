/**
 * The dense kernel of the supernodal factorisation: a partial Cholesky of a frontal matrix. For the m × m
 * symmetric F (row-major, lower triangle read) and w ≤ m it computes
 *   F = [F₁₁ F₂₁ᵀ; F₂₁ F₂₂] → L₁₁ = chol(F₁₁),  L₂₁ = F₂₁ L₁₁⁻ᵀ,  F₂₂ − L₂₁ L₂₁ᵀ,
 * in place (the Schur complement F₂₂ − L₂₁L₂₁ᵀ is the update matrix a supernode passes to its parent).
 * Fronts above 48 rows go to the blocked dense factor of `linalg.ts` (its trailing updates and panel solves in
 * WebAssembly SIMD); smaller ones are factored column by column here.
 */
import { partialCholeskyBlocked } from "../linalg.js";

/**
 * Partial Cholesky of the m × m row-major `F` over its first `w` columns (lower triangle; the upper is not
 * touched). Returns −1, or the first column whose pivot is not positive.
 *
 * @example
 * const F = Float64Array.from([4, 0, 2, 5]); // [[4, ·], [2, 5]]
 * partialCholesky(F, 2, 1); // −1; F = [[2, ·], [1, 4]]: L₁₁ = 2, L₂₁ = 1, Schur complement 5 − 1 = 4
 */
export function partialCholesky(F: Float64Array, m: number, w: number): number {
  return m <= 48 ? partialCholeskySmall(F, m, w) : partialCholeskyBlocked(F, m, w);
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
