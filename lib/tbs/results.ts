/**
 * Results-grade summaries of TBS runs: index models with non-linear time and memory × interval, the sensitivity of
 * P(spoke | willing)'s odds ratio to assumed parameters, the token-cost table of the protocols, and the effect of
 * speaking on dissonance where the turn order assigns it. (Whether a finding reproduces the paper is the claims
 * audit's to say: lib/tbs/claims.ts declares the findings, lib/claims grades them.)
 */
import { createRng } from "../core/rng.js";
import { lmm, pairedDifferenceCI, type LmmFit } from "../stats/index.js";
import { expressionGivenIntention, prepare, LEVELS, varyingFactors, type Row } from "./analysis.js";
import { runTbs } from "./run.js";
import { DataError } from "../core/errors.js";
import type { TbsParamsInput } from "./params.js";

const Z = 1.959964;

/**
 * Index models with non-linear time and memory × interval: time centred and scaled per 10 intervals, a quadratic
 * term, and the memory levels' own linear time slopes:
 * `<index> ~ t10 + I(t10^2) + memory + memory:t10 + mode + force + ecology + (1 | agent)`.
 * @example timeModels(rows).silence.fixef["I(t10^2)"]
 */
export function timeModels(rows: Row[]): { dissonance: LmmFit; silence: LmmFit; formula: string; centre: number } {
  const centre = rows.reduce((a, r) => a + (r.interval as number), 0) / rows.length;
  const rs = rows.map((r) => ({ ...r, t10: ((r.interval as number) - centre) / 10 }));
  rs.forEach((r) => ((r as Row).t10sq = (r.t10 as number) ** 2));
  const fac = varyingFactors(rows).filter((f) => f !== "memory");
  const mem = varyingFactors(rows, ["memory"]).length ? " + memory + memory:t10" : "";
  const rhs = `t10 + t10sq${mem}${fac.length ? " + " + fac.join(" + ") : ""} + (1 | agent)`;
  const levels: Record<string, string[]> = {};
  for (const [f, lv] of Object.entries(LEVELS)) levels[f] = (lv as readonly string[]).filter((l) => rows.some((r) => r[f] === l));
  return {
    dissonance: lmm(`dissonance_index ~ ${rhs}`, rs, { reml: true, levels }),
    silence: lmm(`silence_index ~ ${rhs}`, rs, { reml: true, levels }),
    formula: `<index> ~ ${rhs}  (t10 = (interval − ${centre.toFixed(1)})/10, t10sq = t10²)`,
    centre,
  };
}

/** One cell of the odds-ratio sensitivity map. */
export interface OrSensitivityCell {
  intercept: number;
  agents: number;
  pWillingRotation: number;
  pWillingWilling: number;
  or: number;
  lower: number;
  upper: number;
}

/**
 * P(spoke | willing)'s odds ratio, Willing vs Rotation, over assumed willingness intercepts and numbers of agents
 * (offline model; each cell a Willing and a Rotation run per seed, No Force, Latest memory).
 * @example orSensitivity({ intercepts: [-1, 0], agents: [4, 8], seeds: [1, 2], intervals: 30 })
 */
export async function orSensitivity(opts: { intercepts: number[]; agents: number[]; seeds: number[]; intervals: number; params?: TbsParamsInput }): Promise<OrSensitivityCell[]> {
  const out: OrSensitivityCell[] = [];
  for (const agents of opts.agents) {
    for (const intercept of opts.intercepts) {
      const rows: Row[] = [];
      for (const seed of opts.seeds) {
        for (const mode of ["willing", "rotation"] as const) {
          const p = { ...(opts.params ?? {}), agents, intervals: opts.intervals, mode, offline: { willingness: { intercept } } } as TbsParamsInput;
          const res = await runTbs(p, { rng: createRng(seed), meta: { run_id: `a=${agents},b0=${intercept},mode=${mode},seed=${seed}`, seed } });
          rows.push(...prepare(res.states).rows);
        }
      }
      const ex = expressionGivenIntention(rows);
      const pw = (m: string) => rows.filter((r) => r.mode === m && r.willing === 1).length / rows.filter((r) => r.mode === m).length;
      out.push({ intercept, agents, pWillingRotation: pw("rotation"), pWillingWilling: pw("willing"), or: ex.oddsRatio.estimate, lower: ex.oddsRatio.lower, upper: ex.oddsRatio.upper });
    }
  }
  return out;
}

/**
 * Token costs by protocol (and memory) from `costs` rows: per interval means of calls, input and output tokens and
 * utterances, and each protocol's total tokens relative to `hierarchical`.
 * @example costSummary(run.tables.costs)
 */
export function costSummary(costs: Row[]): Record<string, string | number>[] {
  const keyOf = (r: Row) => `${r.protocol}|${r.memory}`;
  const groups = new Map<string, Row[]>();
  for (const r of costs) (groups.get(keyOf(r)) ?? groups.set(keyOf(r), []).get(keyOf(r))!).push(r);
  const mean = (rs: Row[], k: string) => rs.reduce((a, r) => a + (r[k] as number), 0) / rs.length;
  const rows = [...groups.entries()].map(([k, rs]) => {
    const [protocol, memory] = k.split("|");
    return { protocol, memory, intervals: rs.length, calls: mean(rs, "calls"), input_tokens: mean(rs, "input_tokens"), output_tokens: mean(rs, "output_tokens"), utterances: mean(rs, "utterances") };
  });
  return rows.map((r) => {
    const h = rows.find((x) => x.protocol === "hierarchical" && x.memory === r.memory);
    const tot = (x: typeof r) => x.input_tokens + x.output_tokens;
    return { ...r, "tokens vs hierarchical": h ? `${((tot(r) / tot(h) - 1) * 100).toFixed(1)} %` : "n/a", "output tokens vs hierarchical": h ? `${((r.output_tokens / h.output_tokens - 1) * 100).toFixed(1)} %` : "n/a" };
  });
}

/** An effect with its 95 % interval, and the rows it was estimated on. */
export interface SpeakingEffect {
  estimate: number;
  lower: number;
  upper: number;
  rows: number;
}

/**
 * The rise of the dissonance index once an agent has spoken, with speaking assigned rather than chosen. Where agents
 * choose to speak, having spoken marks agents whose dissonance was high (a selection), and over a whole run it also
 * marks time (everyone has spoken after the first intervals). In Rotation with Force Speak the scheduled agent always
 * speaks, so in intervals 2..N of a run of N agents who has spoken is set by the turn order alone; comparing, at the
 * same interval, agents whose turn has come with those whose turn has not, is a comparison by assignment:
 *   `dissonance_index ~ has_spoken + interval_f + (1 | agent)` on Rotation × Force rows of intervals 2..N
 * (interval_f: the interval as a factor). The turn order follows the agent index, so it is a random assignment when
 * personas are drawn at random (an ecology sampled by shares with more agents than cards); with personas in card order
 * it holds up to differences between the cards' trajectories.
 * @throws {DataError} without Rotation × Force rows, or without agents on both sides of the comparison.
 * @example speakingEffect(rows).estimate // ≈ 0.14 with Self memory, ≈ 0 under no-self-memory
 */
export function speakingEffect(rows: Row[]): SpeakingEffect {
  const rf = rows.filter((r) => r.protocol === "tbs" && r.mode === "rotation" && r.force === "force");
  if (rf.length === 0) throw new DataError({ field: "mode, force", message: "speakingEffect: no rows of Rotation with Force Speak", fix: 'include mode "rotation" and force "force" in the grid' });
  const agentsOf = new Map<string, number>();
  for (const r of rf) agentsOf.set(r.run_id as string, Math.max(agentsOf.get(r.run_id as string) ?? 0, (r.agent_id as number) + 1));
  const first = new Map<string, number>();
  for (const r of rf) if (r.spoke) {
    const f = first.get(r.agent as string);
    if (f === undefined || (r.interval as number) < f) first.set(r.agent as string, r.interval as number);
  }
  const early: Row[] = [];
  for (const r of rf) {
    const v = r.interval as number;
    if (v < 2 || v > agentsOf.get(r.run_id as string)!) continue;
    const f = first.get(r.agent as string);
    early.push({ agent: r.agent, dissonance_index: r.dissonance_index, has_spoken: f !== undefined && f < v ? 1 : 0, interval_f: `v${v}` });
  }
  const both = new Set(early.map((r) => r.has_spoken));
  if (both.size < 2) throw new DataError({ field: "agents, intervals", message: "speakingEffect: no interval has agents on both sides of the comparison", fix: "run at least 3 agents for at least as many intervals as agents" });
  const f = lmm("dissonance_index ~ has_spoken + interval_f + (1 | agent)", early, { reml: true });
  const e = f.fixef.has_spoken, se = f.se.has_spoken;
  return { estimate: e, lower: e - Z * se, upper: e + Z * se, rows: early.length };
}

/**
 * The comparison `speakingEffect` replaces, for contrast: whether an agent has spoken yet, over whole runs, within
 * agents with a linear interval term, `dissonance_index ~ has_spoken + interval + (1 | agent)`. Where agents choose
 * to speak it marks a selection (they speak when dissonance is high), and in every mode it also marks time: after
 * the first intervals everyone has spoken, so `has_spoken` absorbs the early rise of the index that a linear term
 * does not fit.
 * @example speakingEffectWholeRun(rows.filter((r) => r.mode === "willing")).estimate
 */
export function speakingEffectWholeRun(rows: Row[]): SpeakingEffect {
  const first = new Map<string, number>();
  for (const r of rows) if (r.spoke) {
    const f = first.get(r.agent as string);
    if (f === undefined || (r.interval as number) < f) first.set(r.agent as string, r.interval as number);
  }
  const rs = rows.map((r) => {
    const f = first.get(r.agent as string);
    return { agent: r.agent, dissonance_index: r.dissonance_index, interval: r.interval, has_spoken: f !== undefined && f < (r.interval as number) ? 1 : 0 };
  });
  const f = lmm("dissonance_index ~ has_spoken + interval + (1 | agent)", rs, { reml: true });
  const e = f.fixef.has_spoken, se = f.se.has_spoken;
  return { estimate: e, lower: e - Z * se, upper: e + Z * se, rows: rs.length };
}

/** A paired difference by seed within one group, with its t interval over seeds. */
export interface GroupedContrast {
  group: string;
  seeds: number;
  a: number;
  b: number;
  difference: number;
  lower: number;
  upper: number;
}

/**
 * `column` at level `levels[1]` minus level `levels[0]` of `factor`, per seed (means over the seed's rows), within each
 * value of `by`; a t interval over seeds (the runs of a seed are paired when they share their stream).
 * @example pairedByGroup(rows, { factor: "memory", levels: ["nous-recency", "nous"], column: "dissonance_index", by: "agenda" })
 */
export function pairedByGroup(rows: Row[], o: { factor: string; levels: [string, string]; column: string; by: string }): GroupedContrast[] {
  const groups = [...new Set(rows.map((r) => String(r[o.by])))];
  return groups.map((group) => {
    const seeds = [...new Set(rows.map((r) => r.seed as number))].sort((x, y) => x - y);
    const mean = (seed: number, level: string) => {
      const xs = rows.filter((r) => String(r[o.by]) === group && r.seed === seed && r[o.factor] === level).map((r) => r[o.column] as number);
      return xs.reduce((s, x) => s + x, 0) / xs.length;
    };
    const a = seeds.map((s) => mean(s, o.levels[0])), b = seeds.map((s) => mean(s, o.levels[1]));
    const ci = pairedDifferenceCI(b, a);
    const avg = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
    return { group, seeds: seeds.length, a: avg(a), b: avg(b), difference: ci.mean, lower: ci.lower, upper: ci.upper };
  });
}
