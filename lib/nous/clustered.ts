/**
 * Conversation-clustered intervals for paired per-question differences. Questions of one conversation share its
 * memory, its extraction errors and its speakers, so they are not independent: the interval is a two-stage paired
 * bootstrap (resample conversations with replacement, then questions within each drawn conversation with
 * replacement; the statistic is the mean per-question difference over everything drawn). With few conversations
 * (LoCoMo's splits have five) the interval rests on five units, so the tables also show the per-conversation
 * differences themselves.
 */
import { createRng } from "../core/rng.js";
import type { Rng } from "../core/rng.js";
import { CATEGORY_NAMES } from "./locomo/data.js";

type Row = Record<string, unknown>;

export interface ClusteredInterval {
  mean: number;
  lower: number;
  upper: number;
  /** Standard deviation of the bootstrap replicates. */
  se: number;
  /** Two-sided bootstrap p-value: twice the smaller share of replicates on either side of 0 (at least 1/reps). */
  p: number;
  n: number;
  clusters: number;
}

/**
 * Two-stage paired bootstrap of the mean of `values` grouped by `clusters` (same length).
 *
 * @throws RangeError when the arrays differ in length or are empty.
 * @example
 * clusteredBootstrap([1, 0, 2, 1], ["c1", "c1", "c2", "c2"], createRng(7)); // { mean: 1, lower: …, clusters: 2, … }
 */
export function clusteredBootstrap(values: readonly number[], clusters: readonly string[], rng: Rng, reps = 2000, level = 0.95): ClusteredInterval {
  if (values.length !== clusters.length || values.length === 0) throw new RangeError(`clusteredBootstrap needs as many clusters as values (${values.length} values, ${clusters.length} clusters), at least one`);
  const groups = new Map<string, number[]>();
  values.forEach((v, i) => {
    const g = groups.get(clusters[i]);
    if (g) g.push(v);
    else groups.set(clusters[i], [v]);
  });
  const units = [...groups.values()];
  const mean = values.reduce((s, x) => s + x, 0) / values.length;
  const stats = new Float64Array(reps);
  for (let b = 0; b < reps; b++) {
    let sum = 0, n = 0;
    for (let c = 0; c < units.length; c++) {
      const g = units[rng.int(units.length)];
      for (let q = 0; q < g.length; q++) sum += g[rng.int(g.length)];
      n += g.length;
    }
    stats[b] = sum / n;
  }
  const sorted = Array.from(stats).sort((x, y) => x - y);
  const at = (q: number) => sorted[Math.min(reps - 1, Math.max(0, Math.floor(q * reps)))];
  const a = (1 - level) / 2;
  const m = sorted.reduce((s, x) => s + x, 0) / reps;
  const se = Math.sqrt(sorted.reduce((s, x) => s + (x - m) ** 2, 0) / (reps - 1));
  const below = sorted.filter((x) => x <= 0).length / reps;
  const above = sorted.filter((x) => x >= 0).length / reps;
  const p = Math.min(1, Math.max(1 / reps, 2 * Math.min(below, above)));
  return { mean, lower: at(a), upper: at(1 - a), se, p, n: values.length, clusters: units.length };
}

export interface PairedOptions {
  /** Rows of side a and side b (column → value; "none" matches a missing ablation). */
  a: Record<string, unknown>;
  b: Record<string, unknown>;
  metric: string;
  seed: number;
  reps?: number;
  level?: number;
  /** Which rows count (e.g. current questions of one scenario). */
  where?: (r: Row) => boolean;
}

/** The paired differences a − b by question (matched on conversation and question index), with their conversations. */
export function pairedDifferences(rows: readonly Row[], o: Pick<PairedOptions, "a" | "b" | "metric" | "where">): { diff: number; conversation: string; a: number; b: number }[] {
  const match = (r: Row, f: Record<string, unknown>) => Object.entries(f).every(([k, v]) => (r[k] ?? "none") === v);
  const key = (r: Row) => `${r.conversation}\u0000${r.question_index}`;
  const keep = o.where ?? (() => true);
  const bRows = new Map(rows.filter((r) => match(r, o.b) && keep(r)).map((r) => [key(r), r]));
  const out: { diff: number; conversation: string; a: number; b: number }[] = [];
  for (const r of rows) {
    if (!match(r, o.a) || !keep(r)) continue;
    const other = bRows.get(key(r));
    const x = typeof r[o.metric] === "number" ? (r[o.metric] as number) : null;
    const y = other && typeof other[o.metric] === "number" ? (other[o.metric] as number) : null;
    if (x !== null && y !== null) out.push({ diff: x - y, conversation: String(r.conversation), a: x, b: y });
  }
  return out;
}

/**
 * a − b (×100) with its conversation-clustered interval, or undefined when no question pairs.
 *
 * @example
 * pairedClustered(rows, { a: { ablation: "none" }, b: { ablation: "no-decay" }, metric: "f1", seed: 7 });
 */
export function pairedClustered(rows: readonly Row[], o: PairedOptions): (ClusteredInterval & { a: number; b: number }) | undefined {
  const d = pairedDifferences(rows, o);
  if (!d.length) return undefined;
  const ci = clusteredBootstrap(d.map((x) => x.diff), d.map((x) => x.conversation), createRng(o.seed).fork("clustered", o.metric), o.reps ?? 2000, o.level ?? 0.95);
  const mean = (xs: number[]) => (100 * xs.reduce((s, x) => s + x, 0)) / xs.length;
  return { ...ci, mean: 100 * ci.mean, lower: 100 * ci.lower, upper: 100 * ci.upper, se: 100 * ci.se, a: mean(d.map((x) => x.a)), b: mean(d.map((x) => x.b)) };
}

/**
 * Per category (and pooled, category 0): a − b with the conversation-clustered interval, and the per-conversation
 * differences (×100) beside it, for tables that must say their unit is the conversation.
 */
export function clusteredCategoryTable(rows: readonly Row[], o: Omit<PairedOptions, "where"> & { categories?: number[] }): Row[] {
  const cats = o.categories ?? [1, 2, 3, 4];
  const out: Row[] = [];
  for (const category of [...cats, 0]) {
    const where = (r: Row) => (category === 0 ? cats.includes(Number(r.category)) : Number(r.category) === category);
    const ci = pairedClustered(rows, { ...o, where });
    if (!ci) continue;
    const per = new Map<string, number[]>();
    for (const d of pairedDifferences(rows, { ...o, where })) per.set(d.conversation, [...(per.get(d.conversation) ?? []), d.diff]);
    const perConversation = [...per].map(([c, xs]) => `${c}: ${((100 * xs.reduce((s, x) => s + x, 0)) / xs.length).toFixed(2)}`).join("; ");
    out.push({ category, category_name: category === 0 ? "all" : CATEGORY_NAMES[category], metric: o.metric, n: ci.n, conversations: ci.clusters, a: ci.a, b: ci.b, difference: ci.mean, lower: ci.lower, upper: ci.upper, p: ci.p, significant: ci.lower > 0 || ci.upper < 0, per_conversation: perConversation });
  }
  return out;
}
