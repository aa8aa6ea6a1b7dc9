/**
 * The ablations of the offline model, each beside the effect that flows through the path it removes, with its
 * placebo: `ablationTests` runs each one's design under `none`, the placebo and the ablation, and reports whether the
 * effect moves (ablation − placebo) and whether the placebo moves nothing (placebo − none within ± the declared margin).
 *
 * A rule-test ablation removes one causal path and leaves the quantity it feeds defined (models/ablate.ts); its
 * placebo runs the same code with the same draws and no change in information. The remaining ablations zero a
 * latent term of the offline model (they are what an LLM agent can be denied: a part of its prompt) and are
 * labelled so; they are not tests of the rule.
 */
import { createRng } from "../core/rng.js";
import { glm, lmm, ols, pairedDifferenceCI } from "../stats/index.js";
import { competitionContrast, prepare, type Row } from "./analysis.js";
import { runTbs } from "./run.js";
import type { Ablation, TbsParamsInput } from "./params.js";

/** What each ablation is. */
export const ABLATION_INFO: Record<Exclude<Ablation, "none">, { kind: "rule test" | "placebo" | "term-zeroing"; removes: string; llm: string }> = {
  "no-competition": { kind: "rule test", removes: "the race for the floor → the decision (π is still perceived; the decision weighs 1)", llm: "the agent is not told how the floor is won" },
  "placebo-competition": { kind: "placebo", removes: "nothing: the same draw as no-competition, the decision weighs the perceived π", llm: "refused (offline only)" },
  "group-unweighted": { kind: "rule test", removes: "the group → the decision (climate, minority, D and S are still perceived and read by the items; the decision weighs D = w_P·d_P and S = 0)", llm: "refused (offline only)" },
  "placebo-group": { kind: "placebo", removes: "nothing: the same draw as group-unweighted, the decision weighs the perceived D and S", llm: "refused (offline only)" },
  "shuffled-fear": { kind: "rule test", removes: "what was just said → silence pressure (S from the agent's own minority perception at a random interval of its history)", llm: "refused (offline only)" },
  "placebo-fear": { kind: "placebo", removes: "nothing: the same draw as shuffled-fear, S from this interval's minority", llm: "refused (offline only)" },
  "shuffled-self": { kind: "rule test", removes: "one's own statement → the private–public gap (measured against a random other speaker's last statement)", llm: "refused (offline only)" },
  "placebo-self": { kind: "placebo", removes: "nothing: the same draw as shuffled-self, the gap to one's own statement", llm: "refused (offline only)" },
  "no-group-memory": { kind: "term-zeroing", removes: "everything the others said (offline: d_C = M = S = 0)", llm: "no statement of the others in the prompt" },
  "no-self-memory": { kind: "term-zeroing", removes: "one's own statements (offline: d_P = 0)", llm: "no own statement in the prompt" },
  "no-fear": { kind: "term-zeroing", removes: "fear of isolation (offline: S = 0)", llm: "refused (offline only)" },
};

/** An effect's estimate with its standard error. */
export interface Effect {
  estimate: number;
  se: number;
}

/** One rule test: the runs of a seed, the effect (per seed, for a paired t interval, or pooled over seeds with its SE). */
export interface AblationSpec {
  ablation: Ablation;
  placebo: Ablation;
  effect: string;
  scale: string;
  /** The placebo moves nothing when placebo − none lies within ± margin (declared before the run). */
  margin: number;
  runs: TbsParamsInput[];
  perSeed?: (rows: Row[], utterances: Row[]) => number;
  pooled?: (rows: Row[]) => Effect;
}

const Z = 1.959964;

/**
 * Within each agent, how much the silence index rises from one interval to the next per stance point by which the
 * statement just made (by another agent) differs from the agent's private stance: OLS slope of Δsilence on
 * |expressed − private| (the private stance of the interval before). A spiral-of-silence response to what was said.
 * @example silenceResponse(prepare(states).rows, utterances) // ≈ 0.025
 */
export function silenceResponse(rows: Row[], utterances: Row[]): number {
  const byAgent = new Map<string, Map<number, Row>>();
  for (const r of rows) (byAgent.get(r.agent as string) ?? byAgent.set(r.agent as string, new Map()).get(r.agent as string)!).set(r.interval as number, r);
  const said = new Map<string, Row>();
  for (const u of utterances) said.set(`${u.run_id}|${u.interval}`, u);
  const xs: Row[] = [];
  for (const m of byAgent.values()) {
    for (const [v, r] of m) {
      const prev = m.get(v - 1), u = said.get(`${r.run_id}|${v - 1}`);
      if (!prev || !u || u.agent_id === r.agent_id) continue;
      xs.push({ y: (r.silence_index as number) - (prev.silence_index as number), x: Math.abs((u.expressed_stance as number) - (prev.private_stance as number)) });
    }
  }
  return ols("y ~ x", xs).coef.x;
}

/**
 * The rise of the dissonance index once an agent has spoken, where the turn order assigns speaking (Rotation × Force,
 * intervals 2..N): `dissonance_index ~ has_spoken + interval_f + (1 | agent)`, the `has_spoken` coefficient.
 * (results.speakingEffect with its interval; here only the estimate.)
 */
function assignedSpeaking(rows: Row[]): number {
  const N = Math.max(...rows.map((r) => (r.agent_id as number) + 1));
  const first = new Map<string, number>();
  for (const r of rows) if (r.spoke && !first.has(r.agent as string)) first.set(r.agent as string, r.interval as number);
  const early = rows
    .filter((r) => (r.interval as number) >= 2 && (r.interval as number) <= N)
    .map((r) => ({ agent: r.agent, dissonance_index: r.dissonance_index, interval_f: `v${r.interval}`, has_spoken: (first.get(r.agent as string) ?? Infinity) < (r.interval as number) ? 1 : 0 }));
  return lmm("dissonance_index ~ has_spoken + interval_f + (1 | agent)", early, { reml: true }).fixef.has_spoken;
}

/**
 * The four rule tests with their designs and declared margins (about half of each effect under `none`, so a placebo
 * that moved the effect by half of it would fail).
 */
export const RULE_TESTS: AblationSpec[] = [
  {
    ablation: "no-competition",
    placebo: "placebo-competition",
    effect: "Willing − Rotation difference in the dissonance slope of willingness (latent D per 0.1, u_i known)",
    scale: "log-odds",
    margin: 0.1,
    runs: [{ agents: 12, intervals: 40, mode: "willing" }, { agents: 12, intervals: 40, mode: "rotation" }],
    perSeed: (rows) => competitionContrast(rows, "known").dissonance.estimate,
  },
  {
    ablation: "group-unweighted",
    placebo: "placebo-group",
    effect: "silence index on willingness (per 0.1, Rotation, u_i known): willing ~ diss10 + sil10 + agent_effect",
    scale: "log-odds",
    margin: 0.1,
    runs: [{ agents: 12, intervals: 40, mode: "rotation" }],
    perSeed: (rows) => glm("willing ~ diss10 + sil10 + agent_effect", rows, { family: "binomial" }).coef.sil10,
  },
  {
    ablation: "shuffled-fear",
    placebo: "placebo-fear",
    effect: "rise of the silence index per stance point by which the statement just made differs from one's view (within agent)",
    scale: "silence index per point",
    margin: 0.01,
    runs: [{ agents: 6, intervals: 30, mode: "rotation", force: "force" }],
    perSeed: silenceResponse,
  },
  {
    ablation: "shuffled-self",
    placebo: "placebo-self",
    effect: "rise of the dissonance index once an agent has spoken, speaking assigned by the turn order (Rotation × Force, intervals 2..N, 12 agents drawn by share)",
    scale: "dissonance index",
    margin: 0.05,
    runs: [{ agents: 12, intervals: 12, mode: "rotation", force: "force" }],
    perSeed: (rows) => assignedSpeaking(rows),
  },
];

/** One rule test's result. */
export interface AblationTestRow {
  ablation: string;
  placebo: string;
  removes: string;
  effect: string;
  scale: string;
  seeds: number;
  none: number;
  placebo_estimate: number;
  ablation_estimate: number;
  /** ablation − placebo and its 95 % interval. */
  moved: number;
  moved_lower: number;
  moved_upper: number;
  /** placebo − none and its 95 % interval. */
  placebo_shift: number;
  placebo_lower: number;
  placebo_upper: number;
  margin: number;
  /** The movement's interval excludes 0. */
  moves: boolean;
  /** The placebo's shift lies within ± margin (its interval, not only its estimate). */
  placebo_null: boolean;
}

function paired(a: number[], b: number[]): { estimate: number; lower: number; upper: number } {
  const ci = pairedDifferenceCI(a, b);
  return { estimate: ci.mean, lower: ci.lower, upper: ci.upper };
}

/**
 * Runs each rule test under `none`, its placebo and its ablation, with the same seeds.
 * @example (await ablationTests({ seeds: [1, 2, 3] })).every((r) => r.moves && r.placebo_null)
 */
export async function ablationTests(opts: { seeds: number[]; specs?: AblationSpec[]; base?: TbsParamsInput }): Promise<AblationTestRow[]> {
  const out: AblationTestRow[] = [];
  for (const spec of opts.specs ?? RULE_TESTS) {
    const arms = [] as { perSeed: number[]; pooled?: Effect; rows: Row[] }[];
    for (const ablation of ["none", spec.placebo, spec.ablation] as Ablation[]) {
      const perSeed: number[] = [];
      const all: Row[] = [];
      for (const seed of opts.seeds) {
        const rows: Row[] = [], utt: Row[] = [];
        for (const p of spec.runs) {
          const res = await runTbs({ costSamplePerInterval: 0, ...opts.base, ...p, ablation }, { rng: createRng(seed), meta: { run_id: `${ablation},${JSON.stringify(p)},seed=${seed}`, seed } });
          rows.push(...prepare(res.states).rows);
          utt.push(...res.utterances);
        }
        if (spec.perSeed) perSeed.push(spec.perSeed(rows, utt));
        else all.push(...rows);
      }
      arms.push({ perSeed, rows: all, pooled: spec.pooled ? spec.pooled(all) : undefined });
    }
    const [none, pl, ab] = arms;
    const est = (a: (typeof arms)[number]) => (a.pooled ? a.pooled.estimate : a.perSeed.reduce((s, x) => s + x, 0) / a.perSeed.length);
    const diff = (x: (typeof arms)[number], y: (typeof arms)[number]) => {
      if (!x.pooled || !y.pooled) return paired(x.perSeed, y.perSeed);
      // Separate fits on the same seeds: the variances are added (their positive correlation makes this conservative).
      const e = x.pooled.estimate - y.pooled.estimate, se = Math.hypot(x.pooled.se, y.pooled.se);
      return { estimate: e, lower: e - Z * se, upper: e + Z * se };
    };
    const moved = diff(ab, pl), shift = diff(pl, none);
    out.push({
      ablation: spec.ablation,
      placebo: spec.placebo,
      removes: ABLATION_INFO[spec.ablation as Exclude<Ablation, "none">].removes,
      effect: spec.effect,
      scale: spec.scale,
      seeds: opts.seeds.length,
      none: est(none),
      placebo_estimate: est(pl),
      ablation_estimate: est(ab),
      moved: moved.estimate,
      moved_lower: moved.lower,
      moved_upper: moved.upper,
      placebo_shift: shift.estimate,
      placebo_lower: shift.lower,
      placebo_upper: shift.upper,
      margin: spec.margin,
      moves: moved.lower > 0 || moved.upper < 0,
      placebo_null: shift.lower > -spec.margin && shift.upper < spec.margin,
    });
  }
  return out;
}
