/**
 * The sparse Cholesky (AMD ordering, symbolic analysis, supernodal factorisation) against the dense
 * Cholesky of linalg.ts on seeded random sparse SPD matrices (log-determinant and solves to 1e-10
 * relative), and the fill of the AMD ordering against the natural order and an exact minimum degree.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRng, type Rng } from "../../core/rng.js";
import { choleskyInPlace, forwardSolve, backSolveT } from "../linalg.js";
import { symFromTriplets, symToDense, inversePermutation, type SymCsc } from "./csc.js";
import { amd, exactMinimumDegree } from "./amd.js";
import { analyse, etree, columnCounts } from "./symbolic.js";
import { factorize, solve } from "./supernodal.js";
import { partialCholesky } from "./dense.js";
import { symPermute } from "./csc.js";

/** A random sparse SPD matrix: ZᵀZ + I for a random 0/1 "design" Z with `rows` rows and `per` entries a row. */
function randomSpd(rng: Rng, n: number, rows: number, per: number): SymCsc {
  const r: number[] = [], c: number[] = [], v: number[] = [];
  for (let i = 0; i < n; i++) { r.push(i); c.push(i); v.push(1); }
  for (let t = 0; t < rows; t++) {
    const cols = new Set<number>();
    while (cols.size < per) cols.add(rng.int(n));
    const vals = [...cols].map(() => rng.normal());
    [...cols].forEach((a, x) => [...cols].forEach((b, y) => { if (a >= b) { r.push(a); c.push(b); v.push(vals[x]! * vals[y]!); } }));
  }
  return symFromTriplets(n, r, c, v);
}

/** The 5-point Laplacian of a k × k grid (+ 1e-3 on the diagonal). */
function grid(k: number): SymCsc {
  const r: number[] = [], c: number[] = [], v: number[] = [];
  for (let x = 0; x < k; x++) for (let y = 0; y < k; y++) {
    const i = x * k + y;
    r.push(i); c.push(i); v.push(4.001);
    if (x > 0) { r.push(i); c.push(i - k); v.push(-1); }
    if (y > 0) { r.push(i); c.push(i - 1); v.push(-1); }
  }
  return symFromTriplets(k * k, r, c, v);
}

/** A crossed-design pattern: `S` subjects each meeting `per` of `I` items (subject and item columns), + I. */
function crossedPattern(rng: Rng, S: number, I: number, per: number): SymCsc {
  const r: number[] = [], c: number[] = [], v: number[] = [];
  const n = S + I, deg = new Array<number>(n).fill(1);
  for (let s = 0; s < S; s++) {
    const items = new Set<number>();
    while (items.size < per) items.add(rng.int(I));
    for (const it of items) { r.push(S + it); c.push(s); v.push(1); deg[s]++; deg[S + it]++; }
  }
  // Diagonally dominant, so positive definite.
  for (let i = 0; i < n; i++) { r.push(i); c.push(i); v.push(deg[i]!); }
  return symFromTriplets(n, r, c, v);
}

function denseCheck(A: SymCsc, rng: Rng, what: string, opts: Parameters<typeof analyse>[1] = {}): void {
  const n = A.n, D = symToDense(A);
  const Lc = Float64Array.from(D);
  assert.ok(choleskyInPlace(Lc, n));
  let ld = 0;
  for (let i = 0; i < n; i++) ld += 2 * Math.log(Lc[i * n + i]!);
  const sym = analyse(A, opts), f = factorize(sym, A.values);
  assert.ok(Math.abs(f.logDet - ld) <= 1e-10 * Math.max(1, Math.abs(ld)), `${what}: logdet ${f.logDet} vs dense ${ld}`);
  const nrhs = 3, b = Float64Array.from({ length: n * nrhs }, () => rng.normal());
  const x = solve(f, b, nrhs), y = Float64Array.from(b);
  forwardSolve(Lc, n, y, nrhs);
  backSolveT(Lc, n, y, nrhs);
  let err = 0, nrm = 0;
  for (let i = 0; i < y.length; i++) { err = Math.max(err, Math.abs(x[i]! - y[i]!)); nrm = Math.max(nrm, Math.abs(y[i]!)); }
  assert.ok(err <= 1e-10 * nrm, `${what}: solve error ${err} (max |x| ${nrm})`);
  // Null: the factor reproduces A (not just a consistent logdet): A x = b.
  let res = 0;
  for (let i = 0; i < n; i++) for (let t = 0; t < nrhs; t++) {
    let s = 0;
    for (let j = 0; j < n; j++) s += D[i * n + j]! * x[j * nrhs + t]!;
    res = Math.max(res, Math.abs(s - b[i * nrhs + t]!));
  }
  assert.ok(res <= 1e-9 * Math.max(1, nrm), `${what}: residual ${res}`);
}

test("sparse Cholesky = dense Cholesky on seeded random sparse SPD matrices (AMD, natural, fundamental and relaxed supernodes)", () => {
  const rng = createRng(20261201);
  for (const [n, rows, per] of [[30, 20, 3], [120, 150, 4], [300, 200, 5], [400, 1200, 2], [250, 40, 12]] as const) {
    const A = randomSpd(rng, n, rows, per);
    denseCheck(A, rng, `n=${n} amd`);
    denseCheck(A, rng, `n=${n} amd fundamental`, { relax: false });
    denseCheck(A, rng, `n=${n} natural`, { ordering: "natural" });
  }
  denseCheck(grid(15), rng, "grid 15");
  denseCheck(crossedPattern(rng, 200, 80, 10), rng, "crossed 200 × 80");
});

test("sparse Cholesky: the analysis is reused for new values of the same pattern", () => {
  const rng = createRng(7);
  const A = randomSpd(rng, 200, 150, 4), sym = analyse(A);
  const B = { ...A, values: A.values.map((v, e) => v * (1 + 0.1 * Math.sin(e))) };
  for (let i = 0; i < B.n; i++) B.values[B.colPtr[i]!] += 2; // diagonal first in each column
  const D = symToDense(B), n = B.n;
  assert.ok(choleskyInPlace(D, n));
  let ld = 0;
  for (let i = 0; i < n; i++) ld += 2 * Math.log(D[i * n + i]!);
  const f = factorize(sym, B.values);
  assert.ok(Math.abs(f.logDet - ld) <= 1e-10 * Math.abs(ld));
});

test("sparse Cholesky: a matrix that is not positive definite is an error naming the pivot", () => {
  const A = symFromTriplets(3, [0, 1, 2, 1, 2], [0, 1, 2, 0, 1], [1, 1, 1, 2, 0.5]);
  assert.throws(() => factorize(analyse(A), A.values), /not positive definite \(pivot \d of 3, row\/column \d of the input\)/);
});

test("etree and column counts equal the dense factor's pattern", () => {
  const rng = createRng(3);
  const A = randomSpd(rng, 60, 40, 3), n = A.n;
  const D = symToDense(A);
  assert.ok(choleskyInPlace(D, n));
  const parent = etree(A), cc = columnCounts(A, parent);
  for (let j = 0; j < n; j++) {
    let cnt = 0, first = -1;
    for (let i = j; i < n; i++) if (Math.abs(D[i * n + j]!) > 1e-300) { cnt++; if (i > j && first < 0) first = i; }
    assert.equal(cc[j], cnt, `column ${j} count`);
    assert.equal(parent[j], first, `column ${j} parent`);
  }
});

test("AMD: a permutation, with far less fill than the natural order on grids and crossed designs, close to exact minimum degree", () => {
  const rng = createRng(11);
  const isPerm = (p: Int32Array, n: number): void => { assert.equal(p.length, n); inversePermutation(p); };
  // Grids: natural order fills a band (~ k³); minimum degree ~ n log n.
  const ratios: number[] = [];
  for (const k of [10, 20, 40, 60]) {
    const A = grid(k), n = k * k, p = amd(A);
    isPerm(p, n);
    const fillAmd = analyse(A, { ordering: p }).nnzL, fillNat = analyse(A, { ordering: "natural" }).nnzL;
    if (k >= 20) assert.ok(fillAmd < 0.5 * fillNat, `grid ${k}: AMD ${fillAmd} vs natural ${fillNat}`);
    ratios.push(fillAmd / (n * Math.log2(n)));
  }
  // Nested-dissection-like growth: nnz(L) / (n log₂ n) stays bounded (natural grows like √n / log n).
  assert.ok(Math.max(...ratios) < 2.5 * Math.min(...ratios), `nnz(L)/(n log n) ${ratios.map((r) => r.toFixed(2))}`);
  // Crossed design: eliminating subjects first keeps the fill in the items.
  const C = crossedPattern(rng, 400, 60, 12);
  const fc = analyse(C).nnzL, fcNat = analyse(C, { ordering: Int32Array.from({ length: 460 }, (_, i) => (i < 60 ? 400 + i : i - 60)) }).nnzL;
  assert.ok(fc < 0.2 * fcNat, `crossed: AMD ${fc} vs items first ${fcNat}`);
  // Against an exact minimum degree on small cases.
  for (const A of [grid(8), grid(12), randomSpd(rng, 120, 80, 3), crossedPattern(rng, 60, 20, 6), randomSpd(rng, 200, 60, 6)]) {
    const fa = analyse(A).nnzL, fe = analyse(A, { ordering: exactMinimumDegree(A) }).nnzL;
    assert.ok(fa <= 1.25 * fe, `n=${A.n}: AMD ${fa} vs exact minimum degree ${fe}`);
  }
});

test("AMD: dense rows are ordered last and options keep a permutation", () => {
  const rng = createRng(5);
  const A = randomSpd(rng, 300, 200, 3);
  // Add one row/column connected to everything.
  const r: number[] = [], c: number[] = [], v: number[] = [];
  for (let j = 0; j < A.n; j++) for (let e = A.colPtr[j]!; e < A.colPtr[j + 1]!; e++) { r.push(A.rowIdx[e]!); c.push(j); v.push(A.values[e]!); }
  for (let j = 0; j < 300; j++) { r.push(300); c.push(j); v.push(0.01); }
  r.push(300); c.push(300); v.push(400);
  const B = symFromTriplets(301, r, c, v);
  const p = amd(B);
  assert.equal(p[300], 300);
  for (const opts of [{ aggressive: false }, { dense: 0 }]) inversePermutation(amd(B, opts));
  denseCheck(B, rng, "dense row");
  // The analysed ordering is the AMD ordering followed by a postorder: the factor's pattern is the same size.
  const { B: PB } = symPermute(B, p);
  assert.equal(analyse(B).nnzL, analyse(PB, { ordering: "natural" }).nnzL);
});

test("ordering \"best\": the smaller factor of AMD and the given order (minimum degree loses to subjects-first on a dense crossed design)", () => {
  const rng = createRng(11);
  // 300 subjects × 240 items, 27 items a subject: eliminating all subjects first leaves one dense item block.
  const C = crossedPattern(rng, 300, 240, 27);
  const amdFill = analyse(C).nnzL, natFill = analyse(C, { ordering: "natural" }).nnzL, best = analyse(C, { ordering: "best" });
  assert.ok(natFill < amdFill, `natural ${natFill}, AMD ${amdFill}`);
  assert.equal(best.nnzL, natFill);
  denseCheck(C, rng, "crossed 300 × 240, best", { ordering: "best" });
  // A grid: AMD wins, and "best" keeps it.
  const G = grid(30);
  assert.equal(analyse(G, { ordering: "best" }).nnzL, analyse(G).nnzL);
  assert.ok(analyse(G).nnzL < analyse(G, { ordering: "natural" }).nnzL);
});

test("partialCholesky: the first w columns of the Cholesky factor and the Schur complement of the rest (blocked and small paths)", () => {
  const rng = createRng(9);
  for (const [m, w] of [[130, 70], [130, 130], [60, 17], [40, 12], [5, 5]] as const) {
    // A random SPD matrix M Mᵀ + m I.
    const M = Float64Array.from({ length: m * m }, () => rng.normal());
    const A = new Float64Array(m * m);
    for (let i = 0; i < m; i++) for (let j = 0; j < m; j++) {
      let s = i === j ? m : 0;
      for (let k = 0; k < m; k++) s += M[i * m + k]! * M[j * m + k]!;
      A[i * m + j] = s;
    }
    const L = Float64Array.from(A);
    assert.ok(choleskyInPlace(L, m));
    const F = Float64Array.from(A);
    assert.equal(partialCholesky(F, m, w), -1);
    let err = 0;
    for (let i = 0; i < m; i++) for (let j = 0; j <= i && j < w; j++) err = Math.max(err, Math.abs(F[i * m + j]! - L[i * m + j]!) / Math.abs(L[j * m + j]!));
    // The trailing block is S = L₂₂ L₂₂ᵀ.
    for (let i = w; i < m; i++) for (let j = w; j <= i; j++) {
      let s = 0;
      for (let k = w; k <= j; k++) s += L[i * m + k]! * L[j * m + k]!;
      err = Math.max(err, Math.abs(F[i * m + j]! - s) / m);
    }
    assert.ok(err < 1e-10, `m=${m}, w=${w}: error ${err}`);
  }
  // A non-positive pivot is reported by its column.
  const B = Float64Array.from([4, 0, 0, 2, 1, 0, 0, 0, 1]);
  assert.equal(partialCholesky(B, 3, 3), 1);
});
