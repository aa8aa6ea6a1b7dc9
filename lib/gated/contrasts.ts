/**
 * Paired contrasts of a gated run's `episodes` table.
 *
 * - `ablationDiffs`: each ablation against the full gate on the same tasks (pairs of seed and episode): mean
 *   differences (ablation − gate) in TSR (pp), CS (steps), UER (pp) and messages, with t intervals over the pairs and
 *   p-values, Holm-adjusted over every difference of the table (four metrics × the ablations × the scenarios given).
 * - `scarcityDrop`: the claims audit's analysis of "the gate holds its TSR under scarcity while a baseline falls":
 *   per seed, (gate scarce − gate standard) − (baseline scarce − baseline standard) in TSR, t interval over seeds.
 */
import type { ClaimAnalysis, ClaimEstimate } from "../core/claims.js";
import { DataError } from "../core/errors.js";
import { tTestP } from "../stats/distributions.js";
import { meanCI } from "../stats/intervals.js";
import { pAdjust } from "../stats/padjust.js";
import { ABLATIONS } from "./analysis.js";

type Row = Record<string, unknown>;

const num = (v: unknown) => (typeof v === "number" ? v : typeof v === "boolean" ? (v ? 1 : 0) : NaN);

/** Mean, 95 % t interval and two-sided p (against 0) of finite values; NaNs when fewer than two. */
function tSummary(values: readonly number[]): { mean: number; lower: number; upper: number; p: number; n: number; se: number } {
  const x = values.filter(Number.isFinite);
  if (x.length < 2) return { mean: x[0] ?? NaN, lower: NaN, upper: NaN, p: NaN, n: x.length, se: NaN };
  const ci = meanCI(x);
  const se = ci.sd / Math.sqrt(ci.n);
  const p = se > 0 ? tTestP(ci.mean / se, ci.n - 1) : ci.mean === 0 ? 1 : 0;
  return { mean: ci.mean, lower: ci.lower, upper: ci.upper, p, n: ci.n, se };
}

export interface AblationDiff {
  ablation: string; scenario: string; metric: "TSR pp" | "CS" | "UER pp" | "messages";
  pairs: number; diff: number; lower: number; upper: number; p: number; holm: number;
}

/**
 * Every ablation against the full gate, paired by (seed, episode), in the given scenarios; Holm over all rows.
 * @example
 * ablationDiffs(run.tables.episodes, ["standard", "scarce"]).filter((d) => d.holm < 0.05);
 */
export function ablationDiffs(episodes: readonly Row[], scenarios: readonly string[]): AblationDiff[] {
  const key = (r: Row) => `${r.seed}|${r.episode}`;
  const out: Omit<AblationDiff, "holm">[] = [];
  for (const scenario of scenarios) {
    const gate = new Map(episodes.filter((r) => r.policy === "gated" && r.scenario === scenario).map((r) => [key(r), r]));
    for (const ab of ABLATIONS) {
      const pairs = episodes.filter((r) => r.policy === ab && r.scenario === scenario && gate.has(key(r))).map((r) => [r, gate.get(key(r))!] as const);
      if (pairs.length === 0) continue;
      const metrics: [AblationDiff["metric"], (r: Row) => number][] = [
        ["TSR pp", (r) => 100 * num(r.success)], ["CS", (r) => num(r.completion_steps)],
        ["UER pp", (r) => (r.uer === null ? NaN : 100 * num(r.uer))], ["messages", (r) => num(r.messages)],
      ];
      for (const [metric, f] of metrics) {
        const t = tSummary(pairs.map(([a, g]) => f(a) - f(g)));
        out.push({ ablation: ab, scenario, metric, pairs: t.n, diff: t.mean, lower: t.lower, upper: t.upper, p: t.p });
      }
    }
  }
  const holm = pAdjust(out.map((r) => (Number.isFinite(r.p) ? r.p : null)), "holm");
  return out.map((r, i) => ({ ...r, holm: holm[i] }));
}

/**
 * The ablation differences as display rows: one per ablation and scenario, each metric as "diff [lower, upper]" with
 * a star where its Holm-adjusted p is below 0.05.
 * @example
 * ablationTable(ablationDiffs(rows, ["scarce"]));
 */
export function ablationTable(diffs: readonly AblationDiff[]): Record<string, string | number>[] {
  const rows = new Map<string, Record<string, string | number>>();
  for (const d of diffs) {
    const k = `${d.ablation}|${d.scenario}`;
    const row = rows.get(k) ?? { ablation: d.ablation, scenario: d.scenario, pairs: d.pairs };
    const f = (v: number) => (Number.isFinite(v) ? `${v >= 0 ? "+" : ""}${v.toFixed(1)}` : "–");
    row[`Δ${d.metric}`] = `${f(d.diff)} [${f(d.lower)}, ${f(d.upper)}]${d.holm < 0.05 ? " *" : ""}`;
    rows.set(k, row);
  }
  return [...rows.values()];
}

/**
 * The claims audit's analysis "scarcityDrop": per seed, the difference in differences of TSR between the gate and a
 * baseline (`options.baseline`, default free_chat) from the standard to the scarce scenario: positive when the gate
 * loses less under scarcity. Needs both policies in both scenarios.
 * @throws DataError when fewer than two seeds have all four cells.
 * @example
 * scarcityDrop({ episodes: rows }, { options: { baseline: "rigid" } }).estimate; // +0.12: the gate falls 12 pp less
 */
export const scarcityDrop: ClaimAnalysis = (tables, { options }): ClaimEstimate => {
  const base = String(options?.baseline ?? "free_chat");
  const rows = tables.episodes ?? [];
  const cell = new Map<string, { s: number; n: number }>();
  for (const r of rows) {
    const p = String(r.policy);
    if (p !== "gated" && p !== base) continue;
    const k = `${r.seed}|${p}|${r.scenario}`;
    const c = cell.get(k) ?? { s: 0, n: 0 };
    c.s += num(r.success); c.n++;
    cell.set(k, c);
  }
  const tsr = (seed: string, p: string, s: string) => { const c = cell.get(`${seed}|${p}|${s}`); return c && c.n ? c.s / c.n : NaN; };
  const seeds = [...new Set(rows.map((r) => String(r.seed)))];
  const did = seeds.map((sd) => (tsr(sd, "gated", "scarce") - tsr(sd, "gated", "standard")) - (tsr(sd, base, "scarce") - tsr(sd, base, "standard")));
  const t = tSummary(did);
  if (t.n < 2) throw new DataError({ field: "episodes", message: `scarcityDrop: ${t.n} seed(s) with gated and ${base} in both scenarios`, fix: "run policy gated and the baseline × scenario standard and scarce, with two seeds or more" });
  return { estimate: t.mean, lower: t.lower, upper: t.upper, p: t.p, se: t.se, n: t.n, unit: "seeds" };
};
