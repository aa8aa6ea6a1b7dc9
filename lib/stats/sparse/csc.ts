/**
 * Sparse symmetric matrices stored by their lower triangle in compressed sparse columns (CSC):
 * column j holds rows `rowIdx[colPtr[j] .. colPtr[j + 1])`, sorted increasing, all ≥ j, with the
 * values at the same positions. The pattern is what the orderings and the symbolic analysis read;
 * the values change (one numeric factorisation per θ in the mixed models) while the pattern stays.
 */

/** A symmetric n × n matrix by its lower triangle (CSC, rows sorted within each column). */
export interface SymCsc {
  n: number;
  colPtr: Int32Array;
  rowIdx: Int32Array;
  values: Float64Array;
}

/**
 * The lower-triangle CSC of a symmetric matrix from (row, column, value) triplets. An entry above the
 * diagonal counts as its mirror; duplicates are summed (so a pattern can be given twice).
 *
 * @throws {RangeError} naming the triplet whose index is outside 0 … n − 1.
 * @example
 * symFromTriplets(2, [0, 1, 1], [0, 0, 1], [4, 1, 3]); // [[4, 1], [1, 3]]
 */
export function symFromTriplets(n: number, rows: ArrayLike<number>, cols: ArrayLike<number>, vals?: ArrayLike<number>): SymCsc {
  const m = rows.length;
  // Bucket by row (of the lower triangle), then walk the rows in order into the columns: rows come out sorted.
  const rowCount = new Int32Array(n + 1);
  for (let e = 0; e < m; e++) {
    const r = rows[e]!, c = cols[e]!;
    if (!(r >= 0 && r < n && c >= 0 && c < n)) throw new RangeError(`symFromTriplets: triplet ${e} (${r}, ${c}) is outside a ${n} × ${n} matrix`);
    rowCount[(r > c ? r : c) + 1]++;
  }
  for (let i = 0; i < n; i++) rowCount[i + 1] += rowCount[i]!;
  const rAt = rowCount.slice(0, n), byRow = new Int32Array(m);
  for (let e = 0; e < m; e++) { const r = rows[e]!, c = cols[e]!; byRow[rAt[r > c ? r : c]!++] = e; }
  const colCount = new Int32Array(n + 1);
  for (let e = 0; e < m; e++) { const r = rows[e]!, c = cols[e]!; colCount[(r < c ? r : c) + 1]++; }
  for (let j = 0; j < n; j++) colCount[j + 1] += colCount[j]!;
  const cAt = colCount.slice(0, n), ri = new Int32Array(m), vv = new Float64Array(m);
  for (let t = 0; t < m; t++) {
    const e = byRow[t]!, r = rows[e]!, c = cols[e]!, j = r < c ? r : c, at = cAt[j]!++;
    ri[at] = r > c ? r : c;
    vv[at] = vals ? vals[e]! : 0;
  }
  // Sum duplicates (adjacent now).
  const colPtr = new Int32Array(n + 1), outR = new Int32Array(m), outV = new Float64Array(m);
  let o = 0;
  for (let j = 0; j < n; j++) {
    let last = -1;
    for (let t = colCount[j]!; t < colCount[j + 1]!; t++) {
      if (ri[t] === last) outV[o - 1] += vv[t]!;
      else { outR[o] = ri[t]!; outV[o] = vv[t]!; last = ri[t]!; o++; }
    }
    colPtr[j + 1] = o;
  }
  return { n, colPtr, rowIdx: outR.slice(0, o), values: outV.slice(0, o) };
}

/** The full symmetric pattern without the diagonal, as adjacency lists in CSC form (`ptr`, `idx`). */
export function adjacency(A: SymCsc): { ptr: Int32Array; idx: Int32Array } {
  const { n, colPtr, rowIdx } = A;
  const deg = new Int32Array(n + 1);
  for (let j = 0; j < n; j++) for (let e = colPtr[j]!; e < colPtr[j + 1]!; e++) {
    const i = rowIdx[e]!;
    if (i !== j) { deg[i + 1]++; deg[j + 1]++; }
  }
  for (let j = 0; j < n; j++) deg[j + 1] += deg[j]!;
  const ptr = deg.slice(), next = deg.slice(0, n), idx = new Int32Array(ptr[n]!);
  for (let j = 0; j < n; j++) for (let e = colPtr[j]!; e < colPtr[j + 1]!; e++) {
    const i = rowIdx[e]!;
    if (i !== j) { idx[next[i]!++] = j; idx[next[j]!++] = i; }
  }
  return { ptr, idx };
}

/**
 * B = P A Pᵀ for the permutation `perm` (new index i is old index perm[i]), with `map[e]` the position in B
 * of A's stored entry e, so values can be moved again without recomputing the pattern. Each entry goes straight to
 * its column of B (counted first), and each column's rows are then sorted by insertion (columns are short), the
 * map following: O(nnz) plus the sorting.
 */
export function symPermute(A: SymCsc, perm: ArrayLike<number>): { B: SymCsc; map: Int32Array } {
  const { n, colPtr, rowIdx, values } = A;
  const inv = inversePermutation(perm);
  const nnz = colPtr[n]!;
  const ptr = new Int32Array(n + 1);
  for (let j = 0; j < n; j++) for (let e = colPtr[j]!; e < colPtr[j + 1]!; e++) { const a = inv[rowIdx[e]!]!, b = inv[j]!; ptr[(a < b ? a : b) + 1]++; }
  for (let j = 0; j < n; j++) ptr[j + 1] += ptr[j]!;
  const next = ptr.slice(0, n), ri = new Int32Array(nnz), src = new Int32Array(nnz), map = new Int32Array(nnz), vals = new Float64Array(nnz);
  for (let j = 0; j < n; j++) for (let e = colPtr[j]!; e < colPtr[j + 1]!; e++) {
    const a = inv[rowIdx[e]!]!, b = inv[j]!, c = a < b ? a : b, at = next[c]!++;
    ri[at] = a < b ? b : a;
    src[at] = e;
  }
  for (let c = 0; c < n; c++) {
    const lo = ptr[c]!, hi = ptr[c + 1]!;
    for (let t = lo + 1; t < hi; t++) {
      const r = ri[t]!, s = src[t]!;
      let u = t - 1;
      while (u >= lo && ri[u]! > r) { ri[u + 1] = ri[u]!; src[u + 1] = src[u]!; u--; }
      ri[u + 1] = r; src[u + 1] = s;
    }
  }
  for (let t = 0; t < nnz; t++) { map[src[t]!] = t; vals[t] = values[src[t]!]!; }
  return { B: { n, colPtr: ptr, rowIdx: ri, values: vals }, map };
}

/** Position of entry (r, c), r ≥ c, in the columns of A, or −1 when it is not stored (binary search). */
export function findEntry(A: SymCsc, r: number, c: number): number {
  let lo = A.colPtr[c]!, hi = A.colPtr[c + 1]! - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1, v = A.rowIdx[mid]!;
    if (v === r) return mid;
    if (v < r) lo = mid + 1; else hi = mid - 1;
  }
  return -1;
}

/**
 * The inverse of a permutation.
 * @throws {RangeError} when `perm` is not a permutation of 0 … n − 1.
 */
export function inversePermutation(perm: ArrayLike<number>): Int32Array {
  const n = perm.length, inv = new Int32Array(n).fill(-1);
  for (let i = 0; i < n; i++) {
    const p = perm[i]!;
    if (!(p >= 0 && p < n) || inv[p] !== -1) throw new RangeError(`not a permutation of 0 … ${n - 1}: element ${i} is ${p}`);
    inv[p] = i;
  }
  return inv;
}

/** The full dense matrix (row-major n × n), for tests and small checks. */
export function symToDense(A: SymCsc): Float64Array {
  const { n, colPtr, rowIdx, values } = A, D = new Float64Array(n * n);
  for (let j = 0; j < n; j++) for (let e = colPtr[j]!; e < colPtr[j + 1]!; e++) {
    const i = rowIdx[e]!;
    D[i * n + j] = values[e]!;
    D[j * n + i] = values[e]!;
  }
  return D;
}
