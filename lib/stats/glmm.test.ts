import { test } from "node:test";
import assert from "node:assert/strict";
import { glmm } from "./glmm.js";
import { readCsv, readJson } from "./testing/fixtures.js";
import { ConfigError, DataError, StatsError } from "../core/errors.js";
import { createRng } from "../core/rng.js";

// Expected numbers: R 4.2.2, lme4 1.1-31 glmer(family = binomial, nAGQ = 1) on panel.csv
// (fixtures/glmm-reference.json names how each was made). Tolerances (the project's bar for glmer):
// fixed effects 1e-4 relative, standard errors 1e-3 relative (glmer's come from a finite-difference
// Hessian), logLik 1e-3 absolute; θ and variance components 1e-3 relative.

interface RefFit {
  formula: string;
  fixef: Record<string, number>;
  se: Record<string, number>;
  z?: Record<string, number>;
  p?: Record<string, number>;
  odds_ratio?: Record<string, number>;
  theta: number | number[];
  logLik: number;
  AIC: number;
  BIC?: number;
  deviance?: number;
  singular?: boolean;
  nobs: number;
  varcorr?: Array<{ grp: string; var1: string; var2?: string; vcov: number }>;
  ranef_first?: Record<string, Record<string, number>>;
}
const ref = readJson<{ reference: RefFit[]; extra: RefFit[]; simulated: RefFit[]; small: Array<RefFit & { seed: number }> }>("glmm-reference.json");
const rows = readCsv("lmm-panel.csv", ["agent_id"]).map((r) => ({ ...r, diss10: (r.dissonance as number) * 10, sil10: (r.silence as number) * 10 }));

const rel = (a: number, b: number, tol: number, what: string): void =>
  assert.ok(Math.abs(a - b) <= tol * Math.abs(b), `${what}: got ${a}, expected ${b} (relative tolerance ${tol})`);
const abs = (a: number, b: number, tol: number, what: string): void =>
  assert.ok(Math.abs(a - b) <= tol, `${what}: got ${a}, expected ${b} (absolute tolerance ${tol})`);

function checkFit(m: RefFit, data: Array<Record<string, unknown>> = rows): void {
  const fit = glmm(m.formula, data, { family: "binomial" });
  assert.equal(fit.nobs, m.nobs);
  assert.deepEqual(fit.fixefNames, Object.keys(m.fixef));
  for (const [k, v] of Object.entries(m.fixef)) rel(fit.fixef[k]!, v, 1e-4, `fixef ${k}`);
  for (const [k, v] of Object.entries(m.se)) rel(fit.se[k]!, v, 1e-3, `se ${k}`);
  for (const [k, v] of Object.entries(m.z ?? {})) rel(fit.z[k]!, v, 1e-3, `z ${k}`);
  // p from z: a 1e-3 relative error in z moves log p by about z²·1e-3.
  for (const [k, v] of Object.entries(m.p ?? {})) abs(Math.log(fit.p[k]!), Math.log(v), 1e-3 * Math.max(1, m.z![k]! ** 2), `log p ${k}`);
  for (const [k, v] of Object.entries(m.odds_ratio ?? {})) rel(fit.oddsRatio[k]!.estimate, v, 1e-4, `odds ratio ${k}`);
  abs(fit.logLik, m.logLik, 1e-3, "logLik");
  abs(fit.aic, m.AIC, 2e-3, "AIC");
  if (m.BIC !== undefined) abs(fit.bic, m.BIC, 2e-3, "BIC");
  const theta = Array.isArray(m.theta) ? m.theta : [m.theta];
  assert.equal(fit.theta.length, theta.length);
  assert.equal(fit.singular, m.singular ?? false);
  assert.ok(fit.converged);
  theta.forEach((t, j) => (t > 1e-4 ? rel(fit.theta[j]!, t, 1e-3, `theta[${j}]`) : abs(fit.theta[j]!, t, 1e-4, `theta[${j}] (boundary)`)));
  if (!m.singular) {
    if (m.deviance !== undefined) rel(fit.deviance, m.deviance, 1e-4, "deviance (sum of deviance residuals)");
    for (const vc of m.varcorr ?? []) {
      const row = fit.varcorr.find((c) => c.grp === vc.grp && c.var1 === vc.var1 && c.var2 === (vc.var2 ?? null))!;
      rel(row.vcov, vc.vcov, 2e-3, `variance ${vc.grp} ${vc.var1}`);
    }
    for (const [grp, vals] of Object.entries(m.ranef_first ?? {})) {
      for (const [term, v] of Object.entries(vals)) rel(fit.ranef[grp]![0]!.values[term]!, v, 1e-3, `ranef ${grp} first level ${term}`);
    }
  }
}

for (const m of ref.reference) test(`glmm matches glmer: ${m.formula}`, () => checkFit(m));
for (const m of ref.extra) test(`glmm matches glmer: ${m.formula}${m.singular ? " (singular fit)" : ""}`, () => checkFit(m));
const sim = readCsv("glmm-sim.csv", ["g", "h"]);
for (const m of ref.simulated) test(`glmm matches glmer on simulated data: ${m.formula}`, () => checkFit(m, sim));

test("glmm odds-ratio intervals are exp(β ± 1.96·se)", () => {
  const fit = glmm("willing ~ diss10 + sil10 + (1 | agent_id)", rows, { family: "binomial" });
  const or = fit.oddsRatio.diss10!;
  rel(or.lower, Math.exp(fit.fixef.diss10! - 1.959963984540054 * fit.se.diss10!), 1e-12, "lower");
  rel(or.upper, Math.exp(fit.fixef.diss10! + 1.959963984540054 * fit.se.diss10!), 1e-12, "upper");
  assert.equal(or.level, 0.95);
  assert.equal(fit.ranef.agent_id!.length, 96);
  assert.deepEqual(Object.keys(fit.ranef.agent_id![0]!.values), ["(Intercept)"]);
  // The exact-mode Laplace deviance differs from glmer's evaluation by ~1e-3; estimates stay within 1e-3.
  const exact = glmm("willing ~ diss10 + sil10 + (1 | agent_id)", rows, { family: "binomial", laplace: "exact" });
  for (const k of fit.fixefNames) rel(exact.fixef[k]!, fit.fixef[k]!, 1e-3, `exact-mode fixef ${k}`);
});

/** A small simulated data set: 30 groups × 20 rows, P(y) = logit⁻¹(−0.3 + 0.8x + b_g). */
function small(seed: number): Array<Record<string, unknown>> {
  const rng = createRng(seed);
  const out: Array<Record<string, unknown>> = [];
  for (let g = 0; g < 30; g++) {
    const b = rng.normal(0, 0.7);
    for (let i = 0; i < 20; i++) {
      const x = rng.normal(0, 1);
      out.push({ g: `g${g}`, x, y: rng.bernoulli(1 / (1 + Math.exp(-(-0.3 + 0.8 * x + b)))) ? 1 : 0 });
    }
  }
  return out;
}

test("glmm is deterministic and accepts boolean responses", () => {
  const data = small(7);
  const a = glmm("y ~ x + (1 | g)", data, { family: "binomial" });
  const b = glmm("y ~ x + (1 | g)", data.map((r) => ({ ...r, y: r.y === 1 })), { family: "binomial" });
  assert.equal(JSON.stringify(a), JSON.stringify(b));
});

test("glmm rejects degenerate input with clear errors", () => {
  const data = small(3);
  // Perfect separation: x > 0 exactly when y = 1.
  const sep = data.map((r) => ({ ...r, y: (r.x as number) > 0 ? 1 : 0 }));
  assert.throws(() => glmm("y ~ x + (1 | g)", sep, { family: "binomial" }), (e: unknown) => e instanceof StatsError && /separation/.test(e.message));
  assert.throws(() => glmm("y ~ x + (1 | g)", data.map((r) => ({ ...r, g: "one" })), { family: "binomial" }), (e: unknown) => e instanceof StatsError && /single level/.test(e.message));
  assert.throws(() => glmm("y ~ x + (1 | g)", data.map((r, i) => ({ ...r, y: i % 3 })), { family: "binomial" }), (e: unknown) => e instanceof DataError && /row 3 has the value 2; the binomial family needs 0\/1/.test(e.message) && /cbind/.test(e.message));
  assert.throws(() => glmm("y ~ x + (1 | g)", data.map((r) => ({ ...r, y: 1 })), { family: "binomial" }), (e: unknown) => e instanceof StatsError && /every row/.test(e.message));
  assert.throws(() => glmm("y ~ x", data, { family: "binomial" }), (e: unknown) => e instanceof StatsError && /no random-effect term/.test(e.message));
  assert.throws(() => glmm("y ~ x + (1 | g)", data, { family: "gaussian" as "binomial" }), ConfigError);
});

const smallFits = readCsv("glmm-small.csv", ["g"]);
for (const m of ref.small) {
  test(`glmm matches glmer without a group effect (seed ${m.seed}, θ = ${String(m.theta)}${m.singular ? ", singular fit" : ""})`, () =>
    checkFit(m, smallFits.filter((r) => r.seed === m.seed)));
}
