/**
 * glmm's optimum on the 16 tight-glmer reference fits, on both Laplace objectives: the lme4 mode against glmer's
 * logLik (fixtures/glmm-tight.json), the exact mode against the maximum of the exact Laplace objective computed in R
 * (fixtures/glmm-tight-objective.json, made by fixtures/glmm-tight-objective.R). Prints one line per fit.
 * Run: node --import tsx scripts/glmm-tight-gaps.ts
 */
import { glmm } from "../lib/stats/glmm.js";
import { tightReference, tightSetup } from "../lib/stats/testing/glmm-tight.js";

const ref = tightReference();

const e = (v: number): string => v.toExponential(1).padStart(8);
console.log(`${"fit".padEnd(58)} lme4-mode − glmer | fixef rel | exact-mode − R exact max | exact − glmer(lme4 obj)`);
for (const r of ref.fits) {
  const o = ref.objective.find((f) => f.name === r.name)!;
  const { data, opts } = tightSetup(r);
  const a = glmm(r.formula, data, { ...opts, progress: false });
  const b = glmm(r.formula, data, { ...opts, laplace: "exact", progress: false });
  const rel = Math.max(...Object.entries(r.fixef).map(([k, v]) => Math.abs(a.fixef[k]! - v) / Math.max(1, Math.abs(v))));
  console.log(`${r.name.padEnd(58)} ${e(a.logLik - r.logLik)}          | ${e(rel)}  | ${e(b.logLik - o.exact_max)}                 | ${e(b.logLik - r.logLik)}`);
}
