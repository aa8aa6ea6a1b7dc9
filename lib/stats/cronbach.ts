/**
 * Reliability of a scale made of k items, as R's `psych::alpha` and `psych::omega(x, nfactors = 1)` compute it:
 * Cronbach's α (raw, from the item covariance matrix, and standardised, from the correlation matrix), α with each
 * item dropped, the item–rest correlation r.drop, reverse keys (given, or found with psych's `check.keys`), Feldt's
 * interval, and McDonald's ω total.
 *
 * Missing values (null, undefined, NaN, "" and "NA", as in the model functions) are handled as psych handles them:
 * `use: "pairwise"` (psych's default) computes each covariance from the rows where both items are present;
 * `use: "complete"` uses the rows where every item is present.
 */
import { createRequire } from "node:module";
import { z } from "zod";
import { ConfigError, DataError, StatsError } from "../core/errors.js";
import { isMissing } from "./frame.js";
import { reportWarnings } from "./warnings.js";
import { cholesky, cholInverse } from "./linalg.js";
import { minimize } from "./optimize.js";

const require = createRequire(import.meta.url);
const { jStat } = require("jstat") as {
  jStat: { centralF: { inv(p: number, df1: number, df2: number): number } };
};

/** A score: a number, a numeric string, or a missing value (null, undefined, NaN, "", "NA"). */
export type ItemValue = number | string | null | undefined;

/** Items as rows × items (an array of rows) or as named columns (`{ A1: [...], A2: [...] }`). */
export type AlphaItems = readonly (readonly ItemValue[])[] | Readonly<Record<string, readonly ItemValue[]>>;

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
  keys?: readonly string[] | readonly number[] | Readonly<Record<string, number>>;
  /**
   * Reverse the items whose loading on the first principal component is negative (psych's `check.keys = TRUE`,
   * with its warning). Default false: such items are kept as they are and psych's warning is given.
   */
  checkKeys?: boolean;
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
  /** Item names (column names, or `item1`…`itemk` for rows × items input). */
  items: string[];
  /** Items scored in reverse. */
  reversed: string[];
  /** Feldt's interval for raw alpha (n = rows given, as psych). */
  ci: { lower: number; upper: number; level: number; method: "Feldt" };
  /** psych's warnings (negatively correlated items, reversed items); printed in notebooks. */
  warnings: string[];
}

const keysSchema = z.union([z.array(z.string()), z.array(z.union([z.literal(1), z.literal(-1)])), z.record(z.string(), z.union([z.literal(1), z.literal(-1)]))]);
const optionsSchema = z.strictObject({
  level: z.number().gt(0).lt(1).default(0.95),
  use: z.enum(["pairwise", "complete"]).default("pairwise"),
  keys: keysSchema.optional(),
  checkKeys: z.boolean().default(false),
});

function parseOptions<T>(fn: string, schema: z.ZodType<T>, opts: unknown): T {
  const r = schema.safeParse(opts);
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  const path = issue.path.map((k) => (typeof k === "symbol" ? String(k) : k));
  const unknown = issue.code === "unrecognized_keys" ? ` (${(issue as { keys: string[] }).keys.join(", ")})` : "";
  throw new ConfigError({ path: [`${fn} options`, ...path], message: `${issue.message}${unknown}`,
    fix: fn === "cronbachAlpha" ? "options are level (0–1), use (\"pairwise\" | \"complete\"), keys (item names, ±1 per item, or { item: -1 }) and checkKeys (boolean)"
      : "options are use (\"pairwise\" | \"complete\") and keys (item names, ±1 per item, or { item: -1 })" });
}

/** Either input shape → named numeric columns (NaN = missing) of equal length. */
function toColumns(fn: string, items: AlphaItems): { names: string[]; cols: Float64Array[] } {
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
function covariance(cols: Float64Array[], rows?: Int32Array): number[][] {
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

function sub(M: number[][], drop: number): number[][] {
  return M.filter((_, i) => i !== drop).map((r) => r.filter((_, j) => j !== drop));
}

function total(M: number[][]): number {
  let s = 0;
  for (const r of M) for (const v of r) s += v;
  return s;
}

/** psych's alpha.1: raw and standardised alpha and the mean correlation. */
function alpha1(C: number[][], R: number[][]): { raw: number; std: number; avr: number } {
  const n = C.length;
  let tr = 0;
  for (let i = 0; i < n; i++) tr += C[i]![i]!;
  const sumR = total(R);
  return { raw: (1 - tr / total(C)) * (n / (n - 1)), std: (1 - n / sumR) * (n / (n - 1)), avr: (sumR - n) / (n * (n - 1)) };
}

/** Eigenvector of the largest eigenvalue of a symmetric matrix (cyclic Jacobi). */
function firstEigenvector(S: number[][]): number[] {
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

function resolveKeys(keys: AlphaOptions["keys"], names: string[]): number[] | undefined {
  if (keys === undefined) return undefined;
  if (Array.isArray(keys) && keys.every((v) => typeof v === "number")) {
    if (keys.length !== names.length) {
      throw new ConfigError({ path: ["cronbachAlpha options", "keys"], message: `${keys.length} signs for ${names.length} items`, fix: "give one 1 or -1 per item, or the names of the reversed items" });
    }
    return [...(keys as number[])];
  }
  const rev = Array.isArray(keys) ? new Set(keys as string[]) : new Set(Object.entries(keys).filter(([, v]) => v === -1).map(([k]) => k));
  const all = Array.isArray(keys) ? (keys as string[]) : Object.keys(keys);
  for (const k of all) {
    if (!names.includes(k)) throw new ConfigError({ path: ["cronbachAlpha options", "keys", k], message: `no item named "${k}" (items: ${names.join(", ")})`, fix: "name items as they are named in the data" });
  }
  return names.map((n) => (rev.has(n) ? -1 : 1));
}

function pearson(x: ArrayLike<number>, y: ArrayLike<number>, rows?: Int32Array): number {
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

function completeRows(cols: Float64Array[]): Int32Array {
  const out: number[] = [];
  const n = cols[0]!.length;
  for (let i = 0; i < n; i++) if (cols.every((c) => !Number.isNaN(c[i]!))) out.push(i);
  return Int32Array.from(out);
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
 * @throws {DataError} ragged input, a score that is not a number, fewer than 2 items, fewer than 2 usable rows
 * @throws {StatsError} an item with zero variance (psych drops it with a warning; here it must be removed first)
 * @throws {ConfigError} an unknown option, keys naming no item
 * @example
 * cronbachAlpha({ A1: [...], A2: [...], A3: [...] }, { checkKeys: true }).alpha;
 * cronbachAlpha(rows, { keys: ["A1"], use: "complete" }).rDrop.A1;
 */
export function cronbachAlpha(items: AlphaItems, opts: AlphaOptions = {}): AlphaResult {
  const o = parseOptions("cronbachAlpha", optionsSchema, opts);
  const { names, cols } = toColumns("cronbachAlpha", items);
  const k = names.length;
  if (k < 2) throw new DataError({ field: "items", message: `cronbachAlpha: ${k} item(s) given`, fix: "a scale needs at least two items" });
  const nAll = cols[0]!.length;
  const complete = completeRows(cols);
  const rows = o.use === "complete" ? complete : undefined;
  if ((rows ? rows.length : nAll) < 2) {
    throw new DataError({ field: "items", message: `cronbachAlpha: ${complete.length} complete row(s) out of ${nAll}`, fix: 'pass at least two rows with every item present, or use: "pairwise"' });
  }
  const C0 = covariance(cols, rows);
  names.forEach((nm, j) => {
    if (!(C0[j]![j]! > 0)) throw new StatsError(`cronbachAlpha: item "${nm}" has zero variance${Number.isNaN(C0[j]![j]!) ? " (fewer than two scores)" : ""}`, "drop constant items before computing alpha");
  });
  for (let a = 0; a < k; a++) for (let b = 0; b < k; b++) {
    if (Number.isNaN(C0[a]![b]!)) throw new DataError({ field: `${names[a]}, ${names[b]}`, message: `cronbachAlpha: items "${names[a]}" and "${names[b]}" are never present together`, fix: "drop one of them or collect more data" });
  }
  const R0 = C0.map((r, a) => r.map((v, b) => v / Math.sqrt(C0[a]![a]! * C0[b]![b]!)));
  const warnings: string[] = [];
  // psych: principal(x) on the pairwise correlations; loadings signed so that their sum is positive.
  const v = firstEigenvector(o.use === "complete" ? covToCor(covariance(cols)) : R0);
  const sgn = v.reduce((s, x) => s + x, 0) < 0 ? -1 : 1;
  const negative = names.filter((_, j) => sgn * v[j]! < 0);
  let keys = resolveKeys(o.keys, names);
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
    use: o.use, k, items: names, reversed: names.filter((_, j) => keys![j]! < 0), ci, warnings,
  };
}

function covToCor(C: number[][]): number[][] {
  return C.map((r, a) => r.map((v, b) => v / Math.sqrt(C[a]![a]! * C[b]![b]!)));
}

/** Options of {@link omegaTotal}. */
export interface OmegaOptions {
  /** Missing values: `"pairwise"` (default, as psych) or `"complete"`. */
  use?: "pairwise" | "complete";
  /** Reverse-keyed items (as in {@link cronbachAlpha}); without keys, items loading negatively are reversed (psych's `flip`). */
  keys?: readonly string[] | readonly number[] | Readonly<Record<string, number>>;
}

/** Result of {@link omegaTotal}. */
export interface OmegaResult {
  /** McDonald's ω total: (ΣR − Σu²) / ΣR on the keyed correlation matrix. */
  omegaTotal: number;
  /** Loadings of the one-factor minres solution, by item (signed as psych: their sum positive). */
  loadings: Record<string, number>;
  /** Uniquenesses u² = 1 − λ². */
  uniquenesses: Record<string, number>;
  /** Items reversed (given keys, or flipped for a negative loading). */
  reversed: string[];
  k: number;
  items: string[];
  /** Objective evaluations of the minres fit. */
  iterations: number;
}

const omegaSchema = z.strictObject({ use: z.enum(["pairwise", "complete"]).default("pairwise"), keys: keysSchema.optional() });

/**
 * McDonald's ω total from a one-factor model, as `psych::omega(x, nfactors = 1)$omega.tot`: psych's minimum-residual
 * (minres) factor analysis of the correlation matrix R (pairwise by default): uniquenesses ψ ∈ [0.005, 1] minimising
 * the off-diagonal squared residuals of R with diagonal 1 − ψ against its first principal axis l lᵀ; then
 * ω_t = (ΣR* − Σ(1 − l_i²)) / ΣR*, R* the correlation matrix with items of negative loading reversed (psych's
 * `flip`), or keyed by `keys` when given. psych's L-BFGS-B stops about 1e-8 (in ω_t) from the minimum found here.
 *
 * @throws {DataError}, {StatsError}, {ConfigError} as {@link cronbachAlpha}.
 * @example
 * omegaTotal({ A1: [...], A2: [...], A3: [...], A4: [...], A5: [...] }).omegaTotal; // as psych::omega(x, nfactors = 1)$omega.tot
 */
export function omegaTotal(items: AlphaItems, opts: OmegaOptions = {}): OmegaResult {
  const o = parseOptions("omegaTotal", omegaSchema, opts);
  const { names, cols } = toColumns("omegaTotal", items);
  const k = names.length;
  if (k < 3) throw new DataError({ field: "items", message: `omegaTotal: ${k} item(s) given`, fix: "a one-factor model needs at least three items" });
  const rows = o.use === "complete" ? completeRows(cols) : undefined;
  const C = covariance(cols, rows);
  names.forEach((nm, j) => {
    if (!(C[j]![j]! > 0)) throw new StatsError(`omegaTotal: item "${nm}" has zero variance`, "drop constant items first");
  });
  // As R's cor(x, use = "pairwise"): each correlation from the rows where both items are present.
  const R = names.map((_, a) => names.map((__, b) => (a === b ? 1 : pearson(cols[a]!, cols[b]!, rows))));
  // psych's fa(fm = "minres"): minimise over the uniquenesses ψ ∈ [0.005, 1] the sum of squared off-diagonal residuals
  // of S(ψ) = R with diagonal 1 − ψ against its best rank-one approximation l lᵀ (l the first eigenvector of S(ψ)
  // scaled by the root of its eigenvalue), starting from 1 − SMC; the loadings are l at the minimum.
  const rankOne = (psi: readonly number[]): { l: number[]; f: number } => {
    const S = R.map((r, a) => r.map((x, b) => (a === b ? 1 - psi[a]! : x)));
    const v = firstEigenvector(S);
    let e = 0;
    for (let a = 0; a < k; a++) for (let b = 0; b < k; b++) e += v[a]! * S[a]![b]! * v[b]!;
    const l = v.map((x) => x * Math.sqrt(Math.max(e, 0)));
    let f = 0;
    for (let a = 0; a < k; a++) for (let b = 0; b < k; b++) if (a !== b) f += (S[a]![b]! - l[a]! * l[b]!) ** 2;
    return { l, f };
  };
  const Rinv = cholInverse(cholesky(Float64Array.from(R.flat()), k, "omegaTotal: correlation matrix"), k);
  const start = names.map((_, i) => Math.min(1, Math.max(0.005, 1 / Rinv[i * k + i]!)));
  const opt = minimize((psi) => rankOne(psi).f, start, { lower: names.map(() => 0.005), upper: names.map(() => 1), ftol: 1e-16, xtol: 1e-11, maxEval: 20000 });
  const lam = rankOne(opt.x).l;
  const it = opt.evals;
  if (lam.reduce((s, x) => s + x, 0) < 0) for (let i = 0; i < k; i++) lam[i] = -lam[i]!;
  const keys = resolveKeys(o.keys, names) ?? lam.map((x) => (x < 0 ? -1 : 1));
  let vt = 0;
  for (let a = 0; a < k; a++) for (let b = 0; b < k; b++) vt += R[a]![b]! * keys[a]! * keys[b]!;
  const u2 = lam.map((x) => 1 - x * x);
  const uniq = u2.reduce((s, x) => s + x, 0);
  return {
    omegaTotal: (vt - uniq) / vt,
    loadings: Object.fromEntries(names.map((nm, i) => [nm, lam[i]!])),
    uniquenesses: Object.fromEntries(names.map((nm, i) => [nm, u2[i]!])),
    reversed: names.filter((_, i) => keys[i]! < 0), k, items: names, iterations: it,
  };
}
