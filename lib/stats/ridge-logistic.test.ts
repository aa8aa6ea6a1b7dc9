/**
 * ridgeLogistic() against scipy 1.17 (`scipy.optimize.minimize(method="BFGS", gtol=1e-12)` on the same penalised
 * objective, a second implementation written apart from this one) and, with λ = 0, against glm() (itself checked
 * against R's glm in ols-glm.test.ts). Tolerance: 1e-6 absolute on coefficients and the objective.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { ridgeLogistic, ridgeLogisticProbability } from "./ridge-logistic.js";
import { glm } from "./glm.js";

// 40 rows, three columns (one binary), a response no column separates
const X = Array.from({ length: 40 }, (_, i) => [Math.sin(i), ((i * 7) % 11) / 10, i % 3 === 0 ? 1 : 0]);
const Y = Array.from({ length: 40 }, (_, i) => ((i * 13) % 7 < 3 ? 1 : 0));

const SCIPY: [number, number[], number][] = [
  [0, [-0.26951758, 1.10434372, -0.60005951, 0.20882093], 24.19732991],
  [0.5, [-0.34984222, 0.9718992, -0.3688436, 0.15667828], 24.5284535],
  [1, [-0.37908585, 0.87377006, -0.26691749, 0.12764719], 24.77019945],
  [10, [-0.4089792, 0.32746603, -0.04478101, 0.03231286], 26.11473823],
];

test("ridgeLogistic: coefficients and objective equal scipy's at four penalties", () => {
  for (const [lambda, [b0, ...b], objective] of SCIPY) {
    const fit = ridgeLogistic(X, Y, lambda);
    assert.ok(fit.converged, `λ=${lambda} converged`);
    assert.ok(Math.abs(fit.intercept - b0) < 1e-6, `λ=${lambda} intercept ${fit.intercept} vs ${b0}`);
    b.forEach((v, j) => assert.ok(Math.abs(fit.coef[j] - v) < 1e-6, `λ=${lambda} β${j + 1} ${fit.coef[j]} vs ${v}`));
    assert.ok(Math.abs(fit.objective - objective) < 1e-6, `λ=${lambda} objective ${fit.objective} vs ${objective}`);
  }
});

test("ridgeLogistic: with no penalty it is glm(binomial)", () => {
  const fit = ridgeLogistic(X, Y, 0);
  const g = glm("y ~ a + b + c", X.map(([a, b, c], i) => ({ y: Y[i], a, b, c })), { family: "binomial" });
  assert.ok(Math.abs(fit.intercept - g.coef["(Intercept)"]) < 1e-7);
  ["a", "b", "c"].forEach((k, j) => assert.ok(Math.abs(fit.coef[j] - g.coef[k]) < 1e-7, k));
});

test("ridgeLogistic: the penalty keeps a separating column finite, and the probability reads the fit", () => {
  const x = [[0], [0], [1], [1]];
  const fit = ridgeLogistic(x, [0, 0, 1, 1], 1);
  assert.ok(fit.converged && Number.isFinite(fit.coef[0]) && fit.coef[0] > 0);
  assert.ok(ridgeLogisticProbability(fit, [1]) > 0.5 && ridgeLogisticProbability(fit, [0]) < 0.5);
  assert.throws(() => ridgeLogistic(x, [0, 0, 1, 1], 0), /fitted probabilities of 0 or 1/);
  assert.throws(() => ridgeLogistic(x, [0, 2, 1, 1], 1), /outside \{0, 1\}/);
  assert.throws(() => ridgeLogistic(x, [0, 1], 1), /responses/);
});
