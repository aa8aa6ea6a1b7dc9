/**
 * Calibration of the judge's confidence pooled over a run: ECE and Brier score of confidence columns over the
 * judgements with a known outcome, with percentile intervals from a bootstrap over seeds (a seed's judgements stay
 * together), the paired difference from a reference column (the raw confidence), and the running curve by the number
 * of pairs the calibrator had.
 *
 * The bootstrap sums per-seed bin totals (count, Σ confidence, Σ outcome per bin, and Σ squared error): a resample's
 * ECE = Σ_bins |Σc − Σy| / N and Brier = Σ(c − y)² / N, the same values as recomputing from its rows.
 */
import type { Rng } from "../core/rng.js";
import { brierScore, expectedCalibrationError } from "./metrics.js";

type Row = Record<string, unknown>;

export interface PooledCalibration {
  column: string;
  n: number;
  ece: number;
  eceCI: [number, number];
  brier: number;
  brierCI: [number, number];
  /** column − reference (raw) on the same judgements, with its bootstrap interval. */
  eceDiff: number;
  eceDiffCI: [number, number];
  brierDiff: number;
  brierDiffCI: [number, number];
  /** Share of the column's values that are exactly 0 or 1, over the same judgements. */
  extremeShare: number;
  /** The bootstrap's differences from the reference, when asked for (`keepDraws`). */
  eceDiffDraws?: number[];
  brierDiffDraws?: number[];
}

/** The judgements calibration is measured on: the real judge's, with a known outcome and every named column present. */
export function calibrationRows(judgements: readonly Row[], columns: readonly string[]): Row[] {
  return judgements.filter((j) => j.evaluator !== "random" && j.outcome !== null && j.outcome !== undefined && columns.every((c) => j[c] !== null && j[c] !== undefined));
}

/**
 * ECE and Brier of each column pooled over a run's judgements (rows where every column is known), with percentile
 * intervals from a bootstrap over seeds, and the paired difference from `reference`.
 * @example pooledCalibration(judgements, ["calibrated_confidence"], createRng(3))[1].eceDiffCI // [lower, upper]
 */
export function pooledCalibration(judgements: readonly Row[], columns: readonly string[], rng: Rng, opts: { reference?: string; reps?: number; nBins?: number; keepDraws?: boolean } = {}): PooledCalibration[] {
  const reference = opts.reference ?? "raw_confidence";
  const reps = opts.reps ?? 1000;
  const nBins = opts.nBins ?? 10;
  const all = [reference, ...columns];
  const rows = calibrationRows(judgements, all);
  const seeds = [...new Set(rows.map((r) => Number(r.seed)))].sort((a, b) => a - b);
  const index = new Map(seeds.map((s, i) => [s, i]));
  // per column, per seed: [count, Σc, Σy] per bin, then Σ(c − y)² and the row count
  const width = 3 * nBins + 2;
  const totals = all.map(() => seeds.map(() => new Float64Array(width)));
  for (const r of rows) {
    const si = index.get(Number(r.seed))!;
    const y = Number(r.outcome);
    all.forEach((col, ci) => {
      const c = Number(r[col]);
      const t = totals[ci][si];
      const b = Math.min(nBins - 1, Math.floor(c * nBins));
      t[3 * b] += 1;
      t[3 * b + 1] += c;
      t[3 * b + 2] += y;
      t[3 * nBins] += (c - y) ** 2;
      t[3 * nBins + 1] += 1;
    });
  }
  const draws = Array.from({ length: reps }, () => seeds.map(() => rng.int(seeds.length)));
  const statOf = (ci: number, pick: readonly number[]) => {
    const acc = new Float64Array(width);
    for (const si of pick) {
      const t = totals[ci][si];
      for (let k = 0; k < width; k++) acc[k] += t[k];
    }
    const n = acc[3 * nBins + 1];
    let ece = 0;
    for (let b = 0; b < nBins; b++) ece += Math.abs(acc[3 * b + 1] - acc[3 * b + 2]);
    return { ece: ece / n, brier: acc[3 * nBins] / n };
  };
  const boot = all.map((_, ci) => draws.map((d) => statOf(ci, d)));
  const q = (xs: number[]): [number, number] => {
    const s = [...xs].sort((a, b) => a - b);
    return [s[Math.floor(0.025 * reps)], s[Math.min(reps - 1, Math.ceil(0.975 * reps) - 1)]];
  };
  const y = rows.map((r) => Number(r.outcome));
  const point = all.map((col) => {
    const c = rows.map((r) => Number(r[col]));
    return { ece: expectedCalibrationError(c, y, nBins), brier: brierScore(c, y), extreme: c.filter((v) => v === 0 || v === 1).length / Math.max(1, c.length) };
  });
  return all.map((col, ci) => {
    const eceDraws = boot[ci].map((b, i) => b.ece - boot[0][i].ece);
    const brierDraws = boot[ci].map((b, i) => b.brier - boot[0][i].brier);
    return {
      column: col, n: rows.length,
      ece: point[ci].ece, eceCI: q(boot[ci].map((b) => b.ece)),
      brier: point[ci].brier, brierCI: q(boot[ci].map((b) => b.brier)),
      eceDiff: point[ci].ece - point[0].ece, eceDiffCI: q(eceDraws),
      brierDiff: point[ci].brier - point[0].brier, brierDiffCI: q(brierDraws),
      extremeShare: point[ci].extreme,
      ...(opts.keepDraws ? { eceDiffDraws: eceDraws, brierDiffDraws: brierDraws } : {}),
    };
  });
}

/**
 * The running calibration curve: ECE of each column over the judgements whose calibrator had between the previous
 * grid value (exclusive) and k pairs (inclusive); shows how calibration changes as pairs accumulate.
 */
export function runningCalibration(judgements: readonly Row[], columns: readonly string[], steps: readonly number[]): { k: number; n: number; ece: Record<string, number> }[] {
  const rows = calibrationRows(judgements, [...columns, "calibration_pairs"]);
  return steps.map((k, i) => {
    const lo = i === 0 ? -1 : steps[i - 1];
    const rs = rows.filter((r) => Number(r.calibration_pairs) > lo && Number(r.calibration_pairs) <= k);
    const y = rs.map((r) => Number(r.outcome));
    return { k, n: rs.length, ece: Object.fromEntries(columns.map((c) => [c, expectedCalibrationError(rs.map((r) => Number(r[c])), y)])) };
  });
}
