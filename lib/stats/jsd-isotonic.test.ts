// Reference values: scikit-learn 1.2.1 IsotonicRegression(out_of_bounds="clip") and scipy 1.10.1
// scipy.spatial.distance.jensenshannon (fixtures/sklearn-scipy-calibration.json). Tolerance 1e-12.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { isotonic } from "./isotonic.js";
import { jsDistance, jsDivergence } from "./jsd.js";

const ref = JSON.parse(readFileSync(new URL("./fixtures/sklearn-scipy-calibration.json", import.meta.url), "utf8"));
const close = (a: number, b: number, tol = 1e-12) => Math.abs(a - b) <= tol * Math.max(1, Math.abs(b));

test(`isotonic matches scikit-learn on ${ref.isotonic.length} cases (ties, weights, decreasing, clipping)`, () => {
  for (const [k, c] of ref.isotonic.entries()) {
    const fit = isotonic(c.x, c.y, { weights: c.weight ?? undefined, increasing: c.increasing });
    const pred = fit.predict(c.query);
    pred.forEach((v, i) => assert.ok(close(v, c.predict[i]), `case ${k} query ${i}: ${v} vs ${c.predict[i]}`));
    const fitted = fit.predict(c.x);
    fitted.forEach((v, i) => assert.ok(close(v, c.fitted[i]), `case ${k} fitted ${i}: ${v} vs ${c.fitted[i]}`));
  }
});

test(`Jensen–Shannon matches scipy on ${ref.jensenshannon.length} cases in nats and bits`, () => {
  for (const [k, c] of ref.jensenshannon.entries()) {
    assert.ok(close(jsDistance(c.p, c.q), c.distance_nats), `case ${k} nats`);
    assert.ok(close(jsDistance(c.p, c.q, 2), c.distance_bits), `case ${k} bits`);
    assert.ok(close(jsDivergence(c.p, c.q), c.divergence_nats), `case ${k} divergence`);
  }
});

test("hand-computed cases and bad input", () => {
  assert.equal(jsDivergence([1, 0], [0, 1]), Math.LN2);
  assert.equal(jsDivergence([0.2, 0.8], [2, 8]), 0);
  assert.throws(() => jsDivergence([1], [1, 0]), /entries/);
  assert.throws(() => jsDivergence([0, 0], [1, 0]), /sums to 0/);
  assert.throws(() => jsDivergence([-1, 2], [1, 0]), /negative/);
  const fit = isotonic([1, 2, 3, 4], [1, 3, 2, 4]);
  assert.deepEqual(fit.predict([0, 2, 2.5, 3, 9]), [1, 2.5, 2.5, 2.5, 4]);
  assert.deepEqual(isotonic([1, 2, 3], [3, 1, 2], { yMax: 1.5 }).predict([1, 3]), [1.5, 1.5]);
  assert.throws(() => isotonic([1, 2], [1, 2], { weights: [1, 0] }), /weights/);
});
