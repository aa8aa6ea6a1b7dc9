/**
 * One data layer for every model function: the same missing values everywhere, numbers mixed with text refused with
 * the column, row and fix, and dropped rows counted by cause.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { DataError } from "../core/errors.js";
import { lmm } from "./lmm.js";
import { ols } from "./ols.js";
import { glm } from "./glm.js";
import { glmm } from "./glmm.js";
import { readCsv } from "./testing/fixtures.js";

const sleep = readCsv("lmm-sleepstudy.csv", ["Subject"]);
const MISSING = [null, undefined, NaN, "", "NA"];

test("null, undefined, NaN, \"\" and \"NA\" are missing in every model function, counted by column", () => {
  const holed = sleep.map((r, i) => (i % 20 === 3 ? { ...r, Reaction: MISSING[(i / 20) | 0 % 5] } : i % 20 === 7 ? { ...r, Days: MISSING[((i / 20) | 0) % 5] } : r));
  const clean = holed.filter((_, i) => i % 20 !== 3 && i % 20 !== 7);
  const a = lmm("Reaction ~ Days + (Days | Subject)", holed), b = lmm("Reaction ~ Days + (Days | Subject)", clean);
  assert.deepEqual(a.fixef, b.fixef);
  assert.equal(a.nDropped, 18);
  assert.deepEqual(a.dropped, { total: 18, missing: { Reaction: 9, Days: 9 }, transform: {} });
  assert.deepEqual(a.warnings, ["18 of 180 rows dropped: Reaction missing in 9, Days missing in 9"]);
  assert.deepEqual(ols("Reaction ~ Days", holed).coef, ols("Reaction ~ Days", clean).coef);
  assert.equal(glm("Reaction ~ Days", holed).nDropped, 18);
  const bin = holed.map((r) => ({ ...r, hi: typeof r.Reaction === "number" && !Number.isNaN(r.Reaction) ? Number(r.Reaction > 300) : r.Reaction }));
  assert.equal(glmm("hi ~ Days + (1 | Subject)", bin, { family: "binomial" }).nDropped, 18);
});

test("a numeric column with one stray string is a DataError naming the column, the row and the fix", () => {
  const rows = sleep.map((r, i) => (i === 41 ? { ...r, Days: "n/a" } : r));
  assert.throws(() => lmm("Reaction ~ Days + (1 | Subject)", rows), (e: unknown) => {
    assert.ok(e instanceof DataError);
    assert.match(e.message, /column "Days" mixes numbers \(row 1: 0\) with text \(row 42: "n\/a"\)/);
    assert.match(e.message, /declare it a factor with levels: \{ Days: \[\.\.\.\] \}/);
    return true;
  });
  assert.throws(() => ols("Days ~ Reaction", rows), /column "Days" mixes numbers/);
  // Booleans among numbers too.
  assert.throws(() => ols("Reaction ~ Days", sleep.map((r, i) => (i === 5 ? { ...r, Days: true } : r))), /mixes numbers \(row 1: 0\) with booleans \(row 6: true\)/);
  // Declared a factor, the same column is fine; numeric strings among numbers read as numbers (a CSV reader's leftovers).
  const lv = { Days: ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "n/a"] };
  assert.ok(ols("Reaction ~ Days", rows, { levels: lv }).names.includes("Daysn/a"));
  const asText = sleep.map((r, i) => (i === 41 ? { ...r, Days: String(r.Days) } : r));
  assert.deepEqual(ols("Reaction ~ Days", asText).coef, ols("Reaction ~ Days", sleep).coef);
});

test("rows a formula function cannot evaluate (log of x ≤ 0) are counted apart from missing data", () => {
  const rows = sleep.map((r, i) => ({ ...r, x: i % 30 === 0 ? -1 : i % 30 === 1 ? null : (r.Days as number) + 1 }));
  const fit = lmm("Reaction ~ log(x) + (1 | Subject)", rows);
  assert.deepEqual(fit.dropped, { total: 12, missing: { x: 6 }, transform: { "log(x)": 6 } });
  assert.deepEqual(fit.warnings, ["12 of 180 rows dropped: x missing in 6, log(x) not defined in 6"]);
});

test("empty data and data without a complete row get distinct messages", () => {
  assert.throws(() => ols("y ~ x", []), /the data has no rows/);
  assert.throws(() => ols("Reaction ~ Days", sleep.map((r) => ({ ...r, Days: null }))), /no complete rows: every one of the 180 rows has a missing value \(Days missing in 180\)/);
});

test("a constant response gets a clear message; fits report lme4's scaled-gradient convergence check", () => {
  assert.throws(() => lmm("Reaction ~ Days + (1 | Subject)", sleep.map((r) => ({ ...r, Reaction: 250 }))), /the response "Reaction" is constant \(250 in all 180 rows used\)/);
  assert.throws(() => ols("Reaction ~ Days", sleep.map((r) => ({ ...r, Reaction: 250 }))), /is constant/);
  const fit = lmm("Reaction ~ Days + (Days | Subject)", sleep);
  assert.ok(fit.convergence.ok && fit.convergence.scaledGradient < 1e-3, `scaled gradient ${fit.convergence.scaledGradient}`);
  assert.deepEqual(fit.warnings, []);
});

test("identifiability: as many random effects as observations is warned about", () => {
  // 18 subjects × (intercept + slope) = 36 random effects for 36 rows.
  const two = sleep.filter((r) => (r.Days as number) < 2);
  const fit = lmm("Reaction ~ Days + (Days | Subject)", two);
  assert.ok(fit.warnings.some((w) => /number of observations \(36\) <= number of random effects \(36\)/.test(w)), fit.warnings.join("; "));
});

test("withProgress reports long fits only: evaluations, best value and time", async () => {
  const { withProgress } = await import("./warnings.js");
  const lines: string[] = [];
  const slow = withProgress("lmm(\"y ~ x\")", (x) => x[0]! ** 2, (s) => lines.push(s), { afterMs: 0, everyMs: 0, label: "deviance" });
  slow([2]); slow([1]);
  assert.deepEqual(lines.map((l) => l.replace(/[\d.]+ s$/, "T s")), ['lmm("y ~ x"): 1 evaluations, best deviance 4.0000, T s', 'lmm("y ~ x"): 2 evaluations, best deviance 1.0000, T s']);
  const quiet: string[] = [];
  const fast = withProgress("lmm", (x) => x[0]!, (s) => quiet.push(s));
  fast([1]);
  assert.deepEqual(quiet, [], "a fit under 3 s prints nothing");
  assert.throws(() => lmm("Reaction ~ Days + (1 | Subject)", sleep, { progres: false } as never), /progres/);
});
