/**
 * Linear mixed models fitted as lme4's `lmer` fits them, with lmerTest's Satterthwaite tests.
 *
 * Pipeline (lme4's stages): build the design (`buildMixedDesign`), make the profiled deviance over θ
 * (`lmm-deviance.ts`), minimise it over θ with lower bounds 0 on the diagonal of each relative
 * covariance factor (`minimize`), then read β̂, σ̂, the conditional modes and the criteria at θ̂.
 */
import { StatsError } from "../core/errors.js";
import { buildMixedDesign, type DesignOptions, type MixedDesign } from "./design.js";
import type { DataInput, DroppedRows } from "./frame.js";
import { defaultProgressSink, reported, withProgress } from "./warnings.js";
import { cholInverse } from "./linalg.js";
import { chooseProfiler } from "./lmm-backend.js";
import { templateOf, thetaLayout, type Profile, type Profiler } from "./lmm-deviance.js";
import { profiledDeviance, separateFitsStart } from "./lmm-start.js";
import { satterthwaite } from "./lmm-satterthwaite.js";
import { minimize } from "./optimize.js";
import { minimizeTrustRegion } from "./trust-region.js";
import { deriv12, deriv12Forward } from "./glmm-optimize.js";
import { boundaryNames, checkConvergence, convergenceMessages, identifiability, scaleMessage } from "./lme4-checks.js";
import { tTestP } from "./distributions.js";
import { checkOptions, LmmOptionsSchema } from "./options.js";

/** Options of {@link lmm}. */
export interface LmmOptions extends DesignOptions {
  /** Restricted maximum likelihood (default true), as lmer's `REML`. */
  reml?: boolean;
  /** Compute Satterthwaite df and p (default true); false leaves `df`/`p` empty and saves time. */
  satterthwaite?: boolean;
  /**
   * Report progress on fits that run longer than 3 s (every 2 s: evaluations, best deviance, elapsed time) on stderr
   * when it is a terminal (not in notebooks, whose saved outputs must not depend on timing). Default true.
   */
  progress?: boolean;
  /**
   * Back end for several random-effect terms (default "auto"): "schur" eliminates the largest term and keeps the
   * others as one dense block, "sparse" is a sparse Cholesky of the whole system (AMD ordering, supernodal factor),
   * "dense" a dense q × q Cholesky. "auto" takes the sparse one when the Schur block would exceed its limit or when the
   * sparse factor has fewer than half the entries of the Schur block (see `chooseProfiler`).
   */
  solver?: "auto" | "sparse" | "schur" | "dense";
}

/** One row of `VarCorr` as R's `as.data.frame(VarCorr(fit))`. */
export interface VarCorrRow {
  grp: string;
  var1: string | null;
  var2: string | null;
  /** Variance (var2 null) or covariance. */
  vcov: number;
  /** Standard deviation (var2 null) or correlation. */
  sdcor: number;
}

/**
 * The conditional modes of one level of a grouping factor: `values` by term name, and the same numbers
 * also as fields of the row (`row["(Intercept)"]`, `row.Days`), as a row of R's `ranef(fit)$Subject`.
 */
export type RanefRow = { level: string; values: Record<string, number> } & { [term: string]: number | string | Record<string, number> };

/** A fitted linear mixed model. */
export interface LmmFit {
  formula: string;
  reml: boolean;
  fixefNames: string[];
  fixef: Record<string, number>;
  se: Record<string, number>;
  /** Satterthwaite degrees of freedom (as lmerTest). */
  df: Record<string, number>;
  t: Record<string, number>;
  /** Two-sided p-values from t with Satterthwaite df. */
  p: Record<string, number>;
  /** vcov(β), p × p in `fixefNames` order. */
  vcov: number[][];
  /** θ in lme4's order (terms by decreasing number of levels; each term's lower triangle by column). */
  theta: number[];
  sigma: number;
  varcorr: VarCorrRow[];
  /** Conditional modes by group, levels in factor order. */
  ranef: Record<string, RanefRow[]>;
  logLik: number;
  /** REML criterion (−2 × restricted log-likelihood), REML fits only. */
  remlCriterion?: number;
  /** −2 log-likelihood, ML fits only. */
  deviance?: number;
  aic: number;
  bic: number;
  nobs: number;
  /** Rows dropped for missing values. */
  nDropped: number;
  /** Why rows were dropped: missing values by column, undefined function values (`log(x)` of x ≤ 0) by function. */
  dropped: DroppedRows;
  /** Warnings (rows dropped; for mixed models also convergence and identifiability); printed in notebooks. */
  warnings: string[];
  /** Fixed-effect columns dropped as constant, all zero or linearly dependent (as lme4 drops them). */
  droppedColumns: string[];
  nGroups: Record<string, number>;
  /** Any diagonal element of θ within 1e-4 of 0 (as lme4's `isSingular`). */
  singular: boolean;
  converged: boolean;
  /**
   * lme4's `check.conv.grad` over θ (boundary elements left out): the largest |solve(chol(H), g)| (`scaledGradient`) and
   * the largest min(|solve(chol(H), g)|, |g|) (`maxGrad`), which lme4 compares with `tol` (0.002) and prints.
   */
  convergence: { scaledGradient: number; maxGrad: number; tol: number; ok: boolean };
  /** Solver details: back end, deviance evaluations to the optimum (a start's included, the convergence check's not). */
  optimizer: { backend: "block" | "dense" | "schur" | "sparse"; evals: number };
}

interface Internal { design: MixedDesign; profiler: Profiler; opts: LmmOptions }
const internals = new WeakMap<LmmFit, Internal>();

export { profiledDeviance } from "./lmm-start.js";
export { chooseProfiler } from "./lmm-backend.js";

/**
 * Fits a linear mixed model by (RE)ML, as `lmerTest::lmer(formula, data, REML = reml)`.
 *
 * @throws {ConfigError} for an unknown or mistyped option.
 * @throws {StatsError} when the formula has no random-effect term, a factor or grouping factor has one
 *   level, a fixed column is constant or dependent, or the residual degrees of freedom are not positive.
 * @example
 * const fit = lmm("Reaction ~ Days + (Days | Subject)", sleepstudy);
 * fit.fixef.Days;   // 10.467
 * fit.df.Days;      // 17.0 (Satterthwaite)
 * fit.varcorr[0];   // { grp: "Subject", var1: "(Intercept)", var2: null, vcov: 612.1, sdcor: 24.74 }
 */
export function lmm(formula: string, data: DataInput, opts: LmmOptions = {}): LmmFit {
  checkOptions("lmm", LmmOptionsSchema, opts);
  const design = buildMixedDesign(formula, data, opts);
  if (design.reTerms.length === 0) throw new StatsError(`lmm("${formula}"): no random-effect term`, "add a term like (1 | group), or use ols()");
  if (design.n <= design.p) throw new StatsError(`lmm("${formula}"): ${design.n} rows for ${design.p} fixed effects`, "use more data or fewer predictors");
  checkResponse(`lmm("${formula}")`, design.response, design.y);
  return fitWith(formula, design, chooseProfiler(design, opts.solver ?? "auto"), opts);
}

function fitWith(formula: string, design: MixedDesign, profiler: Profiler, opts: LmmOptions, quiet = false): LmmFit {
  const reml = opts.reml ?? true;
  const { n, p } = design;
  const lay = thetaLayout(design);
  // The profile at the best θ so far is kept, so the fit does not factor again at the optimum.
  let bestProfile: { theta: number[]; profile: Profile; value: number } | undefined;
  let nEval = 0;
  const dev = (th: number[]): number => {
    nEval++;
    const pr = profiler.evaluate(th);
    const v = profiledDeviance(pr, n, p, reml);
    if (!bestProfile || v < bestProfile.value) bestProfile = { theta: [...th], profile: pr, value: v };
    return v;
  };
  const tracked = withProgress(`lmm("${formula}")`, dev, opts.progress === false || quiet ? undefined : defaultProgressSink(), { label: reml ? "REML criterion" : "deviance" });
  // Crossed and nested terms (Schur and sparse back ends) make each evaluation costly: a quadratic-model trust region needs
  // about a third of the evaluations of Nelder–Mead with Newton polishing for the same optimum.
  const costly = (profiler.kind === "schur" || profiler.kind === "sparse") && lay.start.length <= 10;
  // For costly evaluations, start from the separate fits of each term when that beats lme4's start (two evaluations).
  let start = lay.start, radius: number | undefined, f0: number | undefined;
  if (costly) {
    const alt = separateFitsStart(design, reml)?.map((v, i) => Math.max(lay.lower[i]!, v));
    const fAlt = alt ? tracked(alt) : Infinity, fDefault = tracked(lay.start);
    if (alt && fAlt < fDefault) { start = alt; radius = 0.02; f0 = fAlt; } else f0 = fDefault;
  }
  const opt = costly
    ? minimizeTrustRegion(tracked, start, { lower: lay.lower, ...(radius ? { radius } : {}), ...(f0 !== undefined ? { f0 } : {}) })
    : minimize(tracked, lay.start, { lower: lay.lower, ftol: 1e-5, xtol: 1e-4, maxEval: 4000 + 500 * lay.start.length });
  const theta = opt.x.map((v, i) => (lay.lower[i] === 0 && v < 0 ? 0 : v));
  const evals = nEval;
  const pr = bestProfile && bestProfile.theta.every((v, i) => v === theta[i]) ? bestProfile.profile : profiler.evaluate(theta);
  // The conditional modes now, while a back end that keeps its last factorisation still holds the one at θ̂.
  const b = profiler.ranef(theta, pr.beta);
  const crit = profiledDeviance(pr, n, p, reml);
  const sigma = Math.sqrt(pr.pwrss / (reml ? n - p : n));
  const names = design.fixefNames;
  const inv = cholInverse(pr.RX, p);
  const vcov = Array.from({ length: p }, (_, i) => Array.from({ length: p }, (_, j) => sigma * sigma * inv[i * p + j]!));
  const rec = (f: (j: number) => number): Record<string, number> => Object.fromEntries(names.map((nm, j) => [nm, f(j)]));
  const fixef = rec((j) => pr.beta[j]!);
  const se = rec((j) => Math.sqrt(vcov[j]![j]!));
  const t = rec((j) => pr.beta[j]! / se[names[j]!]!);
  let df: Record<string, number> = {}, pv: Record<string, number> = {};
  if (opts.satterthwaite ?? true) {
    const s = satterthwaite({ profiler, theta, sigma, n, p, reml });
    df = rec((j) => s.df[j]!);
    pv = rec((j) => tTestP(t[names[j]!]!, s.df[j]!));
  }
  const nTheta = theta.length;
  const npar = p + nTheta + 1;
  const logLik = -crit / 2;
  const singular = theta.some((v, i) => lay.lower[i] === 0 && v < 1e-4);
  // Convergence as lme4 checks it: central-difference gradient and Hessian (deriv12, δ = 1e-4) over the θ not on a boundary.
  const free = theta.map((_, i) => i).filter((i) => !(lay.lower[i] === 0 && theta[i]! < 1e-4));
  const sub = (z: number[]): number => { const th = [...theta]; free.forEach((j, k) => { th[j] = z[k]!; }); return dev(th); };
  // Where an evaluation is a factorisation (Schur, sparse), the Hessian's cross terms by forward differences: 2d + d(d − 1)/2
  // evaluations instead of deriv12's 2d² (14 instead of 32 for four parameters); the gradient and the diagonal stay central.
  const dv = free.length ? (costly ? deriv12Forward : deriv12)(sub, free.map((j) => theta[j]!), 1e-4, crit) : { gradient: [], hessian: [] };
  const { scaledGradient, maxGrad, tol, ok } = checkConvergence(dv);
  const convergence = { scaledGradient, maxGrad, tol, ok };
  const warnings = [...design.warnings];
  const scale = scaleMessage(design.X, n, p);
  if (scale) warnings.push(scale);
  warnings.push(...identifiability(n, design.reTerms));
  warnings.push(...convergenceMessages({ singular, boundary: boundaryNames(design.reTerms, theta), gradient: dv.gradient, hessian: dv.hessian }));
  const fit: LmmFit = {
    formula, reml, fixefNames: names, fixef, se, df, t, p: pv, vcov, theta, sigma,
    varcorr: varCorr(design, theta, sigma),
    ranef: ranefOf(design, b),
    logLik,
    ...(reml ? { remlCriterion: crit } : { deviance: crit }),
    aic: crit + 2 * npar,
    bic: crit + Math.log(n) * npar,
    nobs: n, nDropped: design.nDropped, dropped: design.dropped, warnings, droppedColumns: design.droppedColumns,
    nGroups: Object.fromEntries(design.reTerms.map((r) => [r.group, r.nLevels])),
    singular, converged: opt.converged, convergence,
    optimizer: { backend: profiler.kind, evals },
  };
  internals.set(fit, { design, profiler, opts });
  return quiet ? fit : reported("lmm", fit);
}

/**
 * The same model refitted by maximum likelihood (returns `fit` itself when it is already ML).
 *
 * @throws {StatsError} when `fit` was not made by {@link lmm} in this process.
 * @example
 * refitML(lmm("Reaction ~ Days + (Days | Subject)", sleepstudy)).logLik; // −875.97, as lme4's refitML
 */
export function refitML(fit: LmmFit): LmmFit {
  if (!fit.reml) return fit;
  const inn = internals.get(fit);
  if (!inn) throw new StatsError("refitML: the fit was not made by lmm() in this process", "fit the model with lmm()");
  return fitWith(fit.formula, inn.design, inn.profiler, { ...inn.opts, reml: false, satterthwaite: false }, true);
}

/** The design a fit was made from (for tests and diagnostics). */
export function designOf(fit: LmmFit): MixedDesign | undefined {
  return internals.get(fit)?.design;
}

function varCorr(design: MixedDesign, theta: readonly number[], sigma: number): VarCorrRow[] {
  const lay = thetaLayout(design);
  const rows: VarCorrRow[] = [];
  design.reTerms.forEach((term, ti) => {
    const k = lay.k[ti]!, T = templateOf(theta, lay.offset[ti]!, k);
    const S = new Float64Array(k * k);
    for (let a = 0; a < k; a++) for (let b = 0; b < k; b++) {
      let s = 0;
      for (let c = 0; c < k; c++) s += T[a * k + c]! * T[b * k + c]!;
      S[a * k + b] = s * sigma * sigma;
    }
    for (let a = 0; a < k; a++) rows.push({ grp: term.group, var1: term.termNames[a]!, var2: null, vcov: S[a * k + a]!, sdcor: Math.sqrt(S[a * k + a]!) });
    for (let b = 0; b < k; b++) for (let a = b + 1; a < k; a++) {
      const den = Math.sqrt(S[a * k + a]! * S[b * k + b]!);
      rows.push({ grp: term.group, var1: term.termNames[b]!, var2: term.termNames[a]!, vcov: S[a * k + b]!, sdcor: den > 0 ? S[a * k + b]! / den : NaN });
    }
  });
  rows.push({ grp: "Residual", var1: null, var2: null, vcov: sigma * sigma, sdcor: sigma });
  return rows;
}

function ranefOf(design: MixedDesign, b: Float64Array): Record<string, RanefRow[]> {
  const out: Record<string, RanefRow[]> = {};
  let o = 0;
  for (const term of design.reTerms) {
    const k = term.termNames.length;
    // Built key by key (term names, then level and values: the order of the spread it replaces), without the
    // temporary arrays and spread per level.
    const rows = term.levels.map((level, g) => {
      const values: Record<string, number> = {};
      const row: Record<string, unknown> = {};
      for (let a = 0; a < k; a++) { const v = b[o + g * k + a]!; values[term.termNames[a]!] = v; row[term.termNames[a]!] = v; }
      row.level = level;
      row.values = values;
      return row as unknown as RanefRow;
    });
    const prev = out[term.group];
    // Two terms on one grouping factor, e.g. (1 | g) + (0 + x | g): merge their columns per level.
    if (prev) rows.forEach((r, g) => { Object.assign(prev[g]!.values, r.values); Object.assign(prev[g]!, r.values); });
    else out[term.group] = rows;
    o += term.nLevels * k;
  }
  return out;
}

/**
 * A response that does not vary cannot be modelled: say so before the optimiser meets a zero residual variance.
 * @throws {StatsError} naming the response and its single value.
 */
export function checkResponse(what: string, name: string, y: Float64Array): void {
  for (let i = 1; i < y.length; i++) if (y[i] !== y[0]) return;
  throw new StatsError(`${what}: the response "${name}" is constant (${y[0]} in all ${y.length} rows used)`, "a model needs variation in the response; check the column and the rows selected");
}
