/**
 * Parameter recovery for the offline model over a grid of generating values.
 *
 * The decision rule is logit P(willing) = b0 + π·(b_D·10D + b_S·10S) + u_i (README, "The decision rule"): linear in
 * x_D = π·10D and x_S = π·10S, where π is the agent's floor belief (1 in Rotation), and in the agent's talkativeness
 * u_i with coefficient 1. With D = w_C·d_C + w_P·d_P (below the cap at 1), π·10D = w_C·(π·10d_C) + w_P·(π·10d_P), so the
 * appraisal weights enter as b_D·w_C and b_D·w_P.
 *
 * Fits of one replicate:
 *   latent (the rule's own linear predictor, every latent known): `willing ~ x_D + x_S + u` (logistic GLM);
 *   weights (same, rows with D < 1): `willing ~ x_C + x_P + x_S + u` (x_C = π·10d_C, x_P = π·10d_P);
 *   latent-re (u_i unknown, estimated as a random intercept): `willing ~ x_D + x_S + m_D + m_S + (1 | agent)`;
 *   items (what an analysis of the observed indices estimates): `willing ~ diss10 + sil10 + mode + (1 | agent)`.
 * In latent-re the agents' means of the regressors (correlated random effects, Mundlak 1978) absorb the correlation
 * of D and S with u_i: how often an agent has spoken shapes its later D (its own statements) and S (it hears fewer
 * others). That device assumes the regressors are strictly exogenous, and here they are not: today's decision moves
 * tomorrow's D and S, so an agent's mean over the run carries its own past decisions. The resulting bias shrinks with
 * longer runs (README, "Parameter recovery": the grid is run at several horizons, `scripts/tbs-recovery.ts`).
 * Passing (per parameter, over grid points × seeds): regress the estimates on the generating values; the 95 % CI
 * of that slope contains 1 and |slope − 1| < 0.1.
 */
import { createRng } from "../core/rng.js";
import { glm, glmm, ols } from "../stats/index.js";
import { tTestP } from "../stats/distributions.js";
import { prepare, type Row } from "./analysis.js";
import { parseParams, runTbs } from "./run.js";
import type { TbsParamsInput } from "./params.js";

/** One grid point: generating values (others at their defaults). */
export interface RecoveryPoint {
  bD: number;
  bS: number;
  wC: number;
  wP: number;
}

/** One estimate of one replicate. */
export interface RecoveryEstimate {
  point: string;
  seed: number;
  /** Intervals per run (the horizon). */
  intervals: number;
  /** `latent`: x_D, x_S and u known; `weights`: x_C, x_P, x_S and u known; `latent-re`: x_D, x_S with u estimated;
   *  `items`: the observed indices. */
  scale: "latent" | "weights" | "latent-re" | "items";
  /** `bD`, `bS` (latent and items), `bDwC`, `bDwP` (weights). */
  term: "bD" | "bS" | "bDwC" | "bDwP";
  truth: number;
  estimate: number;
  se: number;
}

export interface RecoveryOptions {
  seeds: number[];
  points: RecoveryPoint[];
  /** Base parameters (agents, intervals, …); default 12 agents × 40 intervals, no cost table. */
  params?: TbsParamsInput;
  /** Called after each replicate (for progress). */
  onReplicate?: (done: number, total: number) => void;
}

/** The recovery grid of generating values: b_D ∈ {0, .2, .5, .8} × b_S ∈ {0, −.1, −.45} at the default weights, and w_P ∈ {0, .75, 1.5} × w_C ∈ {0.6, 1.2} at b_D = 0.5, b_S = −0.45. */
export function defaultRecoveryGrid(): RecoveryPoint[] {
  const pts: RecoveryPoint[] = [];
  for (const bD of [0, 0.2, 0.5, 0.8]) for (const bS of [0, -0.1, -0.45]) pts.push({ bD, bS, wC: 1.2, wP: 1.5 });
  for (const wC of [0.6, 1.2]) for (const wP of [0, 0.75, 1.5]) if (!(wC === 1.2 && wP === 1.5)) pts.push({ bD: 0.5, bS: -0.45, wC, wP });
  return pts;
}

export const pointLabel = (p: RecoveryPoint) => `bD=${p.bD},bS=${p.bS},wC=${p.wC},wP=${p.wP}`;

/** Adds x_D, x_S, x_C, x_P (π-weighted, per 0.1) and each agent's means of x_D and x_S (m_D, m_S). */
function withRegressors(rows: Row[]): Row[] {
  const by = new Map<string, Row[]>();
  for (const r of rows) {
    // What the decision weighed (equal to the perceived π, D and S without an ablation).
    const pi = r.decision_floor as number;
    r.x_d = pi * 10 * (r.decision_dissonance as number);
    r.x_s = pi * 10 * (r.decision_silence as number);
    r.x_c = pi * 10 * (r.climate_gap as number);
    r.x_p = pi * 10 * (r.public_gap as number);
    const g = by.get(r.agent as string);
    if (g) g.push(r);
    else by.set(r.agent as string, [r]);
  }
  for (const g of by.values()) {
    for (const k of ["x_d", "x_s"]) {
      const m = g.reduce((a, r) => a + (r[k] as number), 0) / g.length;
      for (const r of g) r[`m${k.slice(1)}`] = m;
    }
  }
  return rows;
}

/** One replicate: a Willing and a Rotation run with the same seed; the three fits. */
export async function recoveryReplicate(point: RecoveryPoint, seed: number, base: TbsParamsInput = {}): Promise<RecoveryEstimate[]> {
  // The cost table (rendered, tokenized prompts) is not used here: it would take most of the time of a replicate.
  const p = parseParams({ agents: 12, intervals: 40, costSamplePerInterval: 0, ...base });
  const params = { ...p, offline: { ...p.offline, wClimate: point.wC, wPublic: point.wP, willingness: { ...p.offline.willingness, dissonance: point.bD, silence: point.bS } } };
  const rows: Row[] = [];
  for (const mode of ["rotation", "willing"] as const) {
    const res = await runTbs({ ...params, mode }, { rng: createRng(seed), meta: { run_id: `mode=${mode},seed=${seed}`, seed } });
    rows.push(...prepare(res.states).rows);
  }
  withRegressors(rows);
  const label = pointLabel(point);
  const out: RecoveryEstimate[] = [];
  const put = (scale: RecoveryEstimate["scale"], term: RecoveryEstimate["term"], truth: number, fit: { coef: Record<string, number>; se: Record<string, number> }, name: string) =>
    out.push({ point: label, seed, intervals: p.intervals, scale, term, truth, estimate: fit.coef[name], se: fit.se[name] });
  const mixed = (f: { fixef: Record<string, number>; se: Record<string, number> }) => ({ coef: f.fixef, se: f.se });
  const lat = glm("willing ~ x_d + x_s + agent_effect", rows, { family: "binomial" });
  put("latent", "bD", point.bD, lat, "x_d");
  put("latent", "bS", point.bS, lat, "x_s");
  // Below the cap D = min(1, …) the weights act linearly; capped rows are left out of the weights fit (D is set before
  // the decision, so this selects on the regressors only).
  const below = rows.filter((r) => (r.latent_dissonance as number) < 1);
  const wts = glm("willing ~ x_c + x_p + x_s + agent_effect", below, { family: "binomial" });
  put("weights", "bDwC", point.bD * point.wC, wts, "x_c");
  put("weights", "bDwP", point.bD * point.wP, wts, "x_p");
  const re = mixed(glmm("willing ~ x_d + x_s + m_d + m_s + (1 | agent)", rows, { family: "binomial" }));
  put("latent-re", "bD", point.bD, re, "x_d");
  put("latent-re", "bS", point.bS, re, "x_s");
  const itm = mixed(glmm("willing ~ diss10 + sil10 + mode + (1 | agent)", rows, { family: "binomial", levels: { mode: ["rotation", "willing"] } }));
  put("items", "bD", point.bD, itm, "diss10");
  put("items", "bS", point.bS, itm, "sil10");
  return out;
}

/** Runs the grid: every point × every seed. */
export async function recoverGrid(opts: RecoveryOptions): Promise<RecoveryEstimate[]> {
  const out: RecoveryEstimate[] = [];
  const total = opts.points.length * opts.seeds.length;
  let done = 0;
  for (const point of opts.points) {
    for (const seed of opts.seeds) {
      out.push(...(await recoveryReplicate(point, seed, opts.params)));
      opts.onReplicate?.(++done, total);
    }
  }
  return out;
}

/** The recovered-vs-true regression of one scale and term (at one horizon). */
export interface RecoverySlope {
  scale: string;
  term: string;
  intervals: number;
  n: number;
  slope: number;
  lower: number;
  upper: number;
  intercept: number;
  /** The 95 % CI contains 1 and |slope − 1| < 0.1. */
  pass: boolean;
}

/** The two-sided 95 % Student t quantile (bisection on `tTestP`). */
function t975(df: number): number {
  let lo = 0, hi = 100;
  for (let i = 0; i < 200; i++) {
    const mid = (lo + hi) / 2;
    if (tTestP(mid, df) > 0.05) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/**
 * `estimate ~ truth` by least squares (stats.ols) per scale × term, with the t-based 95 % CI of the slope.
 * @example recoverySlopes(estimates).find((s) => s.scale === "latent" && s.term === "bD")!.pass
 */
export function recoverySlopes(est: RecoveryEstimate[]): RecoverySlope[] {
  const keys = [...new Set(est.map((e) => `${e.intervals}|${e.scale}|${e.term}`))];
  return keys.map((k) => {
    const [iv, scale, term] = k.split("|");
    const intervals = Number(iv);
    const xs = est.filter((e) => e.intervals === intervals && e.scale === scale && e.term === term && Number.isFinite(e.estimate));
    const fit = ols("estimate ~ truth", xs.map((e) => ({ estimate: e.estimate, truth: e.truth })));
    const slope = fit.coef.truth;
    const t = t975(fit.df);
    const lower = slope - t * fit.se.truth, upper = slope + t * fit.se.truth;
    return { scale, term, intervals, n: fit.nobs, slope, lower, upper, intercept: fit.coef["(Intercept)"], pass: lower <= 1 && upper >= 1 && Math.abs(slope - 1) < 0.1 };
  });
}

/**
 * Item-level bias by grid point: mean latent and item estimates, and in how many seeds the item estimate has the
 * opposite sign of a non-zero generating value (and excludes 0 on that side).
 */
export function itemBias(est: RecoveryEstimate[]): { point: string; term: string; truth: number; latentMean: number; itemsMean: number; seeds: number; flips: number; significantFlips: number }[] {
  const out: ReturnType<typeof itemBias> = [];
  for (const point of [...new Set(est.map((e) => e.point))]) {
    for (const term of ["bD", "bS"] as const) {
      const lat = est.filter((e) => e.point === point && e.term === term && e.scale === "latent");
      const itm = est.filter((e) => e.point === point && e.term === term && e.scale === "items");
      if (lat.length === 0) continue;
      const truth = lat[0].truth;
      const mean = (xs: RecoveryEstimate[]) => xs.reduce((a, e) => a + e.estimate, 0) / xs.length;
      const opposite = (e: RecoveryEstimate) => truth !== 0 && Math.sign(e.estimate) === -Math.sign(truth);
      out.push({
        point,
        term,
        truth,
        latentMean: mean(lat),
        itemsMean: mean(itm),
        seeds: itm.length,
        flips: itm.filter(opposite).length,
        significantFlips: itm.filter((e) => opposite(e) && Math.abs(e.estimate) > 1.959964 * e.se).length,
      });
    }
  }
  return out;
}

/** One row of the u_i-known against u_i-estimated comparison: a term at a horizon. */
export interface RecoveryComparison {
  intervals: number;
  term: string;
  known: RecoverySlope;
  estimated: RecoverySlope;
  /** How far the u_i-estimated slope misses the criterion: the larger of |slope − 1| − 0.1 and the distance from 1 to its CI (0 when it passes). */
  miss: number;
}

/**
 * The fit with u_i known (`latent`) beside the fit an analyst can run (`latent-re`, u_i estimated), per horizon and
 * term, with how much the second misses where it does.
 * @example recoveryComparison(recoverySlopes(est)).filter((r) => r.miss > 0)
 */
export function recoveryComparison(slopes: RecoverySlope[]): RecoveryComparison[] {
  const out: RecoveryComparison[] = [];
  for (const known of slopes.filter((s) => s.scale === "latent").sort((a, b) => a.intervals - b.intervals || a.term.localeCompare(b.term))) {
    const estimated = slopes.find((s) => s.scale === "latent-re" && s.term === known.term && s.intervals === known.intervals);
    if (!estimated) continue;
    const miss = estimated.pass ? 0 : Math.max(Math.abs(estimated.slope - 1) - 0.1, estimated.lower > 1 ? estimated.lower - 1 : estimated.upper < 1 ? 1 - estimated.upper : 0);
    out.push({ intervals: known.intervals, term: known.term, known, estimated, miss });
  }
  return out;
}

/**
 * The shortest horizon from which a fit passes at every longer horizon run (undefined when it fails at the longest).
 * @example passesFrom(recoverySlopes(est), "latent-re", "bS") // 80
 */
export function passesFrom(slopes: RecoverySlope[], scale: string, term: string): number | undefined {
  const hs = slopes.filter((s) => s.scale === scale && s.term === term).sort((a, b) => a.intervals - b.intervals);
  let from: number | undefined;
  for (const s of hs) from = s.pass ? (from ?? s.intervals) : undefined;
  return from;
}
