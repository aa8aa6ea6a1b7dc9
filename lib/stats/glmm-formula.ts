/**
 * What `glmm` adds to lme4 formulas: a `cbind(successes, failures)` response and `offset(…)` terms are taken out of
 * the formula before the design is built (they become extra numeric variables of the frame). The fit's checks are in
 * `lme4-checks.ts`.
 */
import { StatsError } from "../core/errors.js";
import { parseCallName } from "./transform.js";

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
