/**
 * Generalised linear mixed models fitted by the Laplace approximation, with the semantics of lme4's
 * `glmer(..., nAGQ = 1)`: binomial (logit link; 0/1 responses, `cbind(successes, failures)` and proportions with
 * `weights`) and Poisson (log link, with an offset as an `offset()` term or an option).
 */
import { z } from "zod";
import { ConfigError, StatsError } from "../core/errors.js";
import { saturatedConstant, ylogyOf, type FamilyCode } from "./glmm-family.js";
import { splitGlmFormula, exprName } from "./glmm-formula.js";
import { boundaryNames, checkConvergence, convergenceMessages, identifiability, scaleMessage } from "./lme4-checks.js";
import { buildMixedDesign } from "./design.js";
import { normalQuantile, normalTestP } from "./distributions.js";
import type { DataInput, DroppedRows } from "./frame.js";
import { defaultProgressSink, reported } from "./warnings.js";
import { fitGlmm, type LaplaceMode } from "./glmm-fit.js";
import { glmmResponse } from "./glmm-response.js";
import { backTransform, rescaleDesign } from "./rescale.js";
import type { GlmmFitCore } from "./glmm-fit.js";
import type { GlmmData } from "./pirls.js";
import type { ReTerm } from "./design.js";
import type { ReSpec } from "./glmm-system.js";
import type { RanefRow, VarCorrRow } from "./lmm.js";

/** Options of {@link glmm}. */
export interface GlmmOptions {
  /** Response distribution: `"binomial"` (logit link) or `"poisson"` (log link). */
  family: "binomial" | "poisson";
  /**
   * Prior weights: a numeric column's name, or one number per input row. For the binomial family with a proportion
   * as the response these are the numbers of trials (as glmer's `weights`).
   */
  weights?: string | readonly number[];
  /** An offset added to the linear predictor: a column or an expression such as `"log(exposure)"`, or one number per input row. */
  offset?: string | readonly number[];
  /** Factor level order per variable; the first is the reference level. */
  levels?: Record<string, readonly string[]>;
  /** Level of the odds-ratio confidence intervals (default 0.95). */
  level?: number;
  /**
   * Which Laplace deviance is optimised: `"lme4"` (default) is glmer's own, both stages (PIRLS for (u, β) in
   * the first from one fixed start, for u in the second from the first stage's linear predictor, each stopped
   * at a relative change of 1e-7, log-determinant from the last factorisation), so the estimates are glmer's;
   * `"exact"` uses the exact conditional mode, the true Laplace optimum. They differ by up to ~3e-3 in the
   * deviance and ~1e-3 relative in the estimates (see the stats README).
   */
  laplace?: LaplaceMode;
  /** Report progress on fits longer than 3 s (as `lmm`); default true. */
  progress?: boolean;
  /** Constant, all-zero or dependent fixed-effect columns: `"drop"` them as lme4 (default) or `"error"`. */
  rankDeficient?: "drop" | "error";
  /**
   * Fit on centred and scaled predictors (every fixed-effect column that is not all 0/1 becomes (x − mean)/sd) and
   * report the estimates, standard errors and covariance on the original scale: the same model, for predictors on very
   * different scales where the optimiser would stop short (lme4's "consider rescaling"). Default false.
   */
  rescale?: boolean;
}

/** A variance-component row (the same shape as `lmm`'s). */
export type GlmmVarCorr = VarCorrRow;

/** A fitted logistic GLMM. Per-coefficient results are keyed by R's coefficient names. */
export interface GlmmResult {
  formula: string;
  family: "binomial" | "poisson";
  link: "logit" | "log";
  method: "Laplace";
  fixef: Record<string, number>;
  se: Record<string, number>;
  z: Record<string, number>;
  p: Record<string, number>;
  /** exp(β) with the Wald interval exp(β ± z·se): odds ratios (binomial) or rate ratios (Poisson). */
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
  /** Number of parameters (θ and β), as R's `attr(logLik(fit), "df")`. */
  df: number;
  /**
   * Convergence check as lme4's `check.conv.grad`: `scaledGradient` is the largest |solve(chol(H), g)| component at the
   * optimum, `maxGrad` the largest min(|solve(chol(H), g)|, |g|), which lme4 compares with `tol` (`ok`) and prints.
   */
  convergence: { scaledGradient: number; maxGrad: number; tol: number; ok: boolean };
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
  /** Fixed-effect columns fitted centred and scaled (`rescale: true`); empty otherwise. */
  rescaled: string[];
}

/** What `confint` needs to profile a fit: the data as fitted (X centred and scaled with `rescale`), the core fit with its deviance, T. */
export interface GlmmInternals { gd: GlmmData; specs: ReSpec[]; fixefNames: string[]; core: GlmmFitCore; T?: Float64Array; constant: number; reTerms: ReTerm[] }
const glmmInternals = new WeakMap<GlmmResult, GlmmInternals>();

/** The internals of a fit made by {@link glmm} in this process (undefined for a copy or a deserialised fit). */
export function glmmInternalsOf(fit: GlmmResult): GlmmInternals | undefined {
  return glmmInternals.get(fit);
}

const optionsSchema = z.strictObject({
  family: z.enum(["binomial", "poisson"]),
  weights: z.union([z.string(), z.array(z.number())]).optional(),
  offset: z.union([z.string(), z.array(z.number())]).optional(),
  levels: z.record(z.string(), z.array(z.string())).optional(),
  rankDeficient: z.enum(["drop", "error"]).optional(),
  level: z.number().gt(0).lt(1).default(0.95),
  laplace: z.enum(["lme4", "exact"]).default("lme4"),
  progress: z.boolean().optional(),
  rescale: z.boolean().default(false),
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
      fix: 'pass { family: "binomial" | "poisson" } (optionally weights, offset, levels, level in (0, 1), laplace: "lme4" | "exact", rankDeficient: "drop" | "error", rescale: boolean)' });
  }
  const o = parsed.data;
  const fam: FamilyCode = o.family === "binomial" ? 0 : 1;
  const sp = splitGlmFormula(formula);
  if (sp.cbind && o.family !== "binomial") throw new StatsError(`glmm: cbind(successes, failures) needs the binomial family (got "${o.family}")`, 'pass { family: "binomial" }');
  const extraVars = [...(sp.cbind ? [sp.cbind[1]] : []), ...sp.offsets, ...(typeof o.weights === "string" ? [o.weights] : []), ...(typeof o.offset === "string" ? [exprName(o.offset)] : [])];
  const design = buildMixedDesign(sp.formula, data, { ...(o.levels ? { levels: o.levels } : {}), ...(o.rankDeficient ? { rankDeficient: o.rankDeficient } : {}) }, extraVars);
  const { n, p, X, fixefNames, reTerms } = design;
  if (reTerms.length === 0) throw new StatsError(`glmm: formula "${formula}" has no random-effect term`, "add a term such as (1 | group), or use stats.glm for a fixed-effects model");
  const { y, wt, trials, offset } = glmmResponse(design, sp, o, fam);
  const specs: ReSpec[] = reTerms.map((t) => ({ k: t.termNames.length, nLevels: t.nLevels, groupIndex: t.groupIndex, Z: t.Zcols }));
  const needsConst = fam === 1 || y.some((v) => v > 0 && v < 1);
  const scaled = o.rescale ? rescaleDesign(X, n, p, fixefNames) : undefined;
  const gd = { n, p, y, X: scaled ? scaled.X : X, family: fam, ...(wt ? { wt } : {}), ...(offset ? { offset } : {}), ...(needsConst ? { ylogy: ylogyOf(fam, y) } : {}) };
  const core = fitGlmm(gd, specs, fixefNames, o.laplace, o.progress === false ? undefined : defaultProgressSink());
  // Estimates on the original scale: β = T β', V = T V' Tᵀ.
  const fit = scaled ? { ...core, ...backTransform(core.beta, core.vcov, scaled.T, p) } : core;
  const constant = saturatedConstant(fam, y, wt, trials);

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
  const laplace = fit.laplace + constant;
  const logLik = -laplace / 2;
  const { maxGrad, tol, ok, scaledGradient } = checkConvergence(fit);
  const conv = { scaledGradient, maxGrad, tol, ok };
  const warnings = [...design.warnings];
  const scale = scaleMessage(gd.X, n, p, " (glmm(..., { rescale: true }) fits on centred and scaled predictors)");
  if (scale) warnings.push(scale);
  warnings.push(...identifiability(n, reTerms));
  warnings.push(...convergenceMessages({ singular: fit.singular, boundary: boundaryNames(reTerms, fit.theta), gradient: fit.gradient, hessian: fit.hessian }));
  const result: GlmmResult = {
    formula, family: o.family, link: fam === 0 ? "logit" : "log", method: "Laplace",
    fixef: rec((j) => fit.beta[j]!), se: rec((j) => se[j]!), z: rec((j) => fit.beta[j]! / se[j]!),
    p: rec((j) => normalTestP(fit.beta[j]! / se[j]!)), oddsRatio,
    vcov: fixefNames.map((_, a) => fixefNames.map((__, b) => fit.vcov[a * p + b]!)), vcovSource: fit.vcovSource,
    fixefNames: [...fixefNames], theta: fit.theta, varcorr, ranef,
    logLik, aic: laplace + 2 * df, bic: laplace + Math.log(n) * df, deviance: fit.devSum, df, convergence: conv,
    nobs: n, nDropped: design.nDropped, dropped: design.dropped, warnings, droppedColumns: design.droppedColumns, nGroups: Object.fromEntries(reTerms.map((t) => [t.group, t.nLevels])), converged: fit.converged, singular: fit.singular, evals: fit.evals,
    rescaled: scaled ? scaled.columns : [],
  };
  glmmInternals.set(result, { gd, specs, fixefNames, core, ...(scaled ? { T: scaled.T } : {}), constant, reTerms });
  return reported("glmm", result);
}
