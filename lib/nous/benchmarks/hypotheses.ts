/**
 * The pre-registered analysis of the balanced belief-dynamics benchmark (data/benchmarks/balanced-prereg.md), as
 * code: four hypotheses on per-question LoCoMo F1 (×100), each a paired difference full − variant with a
 * conversation-clustered two-stage bootstrap (2,000 resamples, seed 7) at the 97.5 % level (one-sided α = 0.0125,
 * Bonferroni over four):
 *
 * - H1 (one-off noise): full − last-write-wins > 0 on current questions of joke-before-gap and joke-after-gap;
 * - H2 (no ablation better overall): full − ablation > −2 (the margin) on all current questions, for every ablation;
 * - H3 (reading changes and endings): full − no-kinds > 0 on the questions of change-once, change-repeated,
 *   change-after-gap and ended-then-new (current and history);
 * - H4 (reading hedges): full − no-confidence > 0 on current questions of jokes told with a cue.
 */
import { pairedClustered } from "../clustered.js";

type Row = Record<string, unknown>;

export const H2_MARGIN = 2;
export const PREREG_LEVEL = 0.975;
export const PREREG_SEED = 7;
/** The eight ablations the pre-registration names (no-merges came later and is reported apart). */
export const H2_ABLATIONS = ["last-write-wins", "no-decay", "no-kinds", "no-confidence", "no-multi-valued", "no-hops", "two-hops", "no-graph"] as const;

const isJoke = (r: Row) => r.scenario === "joke-before-gap" || r.scenario === "joke-after-gap";
const isChange = (r: Row) => ["change-once", "change-repeated", "change-after-gap", "ended-then-new"].includes(String(r.scenario));
const current = (r: Row) => r.kind === "current";

/**
 * The hypotheses' rows: estimate, interval, the bound the decision reads, and the verdict ("holds" / "fails").
 *
 * @example
 * benchmarkHypotheses(rows).every((h) => h.verdict === "holds");
 */
export function benchmarkHypotheses(rows: readonly Row[]): Row[] {
  const out: Row[] = [];
  const test = (hypothesis: string, variant: string, questions: string, where: (r: Row) => boolean, bound: number) => {
    const ci = pairedClustered(rows, { a: { ablation: "none" }, b: { ablation: variant }, metric: "f1", seed: PREREG_SEED, level: PREREG_LEVEL, where });
    if (!ci) return void out.push({ hypothesis, variant, questions, n: 0, verdict: "not run" });
    out.push({ hypothesis, variant, questions, n: ci.n, conversations: ci.clusters, full: ci.a, variant_f1: ci.b, difference: ci.mean, lower: ci.lower, upper: ci.upper, bound, verdict: ci.lower > bound ? "holds" : "fails" });
  };
  test("H1: full > last-write-wins on one-off noise", "last-write-wins", "current, jokes", (r) => current(r) && isJoke(r), 0);
  for (const a of H2_ABLATIONS) test(`H2: no ablation better overall (margin ${H2_MARGIN})`, a, "current, all", current, -H2_MARGIN);
  test("H3: full > no-kinds on changes and endings", "no-kinds", "current and history, changes", isChange, 0);
  test("H4: full > no-confidence on cued jokes", "no-confidence", "current, cued jokes", (r) => current(r) && isJoke(r) && r.cued === true, 0);
  return out;
}

/** Secondary, as pre-registered: F1 (×100) of each variant per scenario and cue, on current questions. */
export function scenarioTable(rows: readonly Row[], variants: readonly string[]): Row[] {
  const label = (r: Row) => `${r.scenario}${r.cued === true ? " (cued)" : r.cued === false ? " (plain)" : ""}`;
  const labels = [...new Set(rows.filter(current).map(label))].sort();
  return labels.map((l) => {
    const out: Row = { scenario: l };
    for (const v of variants) {
      const xs = rows.filter((r) => current(r) && label(r) === l && (r.ablation ?? "none") === v);
      if (v === variants[0]) out.n = xs.length;
      out[v] = xs.length ? (100 * xs.reduce((s, r) => s + Number(r.f1), 0)) / xs.length : null;
    }
    return out;
  });
}
