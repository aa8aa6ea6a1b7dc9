/**
 * The binomial log-likelihood with prior weights, against R 4.2.2, lme4 1.1-31 (fixtures/glmm-weighted.R →
 * glmm-weighted.json; glmer with glmerControl(optimizer = "bobyqa", optCtrl = list(rhoend = 1e-10))): cbind(s, f)
 * with weights w (0.5, 1, 2, 3), proportions with weights = trials, each with and without offset(o). R's constant is
 * Σ w·lchoose(n, s) for cbind + weights (binomial()$aic), so logLik, AIC and BIC must match glmer's, not only the
 * estimates. Tolerances: fixed effects 1e-5 (relative, absolute below 1), se 1e-4 relative, logLik 1e-4 absolute,
 * AIC and BIC 2e-4 absolute, deviance 1e-4 absolute; our logLik ≥ glmer's − 1e-8 (the optimum is reached).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { glmm, type GlmmOptions } from "./glmm.js";
import { readCsv, readJson } from "./testing/fixtures.js";

interface Ref { name: string; call: string; fixef: Record<string, number>; se: Record<string, number>; logLik: number; AIC: number; BIC: number; deviance: number; nobs: number }
const ref = readJson<{ fits: Ref[] }>("glmm-weighted.json");
const d = readCsv("glmm-weighted.csv", ["g"]);
const setup: Record<string, [string, GlmmOptions]> = {
  cbind_weights: ["cbind(s, fail) ~ x + (1 | g)", { family: "binomial", weights: "w" }],
  cbind_weights_offset: ["cbind(s, fail) ~ x + offset(o) + (1 | g)", { family: "binomial", weights: "w" }],
  prop_weights: ["prop ~ x + (1 | g)", { family: "binomial", weights: "n" }],
  prop_weights_offset: ["prop ~ x + offset(o) + (1 | g)", { family: "binomial", weights: "n" }],
};

for (const r of ref.fits) {
  test(`glmm logLik with prior weights = glmer: ${r.name}`, () => {
    const [formula, opts] = setup[r.name]!;
    const fit = glmm(formula, d, opts);
    assert.equal(fit.nobs, r.nobs);
    for (const [k, v] of Object.entries(r.fixef)) {
      assert.ok(Math.abs(fit.fixef[k]! - v) <= 1e-5 * Math.max(1, Math.abs(v)), `fixef ${k}: ${fit.fixef[k]} vs ${v}`);
      assert.ok(Math.abs(fit.se[k]! - r.se[k]!) <= 1e-4 * r.se[k]!, `se ${k}: ${fit.se[k]} vs ${r.se[k]}`);
    }
    assert.ok(Math.abs(fit.logLik - r.logLik) <= 1e-4, `logLik ${fit.logLik} vs ${r.logLik}`);
    assert.ok(fit.logLik >= r.logLik - 1e-8, `logLik ${fit.logLik} below glmer's ${r.logLik}`);
    assert.ok(Math.abs(fit.aic - r.AIC) <= 2e-4, `AIC ${fit.aic} vs ${r.AIC}`);
    assert.ok(Math.abs(fit.bic - r.BIC) <= 2e-4, `BIC ${fit.bic} vs ${r.BIC}`);
    assert.ok(Math.abs(fit.deviance - r.deviance) <= 1e-4, `deviance ${fit.deviance} vs ${r.deviance}`);
  });
}

test("glmm: cbind with weights w and proportions with weights w·n give the same estimates; only the constant differs", () => {
  const a = glmm("cbind(s, fail) ~ x + (1 | g)", d, { family: "binomial", weights: "w" });
  const b = glmm("prop ~ x + (1 | g)", d.map((r) => ({ ...r, wn: (r.w as number) * (r.n as number) })), { family: "binomial", weights: "wn" });
  for (const k of a.fixefNames) assert.ok(Math.abs(a.fixef[k]! - b.fixef[k]!) < 1e-9, k);
  // The proportions' constant counts w·n trials per row (lchoose(w·n, w·s)); cbind's counts n trials w times.
  assert.ok(Math.abs(a.deviance - b.deviance) < 1e-8);
  assert.ok(b.logLik - a.logLik > 1, `constants differ: ${b.logLik} vs ${a.logLik}`);
});
