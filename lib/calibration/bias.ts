/**
 * Attribution of weight shifts to the judge's biases, and whether the configured biases are recovered.
 *
 * Each control removes one bias (label: `hide_names`, position: `swap`, verbosity: `truncate`); the shift a bias
 * explains is weight(control none) − weight(that control), paired by seed, at the end of a phase. With `phase: "own"`
 * each strategy is read in its own modality's from-uniform phase (text strategies in A, visual ones in B), where its
 * weight is not held at the floor by low quality.
 *
 * Recovery. The label and verbosity biases are configured per strategy (λ·labelScale, and k_v·(L[s] − L[baseline])/1000
 * for the mean lengths), so the attributed shifts should rank the strategies as the configuration does: Spearman ρ
 * between configured bias and mean shift, with a percentile interval from a bootstrap over seeds. The position bias is
 * one constant for every strategy (the candidate is always in A under control none): it has no ranking to recover, and
 * shows instead as a higher win share under control none than under `swap`.
 */
import type { Rng } from "../core/rng.js";
import { pairedDifferenceCI } from "../stats/intervals.js";
import { BASELINE, STRATEGIES, TEXT_STRATEGIES, type OfflineModelParams } from "./types.js";

type Row = Record<string, unknown>;

/** The judge biases each control removes: the shift it explains is weight(none) − weight(control). */
export const BIAS_CONTROLS = { label: "hide_names", position: "swap", verbosity: "truncate" } as const;

/** The phase a strategy is read in under `phase: "own"`: its modality's from-uniform phase. */
export const ownPhase = (strategy: string): "A" | "B" => ((TEXT_STRATEGIES as readonly string[]).includes(strategy) ? "A" : "B");

/** Final weights of a strategy per seed (seed order) under a protocol, control and phase. */
function finalWeights(weights: readonly Row[], protocol: string, control: string, phase: string, strategy: string): Map<number, number> {
  const m = new Map<number, number>();
  for (const r of weights) {
    if (r.protocol === protocol && r.control === control && r.phase === phase && r.strategy === strategy) m.set(Number(r.seed), Number(r.weight));
  }
  return m;
}

/**
 * Attribution of each strategy's final weight to the judge's biases: for each bias whose control was run, the paired
 * (by seed) difference weight under control none − weight under the control that removes it, with its 95 % t interval.
 * @example biasAttribution(run.tables.weights, "binary", "own").find((r) => r.strategy === "first_principles" && r.bias === "label")
 */
export function biasAttribution(weights: readonly Row[], protocol: string, phase: string = "own"): Row[] {
  const present = new Set(weights.filter((r) => r.protocol === protocol).map((r) => String(r.control)));
  const biases = Object.entries(BIAS_CONTROLS).filter(([, control]) => present.has(control));
  return STRATEGIES.flatMap((s) =>
    biases.map(([bias, control]) => {
      const ph = phase === "own" ? ownPhase(s) : phase;
      const [none, ctl] = [finalWeights(weights, protocol, "none", ph, s), finalWeights(weights, protocol, control, ph, s)];
      const seeds = [...none.keys()].filter((k) => ctl.has(k)).sort((a, b) => a - b);
      const ci = pairedDifferenceCI(seeds.map((k) => none.get(k)!), seeds.map((k) => ctl.get(k)!));
      return { strategy: s, phase: ph, bias, control, shift: round(ci.mean), ci_lower: round(ci.lower), ci_upper: round(ci.upper), n: ci.n };
    }),
  );
}

/** The configured per-strategy bias on the judge's logit: label λ[s]·labelScale, verbosity k_v·(L[s] − L[baseline])/1000. */
export function configuredBias(offline: OfflineModelParams, bias: "label" | "verbosity"): Record<string, number> {
  const j = offline.judge;
  return Object.fromEntries(STRATEGIES.map((s) => [s, bias === "label"
    ? j.labelScale * (j.labelBias[s] ?? 0)
    : (j.verbosityBias * ((offline.length[s] ?? 0) - (offline.length[BASELINE] ?? 0))) / 1000]));
}

export interface BiasRecovery {
  bias: "label" | "verbosity";
  /** Spearman ρ between the configured bias and the mean attributed shift over strategies, and its bootstrap interval. */
  rho: number;
  lower: number;
  upper: number;
  seeds: number;
  /** Strategies with a configured bias whose shift interval excludes 0 in the configured direction, and those whose does not. */
  recovered: string[];
  notRecovered: string[];
}

/**
 * Whether the attributed shifts recover each configured per-strategy bias (label, verbosity) whose control was run:
 * the rank correlation with a seed-bootstrap interval, and which strategies' own intervals agree with their
 * configured sign.
 */
export function biasRecovery(weights: readonly Row[], protocol: string, offline: OfflineModelParams, rng: Rng, opts: { reps?: number; phase?: string } = {}): BiasRecovery[] {
  const reps = opts.reps ?? 2000;
  const attribution = biasAttribution(weights, protocol, opts.phase ?? "own");
  const present = (["label", "verbosity"] as const).filter((bias) => attribution.some((r) => r.bias === bias));
  return present.map((bias) => {
    const control = BIAS_CONTROLS[bias];
    const truth = configuredBias(offline, bias);
    const rows = attribution.filter((r) => r.bias === bias);
    // per-seed shifts, strategy × seed
    const perSeed = STRATEGIES.map((s) => {
      const ph = opts.phase && opts.phase !== "own" ? opts.phase : ownPhase(s);
      const [none, ctl] = [finalWeights(weights, protocol, "none", ph, s), finalWeights(weights, protocol, control, ph, s)];
      return new Map([...none.keys()].filter((k) => ctl.has(k)).map((k) => [k, none.get(k)! - ctl.get(k)!]));
    });
    const seeds = [...perSeed[0].keys()].sort((a, b) => a - b);
    const x = STRATEGIES.map((s) => truth[s]);
    const rhoOf = (sample: number[]) => spearman(x, perSeed.map((m) => sample.reduce((acc, k) => acc + m.get(k)!, 0) / sample.length));
    const boots = Array.from({ length: reps }, () => rhoOf(seeds.map(() => seeds[rng.int(seeds.length)]))).filter(Number.isFinite).sort((a, b) => a - b);
    const q = (p: number) => (boots.length ? boots[Math.min(boots.length - 1, Math.max(0, Math.floor(p * boots.length)))] : NaN);
    const configured = STRATEGIES.filter((s) => truth[s] !== 0);
    const agrees = (s: string) => {
      const r = rows.find((x) => x.strategy === s)!;
      return truth[s] > 0 ? Number(r.ci_lower) > 0 : Number(r.ci_upper) < 0;
    };
    return {
      bias, rho: rhoOf(seeds), lower: q(0.025), upper: q(0.975), seeds: seeds.length,
      recovered: configured.filter(agrees), notRecovered: configured.filter((s) => !agrees(s)),
    };
  });
}

/** Spearman rank correlation (average ranks for ties). @example spearman([1, 2, 3], [10, 30, 20]) // 0.5 */
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
