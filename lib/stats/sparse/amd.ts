/**
 * Approximate minimum degree ordering (Amestoy, Davis & Duff, "An approximate minimum degree ordering
 * algorithm", SIAM J. Matrix Anal. Appl. 17, 1996), for the Cholesky factorisation of a sparse
 * symmetric matrix.
 *
 * Elimination is simulated on the quotient graph: eliminating pivot p turns it into an *element* whose
 * variable list L_p is the union of the lists of the elements adjacent to p (which are absorbed into p)
 * and of p's remaining variable neighbours, so the graph never grows beyond the original pattern. Each
 * variable i ∈ L_p then gets the approximate external degree
 *   d_i = min(n_left − |i|,  d_i(old) + |L_p \ i|,  |A_i \ i| + |L_p \ i| + Σ_{e ∈ E_i \ p} |L_e \ L_p|),
 * where |L_e \ L_p| is found for every element e adjacent to L_p in one pass over L_p. Variables of L_p with
 * the same adjacency (same elements, same variable neighbours) are merged into a supervariable (found by a
 * hash of their lists, then compared); an element whose list falls inside L_p is absorbed into p
 * (aggressive absorption, on by default). Rows with more than max(16, α√n) entries (α = 10) are taken out
 * first and ordered last, as AMD does, so one dense row does not make every degree large.
 */
import { adjacency, type SymCsc } from "./csc.js";

/** Options of {@link amd}. */
export interface AmdOptions {
  /** Dense-row factor α: rows with more than max(16, α√n) off-diagonal entries are ordered last (default 10; ≤ 0 turns it off). */
  dense?: number;
  /** Absorb elements whose variables are all in the new element's list (default true). */
  aggressive?: boolean;
}

/**
 * A fill-reducing ordering of the symmetric matrix `A` (only its pattern is read): `perm[i]` is the
 * original index of the i-th row and column to eliminate.
 *
 * @example
 * const perm = amd(A);                       // Int32Array, a permutation of 0 … n − 1
 * analyse(A, { ordering: perm }).nnzL;       // nnz(L) of P A Pᵀ
 */
export function amd(A: SymCsc, opts: AmdOptions = {}): Int32Array {
  const n = A.n;
  const alpha = opts.dense ?? 10, aggressive = opts.aggressive ?? true;
  const { ptr, idx } = adjacency(A);
  // 0: variable, 1: element, 2: absorbed element, 3: dense row (ordered last)
  const status = new Uint8Array(n);
  const denseLimit = alpha > 0 ? Math.max(16, alpha * Math.sqrt(n)) : Infinity;
  for (let i = 0; i < n; i++) if (ptr[i + 1]! - ptr[i]! > denseLimit) status[i] = 3;
  const nv = new Int32Array(n).fill(1);
  const adjVar: Int32Array[] = [], adjEl: Int32Array[] = [], elVars: Int32Array[] = new Array(n);
  const members: number[][] = Array.from({ length: n }, () => []);
  const elW = new Int32Array(n), deg = new Int32Array(n);
  let nLive = 0;
  for (let i = 0; i < n; i++) {
    const nb: number[] = [];
    if (status[i] === 0) {
      nLive++;
      for (let e = ptr[i]!; e < ptr[i + 1]!; e++) if (status[idx[e]!] === 0) nb.push(idx[e]!);
    }
    adjVar.push(Int32Array.from(nb));
    adjEl.push(new Int32Array(0));
    deg[i] = nb.length;
  }
  // Degree buckets: doubly linked lists.
  const head = new Int32Array(n + 1).fill(-1), next = new Int32Array(n).fill(-1), prev = new Int32Array(n).fill(-1);
  const insert = (i: number, d: number): void => {
    next[i] = head[d]!; prev[i] = -1;
    if (head[d]! >= 0) prev[head[d]!] = i;
    head[d] = i;
  };
  const remove = (i: number): void => {
    const d = deg[i]!;
    if (prev[i]! >= 0) next[prev[i]!] = next[i]!; else head[d] = next[i]!;
    if (next[i]! >= 0) prev[next[i]!] = prev[i]!;
  };
  for (let i = 0; i < n; i++) if (status[i] === 0) insert(i, deg[i]!);

  const mark = new Int32Array(n), wmark = new Int32Array(n), w = new Int32Array(n), cmp = new Int32Array(n);
  let stamp = 0, cstamp = 0, mindeg = 0, nel = 0;
  const order: number[] = [];
  const Lp: number[] = [];
  while (nel < nLive) {
    while (head[mindeg] === -1) mindeg++;
    const p = head[mindeg]!;
    remove(p);
    stamp++;
    // The new element's variables: the absorbed elements' lists and p's variable neighbours.
    Lp.length = 0;
    mark[p] = stamp;
    let wp = 0;
    const take = (v: number): void => {
      if (nv[v]! > 0 && status[v] === 0 && mark[v] !== stamp) { mark[v] = stamp; Lp.push(v); wp += nv[v]!; }
    };
    for (const e of adjEl[p]!) if (status[e] === 1) { for (const v of elVars[e]!) take(v); status[e] = 2; }
    for (const v of adjVar[p]!) take(v);
    status[p] = 1;
    nel += nv[p]!;
    elW[p] = wp;
    adjVar[p] = new Int32Array(0); adjEl[p] = new Int32Array(0);
    // |L_e \ L_p| for every element e adjacent to a variable of L_p.
    for (const i of Lp) for (const e of adjEl[i]!) {
      if (status[e] !== 1) continue;
      if (wmark[e] !== stamp) { wmark[e] = stamp; w[e] = elW[e]!; }
      w[e] -= nv[i]!;
    }
    // New adjacency and approximate degree of each variable of L_p.
    for (const i of Lp) {
      remove(i);
      const els: number[] = [p];
      let ext = 0;
      for (const e of adjEl[i]!) {
        if (status[e] !== 1 || e === p) continue;
        if (aggressive && w[e] === 0) { status[e] = 2; continue; }
        els.push(e);
        ext += w[e]!;
      }
      const vars: number[] = [];
      let aw = 0;
      for (const v of adjVar[i]!) if (nv[v]! > 0 && status[v] === 0 && mark[v] !== stamp) { vars.push(v); aw += nv[v]!; }
      adjEl[i] = Int32Array.from(els);
      adjVar[i] = Int32Array.from(vars);
      const lpExt = wp - nv[i]!;
      deg[i] = Math.min(deg[i]! + lpExt, aw + lpExt + ext);
    }
    // Supervariables: variables of L_p with the same elements and variable neighbours.
    const buckets = new Map<number, number[]>();
    for (const i of Lp) {
      let h = 0;
      for (const e of adjEl[i]!) h += e;
      for (const v of adjVar[i]!) h += v;
      const b = buckets.get(h);
      if (b) b.push(i); else buckets.set(h, [i]);
    }
    for (const list of buckets.values()) {
      if (list.length < 2) continue;
      for (let a = 0; a < list.length; a++) {
        const i = list[a]!;
        if (nv[i] === 0) continue;
        cstamp++;
        for (const e of adjEl[i]!) cmp[e] = cstamp;
        for (const v of adjVar[i]!) cmp[v] = cstamp;
        for (let b = a + 1; b < list.length; b++) {
          const j = list[b]!;
          if (nv[j] === 0 || adjEl[j]!.length !== adjEl[i]!.length || adjVar[j]!.length !== adjVar[i]!.length) continue;
          let same = true;
          for (const e of adjEl[j]!) if (cmp[e] !== cstamp) { same = false; break; }
          if (same) for (const v of adjVar[j]!) if (cmp[v] !== cstamp) { same = false; break; }
          if (!same) continue;
          nv[i] += nv[j]!;
          deg[i] -= nv[j]!;
          nv[j] = 0;
          members[i]!.push(j);
          adjEl[j] = new Int32Array(0); adjVar[j] = new Int32Array(0);
        }
      }
    }
    const left = nLive - nel;
    const kept: number[] = [];
    for (const i of Lp) {
      if (nv[i] === 0) continue;
      kept.push(i);
      const d = Math.max(0, Math.min(deg[i]!, left - nv[i]!));
      deg[i] = d;
      insert(i, d);
      if (d < mindeg) mindeg = d;
    }
    elVars[p] = Int32Array.from(kept);
    order.push(p);
  }
  const perm = new Int32Array(n);
  let k = 0;
  const emit = (i: number): void => {
    perm[k++] = i;
    for (const j of members[i]!) emit(j);
  };
  for (const p of order) emit(p);
  for (let i = 0; i < n; i++) if (status[i] === 3) perm[k++] = i;
  return perm;
}

/**
 * An exact minimum-degree ordering on the explicit elimination graph (ties to the smallest index): slow
 * (O(n · fill)), a reference for {@link amd} on small matrices.
 */
export function exactMinimumDegree(A: SymCsc): Int32Array {
  const n = A.n, { ptr, idx } = adjacency(A);
  const nb: Set<number>[] = Array.from({ length: n }, (_, i) => new Set(Array.from(idx.subarray(ptr[i]!, ptr[i + 1]!))));
  const done = new Uint8Array(n), perm = new Int32Array(n);
  for (let k = 0; k < n; k++) {
    let p = -1;
    for (let i = 0; i < n; i++) if (!done[i] && (p < 0 || nb[i]!.size < nb[p]!.size)) p = i;
    done[p] = 1;
    perm[k] = p;
    const list = [...nb[p]!];
    for (const a of list) {
      nb[a]!.delete(p);
      for (const b of list) if (a !== b) nb[a]!.add(b);
    }
  }
  return perm;
}
