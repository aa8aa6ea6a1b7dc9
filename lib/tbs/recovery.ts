/**
 * Parameter recovery for the offline model: simulate replicate experiments, fit the willingness GLMM on the latent
 * appraisals (the scale the parameters were generated on) and on the observed item indices, and compare with the
 * configured values. Items read the latent appraisals with error, so the item-based slopes are attenuated
 * (errors in variables); the latent-based ones are not.
 */
import { createRng } from "../core/rng.js";
import { prepare, willingnessModel, type Row } from "./analysis.js";
import { parseParams, runTbs } from "./run.js";
import type { TbsParamsInput } from "./params.js";

export interface RecoveryOptions {
  /** Replicate seeds (≥ 20 for the stated tolerances). */
  seeds: number[];
  /** Base parameters (the generating ones live in `offline.willingness`). */
  params?: TbsParamsInput;
}

export interface RecoveryEstimate {
  seed: number;
  scale: "latent" | "items";
  dissonance: number;
  silence: number;
  modewilling: number;
  intercept: number;
  agentSd: number;
}

export interface RecoveryTerm {
  term: "dissonance" | "silence" | "modewilling" | "intercept" | "agentSd";
  /** Configured (generating) value. */
  truth: number;
  latentMean: number;
  latentBias: number;
  /** Standard error of the mean over seeds. */
  latentSeMean: number;
  itemsMean: number;
  /** itemsMean / latentMean: below 1 for attenuated slopes. */
  attenuation: number;
}

/**
 * One replicate = one Willing-mode and one Rotation-mode run with the same seed; fits
 * `willing ~ lat_d10 + lat_s10 + mode + (1 | agent)` and `willing ~ diss10 + sil10 + mode + (1 | agent)`.
 * @example const rec = recoverParameters({ seeds: range(1, 20) }); rec.summary[0].latentBias
 */
export function recoverParametersFromRows(rows: Row[], seed: number): RecoveryEstimate[] {
  const out: RecoveryEstimate[] = [];
  for (const [scale, x] of [["latent", ["lat_d10", "lat_s10"]], ["items", ["diss10", "sil10"]]] as const) {
    const fit = willingnessModel(rows, { x: [x[0], x[1]], interaction: false });
    out.push({
      seed,
      scale,
      dissonance: fit.fixef[x[0]],
      silence: fit.fixef[x[1]],
      modewilling: fit.fixef.modewilling,
      intercept: fit.fixef["(Intercept)"],
      agentSd: fit.varcorr.find((v) => v.grp === "agent" && v.var2 === null)?.sdcor ?? 0,
    });
  }
  return out;
}

export async function recoverParameters(opts: RecoveryOptions): Promise<{ estimates: RecoveryEstimate[]; summary: RecoveryTerm[] }> {
  const base = parseParams({ agents: 12, intervals: 40, ...(opts.params ?? {}) });
  const w = base.offline.willingness;
  const estimates: RecoveryEstimate[] = [];
  for (const seed of opts.seeds) {
    const rows: Row[] = [];
    for (const mode of ["rotation", "willing"] as const) {
      const res = await runTbs({ ...base, mode }, { rng: createRng(seed), meta: { run_id: `mode=${mode},seed=${seed}`, seed } });
      rows.push(...prepare(res.states).rows);
    }
    estimates.push(...recoverParametersFromRows(rows, seed));
  }
  const truth = { dissonance: w.dissonance, silence: w.silence, modewilling: w.willingModeShift, intercept: w.intercept, agentSd: w.agentSd };
  const summary = (Object.keys(truth) as (keyof typeof truth)[]).map((term) => {
    const lat = estimates.filter((e) => e.scale === "latent").map((e) => e[term]);
    const itm = estimates.filter((e) => e.scale === "items").map((e) => e[term]);
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const lm = mean(lat);
    const sd = Math.sqrt(lat.reduce((a, b) => a + (b - lm) ** 2, 0) / Math.max(1, lat.length - 1));
    const im = mean(itm);
    return { term, truth: truth[term], latentMean: lm, latentBias: lm - truth[term], latentSeMean: sd / Math.sqrt(lat.length), itemsMean: im, attenuation: im / lm };
  });
  return { estimates, summary };
}
