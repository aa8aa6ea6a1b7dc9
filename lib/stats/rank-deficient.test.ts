/**
 * Rank-deficient fixed effects against R 4.x with lme4 (fixtures/rank-deficient.json, made by
 * fixtures/rank-deficient.R from fixtures/rank-deficient.csv): a 3 × 2 factor crossing with an empty cell and a
 * predictor that is 3 × another. R's lm and glm report the aliased coefficients as NA; lmer and glmer drop the
 * columns. The same columns are dropped here, and the kept estimates match.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { StatsError } from "../core/errors.js";
import { buildMixedDesign } from "./design.js";
import { glm } from "./glm.js";
import { glmm } from "./glmm.js";
import { formatLmm } from "./format.js";
import { lmm } from "./lmm.js";
import { ols } from "./ols.js";
import { readCsv, readJson } from "./testing/fixtures.js";

interface Ref {
  lm: { coef: Record<string, number>; aliased: string[]; se: Record<string, number> };
  lmer: { fixef: Record<string, number>; se: Record<string, number>; reml: number };
  glm: { coef: Record<string, number>; aliased: string[] };
  glmer: { fixef: Record<string, number>; deviance: number };
}

const ref = readJson<Ref>("rank-deficient.json");
const rows = readCsv("rank-deficient.csv", ["a", "b", "g"]);

function close(got: Record<string, number>, want: Record<string, number>, rel: number, what: string): void {
  assert.deepEqual(Object.keys(got), Object.keys(want), `${what}: the kept coefficients, in R's order`);
  for (const [k, v] of Object.entries(want)) {
    const err = Math.abs(got[k]! - v) / Math.max(1e-8, Math.abs(v));
    assert.ok(err < rel, `${what} ${k}: ${got[k]} vs R ${v} (relative error ${err.toExponential(2)})`);
  }
}

test("ols and glm drop the columns R's lm and glm report as NA, and match the rest", () => {
  const o = ols("y ~ a * b + x + x3", rows);
  assert.deepEqual(o.droppedColumns, ref.lm.aliased);
  close(o.coef, ref.lm.coef, 1e-9, "lm coef");
  close(o.se, ref.lm.se, 1e-9, "lm se");
  const g = glm("w ~ a * b + x + x3", rows, { family: "binomial" });
  assert.deepEqual(g.droppedColumns, ref.glm.aliased);
  close(g.coef, ref.glm.coef, 1e-7, "glm coef");
});

test("lmm and glmm drop the columns lmer and glmer drop, and match the rest", () => {
  const l = lmm("y ~ a * b + x + x3 + (1 | g)", rows);
  assert.deepEqual(l.droppedColumns, ["x3", "aa3:bb2"]);
  close(l.fixef, ref.lmer.fixef, 1e-7, "lmer fixef");
  assert.match(formatLmm(l), /rank deficient so dropping 2 columns: x3, aa3:bb2/);
  close(l.se, ref.lmer.se, 1e-5, "lmer se");
  assert.ok(Math.abs(l.remlCriterion! - ref.lmer.reml) < 1e-6, `REML criterion ${l.remlCriterion} vs ${ref.lmer.reml}`);
  const g = glmm("w ~ a * b + x + x3 + (1 | g)", rows, { family: "binomial" });
  assert.deepEqual(g.droppedColumns, ["x3", "aa3:bb2"]);
  close(g.fixef, ref.glmer.fixef, 1e-4, "glmer fixef");
  assert.ok(Math.abs(g.deviance - ref.glmer.deviance) < 1e-3, `deviance ${g.deviance} vs ${ref.glmer.deviance}`);
});

test("a full-rank design drops nothing; rankDeficient: \"error\" refuses a deficient one, naming the column", () => {
  assert.deepEqual(ols("y ~ a + b + x", rows).droppedColumns, []);
  assert.throws(() => ols("y ~ a + b + x + x3", rows, { rankDeficient: "error" }), (e: unknown) => e instanceof StatsError && /"x3" is a linear combination/.test(e.message));
  // The empty cell leaves its interaction column all zero.
  assert.throws(() => lmm("y ~ a * b + x + (1 | g)", rows, { rankDeficient: "error" }), /"aa3:bb2" is all zero/);
  assert.throws(() => glmm("w ~ x + x3 + (1 | g)", rows, { family: "binomial", rankDeficient: "error" }), /"x3"/);
  // Constant and all-zero columns are dropped too, with the reason kept out of the way of the estimates.
  const d = buildMixedDesign("y ~ x + k + z", rows.map((r) => ({ ...r, k: 5, z: 0 })));
  assert.deepEqual(d.droppedColumns, ["k", "z"]);
  assert.deepEqual(d.fixefNames, ["(Intercept)", "x"]);
  assert.throws(() => buildMixedDesign("y ~ 0 + z", rows.map((r) => ({ ...r, z: 0 }))), /every fixed-effect column was dropped/);
});
