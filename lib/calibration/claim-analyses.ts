/**
 * The analyses behind the calibration claims that are not a paired contrast of one column: the judge's uncertain share
 * (a level, not a difference) and the calibration gain (ECE or Brier of the calibrated minus the raw confidence, pooled
 * over judgements with a seed bootstrap).
 */
import type { ClaimAnalysis, ClaimEstimate } from "../core/claims.js";
import { DataError } from "../core/errors.js";
import { createRng } from "../core/rng.js";
import { tTestP } from "../stats/distributions.js";
import { meanCI } from "../stats/intervals.js";
import { pooledCalibration } from "./pooled.js";

type Row = Record<string, unknown>;

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
  const values = [...bySeed.values()].map((xs) => xs.reduce((a, b) => a + b, 0) / xs.length);
  if (values.length < 2) throw new DataError({ field: "results.uncertain_share", message: `${values.length} seed(s) with a confidence protocol`, fix: "run a confidence protocol (raw, isotonic, …) on at least two seeds" });
  const ci = meanCI(values);
  const se = ci.sd / Math.sqrt(ci.n);
  return { estimate: ci.mean, lower: ci.lower, upper: ci.upper, p: se > 0 ? tTestP(ci.mean / se, ci.n - 1) : 0, se, n: ci.n, unit: "seeds" };
};

/**
 * The calibration gain: ECE (term "ece") or Brier score (term "brier") of the protocol's calibrated confidence minus
 * that of the raw confidence on the same judgements (control none), pooled, with a 95 % seed-bootstrap interval; the
 * p-value is the bootstrap's two-sided share on the other side of 0, and se the bootstrap SD.
 * @throws DataError for another term, or no calibrated judgements in the tables.
 */
export const calibrationGainAnalysis: ClaimAnalysis = (tables, { term }) => {
  if (term !== "ece" && term !== "brier") throw new DataError({ field: "contrast.term", message: `calibration gain: term "${term}"; expected "ece" or "brier"` });
  const rows = (tables.judgements ?? []).filter((j: Row) => j.calibrated_confidence !== null && j.calibrated_confidence !== undefined);
  const seeds = new Set(rows.map((r) => Number(r.seed)));
  if (seeds.size < 2) throw new DataError({ field: "judgements.calibrated_confidence", message: `calibrated judgements on ${seeds.size} seed(s)`, fix: "run the isotonic or platt protocol under control none on at least two seeds" });
  const reps = 2000;
  const [, cal] = pooledCalibration(rows, ["calibrated_confidence"], createRng(20_251_203).fork("calibration-gain"), { reps, keepDraws: true });
  const est = term === "ece" ? cal.eceDiff : cal.brierDiff;
  const ci = term === "ece" ? cal.eceDiffCI : cal.brierDiffCI;
  const draws = (term === "ece" ? cal.eceDiffDraws : cal.brierDiffDraws)!;
  const mean = draws.reduce((a, b) => a + b, 0) / draws.length;
  const se = Math.sqrt(draws.reduce((a, b) => a + (b - mean) ** 2, 0) / (draws.length - 1));
  const le = draws.filter((d) => d <= 0).length / draws.length;
  const ge = draws.filter((d) => d >= 0).length / draws.length;
  const out: ClaimEstimate = { estimate: est, lower: ci[0], upper: ci[1], p: Math.min(1, 2 * Math.min(le, ge)), se, n: seeds.size, unit: "seeds (bootstrap of pooled judgements)" };
  return out;
};
