/**
 * Coupling and calibration metrics: γ, JSD between weight vectors aligned by strategy name,
 * the share of uncertain judgements, ECE, Brier score and reliability bins.
 */
import { DataError } from "../core/errors.js";
import { jsDivergence } from "../stats/jsd.js";
import type { Weights } from "./types.js";

/** Aligns two weight records by strategy name. @throws DataError when their strategy sets differ. */
export function alignWeights(a: Weights, b: Weights): { keys: string[]; a: number[]; b: number[] } {
  const ka = Object.keys(a).sort();
  const kb = Object.keys(b).sort();
  const missing = ka.filter((k) => !(k in b)).concat(kb.filter((k) => !(k in a)));
  if (missing.length) {
    throw new DataError({
      field: "weights",
      message: `weight vectors have different strategy sets (only in one: ${missing.join(", ")})`,
      fix: "compare weights trained over the same strategies",
    });
  }
  return { keys: ka, a: ka.map((k) => a[k]), b: ka.map((k) => b[k]) };
}

/**
 * Coupling coefficient γ_{A→B} = ‖w_{A→B} − w_B‖₂ / max(0.001, ‖w_B‖₂), vectors aligned by strategy name.
 * @example couplingGamma({a:.4,b:.4,c:.2}, {a:.2,b:.5,c:.3}) // 0.39735970711951313
 */
export function couplingGamma(wAB: Weights, wB: Weights): number {
  const { a, b } = alignWeights(wAB, wB);
  let num = 0;
  let den = 0;
  for (let i = 0; i < a.length; i++) {
    num += (a[i] - b[i]) ** 2;
    den += b[i] ** 2;
  }
  return Math.sqrt(num) / Math.max(0.001, Math.sqrt(den));
}

/** Jensen–Shannon divergence (nats) between two weight records aligned by strategy name. */
export function weightsJsd(wB: Weights, wAB: Weights): number {
  const { a, b } = alignWeights(wB, wAB);
  return jsDivergence(a, b);
}

/** Share of confidences in [lo, hi] (default [0.4, 0.6]); null for an empty list. */
export function uncertainShare(confidences: readonly number[], lo = 0.4, hi = 0.6): number | null {
  if (confidences.length === 0) return null;
  return confidences.filter((c) => c >= lo && c <= hi).length / confidences.length;
}

export interface ReliabilityBin {
  lo: number;
  hi: number;
  count: number;
  meanConfidence: number | null;
  observed: number | null;
}

/** Equal-width reliability bins over [0, 1] (the last bin includes 1). */
export function reliabilityBins(conf: readonly number[], outcome: readonly number[], nBins = 10): ReliabilityBin[] {
  const bins = Array.from({ length: nBins }, (_, i) => ({ lo: i / nBins, hi: (i + 1) / nBins, n: 0, sc: 0, so: 0 }));
  conf.forEach((c, i) => {
    const b = bins[Math.min(nBins - 1, Math.floor(c * nBins))];
    b.n++;
    b.sc += c;
    b.so += outcome[i];
  });
  return bins.map((b) => ({
    lo: b.lo,
    hi: b.hi,
    count: b.n,
    meanConfidence: b.n ? b.sc / b.n : null,
    observed: b.n ? b.so / b.n : null,
  }));
}

/** Expected calibration error: Σ_bins (n_b / N)·|mean confidence − observed frequency|. */
export function expectedCalibrationError(conf: readonly number[], outcome: readonly number[], nBins = 10): number {
  const n = conf.length;
  if (n === 0) return NaN;
  return reliabilityBins(conf, outcome, nBins).reduce(
    (s, b) => (b.count ? s + (b.count / n) * Math.abs(b.meanConfidence! - b.observed!) : s),
    0,
  );
}

/** Brier score: mean squared difference between confidence and the 0/1 outcome. */
export function brierScore(conf: readonly number[], outcome: readonly number[]): number {
  if (conf.length === 0) return NaN;
  return conf.reduce((s, c, i) => s + (c - outcome[i]) ** 2, 0) / conf.length;
}
