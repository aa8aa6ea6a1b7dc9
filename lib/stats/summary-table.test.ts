import { test } from "node:test";
import assert from "node:assert/strict";
import { lmm } from "./lmm.js";
import { ols } from "./ols.js";
import { summaryTable } from "./format.js";
import { readCsv } from "./testing/fixtures.js";

const sleep = readCsv("lmm-sleepstudy.csv", ["Subject"]);

test("summaryTable: R's coefficient table of an lmm (lmerTest coef(summary(m)), sleepstudy)", () => {
  // R 4 / lmerTest: coef(summary(lmer(Reaction ~ Days + (Days | Subject), sleepstudy)))
  const R = {
    "(Intercept)": [251.405104848485, 6.82459669495491, 16.9997262884927, 36.83808964628439, 1.17155811120826e-17],
    Days: [10.467285959596, 1.54578964390598, 16.9999837255917, 6.77148148899918, 3.26382446992738e-06],
  };
  const rows = summaryTable(lmm("Reaction ~ Days + (Days | Subject)", sleep));
  assert.deepEqual(rows.map((r) => r.term), ["(Intercept)", "Days"]);
  assert.deepEqual(Object.keys(rows[0]!), ["term", "Estimate", "Std. Error", "df", "t value", "Pr(>|t|)"]);
  for (const r of rows) {
    const want = R[r.term as keyof typeof R];
    const got = [r.Estimate, r["Std. Error"], r.df, r["t value"], r["Pr(>|t|)"]] as number[];
    const tol = [1e-5, 1e-4, 1e-3, 1e-4, 5e-3];
    got.forEach((g, k) => assert.ok(Math.abs(g - want[k]!) <= tol[k]! * Math.abs(want[k]!), `${r.term} column ${k}: ${g} vs ${want[k]}`));
  }
  const noDf = summaryTable(lmm("Reaction ~ Days + (Days | Subject)", sleep, { satterthwaite: false }));
  assert.deepEqual(Object.keys(noDf[0]!), ["term", "Estimate", "Std. Error", "t value"]);
});

test("summaryTable: ols columns are R's lm columns", () => {
  const rows = summaryTable(ols("Reaction ~ Days", sleep));
  assert.deepEqual(Object.keys(rows[0]!), ["term", "Estimate", "Std. Error", "t value", "Pr(>|t|)"]);
  // R: coef(summary(lm(Reaction ~ Days, sleepstudy)))["Days", "Estimate"] = 10.4672859595960
  assert.ok(Math.abs((rows[1]!.Estimate as number) - 10.467285959596) < 1e-9);
});
