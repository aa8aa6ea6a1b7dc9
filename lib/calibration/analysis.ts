/**
 * Analyses of a calibration run for the notebook and the tests: paired contrasts between protocols with t intervals
 * and Holm-adjusted p-values, the decomposition of the effect, the noise floor, calibration (ECE, Brier) pooled
 * over a run with seed-bootstrap intervals and as a running curve, mean weights and trajectories, and the
 * attribution of weight shifts to the judge's biases.
 */
import type { Rng } from "../core/rng.js";
import { tTestP } from "../stats/distributions.js";
import { pAdjust } from "../stats/padjust.js";
import { meanCI, pairedDifferenceCI, type MeanInterval } from "../stats/intervals.js";
import { reliabilityBins, expectedCalibrationError, brierScore } from "./metrics.js";
import { STRATEGIES } from "./types.js";

type Row = Record<string, unknown>;
export const COUPLING_METRICS = ["gamma_tv", "gamma_vt", "gamma_tt", "jsd_tv", "jsd_vt"] as const;
/** The noise-floor columns of `results`. */
export const FLOOR_METRICS = [
  "gamma_tv", "gamma_vt", "gamma_tt", "gamma_vv", "floor_gamma_t", "floor_gamma_v",
  "gamma_tv_norm", "gamma_vt_norm", "gamma_tv_random", "gamma_vt_random",
] as const;

/**
 * The decomposition: each contrast (a − b, paired by seed) isolates one part of the effect of the seed's
 * calibrated protocol (isotonic) over binary TTRL.
 */
export const DECOMPOSITION: { a: string; b: string; part: string }[] = [
  { a: "isotonic", b: "binary", part: "total: the seed's calibrated protocol against binary TTRL" },
  { a: "binary_matched", b: "binary", part: "step size and symmetry: a fixed symmetric step of the calibrated protocol's mean size" },
  { a: "shuffled", b: "binary_matched", part: "variable step sizes with no information (calibrated values from other judgements)" },
  { a: "isotonic", b: "shuffled", part: "information in the calibrated confidence (same step-size distribution)" },
  { a: "isotonic", b: "raw", part: "calibration itself: isotonic calibration of the same confidence" },
  { a: "platt", b: "raw", part: "calibration itself: Platt scaling of the same confidence" },
];

/** Values of a metric per seed for one protocol and control, in seed order. */
export function perSeed(results: readonly Row[], metric: string, protocol: string, control = "none"): { seed: number; value: number }[] {
  return results
    .filter((r) => r.protocol === protocol && r.control === control)
    .map((r) => ({ seed: Number(r.seed), value: Number(r[metric]) }))
    .sort((a, b) => a.seed - b.seed);
}

export interface Contrast {
  metric: string;
  control: string;
  a: string;
  b: string;
  meanA: MeanInterval;
  meanB: MeanInterval;
  /** a − b per seed, with its t interval. */
  difference: MeanInterval;
  /** Paired effect size d = mean difference / sd of the differences. */
  d: number;
  /** Two-sided paired t-test p-value. */
  p: number;
  /** (a − b) / b in percent. */
  changePct: number;
}

/**
 * Paired contrast of protocol `a` against `b` on a metric under one control (seeds paired).
 * @throws Error when the two protocols' seeds differ or a protocol has no rows.
 */
export function contrast(results: readonly Row[], metric: string, a: string, b: string, control = "none", level = 0.95): Contrast {
  const xa = perSeed(results, metric, a, control);
  const xb = perSeed(results, metric, b, control);
  if (xa.length === 0 || xb.length === 0) throw new Error(`contrast(${metric}): no rows for protocol ${xa.length ? b : a} under control ${control}`);
  if (xa.map((x) => x.seed).join() !== xb.map((x) => x.seed).join()) throw new Error(`contrast(${metric}, ${control}): seeds differ between ${a} and ${b}`);
  const va = xa.map((x) => x.value);
  const vb = xb.map((x) => x.value);
  const difference = pairedDifferenceCI(va, vb, level);
  const t = difference.mean / (difference.sd / Math.sqrt(difference.n));
  const meanB = meanCI(vb);
  return {
    metric, control, a, b, meanA: meanCI(va), meanB, difference,
    d: difference.mean / difference.sd,
    p: difference.sd === 0 ? (difference.mean === 0 ? 1 : 0) : tTestP(t, difference.n - 1),
    changePct: (100 * difference.mean) / meanB.mean,
  };
}

/**
 * One row per contrast × metric with means, the paired difference and its 95 % t interval, d, p and the
 * Holm-adjusted p over every row of the table (the family).
 */
export function contrastTable(results: readonly Row[], metrics: readonly string[], contrasts: readonly { a: string; b: string; part?: string }[] = DECOMPOSITION, control = "none"): Row[] {
  const rows = contrasts.flatMap((c) => metrics.map((m) => ({ c, r: contrast(results, m, c.a, c.b, control) })));
  const adj = pAdjust(rows.map((x) => x.r.p), "holm");
  return rows.map(({ c, r }, i) => ({
    contrast: `${c.a} − ${c.b}`,
    ...(c.part ? { isolates: c.part } : {}),
    metric: r.metric,
    mean_a: round(r.meanA.mean),
    mean_b: round(r.meanB.mean),
    diff: round(r.difference.mean),
    ci_lower: round(r.difference.lower),
    ci_upper: round(r.difference.upper),
    change_pct: round(r.changePct, 1),
    d: round(r.d, 3),
    p: round(r.p, 4),
    p_holm: round(adj[i], 4),
    n: r.difference.n,
  }));
}

/** Mean and 95 % t interval of each floor column per protocol (control none). */
export function floorTable(results: readonly Row[], protocols: readonly string[], control = "none"): Row[] {
  return protocols.flatMap((protocol) =>
    FLOOR_METRICS.map((metric) => {
      const ci = meanCI(perSeed(results, metric, protocol, control).map((x) => x.value));
      return { protocol, metric, mean: round(ci.mean), ci_lower: round(ci.lower), ci_upper: round(ci.upper), n: ci.n };
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

/** Mean trajectory of each strategy's weight over the rounds of a phase (from the `trajectories` table). */
export function meanTrajectory(trajectories: readonly Row[], protocol: string, phase: string, control = "none"): { rounds: number[]; series: { strategy: string; mean: number[] }[] } {
  const rows = trajectories.filter((r) => r.protocol === protocol && r.control === control && r.phase === phase);
  const rounds = [...new Set(rows.map((r) => Number(r.round)))].sort((a, b) => a - b);
  const series = STRATEGIES.map((s) => ({
    strategy: s,
    mean: rounds.map((k) => {
      const xs = rows.filter((r) => Number(r.round) === k).map((r) => Number(r[`w_${s}`]));
      return xs.reduce((a, b) => a + b, 0) / xs.length;
    }),
  }));
  return { rounds, series };
}

/** Judgements whose confidence column and outcome are known, from the real judge. */
function calibrationRows(judgements: readonly Row[], column: string): Row[] {
  return judgements.filter((j) => j.evaluator !== "random" && j.outcome !== null && j[column] !== null && j[column] !== undefined);
}

/** Reliability bins, ECE and Brier of one confidence column against the ground truth, over judgements with a known outcome. */
export function reliability(judgements: readonly Row[], column: string, nBins = 10) {
  const rows = calibrationRows(judgements, column);
  const conf = rows.map((j) => Number(j[column]));
  const out = rows.map((j) => Number(j.outcome));
  return { column, n: rows.length, bins: reliabilityBins(conf, out, nBins), ece: expectedCalibrationError(conf, out, nBins), brier: brierScore(conf, out) };
}

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
}

/**
 * ECE and Brier of each column pooled over a run's judgements (rows where every column is known), with percentile
 * intervals from a bootstrap over seeds (judgements of a seed stay together), and the paired difference from
 * `reference`.
 */
export function pooledCalibration(judgements: readonly Row[], columns: readonly string[], rng: Rng, opts: { reference?: string; reps?: number; nBins?: number } = {}): PooledCalibration[] {
  const reference = opts.reference ?? "raw_confidence";
  const reps = opts.reps ?? 1000;
  const all = [reference, ...columns];
  const rows = judgements.filter((j) => j.evaluator !== "random" && j.outcome !== null && all.every((c) => j[c] !== null && j[c] !== undefined));
  const bySeed = new Map<number, Row[]>();
  for (const r of rows) {
    const s = Number(r.seed);
    if (!bySeed.has(s)) bySeed.set(s, []);
    bySeed.get(s)!.push(r);
  }
  const seeds = [...bySeed.keys()].sort((a, b) => a - b);
  const stat = (rs: readonly Row[], col: string) => {
    const c = rs.map((r) => Number(r[col]));
    const y = rs.map((r) => Number(r.outcome));
    return { ece: expectedCalibrationError(c, y, opts.nBins), brier: brierScore(c, y) };
  };
  const boots: Row[][] = Array.from({ length: reps }, () => seeds.flatMap(() => bySeed.get(seeds[rng.int(seeds.length)])!));
  const q = (xs: number[]): [number, number] => {
    const s = [...xs].sort((a, b) => a - b);
    return [s[Math.floor(0.025 * reps)], s[Math.min(reps - 1, Math.ceil(0.975 * reps) - 1)]];
  };
  const refBoot = boots.map((b) => stat(b, reference));
  const ref = stat(rows, reference);
  return all.map((col) => {
    const point = stat(rows, col);
    const bs = col === reference ? refBoot : boots.map((b) => stat(b, col));
    return {
      column: col, n: rows.length,
      ece: point.ece, eceCI: q(bs.map((b) => b.ece)),
      brier: point.brier, brierCI: q(bs.map((b) => b.brier)),
      eceDiff: point.ece - ref.ece, eceDiffCI: q(bs.map((b, i) => b.ece - refBoot[i].ece)),
      brierDiff: point.brier - ref.brier, brierDiffCI: q(bs.map((b, i) => b.brier - refBoot[i].brier)),
    };
  });
}

/**
 * The running calibration curve: ECE of each column over the judgements with at most k pairs available to the
 * calibrator (`calibration_pairs` ≤ k), for k on a grid; shows how calibration improves as pairs accumulate.
 */
export function runningCalibration(judgements: readonly Row[], columns: readonly string[], steps: readonly number[]): { k: number; n: number; ece: Record<string, number> }[] {
  const rows = judgements.filter((j) => j.evaluator !== "random" && j.outcome !== null && j.calibration_pairs !== null && columns.every((c) => j[c] !== null));
  return steps.map((k, i) => {
    const lo = i === 0 ? -1 : steps[i - 1];
    const rs = rows.filter((r) => Number(r.calibration_pairs) > lo && Number(r.calibration_pairs) <= k);
    const y = rs.map((r) => Number(r.outcome));
    return { k, n: rs.length, ece: Object.fromEntries(columns.map((c) => [c, expectedCalibrationError(rs.map((r) => Number(r[c])), y)])) };
  });
}

/** The judge biases each control removes: the shift it explains is weight(none) − weight(control). */
export const BIAS_CONTROLS = { label: "hide_names", position: "swap", verbosity: "truncate" } as const;

/**
 * Attribution of each strategy's final weight in `phase` to the judge's biases: for each bias, the paired (by seed)
 * difference weight under control none − weight under the control that removes it, with its 95 % t interval
 * (biases whose control was not run are left out).
 */
export function biasAttribution(weights: readonly Row[], protocol: string, phase = "A"): Row[] {
  const w = (control: string, s: string) =>
    weights.filter((r) => r.protocol === protocol && r.control === control && r.phase === phase && r.strategy === s)
      .sort((a, b) => Number(a.seed) - Number(b.seed)).map((r) => Number(r.weight));
  const present = new Set(weights.filter((r) => r.protocol === protocol).map((r) => String(r.control)));
  const biases = Object.entries(BIAS_CONTROLS).filter(([, control]) => present.has(control));
  return STRATEGIES.flatMap((s) =>
    biases.map(([bias, control]) => {
      const ci = pairedDifferenceCI(w("none", s), w(control, s));
      return { strategy: s, bias, control, shift: round(ci.mean), ci_lower: round(ci.lower), ci_upper: round(ci.upper), n: ci.n };
    }),
  );
}

/** Spearman rank correlation (average ranks for ties). */
export function spearman(x: readonly number[], y: readonly number[]): number {
  const rank = (v: readonly number[]) => {
    const idx = v.map((x, i) => [x, i] as const).sort((a, b) => a[0] - b[0]);
    const r = new Array<number>(v.length);
    for (let i = 0; i < idx.length; ) {
      let j = i;
      while (j + 1 < idx.length && idx[j + 1][0] === idx[i][0]) j++;
      for (let k = i; k <= j; k++) r[idx[k][1]] = (i + j) / 2 + 1;
      i = j + 1;
    }
    return r;
  };
  const rx = rank(x);
  const ry = rank(y);
  const mx = rx.reduce((a, b) => a + b, 0) / rx.length;
  const my = ry.reduce((a, b) => a + b, 0) / ry.length;
  let sxy = 0, sxx = 0, syy = 0;
  for (let i = 0; i < rx.length; i++) {
    sxy += (rx[i] - mx) * (ry[i] - my);
    sxx += (rx[i] - mx) ** 2;
    syy += (ry[i] - my) ** 2;
  }
  return sxy / Math.sqrt(sxx * syy);
}

const round = (x: number, d = 4) => Number(x.toFixed(d));
