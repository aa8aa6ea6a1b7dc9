/**
 * What `glmm` adds to lme4 formulas and its diagnostics: a `cbind(successes, failures)` response and `offset(…)`
 * terms are taken out of the formula before the design is built (they become extra numeric variables of the
 * frame), and the fit is checked as lme4 checks it (scaled gradient, Hessian, number of random effects).
 */
import { StatsError } from "../core/errors.js";
import { parseCallName } from "./transform.js";
import type { ReTerm } from "./design.js";
import { cholesky } from "./pirls.js";
import { symmetricEigen } from "./glmm-optimize.js";

const IDENT = /^[A-Za-z_.][A-Za-z0-9_.]*$/;

/** A frame variable name for an expression: a column, a formula function call, or I(expression). */
export function exprName(e: string): string {
  const t = e.trim();
  if (IDENT.test(t)) return t;
  try { if (parseCallName(t)) return t; } catch { /* not a call: fall through */ }
  return `I(${t})`;
}

function matching(s: string, open: number): number {
  let depth = 0;
  for (let i = open; i < s.length; i++) {
    if (s[i] === "(") depth++;
    else if (s[i] === ")" && --depth === 0) return i;
  }
  return -1;
}

/** Splits at a character outside parentheses. */
function splitTop(s: string, ch: string): string[] {
  const out: string[] = [];
  let depth = 0, start = 0;
  for (let i = 0; i < s.length; i++) {
    if (s[i] === "(") depth++;
    else if (s[i] === ")") depth--;
    else if (s[i] === ch && depth === 0) { out.push(s.slice(start, i)); start = i + 1; }
  }
  out.push(s.slice(start));
  return out;
}

/**
 * Takes `cbind(s, f)` out of the response and `offset(…)` terms out of the right-hand side.
 *
 * @throws {StatsError} for a cbind with other than two arguments, or an offset term joined by something other than `+`.
 * @example
 * splitGlmFormula("cbind(s, n - s) ~ x + offset(log(t)) + (1 | g)");
 * // { formula: "s ~ x + (1 | g)", cbind: ["s", "I(n - s)"], offsets: ["log(t)"] }
 */
export function splitGlmFormula(formula: string): { formula: string; cbind?: [string, string]; offsets: string[] } {
  const sides = splitTop(formula, "~");
  if (sides.length !== 2) return { formula, offsets: [] };
  let lhs = sides[0]!.trim();
  let cb: [string, string] | undefined;
  const m = /^cbind\s*\(/.exec(lhs);
  if (m) {
    const open = lhs.indexOf("(");
    const close = matching(lhs, open);
    if (close !== lhs.length - 1) throw new StatsError(`glmm: cannot read the response "${lhs}"`, "write cbind(successes, failures)");
    const args = splitTop(lhs.slice(open + 1, close), ",");
    if (args.length !== 2) throw new StatsError(`glmm: cbind() in "${lhs}" has ${args.length} arguments`, "write cbind(successes, failures), e.g. cbind(correct, n - correct)");
    cb = [exprName(args[0]!), exprName(args[1]!)];
    lhs = cb[0];
  }
  const offsets: string[] = [];
  const kept: string[] = [];
  for (const part of splitTop(sides[1]!, "+")) {
    const t = part.trim();
    if (/^offset\s*\(/.test(t)) {
      const open = t.indexOf("(");
      const close = matching(t, open);
      if (close !== t.length - 1) throw new StatsError(`glmm: cannot read "${t}"`, "add the offset as its own term: y ~ x + offset(log(t)) + (1 | g)");
      offsets.push(exprName(t.slice(open + 1, close)));
    } else if (/(^|[^A-Za-z0-9_.])offset\s*\(/.test(t.replace(/\([^()]*\|[^()]*\)/g, ""))) {
      throw new StatsError(`glmm: cannot read "${t}"`, "add the offset as its own term: y ~ x + offset(log(t)) + (1 | g)");
    } else kept.push(t);
  }
  const rhs = kept.filter((t) => t !== "").join(" + ") || "1";
  return { formula: `${lhs} ~ ${rhs}`, ...(cb ? { cbind: cb } : {}), offsets };
}

/** lme4's default tolerance of `check.conv.grad`. */
export const GRAD_TOL = 2e-3;

/**
 * lme4's `check.conv.grad`: the gradient scaled by the Cholesky factor of the Hessian, solve(chol(H), g), over the
 * parameters not on a boundary; the largest absolute component must stay below 0.002. When H is not positive
 * definite the raw gradient is used, as lme4 does.
 */
export function checkConvergence(fit: { gradient: readonly number[]; hessian: readonly (readonly number[])[] }): { scaledGradient: number; tol: number; ok: boolean } {
  const keep = fit.gradient.map((g, j) => j).filter((j) => Number.isFinite(fit.gradient[j]!) && fit.hessian[j]!.every((v, k) => !Number.isFinite(fit.gradient[k]!) || Number.isFinite(v)));
  const d = keep.length;
  const g = keep.map((j) => fit.gradient[j]!);
  let sc = g;
  try {
    const L = cholesky(keep.flatMap((a) => keep.map((b) => fit.hessian[a]![b]!)), d);
    // solve(R, g) with R = Lᵀ upper triangular.
    const x = [...g];
    for (let i = d - 1; i >= 0; i--) { let s = x[i]!; for (let k = i + 1; k < d; k++) s -= L[k * d + i]! * x[k]!; x[i] = s / L[i * d + i]!; }
    sc = x;
  } catch { /* not positive definite: the raw gradient */ }
  const scaledGradient = Math.max(0, ...sc.map(Math.abs));
  return { scaledGradient, tol: GRAD_TOL, ok: scaledGradient < GRAD_TOL };
}

/**
 * lme4's `check.conv.hess` on the Hessian over the free parameters: negative eigenvalues mean a degenerate optimum,
 * and an eigenvalue ratio below 1e-6 means the model is nearly unidentifiable.
 */
export function hessianWarnings(hessian: readonly (readonly number[])[], free: readonly number[]): string[] {
  if (free.length === 0) return [];
  const H = free.map((a) => free.map((b) => hessian[a]![b]!));
  if (H.some((r) => r.some((v) => !Number.isFinite(v)))) return [];
  const ev = symmetricEigen(H).values;
  const neg = ev.filter((v) => v < 0).length;
  if (neg > 0) return [`Model failed to converge: degenerate Hessian with ${neg} negative eigenvalue${neg === 1 ? "" : "s"}`];
  const max = Math.max(...ev), min = Math.min(...ev);
  if (min / max < 1e-6) return [`Model is nearly unidentifiable: large eigenvalue ratio (${(max / min).toExponential(2)}); rescale variables?`];
  return [];
}

/**
 * lme4's `check.nobs.vs.nRE`: a random-effect term with at least as many random effects as observations cannot be
 * told apart from the residual (or the observation-level variation).
 */
export function identifiability(n: number, terms: readonly Pick<ReTerm, "group" | "termNames" | "nLevels">[]): string[] {
  const out: string[] = [];
  for (const t of terms) {
    const q = t.nLevels * t.termNames.length;
    if (q >= n) out.push(`number of observations (${n}) <= number of random effects (${q}) for term (${t.termNames.join(" + ")} | ${t.group}); the random-effects parameters are probably unidentifiable`);
  }
  return out;
}
