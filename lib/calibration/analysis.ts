/**
 * Analyses of a calibration run for the notebook: per-protocol summaries, paired per-seed
 * differences with t intervals, reductions in percent, mean weights per phase, reliability bins.
 */
import { meanCI, pairedDifferenceCI, type MeanInterval } from "../stats/intervals.js";
import { reliabilityBins, expectedCalibrationError, brierScore } from "./metrics.js";
import { STRATEGIES } from "./types.js";

type Row = Record<string, unknown>;
export const COUPLING_METRICS = ["gamma_tv", "gamma_vt", "gamma_tt", "jsd_tv", "jsd_vt"] as const;
export type CouplingMetric = (typeof COUPLING_METRICS)[number];

/** Values of a metric per seed for one protocol and control, in seed order. */
export function perSeed(results: readonly Row[], metric: string, protocol: string, control = "none"): { seed: number; value: number }[] {
  return results
    .filter((r) => r.protocol === protocol && r.control === control)
    .map((r) => ({ seed: Number(r.seed), value: Number(r[metric]) }))
    .sort((a, b) => a.seed - b.seed);
}

export interface ProtocolComparison {
  metric: string;
  control: string;
  binary: MeanInterval;
  calibrated: MeanInterval;
  /** calibrated − binary per seed, with its t interval. */
  difference: MeanInterval;
  /** (binary − calibrated) / binary, in percent (positive = calibration reduced it). */
  reductionPct: number;
}

/**
 * Compares the two protocols on a metric under one control, pairing runs by seed.
 * @throws Error when the seeds of the two protocols differ.
 */
export function compareProtocols(results: readonly Row[], metric: string, control = "none"): ProtocolComparison {
  const b = perSeed(results, metric, "binary", control);
  const c = perSeed(results, metric, "calibrated", control);
  if (b.map((x) => x.seed).join() !== c.map((x) => x.seed).join()) {
    throw new Error(`compareProtocols(${metric}, ${control}): seeds differ between protocols`);
  }
  const bin = meanCI(b.map((x) => x.value));
  const cal = meanCI(c.map((x) => x.value));
  return {
    metric,
    control,
    binary: bin,
    calibrated: cal,
    difference: pairedDifferenceCI(c.map((x) => x.value), b.map((x) => x.value)),
    reductionPct: (100 * (bin.mean - cal.mean)) / bin.mean,
  };
}

/** The comparison table: one row per control × metric. */
export function comparisonTable(results: readonly Row[], metrics: readonly string[] = COUPLING_METRICS): Row[] {
  const controls = [...new Set(results.map((r) => String(r.control)))];
  return controls.flatMap((control) =>
    metrics.map((metric) => {
      const c = compareProtocols(results, metric, control);
      return {
        control,
        metric,
        binary_mean: round(c.binary.mean),
        calibrated_mean: round(c.calibrated.mean),
        diff_mean: round(c.difference.mean),
        diff_lower: round(c.difference.lower),
        diff_upper: round(c.difference.upper),
        reduction_pct: round(c.reductionPct, 1),
      };
    }),
  );
}

/** Mean weight per strategy (rows) and phase (columns) over seeds, for heatmaps. */
export function meanWeights(weights: readonly Row[], protocol: string, control = "none", phases = ["A", "B", "C", "D", "TT"]): { strategies: string[]; phases: string[]; z: number[][] } {
  const strategies = [...STRATEGIES];
  const z = strategies.map((s) =>
    phases.map((ph) => {
      const xs = weights.filter((r) => r.protocol === protocol && r.control === control && r.phase === ph && r.strategy === s).map((r) => Number(r.weight));
      return xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN;
    }),
  );
  return { strategies, phases, z };
}

/** Reliability bins, ECE and Brier of one confidence column against the ground truth, over judgements with a known outcome. */
export function reliability(judgements: readonly Row[], column: "raw_confidence" | "calibrated_confidence" | "platt_confidence", nBins = 10) {
  const rows = judgements.filter((j) => j.outcome !== null && j[column] !== null && j[column] !== undefined);
  const conf = rows.map((j) => Number(j[column]));
  const out = rows.map((j) => Number(j.outcome));
  return {
    column,
    n: rows.length,
    bins: reliabilityBins(conf, out, nBins),
    ece: expectedCalibrationError(conf, out, nBins),
    brier: brierScore(conf, out),
  };
}

const round = (x: number, d = 4) => Number(x.toFixed(d));
