/**
 * Isotonic regression with scikit-learn's semantics (`IsotonicRegression(out_of_bounds="clip")`).
 *
 * Fit: sort by x; pool tied x values (weighted mean of y, summed weights); solve the weighted
 * least-squares monotone fit by pool-adjacent-violators (PAV); clip to [yMin, yMax]; keep as
 * thresholds the points that are not interior to a constant run. Predict: linear interpolation
 * between thresholds, x outside the fitted range clipped to it.
 *
 * @throws RangeError on empty input, unequal lengths, non-finite values or non-positive weights.
 * @example
 * const fit = isotonic([1, 2, 3, 4], [1, 3, 2, 4]);
 * fit.predict([2.5]);   // [2.5]
 */
export interface IsotonicOptions {
  weights?: readonly number[];
  increasing?: boolean;
  yMin?: number;
  yMax?: number;
}

export interface IsotonicFit {
  thresholdsX: number[];
  thresholdsY: number[];
  increasing: boolean;
  predict(x: readonly number[]): number[];
}

export function isotonic(x: readonly number[], y: readonly number[], opts: IsotonicOptions = {}): IsotonicFit {
  const n = x.length;
  if (n === 0) throw new RangeError("isotonic: no data");
  if (y.length !== n) throw new RangeError(`isotonic: x has ${n} values, y has ${y.length}`);
  const w = opts.weights ?? new Array<number>(n).fill(1);
  if (w.length !== n) throw new RangeError(`isotonic: weights has ${w.length} values, x has ${n}`);
  for (let i = 0; i < n; i++) {
    if (!Number.isFinite(x[i]) || !Number.isFinite(y[i])) throw new RangeError(`isotonic: non-finite value at index ${i}`);
    if (!(w[i] > 0)) throw new RangeError(`isotonic: weights must be > 0 (index ${i} is ${w[i]})`);
  }
  const increasing = opts.increasing ?? true;

  // Sort by x, then y (numpy lexsort((y, X))), and pool ties in x.
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => x[a] - x[b] || y[a] - y[b]);
  const ux: number[] = [];
  const uy: number[] = [];
  const uw: number[] = [];
  for (let k = 0; k < n; ) {
    const xv = x[order[k]];
    let sw = 0;
    let swy = 0;
    while (k < n && x[order[k]] === xv) {
      const i = order[k];
      sw += w[i];
      swy += w[i] * y[i];
      k++;
    }
    ux.push(xv);
    uy.push(swy / sw);
    uw.push(sw);
  }

  const fitted = pav(increasing ? uy : uy.slice().reverse(), increasing ? uw : uw.slice().reverse());
  if (!increasing) fitted.reverse();
  const lo = opts.yMin ?? -Infinity;
  const hi = opts.yMax ?? Infinity;
  for (let i = 0; i < fitted.length; i++) fitted[i] = Math.min(hi, Math.max(lo, fitted[i]));

  // Drop points interior to a constant run; they do not change the interpolation.
  const tx: number[] = [];
  const ty: number[] = [];
  for (let i = 0; i < ux.length; i++) {
    const interior = i > 0 && i < ux.length - 1 && fitted[i] === fitted[i - 1] && fitted[i] === fitted[i + 1];
    if (!interior) {
      tx.push(ux[i]);
      ty.push(fitted[i]);
    }
  }
  return {
    thresholdsX: tx,
    thresholdsY: ty,
    increasing,
    predict: (q) => q.map((v) => interpolate(tx, ty, v)),
  };
}

/** Weighted pool-adjacent-violators for a non-decreasing fit. */
function pav(y: readonly number[], w: readonly number[]): number[] {
  const m = y.length;
  const val: number[] = [];
  const wt: number[] = [];
  const len: number[] = [];
  for (let i = 0; i < m; i++) {
    val.push(y[i]);
    wt.push(w[i]);
    len.push(1);
    while (val.length > 1 && val[val.length - 2] >= val[val.length - 1]) {
      const v2 = val.pop()!;
      const w2 = wt.pop()!;
      const l2 = len.pop()!;
      const j = val.length - 1;
      const ws = wt[j] + w2;
      val[j] = (wt[j] * val[j] + w2 * v2) / ws;
      wt[j] = ws;
      len[j] += l2;
    }
  }
  const out: number[] = [];
  for (let b = 0; b < val.length; b++) for (let k = 0; k < len[b]; k++) out.push(val[b]);
  return out;
}

function interpolate(tx: readonly number[], ty: readonly number[], v: number): number {
  const last = tx.length - 1;
  if (Number.isNaN(v)) return NaN;
  if (v <= tx[0]) return ty[0];
  if (v >= tx[last]) return ty[last];
  let lo = 0;
  let hi = last;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (tx[mid] <= v) lo = mid;
    else hi = mid;
  }
  const t = (v - tx[lo]) / (tx[hi] - tx[lo]);
  return ty[lo] + t * (ty[hi] - ty[lo]);
}
