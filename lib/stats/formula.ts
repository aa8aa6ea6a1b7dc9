/**
 * Model formulas in R / lme4 syntax, parsed into terms.
 *
 * Grammar (the subset of R's that regression models use):
 * `response ~ rhs`, where `rhs` combines variables with `+`, `-`, `*` (main effects and interaction),
 * `:` (interaction only), parentheses, `1` / `0` / `-1` (keep or drop the intercept) and random-effect
 * terms `(lhs | group)` (or `(lhs || group)`: one uncorrelated term per column, as lme4), where `group` is a variable, `a:b` (interaction of two factors) or `a/b`
 * (`b` nested in `a`, expanded as lme4 does to `(lhs | a) + (lhs | b:a)`).
 *
 * A variable may be a function call (`log(x)`, `I(x^2)`, `scale(x)`, `factor(k)`; see `transform.ts`), named as R
 * deparses it.
 *
 * Fixed terms are ordered as R's `terms()` orders them: by degree (main effects, then two-way
 * interactions, …), in order of appearance within a degree; the variables of an interaction are
 * ordered by their first appearance in the formula.
 */
import { StatsError } from "../core/errors.js";
import { parseCall } from "./transform.js";

/** A fixed-effect term: the variables it multiplies (empty never appears; the intercept is a flag). */
export type Term = readonly string[];

/** One random-effect term `(lhs | group)`. */
export interface RandomTerm {
  /** The terms of the left-hand side (e.g. `[["Days"]]` for `(1 + Days | g)`). */
  terms: Term[];
  /** Whether the left-hand side keeps its intercept. */
  intercept: boolean;
  /** Grouping variables in the order of the group's name; more than one means their interaction. */
  group: string[];
  /** The group's name as lme4 prints it (`"Subject"`, `"cask:batch"`). */
  groupName: string;
}

/** A parsed formula. */
export interface ParsedFormula {
  response: string;
  /** Fixed-effect terms, ordered as R orders them. */
  terms: Term[];
  intercept: boolean;
  random: RandomTerm[];
  /** Every variable named, in order of first appearance (response first). */
  variables: string[];
}

type Tok = { kind: "name" | "num" | "op"; text: string; pos: number };

function tokenize(src: string): Tok[] {
  const out: Tok[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    if (/\s/.test(c)) { i++; continue; }
    if (c === "`") {
      const j = src.indexOf("`", i + 1);
      if (j < 0) throw fail(src, "unclosed backquote");
      out.push({ kind: "name", text: src.slice(i + 1, j), pos: i });
      i = j + 1;
      continue;
    }
    if (c === "|" && src[i + 1] === "|") { out.push({ kind: "op", text: "||", pos: i }); i += 2; continue; }
    if ("~+-*:/|()".includes(c)) { out.push({ kind: "op", text: c, pos: i }); i++; continue; }
    const m = /^[A-Za-z_.][A-Za-z0-9_.]*/.exec(src.slice(i));
    if (m && src.slice(i + m[0].length).trimStart().startsWith("(")) {
      // A function call (`log(x)`, `I(x^2)`, `factor(k)`) is one variable, named as R deparses it.
      const call = parseCall(src, i);
      out.push({ kind: "name", text: call.name, pos: i });
      i = call.end;
      continue;
    }
    if (m) { out.push({ kind: "name", text: m[0], pos: i }); i += m[0].length; continue; }
    const n = /^[0-9]+(\.[0-9]*)?/.exec(src.slice(i));
    if (n) { out.push({ kind: "num", text: n[0], pos: i }); i += n[0].length; continue; }
    throw fail(src, `unexpected character '${c}' at position ${i}`);
  }
  return out;
}

function fail(src: string, what: string): StatsError {
  return new StatsError(`formula "${src}": ${what}`, "write the formula in lme4 syntax, e.g. `y ~ x + f * g + (1 + x | group)`");
}

/** What an expression evaluates to: terms, an intercept instruction, random terms. */
interface Val {
  terms: Term[];
  /** true: `1` seen; false: `0` or `-1` seen; undefined: not said. */
  intercept?: boolean;
  random: RandomTerm[];
}

class Parser {
  private i = 0;
  readonly order: string[] = [];
  constructor(private readonly src: string, private readonly toks: Tok[]) {}

  peek(): Tok | undefined { return this.toks[this.i]; }
  take(text?: string): Tok {
    const t = this.toks[this.i];
    if (!t || (text !== undefined && t.text !== text)) {
      throw fail(this.src, `expected ${text ? `'${text}'` : "more"} ${t ? `at position ${t.pos}` : "at the end"}`);
    }
    this.i++;
    return t;
  }
  done(): boolean { return this.i >= this.toks.length; }

  /** sum := ['-'] prod (('+' | '-') prod)* */
  sum(topLevel: boolean): Val {
    const acc: Val = { terms: [], random: [] };
    let sign = 1;
    if (this.peek()?.text === "-") { this.take(); sign = -1; }
    for (;;) {
      const v = this.prod(topLevel);
      if (sign > 0) {
        for (const t of v.terms) addTerm(acc.terms, t);
        acc.random.push(...v.random);
        if (v.intercept !== undefined) acc.intercept = v.intercept;
      } else {
        if (v.intercept === true) acc.intercept = false;
        if (v.intercept === false) acc.intercept = true;
        for (const t of v.terms) removeTerm(acc.terms, t);
      }
      const t = this.peek();
      if (t?.text === "+") { this.take(); sign = 1; continue; }
      if (t?.text === "-") { this.take(); sign = -1; continue; }
      return acc;
    }
  }

  /** prod := inter (('*' | '/') inter)* */
  prod(topLevel: boolean): Val {
    let left = this.inter(topLevel);
    while (this.peek()?.text === "*" || this.peek()?.text === "/") {
      const op = this.take().text;
      const right = this.inter(topLevel);
      if (left.random.length || right.random.length) throw fail(this.src, "random-effect terms cannot be multiplied");
      const terms: Term[] = [];
      if (op === "*") {
        for (const t of left.terms) addTerm(terms, t);
        for (const t of right.terms) addTerm(terms, t);
      } else {
        // a/b = a + b %in% a = a + a:b
        for (const t of left.terms) addTerm(terms, t);
      }
      const allLeft = op === "/" ? [left.terms.flat()] : left.terms;
      for (const a of allLeft) for (const b of right.terms) addTerm(terms, [...a, ...b]);
      left = { terms, random: [] };
    }
    return left;
  }

  /** inter := atom (':' atom)* */
  inter(topLevel: boolean): Val {
    let left = this.atom(topLevel);
    while (this.peek()?.text === ":") {
      this.take();
      const right = this.atom(topLevel);
      const terms: Term[] = [];
      for (const a of left.terms) for (const b of right.terms) addTerm(terms, [...a, ...b]);
      left = { terms, random: [] };
    }
    return left;
  }

  atom(topLevel: boolean): Val {
    const t = this.take();
    if (t.kind === "name") {
      if (!this.order.includes(t.text)) this.order.push(t.text);
      return { terms: [[t.text]], random: [] };
    }
    if (t.kind === "num") {
      if (t.text === "1") return { terms: [], intercept: true, random: [] };
      if (t.text === "0") return { terms: [], intercept: false, random: [] };
      throw fail(this.src, `unexpected number ${t.text} at position ${t.pos}`);
    }
    if (t.text === "(") {
      const inner = this.sum(false);
      const bar = this.peek()?.text;
      if (bar === "|" || bar === "||") {
        if (!topLevel) throw fail(this.src, "random-effect terms `(… | g)` must be added at the top level");
        this.take(bar);
        const group = this.groupSpec();
        this.take(")");
        const intercept = inner.intercept ?? true;
        // `(1 + x || g)` is lme4's `(1 | g) + (0 + x | g)`: one uncorrelated term per column.
        const parts: Array<{ terms: Term[]; intercept: boolean }> = bar === "|" ? [{ terms: inner.terms, intercept }]
          : [...(intercept ? [{ terms: [], intercept: true }] : []), ...inner.terms.map((t) => ({ terms: [t], intercept: false }))];
        return { terms: [], random: group.flatMap((g) => parts.map((pt) => ({ ...pt, group: g, groupName: g.join(":") }))) };
      }
      this.take(")");
      return inner;
    }
    throw fail(this.src, `unexpected '${t.text}' at position ${t.pos}`);
  }

  /** group := name (':' name)* | name '/' name ('/' name)* ; returns one or more grouping factors. */
  groupSpec(): string[][] {
    const names = [this.take().text];
    const ops: string[] = [];
    while (this.peek()?.text === ":" || this.peek()?.text === "/") {
      ops.push(this.take().text);
      const n = this.take();
      if (n.kind !== "name") throw fail(this.src, `expected a grouping variable at position ${n.pos}`);
      names.push(n.text);
    }
    for (const n of names) if (!this.order.includes(n)) this.order.push(n);
    if (ops.length === 0) return [[names[0]!]];
    if (ops.every((o) => o === ":")) return [names];
    // a/b/c = a + b:a + c:b:a (lme4's expansion and naming).
    if (ops.every((o) => o === "/")) return names.map((_, k) => names.slice(0, k + 1).reverse());
    throw fail(this.src, "mix of `:` and `/` in a grouping term; write the terms separately");
  }
}

function sameTerm(a: Term, b: Term): boolean {
  return a.length === b.length && a.every((v) => b.includes(v));
}
function addTerm(terms: Term[], t: Term): void {
  const uniq = [...new Set(t)];
  if (!terms.some((u) => sameTerm(u, uniq))) terms.push(uniq);
}
function removeTerm(terms: Term[], t: Term): void {
  const k = terms.findIndex((u) => sameTerm(u, t));
  if (k >= 0) terms.splice(k, 1);
}

/** Orders a term list as R: by degree, stable; variables inside a term by first appearance. */
function canonical(terms: Term[], order: string[]): Term[] {
  const sorted = terms.map((t) => [...t].sort((a, b) => order.indexOf(a) - order.indexOf(b)));
  return sorted.map((t, k) => ({ t, k })).sort((a, b) => a.t.length - b.t.length || a.k - b.k).map((x) => x.t);
}

/**
 * Parses a model formula in lme4 syntax.
 *
 * @throws {StatsError} when the formula has no `~`, an unknown token, or an unbalanced parenthesis.
 * @example
 * parseFormula("y ~ a * b + (1 + x | g)");
 * // { response: "y", terms: [["a"], ["b"], ["a", "b"]], intercept: true,
 * //   random: [{ terms: [["x"]], intercept: true, group: ["g"], groupName: "g" }], … }
 */
export function parseFormula(formula: string): ParsedFormula {
  const toks = tokenize(formula);
  const tilde = toks.findIndex((t) => t.text === "~");
  if (tilde !== 1 || toks[0]!.kind !== "name") {
    throw fail(formula, "needs a single response variable before `~` (e.g. `y ~ x`)");
  }
  const response = toks[0]!.text;
  const p = new Parser(formula, toks.slice(2));
  p.order.push(response);
  const v = p.sum(true);
  if (!p.done()) throw fail(formula, `unexpected '${p.peek()!.text}' at position ${p.peek()!.pos}`);
  const random = v.random.map((r) => ({ ...r, terms: canonical(r.terms, p.order) }));
  return { response, terms: canonical(v.terms, p.order), intercept: v.intercept ?? true, random, variables: p.order };
}

/**
 * R's label of a term: its variables joined by `:`.
 *
 * @example
 * termLabel(["diss10", "mode"]); // "diss10:mode"
 */
export function termLabel(t: Term): string {
  return t.join(":");
}
