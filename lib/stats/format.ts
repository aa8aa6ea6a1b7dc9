/**
 * Plain-text summaries of fits, laid out as R's `summary()` prints them, p-values as R's `format.pval` writes them
 * (`< 2e-16`) and the fit's warnings (lme4's convergence messages) at the end. The fits themselves are data; these
 * functions only format.
 */
import { ConfigError } from "../core/errors.js";
import { formatPval } from "./format-pval.js";
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

/** The fit's warnings, one per line, after the tables (as R prints lme4's messages after the summary). */
function warningLines(w: readonly string[]): string {
  return w.length ? `\n${w.join("\n")}\n` : "";
}

/** The random-effects table shared by the mixed-model summaries. */
function randomEffects(varcorr: LmmFit["varcorr"]): string {
  return table(["Groups", "Name", "Variance", "Std.Dev./Corr"], varcorr.map((v) => [
    v.grp, v.var2 ? `${v.var1} ~ ${v.var2}` : v.var1 ?? "", v.var2 ? "" : num(v.vcov), num(v.sdcor),
  ]), 2);
}

function droppedLine(cols: readonly string[]): string {
  return cols.length ? `\nfixed-effect model matrix is rank deficient so dropping ${cols.length} column${cols.length === 1 ? "" : "s"}: ${cols.join(", ")}` : "";
}

/**
 * A text summary of a linear mixed model: criterion, random effects, fixed effects with Satterthwaite tests (p-values
 * as R's format.pval), then the fit's warnings (lme4's messages: singular fit, convergence, scales).
 *
 * @example
 * console.log(formatLmm(lmm("Reaction ~ Days + (Days | Subject)", sleepstudy)));
 */
export function formatLmm(fit: LmmFit): string {
  const crit = fit.reml ? `REML criterion: ${num(fit.remlCriterion, 7)}` : `deviance: ${num(fit.deviance, 7)}`;
  const head = `Linear mixed model fit by ${fit.reml ? "REML" : "maximum likelihood"} (Satterthwaite df)\nFormula: ${fit.formula}\n` +
    `${crit}   logLik: ${num(fit.logLik, 7)}   AIC: ${num(fit.aic, 7)}   BIC: ${num(fit.bic, 7)}\n` +
    `nobs: ${fit.nobs}${fit.nDropped ? ` (${fit.nDropped} rows dropped for missing values)` : ""}; groups: ` +
    Object.entries(fit.nGroups).map(([g, n]) => `${g} ${n}`).join(", ") + droppedLine(fit.droppedColumns);
  const withDf = Object.keys(fit.df).length > 0;
  const pv = formatPval(fit.fixefNames.map((n) => fit.p[n]));
  const fe = withDf
    ? table(["", "Estimate", "Std. Error", "df", "t value", "Pr(>|t|)"], fit.fixefNames.map((n, j) => [n, num(fit.fixef[n]), num(fit.se[n]), num(fit.df[n]), num(fit.t[n]), pv[j]!]))
    : table(["", "Estimate", "Std. Error", "t value"], fit.fixefNames.map((n) => [n, num(fit.fixef[n]), num(fit.se[n]), num(fit.t[n])]));
  return `${head}\n\nRandom effects:\n${randomEffects(fit.varcorr)}\n\nFixed effects:\n${fe}\n${warningLines(fit.warnings)}`;
}

/**
 * A text summary of a generalised linear mixed model, laid out as R's `summary(glmer)`: family and link, AIC, BIC,
 * logLik, −2 logLik and residual df, random effects, fixed effects with Wald z tests (p-values as R's format.pval),
 * then the fit's warnings (lme4's messages).
 *
 * @example
 * console.log(formatGlmm(glmm("cbind(s, f) ~ x + (1 | g)", rows, { family: "binomial" })));
 */
export function formatGlmm(fit: GlmmResult): string {
  const head = `Generalized linear mixed model fit by maximum likelihood (Laplace approximation)\n Family: ${fit.family} ( ${fit.link} )\n` +
    `Formula: ${fit.formula}\n` +
    table(["AIC", "BIC", "logLik", "-2*log(L)", "df.resid"], [[num(fit.aic, 7), num(fit.bic, 7), num(fit.logLik, 7), num(-2 * fit.logLik, 7), String(fit.nobs - fit.df)]], 0) + "\n" +
    `nobs: ${fit.nobs}${fit.nDropped ? ` (${fit.nDropped} rows dropped for missing values)` : ""}; groups: ` +
    Object.entries(fit.nGroups).map(([g, n]) => `${g} ${n}`).join(", ") + droppedLine(fit.droppedColumns) +
    (fit.rescaled.length ? `\nfitted on centred and scaled ${fit.rescaled.join(", ")}; estimates on the original scale` : "");
  const pv = formatPval(fit.fixefNames.map((n) => fit.p[n]));
  const fe = table(["", "Estimate", "Std. Error", "z value", "Pr(>|z|)"], fit.fixefNames.map((n, j) => [n, num(fit.fixef[n]), num(fit.se[n]), num(fit.z[n]), pv[j]!]));
  return `${head}\n\nRandom effects:\n${randomEffects(fit.varcorr)}\n\nFixed effects:\n${fe}\n${warningLines(fit.warnings)}`;
}

/** One row of {@link summaryTable}: the term and R's columns. */
export type CoefRow = { term: string } & Record<string, string | number | null>;

type AnyFit = LmmFit | GlmmResult | GlmFit | OlsFit;

/** Options of {@link summaryTable}. */
export interface SummaryTableOptions {
  /**
   * The p-value column: `"number"` (default) keeps the p-values as numbers, as R's `coef(summary(m))`; `"text"` gives
   * them as R prints them (`format.pval` with printCoefmat's 3 digits: `< 2e-16`, `1.2e-05`, `0.0123`), for showing
   * with `plot.table`. The numbers stay in the fit (`fit.p`).
   */
  pValues?: "number" | "text";
}

/**
 * The coefficient table of a fit with R's column names, one row per fixed effect:
 * - `lmm`: Estimate, Std. Error, df, t value, Pr(>|t|) (lmerTest's Satterthwaite df; without them, as lme4's summary:
 *   Estimate, Std. Error, t value);
 * - `glmm` and binomial `glm`: Estimate, Std. Error, z value, Pr(>|z|);
 * - `ols` and gaussian `glm`: Estimate, Std. Error, t value, Pr(>|t|).
 *
 * @throws {ConfigError} on an unknown option or `pValues` value.
 * @example
 * plot.table(stats.summaryTable(lmm("Reaction ~ Days + (Days | Subject)", sleepstudy)), { title: "Fixed effects" });
 * // term         Estimate  Std. Error     df  t value  Pr(>|t|)
 * // (Intercept)     251.4       6.825  17.00    36.84  1.17e-17 …
 * stats.summaryTable(fit, { pValues: "text" })[0]["Pr(>|z|)"]; // "< 2e-16", as R prints it
 */
export function summaryTable(fit: AnyFit, opts: SummaryTableOptions = {}): CoefRow[] {
  for (const k of Object.keys(opts)) if (k !== "pValues") throw new ConfigError({ path: ["summaryTable options", k], message: `unknown option "${k}"`, fix: 'the option is pValues: "number" | "text"' });
  const mode = opts.pValues ?? "number";
  if (mode !== "number" && mode !== "text") throw new ConfigError({ path: ["summaryTable options", "pValues"], message: `pValues must be "number" or "text" (got ${JSON.stringify(mode)})`, fix: 'use "text" for R\'s printed p-values' });
  const rows = coefRows(fit);
  if (mode === "number") return rows;
  const col = rows.length ? Object.keys(rows[0]!).find((k) => k.startsWith("Pr(>")) : undefined;
  if (!col) return rows;
  const text = formatPval(rows.map((r) => r[col] as number));
  return rows.map((r, i) => ({ ...r, [col]: text[i]! }));
}

function coefRows(fit: AnyFit): CoefRow[] {
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
