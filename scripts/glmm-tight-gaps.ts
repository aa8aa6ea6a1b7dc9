/**
 * glmm's optimum on the 16 tight-glmer reference fits, on both Laplace objectives: the lme4 mode against glmer's
 * logLik (fixtures/glmm-tight.json), the exact mode against the maximum of the exact Laplace objective computed in R
 * (fixtures/glmm-tight-objective.json, made by fixtures/glmm-tight-objective.R). Prints one line per fit.
 * Run: node --import tsx scripts/glmm-tight-gaps.ts
 */
import { glmm, type GlmmOptions } from "../lib/stats/glmm.js";
import { readCsv, readJson } from "../lib/stats/testing/fixtures.js";

interface Tight { name: string; formula: string; data?: string; seed?: number; logLik: number; fixef: Record<string, number> }
interface Obj { name: string; glmer_logLik: number; exact_at_glmer: number; exact_max: number }
const ref = readJson<{ fits: Tight[] }>("glmm-tight.json");
const obj = readJson<{ fits: Obj[] }>("glmm-tight-objective.json");
const agg = readCsv("glmm-agg.csv", ["g", "f"]);
const pois = readCsv("glmm-poisson.csv", ["g"]);
const panel = readCsv("lmm-panel.csv", ["agent_id"]).map((r) => ({ ...r, diss10: (r.dissonance as number) * 10, sil10: (r.silence as number) * 10, run: String(r.run) }));
const sim = readCsv("glmm-sim.csv", ["g", "h"]);
const small = readCsv("glmm-small.csv", ["g"]);
const levels = { mode: ["rotation", "willing"], memory: ["latest", "sampling", "summary"] };

function setup(r: Tight): { data: Record<string, unknown>[]; opts: GlmmOptions } {
  if (r.name === "weights") return { data: agg, opts: { family: "binomial", weights: "n" } };
  if (r.name.startsWith("cbind")) return { data: agg, opts: { family: "binomial" } };
  if (r.name.startsWith("poisson")) return { data: pois, opts: { family: "poisson" } };
  if (r.data === "lmm-panel.csv") return { data: panel, opts: { family: "binomial", levels } };
  if (r.data === "glmm-sim.csv") return { data: sim, opts: { family: "binomial" } };
  return { data: small.filter((x) => x.seed === r.seed), opts: { family: "binomial" } };
}

const e = (v: number): string => v.toExponential(1).padStart(8);
console.log(`${"fit".padEnd(58)} lme4-mode − glmer | fixef rel | exact-mode − R exact max | exact − glmer(lme4 obj)`);
for (const r of ref.fits) {
  const o = obj.fits.find((f) => f.name === r.name)!;
  const { data, opts } = setup(r);
  const a = glmm(r.formula, data, { ...opts, progress: false });
  const b = glmm(r.formula, data, { ...opts, laplace: "exact", progress: false });
  const rel = Math.max(...Object.entries(r.fixef).map(([k, v]) => Math.abs(a.fixef[k]! - v) / Math.max(1, Math.abs(v))));
  console.log(`${r.name.padEnd(58)} ${e(a.logLik - r.logLik)}          | ${e(rel)}  | ${e(b.logLik - o.exact_max)}                 | ${e(b.logLik - r.logLik)}`);
}
