/**
 * The diagonal block of one panel of a right-looking blocked Cholesky factorisation, shared by the JavaScript and
 * the WebAssembly drivers so both round alike: columns k0 … k1 − 1 of the row-major A (leading dimension lda) are
 * factored in place, using only the block itself (earlier panels' contributions were subtracted by their trailing
 * updates). Returns −1, or the first column whose pivot is not positive.
 */
export function factorDiagonalBlock(A: Float64Array, lda: number, k0: number, k1: number): number {
  for (let j = k0; j < k1; j++) {
    const rj = j * lda;
    let s = A[rj + j]!;
    for (let c = k0; c < j; c++) s -= A[rj + c]! * A[rj + c]!;
    if (!(s > 0)) return j;
    const d = Math.sqrt(s);
    A[rj + j] = d;
    for (let i = j + 1; i < k1; i++) {
      const ri = i * lda;
      let t = A[ri + j]!;
      for (let c = k0; c < j; c++) t -= A[ri + c]! * A[rj + c]!;
      A[ri + j] = t / d;
    }
  }
  return -1;
}
