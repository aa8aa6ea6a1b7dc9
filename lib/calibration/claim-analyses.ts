/**
 * The analyses behind the calibration claims that are not a paired contrast of one column: the judge's uncertain share
 * (a level, not a difference) and the calibration gain (ECE or Brier of the calibrated minus the raw confidence).
 */
import type { ClaimAnalysis, ClaimEstimate } from "../core/claims.js";
import { DataError } from "../core/errors.js";
import { tTestP } from "../stats/distributions.js";
import { meanCI } from "../stats/intervals.js";


/**
 * Mean over seeds of the share of raw confidences in [0.4, 0.6] (`results.uncertain_share`, confidence protocols),
 * with its t interval; p against 0.
 * @throws DataError when no cell of a confidence protocol is in the tables.
 */
export const uncertainShareAnalysis: ClaimAnalysis = (tables) => {
  const bySeed = new Map<number, number[]>();
  for (const r of tables.results ?? []) {
    if (r.uncertain_share === null || r.uncertain_share === undefined) continue;
    bySeed.set(Number(r.seed), [...(bySeed.get(Number(r.seed)) ?? []), Number(r.uncertain_share)]);
  }
  return seedMean(bySeed, "results.uncertain_share", "run a confidence protocol (raw, isotonic, …) on at least two seeds");
};

/**
 * The calibration gain: the mean over seeds of each cell's ECE (term "ece") or Brier score (term "brier") of the
 * protocol's calibrated confidence minus that of the raw confidence on the same judgements (`results` columns), with
 * its t interval. (The notebook also pools judgements over seeds with a seed bootstrap; per-cell means need no
 * judgements table, so an audit's hundreds of seeds stay small.)
 * @throws DataError for another term, or fewer than two seeds with a calibrated protocol.
 */
export const calibrationGainAnalysis: ClaimAnalysis = (tables, { term }) => {
  if (term !== "ece" && term !== "brier") throw new DataError({ field: "contrast.term", message: `calibration gain: term "${term}"; expected "ece" or "brier"` });
  const [cal, raw] = [`${term}_calibrated`, `${term}_raw`];
  const bySeed = new Map<number, number[]>();
  for (const r of tables.results ?? []) {
    if (r[cal] === null || r[cal] === undefined || r[raw] === null || r[raw] === undefined) continue;
    bySeed.set(Number(r.seed), [...(bySeed.get(Number(r.seed)) ?? []), Number(r[cal]) - Number(r[raw])]);
  }
  return seedMean(bySeed, `results.${cal}`, "run the isotonic or platt protocol on at least two seeds");
};

/**
 * Coupling above the history-matched floor of one protocol (term "tv": γ_TV − floor, "vt": γ_VT − floor): its mean
 * over seeds with the t interval; p against 0 (no coupling beyond the random walk the floor measures).
 * @throws DataError for another term or fewer than two seeds.
 */
export const couplingAboveFloorAnalysis: ClaimAnalysis = (tables, { term }) => {
  if (term !== "tv" && term !== "vt") throw new DataError({ field: "contrast.term", message: `coupling above the floor: term "${term}"; expected "tv" or "vt"` });
  const col = `gamma_${term}_excess`;
  const bySeed = new Map<number, number[]>();
  for (const r of tables.results ?? []) bySeed.set(Number(r.seed), [...(bySeed.get(Number(r.seed)) ?? []), Number(r[col])]);
  return seedMean(bySeed, `results.${col}`, "run one protocol on at least two seeds");
};

/** Mean over seeds (each seed's values averaged first) with its t interval and the p-value against 0. */
function seedMean(bySeed: Map<number, number[]>, field: string, fix: string): ClaimEstimate {
  const values = [...bySeed.values()].map((xs) => xs.reduce((a, b) => a + b, 0) / xs.length);
  if (values.length < 2) throw new DataError({ field, message: `${values.length} seed(s) with a value`, fix });
  const ci = meanCI(values);
  const se = ci.sd / Math.sqrt(ci.n);
  return { estimate: ci.mean, lower: ci.lower, upper: ci.upper, p: se > 0 ? tTestP(ci.mean / se, ci.n - 1) : ci.mean === 0 ? 1 : 0, se, n: ci.n, unit: "seeds" };
}
