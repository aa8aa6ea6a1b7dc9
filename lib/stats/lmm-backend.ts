/**
 * Which back end computes an lmm's profiled deviance (see the stats README, "Which back end"): one term, block
 * diagonal; terms on one grouping factor, merged; otherwise Schur (a dense block beside the largest term) or the
 * general sparse Cholesky, chosen by the block's size and density and the sparse factor's fill.
 */
import type { MixedDesign } from "./design.js";
import { denseProfiler } from "./lmm-dense.js";
import { blockProfiler, type Profiler } from "./lmm-deviance.js";
import { mergedProfiler, sameGrouping } from "./lmm-merged.js";
import { schurProfiler } from "./lmm-schur.js";
import { schurBlockDensity, sparseProfiler } from "./lmm-sparse.js";

/** Largest Schur block (q₂, the random effects beside the largest term) the Schur back end takes. */
const MAX_SCHUR_Q2 = 6000;

/**
 * The back end of the profiled deviance. One term: block diagonal; terms on one grouping factor: merged block
 * diagonal. Otherwise, under "auto": with q₂ random effects beside the largest term, the Schur back end factors a
 * dense q₂ × q₂ block, the sparse one a factor with nnz(L) entries (known after its symbolic analysis). Below
 * q₂ = 200 the dense block is negligible and Schur is used; above 6,000 Schur refuses and sparse is used. In between,
 * when a quarter or more of the block is nonzero before any fill (`schurBlockDensity`: subjects × items, each
 * subject's items form a clique) the block fills in anyway and Schur is used without analysing; otherwise sparse is
 * used when nnz(L) < q₂(q₂ + 1)/4, i.e. when the whole sparse factor is under half the dense block (nested terms, or
 * a third factor that stays sparse), and Schur when not.
 */
export function chooseProfiler(design: MixedDesign, solver: "auto" | "sparse" | "schur" | "dense"): Profiler {
  if (solver === "dense") return denseProfiler(design);
  if (solver === "sparse") return sparseProfiler(design);
  if (design.reTerms.length === 1) return blockProfiler(design);
  if (solver === "auto" && sameGrouping(design)) return mergedProfiler(design);
  if (solver === "schur") return schurProfiler(design);
  let q2 = 0;
  for (const t of design.reTerms.slice(1)) q2 += t.nLevels * t.termNames.length;
  if (q2 < 200 || (q2 <= MAX_SCHUR_Q2 && schurBlockDensity(design) >= 0.25)) return schurProfiler(design);
  const sparse = sparseProfiler(design);
  return q2 > MAX_SCHUR_Q2 || sparse.symbolic.nnzL < (q2 * (q2 + 1)) / 4 ? sparse : schurProfiler(design);
}
