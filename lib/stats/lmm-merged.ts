/**
 * Several random-effect terms on one grouping factor (as `(1 + x || g)` gives) solved as one
 * block-diagonal term: the terms' columns are stacked per level and the relative covariance template
 * is block diagonal, one block per term. θ keeps lme4's layout (term by term); it is expanded into the
 * merged template's lower triangle, with structural zeros between terms, before each evaluation.
 */
import type { MixedDesign } from "./design.js";
import { blockProfiler, thetaLayout, type Profiler } from "./lmm-deviance.js";

/** True when every random-effect term uses the same grouping factor (and there are at least two). */
export function sameGrouping(d: MixedDesign): boolean {
  const t0 = d.reTerms[0];
  if (!t0 || d.reTerms.length < 2) return false;
  return d.reTerms.every((t) => t.group === t0.group && t.nLevels === t0.nLevels && t.groupIndex.every((v, i) => v === t0.groupIndex[i]));
}

/** Block-diagonal back end for several terms on one grouping factor. */
export function mergedProfiler(d: MixedDesign): Profiler {
  const lay = thetaLayout(d);
  const terms = d.reTerms;
  const K = lay.k.reduce((a, b) => a + b, 0), G = terms[0]!.nLevels;
  const merged: MixedDesign = {
    ...d,
    reTerms: [{
      group: terms[0]!.group, levels: terms[0]!.levels, nLevels: G, groupIndex: terms[0]!.groupIndex,
      termNames: terms.flatMap((t) => t.termNames), Zcols: terms.flatMap((t) => t.Zcols),
    }],
  };
  const inner = blockProfiler(merged);
  const colOffset: number[] = [];
  let c0 = 0;
  for (const k of lay.k) { colOffset.push(c0); c0 += k; }
  /** Position of (row r, column c) of the merged K × K template in its column-major lower triangle. */
  const pos = (r: number, c: number): number => c * K - (c * (c - 1)) / 2 + (r - c);
  const expand = (theta: readonly number[]): number[] => {
    const full = new Array<number>((K * (K + 1)) / 2).fill(0);
    terms.forEach((_, t) => {
      const k = lay.k[t]!, o = colOffset[t]!;
      let j = lay.offset[t]!;
      for (let c = 0; c < k; c++) for (let r = c; r < k; r++) full[pos(o + r, o + c)] = theta[j++]!;
    });
    return full;
  };
  return {
    kind: "block",
    q: G * K,
    evaluate: (theta) => inner.evaluate(expand(theta)),
    ranef(theta, beta) {
      // Merged layout is level-major over all K columns; lme4's is term by term, level-major within.
      const bm = inner.ranef(expand(theta), beta);
      const out = new Float64Array(G * K);
      let o = 0;
      terms.forEach((_, t) => {
        const k = lay.k[t]!;
        for (let g = 0; g < G; g++) for (let a = 0; a < k; a++) out[o + g * k + a] = bm[g * K + colOffset[t]! + a]!;
        o += G * k;
      });
      return out;
    },
  };
}
