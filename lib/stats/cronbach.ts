/**
 * Reliability of a scale made of k items, as R's `psych::alpha` computes it: Cronbach's α (raw, from the item
 * covariance matrix, and standardised, from the correlation matrix), α with each item dropped, the item–rest
 * correlation r.drop, reverse keys (given, or found with psych's `check.keys`) and Feldt's interval. McDonald's ω total
 * is in `omega.ts` (re-exported here).
 *
 * Missing values (null, undefined, NaN, "" and "NA", as in the model functions) are handled as psych handles them:
 * `use: "pairwise"` (psych's default) computes each covariance from the rows where both items are present;
 * `use: "complete"` uses the rows where every item is present. Items without variance are dropped with a warning
 * naming them, as psych does (`constant: "error"` refuses them instead).
 */
import { createRequire } from "node:module";
import { z } from "zod";
import { DataError, StatsError } from "../core/errors.js";
import { reportWarnings } from "./warnings.js";
import {
  completeRows, covariance, covToCor, dropConstantItems, firstEigenvector, keysSchema, parseOptions, pearson, resolveKeys, sub, toColumns, total,
  type AlphaItems, type ConstantItems, type Keys,
} from "./reliability-items.js";

export { omegaTotal, type OmegaOptions, type OmegaResult } from "./omega.js";
export type { AlphaItems, ItemValue, ConstantItems } from "./reliability-items.js";

const require = createRequire(import.meta.url);
const { jStat } = require("jstat") as {
  jStat: { centralF: { inv(p: number, df1: number, df2: number): number } };
};

/** Options of {@link cronbachAlpha}. */
export interface AlphaOptions {
  /** Confidence level of the Feldt interval (default 0.95). */
  level?: number;
  /** Missing values: `"pairwise"` (default, as psych) or `"complete"` (rows with every item present). */
  use?: "pairwise" | "complete";
  /**
   * Reverse-keyed items: their names (`["A1"]`), or one sign per item (`[-1, 1, 1, 1, 1]`), or `{ A1: -1 }`.
   * A reversed item enters as −item (its raw scores as max + min − score, max and min over all items, as psych).
   */
  keys?: Keys;
  /**
   * Reverse the items whose loading on the first principal component is negative (psych's `check.keys = TRUE`,
   * with its warning). Default false: such items are kept as they are and psych's warning is given.
   */
  checkKeys?: boolean;
  /**
   * Items without variance (all scores equal, or fewer than two): `"drop"` (default, as psych::alpha) leaves them out
   * with a warning naming each; `"error"` refuses them.
   */
  constant?: ConstantItems;
}

/** Per-item statistics of {@link cronbachAlpha} (psych's `item.stats` and `alpha.drop`). */
export interface AlphaItemStats {
  /** Rows where the item is present. */
  n: number;
  /** Correlation of the item with the total score (psych `raw.r`). */
  rawR: number;
  /** Correlation of the item with the standardised total (psych `std.r`). */
  stdR: number;
  /** Correlation of the item with the sum of the other items (psych `r.drop`). */
  rDrop: number;
  /** Raw α of the other items (psych `alpha.drop$raw_alpha`). */
  alphaIfDropped: number;
  /** Standardised α of the other items (psych `alpha.drop$std.alpha`). */
  stdAlphaIfDropped: number;
  /** 1 or −1 (reversed). */
  key: number;
}

/** Result of {@link cronbachAlpha}. */
export interface AlphaResult {
  /** Raw alpha: k/(k−1) · (1 − tr(C) / ΣC), C the (keyed) item covariance matrix (psych `raw_alpha`). */
  alpha: number;
  /** Standardised alpha: k/(k−1) · (1 − k / ΣR), R the correlation matrix (psych `std.alpha`). */
  stdAlpha: number;
  /** Raw alpha of the remaining k−1 items when each item is dropped. */
  alphaIfDropped: Record<string, number>;
  /** Item–rest correlation (psych `r.drop`) by item. */
  rDrop: Record<string, number>;
  /** Every per-item statistic, by item. */
  itemStats: Record<string, AlphaItemStats>;
  /** Mean inter-item correlation r̄. */
  averageR: number;
  /** Rows given (psych's `nsub`, which its Feldt interval uses). */
  n: number;
  /** Rows with every item present. */
  nComplete: number;
  /** Rows left out of the covariances: 0 with `use: "pairwise"`, n − nComplete with `"complete"`. */
  nDropped: number;
  use: "pairwise" | "complete";
  /** Number of items. */
  k: number;
  /** Item names (column names, or `item1`…`itemk` for rows × items input), without the dropped ones. */
  items: string[];
  /** Items left out for having no variance (psych: "had no variance and was deleted"). */
  dropped: string[];
  /** Items scored in reverse. */
  reversed: string[];
  /** Feldt's interval for raw alpha (n = rows given, as psych). */
  ci: { lower: number; upper: number; level: number; method: "Feldt" };
  /** psych's warnings (items dropped, negatively correlated items, reversed items); printed in notebooks. */
  warnings: string[];
}

const optionsSchema = z.strictObject({
  level: z.number().gt(0).lt(1).default(0.95),
  use: z.enum(["pairwise", "complete"]).default("pairwise"),
  keys: keysSchema.optional(),
  checkKeys: z.boolean().default(false),
  constant: z.enum(["drop", "error"]).default("drop"),
});

/** psych's alpha.1: raw and standardised alpha and the mean correlation. */
function alpha1(C: number[][], R: number[][]): { raw: number; std: number; avr: number } {
  const n = C.length;
  let tr = 0;
  for (let i = 0; i < n; i++) tr += C[i]![i]!;
  const sumR = total(R);
  return { raw: (1 - tr / total(C)) * (n / (n - 1)), std: (1 - n / sumR) * (n / (n - 1)), avr: (sumR - n) / (n * (n - 1)) };
}

/**
 * Cronbach's alpha of a set of items, as `psych::alpha(x, keys, check.keys, use)` computes it.
 *
 * Raw alpha = k/(k−1)·(1 − tr(C)/ΣC) with C = D·cov(x)·D (D the diagonal of keys); standardised alpha the same on
 * the correlation matrix; alpha-if-dropped and r.drop = (ΣC_i· − C_ii)/√(C_ii · ΣC₋ᵢ₋ᵢ) from the same C. Items whose
 * loading on the first principal component of the correlation matrix is negative get psych's warning, or are reversed
 * with `checkKeys: true`. Feldt's (1965) interval with n the rows given, df1 = n−1 and df2 = (n−1)(k−1):
 * lower = 1 − (1−α)·F⁻¹(1−γ/2), upper = 1 − (1−α)·F⁻¹(γ/2), γ = 1 − level (psych::alpha.ci).
 *
 * Items without variance are dropped first, with a warning each (psych's `delete = TRUE`; keys given per item or by name
 * follow their items); `constant: "error"` refuses them.
 *
 * @throws {DataError} ragged input, a score that is not a number, fewer than 2 items (after dropping), fewer than 2
 *   usable rows
 * @throws {StatsError} with `constant: "error"`, an item without variance; an item constant over the complete rows only
 *   (`use: "complete"`)
 * @throws {ConfigError} an unknown option, keys naming no item
 * @example
 * cronbachAlpha({ A1: [...], A2: [...], A3: [...] }, { checkKeys: true }).alpha;
 * cronbachAlpha(rows, { keys: ["A1"], use: "complete" }).rDrop.A1;
 * cronbachAlpha({ A1: [...], K: [4, 4, 4, …] }).warnings; // ['Item "K" had no variance (every score is 4) and was dropped', …]
 */
export function cronbachAlpha(items: AlphaItems, opts: AlphaOptions = {}): AlphaResult {
  const o = parseOptions("cronbachAlpha", optionsSchema, opts);
  const given = toColumns("cronbachAlpha", items);
  const givenKeys = resolveKeys("cronbachAlpha", o.keys, given.names);
  const { names, cols, dropped, warnings } = dropConstantItems("cronbachAlpha", given.names, given.cols, o.constant);
  const k = names.length;
  if (k < 2) throw new DataError({ field: "items", message: `cronbachAlpha: ${k} item(s) ${dropped.length ? `left after dropping ${dropped.map((d) => `"${d}"`).join(", ")} (no variance)` : "given"}`, fix: "a scale needs at least two items with varying scores" });
  const nAll = cols[0]!.length;
  const complete = completeRows(cols);
  const rows = o.use === "complete" ? complete : undefined;
  if ((rows ? rows.length : nAll) < 2) {
    throw new DataError({ field: "items", message: `cronbachAlpha: ${complete.length} complete row(s) out of ${nAll}`, fix: 'pass at least two rows with every item present, or use: "pairwise"' });
  }
  const C0 = covariance(cols, rows);
  names.forEach((nm, j) => {
    if (!(C0[j]![j]! > 0)) throw new StatsError(`cronbachAlpha: item "${nm}" has zero variance over the ${rows ? rows.length : nAll} ${rows ? "complete " : ""}rows`, 'use: "pairwise", or drop the item');
  });
  for (let a = 0; a < k; a++) for (let b = 0; b < k; b++) {
    if (Number.isNaN(C0[a]![b]!)) throw new DataError({ field: `${names[a]}, ${names[b]}`, message: `cronbachAlpha: items "${names[a]}" and "${names[b]}" are never present together`, fix: "drop one of them or collect more data" });
  }
  const R0 = C0.map((r, a) => r.map((v, b) => v / Math.sqrt(C0[a]![a]! * C0[b]![b]!)));
  // psych: principal(x) on the pairwise correlations; loadings signed so that their sum is positive.
  const v = firstEigenvector(o.use === "complete" ? covToCor(covariance(cols)) : R0);
  const sgn = v.reduce((s, x) => s + x, 0) < 0 ? -1 : 1;
  const negative = names.filter((_, j) => sgn * v[j]! < 0);
  let keys = givenKeys?.filter((_, j) => !dropped.includes(given.names[j]!));
  if (negative.length > 0) {
    if (o.checkKeys) {
      warnings.push(`Some items (${negative.join(", ")}) were negatively correlated with the total scale and were automatically reversed.`);
      keys = names.map((_, j) => (sgn * v[j]! < 0 ? -1 : 1));
    } else if (keys === undefined) {
      warnings.push(`Some items (${negative.join(", ")}) were negatively correlated with the total scale and probably should be reversed. To do this, pass checkKeys: true (or keys: [${negative.map((s) => JSON.stringify(s)).join(", ")}]).`);
    }
  }
  keys ??= names.map(() => 1);
  const C = C0.map((r, a) => r.map((x, b) => x * keys![a]! * keys![b]!));
  const R = R0.map((r, a) => r.map((x, b) => x * keys![a]! * keys![b]!));
  const tot = alpha1(C, R);

  // Scores with reversed items flipped (max + min − x over all items, as psych), the total as the row mean.
  let lo = Infinity, hi = -Infinity;
  for (const c of cols) for (const x of c) if (!Number.isNaN(x)) { lo = Math.min(lo, x); hi = Math.max(hi, x); }
  const scored = cols.map((c, j) => (keys![j]! < 0 ? c.map((x) => lo + hi - x) : c));
  const totalScore = new Float64Array(nAll);
  for (let i = 0; i < nAll; i++) {
    let s = 0, m = 0;
    for (const c of scored) if (!Number.isNaN(c[i]!)) { s += c[i]!; m++; }
    totalScore[i] = m ? s / m : NaN;
  }
  const sumR = total(R);
  const itemStats: Record<string, AlphaItemStats> = {};
  names.forEach((nm, i) => {
    let dropped: { raw: number; std: number };
    if (k > 2) dropped = alpha1(sub(C, i), sub(R, i));
    else { const other = 1 - i; dropped = { raw: C[0]![1]! / C[other]![other]!, std: R[0]![1]! }; }
    let colC = 0, colR = 0;
    for (let j = 0; j < k; j++) { colC += C[j]![i]!; colR += R[j]![i]!; }
    const vDrop = total(sub(C, i));
    let present = 0;
    for (const x of cols[i]!) if (!Number.isNaN(x)) present++;
    itemStats[nm] = {
      n: present,
      rawR: pearson(totalScore, scored[i]!, rows),
      stdR: colR / Math.sqrt(sumR),
      rDrop: (colC - C[i]![i]!) / Math.sqrt(C[i]![i]! * vDrop),
      alphaIfDropped: dropped.raw,
      stdAlphaIfDropped: dropped.std,
      key: keys![i]!,
    };
  });
  const df1 = nAll - 1, df2 = (nAll - 1) * (k - 1);
  const g = 1 - o.level;
  const ci = {
    lower: 1 - (1 - tot.raw) * jStat.centralF.inv(1 - g / 2, df1, df2),
    upper: 1 - (1 - tot.raw) * jStat.centralF.inv(g / 2, df1, df2),
    level: o.level, method: "Feldt" as const,
  };
  reportWarnings("cronbachAlpha", warnings);
  return {
    alpha: tot.raw, stdAlpha: tot.std,
    alphaIfDropped: Object.fromEntries(names.map((nm) => [nm, itemStats[nm]!.alphaIfDropped])),
    rDrop: Object.fromEntries(names.map((nm) => [nm, itemStats[nm]!.rDrop])),
    itemStats, averageR: tot.avr, n: nAll, nComplete: complete.length, nDropped: o.use === "complete" ? nAll - complete.length : 0,
    use: o.use, k, items: names, dropped, reversed: names.filter((_, j) => keys![j]! < 0), ci, warnings,
  };
}

