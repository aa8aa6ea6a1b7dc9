/**
 * Results-grade summaries of TBS runs: the paper-vs-reproduction table with computed verdicts, index models with
 * non-linear time and memory × interval, the sensitivity of P(spoke | willing)'s odds ratio to assumed parameters,
 * and the token-cost table of the protocols.
 */
import { createRng } from "../core/rng.js";
import { lmm, type LmmFit } from "../stats/index.js";
import { expressionGivenIntention, indexModels, prepare, reliability, willingnessModel, LEVELS, varyingFactors, type Row } from "./analysis.js";
import { runTbs } from "./run.js";
import { DataError } from "../core/errors.js";
import type { TbsParamsInput } from "./params.js";

const Z = 1.959964;

/** The verdict of a finding: the paper's direction (+1, −1, or 0 for "no effect") against our 95 % interval. */
export type Verdict = "reproduced" | "not reproduced" | "opposite";

/**
 * Reproduced: the interval excludes 0 in the paper's direction (for a null finding: the interval includes 0).
 * Opposite: it excludes 0 the other way. Otherwise not reproduced. Intervals on the log-odds or coefficient scale.
 * @example verdict(+1, 0.1, 0.3) // "reproduced"; verdict(+1, -0.3, -0.1) // "opposite"; verdict(0, -0.1, 0.2) // "reproduced"
 */
export function verdict(direction: 1 | -1 | 0, lower: number, upper: number): Verdict {
  const above = lower > 0, below = upper < 0;
  if (direction === 0) return above || below ? "not reproduced" : "reproduced";
  if ((direction > 0 && above) || (direction < 0 && below)) return "reproduced";
  if ((direction > 0 && below) || (direction < 0 && above)) return "opposite";
  return "not reproduced";
}

/** One row of the paper-vs-reproduction table. */
export type FindingRow = {
  finding: string;
  paper: string;
  ours: string;
  scale: string;
  verdict: Verdict | string;
};

const fmt = (x: number, d = 3) => (Math.abs(x) >= 1e-3 || x === 0 ? x.toFixed(d) : x.toExponential(1));
const ci = (e: number, l: number, u: number, d = 3) => `${fmt(e, d)} [${fmt(l, d)}, ${fmt(u, d)}]`;

function coefRow(fit: LmmFit, term0: string, finding: string, paper: string, dir: 1 | -1 | 0): FindingRow {
  // An interaction may be named in either order (`memorysummary:interval` or `interval:memorysummary`).
  const term = term0 in fit.fixef ? term0 : term0.split(":").reverse().join(":");
  if (!(term in fit.fixef)) return { finding, paper, ours: "(not estimable in these rows)", scale: "LMM coefficient", verdict: "n/a" };
  const e = fit.fixef[term], se = fit.se[term];
  // Satterthwaite df are large here (thousands of rows); the normal interval is used for every row alike.
  return { finding, paper, ours: ci(e, e - Z * se, e + Z * se, 4), scale: `LMM coefficient (${term})`, verdict: verdict(dir, e - Z * se, e + Z * se) };
}

/**
 * The paper's findings (MECHANISMS.md §1; the paper's summary) against these rows, one row per finding, with the
 * verdict computed from our 95 % interval. α rows: "reproduced" when the lower bound is at least .70 (the paper's
 * claim is high reliability; its values .89 and .92 are shown beside ours).
 * @example paperComparison(rows).filter((r) => r.verdict === "opposite")
 */
export function paperComparison(rows: Row[]): FindingRow[] {
  const out: FindingRow[] = [];
  const rel = reliability(rows);
  for (const [name, a, paper] of [["dissonance", rel.dissonance, ".89"], ["silence pressure", rel.silence, ".92"]] as const) {
    out.push({ finding: `α of the ${name} items`, paper, ours: ci(a.alpha, a.ci.lower, a.ci.upper), scale: "Cronbach's α (Feldt CI)", verdict: a.ci.lower >= 0.7 ? "reproduced" : "not reproduced" });
  }
  const lin = indexModels(rows, { extra: "memory:interval" });
  const d = lin.dissonance, s = lin.silence;
  out.push(coefRow(d, "interval", "dissonance rises over time (linear)", "+ (modest)", 1));
  out.push(coefRow(d, "modewilling", "dissonance: Willing > Rotation", "+", 1));
  out.push(coefRow(d, "forceforce", "dissonance: Force > No Force", "+", 1));
  out.push(coefRow(d, "ecologybalanced-stakeholders", "dissonance: Six Americas < Balanced Stakeholders", "+ (Balanced higher)", 1));
  out.push(coefRow(s, "interval", "silence pressure: no linear time trend", "0 (n.s.)", 0));
  out.push(coefRow(s, "modewilling", "silence pressure: Willing > Rotation", "+", 1));
  out.push(coefRow(s, "forceforce", "silence pressure: Force > No Force", "+", 1));
  out.push(coefRow(s, "memorysummary", "silence pressure: Summary > Latest", "+", 1));
  out.push(coefRow(s, "memorysummary:interval", "silence pressure grows faster under Summary", "+", 1));
  const w = willingnessModel(rows);
  const or = (term: string, finding: string, paper: string, dir: 1 | -1) => {
    const o = w.oddsRatio[term];
    out.push({ finding, paper, ours: ci(o.estimate, o.lower, o.upper), scale: `GLMM odds ratio (${term})`, verdict: verdict(dir, Math.log(o.lower), Math.log(o.upper)) });
  };
  or("diss10", "dissonance raises willingness (per 0.1, Rotation)", "OR 4.34 (> 1)", 1);
  or("sil10", "silence pressure lowers willingness (per 0.1, Rotation)", "OR 0.24 (< 1)", -1);
  if ("diss10:modewilling" in w.oddsRatio) {
    or("diss10:modewilling", "weaker dissonance slope in Willing mode", "interaction < 1", -1);
    or("sil10:modewilling", "weaker silence slope in Willing mode", "interaction > 1 (toward 1)", 1);
  }
  const ex = expressionGivenIntention(rows);
  out.push({ finding: "P(spoke | willing): Willing vs Rotation", paper: "OR 3.34 (> 1)", ours: ci(ex.oddsRatio.estimate, ex.oddsRatio.lower, ex.oddsRatio.upper, 2), scale: "odds ratio (2×2, Woolf)", verdict: verdict(1, Math.log(ex.oddsRatio.lower), Math.log(ex.oddsRatio.upper)) });
  return out;
}

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

/**
 * Each ablation beside the effect that flows through the channel it removes, estimated with the channel open
 * (`none`) and removed; the effect must vanish in the second column.
 * - no-competition: the Willing − Rotation difference in the dissonance slope of willingness (latent scale);
 * - no-group-memory: the Summary − Latest difference in silence pressure;
 * - no-self-memory: the rise of dissonance once an agent has spoken, where the turn order assigns speaking
 *   (`speakingEffect`); "vanishes" when no rise remains (the CI does not lie above 0);
 * - no-fear (offline only): the odds ratio of the silence index on willingness (a false-positive check of the analysis).
 * Rows must be prepared offline `states` rows of the default grid (all ablations).
 */
export function ablationEffects(all: Row[]): { ablation: string; effect: string; scale: string; with: string; without: string; vanishes: string }[] {
  const by = (ab: string) => all.filter((r) => r.ablation === ab);
  const out: ReturnType<typeof ablationEffects> = [];
  const ciStr = (e: number, l: number, u: number) => ci(e, l, u, 4);
  const includes0 = (l: number, u: number) => (l < 0 && u > 0 ? "yes (CI includes 0)" : "no");
  {
    const c = (rows: Row[]) => {
      const f = lmm("willing ~ (lat_d10 + lat_s10) * mode + (1 | agent)", rows, { reml: false, levels: { mode: ["rotation", "willing"] } });
      const e = f.fixef["lat_d10:modewilling"], se = f.se["lat_d10:modewilling"];
      return [e, e - Z * se, e + Z * se];
    };
    const on = c(by("none").filter((r) => r.memory === "latest")), off = c(by("no-competition").filter((r) => r.memory === "latest"));
    out.push({ ablation: "no-competition", effect: "Willing − Rotation difference in the dissonance slope of willingness (memory latest)", scale: "linear probability per 0.1 of D", with: ciStr(on[0], on[1], on[2]), without: ciStr(off[0], off[1], off[2]), vanishes: includes0(off[1], off[2]) });
  }
  {
    const c = (rows: Row[]) => {
      const f = lmm("silence_index ~ memory + mode + force + ecology + interval + (1 | agent)", rows.filter((r) => r.memory === "latest" || r.memory === "summary"), { reml: true, levels: { memory: ["latest", "summary"], mode: ["rotation", "willing"], force: ["noforce", "force"], ecology: ["six-americas", "balanced-stakeholders"] } });
      const e = f.fixef.memorysummary, se = f.se.memorysummary;
      return [e, e - Z * se, e + Z * se];
    };
    const on = c(by("none")), off = c(by("no-group-memory"));
    out.push({ ablation: "no-group-memory", effect: "Summary − Latest difference in silence pressure", scale: "silence index", with: ciStr(on[0], on[1], on[2]), without: ciStr(off[0], off[1], off[2]), vanishes: includes0(off[1], off[2]) });
  }
  {
    const on = speakingEffect(by("none")), off = speakingEffect(by("no-self-memory"));
    out.push({ ablation: "no-self-memory", effect: "rise of dissonance once the agent has spoken, speaking assigned by the turn order (Rotation, Force Speak, intervals 2..N)", scale: "dissonance index", with: ciStr(on.estimate, on.lower, on.upper), without: ciStr(off.estimate, off.lower, off.upper), vanishes: off.lower <= 0 ? (off.upper >= 0 ? "yes (CI includes 0)" : "yes (no rise: CI below 0)") : "no" });
  }
  {
    const c = (rows: Row[]) => willingnessModel(rows.filter((r) => r.memory === "latest"), { interaction: false }).oddsRatio.sil10;
    const on = c(by("none")), off = c(by("no-fear"));
    out.push({ ablation: "no-fear (offline only)", effect: "odds ratio of the silence index on willingness", scale: "odds ratio per 0.1", with: ci(on.estimate, on.lower, on.upper), without: ci(off.estimate, off.lower, off.upper), vanishes: off.lower < 1 && off.upper > 1 ? "yes (CI includes 1)" : "no" });
  }
  return out;
}
