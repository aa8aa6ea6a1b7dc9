/**
 * anova() against R 4.2.2 lme4 1.1-31 (fixtures/lmm-reference.json `panel_lrt`: anova(m0, m1) with both
 * models refitted by ML). Tolerances: logLik 1e-4 absolute, χ² 2e-4 absolute, p 1e-4 relative.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { anova } from "./anova.js";
import { lmm } from "./lmm.js";
import { glmm } from "./glmm.js";
import { readCsv, readJson } from "./testing/fixtures.js";

const ref = readJson<{ panel_lrt: { small: string; big: string; logLik: { small: number; big: number }; chisq: number; df: number; p: number } }>("lmm-reference.json").panel_lrt;
const panel = readCsv("lmm-panel.csv", ["agent_id"]);
const levels = { memory: ["latest", "sampling", "summary"] };

test("anova: likelihood-ratio test of the 3-level memory factor matches lme4 (REML fits refitted by ML)", () => {
  const m0 = lmm(ref.small, panel, { levels, satterthwaite: false });
  const m1 = lmm(ref.big, panel, { levels, satterthwaite: false });
  const a = anova(m1, m0);
  assert.equal(a.refitted, true);
  assert.equal(a.df, ref.df);
  assert.ok(Math.abs(a.models[0]!.logLik - ref.logLik.small) < 1e-4, `small logLik ${a.models[0]!.logLik}`);
  assert.ok(Math.abs(a.models[1]!.logLik - ref.logLik.big) < 1e-4, `big logLik ${a.models[1]!.logLik}`);
  assert.ok(Math.abs(a.chisq - ref.chisq) < 2e-4, `chisq ${a.chisq} vs ${ref.chisq}`);
  assert.ok(Math.abs(a.p - ref.p) / ref.p < 1e-4, `p ${a.p} vs ${ref.p}`);
});

test("anova: models on different rows are refused", () => {
  const m0 = lmm(ref.small, panel, { satterthwaite: false });
  const m1 = lmm(ref.big, panel.slice(0, 2000), { satterthwaite: false });
  assert.throws(() => anova(m0, m1), /rows/);
});

test("anova of two glmm fits counts npar as R (θ and β, no residual σ)", () => {
  // R 4.2.2 / lme4: anova(glmer(cbind(s, fail) ~ x + (1 | g)), glmer(cbind(s, fail) ~ x + f + (1 | g))) on glmm-agg.csv: npar 3 and 4.
  const agg = readCsv("glmm-agg.csv", ["g", "f"]);
  const m0 = glmm("cbind(s, fail) ~ x + (1 | g)", agg, { family: "binomial" });
  const m1 = glmm("cbind(s, fail) ~ x + f + (1 | g)", agg, { family: "binomial" });
  const a = anova(m1, m0);
  assert.deepEqual(a.models.map((m) => m.npar), [3, 4]);
  assert.equal(a.df, 1);
  assert.equal(a.refitted, false);
  assert.ok(Math.abs(a.chisq - 2 * (m1.logLik - m0.logLik)) < 1e-12);
});
