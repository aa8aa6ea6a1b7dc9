/**
 * Analyses of a calibration run for the notebook and the tests: paired contrasts between protocols with t intervals
 * and Holm-adjusted p-values, the decomposition of the effect at equal step size, coupling above the noise floor,
 * mean weights and trajectories, and reliability. (Pooled calibration: `pooled.ts`; bias attribution: `bias.ts`.)
 */
import { tTestP } from "../stats/distributions.js";
import { pAdjust } from "../stats/padjust.js";
import { meanCI, pairedDifferenceCI, type MeanInterval } from "../stats/intervals.js";
import { reliabilityBins, expectedCalibrationError, brierScore } from "./metrics.js";
import { STRATEGIES } from "./types.js";

type Row = Record<string, unknown>;
/** The primary scale: coupling above the history-matched floor. */
export const PRIMARY_METRICS = ["gamma_tv_excess", "gamma_vt_excess"] as const;
/** Secondary scales: raw coupling (the paper's), JSD above its floor and raw, and γ minus the unmatched floor. */
export const SECONDARY_METRICS = ["gamma_tv", "gamma_vt", "jsd_tv_excess", "jsd_tv", "jsd_vt", "gamma_tv_norm"] as const;
/** The noise-floor columns of `results`. */
export const FLOOR_METRICS = [
  "gamma_tv", "floor_gamma_v_matched", "gamma_tv_excess", "gamma_vt", "floor_gamma_t_matched", "gamma_vt_excess",
  "floor_gamma_v", "gamma_tv_norm", "gamma_tt", "gamma_vv", "gamma_tv_random", "gamma_vt_random",
] as const;

/**
 * The decomposition: each contrast (a − b, paired by seed) isolates one part of the effect of the seed's
 * calibrated protocol (isotonic) over binary TTRL. The matched protocols step like isotonic on average (dev pilot per
 * judge and control), so "calibration itself" is read at equal mean step. With a second run of `raw_matched` matched
 * to Platt (protocol renamed `raw_matched_platt`), `PLATT_CALIBRATION` reads Platt scaling the same way.
 */
export const DECOMPOSITION: { a: string; b: string; part: string }[] = [
  { a: "isotonic", b: "binary", part: "total: the seed's calibrated protocol against binary TTRL" },
  { a: "binary_matched", b: "binary", part: "step size and symmetry: a fixed symmetric step of the calibrated protocol's mean size" },
  { a: "raw_matched", b: "binary_matched", part: "the raw confidence at the same mean step" },
  { a: "isotonic", b: "raw_matched", part: "calibration itself: isotonic calibration against the raw confidence at equal mean step" },
  { a: "shuffled", b: "binary_matched", part: "variable step sizes with no information (isotonic's values, permuted)" },
  { a: "isotonic", b: "shuffled", part: "information in the calibrated confidence (the same steps)" },
];
export const PLATT_CALIBRATION = { a: "platt", b: "raw_matched_platt", part: "calibration itself: Platt scaling against the raw confidence at equal mean step" };

/**
 * Mean and 95 % t interval of coupling above the floor per protocol and direction (control none by default).
 * @example excessTable(run.tables.results, ["binary", "isotonic"]).every((r) => r.ci_lower <= 0 && r.ci_upper >= 0)
 */
export function excessTable(results: readonly Row[], protocols: readonly string[], control = "none"): Row[] {
  return protocols.flatMap((protocol) => PRIMARY_METRICS.map((metric) => {
    const ci = meanCI(perSeed(results, metric, protocol, control).map((x) => x.value));
    return { protocol, metric, mean: round(ci.mean), ci_lower: round(ci.lower), ci_upper: round(ci.upper), sd: round(ci.sd), n: ci.n };
  }));
}

/**
 * Mean |update| per protocol and control over seeds (what the matched protocols match), with the matched step or
 * scale the cells used.
 * @example stepTable(run.tables.results, ["isotonic", "binary_matched"], ["none", "symmetric"])
 */
export function stepTable(results: readonly Row[], protocols: readonly string[], controls: readonly string[]): Row[] {
  return controls.flatMap((control) => protocols.map((protocol) => {
    const rs = results.filter((r) => r.protocol === protocol && r.control === control);
    if (rs.length === 0) return null;
    const ci = meanCI(rs.map((r) => Number(r.mean_abs_update)));
    const matched = rs[0].matched_value;
    return { control, protocol, mean_abs_update: round(ci.mean, 5), ci_lower: round(ci.lower, 5), ci_upper: round(ci.upper, 5), matched_to: rs[0].matched_to ?? "—", matched_value: matched === null || matched === undefined ? "—" : round(Number(matched), 5), n: ci.n };
  }).filter((r): r is NonNullable<typeof r> => r !== null));
}

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

const round = (x: number, d = 4) => Number(x.toFixed(d));
