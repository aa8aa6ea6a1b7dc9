/**
 * Generalised linear mixed models (binomial family, logit link) fitted by the Laplace
 * approximation, with the semantics of lme4's `glmer(..., family = binomial, nAGQ = 1)`.
 */
import { z } from "zod";
import { StatsError } from "../core/errors.js";
import { buildMixedDesign } from "./design.js";
import type { DataInput } from "./frame.js";
import { fitGlmm, type LaplaceMode } from "./glmm-fit.js";
import type { ReSpec } from "./glmm-system.js";
import type { RanefRow, VarCorrRow } from "./lmm.js";

/** Options of {@link glmm}. */
export interface GlmmOptions {
  /** Response distribution; only `"binomial"` (logit link, 0/1 response) for now. */
  family: "binomial";
  /** Factor level order per variable; the first is the reference level. */
  levels?: Record<string, readonly string[]>;
  /** Level of the odds-ratio confidence intervals (default 0.95). */
  level?: number;
  /**
   * How the Laplace deviance is evaluated in the final optimisation: `"lme4"` (default) reproduces
   * glmer's PIRLS (started from the first stage's linear predictor, stopped at a relative change of
   * 1e-7, log-determinant from the last factorisation); `"exact"` uses the exact conditional mode.
   * They differ by ~1e-3 in the deviance and ~1e-4 relative in the estimates.
   */
  laplace?: LaplaceMode;
}

/** A variance-component row (the same shape as `lmm`'s). */
export type GlmmVarCorr = VarCorrRow;

/** A fitted logistic GLMM. Per-coefficient results are keyed by R's coefficient names. */
export interface GlmmResult {
  formula: string;
  family: "binomial";
  link: "logit";
  method: "Laplace";
  fixef: Record<string, number>;
  se: Record<string, number>;
  z: Record<string, number>;
  p: Record<string, number>;
  /** exp(β) with the Wald interval exp(β ± z·se). */
  oddsRatio: Record<string, { estimate: number; lower: number; upper: number; level: number }>;
  /** Covariance matrix of the fixed effects (rows and columns in `fixefNames` order). */
  vcov: number[][];
  vcovSource: "hessian" | "pirls";
  fixefNames: string[];
  /** Relative covariance factors' lower triangles, in lme4's order (`getME(fit, "theta")`). */
  theta: number[];
  /** Variance components as R's `as.data.frame(VarCorr(fit))`: variances (sd), then covariances (correlation); logit scale. */
  varcorr: VarCorrRow[];
  /** Conditional modes b of the random effects by group, levels in factor order (as `ranef(fit)`). */
  ranef: Record<string, RanefRow[]>;
  /** Laplace approximation to the log-likelihood. */
  logLik: number;
  aic: number;
  bic: number;
  /** Sum of deviance residuals at the conditional modes, as lme4's `deviance()` of a glmer fit. */
  deviance: number;
  /** Number of parameters (θ and β). */
  df: number;
  nobs: number;
  /** Rows dropped for missing values. */
  nDropped: number;
  converged: boolean;
  /** True when a variance component is on the boundary (a diagonal θ below 1e-4, as lme4's isSingular). */
  singular: boolean;
  /** Function evaluations of the two optimisation stages. */
  evals: { stage1: number; stage2: number };
}

const optionsSchema = z.object({
  family: z.literal("binomial"),
  levels: z.record(z.string(), z.array(z.string())).optional(),
  level: z.number().gt(0).lt(1).default(0.95),
  laplace: z.enum(["lme4", "exact"]).default("lme4"),
});

/** Two-sided normal tail probability 2·P(Z > |z|), accurate in the far tail. */
export function normalTwoSided(zv: number): number {
  const x = Math.abs(zv) / Math.SQRT2;
  return erfc(x);
}

/** Complementary error function: series for small x, continued fraction (Lentz) for x ≥ 2. */
function erfc(x: number): number {
  if (x < 2) {
    // erf by its Taylor series: 2/√π Σ (−1)ⁿ x^(2n+1) / (n! (2n+1)).
    let term = x, sum = x;
    for (let n = 1; n < 200; n++) {
      term *= (-x * x) / n;
      const add = term / (2 * n + 1);
      sum += add;
      if (Math.abs(add) < 1e-17 * Math.abs(sum)) break;
    }
    return 1 - (2 / Math.sqrt(Math.PI)) * sum;
  }
  // erfc(x) = exp(−x²)/√π · 1/(x + (1/2)/(x + 1/(x + (3/2)/(x + …)))).
  const tiny = 1e-300;
  let f = x, C = x, D = 0;
  for (let n = 1; n < 500; n++) {
    const a = n / 2;
    D = x + a * D; D = Math.abs(D) < tiny ? tiny : D; D = 1 / D;
    C = x + a / C; C = Math.abs(C) < tiny ? tiny : C;
    const delta = C * D;
    f *= delta;
    if (Math.abs(delta - 1) < 1e-16) break;
  }
  return Math.exp(-x * x) / (Math.sqrt(Math.PI) * f);
}

/** Standard normal quantile for the interval (Acklam's rational approximation refined by one Newton step). */
function qnorm(pr: number): number {
  const a = [-3.969683028665376e1, 2.209460984245205e2, -2.759285104469687e2, 1.38357751867269e2, -3.066479806614716e1, 2.506628277459239];
  const b = [-5.447609879822406e1, 1.615858368580409e2, -1.556989798598866e2, 6.680131188771972e1, -1.328068155288572e1];
  const c = [-7.784894002430293e-3, -3.223964580411365e-1, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const dd = [7.784695709041462e-3, 3.224671290700398e-1, 2.445134137142996, 3.754408661907416];
  const lo = 0.02425;
  let x: number;
  if (pr < lo) { const q = Math.sqrt(-2 * Math.log(pr)); x = (((((c[0]! * q + c[1]!) * q + c[2]!) * q + c[3]!) * q + c[4]!) * q + c[5]!) / ((((dd[0]! * q + dd[1]!) * q + dd[2]!) * q + dd[3]!) * q + 1); }
  else if (pr > 1 - lo) return -qnorm(1 - pr);
  else { const q = pr - 0.5, r = q * q; x = ((((((a[0]! * r + a[1]!) * r + a[2]!) * r + a[3]!) * r + a[4]!) * r + a[5]!) * q) / (((((b[0]! * r + b[1]!) * r + b[2]!) * r + b[3]!) * r + b[4]!) * r + 1); }
  const e = 0.5 * erfc(-x / Math.SQRT2) - pr;
  return x - e * Math.sqrt(2 * Math.PI) * Math.exp((x * x) / 2);
}

/**
 * Fits a logistic mixed model by the Laplace approximation, as lme4's `glmer(formula, family =
 * binomial, nAGQ = 1)`: η = Xβ + Zb, b ~ N(0, Σθ), P(y = 1) = logit⁻¹(η). The response must be 0/1
 * (numbers or booleans) or a two-level factor. Standard errors come from the finite-difference Hessian
 * of the deviance over (θ, β) at the optimum, as lme4 computes them by default.
 *
 * @param formula lme4 syntax with at least one random-effect term, e.g. `willing ~ diss10 * mode + (1 | agent_id)`
 * @param data rows, columns or a DataFrame
 * @param opts `{ family: "binomial", levels?, level? }`
 * @throws {StatsError} no random-effect term, a response that is not 0/1, a constant response, perfect
 *   separation, a single-level grouping factor, constant or collinear predictors
 * @example
 * const fit = glmm("willing ~ diss10 + sil10 + (1 | agent_id)", rows, { family: "binomial" });
 * fit.fixef["diss10"]; fit.oddsRatio["diss10"].lower; fit.singular;
 */
export function glmm(formula: string, data: DataInput, opts: GlmmOptions): GlmmResult {
  const o = optionsSchema.parse(opts);
  const design = buildMixedDesign(formula, data, o.levels ? { levels: o.levels } : {});
  const { n, p, y, X, fixefNames, reTerms } = design;
  if (reTerms.length === 0) throw new StatsError(`glmm: formula "${formula}" has no random-effect term`, "add a term such as (1 | group), or use stats.glm for a fixed-effects model");
  let ones = 0;
  for (let i = 0; i < n; i++) {
    const v = y[i]!;
    if (v !== 0 && v !== 1) throw new StatsError(`glmm: response "${design.response}" has the value ${v} (row ${i + 1} of the rows used); the binomial family needs 0/1`, "code the outcome as 0/1, true/false or a two-level factor");
    ones += v;
  }
  if (ones === 0 || ones === n) throw new StatsError(`glmm: response "${design.response}" is ${ones === 0 ? 0 : 1} in every row`, "a binomial model needs both outcomes in the data");
  const specs: ReSpec[] = reTerms.map((t) => ({ k: t.termNames.length, nLevels: t.nLevels, groupIndex: t.groupIndex, Z: t.Zcols }));
  const fit = fitGlmm({ n, p, y, X }, specs, fixefNames, o.laplace);

  const zq = qnorm(1 - (1 - o.level) / 2);
  const rec = (f: (j: number) => number): Record<string, number> => Object.fromEntries(fixefNames.map((nm, j) => [nm, f(j)]));
  const se = fixefNames.map((_, j) => Math.sqrt(fit.vcov[j * p + j]!));
  const oddsRatio: GlmmResult["oddsRatio"] = {};
  fixefNames.forEach((nm, j) => {
    const bj = fit.beta[j]!;
    oddsRatio[nm] = { estimate: Math.exp(bj), lower: Math.exp(bj - zq * se[j]!), upper: Math.exp(bj + zq * se[j]!), level: o.level };
  });

  const varcorr: VarCorrRow[] = [];
  const ranef: GlmmResult["ranef"] = {};
  reTerms.forEach((t, ti) => {
    const T = fit.system.T[ti]!, k = t.termNames.length;
    const S = Array.from({ length: k }, (_, r) => Array.from({ length: k }, (_, c) => {
      let s = 0;
      for (let a = 0; a < k; a++) s += T[r * k + a]! * T[c * k + a]!;
      return s;
    }));
    for (let a = 0; a < k; a++) varcorr.push({ grp: t.group, var1: t.termNames[a]!, var2: null, vcov: S[a]![a]!, sdcor: Math.sqrt(S[a]![a]!) });
    for (let b = 0; b < k; b++) for (let a = b + 1; a < k; a++) {
      const den = Math.sqrt(S[a]![a]! * S[b]![b]!);
      varcorr.push({ grp: t.group, var1: t.termNames[b]!, var2: t.termNames[a]!, vcov: S[a]![b]!, sdcor: den > 0 ? S[a]![b]! / den : Number.NaN });
    }
    const off = fit.system.offsets[ti]!;
    const rows: RanefRow[] = t.levels.map((level, g) => ({ level, values: Object.fromEntries(t.termNames.map((nm, a) => [nm, fit.b[off + g * k + a]!])) }));
    const prev = ranef[t.group];
    // Two terms on one grouping factor, e.g. (1 | g) + (0 + x | g): their columns merge per level.
    if (prev) rows.forEach((r, g) => Object.assign(prev[g]!.values, r.values));
    else ranef[t.group] = rows;
  });

  const df = fit.theta.length + p;
  const logLik = -fit.laplace / 2;
  return {
    formula, family: "binomial", link: "logit", method: "Laplace",
    fixef: rec((j) => fit.beta[j]!), se: rec((j) => se[j]!), z: rec((j) => fit.beta[j]! / se[j]!),
    p: rec((j) => normalTwoSided(fit.beta[j]! / se[j]!)), oddsRatio,
    vcov: fixefNames.map((_, a) => fixefNames.map((__, b) => fit.vcov[a * p + b]!)), vcovSource: fit.vcovSource,
    fixefNames: [...fixefNames], theta: fit.theta, varcorr, ranef,
    logLik, aic: fit.laplace + 2 * df, bic: fit.laplace + Math.log(n) * df, deviance: fit.devSum, df,
    nobs: n, nDropped: design.nDropped, converged: fit.converged, singular: fit.singular, evals: fit.evals,
  };
}
