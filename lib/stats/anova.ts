/**
 * Likelihood-ratio test of nested linear mixed models, as lme4's `anova(m0, m1)`: REML fits are
 * refitted by maximum likelihood first, the models are ordered by their number of parameters, and
 * χ² = 2 (ℓ₁ − ℓ₀) on (npar₁ − npar₀) degrees of freedom. This is how a factor with several levels
 * is tested as a whole.
 */
import { StatsError } from "../core/errors.js";
import { chisqUpper } from "./distributions.js";
import { refitML, type LmmFit } from "./lmm.js";
import type { GlmmResult } from "./glmm.js";

/** A mixed-model fit `anova` compares. */
type MixedFit = LmmFit | GlmmResult;

/** The result of {@link anova}, models in order of increasing parameters. */
export interface AnovaResult {
  chisq: number;
  df: number;
  p: number;
  /** Per model (smaller first): formula, parameters, ML log-likelihood, AIC, BIC, deviance. */
  models: Array<{ formula: string; npar: number; logLik: number; aic: number; bic: number; deviance: number }>;
  /** True when REML fits were refitted by ML (as lme4 does). */
  refitted: boolean;
}

/** Parameters as R's `attr(logLik(fit), "df")`: β and θ, plus σ for a linear mixed model (none for glmm). */
function npar(f: MixedFit): number {
  return "reml" in f ? f.fixefNames.length + f.theta.length + 1 : f.df;
}

/**
 * Likelihood-ratio test of two nested mixed models fitted to the same rows: two `lmm` fits (REML refitted by ML) or
 * two `glmm` fits (npar = θ and β, as R counts them for glmer).
 *
 * @throws {StatsError} when the models were fitted to different numbers of rows or have the same number of parameters.
 * @example
 * const m0 = lmm("silence ~ interval + mode + (1 | agent_id)", panel);
 * const m1 = lmm("silence ~ interval + mode + memory + (1 | agent_id)", panel);
 * anova(m0, m1); // { chisq: 14.725, df: 2, p: 0.000635, … }
 */
export function anova(smaller: MixedFit, larger: MixedFit): AnovaResult {
  if (smaller.nobs !== larger.nobs) {
    throw new StatsError(`anova: the models use ${smaller.nobs} and ${larger.nobs} rows`, "fit both models to the same rows (drop missing values in the data first)");
  }
  if (("reml" in smaller) !== ("reml" in larger)) throw new StatsError("anova: one model is an lmm and the other a glmm", "compare models of the same kind");
  const refitted = ("reml" in smaller && smaller.reml) || ("reml" in larger && larger.reml);
  const ml = (f: MixedFit): MixedFit => ("reml" in f ? refitML(f) : f);
  let [a, b] = [ml(smaller), ml(larger)];
  if (npar(a) > npar(b)) [a, b] = [b, a];
  const df = npar(b) - npar(a);
  if (df === 0) throw new StatsError("anova: both models have the same number of parameters", "compare nested models that differ in their terms");
  const chisq = Math.max(0, 2 * (b.logLik - a.logLik));
  const row = (f: MixedFit) => ({ formula: f.formula, npar: npar(f), logLik: f.logLik, aic: f.aic, bic: f.bic, deviance: -2 * f.logLik });
  return { chisq, df, p: chisqUpper(chisq, df), models: [row(a), row(b)], refitted };
}
