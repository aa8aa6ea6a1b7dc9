/**
 * θ (each term's relative covariance factor, lower triangle column by column) and the standard deviations and
 * correlations lme4 profiles on (`Cv_to_Sv`, `Sv_to_Cv`): per term, Σ = σ²ΛΛᵀ, a diagonal element of θ's layout
 * stands for a standard deviation √Σᵢᵢ, an element below it for the correlation Σᵣc/√(ΣᵣᵣΣcc).
 */

/** Term sizes k (random effects per level), in θ's term order. */
export type TermSizes = readonly number[];

/** (row, column) of each θ element of a k × k lower triangle taken column by column. */
function layout(k: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (let c = 0; c < k; c++) for (let r = c; r < k; r++) out.push([r, c]);
  return out;
}

/**
 * Standard deviations and correlations from θ, in θ's order (lme4's `Cv_to_Sv(θ, n, s = σ)` without σ appended).
 *
 * @example
 * thetaToSdcor([1, 0.5, 2], [2], 10); // [10, 0.2425…, 20.6…]: sd₁ = 10·1, cor, sd₂ = 10·√(0.5² + 2²)
 */
export function thetaToSdcor(theta: readonly number[], sizes: TermSizes, sigma = 1): number[] {
  const out: number[] = [];
  let off = 0;
  for (const k of sizes) {
    const L = Array.from({ length: k }, () => new Array<number>(k).fill(0));
    const lay = layout(k);
    lay.forEach(([r, c], i) => { L[r]![c] = theta[off + i]!; });
    const S = (a: number, b: number): number => { let s = 0; for (let m = 0; m < k; m++) s += L[a]![m]! * L[b]![m]!; return s * sigma * sigma; };
    for (const [r, c] of lay) {
      if (r === c) out.push(Math.sqrt(S(r, r)));
      else { const den = Math.sqrt(S(r, r) * S(c, c)); out.push(den > 0 ? S(r, c) / den : 0); }
    }
    off += lay.length;
  }
  return out;
}

/**
 * θ from standard deviations and correlations (lme4's `Sv_to_Cv(v, n, s = σ)`): Σ/σ² factored by a Cholesky
 * decomposition that sets a column to 0 where Σ is singular (a zero SD, a correlation of ±1), as lme4's `safe_chol`.
 * Returns undefined when Σ is not positive semi-definite (correlations that no covariance matrix has).
 *
 * @example
 * sdcorToTheta([10, 0.5, 20], [2], 10); // [1, 1, 1.732…]
 */
export function sdcorToTheta(v: readonly number[], sizes: TermSizes, sigma = 1): number[] | undefined {
  const out: number[] = [];
  let off = 0;
  for (const k of sizes) {
    const lay = layout(k);
    const sd = new Array<number>(k).fill(0);
    const cor: number[][] = Array.from({ length: k }, (_, r) => Array.from({ length: k }, (__, c) => (r === c ? 1 : 0)));
    lay.forEach(([r, c], i) => { if (r === c) sd[r] = Math.abs(v[off + i]!); else cor[r]![c] = cor[c]![r] = v[off + i]!; });
    const A = Array.from({ length: k }, (_, r) => Array.from({ length: k }, (__, c) => (cor[r]![c]! * sd[r]! * sd[c]!) / (sigma * sigma)));
    const L = Array.from({ length: k }, () => new Array<number>(k).fill(0));
    const scale = Math.max(...A.map((row, i) => row[i]!), 0);
    for (let c = 0; c < k; c++) {
      let d = A[c]![c]!;
      for (let m = 0; m < c; m++) d -= L[c]![m]! ** 2;
      if (d < -1e-10 * Math.max(scale, 1e-300)) return undefined;
      if (d <= 1e-13 * scale) {
        // A zero pivot: the rest of the column must vanish too (Σ semi-definite), else Σ is indefinite.
        for (let r = c + 1; r < k; r++) {
          let s = A[r]![c]!;
          for (let m = 0; m < c; m++) s -= L[r]![m]! * L[c]![m]!;
          if (Math.abs(s) > 1e-7 * Math.sqrt(Math.max(A[r]![r]! * scale, 1e-300))) return undefined;
        }
        continue;
      }
      const lc = Math.sqrt(d);
      L[c]![c] = lc;
      for (let r = c + 1; r < k; r++) {
        let s = A[r]![c]!;
        for (let m = 0; m < c; m++) s -= L[r]![m]! * L[c]![m]!;
        L[r]![c] = s / lc;
      }
    }
    for (const [r, c] of lay) out.push(L[r]![c]!);
    off += lay.length;
  }
  return out;
}

/** For each position of θ's layout: true where it stands for a standard deviation (a diagonal element). */
export function sdPositions(sizes: TermSizes): boolean[] {
  return sizes.flatMap((k) => layout(k).map(([r, c]) => r === c));
}
