import { test } from "node:test";
import assert from "node:assert/strict";
import { createRng } from "./rng.js";

test("same seed gives the same stream; forks are addressed, not consumed", () => {
  const a = createRng(7);
  const b = createRng(7);
  const xs = Array.from({ length: 5 }, () => a.uniform());
  assert.deepEqual(xs, Array.from({ length: 5 }, () => b.uniform()));
  const f1 = createRng(7).fork("agent", 2).uniform();
  const r = createRng(7);
  r.uniform();
  r.uniform();
  assert.equal(r.fork("agent", 2).uniform(), f1);
  assert.notEqual(createRng(7).fork("agent", 3).uniform(), f1);
});

test("distribution moments are right within sampling error (n = 200000)", () => {
  const rng = createRng(1);
  const n = 200000;
  let su = 0, sn = 0, sn2 = 0, sb = 0;
  for (let i = 0; i < n; i++) {
    su += rng.uniform();
    const z = rng.normal(2, 3);
    sn += z;
    sn2 += z * z;
    sb += rng.beta(2, 5);
  }
  assert.ok(Math.abs(su / n - 0.5) < 0.005);
  const mean = sn / n;
  assert.ok(Math.abs(mean - 2) < 0.03);
  assert.ok(Math.abs(Math.sqrt(sn2 / n - mean * mean) - 3) < 0.03);
  assert.ok(Math.abs(sb / n - 2 / 7) < 0.003);
});

test("weightedIndex follows the weights and refuses bad ones", () => {
  const rng = createRng(3);
  const counts = [0, 0, 0];
  for (let i = 0; i < 30000; i++) counts[rng.weightedIndex([1, 0, 3])]++;
  assert.equal(counts[1], 0);
  assert.ok(Math.abs(counts[2] / 30000 - 0.75) < 0.02);
  assert.throws(() => rng.weightedIndex([0, 0]), /sum to zero/);
  assert.throws(() => createRng(1.5), /integer/);
});

test("first draws of small consecutive seeds are not alike", () => {
  const firsts = [1, 2, 3, 4, 5, 6, 7, 8].map((s) => createRng(s).uniform());
  const mean = firsts.reduce((a, b) => a + b, 0) / firsts.length;
  assert.ok(mean > 0.2 && mean < 0.8, `first draws ${firsts}`);
  assert.ok(Math.max(...firsts) - Math.min(...firsts) > 0.3, `first draws ${firsts}`);
  assert.equal(new Set(firsts.map((x) => x.toFixed(6))).size, firsts.length);
});
