/**
 * Plain-text summaries of fits, laid out as R's `summary()` prints them. The fits themselves are data;
 * these functions only format.
 */
import type { GlmFit } from "./glm.js";
import type { GlmmResult } from "./glmm.js";
import type { LmmFit } from "./lmm.js";
import type { OlsFit } from "./ols.js";

function num(x: number | undefined, digits = 4): string {
  if (x === undefined || !Number.isFinite(x)) return "NA";
  const a = Math.abs(x);
  return a !== 0 && (a < 1e-3 || a >= 1e6) ? x.toExponential(digits - 1) : x.toPrecision(digits);
}

function table(header: string[], rows: string[][], left = 1): string {
  const widths = header.map((h, j) => Math.max(h.length, ...rows.map((r) => r[j]!.length)));
  const line = (r: string[]): string => r.map((c, j) => (j < left ? c.padEnd(widths[j]!) : c.padStart(widths[j]!))).join("  ");
  return [line(header), ...rows.map(line)].join("\n");
}

/**
 * A text summary of a linear mixed model: criterion, random effects, fixed effects with Satterthwaite tests.
 *
 * @example
 * console.log(formatLmm(lmm("Reaction ~ Days + (Days | Subject)", sleepstudy)));
 */
export function formatLmm(fit: LmmFit): string {
  const crit = fit.reml ? `REML criterion: ${num(fit.remlCriterion, 7)}` : `deviance: ${num(fit.deviance, 7)}`;
  const head = `Linear mixed model fit by ${fit.reml ? "REML" : "maximum likelihood"} (Satterthwaite df)\nFormula: ${fit.formula}\n` +
    `${crit}   logLik: ${num(fit.logLik, 7)}   AIC: ${num(fit.aic, 7)}   BIC: ${num(fit.bic, 7)}\n` +
    `nobs: ${fit.nobs}${fit.nDropped ? ` (${fit.nDropped} rows dropped for missing values)` : ""}; groups: ` +
    Object.entries(fit.nGroups).map(([g, n]) => `${g} ${n}`).join(", ") + (fit.singular ? "\nboundary (singular) fit" : "") +
    (fit.droppedColumns.length ? `\nfixed-effect model matrix is rank deficient so dropping ${fit.droppedColumns.length} column${fit.droppedColumns.length === 1 ? "" : "s"}: ${fit.droppedColumns.join(", ")}` : "");
  const re = table(["Groups", "Name", "Variance", "Std.Dev./Corr"], fit.varcorr.map((v) => [
    v.grp, v.var2 ? `${v.var1} ~ ${v.var2}` : v.var1 ?? "", v.var2 ? "" : num(v.vcov), num(v.sdcor),
  ]), 2);
  const fe = table(["", "Estimate", "Std. Error", "df", "t value", "Pr(>|t|)"], fit.fixefNames.map((n) => [
    n, num(fit.fixef[n]), num(fit.se[n]), num(fit.df[n]), num(fit.t[n]), num(fit.p[n], 3),
  ]));
  return `${head}\n\nRandom effects:\n${re}\n\nFixed effects:\n${fe}\n`;
}

/** One row of {@link summaryTable}: the term and R's columns. */
export type CoefRow = { term: string } & Record<string, string | number | null>;

type AnyFit = LmmFit | GlmmResult | GlmFit | OlsFit;

/**
 * The coefficient table of a fit with R's column names, one row per fixed effect:
 * - `lmm`: Estimate, Std. Error, df, t value, Pr(>|t|) (lmerTest's Satterthwaite df; without them, as lme4's summary:
 *   Estimate, Std. Error, t value);
 * - `glmm` and binomial `glm`: Estimate, Std. Error, z value, Pr(>|z|);
 * - `ols` and gaussian `glm`: Estimate, Std. Error, t value, Pr(>|t|).
 *
 * @example
 * plot.table(stats.summaryTable(lmm("Reaction ~ Days + (Days | Subject)", sleepstudy)), { title: "Fixed effects" });
 * // term         Estimate  Std. Error     df  t value  Pr(>|t|)
 * // (Intercept)     251.4       6.825  17.00    36.84  1.17e-17 …
 */
export function summaryTable(fit: AnyFit): CoefRow[] {
  if ("reml" in fit) {
    const withDf = Object.keys(fit.df).length > 0;
    return fit.fixefNames.map((n) => ({
      term: n, Estimate: fit.fixef[n]!, "Std. Error": fit.se[n]!,
      ...(withDf ? { df: fit.df[n]!, "t value": fit.t[n]!, "Pr(>|t|)": fit.p[n]! } : { "t value": fit.t[n]! }),
    }));
  }
  if ("method" in fit && fit.method === "Laplace") {
    return fit.fixefNames.map((n) => ({ term: n, Estimate: fit.fixef[n]!, "Std. Error": fit.se[n]!, "z value": fit.z[n]!, "Pr(>|z|)": fit.p[n]! }));
  }
  if ("dispersion" in fit) {
    const z = fit.family === "binomial";
    return fit.names.map((n) => ({ term: n, Estimate: fit.coef[n]!, "Std. Error": fit.se[n]!, [z ? "z value" : "t value"]: fit.z[n]!, [z ? "Pr(>|z|)" : "Pr(>|t|)"]: fit.p[n]! }));
  }
  const o = fit as OlsFit;
  return o.names.map((n) => ({ term: n, Estimate: o.coef[n]!, "Std. Error": o.se[n]!, "t value": o.t[n]!, "Pr(>|t|)": o.p[n]! }));
}
