import { test } from "node:test";
import assert from "node:assert/strict";
import { bootstrapMean, meanCI, pairedDifferenceCI, wilsonCI } from "./intervals.js";
import { createRng } from "../core/rng.js";

test("t interval of a mean (R 4.2.2: t.test(c(1,2,3))$conf.int = -0.4841377, 4.4841377; 1e-6)", () => {
  const r = meanCI([1, 2, 3]);
  assert.ok(Math.abs(r.lower - -0.4841377) < 1e-6 && Math.abs(r.upper - 4.4841377) < 1e-6);
  const d = pairedDifferenceCI([2, 3, 4], [1, 1, 1]);
  assert.ok(Math.abs(d.mean - 2) < 1e-12 && Math.abs(d.lower - -0.4841377) < 1e-6); // differences 1, 2, 3
  assert.throws(() => meanCI([1]), /at least two/);
});

test("Wilson interval (R: prop.test(7, 10, correct = FALSE)$conf.int = 0.3967781, 0.8922087; 1e-6)", () => {
  const w = wilsonCI(7, 10);
  assert.ok(Math.abs(w.lower - 0.3967781) < 1e-6 && Math.abs(w.upper - 0.8922087) < 1e-6);
  assert.throws(() => wilsonCI(3, 2), /k ≤ n/);
  assert.ok(Number.isNaN(wilsonCI(0, 0).p));
});

test("the bootstrap is seeded and brackets the mean", () => {
  const v = [1, 2, 3, 4, 5, 6, 7, 8];
  const a = bootstrapMean(v, createRng(1));
  assert.deepEqual(a, bootstrapMean(v, createRng(1)));
  assert.equal(a.mean, 4.5);
  assert.ok(a.lower < 4.5 && a.upper > 4.5 && a.lower >= 1 && a.upper <= 8);
});
