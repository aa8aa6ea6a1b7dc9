/**
 * lmm() on crossed random effects (the Schur-complement back end) against R (fixtures/lmm-crossed.json, made by
 * fixtures/lmm-crossed.R with lme4's default lmer control and lmerTest's Satterthwaite df; the data are
 * fixtures/lmm-crossed.csv: 90 subjects × 110 items, 20 items per subject, 6 sites, 1,800 rows). Two and three
 * crossed factors, random slopes on one or both, REML and ML. Tolerances (relative unless said): fixed effects and σ
 * 1e-5, standard errors 1e-4, θ 1e-4 × max(1, |θ|) absolute, logLik, AIC, BIC and the criterion 2e-4 absolute, df
 * 1e-3; our (restricted) log-likelihood at least lme4's − 1e-9 (lme4's optimiser stops a little earlier).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { lmm } from "./lmm.js";
import { readCsv, readJson } from "./testing/fixtures.js";
import { buildMixedDesign } from "./design.js";
import { denseProfiler } from "./lmm-dense.js";
import { schurProfiler } from "./lmm-schur.js";
import { absClose, relClose } from "./testing/compare.js";

interface CrossedRef {
  formula: string; REML: boolean; fixef: Record<string, number>; se: Record<string, number>; df?: Record<string, number>;
  theta: number[]; sigma: number; logLik: number; criterion: number; AIC: number; BIC: number; singular: boolean; nobs: number;
}
const ref = readJson<{ fits: CrossedRef[] }>("lmm-crossed.json");
const rows = readCsv("lmm-crossed.csv", ["s", "it", "site"]);


for (const r of ref.fits) {
  const tag = `${r.formula} (${r.REML ? "REML" : "ML"})`;
  test(`lmm crossed = lmer: ${tag}`, () => {
    const f = lmm(r.formula, rows, { reml: r.REML, satterthwaite: r.REML });
    assert.equal(f.optimizer.backend, "schur");
    assert.equal(f.nobs, r.nobs);
    for (const [k, v] of Object.entries(r.fixef)) relClose(f.fixef[k]!, v, 1e-5, `${tag} fixef ${k}`);
    for (const [k, v] of Object.entries(r.se)) relClose(f.se[k]!, v, 1e-4, `${tag} se ${k}`);
    for (const [k, v] of Object.entries(r.df ?? {})) relClose(f.df[k]!, v, 1e-3, `${tag} df ${k}`);
    relClose(f.sigma, r.sigma, 1e-5, `${tag} sigma`);
    r.theta.forEach((v, i) => absClose(f.theta[i]!, v, 1e-4 * Math.max(1, Math.abs(v)), `${tag} theta[${i}]`));
    absClose(f.logLik, r.logLik, 2e-4, `${tag} logLik`);
    assert.ok(f.logLik >= r.logLik - 1e-9, `${tag}: logLik ${f.logLik} below lme4's ${r.logLik}`);
    absClose((r.REML ? f.remlCriterion : f.deviance)!, r.criterion, 2e-4, `${tag} criterion`);
    absClose(f.aic, r.AIC, 2e-4, `${tag} AIC`);
    absClose(f.bic, r.BIC, 2e-4, `${tag} BIC`);
    assert.equal(f.singular, r.singular);
    assert.ok(f.convergence.ok, `${tag}: scaled gradient ${f.convergence.scaledGradient}`);
  });
}

test("lmm crossed: the Schur back end equals the dense factorisation at lme4's θ (three crossed factors with a slope; slopes on both factors)", () => {
  for (const formula of ["y ~ x + (1 + x | s) + (1 | it) + (1 | site)", "y ~ x + (1 + x | s) + (1 + x | it)"]) {
    const d = buildMixedDesign(formula, rows);
    const theta = ref.fits.find((f) => f.formula === formula)!.theta;
    const a = schurProfiler(d).evaluate(theta), b = denseProfiler(d).evaluate(theta);
    absClose(a.ldL2, b.ldL2, 1e-9, `${formula} log|L|²`);
    absClose(a.ldRX2, b.ldRX2, 1e-9, `${formula} log|RX|²`);
    relClose(a.pwrss, b.pwrss, 1e-11, `${formula} r²`);
    a.beta.forEach((v, j) => absClose(v, b.beta[j]!, 1e-10, `${formula} β[${j}]`));
  }
});

test("lmm crossed: the item variance comes from the items (null: a response without item effects gives a small item SD)", () => {
  const withItems = lmm("y ~ x + (1 | s) + (1 | it)", rows, { satterthwaite: false });
  const without = lmm("y0 ~ x + (1 | s) + (1 | it)", rows, { satterthwaite: false });
  const sd = (f: typeof withItems, g: string): number => f.varcorr.find((v) => v.grp === g && v.var2 === null)!.sdcor;
  // Simulated item SD 0.5 (R's estimate 0.59); without item effects R's estimate is 0.075, as ours.
  assert.ok(sd(withItems, "it") > 0.5, `item SD ${sd(withItems, "it")}`);
  assert.ok(sd(without, "it") < 0.1, `item SD without item effects ${sd(without, "it")}`);
  // The subject SD is there in both.
  assert.ok(sd(withItems, "s") > 0.6 && sd(without, "s") > 0.6);
});
