/**
 * Tables of a gated run: TSR, CS, LRR, UER, ECR by policy × scenario with 95 % intervals, and its conflicts. (The
 * paper's findings are graded by the claims audit, see claims.ts; ablation differences are in contrasts.ts.)
 *
 * TSR is a proportion of episodes: Wilson score interval. CS, LRR, UER and ECR are episode-level
 * values (LRR, UER, ECR are per-episode ratios; episodes without problems, escalations or messages
 * drop out of that metric): mean with a percentile bootstrap interval (2,000 resamples, seeded Rng).
 */
import { createRng } from "../core/rng.js";
import { bootstrapMean, wilsonCI } from "../stats/intervals.js";

type Row = Record<string, unknown>;

/** Wilson score interval of a proportion (the stats layer's). */
export const wilson = wilsonCI;
export { bootstrapMean };

const nums = (rows: Row[], key: string) => rows.map((r) => r[key]).filter((v): v is number => typeof v === "number" && Number.isFinite(v));

export interface SummaryRow {
  model: string; policy: string; scenario: string; episodes: number;
  tsr: number; tsr_lo: number; tsr_hi: number;
  cs: number; cs_lo: number; cs_hi: number;
  lrr: number; lrr_lo: number; lrr_hi: number;
  uer: number; uer_lo: number; uer_hi: number;
  ecr: number; ecr_lo: number; ecr_hi: number;
  messages: number; tokens: number; score: number;
}

/**
 * One row per (model, policy, scenario) of the episodes table, in the order the levels first appear.
 * @example
 * const table = summarize(run.tables.episodes);
 */
export function summarize(episodes: Row[], seed = 2026): SummaryRow[] {
  const groups = new Map<string, Row[]>();
  for (const r of episodes) {
    const k = `${r.model}|${r.policy}|${r.scenario}`;
    if (!groups.has(k)) groups.set(k, []);
    groups.get(k)!.push(r);
  }
  const out: SummaryRow[] = [];
  for (const [k, rows] of groups) {
    const [model, policy, scenario] = k.split("|");
    const rng = createRng(seed).fork(policy, scenario);
    const t = wilson(rows.filter((r) => r.success === true).length, rows.length);
    const cs = bootstrapMean(nums(rows, "completion_steps"), rng.fork("cs"));
    const lrr = bootstrapMean(nums(rows, "lrr"), rng.fork("lrr"));
    const uer = bootstrapMean(nums(rows, "uer"), rng.fork("uer"));
    const ecr = bootstrapMean(nums(rows, "ecr"), rng.fork("ecr"));
    const mean = (key: string) => { const v = nums(rows, key); return v.reduce((s, x) => s + x, 0) / Math.max(1, v.length); };
    out.push({
      model, policy, scenario, episodes: rows.length, tsr: t.p, tsr_lo: t.lower, tsr_hi: t.upper,
      cs: cs.mean, cs_lo: cs.lower, cs_hi: cs.upper, lrr: lrr.mean, lrr_lo: lrr.lower, lrr_hi: lrr.upper,
      uer: uer.mean, uer_lo: uer.lower, uer_hi: uer.upper, ecr: ecr.mean, ecr_lo: ecr.lower, ecr_hi: ecr.upper,
      messages: mean("messages"), tokens: mean("tokens"), score: mean("score"),
    });
  }
  return out;
}

const pct = (v: number) => (Number.isFinite(v) ? (100 * v).toFixed(1) : "–");
const ci = (v: number, lo: number, hi: number, f: (x: number) => string) => `${f(v)} [${f(lo)}, ${f(hi)}]`;
const num = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : "–");

/**
 * The summary as display rows (percentages for rates, brackets for 95 % intervals).
 * @example
 * formatTable(summarize(rows)); // [{ policy: "gated", scenario: "scarce", "TSR %": "68.0 [58.3, 76.3]", … }]
 */
export function formatTable(rows: SummaryRow[]): Record<string, string | number>[] {
  return rows.map((r) => ({
    policy: r.policy, scenario: r.scenario, n: r.episodes,
    "TSR %": ci(r.tsr, r.tsr_lo, r.tsr_hi, pct), CS: ci(r.cs, r.cs_lo, r.cs_hi, num),
    "LRR %": ci(r.lrr, r.lrr_lo, r.lrr_hi, pct), "UER %": ci(r.uer, r.uer_lo, r.uer_hi, pct),
    "ECR %": ci(r.ecr, r.ecr_lo, r.ecr_hi, pct), messages: num(r.messages), tokens: Math.round(r.tokens),
  }));
}

/**
 * The counterfactual's null check of a run with `params.nullCheck`: per policy and scenario, the escalations checked,
 * those decided inside a tick (in a turn, at the tick's start or end), and those whose escalate branch, rolled out on a
 * fork of the same state, did not reproduce the factual outcome.
 * @example
 * nullCheckTable(run.tables.episodes); // [{ policy: "gated", scenario: "scarce", escalations: 812, "inside a tick": 655, "not reproduced": 0 }, …]
 */
export function nullCheckTable(episodes: Row[]): Record<string, string | number>[] {
  const out = new Map<string, Record<string, string | number>>();
  for (const r of episodes) {
    if (typeof r.null_checked !== "number") continue;
    const k = `${r.policy}|${r.scenario}`;
    const row = out.get(k) ?? { policy: String(r.policy), scenario: String(r.scenario), episodes: 0, escalations: 0, "inside a tick": 0, "not reproduced": 0 };
    row.episodes = Number(row.episodes) + 1;
    row.escalations = Number(row.escalations) + Number(r.null_checked);
    row["inside a tick"] = Number(row["inside a tick"]) + Number(r.null_in_tick);
    row["not reproduced"] = Number(row["not reproduced"]) + Number(r.null_mismatches);
    out.set(k, row);
  }
  return [...out.values()];
}

export const BASELINES = ["free_chat", "rigid"] as const;
export const ABLATIONS = ["gated_no_partition", "gated_rules_only", "gated_score_only", "gated_no_fallback"] as const;

/**
 * Conflicts of one policy: per scenario (all episodes) contested cells and conflicts per episode, gate judgments of
 * conflicts in the gray zone and the adjudicator's escalations of them; by kind (logged episodes) the conflicts logged
 * and the gate's decisions on conflicts over units and over cells.
 * @example
 * const t = conflictTables(run.tables.episodes, run.tables.events, "gated"); plot.table(t.perScenario);
 */
export function conflictTables(episodes: Row[], events: Row[], policy = "gated") {
  const eps = episodes.filter((r) => r.policy === policy);
  const perScenario = [...new Set(eps.map((r) => String(r.scenario)))].map((scenario) => {
    const g = eps.filter((r) => r.scenario === scenario);
    const sum = (k: string) => g.reduce((s, r) => s + Number(r[k] ?? 0), 0);
    return { scenario, episodes: g.length, "contested cells / ep": sum("contested_cells") / g.length, "conflicts / ep": sum("conflicts") / g.length,
      "conflict judgments in the gray zone": sum("conflict_gray"), "of which escalated by the adjudicator": sum("conflict_gray_escalated") };
  });
  const ev = events.filter((e) => e.policy === policy);
  const key = (e: Row) => `${e.run_id}|${e.episode}|${e.problem}`;
  const cells = new Set(ev.filter((e) => e.event === "detect" && e.kind === "conflict" && String(e.item).startsWith("cell:")).map(key));
  const gates = ev.filter((e) => e.event === "gate" && e.kind === "conflict");
  const logged = (d: string) => ev.filter((e) => e.event === "conflict" && e.decision === d).length;
  const decided = (cell: boolean) => Object.fromEntries(["local", "adjudicate", "escalate"].map((d) =>
    [`gate: ${d}`, gates.filter((e) => cells.has(key(e)) === cell && e.decision === d).length]));
  const byKind = [
    { conflict: "over units: double-booked surplus + contested site resource", logged: logged("double_booked") + logged("site_resource"), ...decided(false) },
    { conflict: "contested cell", logged: logged("contested_cell"), ...decided(true) },
  ];
  return { perScenario, byKind };
}
