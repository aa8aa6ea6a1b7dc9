import { test } from "node:test";
import assert from "node:assert/strict";
import { minimizeTrustRegion } from "./trust-region.js";

test("minimizeTrustRegion: interior minimum of a correlated quadratic and of Rosenbrock's function (exact answers)", () => {
  const q = minimizeTrustRegion(([a, b]) => (a! - 1) ** 2 + 3 * (b! + 2) ** 2 + (a! - 1) * (b! + 2), [0, 0]);
  assert.ok(q.converged);
  assert.ok(Math.abs(q.x[0]! - 1) < 1e-5 && Math.abs(q.x[1]! + 2) < 1e-5, `${q.x}`);
  assert.ok(q.f < 1e-10);
  // A quadratic is fitted exactly by the first model: few evaluations beyond the six of the first stencil.
  assert.ok(q.evals <= 20, `${q.evals} evaluations`);
  const r = minimizeTrustRegion(([a, b]) => 100 * (b! - a! * a!) ** 2 + (1 - a!) ** 2, [-1.2, 1], { radius: 0.5 });
  assert.ok(r.converged);
  assert.ok(Math.abs(r.x[0]! - 1) < 1e-4 && Math.abs(r.x[1]! - 1) < 1e-4, `${r.x} after ${r.evals}`);
});

test("minimizeTrustRegion: minimum on a lower bound, start on the bound, four dimensions", () => {
  const b = minimizeTrustRegion(([a, c]) => (a! + 1) ** 2 + (c! - 2) ** 2, [1, 1], { lower: [0, 0] });
  assert.ok(Math.abs(b.x[0]!) < 1e-6 && Math.abs(b.x[1]! - 2) < 1e-5, `${b.x}`);
  assert.ok(b.x[0]! >= 0);
  const s = minimizeTrustRegion(([a, c]) => (a! - 0.5) ** 2 + c! ** 2, [0, 0], { lower: [0, 0] });
  assert.ok(Math.abs(s.x[0]! - 0.5) < 1e-5 && s.x[1] === 0, `${s.x}`);
  const f4 = (x: number[]): number => x.reduce((acc, v, i) => acc + (i + 1) * (v - i) ** 2, 0) + 0.5 * x[0]! * x[1]!;
  const m = minimizeTrustRegion(f4, [1, 1, 1, 1], { lower: [0, 0, 0, 0] });
  // Stationary point of the interior quadratic: 2(x₀ − 0) + 0.5x₁ = 0 would make x₀ negative, so x₀ = 0 and x₁ = 1.
  assert.ok(m.converged);
  assert.ok(Math.abs(m.x[0]!) < 1e-6 && Math.abs(m.x[1]! - 1) < 1e-5 && Math.abs(m.x[2]! - 2) < 1e-5 && Math.abs(m.x[3]! - 3) < 1e-5, `${m.x}`);
});

test("minimizeTrustRegion: refuses a start where the objective is not finite, and mismatched bounds", () => {
  assert.throws(() => minimizeTrustRegion(() => NaN, [0]), /not finite at the start/);
  assert.throws(() => minimizeTrustRegion(() => 0, [0, 0], { lower: [0] }), /differ in length/);
});

test("minimizeTrustRegion: f0 replaces the evaluation at the start (same path, one call fewer); a clipped start is evaluated", () => {
  const calls: number[][] = [];
  const f = (x: number[]): number => { calls.push([...x]); return (x[0]! - 1) ** 2 + 3 * (x[1]! + 2) ** 2 + (x[0]! - 1) * (x[1]! + 2); };
  const plain = minimizeTrustRegion(f, [0.5, 0.5]);
  const nPlain = calls.length;
  calls.length = 0;
  const given = minimizeTrustRegion(f, [0.5, 0.5], { f0: f([0.5, 0.5]) });
  calls.shift();
  assert.deepEqual(given.x, plain.x);
  assert.equal(given.evals, plain.evals);
  assert.equal(calls.length, nPlain - 1);
  assert.ok(!calls.some(([a, b]) => a === 0.5 && b === 0.5), "f evaluated again at the start");
  calls.length = 0;
  // A start below the bounds is moved onto them, where f0 (the value at the given start) does not hold.
  minimizeTrustRegion(f, [-1, 0.5], { lower: [0, 0], f0: 123 });
  assert.deepEqual(calls[0], [0, 0.5]);
  assert.throws(() => minimizeTrustRegion(f, [0, 0], { f0: NaN }), /not finite at the start/);
});
