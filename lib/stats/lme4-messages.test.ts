/**
 * lme4's convergence messages on the fit, and glmm's `rescale`, against R 4.2.2, lme4 1.1-31
 * (fixtures/lme4-messages.R → lme4-messages.json, the messages captured from glmer/lmer with default controls):
 * - a logistic GLMM with x around 50, and with x × 10 and x × 1000 (very large eigenvalue, eigenvalue ratio; scales,
 *   max|grad|), a singular Poisson GLMM, a singular LMM, a singular `(1 + xs + z | g)` LMM, an LMM on very different
 *   scales: our warnings are lme4's, in its order, word for word up to the numbers (we may add a hint after them);
 * - `glmm(..., { rescale: true })` on the × 1000 data reaches glmer's optimum: logLik within 1e-6 of glmer's (and not
 *   below it by more than 1e-8), fixed effects within 1e-5 relative of glmer's; the three scalings give one fit (1e-9).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { glmm, type GlmmResult } from "./glmm.js";
import { lmm, type LmmFit } from "./lmm.js";
import { formatG } from "./lme4-checks.js";
import { readCsv, readJson } from "./testing/fixtures.js";

interface Ref { name: string; messages: string[]; lme4_messages: string[]; singular: boolean; logLik: number; fixef: Record<string, number> }
const ref = readJson<{ fits: Ref[] }>("lme4-messages.json").fits;
const d = readCsv("lme4-messages.csv", ["g"]);
const R = (name: string): Ref => ref.find((r) => r.name === name)!;
const fits: Record<string, () => GlmmResult | LmmFit> = {
  binomial_x: () => glmm("y ~ x + z + (1 | g)", d, { family: "binomial" }),
  binomial_x10: () => glmm("y ~ x10 + z + (1 | g)", d, { family: "binomial" }),
  binomial_x1000: () => glmm("y ~ x1000 + z + (1 | g)", d, { family: "binomial" }),
  poisson_singular: () => glmm("cnt ~ xs + (1 | g)", d, { family: "poisson" }),
  lmm_singular: () => lmm("yl ~ xs + (1 | g)", d, { satterthwaite: false }),
  lmm_slopes_singular: () => lmm("yl ~ xs + z + (1 + xs + z | g)", d, { satterthwaite: false }),
  lmm_scale: () => lmm("yl ~ x1000 + z + (1 | g)", d, { satterthwaite: false }),
};
/** lme4's message list: the scale warning (given at model set-up) and then checkConv's messages, one per line. */
const expected = (r: Ref): string[] => [...r.messages.filter((m) => m.startsWith("Some predictor")), ...r.lme4_messages];
const shape = (s: string): string => s.replace(/\d+(\.\d+)?(e[-+]\d+)?/g, "#");

for (const [name, fit] of Object.entries(fits)) {
  test(`lme4's messages on the fit: ${name}`, () => {
    const f = fit(), r = R(name);
    assert.equal(f.singular, r.singular);
    const want = expected(r);
    assert.equal(f.warnings.length, want.length, `ours: ${JSON.stringify(f.warnings)}\nlme4: ${JSON.stringify(want)}`);
    want.forEach((w, i) => assert.ok(shape(f.warnings[i]!).startsWith(shape(w)), `message ${i}: ours "${f.warnings[i]}", lme4 "${w}"`));
  });
}

test("the scale message names the fix: glmm's rescale option", () => {
  const f = fits.binomial_x1000!() as GlmmResult;
  assert.match(f.warnings[0]!, /consider rescaling \(glmm\(\.\.\., \{ rescale: true \}\) fits on centred and scaled predictors\)/);
  assert.match(f.warnings[1]!, /^Model failed to converge with max\|grad\| = [\d.]+ \(tol = 0\.002, component \d\)$/);
  assert.equal(formatG(2.384461), "2.38446");
  assert.equal(formatG(0.002), "0.002");
  assert.equal(formatG(8.55e-7), "8.55e-07");
  assert.equal(formatG(1234567), "1.23457e+06");
});

test("glmm rescale: the × 1000 fit reaches glmer's optimum, on the original scale; x, x × 10, x × 1000 give one fit", () => {
  const r = R("binomial_x1000");
  const big = glmm("y ~ x1000 + z + (1 | g)", d, { family: "binomial", rescale: true });
  assert.deepEqual(big.rescaled, ["x1000", "z"]);
  assert.deepEqual(big.warnings, []);
  assert.ok(Math.abs(big.logLik - r.logLik) <= 1e-6 && big.logLik >= r.logLik - 1e-8, `logLik ${big.logLik} vs glmer ${r.logLik}`);
  for (const [k, v] of Object.entries(r.fixef)) assert.ok(Math.abs(big.fixef[k]! - v) <= 1e-5 * Math.abs(v), `${k}: ${big.fixef[k]} vs ${v}`);
  const small = glmm("y ~ x + z + (1 | g)", d, { family: "binomial", rescale: true });
  const mid = glmm("y ~ x10 + z + (1 | g)", d, { family: "binomial", rescale: true });
  for (const [f, s] of [[big, 1000], [mid, 10]] as const) {
    const name = f.fixefNames[1]!;
    assert.ok(Math.abs(f.logLik - small.logLik) < 1e-9);
    assert.ok(Math.abs(f.fixef[name]! * s - small.fixef.x!) < 1e-9 * Math.abs(small.fixef.x!) + 1e-12, `${name}`);
    assert.ok(Math.abs(f.se[name]! * s - small.se.x!) < 1e-6 * small.se.x!, `se ${name}`);
    assert.ok(Math.abs(f.fixef["(Intercept)"]! - small.fixef["(Intercept)"]!) < 1e-8);
  }
  // Without rescaling the × 1000 fit stops short of the optimum, and says so.
  const plain = fits.binomial_x1000!() as GlmmResult;
  assert.ok(plain.warnings.some((w) => /max\|grad\|/.test(w)));
});
