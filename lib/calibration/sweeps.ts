/**
 * Small offline sweeps the notebook reads as analysis steps: the outputs' sensitivity to the judge's assumed
 * over-confidence κ and noise σ_j, and the calibrators on a given judge (the Bayes-perfect judge's no-harm check).
 * Cells run in process (`cells.ts`), byte-identical to the same cells of an experiment run.
 */
import { createRng } from "../core/rng.js";
import { contrast } from "./analysis.js";
import { runCells } from "./cells.js";
import { pooledCalibration } from "./pooled.js";

const QUIET = { detailTables: "control_none", trajectories: "none", shadows: false };

export interface SensitivityPoint {
  kappa: number;
  noise: number;
  /** γ_TV above the floor, isotonic − binary (the primary scale). */
  totalExcess: number;
  /** Raw γ_TV, isotonic − binary, and the part a fixed step of the same mean size reproduces (binary_matched − binary). */
  totalGamma: number;
  stepGamma: number;
  /** γ_TV above the floor, isotonic − raw_matched: calibration itself at equal step. */
  calibrationExcess: number;
  /** Mean over seeds of the isotonic protocol's ECE(calibrated) − ECE(raw), and its uncertain share. */
  eceChange: number;
  uncertainShare: number;
}

/**
 * Re-runs the study (control none) on a κ × σ_j grid and reports, per point, the paired contrasts of the notebook's
 * decomposition and the calibration outcomes. The matched protocols' pilot uses `pilotSeeds` dev seeds per point.
 * @example const sens = await judgeSensitivity({ kappa: [0.8, 1.5, 2.5], noise: [0.5, 1, 2], seeds: [1, 2, 3] });
 */
export async function judgeSensitivity(opts: { kappa: readonly number[]; noise: readonly number[]; seeds: readonly number[]; pilotSeeds?: number; params?: Record<string, unknown> }): Promise<SensitivityPoint[]> {
  const out: SensitivityPoint[] = [];
  for (const kappa of opts.kappa) for (const noise of opts.noise) {
    const params = { ...opts.params, ...QUIET, matchPilotSeeds: opts.pilotSeeds ?? 10, offline: { judge: { confidenceScale: kappa, noiseSd: noise } } };
    const { results } = await runCells(["binary", "binary_matched", "raw_matched", "isotonic"], ["none"], opts.seeds, params);
    const iso = results.filter((r) => r.protocol === "isotonic");
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const diff = (metric: string, a: string, b: string) => contrast(results, metric, a, b).difference.mean;
    out.push({
      kappa, noise,
      totalExcess: diff("gamma_tv_excess", "isotonic", "binary"),
      totalGamma: diff("gamma_tv", "isotonic", "binary"),
      stepGamma: diff("gamma_tv", "binary_matched", "binary"),
      calibrationExcess: diff("gamma_tv_excess", "isotonic", "raw_matched"),
      eceChange: mean(iso.map((r) => Number(r.ece_calibrated) - Number(r.ece_raw))),
      uncertainShare: mean(iso.map((r) => Number(r.uncertain_share))),
    });
  }
  return out;
}

/**
 * The calibrated protocols' pooled ECE and Brier against the raw confidence on one judge (e.g. `{ offline: { judge:
 * { kind: "bayes" } } }`), control none, with 95 % seed-bootstrap intervals of the differences.
 * @example await calibratorCheck({ offline: { judge: { kind: "bayes" } } }, [4001, 4002, 4003])
 */
export async function calibratorCheck(params: Record<string, unknown>, seeds: readonly number[], protocols: readonly string[] = ["isotonic", "platt"]): Promise<Record<string, unknown>[]> {
  const rows: Record<string, unknown>[] = [];
  for (const protocol of protocols) {
    const { judgements } = await runCells([protocol], ["none"], seeds, { ...params, ...QUIET });
    const [raw, cal] = pooledCalibration(judgements, ["calibrated_confidence"], createRng(8).fork(protocol), { reps: 1000 });
    rows.push({
      protocol, n: raw.n, ece_raw: raw.ece, ece_calibrated: cal.ece, ece_diff: cal.eceDiff, ece_diff_lo: cal.eceDiffCI[0], ece_diff_hi: cal.eceDiffCI[1],
      brier_raw: raw.brier, brier_calibrated: cal.brier, brier_diff: cal.brierDiff, brier_diff_lo: cal.brierDiffCI[0], brier_diff_hi: cal.brierDiffCI[1],
    });
  }
  return rows;
}
