import { test } from "node:test";
import assert from "node:assert/strict";
import { deriv12, deriv12Forward, nelderMeadBox, newtonFD, symmetricEigen } from "./glmm-optimize.js";

// Expected values are closed-form (the functions are polynomials); tolerances are stated per check.

test("deriv12 gives central-difference gradient and Hessian (exact for quadratics up to rounding)", () => {
  const f = ([a, b]: number[]): number => 3 * a! ** 2 + 2 * a! * b! + b! ** 2 - a!;
  const { gradient, hessian } = deriv12(f, [1, 2]);
  [9, 6].forEach((v, j) => assert.ok(Math.abs(gradient[j]! - v) < 1e-6, `gradient ${j}`));
  [[6, 2], [2, 2]].forEach((row, i) => row.forEach((v, j) => assert.ok(Math.abs(hessian[i]![j]! - v) < 1e-4, `H ${i}${j}`)));
});

test("newtonFD minimises a smooth function and leaves concave regions quickly", () => {
  const r = newtonFD(([a, b]) => (a! - 1) ** 2 + 3 * (b! + 2) ** 2, [0, 0]);
  assert.ok(r.converged);
  assert.ok(Math.abs(r.x[0]! - 1) < 1e-6 && Math.abs(r.x[1]! + 2) < 1e-6);
  // f(x) = x⁴ − 2x² has a concave cap around 0 and minima at ±1.
  const c = newtonFD(([x]) => x! ** 4 - 2 * x! ** 2, [0.05]);
  assert.ok(Math.abs(Math.abs(c.x[0]!) - 1) < 1e-5, `got ${c.x[0]}`);
});

test("newtonFD freezes an even coordinate at 0 when the minimum is there", () => {
  const r = newtonFD(([t, b]) => t! ** 2 * (1 + 0.1 * t! ** 2) + (b! - 3) ** 2 + 0.1 * t! ** 2 * b!, [1, 0], { snap: [0] });
  assert.equal(r.x[0], 0);
  assert.ok(Math.abs(r.x[1]! - 3) < 1e-6);
  assert.ok(Number.isNaN(r.hessian[0]![0]!));
});

test("symmetricEigen reproduces A = V diag(λ) Vᵀ", () => {
  const A = [[4, 1, 0.5], [1, -2, 0.3], [0.5, 0.3, 1]];
  const { values, vectors } = symmetricEigen(A);
  for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) {
    let s = 0;
    for (let k = 0; k < 3; k++) s += vectors[i]![k]! * values[k]! * vectors[j]![k]!;
    assert.ok(Math.abs(s - A[i]![j]!) < 1e-12, `entry ${i}${j}`);
  }
});

test("nelderMeadBox respects lower bounds", () => {
  const r = nelderMeadBox(([a, b]) => (a! - 1) ** 2 + (b! + 2) ** 2, [0.5, 0.5], [0, 0]);
  assert.ok(Math.abs(r.x[0]! - 1) < 1e-4 && r.x[1] === 0, `got ${r.x}`);
});

test("newtonFD relTol: on a large objective with rounding-level noise, stops at the noise instead of iterating to maxIter", () => {
  // 1e5 + (x − 1)² plus a deterministic wiggle of 1e-10 (1e-15 relative): the finite-difference gradient floor.
  const f = ([x]: number[]): number => 1e5 + (x! - 1) ** 2 + 1e-10 * Math.sin(1e6 * x!);
  const withFloor = newtonFD(f, [3], { tol: 1e-14, relTol: 1e-14, maxIter: 50 });
  assert.ok(withFloor.converged && withFloor.iterations < 10, `iterations ${withFloor.iterations}`);
  assert.ok(Math.abs(withFloor.x[0]! - 1) < 1e-4, `x ${withFloor.x[0]}`);
  // The null: without the relative floor an absolute 1e-14 is below the noise and is never reached.
  const without = newtonFD(f, [3], { tol: 1e-14, maxIter: 50 });
  assert.ok(!without.converged && without.iterations > 40, `iterations ${without.iterations}, converged ${without.converged}`);
});

test("deriv12Forward: central gradient and diagonal, forward cross terms, in 2d + d(d − 1)/2 evaluations", () => {
  const f = ([a, b, c]: number[]): number => 3 * a! ** 2 + 2 * a! * b! + b! ** 2 - a! + 0.5 * b! * c! + c! ** 2;
  let evals = 0;
  const { gradient, hessian } = deriv12Forward((x) => { evals++; return f(x); }, [1, 2, -1], 1e-4, f([1, 2, -1]));
  assert.equal(evals, 2 * 3 + 3);
  [9, 5.5, -1].forEach((v, j) => assert.ok(Math.abs(gradient[j]! - v) < 1e-6, `gradient ${j}`));
  [[6, 2, 0], [2, 2, 0.5], [0, 0.5, 2]].forEach((row, i) => row.forEach((v, j) => assert.ok(Math.abs(hessian[i]![j]! - v) < 1e-4, `H ${i}${j}`)));
  // The cross terms are one-sided: on a cubic they are off by O(δ), where the central ones are not.
  const g = ([a, b, c]: number[]): number => a! ** 2 * b! + b! ** 2 + c! ** 2 + a! ** 2;
  const fw = deriv12Forward(g, [1, 1, 1]).hessian[0]![1]!, ce = deriv12(g, [1, 1, 1]).hessian[0]![1]!;
  assert.ok(Math.abs(ce - 2) < 1e-6 && Math.abs(fw - 2) > 5e-5 && Math.abs(fw - 2) < 1e-3, `central ${ce}, forward ${fw}`);
});

test("newtonFD forwardFirst: the same minimum with fewer evaluations in four dimensions", () => {
  const f = ([a, b, c, d]: number[]): number => Math.exp(0.3 * a!) - a! + (b! - 1) ** 2 + 0.5 * b! * c! + 2 * (c! + 1) ** 2 + (d! - 0.5) ** 4 + (d! - 0.5) ** 2 + 0.2 * a! * d!;
  const plain = newtonFD(f, [0, 0, 0, 0], { tol: 1e-12, finalStep: true });
  const fast = newtonFD(f, [0, 0, 0, 0], { tol: 1e-12, finalStep: true, forwardFirst: true });
  assert.ok(plain.converged && fast.converged);
  fast.x.forEach((v, j) => assert.ok(Math.abs(v - plain.x[j]!) < 1e-6, `x ${j}: ${v} vs ${plain.x[j]}`));
  assert.ok(fast.evals < plain.evals, `evaluations ${fast.evals} vs ${plain.evals}`);
});
