/**
 * glmm against a tightly converged glmer (R 4.2.2, lme4 1.1-31, glmerControl(optimizer = "bobyqa",
 * optCtrl = list(rhoend = 1e-10)); fixtures/glmm-tight.json): aggregated binomial (cbind and weights), Poisson with
 * an offset, and the binomial reference fits. Tolerances: fixed effects 1e-5 (relative, absolute below 1), standard
 * errors 1e-4 relative, logLik 1e-4 absolute; one fit (diss10 * mode, where the intercept and modewilling are strongly
 * correlated and glmer's own scaled gradient is 8e-5) only to 5e-5 (fixed effects) and 2e-4 (standard errors).
 *
 * The optimum, on two objectives (fixtures/glmm-tight-objective.json, made by fixtures/glmm-tight-objective.R from
 * glmer's own deviance functions, `glmer(..., devFunOnly = TRUE)`):
 * - glmer's logLik is exactly its stage-2 objective at its (θ, β): PIRLS for u started from the stage-1 linear
 *   predictor lp0 and stopped at a relative change of 1e-7 in the penalised deviance. That objective depends on
 *   lp0, so on where stage 1 ends, and stage 1 optimises glmer's nAGQ = 0 deviance, itself PIRLS from one fixed
 *   start stopped at 1e-7: its optimum θ lies up to 2e-4 from that of the converged nAGQ = 0 deviance, and glmer's
 *   stage-2 function started from the converged stage 1 is up to 9.8e-6 (logLik) lower at glmer's optimum. The
 *   default mode reproduces both stages (`pirlsJointLme4`, `laplaceLme4`): logLik ≥ glmer's − 1e-8 on every fit.
 * - The inner solve is not converged: the same stage-2 function with PIRLS converged (tolPwrss 1e-12) is 1.6e-5 to
 *   1.7e-3 higher at glmer's (θ, β) on 12 of the 16 fits (equal on the other four), and its maximum lies 4e-8 to
 *   4e-5 higher still, at fixed effects up to 9.4e-4 (relative) from glmer's. So glmer's reported optimum is not the
 *   Laplace optimum. The exact mode (`laplace: "exact"`) must reach the maximum of the exact objective: logLik ≥
 *   R's maximum − 1e-8 on every fit.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { glmm } from "./glmm.js";
import { tightData, tightReference, tightSetup as setup } from "./testing/glmm-tight.js";

const ref = tightReference();
const { agg, pois } = tightData();


for (const r of ref.fits) {
  test(`glmm = tight glmer: ${r.name}`, () => {
    const flat = r.name === "panel willing ~ diss10 * mode + sil10 + (1 | agent_id)";
    const { formula, data, opts } = setup(r);
    const fit = glmm(formula, data, opts);
    assert.equal(fit.nobs, r.nobs);
    assert.equal(fit.df, r.npar, "npar as attr(logLik, \"df\")");
    for (const [k, v] of Object.entries(r.fixef)) {
      assert.ok(Math.abs(fit.fixef[k]! - v) <= (flat ? 5e-5 : 1e-5) * Math.max(1, Math.abs(v)), `fixef ${k}: ${fit.fixef[k]} vs ${v}`);
      const seTol = flat ? 2e-4 : 1e-4;
      assert.ok(Math.abs(fit.se[k]! - r.se[k]!) <= seTol * r.se[k]!, `se ${k}: ${fit.se[k]} vs ${r.se[k]}`);
    }
    assert.ok(Math.abs(fit.logLik - r.logLik) <= 1e-4, `logLik ${fit.logLik} vs ${r.logLik}`);
    assert.ok(fit.logLik >= r.logLik - 1e-8, `optimum reached: logLik ${fit.logLik} vs glmer ${r.logLik} (short by ${r.logLik - fit.logLik})`);
    assert.ok(Math.abs(fit.aic - r.AIC) <= 2e-4, `AIC ${fit.aic} vs ${r.AIC}`);
    assert.equal(fit.singular, r.singular);
    assert.ok(fit.convergence.ok, `scaled gradient ${fit.convergence.scaledGradient}`);
  });
}

for (const r of ref.fits) {
  test(`glmm exact Laplace reaches R's exact maximum: ${r.name}`, () => {
    const o = ref.objective.find((f) => f.name === r.name);
    assert.ok(o, `fixtures/glmm-tight-objective.json has no fit "${r.name}"`);
    assert.ok(Math.abs(o.glmer_logLik - r.logLik) <= 1e-9, "the two fixtures describe the same glmer fit");
    const { formula, data, opts } = setup(r);
    const fit = glmm(formula, data, { ...opts, laplace: "exact", progress: false });
    assert.ok(fit.logLik >= o.exact_max - 1e-8, `exact optimum: logLik ${fit.logLik} vs R's exact maximum ${o.exact_max} (short by ${o.exact_max - fit.logLik})`);
    assert.ok(fit.logLik <= o.exact_max + 1e-6, `exact logLik ${fit.logLik} above R's exact maximum ${o.exact_max} by more than 1e-6: not the same objective`);
    assert.ok(fit.convergence.ok, `scaled gradient ${fit.convergence.scaledGradient}`);
  });
}

test("glmm: cbind, weights and the offset as a term or an option give the same fit; bad counts are refused", () => {
  const a = glmm("cbind(s, fail) ~ x + f + (1 | g)", agg, { family: "binomial" });
  const b = glmm("prop ~ x + f + (1 | g)", agg, { family: "binomial", weights: "n" });
  const c = glmm("cbind(s, n - s) ~ x + f + (1 | g)", agg, { family: "binomial" });
  for (const k of a.fixefNames) { assert.ok(Math.abs(a.fixef[k]! - b.fixef[k]!) < 1e-9); assert.ok(Math.abs(a.fixef[k]! - c.fixef[k]!) < 1e-9); }
  const t = glmm("y ~ x + offset(log(t)) + (1 | g)", pois, { family: "poisson" });
  const u = glmm("y ~ x + (1 | g)", pois, { family: "poisson", offset: "log(t)" });
  const v = glmm("y ~ x + (1 | g)", pois, { family: "poisson", offset: pois.map((r) => Math.log(r.t as number)) });
  for (const k of t.fixefNames) { assert.ok(Math.abs(t.fixef[k]! - u.fixef[k]!) < 1e-12); assert.ok(Math.abs(t.fixef[k]! - v.fixef[k]!) < 1e-12); }
  assert.equal(t.link, "log");
  assert.throws(() => glmm("y ~ x + (1 | g)", pois.map((r, i) => (i === 4 ? { ...r, y: 2.5 } : r)), { family: "poisson" }), /row 5 has the value 2.5; the Poisson family needs counts/);
  assert.throws(() => glmm("cbind(s, fail) ~ x + (1 | g)", agg.map((r, i) => (i === 2 ? { ...r, fail: -1 } : r)), { family: "binomial" }), /row 3 has \d+ successes and -1 failures/);
  assert.throws(() => glmm("prop ~ x + (1 | g)", agg, { family: "binomial" }), /a proportion needs the numbers of trials/);
  assert.throws(() => glmm("y ~ x + (1 | g)", pois.map((r) => ({ ...r, y: 0 })), { family: "poisson" }), /is 0 in every row/);
});
