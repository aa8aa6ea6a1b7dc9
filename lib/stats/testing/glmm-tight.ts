/**
 * The 16 tight-glmer reference fits (fixtures/glmm-tight.json), R's exact-Laplace objective values for them
 * (fixtures/glmm-tight-objective.json), and the data and options each fit is refitted with. Used by
 * `glmm-tight.test.ts` and `scripts/glmm-tight-gaps.ts`.
 */
import type { GlmmOptions } from "../glmm.js";
import { readCsv, readJson } from "./fixtures.js";

export interface TightFit {
  name: string; formula: string; data?: string; seed?: number;
  fixef: Record<string, number>; se: Record<string, number>; theta: number | number[];
  logLik: number; AIC: number; BIC: number; nobs: number; npar: number; singular: boolean; conv_grad: number;
}
export interface TightObjective { name: string; glmer_logLik: number; exact_at_glmer: number; exact_max: number }

/** The reference fits and their exact-objective values, read once. */
export function tightReference(): { fits: TightFit[]; objective: TightObjective[] } {
  return { fits: readJson<{ fits: TightFit[] }>("glmm-tight.json").fits, objective: readJson<{ fits: TightObjective[] }>("glmm-tight-objective.json").fits };
}

let data: Record<string, Record<string, unknown>[]> | undefined;
const levels = { mode: ["rotation", "willing"], memory: ["latest", "sampling", "summary"] };

/** The reference fits' data sets (read once): aggregated binomial, Poisson, the TBS panel, simulated, small. */
export function tightData(): Record<"agg" | "pois" | "panel" | "sim" | "small", Record<string, unknown>[]> {
  data ??= {
    agg: readCsv("glmm-agg.csv", ["g", "f"]),
    pois: readCsv("glmm-poisson.csv", ["g"]),
    panel: readCsv("lmm-panel.csv", ["agent_id"]).map((x) => ({ ...x, diss10: (x.dissonance as number) * 10, sil10: (x.silence as number) * 10, run: String(x.run) })),
    sim: readCsv("glmm-sim.csv", ["g", "h"]),
    small: readCsv("glmm-small.csv", ["g"]),
  };
  return data as ReturnType<typeof tightData>;
}

/** The formula, rows and glmm options a reference fit is refitted with. */
export function tightSetup(r: TightFit): { formula: string; data: Record<string, unknown>[]; opts: GlmmOptions } {
  const d = tightData();
  const formula = r.formula;
  if (r.name === "weights") return { formula, data: d.agg, opts: { family: "binomial", weights: "n" } };
  if (r.name.startsWith("cbind")) return { formula, data: d.agg, opts: { family: "binomial" } };
  if (r.name.startsWith("poisson")) return { formula, data: d.pois, opts: { family: "poisson" } };
  if (r.data === "lmm-panel.csv") return { formula, data: d.panel, opts: { family: "binomial", levels } };
  if (r.data === "glmm-sim.csv") return { formula, data: d.sim, opts: { family: "binomial" } };
  return { formula, data: d.small.filter((x) => x.seed === r.seed), opts: { family: "binomial" } };
}
