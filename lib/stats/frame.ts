/**
 * The model frame: the variables a formula uses, read from the caller's data, with incomplete rows
 * dropped (as R's `na.omit`) and each variable typed as numeric or factor.
 *
 * `data` may be an array of row objects, an object of columns, or a danfojs DataFrame (anything with
 * `columns: string[]` and `values: unknown[][]`). Missing values are `null`, `undefined`, `NaN`, `"NA"`
 * and `""`. A column is a factor when it holds strings or booleans,
 * or when `levels` names it; factor levels are sorted (numerically when every level is a number,
 * otherwise by code point, as R in the C locale) unless `levels` gives the order.
 */
import { DataError, StatsError } from "../core/errors.js";
import { evaluate, isFactorCall, parseCallName, variablesOf, type Expr } from "./transform.js";

/** Rows, columns or a DataFrame-like object. */
export type DataInput =
  | ReadonlyArray<Record<string, unknown>>
  | Readonly<Record<string, ArrayLike<unknown>>>
  | { columns: string[]; values: unknown[][] };

/** Options shared by every model function. */
export interface FrameOptions {
  /** Factor level order per variable; the first is the reference level. */
  levels?: Record<string, readonly string[]>;
}

/** A numeric variable or a factor (codes index `levels`). */
export type FrameVar =
  | { kind: "numeric"; values: Float64Array }
  | { kind: "factor"; levels: string[]; codes: Int32Array };

/** The model frame. */
export interface Frame {
  n: number;
  vars: Map<string, FrameVar>;
  /** Rows dropped for missing values. */
  nDropped: number;
  /** Row numbers (in the input) kept. */
  rows: Int32Array;
}

/** Missing: null, undefined, NaN, and the strings "NA" and "" (what a CSV reader leaves for R's NA). */
function isMissing(v: unknown): boolean {
  if (v === null || v === undefined) return true;
  if (typeof v === "number") return Number.isNaN(v);
  return typeof v === "string" && (v === "NA" || v.trim() === "");
}

/** Reads the named columns from any supported data shape. */
export function readColumns(data: DataInput, names: readonly string[]): { n: number; cols: Map<string, ArrayLike<unknown>> } {
  const cols = new Map<string, ArrayLike<unknown>>();
  if (Array.isArray(data)) {
    const rows = data as ReadonlyArray<Record<string, unknown>>;
    for (const name of names) {
      if (rows.length > 0 && !rows.some((r) => r !== null && typeof r === "object" && name in r)) throw missingVar(name, Object.keys(rows[0] ?? {}));
      const col = new Array<unknown>(rows.length);
      for (let i = 0; i < rows.length; i++) col[i] = rows[i]?.[name];
      cols.set(name, col);
    }
    return { n: rows.length, cols };
  }
  const df = data as { columns?: unknown; values?: unknown };
  if (Array.isArray(df.columns) && Array.isArray(df.values) && (df.columns as unknown[]).every((c) => typeof c === "string")
    && (df.values as unknown[]).every((r) => Array.isArray(r))) {
    const header = df.columns as string[];
    const values = df.values as unknown[][];
    for (const name of names) {
      const j = header.indexOf(name);
      if (j < 0) throw missingVar(name, header);
      cols.set(name, values.map((r) => r[j]));
    }
    return { n: values.length, cols };
  }
  const obj = data as Readonly<Record<string, ArrayLike<unknown>>>;
  let n = -1;
  for (const name of names) {
    const c = obj[name];
    if (!c || typeof c.length !== "number") throw missingVar(name, Object.keys(obj));
    if (n >= 0 && c.length !== n) {
      throw new DataError({ field: name, message: `column has ${c.length} values, others have ${n}`, fix: "give columns of equal length" });
    }
    n = c.length;
    cols.set(name, c);
  }
  return { n: Math.max(n, 0), cols };
}

/**
 * The columns of the formula's variables: data columns, and function calls (`log(x)`) computed from the columns
 * they read, over all rows (before rows with missing values are dropped, as R's `model.frame`).
 */
function readVariables(data: DataInput, names: readonly string[]): { n: number; cols: Map<string, ArrayLike<unknown>> } {
  const calls = new Map<string, Expr>();
  for (const name of names) {
    const e = hasColumn(data, name) ? undefined : parseCallName(name);
    if (e) calls.set(name, e);
  }
  if (calls.size === 0) return readColumns(data, names);
  const plain = names.filter((name) => !calls.has(name));
  for (const e of calls.values()) for (const v of variablesOf(e)) if (!plain.includes(v)) plain.push(v);
  const { n, cols: raw } = readColumns(data, plain);
  const cols = new Map<string, ArrayLike<unknown>>();
  for (const name of names) cols.set(name, calls.has(name) ? evaluate(calls.get(name)!, raw, n, name) : raw.get(name)!);
  return { n, cols };
}

function hasColumn(data: DataInput, name: string): boolean {
  if (Array.isArray(data)) return data.length > 0 && data.some((r) => r !== null && typeof r === "object" && name in r);
  const df = data as { columns?: unknown };
  if (Array.isArray(df.columns)) return (df.columns as unknown[]).includes(name);
  return name in (data as object);
}

function missingVar(name: string, have: string[]): DataError {
  return new DataError({
    field: name,
    message: `the formula names "${name}" but the data has no such column (columns: ${have.slice(0, 20).join(", ")})`,
    fix: "rename the column or fix the formula",
  });
}

function compareLevels(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Sorted distinct levels as R's `factor()` would make them. */
export function sortLevels(values: Iterable<string>): string[] {
  const u = [...new Set(values)];
  if (u.length > 0 && u.every((s) => s.trim() !== "" && Number.isFinite(Number(s)))) return u.sort((a, b) => Number(a) - Number(b));
  return u.sort(compareLevels);
}

/**
 * Builds the model frame for `names` (response first), dropping rows with a missing value in any of them.
 *
 * @param factorNames variables to treat as factors whatever their type (grouping variables).
 * @throws {DataError} when a column is missing or holds an infinite number or a value outside `levels`.
 * @throws {StatsError} when no complete row remains.
 * @example
 * const fr = buildFrame([{ y: 1, g: "b" }, { y: null, g: "a" }, { y: 3, g: "a" }], ["y", "g"], ["g"]);
 * fr.n;                   // 2
 * fr.nDropped;            // 1
 * fr.vars.get("g");       // { kind: "factor", levels: ["a", "b"], codes: Int32Array [1, 0] }
 */
export function buildFrame(data: DataInput, names: readonly string[], factorNames: readonly string[], opts: FrameOptions = {}): Frame {
  const { n, cols } = readVariables(data, names);
  factorNames = [...factorNames, ...names.filter((name) => { const e = parseCallName(name); return e !== undefined && isFactorCall(e); })];
  const keep = new Uint8Array(n).fill(1);
  for (const c of cols.values()) for (let i = 0; i < n; i++) if (isMissing(c[i])) keep[i] = 0;
  const rowList: number[] = [];
  for (let i = 0; i < n; i++) if (keep[i]) rowList.push(i);
  const rows = Int32Array.from(rowList);
  if (rows.length === 0) {
    throw new StatsError(`no complete rows: all ${n} rows have a missing value in ${names.join(", ")}`, "check the column names and missing values");
  }
  const vars = new Map<string, FrameVar>();
  for (const name of names) {
    const c = cols.get(name)!;
    const given = opts.levels?.[name];
    let isFactor = factorNames.includes(name) || given !== undefined;
    if (!isFactor) for (const i of rows) { const v = c[i]; if (typeof v !== "number") { isFactor = true; break; } }
    if (!isFactor) {
      const values = new Float64Array(rows.length);
      for (let k = 0; k < rows.length; k++) {
        const v = c[rows[k]!] as number;
        if (!Number.isFinite(v)) throw new DataError({ field: name, message: `row ${rows[k]! + 1} holds ${v}`, fix: "remove or replace infinite values" });
        values[k] = v;
      }
      vars.set(name, { kind: "numeric", values });
      continue;
    }
    // One pass: provisional codes in order of appearance, then a remap to the sorted (or given) levels.
    const seen = new Map<string, number>();
    const first: string[] = [];
    const firstRow: number[] = [];
    const raw = new Int32Array(rows.length);
    for (let k = 0; k < rows.length; k++) {
      const v = c[rows[k]!];
      const label = typeof v === "string" ? v : typeof v === "boolean" ? (v ? "TRUE" : "FALSE") : String(v);
      let j = seen.get(label);
      if (j === undefined) { j = first.length; first.push(label); firstRow.push(rows[k]!); seen.set(label, j); }
      raw[k] = j;
    }
    const levels = given ? [...given] : sortLevels(first);
    const index = new Map(levels.map((l, j) => [l, j] as const));
    const perm = first.map((label, j) => {
      const to = index.get(label);
      if (to === undefined) {
        throw new DataError({ field: name, message: `value "${label}" (row ${firstRow[j]! + 1}) is not among the levels given (${levels.join(", ")})`, fix: `add it to levels.${name}` });
      }
      return to;
    });
    const codes = new Int32Array(rows.length);
    for (let k = 0; k < rows.length; k++) codes[k] = perm[raw[k]!]!;
    vars.set(name, { kind: "factor", levels, codes });
  }
  return { n: rows.length, vars, nDropped: n - rows.length, rows };
}
