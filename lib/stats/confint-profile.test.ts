/**
 * Profile intervals of GLMMs (θ and fixed effects) and of correlated random-effect terms (standard deviations and the
 * correlation) against R 4.2.2, lme4 1.1-31 confint(fit, method = "profile", oldNames = TRUE)
 * (fixtures/confint-profile.R → confint-profile.json; fits with bobyqa, rhoend 1e-10, which profile() reuses):
 * sleepstudy (Days | Subject) REML (refitted by ML, as lme4), glmer cbind(s, fail) ~ x + f + (1 | g), Poisson with
 * offset(log(t)), and cbind(s, n − s) ~ x + f + (1 + x | g); on the crossed 90 × 110 design `(1 + x | s) + (1 | it)`
 * the correlation only (the whole profile takes about half a minute).
 *
 * Tolerances: interval ends 1e-4 relative (absolute below 1); lme4 interpolates its profile with a spline between
 * points about 0.45 apart in ζ, ours are roots of the profile itself, and the two differ by up to 4.7e-5 (the
 * intercepts' lower ends). The profile itself is checked at lme4's own points nearest ζ = ±1.96: ζ within 1e-5 (seen:
 * 1.2e-11 for the LMM; 1.6e-6 for the GLMMs, whose profile deviance in lme4 starts PIRLS from another linear predictor).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { confint, profileZeta } from "./confint.js";
import { lmm, type LmmFit } from "./lmm.js";
import { glmm, type GlmmResult } from "./glmm.js";
import { readCsv, readJson } from "./testing/fixtures.js";

interface Ref {
  name: string; rows: string[]; lower: number[]; upper: number[]; last90: { parm: string; lower: number; upper: number };
  points: { parm: string; value: number; zeta: number }[];
}
const ref = readJson<{ fits: Ref[] }>("confint-profile.json").fits;
const sleep = readCsv("lmm-sleepstudy.csv", ["Subject"]), agg = readCsv("glmm-agg.csv", ["g", "f"]), pois = readCsv("glmm-poisson.csv", ["g"]);
const setups: Record<string, () => LmmFit | GlmmResult> = {
  "sleep correlated REML": () => lmm("Reaction ~ Days + (Days | Subject)", sleep, { satterthwaite: false }),
  "crossed correlated ML": () => lmm("y ~ x + (1 + x | s) + (1 | it)", readCsv("lmm-crossed.csv", ["s", "it", "site"]), { reml: false, satterthwaite: false }),
  "glmm cbind": () => glmm("cbind(s, fail) ~ x + f + (1 | g)", agg, { family: "binomial" }),
  "glmm poisson offset": () => glmm("y ~ x + offset(log(t)) + (1 | g)", pois, { family: "poisson" }),
  "glmm cbind correlated": () => glmm("cbind(s, n - s) ~ x + f + (1 + x | g)", agg, { family: "binomial" }),
};
const close = (a: number, b: number, what: string): void => assert.ok(Math.abs(a - b) <= 1e-4 * Math.max(1, Math.abs(b)), `${what}: ${a} vs lme4 ${b}`);

for (const r of ref) {
  const only = r.name.startsWith("crossed") ? [".sig03"] : undefined;
  test(`confint profile = lme4: ${r.name}${only ? ` (${only.join(", ")})` : ""}`, () => {
    const fit = setups[r.name]!();
    const ci = confint(fit, { method: "profile", ...(only ? { parm: only } : {}) });
    assert.deepEqual(ci.map((x) => x.parm), only ?? r.rows);
    for (const x of ci) {
      const i = r.rows.indexOf(x.parm);
      close(x.lower, r.lower[i]!, `${x.parm} lower`);
      close(x.upper, r.upper[i]!, `${x.parm} upper`);
    }
    if (only) return;
    const [c90] = confint(fit, { method: "profile", level: 0.9, parm: [r.last90.parm] });
    close(c90!.lower, r.last90.lower, "90 % lower");
    close(c90!.upper, r.last90.upper, "90 % upper");
    // lme4's own profile points: the deviance, before any interpolation.
    for (const nm of new Set(r.points.map((q) => q.parm))) {
      const pts = r.points.filter((q) => q.parm === nm);
      profileZeta(fit, nm, pts.map((q) => q.value)).forEach((z, k) => assert.ok(Math.abs(z - pts[k]!.zeta) <= 1e-5, `${nm} ζ(${pts[k]!.value}) = ${z}, lme4 ${pts[k]!.zeta}`));
    }
  });
}

test("confint profile: strict options and parameter names; a copied fit cannot be profiled", () => {
  const g = glmm("cbind(s, fail) ~ x + f + (1 | g)", agg, { family: "binomial" });
  assert.throws(() => confint(g, { method: "profile", parm: [".sigma"] }), /no parameter "\.sigma"/);
  assert.throws(() => confint({ ...g }, { method: "profile", parm: ["x"] }), /not made by glmm\(\) in this process/);
  assert.equal(confint(g)[0]!.method, "wald");
  // A fit on centred and scaled predictors is profiled on the original scale: the same intervals.
  const s = glmm("cbind(s, fail) ~ x + f + (1 | g)", agg, { family: "binomial", rescale: true });
  const a = confint(s, { method: "profile", parm: ["(Intercept)", "x"] }), b = confint(g, { method: "profile", parm: ["(Intercept)", "x"] });
  a.forEach((x, i) => { assert.ok(Math.abs(x.lower - b[i]!.lower) < 1e-8 && Math.abs(x.upper - b[i]!.upper) < 1e-8, x.parm); });
});
