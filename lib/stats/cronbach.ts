/**
 * Cronbach's alpha: the internal-consistency reliability of a scale made of k items, as R's
 * `psych::alpha` reports it (raw alpha from the covariance matrix, standardised alpha from the
 * correlation matrix, raw alpha with each item dropped) plus Feldt's confidence interval.
 */
import { createRequire } from "node:module";
import { z } from "zod";
import { DataError, StatsError } from "../core/errors.js";

const require = createRequire(import.meta.url);
const { jStat } = require("jstat") as {
  jStat: { centralF: { inv(p: number, df1: number, df2: number): number } };
};

/** Items as rows × items (an array of numeric rows) or as named columns (`{ A1: [...], A2: [...] }`). */
export type AlphaItems = readonly (readonly number[])[] | Readonly<Record<string, readonly number[]>>;

/** Options of {@link cronbachAlpha}. */
export interface AlphaOptions {
  /** Confidence level of the Feldt interval (default 0.95). */
  level?: number;
}

/** Result of {@link cronbachAlpha}. */
export interface AlphaResult {
  /** Raw alpha: k/(k−1) · (1 − Σ var(item) / var(total)), from the covariance matrix. */
  alpha: number;
  /** Standardised alpha: k·r̄ / (1 + (k−1)·r̄), r̄ the mean inter-item correlation. */
  stdAlpha: number;
  /** Raw alpha of the remaining k−1 items when each item is dropped (NaN when k = 2: one item has no alpha). */
  alphaIfDropped: Record<string, number>;
  /** Mean inter-item correlation r̄. */
  averageR: number;
  /** Rows used (complete cases). */
  n: number;
  /** Rows dropped because an item was missing or not finite (listwise deletion). */
  nDropped: number;
  /** Number of items. */
  k: number;
  /** Item names (column names, or `item1`…`itemk` for rows × items input). */
  items: string[];
  /** Feldt's interval for raw alpha. */
  ci: { lower: number; upper: number; level: number; method: "Feldt" };
}

const optionsSchema = z.object({ level: z.number().gt(0).lt(1).default(0.95) });

/** Turn either input shape into named numeric columns of equal length. */
function toColumns(items: AlphaItems): { names: string[]; cols: number[][] } {
  if (Array.isArray(items)) {
    const rows = items as readonly (readonly number[])[];
    if (rows.length === 0) throw new DataError({ field: "items", message: "cronbachAlpha: no rows", fix: "pass at least two rows of item scores" });
    const k = rows[0]!.length;
    rows.forEach((r, i) => {
      if (!Array.isArray(r) || r.length !== k)
        throw new DataError({ field: `items[${i}]`, message: `cronbachAlpha: row ${i} has ${Array.isArray(r) ? r.length : "no"} items, row 0 has ${k}`, fix: "give every row the same number of item scores" });
    });
    const names = Array.from({ length: k }, (_, j) => `item${j + 1}`);
    return { names, cols: names.map((_, j) => rows.map((r) => Number(r[j]))) };
  }
  const rec = items as Readonly<Record<string, readonly number[]>>;
  const names = Object.keys(rec);
  const len = names.length ? rec[names[0]!]!.length : 0;
  for (const nm of names) {
    if (!Array.isArray(rec[nm]) || rec[nm]!.length !== len)
      throw new DataError({ field: `items.${nm}`, message: `cronbachAlpha: column "${nm}" is not an array of length ${len}`, fix: "give every item column the same length" });
  }
  return { names, cols: names.map((nm) => rec[nm]!.map(Number)) };
}

/** Raw alpha from a covariance matrix restricted to the index set `idx`. */
function rawAlpha(cov: number[][], idx: number[]): number {
  const k = idx.length;
  let total = 0;
  let diag = 0;
  for (const i of idx) {
    diag += cov[i]![i]!;
    for (const j of idx) total += cov[i]![j]!;
  }
  return (k / (k - 1)) * (1 - diag / total);
}

/**
 * Cronbach's alpha of a set of items, with psych::alpha's definitions and Feldt's interval.
 *
 * Raw alpha = k/(k−1)·(1 − tr(C)/ΣC) with C the item covariance matrix; standardised alpha is the same
 * formula on the correlation matrix, k·r̄/(1+(k−1)r̄). Rows with a missing or non-finite item are dropped
 * (count in `nDropped`). Feldt's (1965) interval: with n rows, k items and F the central F distribution
 * with df1 = n−1 and df2 = (n−1)(k−1),
 * lower = 1 − (1−α)·F⁻¹(1−γ/2), upper = 1 − (1−α)·F⁻¹(γ/2), γ = 1 − level (as psych::alpha.ci).
 *
 * @param items rows × items, or an object of named item columns
 * @param opts `level` of the interval (default 0.95)
 * @returns alpha, stdAlpha, alphaIfDropped (raw), averageR, n, nDropped, k, items, ci
 * @throws {DataError} ragged input, fewer than 2 items or fewer than 2 complete rows
 * @throws {StatsError} an item with zero variance (alpha is undefined)
 * @example
 * cronbachAlpha({ a: [1, 2, 3, 4], b: [2, 2, 3, 5], c: [1, 3, 3, 4] }).alpha; // ≈ 0.947
 */
export function cronbachAlpha(items: AlphaItems, opts: AlphaOptions = {}): AlphaResult {
  const { level } = optionsSchema.parse(opts);
  const { names, cols: raw } = toColumns(items);
  const k = names.length;
  if (k < 2) throw new DataError({ field: "items", message: `cronbachAlpha: ${k} item(s) given`, fix: "a scale needs at least two items" });
  const nAll = raw[0]!.length;
  const keep: number[] = [];
  for (let i = 0; i < nAll; i++) if (raw.every((c) => Number.isFinite(c[i]))) keep.push(i);
  const n = keep.length;
  if (n < 2) throw new DataError({ field: "items", message: `cronbachAlpha: ${n} complete row(s) out of ${nAll}`, fix: "pass at least two rows with every item present" });
  const cols = raw.map((c) => keep.map((i) => c[i]!));
  const means = cols.map((c) => c.reduce((a, b) => a + b, 0) / n);
  const cov: number[][] = names.map(() => new Array<number>(k).fill(0));
  for (let a = 0; a < k; a++) {
    for (let b = a; b < k; b++) {
      let s = 0;
      const ca = cols[a]!, cb = cols[b]!, ma = means[a]!, mb = means[b]!;
      for (let i = 0; i < n; i++) s += (ca[i]! - ma) * (cb[i]! - mb);
      cov[a]![b] = cov[b]![a] = s / (n - 1);
    }
  }
  names.forEach((nm, j) => {
    if (!(cov[j]![j]! > 0)) throw new StatsError(`cronbachAlpha: item "${nm}" has zero variance`, "drop constant items before computing alpha");
  });
  const all = names.map((_, j) => j);
  const alpha = rawAlpha(cov, all);
  const cor = cov.map((row, a) => row.map((v, b) => v / Math.sqrt(cov[a]![a]! * cov[b]![b]!)));
  const stdAlpha = rawAlpha(cor, all);
  let rsum = 0;
  for (let a = 0; a < k; a++) for (let b = 0; b < k; b++) if (a !== b) rsum += cor[a]![b]!;
  const averageR = rsum / (k * (k - 1));
  const alphaIfDropped: Record<string, number> = {};
  names.forEach((nm, j) => {
    alphaIfDropped[nm] = k > 2 ? rawAlpha(cov, all.filter((i) => i !== j)) : Number.NaN;
  });
  const df1 = n - 1;
  const df2 = (n - 1) * (k - 1);
  const g = 1 - level;
  const ci = {
    lower: 1 - (1 - alpha) * jStat.centralF.inv(1 - g / 2, df1, df2),
    upper: 1 - (1 - alpha) * jStat.centralF.inv(g / 2, df1, df2),
    level,
    method: "Feldt" as const,
  };
  return { alpha, stdAlpha, alphaIfDropped, averageR, n, nDropped: nAll - n, k, items: names, ci };
}
