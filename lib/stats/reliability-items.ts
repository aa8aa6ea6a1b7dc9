/**
 * The item data of the reliability functions (`cronbachAlpha`, `omegaTotal`), read as psych reads them: either input
 * shape to numeric columns, missing values (null, undefined, NaN, "" and "NA") as NaN, items without variance dropped
 * with a warning (psych::alpha's `delete = TRUE`), keys, pairwise or complete-case covariances and correlations.
 */
import { z } from "zod";
import { ConfigError, DataError, StatsError } from "../core/errors.js";
import { isMissing } from "./frame.js";

/** A score: a number, a numeric string, or a missing value (null, undefined, NaN, "", "NA"). */
export type ItemValue = number | string | null | undefined;

/** Items as rows × items (an array of rows) or as named columns (`{ A1: [...], A2: [...] }`). */
export type AlphaItems = readonly (readonly ItemValue[])[] | Readonly<Record<string, readonly ItemValue[]>>;

/** Reverse keys: item names, one sign per item, or `{ item: -1 }`. */
export type Keys = readonly string[] | readonly number[] | Readonly<Record<string, number>>;
export const keysSchema = z.union([z.array(z.string()), z.array(z.union([z.literal(1), z.literal(-1)])), z.record(z.string(), z.union([z.literal(1), z.literal(-1)]))]);

/** Checks the options of `fn` against `schema`; a ConfigError names the option and lists the known ones. */
export function parseOptions<T>(fn: string, schema: z.ZodType<T>, opts: unknown): T {
  const r = schema.safeParse(opts);
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  const path = issue.path.map((k) => (typeof k === "symbol" ? String(k) : k));
  const unknown = issue.code === "unrecognized_keys" ? ` (${(issue as { keys: string[] }).keys.join(", ")})` : "";
  throw new ConfigError({ path: [`${fn} options`, ...path], message: `${issue.message}${unknown}`,
    fix: fn === "cronbachAlpha" ? "options are level (0–1), use (\"pairwise\" | \"complete\"), keys (item names, ±1 per item, or { item: -1 }), checkKeys (boolean) and constant (\"drop\" | \"error\")"
      : "options are use (\"pairwise\" | \"complete\"), keys (item names, ±1 per item, or { item: -1 }) and constant (\"drop\" | \"error\")" });
}

/** Either input shape → named numeric columns (NaN = missing) of equal length. */
export function toColumns(fn: string, items: AlphaItems): { names: string[]; cols: Float64Array[] } {
  let names: string[];
  let get: (j: number) => readonly ItemValue[];
  if (Array.isArray(items)) {
    const rows = items as readonly (readonly ItemValue[])[];
    if (rows.length === 0) throw new DataError({ field: "items", message: `${fn}: no rows`, fix: "pass at least two rows of item scores" });
    const k = rows[0]!.length;
    rows.forEach((r, i) => {
      if (!Array.isArray(r) || r.length !== k)
        throw new DataError({ field: `items[${i}]`, message: `${fn}: row ${i} has ${Array.isArray(r) ? r.length : "no"} items, row 0 has ${k}`, fix: "give every row the same number of item scores" });
    });
    names = Array.from({ length: k }, (_, j) => `item${j + 1}`);
    get = (j) => rows.map((r) => r[j]);
  } else {
    const rec = items as Readonly<Record<string, readonly ItemValue[]>>;
    names = Object.keys(rec);
    const len = names.length ? rec[names[0]!]?.length : 0;
    for (const nm of names) {
      if (!Array.isArray(rec[nm]) || rec[nm]!.length !== len)
        throw new DataError({ field: `items.${nm}`, message: `${fn}: column "${nm}" is not an array of length ${len}`, fix: "give every item column the same length" });
    }
    get = (j) => rec[names[j]!]!;
  }
  const cols = names.map((nm, j) => {
    const src = get(j);
    return Float64Array.from(src, (v, i) => {
      if (isMissing(v)) return NaN;
      const x = typeof v === "number" ? v : typeof v === "string" ? Number(v) : NaN;
      if (!Number.isFinite(x)) {
        throw new DataError({ field: nm, message: `${fn}: item "${nm}" holds ${JSON.stringify(v)} in row ${i + 1}, not a score`,
          fix: "item scores must be numbers; write missing scores as null, \"\" or \"NA\"" });
      }
      return x;
    });
  });
  return { names, cols };
}

/** Covariance matrix as R's `cov(x, use = "pairwise.complete.obs")`, or over the rows in `rows` only. */
export function covariance(cols: Float64Array[], rows?: Int32Array): number[][] {
  const k = cols.length;
  const C = Array.from({ length: k }, () => new Array<number>(k).fill(NaN));
  for (let a = 0; a < k; a++) for (let b = a; b < k; b++) {
    const x = cols[a]!, y = cols[b]!;
    let n = 0, mx = 0, my = 0;
    const each = (f: (i: number) => void): void => {
      if (rows) for (const i of rows) f(i);
      else for (let i = 0; i < x.length; i++) if (!Number.isNaN(x[i]!) && !Number.isNaN(y[i]!)) f(i);
    };
    each((i) => { n++; mx += x[i]!; my += y[i]!; });
    if (n < 2) continue;
    mx /= n; my /= n;
    let s = 0;
    each((i) => { s += (x[i]! - mx) * (y[i]! - my); });
    C[a]![b] = C[b]![a] = s / (n - 1);
  }
  return C;
}

/** M without row and column `drop`. */
export function sub(M: number[][], drop: number): number[][] {
  return M.filter((_, i) => i !== drop).map((r) => r.filter((_, j) => j !== drop));
}

/** The sum of all entries. */
export function total(M: number[][]): number {
  let s = 0;
  for (const r of M) for (const v of r) s += v;
  return s;
}

/** What to do with an item without variance (constant, or fewer than two scores): psych's default drops it. */
export type ConstantItems = "drop" | "error";

/**
 * Drops the items without variance, as psych::alpha (`delete = TRUE`): an item whose non-missing scores are all equal,
 * or that has fewer than two, goes with a warning naming it; with `mode: "error"` it is a StatsError instead.
 * The variance is over each item's own scores (psych's `sd(x, na.rm = TRUE)`), whatever `use` is.
 *
 * @throws {StatsError} with `mode: "error"`, naming the first such item.
 * @example
 * dropConstantItems("cronbachAlpha", ["a", "k"], [Float64Array.of(1, 2), Float64Array.of(3, 3)], "drop");
 * // { names: ["a"], cols: [a], dropped: ["k"], warnings: ['Item "k" had no variance (every score is 3) and was dropped'] }
 */
export function dropConstantItems(fn: string, names: string[], cols: Float64Array[], mode: ConstantItems): { names: string[]; cols: Float64Array[]; dropped: string[]; warnings: string[] } {
  const keep: number[] = [], dropped: string[] = [], warnings: string[] = [];
  names.forEach((nm, j) => {
    let n = 0, first = NaN, varies = false;
    for (const x of cols[j]!) {
      if (Number.isNaN(x)) continue;
      if (n++ === 0) first = x;
      else if (x !== first) varies = true;
    }
    if (varies) { keep.push(j); return; }
    const why = n < 2 ? `${n === 0 ? "no scores" : "one score"}` : `no variance (every score is ${first})`;
    if (mode === "error") throw new StatsError(`${fn}: item "${nm}" has ${why}`, `drop the item, or pass { constant: "drop" } to drop it with a warning (as psych::alpha does)`);
    dropped.push(nm);
    warnings.push(`Item "${nm}" had ${why} and was dropped`);
  });
  return { names: keep.map((j) => names[j]!), cols: keep.map((j) => cols[j]!), dropped, warnings };
}

/** Eigenvector of the largest eigenvalue of a symmetric matrix (cyclic Jacobi). */
export function firstEigenvector(S: number[][]): number[] {
  const n = S.length;
  const A = S.map((r) => [...r]);
  const V: number[][] = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === j ? 1 : 0)));
  for (let sweep = 0; sweep < 100; sweep++) {
    let off = 0;
    for (let p = 0; p < n; p++) for (let q = p + 1; q < n; q++) off += A[p]![q]! ** 2;
    if (off < 1e-30) break;
    for (let p = 0; p < n; p++) for (let q = p + 1; q < n; q++) {
      const apq = A[p]![q]!;
      if (Math.abs(apq) < 1e-300) continue;
      const theta = (A[q]![q]! - A[p]![p]!) / (2 * apq);
      const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
      const c = 1 / Math.sqrt(t * t + 1), s = t * c;
      for (let r = 0; r < n; r++) {
        const arp = A[r]![p]!, arq = A[r]![q]!;
        A[r]![p] = c * arp - s * arq; A[r]![q] = s * arp + c * arq;
      }
      for (let r = 0; r < n; r++) {
        const apr = A[p]![r]!, aqr = A[q]![r]!;
        A[p]![r] = c * apr - s * aqr; A[q]![r] = s * apr + c * aqr;
      }
      for (let r = 0; r < n; r++) {
        const vrp = V[r]![p]!, vrq = V[r]![q]!;
        V[r]![p] = c * vrp - s * vrq; V[r]![q] = s * vrp + c * vrq;
      }
    }
  }
  let best = 0;
  for (let i = 1; i < n; i++) if (A[i]![i]! > A[best]![best]!) best = i;
  return V.map((r) => r[best]!);
}

/** Keys as one sign per item (undefined when none are given); a name that is not an item is a ConfigError. */
export function resolveKeys(fn: string, keys: Keys | undefined, names: string[]): number[] | undefined {
  if (keys === undefined) return undefined;
  if (Array.isArray(keys) && keys.every((v) => typeof v === "number")) {
    if (keys.length !== names.length) {
      throw new ConfigError({ path: [`${fn} options`, "keys"], message: `${keys.length} signs for ${names.length} items`, fix: "give one 1 or -1 per item, or the names of the reversed items" });
    }
    return [...(keys as number[])];
  }
  const rev = Array.isArray(keys) ? new Set(keys as string[]) : new Set(Object.entries(keys).filter(([, v]) => v === -1).map(([k]) => k));
  const all = Array.isArray(keys) ? (keys as string[]) : Object.keys(keys);
  for (const k of all) {
    if (!names.includes(k)) throw new ConfigError({ path: [`${fn} options`, "keys", k], message: `no item named "${k}" (items: ${names.join(", ")})`, fix: "name items as they are named in the data" });
  }
  return names.map((n) => (rev.has(n) ? -1 : 1));
}

/** Pearson's r over the rows in `rows`, or over the rows where both are present. */
export function pearson(x: ArrayLike<number>, y: ArrayLike<number>, rows?: Int32Array): number {
  let n = 0, mx = 0, my = 0;
  const idx: number[] = [];
  if (rows) idx.push(...rows);
  else for (let i = 0; i < x.length; i++) if (!Number.isNaN(x[i]!) && !Number.isNaN(y[i]!)) idx.push(i);
  for (const i of idx) { n++; mx += x[i]!; my += y[i]!; }
  mx /= n; my /= n;
  let sxy = 0, sxx = 0, syy = 0;
  for (const i of idx) { const a = x[i]! - mx, b = y[i]! - my; sxy += a * b; sxx += a * a; syy += b * b; }
  return sxy / Math.sqrt(sxx * syy);
}

/** Rows where every item is present. */
export function completeRows(cols: Float64Array[]): Int32Array {
  const out: number[] = [];
  const n = cols[0]!.length;
  for (let i = 0; i < n; i++) if (cols.every((c) => !Number.isNaN(c[i]!))) out.push(i);
  return Int32Array.from(out);
}

/** cov2cor. */
export function covToCor(C: number[][]): number[][] {
  return C.map((r, a) => r.map((v, b) => v / Math.sqrt(C[a]![a]! * C[b]![b]!)));
}

