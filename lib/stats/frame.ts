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
import { DataError } from "../core/errors.js";
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

/** Rows a fit left out, and why (a row may miss several variables; it is counted under each). */
export interface DroppedRows {
  /** Rows dropped in all (as R's `na.omit`). */
  total: number;
  /** Rows whose value of a data column is missing, by column. */
  missing: Record<string, number>;
  /** Rows whose data were present but a formula function gave no value (`log(x)` of x ≤ 0 gives NaN or −Inf), by function. */
  transform: Record<string, number>;
}

/** The model frame. */
export interface Frame {
  n: number;
  vars: Map<string, FrameVar>;
  /** Rows dropped for missing values. */
  nDropped: number;
  /** Why rows were dropped. */
  dropped: DroppedRows;
  /** Row numbers (in the input) kept. */
  rows: Int32Array;
}

/**
 * The words of a warning about dropped rows, or undefined when none were dropped.
 * @example droppedMessage({ total: 3, missing: { y: 2 }, transform: { "log(x)": 1 } }, 100)
 * // "3 of 100 rows dropped: y missing in 2, log(x) not defined in 1"
 */
export function droppedMessage(d: DroppedRows, nInput: number): string | undefined {
  if (d.total === 0) return undefined;
  const parts = [
    ...Object.entries(d.missing).map(([k, v]) => `${k} missing in ${v}`),
    ...Object.entries(d.transform).map(([k, v]) => `${k} not defined in ${v}`),
  ];
  return `${d.total} of ${nInput} rows dropped: ${parts.join(", ")}`;
}

/** Missing: null, undefined, NaN, and the strings "NA" and "" (what a CSV reader leaves for R's NA). */
export function isMissing(v: unknown): boolean {
  if (v === null || v === undefined) return true;
  if (typeof v === "number") return Number.isNaN(v);
  if (typeof v !== "string") return false;
  // A string that starts with a printable ASCII character other than a space is blank only if it is empty, which it
  // is not: skip trim() for the common case (it is most of the cost on a column of 100,000 labels).
  const c0 = v.charCodeAt(0);
  if (c0 > 0x20 && c0 < 0x7f) return v === "NA";
  return v.trim() === "";
}

/*
 * The two helpers below keep typed-array columns and plain arrays apart: one loop that reads both kinds compiles to a
 * generic element access, several times slower on 100,000 rows.
 */

/** The rows of a column whose value is missing, in order. */
function missingRows(c: ArrayLike<unknown>, n: number): number[] {
  const out: number[] = [];
  if (c instanceof Float64Array) { for (let i = 0; i < n; i++) if (c[i] !== c[i]) out.push(i); return out; }
  if (isNumberArray(c)) { for (let i = 0; i < n; i++) if (Number.isNaN(c[i])) out.push(i); return out; }
  for (let i = 0; i < n; i++) if (isMissing(c[i])) out.push(i);
  return out;
}

/** A numeric column's values at `rows` (all n rows when none was dropped), text converted with Number. */
function numericValues(c: ArrayLike<unknown>, rows: Int32Array, n: number): Float64Array {
  if (isNumberArray(c) && rows.length === n && c.length === n) return Float64Array.from(c);
  const values = new Float64Array(rows.length);
  for (let k = 0; k < rows.length; k++) {
    const raw = c[rows[k]!];
    values[k] = typeof raw === "number" ? raw : Number(raw);
  }
  return values;
}

/** A typed array of numbers (its only missing value is NaN). */
function isNumberArray(c: ArrayLike<unknown>): c is Float64Array | Float32Array | Int32Array {
  return ArrayBuffer.isView(c) && !(c instanceof DataView) && !(c instanceof BigInt64Array) && !(c instanceof BigUint64Array);
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
function readVariables(data: DataInput, names: readonly string[]): { n: number; cols: Map<string, ArrayLike<unknown>>; made?: Map<string, { bad: Uint8Array; inputs: [string, ArrayLike<unknown>][] }> } {
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
  const made = new Map<string, { bad: Uint8Array; inputs: [string, ArrayLike<unknown>][] }>();
  for (const name of names) {
    const e = calls.get(name);
    if (!e) { cols.set(name, raw.get(name)!); continue; }
    const v = evaluate(e, raw, n, name);
    // Rows where every input is present but the function gives no (finite) value: R gives NaN or −Inf there.
    const inputs = variablesOf(e).map((c) => [c, raw.get(c)!] as [string, ArrayLike<unknown>]);
    const bad = new Uint8Array(n);
    for (let i = 0; i < n; i++) {
      const x = v[i];
      if ((x === null || (typeof x === "number" && !Number.isFinite(x))) && inputs.every(([, c]) => !isMissing(c[i]))) { bad[i] = 1; v[i] = null; }
    }
    made.set(name, { bad, inputs });
    cols.set(name, v);
  }
  return { n, cols, made };
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
 * @throws {DataError} when the data has no rows, no complete row remains, or a column mixes numbers with text.
 * @example
 * const fr = buildFrame([{ y: 1, g: "b" }, { y: null, g: "a" }, { y: 3, g: "a" }], ["y", "g"], ["g"]);
 * fr.n;                   // 2
 * fr.nDropped;            // 1
 * fr.vars.get("g");       // { kind: "factor", levels: ["a", "b"], codes: Int32Array [1, 0] }
 */
export function buildFrame(data: DataInput, names: readonly string[], factorNames: readonly string[], opts: FrameOptions = {}): Frame {
  const { n, cols, made } = readVariables(data, names);
  if (n === 0) throw new DataError({ message: "the data has no rows", fix: "pass at least one row (check the filter that made the data)" });
  factorNames = [...factorNames, ...names.filter((name) => { const e = parseCallName(name); return e !== undefined && isFactorCall(e); })];
  // A variable is numeric unless declared a factor or holding text/booleans only; numbers mixed with text is an error.
  const numericVar = new Map<string, boolean>();
  for (const name of names) {
    const c = cols.get(name)!;
    const isFactor = factorNames.includes(name) || opts.levels?.[name] !== undefined;
    numericVar.set(name, !isFactor && checkKind(name, c, n));
  }
  const keep = new Uint8Array(n).fill(1);
  const missing: Record<string, number> = {};
  const transform: Record<string, number> = {};
  // Missing data are counted under the data column (the input of a function call), once per row and column.
  const counted = new Map<string, Uint8Array>();
  const countMissing = (col: string, i: number): void => {
    let seen = counted.get(col);
    if (!seen) counted.set(col, (seen = new Uint8Array(n)));
    if (!seen[i]) { seen[i] = 1; missing[col] = (missing[col] ?? 0) + 1; }
  };
  for (const [name, c] of cols) {
    const call = made?.get(name);
    for (const i of missingRows(c, n)) {
      keep[i] = 0;
      if (!call) countMissing(name, i);
      else if (call.bad[i]) transform[name] = (transform[name] ?? 0) + 1;
      else for (const [col, v] of call.inputs) if (isMissing(v[i])) countMissing(col, i);
    }
  }
  let kept = 0;
  for (let i = 0; i < n; i++) kept += keep[i]!;
  const rows = new Int32Array(kept);
  for (let i = 0, k = 0; i < n; i++) if (keep[i]) rows[k++] = i;
  const dropped: DroppedRows = { total: n - rows.length, missing, transform };
  if (rows.length === 0) {
    throw new DataError({
      message: `no complete rows: every one of the ${n} rows has a missing value (${droppedMessage(dropped, n)!.replace(/^.*?dropped: /, "")})`,
      fix: "check the column names and the missing values (null, undefined, NaN, \"\" and \"NA\" are missing)",
    });
  }
  const vars = new Map<string, FrameVar>();
  for (const name of names) {
    const c = cols.get(name)!;
    const given = opts.levels?.[name];
    const isFactor = !numericVar.get(name);
    if (!isFactor) {
      const values = numericValues(c, rows, n);
      for (let k = 0; k < values.length; k++) {
        const v = values[k]!;
        if (!Number.isFinite(v)) throw new DataError({ field: name, message: `row ${rows[k]! + 1} holds ${v}`, fix: "remove or replace infinite values" });
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
  return { n: rows.length, vars, nDropped: n - rows.length, dropped, rows };
}

/**
 * Whether a column that is not declared a factor is numeric: true when its present values are numbers (strings that
 * read as numbers count as numbers when numbers are present), false when they are text or booleans only (a factor).
 * @throws {DataError} when numbers are mixed with text or booleans, naming the column, the first offending row and the fix.
 */
function checkKind(name: string, c: ArrayLike<unknown>, n: number): boolean {
  if (isNumberArray(c)) return true;
  let firstNum = -1, firstOther = -1;
  for (let i = 0; i < n; i++) {
    const v = c[i];
    if (typeof v === "number") { if (firstNum < 0 && !Number.isNaN(v)) firstNum = i; }
    // Once a non-number is found only numbers are looked for (the tests below cost a parse per label).
    else if (firstOther < 0 && !isMissing(v) && !(typeof v === "string" && Number.isFinite(Number(v)))) firstOther = i;
    if (firstNum >= 0 && firstOther >= 0) break;
  }
  if (firstNum >= 0 && firstOther >= 0) {
    const bad = c[firstOther];
    throw new DataError({
      field: name,
      message: `column "${name}" mixes numbers (row ${firstNum + 1}: ${String(c[firstNum])}) with ${typeof bad === "boolean" ? "booleans" : "text"} (row ${firstOther + 1}: ${JSON.stringify(bad)})`,
      fix: `if "${name}" is categorical, declare it a factor with levels: { ${name}: [...] } (or factor(${name}) in the formula); ` +
        `otherwise clean the value (missing values are null, undefined, NaN, "" and "NA")`,
    });
  }
  if (firstNum >= 0) return true;
  // No numbers: text (numeric-looking text alone stays a factor, as before) or booleans make a factor.
  for (let i = 0; i < n; i++) { const v = c[i]; if (!isMissing(v) && typeof v !== "number") return false; }
  return true;
}
