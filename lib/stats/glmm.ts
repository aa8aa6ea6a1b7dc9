/**
 * Generalised linear mixed models (binomial family, logit link) fitted by the Laplace
 * approximation, with the semantics of lme4's `glmer(..., family = binomial, nAGQ = 1)`.
 */
import { z } from "zod";
import { ConfigError, StatsError } from "../core/errors.js";
import { buildMixedDesign } from "./design.js";
import { normalQuantile, normalTestP } from "./distributions.js";
import type { DataInput, DroppedRows } from "./frame.js";
import { reported } from "./warnings.js";
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
  /** Constant, all-zero or dependent fixed-effect columns: `"drop"` them as lme4 (default) or `"error"`. */
  rankDeficient?: "drop" | "error";
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
  /** Why rows were dropped: missing values by column, undefined function values (`log(x)` of x ≤ 0) by function. */
  dropped: DroppedRows;
  /** Warnings (rows dropped; for mixed models also convergence and identifiability); printed in notebooks. */
  warnings: string[];
  /** Fixed-effect columns dropped as constant, all zero or linearly dependent (as lme4 drops them). */
  droppedColumns: string[];
  /** Number of levels of each grouping factor. */
  nGroups: Record<string, number>;
  converged: boolean;
  /** True when a variance component is on the boundary (a diagonal θ below 1e-4, as lme4's isSingular). */
  singular: boolean;
  /** Function evaluations of the two optimisation stages. */
  evals: { stage1: number; stage2: number };
}

const optionsSchema = z.strictObject({
  family: z.literal("binomial"),
  levels: z.record(z.string(), z.array(z.string())).optional(),
  rankDeficient: z.enum(["drop", "error"]).optional(),
  level: z.number().gt(0).lt(1).default(0.95),
  laplace: z.enum(["lme4", "exact"]).default("lme4"),
});

/**
 * Fits a logistic mixed model by the Laplace approximation, as lme4's `glmer(formula, family =
 * binomial, nAGQ = 1)`: η = Xβ + Zb, b ~ N(0, Σθ), P(y = 1) = logit⁻¹(η). The response must be 0/1
 * (numbers or booleans) or a two-level factor. Standard errors come from the finite-difference Hessian
 * of the deviance over (θ, β) at the optimum, as lme4 computes them by default.
 *
 * @param formula lme4 syntax with at least one random-effect term, e.g. `willing ~ diss10 * mode + (1 | agent_id)`
 * @param data rows, columns or a DataFrame
 * @param opts `{ family: "binomial", levels?, level?, laplace?, rankDeficient? }` (constant, all-zero and dependent
 *   fixed-effect columns are dropped, as lme4, and listed in `droppedColumns`, unless `rankDeficient: "error"`)
 * @throws {StatsError} no random-effect term, a response that is not 0/1, a constant response, perfect
 *   separation, a single-level grouping factor, constant or collinear predictors
 * @example
 * const fit = glmm("willing ~ diss10 + sil10 + (1 | agent_id)", rows, { family: "binomial" });
 * fit.fixef["diss10"]; fit.oddsRatio["diss10"].lower; fit.singular;
 */
export function glmm(formula: string, data: DataInput, opts: GlmmOptions): GlmmResult {
  const parsed = optionsSchema.safeParse(opts);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError({ path: ["glmm options", ...issue.path.map((k) => (typeof k === "symbol" ? String(k) : k))], message: issue.message,
      fix: 'pass { family: "binomial" } (optionally levels, level in (0, 1), laplace: "lme4" | "exact", rankDeficient: "drop" | "error")' });
  }
  const o = parsed.data;
  const design = buildMixedDesign(formula, data, { ...(o.levels ? { levels: o.levels } : {}), ...(o.rankDeficient ? { rankDeficient: o.rankDeficient } : {}) });
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

  const zq = normalQuantile(1 - (1 - o.level) / 2);
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
  return reported("glmm", {
    formula, family: "binomial", link: "logit", method: "Laplace",
    fixef: rec((j) => fit.beta[j]!), se: rec((j) => se[j]!), z: rec((j) => fit.beta[j]! / se[j]!),
    p: rec((j) => normalTestP(fit.beta[j]! / se[j]!)), oddsRatio,
    vcov: fixefNames.map((_, a) => fixefNames.map((__, b) => fit.vcov[a * p + b]!)), vcovSource: fit.vcovSource,
    fixefNames: [...fixefNames], theta: fit.theta, varcorr, ranef,
    logLik, aic: fit.laplace + 2 * df, bic: fit.laplace + Math.log(n) * df, deviance: fit.devSum, df,
    nobs: n, nDropped: design.nDropped, dropped: design.dropped, warnings: [...design.warnings], droppedColumns: design.droppedColumns, nGroups: Object.fromEntries(reTerms.map((t) => [t.group, t.nLevels])), converged: fit.converged, singular: fit.singular, evals: fit.evals,
  });
}
