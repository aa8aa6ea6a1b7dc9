/**
 * Functions inside formulas against R 4.x with lme4 (fixtures/formula-functions.json, made by
 * fixtures/formula-functions.R from fixtures/formula-functions.csv, which has missing values in x and y):
 * coefficient names as R deparses them, estimates, and the rows used.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { DataError, StatsError } from "../core/errors.js";
import { parseFormula } from "./formula.js";
import { lmm } from "./lmm.js";
import { ols } from "./ols.js";
import { readCsv, readJson } from "./testing/fixtures.js";

type Ref = Record<string, { coef: Record<string, number>; nobs: number }>;
const ref = readJson<Ref>("formula-functions.json");
const rows = readCsv("formula-functions.csv", ["g"]);

function same(got: Record<string, number>, want: Record<string, number>, rel: number, what: string): void {
  assert.deepEqual(Object.keys(got), Object.keys(want), `${what}: R's coefficient names, in R's order`);
  for (const [k, v] of Object.entries(want)) {
    const err = Math.abs(got[k]! - v) / Math.max(1e-8, Math.abs(v));
    assert.ok(err < rel, `${what} ${k}: ${got[k]} vs R ${v} (relative error ${err.toExponential(2)})`);
  }
}

test("lm with log(), I(x^2), log1p() and factor() matches R", () => {
  const f = ols("log(y) ~ I(x^2) + log1p(z) + factor(k)", rows);
  same(f.coef, ref.lm1!.coef, 1e-9, "lm1");
  assert.equal(f.nobs, ref.lm1!.nobs);
});

test("scale() uses every non-missing value of its column, as R; arithmetic inside I() and calls nest", () => {
  const f = ols("y ~ scale(x) + sqrt(abs(x)) + I(z/10 - 1) + exp(-z)", rows);
  same(f.coef, ref.lm2!.coef, 1e-9, "lm2");
  assert.equal(f.nobs, ref.lm2!.nobs);
});

test("lmm with log(), I(x * 2) and factor() matches lmer", () => {
  const f = lmm("y ~ log(z) + I(x*2) + factor(k) + (1 | g)", rows);
  same(f.fixef, ref.lmer1!.coef, 1e-7, "lmer1");
  assert.equal(f.nobs, ref.lmer1!.nobs);
});

test("calls are named as R deparses them; unknown functions and text arguments are clear errors", () => {
  assert.deepEqual(parseFormula("log(y) ~ I(x*2-1) + I( (x+1)^2 ) + log(z + 1):k").terms, [["I(x * 2 - 1)"], ["I((x + 1)^2)"], ["log(z + 1)", "k"]]);
  assert.equal(parseFormula("log(y) ~ x").response, "log(y)");
  assert.throws(() => parseFormula("y ~ poly(x, 2)"), (e: unknown) => e instanceof StatsError && /unsupported function poly\(\)/.test(e.message));
  assert.throws(() => parseFormula("y ~ log(x, 2)"), /takes one argument/);
  assert.throws(() => ols("y ~ log(g)", rows), (e: unknown) => e instanceof DataError && /log\(g\) needs numbers/.test(e.message));
  // A column really named like a call is read as that column.
  const named = rows.map((r) => ({ y: r.y, "log(z)": 1 / (r.z as number), z: r.z }));
  const a = ols("y ~ `log(z)`", named), b = ols("y ~ I(1/z)", named);
  assert.equal(a.coef["log(z)"], b.coef["I(1/z)"]);
});
