/**
 * A claim's estimate from the tables of one design point: a paired contrast of a table column between two levels of
 * a factor (t interval over seeds, or a two-stage bootstrap over a named cluster), or the mechanism's own analysis.
 */
import type { ClaimAnalysis, ClaimContrast, ClaimDecl, ClaimEstimate, ClaimTables } from "../core/claims.js";
import { DataError } from "../core/errors.js";
import type { Level } from "../core/level.js";
import { createRng } from "../core/rng.js";
import { meanCI } from "../stats/intervals.js";
import { tTestP } from "../stats/distributions.js";
import { twoStageBootstrap } from "../stats/bootstrap.js";

type Row = Record<string, unknown>;
type FactorContrast = Extract<ClaimContrast, { factor: string }>;

/**
 * Paired contrast of `column` (mean per unit) between `levels[1]` and `levels[0]` of `factor`.
 * Units are rows' values of `pairBy` (default ["seed"]); a unit counts when both levels have a finite mean.
 * @throws DataError when the table lacks the column or fewer than two units pair up.
 * @example
 * pairedContrast(rows, "tsr", { factor: "policy", levels: ["free_chat", "gated"] }).estimate // mean gated − free_chat
 */
export function pairedContrast(rows: readonly Row[], column: string, contrast: FactorContrast, opts: { where?: Record<string, Level>; nullValue?: number; table?: string } = {}): ClaimEstimate {
  const pairBy = contrast.pairBy ?? ["seed"];
  const [a, b] = contrast.levels.map(String);
  const sums = new Map<string, { a: number; na: number; b: number; nb: number; cluster: string }>();
  let seenColumn = false;
  for (const r of rows) {
    if (opts.where && Object.entries(opts.where).some(([k, v]) => String(r[k]) !== String(v))) continue;
    const level = String(r[contrast.factor]);
    if (level !== a && level !== b) continue;
    if (column in r) seenColumn = true;
    const v = toNumber(r[column]);
    if (!Number.isFinite(v)) continue;
    const key = pairBy.map((k) => String(r[k])).join("\u0001");
    const cluster = String(r[contrast.cluster ?? pairBy[0]]);
    const s = sums.get(key) ?? { a: 0, na: 0, b: 0, nb: 0, cluster };
    if (level === a) { s.a += v; s.na++; } else { s.b += v; s.nb++; }
    sums.set(key, s);
  }
  if (!seenColumn) {
    throw new DataError({ file: opts.table, field: column, message: `no row at levels ${a}/${b} of ${contrast.factor} has the column "${column}"`,
      fix: "check the claim's metric (table and column) and contrast levels" });
  }
  const diffs: number[] = [], clusters: string[] = [];
  for (const s of [...sums.values()]) {
    if (s.na === 0 || s.nb === 0) continue;
    diffs.push(s.b / s.nb - s.a / s.na);
    clusters.push(s.cluster);
  }
  return contrastInterval(diffs, clusters, contrast, opts.nullValue ?? 0);
}

function toNumber(v: unknown): number {
  if (typeof v === "number") return v;
  if (typeof v === "boolean") return v ? 1 : 0;
  return NaN;
}

/** The interval of unit differences: t over cluster means when clustered by seed, else a two-stage bootstrap. */
function contrastInterval(diffs: number[], clusters: string[], contrast: FactorContrast, nullValue: number): ClaimEstimate {
  const byCluster = contrast.cluster !== undefined && contrast.cluster !== "seed";
  if (byCluster) {
    const rng = createRng(20_251_202).fork("claims", "bootstrap", contrast.factor);
    const bs = twoStageBootstrap(diffs, clusters, rng, { reps: 2000, nullValue });
    return { estimate: bs.mean, lower: bs.lower, upper: bs.upper, p: bs.p, se: bs.se, n: bs.clusters, unit: `${contrast.cluster}s (two-stage bootstrap, ${bs.units} units)` };
  }
  // one value per seed: mean of the seed's unit differences
  const perSeed = new Map<string, number[]>();
  diffs.forEach((d, i) => perSeed.set(clusters[i], [...(perSeed.get(clusters[i]) ?? []), d]));
  const values = [...perSeed.values()].map((ds) => ds.reduce((x, y) => x + y, 0) / ds.length);
  if (values.length < 2) {
    throw new DataError({ field: contrast.factor, message: `only ${values.length} paired seed(s) at levels ${contrast.levels.join("/")}`,
      fix: "give the audit at least two seeds (--seeds) and check that both levels ran" });
  }
  const ci = meanCI(values);
  const se = ci.sd / Math.sqrt(ci.n);
  const p = se > 0 ? tTestP((ci.mean - nullValue) / se, ci.n - 1) : ci.mean === nullValue ? 1 : 0;
  return { estimate: ci.mean, lower: ci.lower, upper: ci.upper, p, se, n: ci.n, unit: "seeds" };
}

/**
 * The claim's estimate from the tables of one design point.
 * @throws DataError for an unknown table or analysis, or too few units.
 */
export function claimEstimate(claim: ClaimDecl, tables: ClaimTables, analyses: Record<string, ClaimAnalysis> = {}): ClaimEstimate {
  const nullValue = claim.nullValue ?? 0;
  if ("analysis" in claim.metric) {
    const fn = analyses[claim.metric.analysis];
    if (!fn) throw new DataError({ field: "metric.analysis", message: `claim ${claim.id}: no analysis "${claim.metric.analysis}"` });
    return fn(tables, { term: "term" in claim.contrast ? claim.contrast.term : undefined, options: claim.metric.options });
  }
  if (!("factor" in claim.contrast)) {
    throw new DataError({ field: "contrast", message: `claim ${claim.id}: a table metric needs a factor contrast` });
  }
  const rows = tables[claim.metric.table];
  if (!rows) throw new DataError({ field: "metric.table", message: `claim ${claim.id}: no table "${claim.metric.table}"` });
  return pairedContrast(rows, claim.metric.column, claim.contrast, { where: claim.metric.where, nullValue, table: claim.metric.table });
}
