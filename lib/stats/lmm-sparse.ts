/**
 * The profiled deviance for several random-effect terms by a general sparse Cholesky factorisation
 * (see `lmm-deviance.ts` for the quantities), as lme4 does with CHOLMOD.
 *
 * Λ(θ) is block diagonal with one k × k template per level of each term, so Λᵀ ZᵀZ Λ + I has, for every
 * θ, the pattern of ZᵀZ taken level block by level block (two levels that share a row give a full
 * k₁ × k₂ block). That pattern is built once, ordered by AMD and analysed once (elimination tree,
 * supernodes, relative indices: `sparse/symbolic.ts`); each evaluation fills the values
 * T₁ᵀ (ZᵀZ)_{g,h} T₂, factors (`sparse/supernodal.ts`) and solves L [cu RZX] = P Λᵀ Zᵀ[y X]. The
 * permutation P leaves |cu|², RZXᵀRZX, RZXᵀcu and log|L|² unchanged, so the fixed-effects half is
 * `finishProfile`, as in the other back ends. The cost of an evaluation follows the fill of L, not
 * q₂²: three crossed factors of which only one is large, or many nested levels, stay sparse.
 */
import { StatsError } from "../core/errors.js";
import type { MixedDesign } from "./design.js";
import { centeredResponse, finishProfile, fixedCross, lastByTheta, templateOf, thetaLayout, type Profiler } from "./lmm-deviance.js";
import { findEntry, symFromTriplets, type SymCsc } from "./sparse/csc.js";
import { analyse, type Symbolic } from "./sparse/symbolic.js";
import { backSolveLt, factorWorkspace, factorize, forwardSolveL, type SparseFactor } from "./sparse/supernodal.js";
import { pairOrder } from "./level-pairs.js";

/**
 * Largest frontal matrix (order) the sparse back end accepts: the front and the root's panel take m² × 8 bytes each,
 * the memory the Schur back end's largest block takes.
 */
export const MAX_SPARSE_FRONT = 6000;

/** The sparse back end, with its analysis for diagnostics and benchmarks. */
export interface SparseProfiler extends Profiler {
  readonly kind: "sparse";
  readonly symbolic: Symbolic;
}

/**
 * Sparse-Cholesky back end for two or more random-effect terms.
 *
 * @throws {StatsError} when the factor would need a dense frontal matrix above {@link MAX_SPARSE_FRONT}.
 * @example
 * const pr = sparseProfiler(buildMixedDesign("y ~ x + (1 | s) + (1 | it) + (1 | site)", rows));
 * pr.evaluate(theta).ldL2;   // log|L|², as lme4's
 * pr.symbolic.nnzL;          // entries of L
 */
export function sparseProfiler(d: MixedDesign): SparseProfiler {
  const { n, p, X } = d;
  const { y, shift } = centeredResponse(d);
  const lay = thetaLayout(d);
  const terms = d.reTerms, nt = terms.length;
  const base: number[] = [];
  let q = 0;
  for (let t = 0; t < nt; t++) { base.push(q); q += terms[t]!.nLevels * lay.k[t]!; }
  // ZᵀX and Zᵀy.
  const ZtXy = new Float64Array(q * (p + 1));
  for (let t = 0; t < nt; t++) {
    const k = lay.k[t]!, z = terms[t]!.Zcols, gi = terms[t]!.groupIndex;
    for (let i = 0; i < n; i++) {
      const o = base[t]! + gi[i]! * k;
      for (let a = 0; a < k; a++) {
        const za = z[a]![i]!;
        if (za === 0) continue;
        const r = (o + a) * (p + 1);
        ZtXy[r] += za * y[i]!;
        for (let j = 0; j < p; j++) ZtXy[r + 1 + j] += za * X[i * p + j]!;
      }
    }
  }
  // ZᵀZ by level blocks, per pair of terms t₁ ≥ t₂: the (level, level) pairs rows meet, the rows ordered by pair (rows
  // of a pair in their order, so each sum runs in row order), each pair's k₁ × k₂ block.
  const pairGroups: Array<{ t1: number; t2: number; b1: Int32Array; b2: Int32Array; C: Float64Array }> = [];
  for (let t1 = 0; t1 < nt; t1++) for (let t2 = 0; t2 <= t1; t2++) {
    const g1 = terms[t1]!.groupIndex, g2 = terms[t2]!.groupIndex, k1 = lay.k[t1]!, k2 = lay.k[t2]!;
    const z1 = terms[t1]!.Zcols, z2 = terms[t2]!.Zcols;
    const order = pairOrder(g1, terms[t1]!.nLevels, g2, terms[t2]!.nLevels);
    const fresh = (j: number): boolean => j === 0 || g1[order[j]!] !== g1[order[j - 1]!] || g2[order[j]!] !== g2[order[j - 1]!];
    let count = 0;
    for (let j = 0; j < n; j++) if (fresh(j)) count++;
    const b1 = new Int32Array(count), b2 = new Int32Array(count), C = new Float64Array(count * k1 * k2);
    let at = -1;
    for (let j = 0; j < n; j++) {
      const i = order[j]!;
      if (fresh(j)) { at++; b1[at] = g1[i]!; b2[at] = g2[i]!; }
      const o = at * k1 * k2;
      for (let a = 0; a < k1; a++) {
        const za = z1[a]![i]!;
        if (za === 0) continue;
        for (let b = 0; b < k2; b++) C[o + a * k2 + b] += za * z2[b]![i]!;
      }
    }
    pairGroups.push({ t1, t2, b1, b2, C });
  }
  // The scalar pattern: every entry of each block pair (lower triangle of diagonal blocks), plus the diagonal.
  let nEntries = q;
  for (const g of pairGroups) nEntries += g.b1.length * lay.k[g.t1]! * lay.k[g.t2]!;
  const rows = new Int32Array(nEntries), cols = new Int32Array(nEntries);
  let e = 0;
  const entryOf = (g: (typeof pairGroups)[number], m: number, a: number, b: number): [number, number] =>
    [base[g.t1]! + g.b1[m]! * lay.k[g.t1]! + a, base[g.t2]! + g.b2[m]! * lay.k[g.t2]! + b];
  const inPattern = (g: (typeof pairGroups)[number], m: number, a: number, b: number): boolean => g.t1 !== g.t2 || g.b1[m] !== g.b2[m] || a >= b;
  for (const g of pairGroups) {
    const k1 = lay.k[g.t1]!, k2 = lay.k[g.t2]!;
    for (let m = 0; m < g.b1.length; m++) for (let a = 0; a < k1; a++) for (let b = 0; b < k2; b++) {
      if (!inPattern(g, m, a, b)) continue;
      [rows[e], cols[e]] = entryOf(g, m, a, b);
      e++;
    }
  }
  for (let i = 0; i < q; i++, e++) { rows[e] = i; cols[e] = i; }
  const A: SymCsc = symFromTriplets(q, rows.subarray(0, e), cols.subarray(0, e));
  // Per pair of terms (same templates and sizes): the ZᵀZ blocks and where their entries go in A's storage (−1 above
  // the diagonal of a diagonal block).
  const groupList = pairGroups.map((g) => {
    const k1 = lay.k[g.t1]!, k2 = lay.k[g.t2]!, dest = new Int32Array(g.C.length);
    for (let m = 0; m < g.b1.length; m++) for (let a = 0; a < k1; a++) for (let b = 0; b < k2; b++) {
      const [r, c] = entryOf(g, m, a, b);
      dest[m * k1 * k2 + a * k2 + b] = inPattern(g, m, a, b) ? findEntry(A, r, c) : -1;
    }
    return { t1: g.t1, t2: g.t2, C: g.C, dest };
  });
  const diag = Int32Array.from({ length: q }, (_, i) => findEntry(A, i, i));
  // AMD, or lme4's term order (largest term first, the Schur back end's order) when that fills less.
  const sym = analyse(A, { ordering: "best" });
  if (sym.maxFront > MAX_SPARSE_FRONT) {
    throw new StatsError(`mixed model: the sparse factor of ${q} random effects needs a dense ${sym.maxFront} × ${sym.maxFront} block, above the solver's limit (${MAX_SPARSE_FRONT})`,
      "use fewer levels in the crossed grouping factors");
  }
  const ws = factorWorkspace(sym), Lstore = new Float64Array(sym.panelSize), inv = new Int32Array(q);
  for (let i = 0; i < q; i++) inv[sym.perm[i]!] = i;
  const { XtX, Xty, yty } = fixedCross(d, y);
  const templates = (theta: readonly number[]): Float64Array[] => terms.map((_, t) => templateOf(theta, lay.offset[t]!, lay.k[t]!));

  /** Values of Λᵀ ZᵀZ Λ + I in A's storage order: T₁ᵀ C T₂ for each block pair. */
  const W = new Float64Array(Math.max(...lay.k) ** 2);
  const fillValues = (T: Float64Array[]): Float64Array => {
    const v = A.values;
    v.fill(0);
    for (const { C, t1, t2, dest } of groupList) {
      const k1 = lay.k[t1]!, k2 = lay.k[t2]!, T1 = T[t1]!, T2 = T[t2]!, kk = k1 * k2, len = C.length;
      if (kk === 1) {
        const s = T1[0]! * T2[0]!;
        for (let e = 0; e < len; e++) v[dest[e]!] += s * C[e]!;
        continue;
      }
      for (let o = 0; o < len; o += kk) {
        // W = C T₂ (k₁ × k₂), then T₁ᵀ W.
        for (let a = 0; a < k1; a++) for (let b = 0; b < k2; b++) {
          let s = 0;
          for (let r = b; r < k2; r++) s += C[o + a * k2 + r]! * T2[r * k2 + b]!;
          W[a * k2 + b] = s;
        }
        for (let a = 0; a < k1; a++) for (let b = 0; b < k2; b++) {
          const e = dest[o + a * k2 + b]!;
          if (e < 0) continue;
          let s = 0;
          for (let r = a; r < k1; r++) s += T1[r * k1 + a]! * W[r * k2 + b]!;
          v[e] += s;
        }
      }
    }
    for (let i = 0; i < q; i++) v[diag[i]!] += 1;
    return v;
  };

  /** P Λᵀ Zᵀ[y X] (q × (p + 1), in the factored order), in a buffer reused by every evaluation. */
  const rhsBuf = new Float64Array(q * (p + 1));
  const rhs = (T: Float64Array[]): Float64Array => {
    const m = p + 1, out = rhsBuf;
    out.fill(0);
    for (let t = 0; t < nt; t++) {
      const k = lay.k[t]!, Tt = T[t]!;
      for (let g = 0; g < terms[t]!.nLevels; g++) {
        const o = base[t]! + g * k;
        for (let a = 0; a < k; a++) {
          const dst = inv[o + a]! * m;
          for (let r = a; r < k; r++) {
            const tv = Tt[r * k + a]!;
            if (tv === 0) continue;
            const src = (o + r) * m;
            for (let c = 0; c < m; c++) out[dst + c] += tv * ZtXy[src + c]!;
          }
        }
      }
    }
    return out;
  };

  const factor = (theta: readonly number[]): { f: SparseFactor; R: Float64Array; T: Float64Array[] } => {
    const T = templates(theta);
    const f = factorize(sym, fillValues(T), ws, Lstore);
    const R = rhs(T);
    forwardSolveL(f, R, p + 1);
    return { f, R, T };
  };
  // The last factorisation (its factor lives in the reused storage), for `ranef` at the same θ.
  const factorAt = lastByTheta(factor);

  return {
    kind: "sparse",
    q,
    symbolic: sym,
    evaluate(theta) {
      const { f, R } = factorAt(theta);
      const m = p + 1, RtR = new Float64Array(p * p), Rtc = new Float64Array(p);
      let cc = 0;
      for (let r = 0; r < q; r++) {
        const o = r * m, cu = R[o]!;
        cc += cu * cu;
        for (let a = 0; a < p; a++) {
          const ra = R[o + 1 + a]!;
          Rtc[a] += ra * cu;
          for (let b = 0; b <= a; b++) RtR[a * p + b] += ra * R[o + 1 + b]!;
        }
      }
      for (let a = 0; a < p; a++) for (let b = a + 1; b < p; b++) RtR[a * p + b] = RtR[b * p + a]!;
      return finishProfile(p, XtX, Xty, yty, RtR, Rtc, cc, f.logDet, shift);
    },
    ranef(theta, betaIn) {
      const beta = Float64Array.from(betaIn);
      beta[0] = beta[0]! - shift;
      const { f, R, T } = factorAt(theta);
      const m = p + 1, u = new Float64Array(q);
      for (let r = 0; r < q; r++) {
        let s = R[r * m]!;
        for (let j = 0; j < p; j++) s -= R[r * m + 1 + j]! * beta[j]!;
        u[r] = s;
      }
      backSolveLt(f, u);
      const uo = new Float64Array(q);
      for (let i = 0; i < q; i++) uo[sym.perm[i]!] = u[i]!;
      // b = Λ u, level block by level block.
      const b = new Float64Array(q);
      for (let t = 0; t < nt; t++) {
        const k = lay.k[t]!, Tt = T[t]!;
        for (let g = 0; g < terms[t]!.nLevels; g++) {
          const o = base[t]! + g * k;
          for (let r = 0; r < k; r++) { let s = 0; for (let a = 0; a <= r; a++) s += Tt[r * k + a]! * uo[o + a]!; b[o + r] = s; }
        }
      }
      return b;
    },
  };
}

/**
 * The share of the Schur block (the q₂ × q₂ lower triangle of the random effects beside the largest term) that is
 * structurally nonzero once the largest term is eliminated, before any further fill: each level of the largest term
 * joins the columns it shares rows with into a clique (which holds the other terms' own cross-products too, a row's
 * columns being among its level's). A block that is already mostly nonzero leaves a sparse factor nothing to save.
 *
 * @example
 * schurBlockDensity(buildMixedDesign("y ~ x + (1 | s) + (1 | it)", rows)); // ≈ 0.5 for 1,500 × 1,200 with 27 items a subject
 */
export function schurBlockDensity(d: MixedDesign): number {
  const terms = d.reTerms, lay = thetaLayout(d), n = d.n;
  const base: number[] = [0];
  let q2 = 0;
  for (let t = 1; t < terms.length; t++) { base.push(q2); q2 += terms[t]!.nLevels * lay.k[t]!; }
  if (q2 === 0) return 0;
  const bits = new Uint32Array(Math.ceil((q2 * (q2 + 1)) / 2 / 32));
  let count = 0;
  const set = (i: number, j: number): void => {
    const a = Math.max(i, j), b = Math.min(i, j), e = (a * (a + 1)) / 2 + b, w = e >>> 5, m = 1 << (e & 31);
    if (!(bits[w]! & m)) { bits[w] = bits[w]! | m; count++; }
  };
  // Each level of the largest term joins the columns of the other terms it meets into a clique; a row's own columns
  // are among its level's, so the cliques are the whole pattern. (level, column) pairs, ordered and deduplicated.
  const t0 = terms[0]!;
  let m = 0;
  for (let t = 1; t < terms.length; t++) m += lay.k[t]!;
  const G = new Int32Array(n * m), Col = new Int32Array(n * m);
  let e = 0;
  for (let i = 0; i < n; i++) for (let t = 1; t < terms.length; t++) {
    const k = lay.k[t]!, o = base[t]! + terms[t]!.groupIndex[i]! * k;
    for (let a = 0; a < k; a++) { G[e] = t0.groupIndex[i]!; Col[e++] = o + a; }
  }
  const order = pairOrder(G, t0.nLevels, Col, q2);
  const list: number[] = [];
  for (let x = 0; x <= order.length; x++) {
    const at = order[x], g = at === undefined ? -1 : G[at]!;
    if (x > 0 && (x === order.length || g !== G[order[x - 1]!])) {
      for (let u = 0; u < list.length; u++) for (let v = 0; v <= u; v++) set(list[u]!, list[v]!);
      list.length = 0;
    }
    if (at !== undefined && (list.length === 0 || Col[at] !== list[list.length - 1])) list.push(Col[at]!);
  }
  return count / ((q2 * (q2 + 1)) / 2);
}
