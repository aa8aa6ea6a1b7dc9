/**
 * ols() and glm() against R 4.2.2 (fixtures/lmm-reference.json: `panel_ols` is lm(), `panel_glm` is
 * glm(family = binomial) on the project's panel data). Tolerances: coefficients 1e-5 relative, standard
 * errors 1e-4 relative, R² 1e-8 relative, logLik 1e-4 absolute.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { ols } from "./ols.js";
import { glm } from "./glm.js";
import { readCsv, readJson } from "./testing/fixtures.js";

const ref = readJson<{
  panel_ols: { formula: string; coef: Record<string, number>; se: Record<string, number>; r2: number };
  panel_glm: { formula: string; fixef: Record<string, number>; se: Record<string, number>; logLik: number };
}>("lmm-reference.json");
const panel = readCsv("lmm-panel.csv", ["agent_id"]).map((r) => ({
  ...r, diss10: (r.dissonance as number) * 10, sil10: (r.silence as number) * 10,
}));

function close(actual: number | undefined, expected: number, rel: number, what: string): void {
  assert.ok(actual !== undefined, `${what} missing`);
  const err = Math.abs(actual - expected) / Math.abs(expected);
  assert.ok(err <= rel, `${what}: ${actual} vs R ${expected} (relative error ${err.toExponential(2)} > ${rel})`);
}

test("ols matches R lm: dissonance ~ interval + mode", () => {
  const r = ref.panel_ols;
  const f = ols(r.formula, panel);
  for (const [k, v] of Object.entries(r.coef)) close(f.coef[k], v, 1e-5, `coef ${k}`);
  for (const [k, v] of Object.entries(r.se)) close(f.se[k], v, 1e-4, `se ${k}`);
  close(f.r2, r.r2, 1e-8, "r2");
  assert.equal(f.df, 2397);
});

test("ols: textbook case (exact line; hand-computed): y = 1 + 2x", () => {
  const f = ols("y ~ x", { x: [0, 1, 2, 3, 4], y: [1.1, 2.9, 5.1, 6.9, 9.0] });
  close(f.coef.x, 1.98, 1e-12, "slope (Σ(x−x̄)(y−ȳ)/Σ(x−x̄)² = 19.8/10)");
  close(f.coef["(Intercept)"], 1.04, 1e-12, "intercept (ȳ − b x̄ = 5 − 3.96)");
});

test("glm binomial matches R glm: willing ~ diss10 + sil10", () => {
  const r = ref.panel_glm;
  const f = glm(r.formula, panel, { family: "binomial" });
  for (const [k, v] of Object.entries(r.fixef)) close(f.coef[k], v, 1e-5, `coef ${k}`);
  for (const [k, v] of Object.entries(r.se)) close(f.se[k], v, 1e-4, `se ${k}`);
  assert.ok(Math.abs(f.logLik - r.logLik) < 1e-4, `logLik ${f.logLik} vs R ${r.logLik}`);
  close(f.oddsRatio!.diss10, Math.exp(r.fixef.diss10!), 1e-5, "odds ratio");
});

test("glm gaussian equals ols", () => {
  const a = glm("dissonance ~ interval + mode", panel, { family: "gaussian" });
  const b = ols("dissonance ~ interval + mode", panel);
  close(a.coef.modewilling, b.coef.modewilling!, 1e-10, "coef");
  close(a.se.modewilling, b.se.modewilling!, 1e-8, "se");
  close(a.logLik, b.logLik, 1e-10, "logLik");
});

test("glm: perfect separation is an error", () => {
  const x = [1, 2, 3, 4, 5, 6, 7, 8], y = [0, 0, 0, 0, 1, 1, 1, 1];
  assert.throws(() => glm("y ~ x", { x, y }, { family: "binomial" }), /separation/);
});

test("ols: constant column, one-level factor, missing values", () => {
  assert.throws(() => ols("y ~ x + k", { x: [1, 2, 3, 4], y: [1, 3, 2, 5], k: [2, 2, 2, 2] }, { rankDeficient: "error" }), /constant/);
  const k = ols("y ~ x + k", { x: [1, 2, 3, 4], y: [1, 3, 2, 5], k: [2, 2, 2, 2] });
  assert.deepEqual(k.droppedColumns, ["k"], "dropped by default (R's lm: NA)");
  assert.deepEqual(k.coef, ols("y ~ x", { x: [1, 2, 3, 4], y: [1, 3, 2, 5] }).coef);
  assert.throws(() => ols("y ~ x + f", { x: [1, 2, 3, 4], y: [1, 3, 2, 5], f: ["a", "a", "a", "a"] }), /single level/);
  const f = ols("y ~ x", { x: [1, 2, null, 4, 5], y: [1, 3, 2, NaN, 5] });
  assert.equal(f.nDropped, 2);
  assert.equal(f.nobs, 3);
});
