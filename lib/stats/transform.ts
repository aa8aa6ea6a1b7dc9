/**
 * Functions inside model formulas, as R evaluates them in `model.frame`: `log(x)`, `log2`, `log10`, `log1p`,
 * `exp`, `sqrt`, `abs`, `I(…)` with arithmetic (`+ - * / ^`, numbers, columns and the functions above), `scale(x)`
 * (centred by the mean and divided by the standard deviation of the non-missing values, as R's `scale`) and
 * `factor(x)` / `as.factor(x)`.
 *
 * A call becomes one variable named as R deparses it (`I(x * 2)`, `I(x^2)`, `log(x + 1)`), so coefficients carry
 * R's names (`log(tokens)`, `factor(round)2`). Values are computed over all rows before rows with missing values
 * are dropped, as in R.
 */
import { DataError, StatsError } from "../core/errors.js";

/** The functions a formula may call. */
export const FORMULA_FUNCTIONS = ["log", "log2", "log10", "log1p", "exp", "sqrt", "abs", "I", "scale", "factor", "as.factor"] as const;

const UNARY: Record<string, (x: number) => number> = {
  log: Math.log, log2: Math.log2, log10: Math.log10, log1p: Math.log1p, exp: Math.exp, sqrt: Math.sqrt, abs: Math.abs,
};

/** An expression inside a formula call. */
export type Expr =
  | { kind: "var"; name: string }
  | { kind: "num"; value: number }
  | { kind: "call"; fn: string; arg: Expr }
  | { kind: "neg"; arg: Expr }
  | { kind: "paren"; arg: Expr }
  | { kind: "bin"; op: "+" | "-" | "*" | "/" | "^"; left: Expr; right: Expr };

/** True when `name` followed by `(` starts a function call this module evaluates. */
export function isFormulaFunction(name: string): boolean {
  return (FORMULA_FUNCTIONS as readonly string[]).includes(name);
}

/**
 * Parses the call that starts at `start` in `src` (a function name followed by `(`).
 * @returns the expression, its R name and the index just after the closing parenthesis.
 * @throws {StatsError} for an unknown function, a malformed argument or an unbalanced parenthesis.
 * @example parseCall("y ~ I(x*2) + z", 4) // → { name: "I(x * 2)", end: 10, expr: … }
 */
export function parseCall(src: string, start: number): { expr: Expr; name: string; end: number } {
  const p = new ExprParser(src, start);
  const expr = p.call();
  return { expr, name: deparse(expr), end: p.pos };
}

/** Parses a variable name that is a call (`"log(x + 1)"`), or returns undefined for a plain name. */
export function parseCallName(name: string): Expr | undefined {
  const m = /^([A-Za-z_.][A-Za-z0-9_.]*)\s*\(/.exec(name);
  if (!m || !isFormulaFunction(m[1]!)) return undefined;
  const r = parseCall(name, 0);
  if (r.end !== name.length) return undefined;
  return r.expr;
}

/** The columns an expression reads, in order of appearance. */
export function variablesOf(e: Expr, out: string[] = []): string[] {
  if (e.kind === "var") { if (!out.includes(e.name)) out.push(e.name); }
  else if (e.kind === "bin") { variablesOf(e.left, out); variablesOf(e.right, out); }
  else if (e.kind !== "num") variablesOf(e.arg, out);
  return out;
}

/** True when the expression makes a factor (`factor(x)`, `as.factor(x)`). */
export function isFactorCall(e: Expr): boolean {
  return e.kind === "call" && (e.fn === "factor" || e.fn === "as.factor");
}

/**
 * Evaluates an expression over columns of `n` rows. Missing values (null, undefined, NaN) stay missing;
 * `factor(x)` returns x's values unchanged (the frame makes the factor).
 * @throws {DataError} when a column an arithmetic function reads holds text.
 */
export function evaluate(e: Expr, cols: ReadonlyMap<string, ArrayLike<unknown>>, n: number, label: string): unknown[] {
  if (isFactorCall(e)) {
    const inner = (e as { arg: Expr }).arg;
    if (inner.kind === "var") return Array.from(cols.get(inner.name)!);
    return evaluate(inner, cols, n, label);
  }
  const v = numeric(e, cols, n, label);
  return Array.from(v, (x) => (Number.isNaN(x) ? null : x));
}

function numeric(e: Expr, cols: ReadonlyMap<string, ArrayLike<unknown>>, n: number, label: string): Float64Array {
  switch (e.kind) {
    case "num":
      return new Float64Array(n).fill(e.value);
    case "var": {
      const c = cols.get(e.name)!;
      const out = new Float64Array(n);
      for (let i = 0; i < n; i++) {
        const x = c[i];
        if (x === null || x === undefined || (typeof x === "string" && (x === "NA" || x.trim() === ""))) out[i] = NaN;
        else if (typeof x === "number") out[i] = x;
        else if (typeof x === "boolean") out[i] = x ? 1 : 0;
        else {
          throw new DataError({ field: e.name, message: `${label} needs numbers, but row ${i + 1} holds "${String(x)}"`, fix: `convert "${e.name}" to numbers, or use factor(${e.name})` });
        }
      }
      return out;
    }
    case "paren":
      return numeric(e.arg, cols, n, label);
    case "neg":
      return numeric(e.arg, cols, n, label).map((x) => -x);
    case "bin": {
      const a = numeric(e.left, cols, n, label), b = numeric(e.right, cols, n, label);
      const f = { "+": (x: number, y: number) => x + y, "-": (x: number, y: number) => x - y, "*": (x: number, y: number) => x * y,
        "/": (x: number, y: number) => x / y, "^": (x: number, y: number) => x ** y }[e.op];
      return a.map((x, i) => f(x, b[i]!));
    }
    case "call": {
      const x = numeric(e.arg, cols, n, label);
      if (e.fn === "I") return x;
      if (e.fn === "scale") {
        let m = 0, k = 0;
        for (const v of x) if (!Number.isNaN(v)) { m += v; k++; }
        m /= Math.max(k, 1);
        let ss = 0;
        for (const v of x) if (!Number.isNaN(v)) ss += (v - m) ** 2;
        const sd = Math.sqrt(ss / Math.max(1, k - 1));
        return x.map((v) => (v - m) / sd);
      }
      if (e.fn === "factor" || e.fn === "as.factor") {
        throw new StatsError(`formula variable ${label}: factor() can only wrap a whole variable, not arithmetic inside other functions`, "make the factor column first");
      }
      return x.map(UNARY[e.fn]!);
    }
  }
}

/** R's deparse of an expression: spaces around `+`, `-` and `*`, none around `/` and `^`. */
export function deparse(e: Expr): string {
  switch (e.kind) {
    case "var": return /^[A-Za-z.][A-Za-z0-9_.]*$/.test(e.name) && !/^\.[0-9]/.test(e.name) ? e.name : `\`${e.name}\``;
    case "num": return String(e.value);
    case "neg": return `-${deparse(e.arg)}`;
    case "paren": return `(${deparse(e.arg)})`;
    case "call": return `${e.fn}(${deparse(e.arg)})`;
    case "bin": return e.op === "/" || e.op === "^" ? `${deparse(e.left)}${e.op}${deparse(e.right)}` : `${deparse(e.left)} ${e.op} ${deparse(e.right)}`;
  }
}

class ExprParser {
  constructor(private readonly src: string, public pos: number) {}

  private fail(what: string): StatsError {
    return new StatsError(`formula "${this.src}": ${what}`,
      `functions in formulas: ${FORMULA_FUNCTIONS.join(", ")}, with + - * / ^ inside I(…); compute other transformations as a column first`);
  }
  private ws(): void { while (this.pos < this.src.length && /\s/.test(this.src[this.pos]!)) this.pos++; }
  private peek(): string { this.ws(); return this.src[this.pos] ?? ""; }
  private expect(c: string): void {
    if (this.peek() !== c) throw this.fail(`expected '${c}' at position ${this.pos}`);
    this.pos++;
  }

  /** call := fn '(' sum ')' */
  call(): Expr {
    this.ws();
    const m = /^[A-Za-z_.][A-Za-z0-9_.]*/.exec(this.src.slice(this.pos));
    if (!m) throw this.fail(`expected a function name at position ${this.pos}`);
    const fn = m[0];
    if (!isFormulaFunction(fn)) throw this.fail(`unsupported function ${fn}() at position ${this.pos}`);
    this.pos += fn.length;
    this.expect("(");
    const arg = this.sum();
    if (this.peek() === ",") throw this.fail(`${fn}() takes one argument here (position ${this.pos})`);
    this.expect(")");
    return { kind: "call", fn, arg };
  }

  /** sum := prod (('+' | '-') prod)* */
  private sum(): Expr {
    return this.leftAssoc(["+", "-"], () => this.prod());
  }

  /** prod := unary (('*' | '/') unary)* */
  private prod(): Expr {
    return this.leftAssoc(["*", "/"], () => this.unary());
  }

  /** operand (op operand)*, grouped to the left. */
  private leftAssoc(ops: readonly ("+" | "-" | "*" | "/")[], operand: () => Expr): Expr {
    let left = operand();
    for (let c = this.peek(); (ops as readonly string[]).includes(c); c = this.peek()) {
      this.pos++;
      left = { kind: "bin", op: c as (typeof ops)[number], left, right: operand() };
    }
    return left;
  }

  /** unary := '-' unary | power   (R: -x^2 is -(x^2)) */
  private unary(): Expr {
    if (this.peek() === "-") { this.pos++; return { kind: "neg", arg: this.unary() }; }
    return this.power();
  }

  /** power := atom ('^' unary)?   (right-associative, as R) */
  private power(): Expr {
    const base = this.atom();
    if (this.peek() === "^") { this.pos++; return { kind: "bin", op: "^", left: base, right: this.unary() }; }
    return base;
  }

  private atom(): Expr {
    const c = this.peek();
    if (c === "(") { this.pos++; const inner = this.sum(); this.expect(")"); return { kind: "paren", arg: inner }; }
    if (c === "`") {
      const j = this.src.indexOf("`", this.pos + 1);
      if (j < 0) throw this.fail("unclosed backquote");
      const name = this.src.slice(this.pos + 1, j);
      this.pos = j + 1;
      return { kind: "var", name };
    }
    const rest = this.src.slice(this.pos);
    const num = /^([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?/.exec(rest);
    if (num) { this.pos += num[0].length; return { kind: "num", value: Number(num[0]) }; }
    const name = /^[A-Za-z_.][A-Za-z0-9_.]*/.exec(rest);
    if (name) {
      const after = this.src.slice(this.pos + name[0].length).trimStart();
      if (after.startsWith("(")) return this.call();
      this.pos += name[0].length;
      return { kind: "var", name: name[0] };
    }
    throw this.fail(`unexpected '${c || "end"}' at position ${this.pos}`);
  }
}
