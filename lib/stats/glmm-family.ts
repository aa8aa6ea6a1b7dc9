/**
 * The response families of `glmm`, with their canonical links: binomial (logit) for 0/1 responses and for
 * proportions with prior weights (trials), and Poisson (log) for counts. For a canonical link the IRLS weight is
 * wt·V(μ) and the score is wt·(y − μ), so one row's evaluation gives everything PIRLS needs.
 *
 * Rows are evaluated into a shared scratch record (`row`) to keep the inner loops allocation-free.
 */
import { createRequire } from "node:module";

/** 0 = binomial (logit), 1 = Poisson (log). */
export type FamilyCode = 0 | 1;

/** The scratch result of {@link evalRow}: μ, IRLS weight, score and deviance residual of one row. */
export const row = { mu: 0, w: 0, res: 0, dev: 0 };

function softplus(x: number): number {
  return x > 0 ? x + Math.log1p(Math.exp(-x)) : Math.log1p(Math.exp(x));
}

/**
 * Evaluates one row at linear predictor `e` (offset included) into {@link row}.
 * Binomial: μ = logit⁻¹(e), w = wt·μ(1−μ), dev = 2wt[y log(y/μ) + (1−y) log((1−y)/(1−μ))].
 * Poisson: μ = exp(e), w = wt·μ, dev = 2wt[y log(y/μ) − (y − μ)].
 */
export function evalRow(fam: FamilyCode, e: number, y: number, wt: number, ylogy: number): void {
  if (fam === 0) {
    const ex = Math.exp(-Math.abs(e));
    const m = e >= 0 ? 1 / (1 + ex) : ex / (1 + ex);
    row.mu = m;
    row.w = wt * m * (1 - m);
    row.res = wt * (y - m);
    if (y === 1 || y === 0) {
      const signed = y === 1 ? e : -e;
      const l1p = Math.log1p(ex);
      row.dev = wt * 2 * (signed >= 0 ? l1p : l1p - signed);
    } else {
      // log μ = −softplus(−e), log(1 − μ) = −softplus(e); ylogy = y log y + (1 − y) log(1 − y), precomputed.
      row.dev = 2 * wt * (ylogy + y * softplus(-e) + (1 - y) * softplus(e));
    }
  } else {
    const m = Math.exp(e);
    row.mu = m;
    row.w = wt * m;
    row.res = wt * (y - m);
    // ylogy = y log y (0 for y = 0), precomputed.
    row.dev = 2 * wt * (ylogy - y * e - (y - m));
  }
}

/** The per-row constants of the deviance: y log y (Poisson) or y log y + (1 − y) log(1 − y) (binomial), 0 log 0 = 0. */
export function ylogyOf(fam: FamilyCode, y: Float64Array): Float64Array {
  const out = new Float64Array(y.length);
  for (let i = 0; i < y.length; i++) {
    const v = y[i]!;
    out[i] = fam === 1 ? (v > 0 ? v * Math.log(v) : 0) : (v > 0 && v < 1 ? v * Math.log(v) + (1 - v) * Math.log1p(-v) : 0);
  }
  return out;
}

/** IRLS weight and score at a given μ (for starts given as μ). */
export function weightAt(fam: FamilyCode, m: number, y: number, wt: number): { w: number; res: number } {
  return { w: fam === 0 ? wt * m * (1 - m) : wt * m, res: wt * (y - m) };
}

/** μ from η. */
export function linkinv(fam: FamilyCode, eta: Float64Array): Float64Array {
  const mu = new Float64Array(eta.length);
  for (let i = 0; i < eta.length; i++) {
    const e = eta[i]!;
    if (fam === 1) { mu[i] = Math.exp(e); continue; }
    const ex = Math.exp(-Math.abs(e));
    mu[i] = e >= 0 ? 1 / (1 + ex) : ex / (1 + ex);
  }
  return mu;
}

const require = createRequire(import.meta.url);
const { jStat } = require("jstat") as { jStat: { gammaln(x: number): number } };

/**
 * −2 × the saturated log-likelihood: the constant that turns Σ deviance residuals into −2 log-likelihood, as R's
 * family `aic()` computes the latter. Binomial: `-2 Σ (wt/m)·dbinom(round(m·y), round(m), μ)` with m the trials when
 * any row has more than one (`cbind(s, f)`), else m = wt (proportions with weights = trials, 0/1 responses); so with
 * `cbind` and prior weights w the binomial coefficients enter as w·lchoose(n, s), not lchoose(w·n, w·s). Poisson:
 * `dpois(y, μ)` weighted by wt.
 *
 * @param wt the rows' total weights (for `cbind`, prior weight × trials)
 * @param trials the trials of a `cbind` response (undefined otherwise: R's n = 1)
 * @example
 * saturatedConstant(0, Float64Array.of(0.5), Float64Array.of(2 * 4), Float64Array.of(4)); // −2·2·(lchoose(4, 2) + 4 log ½)
 */
export function saturatedConstant(fam: FamilyCode, y: Float64Array, wt: Float64Array | undefined, trials?: Float64Array): number {
  // log Γ at whole numbers, each computed once (counts and trials repeat across rows).
  const cache: number[] = [];
  const gammaln = (x: number): number => {
    if (!(Number.isInteger(x) && x >= 0 && x < 1e6)) return jStat.gammaln(x);
    return cache[x] ??= jStat.gammaln(x);
  };
  const byTrials = trials !== undefined && trials.some((v) => v > 1);
  let c = 0;
  for (let i = 0; i < y.length; i++) {
    const w = wt ? wt[i]! : 1, yi = y[i]!;
    if (fam === 0) {
      const mm = byTrials ? trials[i]! : w;
      if (!(mm > 0)) continue;
      const m = Math.round(mm), k = Math.round(mm * yi);
      const lchoose = gammaln(m + 1) - gammaln(k + 1) - gammaln(m - k + 1);
      // log dbinom(k, m, μ) = lchoose + k log μ + (m−k) log(1−μ); the deviance residual holds the μ terms against the
      // saturated k log(k/m) + (m−k) log((m−k)/m), each row weighted by wt/m.
      const sat = (k > 0 ? k * Math.log(k / m) : 0) + (m - k > 0 ? (m - k) * Math.log((m - k) / m) : 0);
      c += -2 * (w / mm) * (lchoose + sat);
    } else {
      c += -2 * w * ((yi > 0 ? yi * Math.log(yi) : 0) - yi - gammaln(yi + 1));
    }
  }
  return c;
}
