/**
 * p-values printed as R prints them, against R 4.2.2 (fixtures/format-pval.R → format-pval.json): format.pval(p,
 * digits) for digits 1, 3 (what summary() uses) and 5 (format.pval's default) on 16 vectors (fixed and scientific
 * groups, values below .Machine$double.eps, 0, 1, NA, exact ties such as 0.25 at one digit), string for string; and
 * the fixed-effects table of summary(glmer(cbind(s, fail) ~ x + f + (1 | g))) as R prints it. summaryTable keeps
 * numbers by default and gives R's text with pValues: "text"; formatLmm and formatGlmm print it and the fit's warnings.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { formatPval } from "./format-pval.js";
import { formatGlmm, formatLmm, summaryTable } from "./format.js";
import { glmm } from "./glmm.js";
import { lmm } from "./lmm.js";
import { pAdjust } from "./padjust.js";
import { readCsv, readJson } from "./testing/fixtures.js";

const ref = readJson<{ printed: string[]; cases: { p: (number | null)[]; d1: string[]; d3: string[]; d5: string[] }[] }>("format-pval.json");

test("formatPval = R's format.pval, string for string (digits 1, 3, 5)", () => {
  assert.equal(ref.cases.length, 16);
  for (const c of ref.cases) {
    assert.deepEqual(formatPval(c.p, 3), c.d3, `digits 3: ${JSON.stringify(c.p)}`);
    assert.deepEqual(formatPval(c.p, 1), c.d1, `digits 1: ${JSON.stringify(c.p)}`);
    assert.deepEqual(formatPval(c.p, 5), c.d5, `digits 5: ${JSON.stringify(c.p)}`);
  }
  // Beside short values (at most 6 characters) R drops the space: "<2e-16".
  assert.deepEqual(formatPval([0, 1.2e-240, 0.5]), ["<2e-16", "<2e-16", "0.5"]);
  assert.deepEqual(formatPval([0, 1.2e-240, 2.5e-5]), ["< 2e-16", "< 2e-16", "2.5e-05"]);
});

test("summaryTable: numbers by default (as coef(summary(m))), R's printed p-values with pValues: \"text\"", () => {
  const agg = readCsv("glmm-agg.csv", ["g", "f"]);
  const fit = glmm("cbind(s, fail) ~ x + f + (1 | g)", agg, { family: "binomial" });
  const rows = summaryTable(fit);
  assert.equal(typeof rows[1]!["Pr(>|z|)"], "number");
  assert.ok((rows[1]!["Pr(>|z|)"] as number) < 1e-80);
  assert.equal(pAdjust(rows.map((r) => r["Pr(>|z|)"] as number)).length, 3);
  const text = summaryTable(fit, { pValues: "text" });
  // R: the last column of the printed summary's fixed-effects table.
  const at = ref.printed[0]!.indexOf("Pr(>|z|)");
  const printed = ref.printed.slice(1).map((l) => l.slice(at).trim());
  assert.deepEqual(text.map((r) => r["Pr(>|z|)"]), printed);
  assert.deepEqual(printed, ["2.21e-05", "< 2e-16", "< 2e-16"]);
  assert.deepEqual(Object.keys(text[0]!), Object.keys(rows[0]!));
  assert.equal(text[0]!.Estimate, rows[0]!.Estimate);
  assert.throws(() => summaryTable(fit, { pValues: "stars" as "text" }), /pValues must be "number" or "text"/);
  assert.throws(() => summaryTable(fit, { digits: 3 } as never), /unknown option "digits"/);
});

test("formatGlmm and formatLmm print p-values as R does and the fit's warnings after the tables", () => {
  const agg = readCsv("glmm-agg.csv", ["g", "f"]);
  const g = formatGlmm(glmm("cbind(s, fail) ~ x + f + (1 | g)", agg, { family: "binomial" }));
  assert.match(g, /Family: binomial \( logit \)/);
  assert.match(g, /x\s+0\.7425\s+0\.03708\s+20\.03\s+< 2e-16/);
  assert.match(g, /\(Intercept\)\s+-0\.4130\s+0\.09735\s+-4\.242\s+2\.21e-05/);
  const d = readCsv("lme4-messages.csv", ["g"]);
  const l = formatLmm(lmm("yl ~ xs + (1 | g)", d));
  assert.match(l, /\(Intercept\)\s+1\.037.*\s<2e-16\nxs\s.*\s<2e-16\n/);
  assert.match(l, /\n\nboundary \(singular\) fit: see help\('isSingular'\) \(estimated at the boundary: g \(Intercept\)\)\n$/);
  const s = formatGlmm(glmm("y ~ x1000 + z + (1 | g)", d, { family: "binomial" }));
  assert.match(s, /Some predictor variables are on very different scales: consider rescaling[^\n]*\nModel failed to converge with max\|grad\|/);
  assert.match(formatGlmm(glmm("y ~ x1000 + z + (1 | g)", d, { family: "binomial", rescale: true })), /fitted on centred and scaled x1000, z; estimates on the original scale/);
});
