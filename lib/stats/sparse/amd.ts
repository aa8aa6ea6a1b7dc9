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
  const adjVar: number[][] = [], adjEl: number[][] = [], elVars: number[][] = new Array(n);
  const members: number[][] = Array.from({ length: n }, () => []);
  const elW = new Int32Array(n), deg = new Int32Array(n);
  let nLive = 0;
  for (let i = 0; i < n; i++) {
    const nb: number[] = [];
    if (status[i] === 0) {
      nLive++;
      for (let e = ptr[i]!; e < ptr[i + 1]!; e++) if (status[idx[e]!] === 0) nb.push(idx[e]!);
    }
    adjVar.push(nb);
    adjEl.push([]);
    deg[i] = nb.length;
  }
  // Degree buckets: doubly linked lists.
  const head = new Int32Array(n + 1).fill(-1), next = new Int32Array(n).fill(-1), prev = new Int32Array(n).fill(-1);
  for (let i = 0; i < n; i++) if (status[i] === 0) bucketInsert(head, next, prev, i, deg[i]!);
  const mark = new Int32Array(n), wmark = new Int32Array(n), w = new Int32Array(n), cmp = new Int32Array(n);
  const st: Stamps = { stamp: 0, cstamp: 0 };
  let mindeg = 0, nel = 0;
  const order: number[] = [];
  const Lp: number[] = [];
  while (nel < nLive) {
    while (head[mindeg] === -1) mindeg++;
    const p = head[mindeg]!;
    bucketRemove(head, next, prev, p, deg[p]!);
    const stamp = ++st.stamp;
    // The new element's variables: the absorbed elements' lists and p's variable neighbours.
    const wp0 = gatherElement(p, Lp, adjEl, adjVar, elVars, status, nv, mark, stamp);
    status[p] = 1;
    nel += nv[p]!;
    adjVar[p] = []; adjEl[p] = [];
    elementWeights(p, Lp, adjEl, status, nv, elW, wmark, w, stamp);
    // New adjacency and approximate degree of each variable of L_p; mass elimination of the variables left with
    // element p as their only neighbour (they are indistinguishable from p and go with it).
    let wp = wp0;
    for (let x = 0; x < Lp.length; x++) {
      const i = Lp[x]!;
      bucketRemove(head, next, prev, i, deg[i]!);
      const r = updateVariable(i, p, wp0, adjEl, adjVar, status, nv, mark, w, deg, stamp, aggressive);
      if (r) {
        nel += nv[i]!; wp -= nv[i]!;
        members[p]!.push(i);
        nv[i] = 0;
      }
    }
    elW[p] = wp;
    supervariables(Lp, adjEl, adjVar, nv, deg, members, cmp, st);
    const left = nLive - nel;
    const kept: number[] = [];
    for (let x = 0; x < Lp.length; x++) {
      const i = Lp[x]!;
      if (nv[i] === 0) continue;
      kept.push(i);
      const d = Math.max(0, Math.min(deg[i]!, left - nv[i]!));
      deg[i] = d;
      bucketInsert(head, next, prev, i, d);
      if (d < mindeg) mindeg = d;
    }
    elVars[p] = kept;
    order.push(p);
  }
  // Each pivot, then (depth first, without recursion) the variables merged into it.
  const perm = new Int32Array(n);
  let k = 0;
  const stack: number[] = [];
  for (let o = order.length - 1; o >= 0; o--) {
    stack.push(order[o]!);
  }
  while (stack.length) {
    const i = stack.pop()!;
    perm[k++] = i;
    const m = members[i]!;
    for (let t = m.length - 1; t >= 0; t--) stack.push(m[t]!);
  }
  for (let i = 0; i < n; i++) if (status[i] === 3) perm[k++] = i;
  return perm;
}

interface Stamps { stamp: number; cstamp: number }

function bucketInsert(head: Int32Array, next: Int32Array, prev: Int32Array, i: number, d: number): void {
  next[i] = head[d]!; prev[i] = -1;
  if (head[d]! >= 0) prev[head[d]!] = i;
  head[d] = i;
}

function bucketRemove(head: Int32Array, next: Int32Array, prev: Int32Array, i: number, d: number): void {
  if (prev[i]! >= 0) next[prev[i]!] = next[i]!; else head[d] = next[i]!;
  if (next[i]! >= 0) prev[next[i]!] = prev[i]!;
}

/** L_p into `Lp` (principal variables of p's elements, which are absorbed, and of its variable list); returns its weight. */
function gatherElement(p: number, Lp: number[], adjEl: number[][], adjVar: number[][], elVars: number[][], status: Uint8Array, nv: Int32Array, mark: Int32Array, stamp: number): number {
  Lp.length = 0;
  mark[p] = stamp;
  let wp = 0;
  const ep = adjEl[p]!, vp = adjVar[p]!;
  for (let x = 0; x < ep.length; x++) {
    const e = ep[x]!;
    if (status[e] !== 1) continue;
    const le = elVars[e]!;
    for (let y = 0; y < le.length; y++) {
      const v = le[y]!;
      if (nv[v]! > 0 && status[v] === 0 && mark[v] !== stamp) { mark[v] = stamp; Lp.push(v); wp += nv[v]!; }
    }
    status[e] = 2;
  }
  for (let x = 0; x < vp.length; x++) {
    const v = vp[x]!;
    if (nv[v]! > 0 && status[v] === 0 && mark[v] !== stamp) { mark[v] = stamp; Lp.push(v); wp += nv[v]!; }
  }
  return wp;
}

/** w[e] = |L_e \ L_p| for every live element e ≠ p adjacent to a variable of L_p. */
function elementWeights(p: number, Lp: number[], adjEl: number[][], status: Uint8Array, nv: Int32Array, elW: Int32Array, wmark: Int32Array, w: Int32Array, stamp: number): void {
  for (let x = 0; x < Lp.length; x++) {
    const i = Lp[x]!, ei = adjEl[i]!, nvi = nv[i]!;
    for (let y = 0; y < ei.length; y++) {
      const e = ei[y]!;
      if (status[e] !== 1 || e === p) continue;
      if (wmark[e] !== stamp) { wmark[e] = stamp; w[e] = elW[e]!; }
      w[e] -= nvi;
    }
  }
}

/**
 * Prunes variable i's lists after p's elimination (absorbing elements inside L_p when `aggressive`) and sets its
 * approximate degree. Returns true when only element p is left (i can be eliminated with p).
 */
function updateVariable(i: number, p: number, wp: number, adjEl: number[][], adjVar: number[][], status: Uint8Array, nv: Int32Array, mark: Int32Array, w: Int32Array, deg: Int32Array, stamp: number, aggressive: boolean): boolean {
  const els: number[] = [p], ei = adjEl[i]!, vi = adjVar[i]!;
  let ext = 0;
  for (let y = 0; y < ei.length; y++) {
    const e = ei[y]!;
    if (status[e] !== 1 || e === p) continue;
    if (aggressive && w[e] === 0) { status[e] = 2; continue; }
    els.push(e);
    ext += w[e]!;
  }
  const vars: number[] = [];
  let aw = 0;
  for (let y = 0; y < vi.length; y++) {
    const v = vi[y]!;
    if (nv[v]! > 0 && status[v] === 0 && mark[v] !== stamp) { vars.push(v); aw += nv[v]!; }
  }
  adjEl[i] = els;
  adjVar[i] = vars;
  const lpExt = wp - nv[i]!;
  deg[i] = Math.min(deg[i]! + lpExt, aw + lpExt + ext);
  return els.length === 1 && vars.length === 0;
}

/** Merges variables of L_p with the same elements and variable neighbours (hash, then compare) into supervariables. */
function supervariables(Lp: number[], adjEl: number[][], adjVar: number[][], nv: Int32Array, deg: Int32Array, members: number[][], cmp: Int32Array, st: Stamps): void {
  const buckets = new Map<number, number[]>();
  for (let x = 0; x < Lp.length; x++) {
    const i = Lp[x]!;
    if (nv[i] === 0) continue;
    const ei = adjEl[i]!, vi = adjVar[i]!;
    let h = 0;
    for (let y = 0; y < ei.length; y++) h = (h + ei[y]!) | 0;
    for (let y = 0; y < vi.length; y++) h = (h + vi[y]!) | 0;
    const b = buckets.get(h);
    if (b) b.push(i); else buckets.set(h, [i]);
  }
  for (const list of buckets.values()) {
    if (list.length < 2) continue;
    for (let a = 0; a < list.length; a++) {
      const i = list[a]!;
      if (nv[i] === 0) continue;
      const c = ++st.cstamp, ei = adjEl[i]!, vi = adjVar[i]!;
      for (let y = 0; y < ei.length; y++) cmp[ei[y]!] = c;
      for (let y = 0; y < vi.length; y++) cmp[vi[y]!] = c;
      for (let b = a + 1; b < list.length; b++) {
        const j = list[b]!, ej = adjEl[j]!, vj = adjVar[j]!;
        if (nv[j] === 0 || ej.length !== ei.length || vj.length !== vi.length) continue;
        let same = true;
        for (let y = 0; y < ej.length && same; y++) if (cmp[ej[y]!] !== c) same = false;
        for (let y = 0; y < vj.length && same; y++) if (cmp[vj[y]!] !== c) same = false;
        if (!same) continue;
        nv[i] += nv[j]!;
        deg[i] -= nv[j]!;
        nv[j] = 0;
        members[i]!.push(j);
        adjEl[j] = []; adjVar[j] = [];
      }
    }
  }
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
