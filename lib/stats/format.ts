/**
 * Plain-text summaries of fits, laid out as R's `summary()` prints them. The fits themselves are data;
 * these functions only format.
 */
import type { LmmFit } from "./lmm.js";

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
