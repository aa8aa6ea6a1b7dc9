/**
 * level-pairs.ts (counting sorts of rows by a pair of levels) and the two users that count on its order: the Schur
 * block's density (lmm-sparse.ts), against the direct definition (each row's own column pairs, and each level of the
 * largest term's clique of columns, in sets); and the fits, unchanged. Exact comparisons (integers).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { distinctPairs, pairOrder } from "./level-pairs.js";
import { buildMixedDesign, type MixedDesign } from "./design.js";
import { schurBlockDensity } from "./lmm-sparse.js";
import { thetaLayout } from "./lmm-deviance.js";
import { createRng } from "../core/rng.js";

test("pairOrder sorts rows by (a, b), rows of a pair in increasing order; distinctPairs counts the pairs (5 seeds)", () => {
  for (let seed = 1; seed <= 5; seed++) {
    const rng = createRng(seed), n = 50 + rng.int(400), na = 1 + rng.int(30), nb = 1 + rng.int(30);
    const a = Int32Array.from({ length: n }, () => rng.int(na)), b = Int32Array.from({ length: n }, () => rng.int(nb));
    const naive = Array.from({ length: n }, (_, i) => i).sort((x, y) => a[x]! - a[y]! || b[x]! - b[y]! || x - y);
    assert.deepEqual([...pairOrder(a, na, b, nb)], naive, `seed ${seed}`);
    assert.equal(distinctPairs(a, na, b, nb), new Set(naive.map((i) => `${a[i]},${b[i]}`)).size, `seed ${seed}`);
  }
  assert.deepEqual([...pairOrder(Int32Array.of(1, 0, 1), 2, Int32Array.of(0, 1, 0), 2)], [1, 0, 2]);
  assert.equal(distinctPairs(new Int32Array(0), 1, new Int32Array(0), 1), 0);
});

/** The density by its definition: the lower triangle of the q₂ block, entries met by a row or by a level of term 0. */
function directDensity(d: MixedDesign): number {
  const terms = d.reTerms, lay = thetaLayout(d);
  const base: number[] = [0];
  let q2 = 0;
  for (let t = 1; t < terms.length; t++) { base.push(q2); q2 += terms[t]!.nLevels * lay.k[t]!; }
  const cells = new Set<string>(), byLevel = new Map<number, Set<number>>();
  for (let i = 0; i < d.n; i++) {
    const cols: number[] = [];
    for (let t = 1; t < terms.length; t++) for (let a = 0; a < lay.k[t]!; a++) cols.push(base[t]! + terms[t]!.groupIndex[i]! * lay.k[t]! + a);
    for (const x of cols) for (const y of cols) if (x >= y) cells.add(`${x},${y}`);
    const g = terms[0]!.groupIndex[i]!;
    if (!byLevel.has(g)) byLevel.set(g, new Set());
    for (const c of cols) byLevel.get(g)!.add(c);
  }
  for (const s of byLevel.values()) for (const x of s) for (const y of s) if (x >= y) cells.add(`${x},${y}`);
  return cells.size / ((q2 * (q2 + 1)) / 2);
}

test("schurBlockDensity equals the direct count on crossed, three-term and random-slope designs (3 seeds)", () => {
  for (let seed = 11; seed <= 13; seed++) {
    const rng = createRng(seed), rows: Record<string, unknown>[] = [];
    for (let s = 0; s < 60; s++) for (let r = 0; r < 6; r++) {
      rows.push({ s: `s${s}`, it: `i${rng.int(40)}`, site: `t${rng.int(7)}`, x: rng.normal(), y: rng.normal() });
    }
    for (const f of ["y ~ x + (1 | s) + (1 | it)", "y ~ x + (1 | s) + (1 | it) + (1 | site)", "y ~ x + (1 | s) + (1 + x | it)"]) {
      const d = buildMixedDesign(f, rows);
      assert.equal(schurBlockDensity(d), directDensity(d), `${f}, seed ${seed}`);
    }
  }
});
