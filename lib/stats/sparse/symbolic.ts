/**
 * Symbolic analysis of a sparse Cholesky factorisation L Lᵀ = P A Pᵀ, done once per pattern and reused
 * for every numeric factorisation with the same pattern:
 *   1. a fill-reducing ordering (AMD by default) composed with a postorder of the elimination tree, so
 *      that every subtree is a contiguous range of columns;
 *   2. the elimination tree (Liu's algorithm with path compression) and the column counts of L (each
 *      row's subtree walked once: O(nnz(L)));
 *   3. fundamental supernodes (a column joins its predecessor's supernode when it is that column's only
 *      child and their structures nest: colCount[j − 1] = colCount[j] + 1), relaxed by default: a child
 *      supernode is merged into its parent when that adds few explicit zeros;
 *   4. the row structure of each supernode (its own columns first, then the rows below), the positions of
 *      each child's rows below its columns in its parent's structure (the relative indices of the
 *      multifrontal extend-add) and, for every stored entry of A, its place in its supernode's frontal matrix.
 */
import { amd, type AmdOptions } from "./amd.js";
import { symPermute, type SymCsc } from "./csc.js";

/** The result of {@link analyse}. */
export interface Symbolic {
  n: number;
  /** The ordering: row/column i of the factored matrix is row/column perm[i] of A. */
  perm: Int32Array;
  /** Elimination tree of P A Pᵀ (−1 at roots). */
  parent: Int32Array;
  /** Entries of each column of L, diagonal included. */
  colCount: Int32Array;
  /** Entries of L, diagonal included (the structure; relaxed supernodes also store some zeros: see `panelSize`). */
  nnzL: number;
  /** Floating-point operations of one numeric factorisation (Σ colCount², the usual count). */
  flops: number;
  /** Number of supernodes. */
  ns: number;
  /** Supernode s has columns superStart[s] … superStart[s + 1] − 1. */
  superStart: Int32Array;
  colToSuper: Int32Array;
  /** Parent supernode (−1 at roots); children come before parents. */
  superParent: Int32Array;
  /** Row structure of supernode s: rows[rowPtr[s] … rowPtr[s + 1]), sorted, beginning with its own columns. */
  rowPtr: Int32Array;
  rows: Int32Array;
  /** For supernode s, the positions in its parent's row structure of its rows below its columns: rel[relPtr[s] …]. */
  relPtr: Int32Array;
  rel: Int32Array;
  /** Children of each supernode: childIdx[childPtr[s] … childPtr[s + 1]), in increasing order. */
  childPtr: Int32Array;
  childIdx: Int32Array;
  /** Start of each supernode's panel (m × w, row-major) in the factor's storage, and that storage's size. */
  panelOff: Int32Array;
  panelSize: number;
  /** Entries of A (in A's storage order) by supernode: aPtr[s] … aPtr[s + 1] index `aSrc` (A's entry) and `aDest` (place in the m × m frontal). */
  aPtr: Int32Array;
  aSrc: Int32Array;
  aDest: Int32Array;
  /** Largest frontal order, and the size the stack of update matrices reaches. */
  maxFront: number;
  stackSize: number;
}

/** Options of {@link analyse}. */
export interface AnalyseOptions {
  /**
   * "amd" (default), "natural" (the given order), "best" (whichever of the two gives the smaller factor: minimum
   * degree is greedy, and on crossed designs with many items per subject the given subjects-first order can have a
   * third of its fill) or an explicit permutation (new → old).
   */
  ordering?: "amd" | "natural" | "best" | Int32Array;
  amd?: AmdOptions;
  /**
   * Relaxed supernodes (default true): a child is merged into its parent when the merged supernode has at most 4
   * columns, or the explicit zeros z (as a fraction of the merged panel) stay small: z < 0.8 up to 16 columns,
   * z < 0.1 up to 48, z < 0.05 at any width. Fewer, larger panels make the dense kernels faster. false keeps the
   * fundamental supernodes.
   */
  relax?: boolean;
}

/** Elimination tree of the lower-triangle pattern (Liu's algorithm with path compression). */
export function etree(A: SymCsc): Int32Array {
  const n = A.n;
  const rowsOf = transposeLists(A);
  const parent = new Int32Array(n).fill(-1), anc = new Int32Array(n).fill(-1);
  for (let i = 0; i < n; i++) {
    for (let e = rowsOf.ptr[i]!; e < rowsOf.ptr[i + 1]!; e++) {
      let k = rowsOf.idx[e]!;
      while (k !== -1 && k < i) {
        const nx = anc[k]!;
        anc[k] = i;
        if (nx === -1) { parent[k] = i; break; }
        k = nx;
      }
    }
  }
  return parent;
}

/** A postorder of a forest (children in increasing order): post[k] is the k-th node visited. */
export function postorder(parent: Int32Array): Int32Array {
  const n = parent.length;
  const head = new Int32Array(n).fill(-1), nxt = new Int32Array(n).fill(-1);
  for (let j = n - 1; j >= 0; j--) if (parent[j]! >= 0) { nxt[j] = head[parent[j]!]!; head[parent[j]!] = j; }
  const post = new Int32Array(n), stack = new Int32Array(n);
  let k = 0;
  for (let r = 0; r < n; r++) {
    if (parent[r] !== -1) continue;
    let top = 0;
    stack[0] = r;
    while (top >= 0) {
      const v = stack[top]!, c = head[v]!;
      if (c === -1) { top--; post[k++] = v; }
      else { head[v] = nxt[c]!; stack[++top] = c; }
    }
  }
  return post;
}

/** For each row i, the columns k < i with A[i, k] stored. */
function transposeLists(A: SymCsc): { ptr: Int32Array; idx: Int32Array } {
  const { n, colPtr, rowIdx } = A;
  const ptr = new Int32Array(n + 1);
  for (let e = 0; e < colPtr[n]!; e++) ptr[rowIdx[e]! + 1]++;
  for (let i = 0; i < n; i++) ptr[i + 1] += ptr[i]!;
  const at = ptr.slice(0, n), idx = new Int32Array(ptr[n]!);
  let m = 0;
  for (let j = 0; j < n; j++) for (let e = colPtr[j]!; e < colPtr[j + 1]!; e++) { const i = rowIdx[e]!; if (i > j) { idx[at[i]!++] = j; m++; } }
  // Diagonal entries were counted but not stored: compact.
  const ptr2 = new Int32Array(n + 1), idx2 = new Int32Array(m);
  let o = 0;
  for (let i = 0; i < n; i++) { for (let e = ptr[i]!; e < at[i]!; e++) idx2[o++] = idx[e]!; ptr2[i + 1] = o; }
  return { ptr: ptr2, idx: idx2 };
}

/** Column counts of L (diagonal included) from the row subtrees. */
export function columnCounts(A: SymCsc, parent: Int32Array): Int32Array {
  const n = A.n, rowsOf = transposeLists(A);
  const count = new Int32Array(n).fill(1), mark = new Int32Array(n).fill(-1);
  for (let i = 0; i < n; i++) {
    mark[i] = i;
    for (let e = rowsOf.ptr[i]!; e < rowsOf.ptr[i + 1]!; e++) {
      for (let j = rowsOf.idx[e]!; mark[j] !== i; j = parent[j]!) { mark[j] = i; count[j]++; }
    }
  }
  return count;
}

/** nnz(L) of P A Pᵀ for the ordering `perm` (new → old). */
export function fillOf(A: SymCsc, perm: Int32Array): number {
  return fillOfPermuted(symPermute(A, perm).B).nnz;
}

/** nnz(L) and the elimination tree of an already permuted matrix. */
function fillOfPermuted(B: SymCsc): { nnz: number; parent: Int32Array } {
  const parent = etree(B), cc = columnCounts(B, parent);
  let s = 0;
  for (let j = 0; j < cc.length; j++) s += cc[j]!;
  return { nnz: s, parent };
}

/**
 * Orders, analyses and lays out the factorisation of the symmetric matrix `A` (its pattern only).
 *
 * @example
 * const sym = analyse(A);             // once per pattern
 * const f = factorize(sym, A.values); // per set of values (supernodal.ts)
 */
export function analyse(A: SymCsc, opts: AnalyseOptions = {}): Symbolic {
  const n = A.n;
  const ord = opts.ordering ?? "amd";
  const natural = (): Int32Array => Int32Array.from({ length: n }, (_, i) => i);
  let perm0: Int32Array, parent0: Int32Array | undefined;
  if (ord === "best") {
    // As CHOLMOD with several methods: keep the ordering whose factor has fewer entries (A itself is the natural one).
    const a = amd(A, opts.amd), fa = fillOfPermuted(symPermute(A, a).B), fn = fillOfPermuted(A);
    [perm0, parent0] = fn.nnz < fa.nnz ? [natural(), fn.parent] : [a, fa.parent];
  } else perm0 = ord === "amd" ? amd(A, opts.amd) : ord === "natural" ? natural() : ord;
  if (perm0.length !== n) throw new RangeError(`analyse: the ordering has ${perm0.length} entries for a ${n} × ${n} matrix`);
  const post = postorder(parent0 ?? etree(symPermute(A, perm0).B));
  const perm = Int32Array.from(post, (k) => perm0[k]!);
  const { B, map } = symPermute(A, perm);
  const parent = etree(B), colCount = columnCounts(B, parent);
  let nnzL = 0, flops = 0;
  for (let j = 0; j < n; j++) { nnzL += colCount[j]!; flops += colCount[j]! * colCount[j]!; }
  const nchild = new Int32Array(n);
  for (let j = 0; j < n; j++) if (parent[j]! >= 0) nchild[parent[j]!]++;
  // Fundamental supernodes (contiguous after the postorder).
  const starts: number[] = [];
  for (let j = 0; j < n; j++) {
    const joins = j > 0 && parent[j - 1] === j && colCount[j - 1] === colCount[j]! + 1 && nchild[j] === 1;
    if (!joins) starts.push(j);
  }
  starts.push(n);
  const merged = opts.relax ?? true ? relaxSupernodes(starts, parent, colCount) : starts;
  return layout(B, map, perm, parent, colCount, nnzL, flops, merged);
}

/**
 * Merges a supernode into its parent when the parent's columns follow its own (it is the last child) and the
 * merged panel stays small or gains few explicit zeros. Works on the fundamental partition `starts`.
 */
function relaxSupernodes(starts: number[], parent: Int32Array, colCount: Int32Array): number[] {
  const ns = starts.length - 1;
  // Per current supernode: first column, width, rows and explicit zeros so far.
  const first = starts.slice(0, ns), width = starts.slice(1).map((v, s) => v - starts[s]!);
  const rowCount = first.map((f) => colCount[f]!), zeros = new Array<number>(ns).fill(0), alive = new Array<boolean>(ns).fill(true);
  const sOf = new Int32Array(parent.length);
  for (let s = 0; s < ns; s++) for (let j = starts[s]!; j < starts[s + 1]!; j++) sOf[j] = s;
  const owner = Array.from({ length: ns }, (_, s) => s);
  const find = (s: number): number => { while (owner[s] !== s) s = owner[s] = owner[owner[s]!]!; return s; };
  // Children before parents (s ascending). The child's columns chain to its last column, whose parent is in the
  // parent supernode, so the merged structure is the child's columns followed by the parent's rows.
  for (let s = 0; s < ns; s++) {
    const last = starts[s + 1]! - 1, pc = parent[last]!;
    if (pc < 0) continue;
    const cs = find(s), ps = find(sOf[pc]!);
    if (cs === ps || first[ps] !== first[cs]! + width[cs]!) continue;
    const wc = width[cs]!, wp = width[ps]!, m = wc + rowCount[ps]!;
    const newZeros = zeros[cs]! + zeros[ps]! + (m - rowCount[cs]!) * wc;
    const cols = wc + wp, z = newZeros / (m * cols);
    if (!(cols <= 4 || (cols <= 16 && z < 0.8) || (cols <= 48 && z < 0.1) || z < 0.05)) continue;
    owner[ps] = cs;
    width[cs] = wc + wp;
    rowCount[cs] = m;
    zeros[cs] = newZeros;
    alive[ps] = false;
  }
  const out: number[] = [];
  for (let s = 0; s < ns; s++) if (alive[s] && find(s) === s) out.push(first[s]!);
  out.push(parent.length);
  return out;
}

/** Supernode structures, relative indices, assembly map and storage layout for the partition `starts`. */
function layout(B: SymCsc, map: Int32Array, perm: Int32Array, parent: Int32Array, colCount: Int32Array, nnzL: number, flops: number, starts: number[]): Symbolic {
  const n = B.n, ns = starts.length - 1;
  const superStart = Int32Array.from(starts), colToSuper = new Int32Array(n);
  for (let s = 0; s < ns; s++) for (let j = starts[s]!; j < starts[s + 1]!; j++) colToSuper[j] = s;
  const superParent = new Int32Array(ns).fill(-1);
  for (let s = 0; s < ns; s++) { const pc = parent[starts[s + 1]! - 1]!; if (pc >= 0) superParent[s] = colToSuper[pc]!; }
  const childPtr = new Int32Array(ns + 1);
  for (let s = 0; s < ns; s++) if (superParent[s]! >= 0) childPtr[superParent[s]! + 1]++;
  for (let s = 0; s < ns; s++) childPtr[s + 1] += childPtr[s]!;
  const childIdx = new Int32Array(childPtr[ns]!), cAt = childPtr.slice(0, ns);
  for (let s = 0; s < ns; s++) if (superParent[s]! >= 0) childIdx[cAt[superParent[s]!]!++] = s;
  // Row structures.
  const rowLists: Int32Array[] = new Array(ns);
  const mark = new Int32Array(n).fill(-1);
  for (let s = 0; s < ns; s++) {
    const f = starts[s]!, l = starts[s + 1]!, below: number[] = [];
    for (let j = f; j < l; j++) {
      mark[j] = s;
      for (let e = B.colPtr[j]!; e < B.colPtr[j + 1]!; e++) { const r = B.rowIdx[e]!; if (r >= l && mark[r] !== s) { mark[r] = s; below.push(r); } }
    }
    for (let c = childPtr[s]!; c < childPtr[s + 1]!; c++) {
      const ch = childIdx[c]!, rl = rowLists[ch]!, wc = starts[ch + 1]! - starts[ch]!;
      for (let t = wc; t < rl.length; t++) { const r = rl[t]!; if (r >= l && mark[r] !== s) { mark[r] = s; below.push(r); } }
    }
    below.sort((a, b) => a - b);
    const rl = new Int32Array(l - f + below.length);
    for (let j = f; j < l; j++) rl[j - f] = j;
    rl.set(below, l - f);
    rowLists[s] = rl;
  }
  const rowPtr = new Int32Array(ns + 1);
  for (let s = 0; s < ns; s++) rowPtr[s + 1] = rowPtr[s]! + rowLists[s]!.length;
  const rows = new Int32Array(rowPtr[ns]!);
  for (let s = 0; s < ns; s++) rows.set(rowLists[s]!, rowPtr[s]!);
  // Relative indices of each child's rows below its columns in its parent's structure; frontal places of A's entries.
  const pos = new Int32Array(n);
  const relPtr = new Int32Array(ns + 1);
  for (let s = 0; s < ns; s++) relPtr[s + 1] = relPtr[s]! + rowLists[s]!.length - (starts[s + 1]! - starts[s]!);
  const rel = new Int32Array(relPtr[ns]!);
  const srcOf = new Int32Array(B.colPtr[n]!);
  for (let e = 0; e < map.length; e++) srcOf[map[e]!] = e;
  const aPtr = new Int32Array(ns + 1), aSrc = new Int32Array(B.colPtr[n]!), aDest = new Int32Array(B.colPtr[n]!);
  const panelOff = new Int32Array(ns + 1);
  let maxFront = 0;
  for (let s = 0; s < ns; s++) {
    const rl = rowLists[s]!, m = rl.length, f = starts[s]!, l = starts[s + 1]!;
    maxFront = Math.max(maxFront, m);
    panelOff[s + 1] = panelOff[s]! + m * (l - f);
    rl.forEach((r, k) => { pos[r] = k; });
    for (let c = childPtr[s]!; c < childPtr[s + 1]!; c++) {
      const ch = childIdx[c]!, crl = rowLists[ch]!, wc = starts[ch + 1]! - starts[ch]!;
      for (let t = wc; t < crl.length; t++) rel[relPtr[ch]! + t - wc] = pos[crl[t]!]!;
    }
    let o = aPtr[s]!;
    for (let j = f; j < l; j++) for (let e = B.colPtr[j]!; e < B.colPtr[j + 1]!; e++) {
      aSrc[o] = srcOf[e]!;
      aDest[o++] = pos[B.rowIdx[e]!]! * m + (j - f);
    }
    aPtr[s + 1] = o;
  }
  // The stack of update matrices: children's updates are on top when their parent is assembled.
  let top = 0, stackSize = 0;
  const usize = (s: number): number => { const u = rowLists[s]!.length - (starts[s + 1]! - starts[s]!); return u * u; };
  for (let s = 0; s < ns; s++) {
    for (let c = childPtr[s]!; c < childPtr[s + 1]!; c++) top -= usize(childIdx[c]!);
    top += usize(s);
    stackSize = Math.max(stackSize, top);
  }
  return {
    n, perm, parent, colCount, nnzL, flops, ns, superStart, colToSuper, superParent, rowPtr, rows, relPtr, rel, childPtr, childIdx,
    panelOff, panelSize: panelOff[ns]!, aPtr, aSrc, aDest, maxFront, stackSize,
  };
}
