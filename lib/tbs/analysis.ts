/**
 * The paper's analyses on TBS tables (RQ1 and RQ2 of MECHANISMS.md §1), through the `stats` layer.
 * Rows are `states` rows; every function documents the model it fits in lme4 syntax.
 */
import { cronbachAlpha, glm, glmm, lmm, type AlphaResult, type GlmmResult, type LmmFit } from "../stats/index.js";
import { DataError } from "../core/errors.js";
import { wilsonCI } from "../stats/intervals.js";

export type Row = Record<string, unknown>;

/** Reference levels (treatment contrasts): mode=rotation, force=noforce, memory=latest, ecology=six-americas. */
export const LEVELS = {
  mode: ["rotation", "willing"],
  force: ["noforce", "force"],
  memory: ["latest", "sampling", "summary", "nous", "nous-recency"],
  ecology: ["six-americas", "balanced-stakeholders"],
} as const;

/**
 * Adds the analysis columns: `agent` (run_id:agent_id, unique across runs), `willing` and `spoke_n` (0/1),
 * `diss10`/`sil10` (indices × 10: effects per 0.1) and, for offline rows, `lat_d10`/`lat_s10` (latent appraisals × 10).
 * Rows whose reasoning failed (`error` set) are left out, and counted.
 * @example const { rows, dropped } = prepare(states);
 */
export function prepare(states: Row[]): { rows: Row[]; dropped: number } {
  const rows: Row[] = [];
  let dropped = 0;
  for (const r of states) {
    if (r.error) {
      dropped++;
      continue;
    }
    rows.push({
      ...r,
      agent: `${r.run_id}:${r.agent_id}`,
      willing: r.willing_to_speak ? 1 : 0,
      spoke_n: r.spoke ? 1 : 0,
      diss10: (r.dissonance_index as number) * 10,
      sil10: (r.silence_index as number) * 10,
      lat_d10: r.latent_dissonance == null ? null : (r.latent_dissonance as number) * 10,
      lat_s10: r.latent_silence == null ? null : (r.latent_silence as number) * 10,
    });
  }
  return { rows, dropped };
}

/**
 * Cronbach's α (with Feldt CI) of the three dissonance items and of the two silence items.
 * @example reliability(rows).dissonance.alpha
 */
export function reliability(rows: Row[]): { dissonance: AlphaResult; silence: AlphaResult } {
  const col = (k: string) => rows.map((r) => r[k] as number);
  return {
    dissonance: cronbachAlpha({ perceived_inconsistency: col("perceived_inconsistency"), dissonance_tension: col("dissonance_tension"), tension_reduction_motivation: col("tension_reduction_motivation") }),
    silence: cronbachAlpha({ perceived_opinion_climate: col("perceived_opinion_climate"), perceived_isolation_risk: col("perceived_isolation_risk") }),
  };
}

/** Condition factors that vary in these rows (a factor with one level cannot be estimated). */
export function varyingFactors(rows: Row[], factors: readonly string[] = ["mode", "force", "memory", "ecology"]): string[] {
  return factors.filter((f) => new Set(rows.map((r) => r[f])).size > 1);
}

function levelsFor(rows: Row[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [f, lv] of Object.entries(LEVELS)) {
    const present = new Set(rows.map((r) => r[f] as string));
    out[f] = (lv as readonly string[]).filter((l) => present.has(l));
  }
  return out;
}

/**
 * Linear mixed models of each index on interval and the conditions, agent random intercepts (and run intercepts when
 * `withRun`): `<index> ~ interval + mode + force + memory + ecology + (1 | agent) [+ (1 | run_id)]`, REML, Satterthwaite p.
 * @example indexModels(rows).dissonance.fixef.modewilling
 */
export function indexModels(rows: Row[], opts: { withRun?: boolean; extra?: string } = {}): { dissonance: LmmFit; silence: LmmFit; formula: string } {
  const fac = varyingFactors(rows);
  const rhs = ["interval", ...fac, ...(opts.extra ? [opts.extra] : [])].join(" + ") + " + (1 | agent)" + (opts.withRun ? " + (1 | run_id)" : "");
  const lv = levelsFor(rows);
  return {
    dissonance: lmm(`dissonance_index ~ ${rhs}`, rows, { reml: true, levels: lv }),
    silence: lmm(`silence_index ~ ${rhs}`, rows, { reml: true, levels: lv }),
    formula: `<index> ~ ${rhs}`,
  };
}

/**
 * Mixed logistic model of willingness on the indices per 0.1, with their interaction with mode:
 * `willing ~ (diss10 + sil10) * mode + (1 | agent)` (without mode terms when mode does not vary).
 * @throws StatsError if the fit is degenerate (e.g. no variation in willingness).
 * @example willingnessModel(rows).oddsRatio.diss10.estimate
 */
export function willingnessModel(rows: Row[], opts: { x?: [string, string]; interaction?: boolean } = {}): GlmmResult {
  const [d, s] = opts.x ?? ["diss10", "sil10"];
  const withMode = varyingFactors(rows, ["mode"]).length > 0;
  const rhs = withMode ? (opts.interaction === false ? `${d} + ${s} + mode` : `(${d} + ${s}) * mode`) : `${d} + ${s}`;
  return glmm(`willing ~ ${rhs} + (1 | agent)`, rows, { family: "binomial", levels: levelsFor(rows) });
}

/** Expression given intention: P(spoke | willing) by mode, and the odds ratio Willing vs Rotation. */
export interface ExpressionResult {
  byMode: { mode: string; willingRows: number; spoke: number; p: number; lower: number; upper: number }[];
  /** Odds ratio from the 2×2 table with Woolf's (log) 95% interval. */
  oddsRatio: { estimate: number; lower: number; upper: number };
  /** The same from `spoke ~ mode + (1 | agent)` among willing rows. */
  glmm?: GlmmResult;
}

/**
 * P(spoke | willing) by mode (Wilson 95% intervals) and the odds ratio Willing vs Rotation.
 * @throws DataError if a mode has no willing rows.
 */
export function expressionGivenIntention(rows: Row[], opts: { fitGlmm?: boolean } = {}): ExpressionResult {
  const willing = rows.filter((r) => r.willing === 1);
  const byMode = (["rotation", "willing"] as const).map((mode) => {
    const w = willing.filter((r) => r.mode === mode);
    if (w.length === 0) throw new DataError({ field: "mode", message: `no willing rows in mode ${mode}`, fix: "run both modes (grid.mode) before comparing them" });
    const k = w.filter((r) => r.spoke_n === 1).length;
    return { mode, willingRows: w.length, spoke: k, p: k / w.length, lower: wilsonCI(k, w.length).lower, upper: wilsonCI(k, w.length).upper };
  });
  const [a, b] = [byMode[1].spoke, byMode[1].willingRows - byMode[1].spoke];
  const [c, d] = [byMode[0].spoke, byMode[0].willingRows - byMode[0].spoke];
  const lor = Math.log((a + 0.5) * (d + 0.5)) - Math.log((b + 0.5) * (c + 0.5));
  const se = Math.sqrt(1 / (a + 0.5) + 1 / (b + 0.5) + 1 / (c + 0.5) + 1 / (d + 0.5));
  const out: ExpressionResult = { byMode, oddsRatio: { estimate: Math.exp(lor), lower: Math.exp(lor - 1.959964 * se), upper: Math.exp(lor + 1.959964 * se) } };
  if (opts.fitGlmm) out.glmm = glmm("spoke_n ~ mode + (1 | agent)", willing, { family: "binomial", levels: { mode: ["rotation", "willing"] } });
  return out;
}

/**
 * Who gets the floor among the willing: `spoke_n ~ diss10 + sil10 + mode + (1 | agent)` on willing rows, to see
 * whether appraisals still matter once an intention is formed (the paper: only marginally; turn allocation dominates).
 * @throws StatsError if the fit is degenerate.
 * @example floorModel(rows).oddsRatio.modewilling.estimate
 */
export function floorModel(rows: Row[]): GlmmResult {
  const willing = rows.filter((r) => r.willing === 1);
  const withMode = varyingFactors(willing, ["mode"]).length > 0;
  return glmm(`spoke_n ~ diss10 + sil10${withMode ? " + mode" : ""} + (1 | agent)`, willing, { family: "binomial", levels: { mode: ["rotation", "willing"] } });
}

/** Share of the floor by persona: spoken intervals / (agents of that persona × intervals), and share of all utterances. */
export function speakingShare(rows: Row[]): { persona: string; rows: number; spoke: number; rate: number; share: number }[] {
  const by = new Map<string, { rows: number; spoke: number }>();
  for (const r of rows) {
    const k = r.persona as string;
    const e = by.get(k) ?? { rows: 0, spoke: 0 };
    e.rows++;
    if (r.spoke) e.spoke++;
    by.set(k, e);
  }
  const total = [...by.values()].reduce((s, e) => s + e.spoke, 0) || 1;
  return [...by.entries()].map(([persona, e]) => ({ persona, rows: e.rows, spoke: e.spoke, rate: e.spoke / e.rows, share: e.spoke / total }));
}

/** Mean of a column by interval and a condition factor (for trajectories). */
export function meanBy(rows: Row[], value: string, factor: string): { level: string; interval: number[]; mean: number[]; se: number[] }[] {
  const groups = new Map<string, Map<number, number[]>>();
  for (const r of rows) {
    const g = String(r[factor]);
    if (!groups.has(g)) groups.set(g, new Map());
    const m = groups.get(g)!;
    const v = r.interval as number;
    if (!m.has(v)) m.set(v, []);
    m.get(v)!.push(r[value] as number);
  }
  return [...groups.entries()].map(([level, m]) => {
    const iv = [...m.keys()].sort((a, b) => a - b);
    const stats = iv.map((v) => {
      const xs = m.get(v)!;
      const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
      const sd = Math.sqrt(xs.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(1, xs.length - 1));
      return [mean, sd / Math.sqrt(xs.length)];
    });
    return { level, interval: iv, mean: stats.map((s) => s[0]), se: stats.map((s) => s[1]) };
  });
}

/** A Wald estimate with its 95 % interval. */
export interface Contrast {
  estimate: number;
  lower: number;
  upper: number;
}

/** How the contrast treats the agents' talkativeness u_i (`competitionContrast`). */
export type ContrastFit = "plain" | "mundlak" | "known";

/**
 * The Willing − Rotation differences in willingness at equal latent appraisals (offline rows):
 * `willing ~ (lat_d10 + lat_s10) * mode + …`; `dissonance` and `silence` are the slope differences (interaction terms)
 * and `level` the difference at D = S = 0, each with its Wald 95 % interval. The offline model has no mode parameter,
 * so these differences come only from what agents know about the competition for the floor, and from how u_i is
 * handled: `plain` estimates u_i as a random intercept (`+ (1 | agent)`, what an analyst fits); `mundlak` adds each
 * agent's means of the two regressors (`+ m_d10 + m_s10 + (1 | agent)`, correlated random effects); `known` enters the
 * generating u_i as a covariate (`+ agent_effect`, logistic GLM: the rule's own form). The appraisals are not
 * exogenous (an agent that speaks more remembers more of its own statements and hears fewer others), and how much
 * they track u_i differs by mode, so only `known` is free of that bias.
 * @throws StatsError if the fit is degenerate.
 * @example competitionContrast(rows, "known").dissonance.upper < 0 // weaker dissonance slope in Willing mode
 */
export function competitionContrast(rows: Row[], fit: ContrastFit = "plain"): { dissonance: Contrast; silence: Contrast; level: Contrast; fit: { fixef: Record<string, number>; se: Record<string, number> } } {
  const levels = { mode: ["rotation", "willing"] };
  let f: { fixef: Record<string, number>; se: Record<string, number> };
  if (fit === "known") {
    const g = glm("willing ~ (lat_d10 + lat_s10) * mode + agent_effect", rows, { family: "binomial", levels });
    f = { fixef: g.coef, se: g.se };
  } else {
    const rs = fit === "mundlak" ? withAgentMeans(rows, ["lat_d10", "lat_s10"]) : rows;
    f = glmm(`willing ~ (lat_d10 + lat_s10) * mode${fit === "mundlak" ? " + m_lat_d10 + m_lat_s10" : ""} + (1 | agent)`, rs, { family: "binomial", levels });
  }
  const c = (n: string): Contrast => ({ estimate: f.fixef[n], lower: f.fixef[n] - 1.959964 * f.se[n], upper: f.fixef[n] + 1.959964 * f.se[n] });
  return { dissonance: c("lat_d10:modewilling"), silence: c("lat_s10:modewilling"), level: c("modewilling"), fit: f };
}

/** Copies of the rows with each agent's mean of every named column as `m_<column>`. */
export function withAgentMeans(rows: Row[], cols: string[]): Row[] {
  const sums = new Map<string, { n: number; s: number[] }>();
  for (const r of rows) {
    const e = sums.get(r.agent as string) ?? sums.set(r.agent as string, { n: 0, s: cols.map(() => 0) }).get(r.agent as string)!;
    e.n++;
    cols.forEach((c, k) => (e.s[k] += r[c] as number));
  }
  return rows.map((r) => {
    const e = sums.get(r.agent as string)!;
    const out: Row = { ...r };
    cols.forEach((c, k) => (out[`m_${c}`] = e.s[k] / e.n));
    return out;
  });
}
