/**
 * The analyses behind TBS's claims (lib/tbs/claims.ts): each reads the tables of one design point's cells (every
 * seed, every grid level of the claim's design) and returns an estimate with its 95 % interval, two-sided p against
 * the claim's null value, SE and the units the interval is over. Per-seed summaries use a t interval over seeds (the
 * seed is the independent unit: a run's agents share its history); model-based ones a Wald interval from the fit.
 */
import type { ClaimAnalysis, ClaimEstimate, ClaimTables } from "../core/claims.js";
import { DataError } from "../core/errors.js";
import { glmm, meanCI, ols, tTestP, normalTestP } from "../stats/index.js";
import { competitionContrast, expressionGivenIntention, prepare, type ContrastFit, type Row } from "./analysis.js";

const Z = 1.959964;

function statesOf(tables: ClaimTables, where: string): Row[] {
  const states = tables.states;
  if (!states || states.length === 0) throw new DataError({ field: "states", message: `${where}: no states rows in this design point`, fix: "run the claim's design (its cells write the states table)" });
  return prepare(states).rows;
}

function bySeed(rows: Row[]): Map<number, Row[]> {
  const out = new Map<number, Row[]>();
  for (const r of rows) (out.get(r.seed as number) ?? out.set(r.seed as number, []).get(r.seed as number)!).push(r);
  return out;
}

/** A t interval over per-seed values, with p against `nullValue`. */
export function overSeeds(values: number[], nullValue = 0): ClaimEstimate {
  const ci = meanCI(values);
  const se = ci.sd / Math.sqrt(ci.n);
  const p = se > 0 ? tTestP((ci.mean - nullValue) / se, ci.n - 1) : ci.mean === nullValue ? 1 : 0;
  return { estimate: ci.mean, lower: ci.lower, upper: ci.upper, p, se, n: ci.n, unit: "seeds" };
}

/** A Wald interval from a fit's estimate and SE. */
function wald(estimate: number, se: number, n: number, unit: string, nullValue = 0): ClaimEstimate {
  return { estimate, lower: estimate - Z * se, upper: estimate + Z * se, p: normalTestP((estimate - nullValue) / se), se, n, unit };
}

const slope = (rows: Row[], column: string) => ols(`${column} ~ interval`, rows.map((r) => ({ [column]: r[column], interval: r.interval }))).coef.interval;

/**
 * Cronbach's raw α, k/(k − 1)·(1 − Σ var(item)/var(Σ items)) (psych's raw_alpha; stats.cronbachAlpha gives the same
 * value with its Feldt interval and prints psych's warnings, which at the audit's many design points would only repeat
 * that an item of a scale with almost no variance correlates negatively).
 * @example rawAlpha([[1, 2, 3], [1, 3, 3]]) // 0.909…
 */
export function rawAlpha(items: number[][]): number {
  const k = items.length, n = items[0].length;
  const variance = (x: number[]) => {
    const m = x.reduce((a, b) => a + b, 0) / n;
    return x.reduce((a, b) => a + (b - m) ** 2, 0) / (n - 1);
  };
  const total = Array.from({ length: n }, (_, i) => items.reduce((a, it) => a + it[i], 0));
  return (k / (k - 1)) * (1 - items.reduce((a, it) => a + variance(it), 0) / variance(total));
}

/**
 * Cronbach's α of the three dissonance items or the two silence items, per seed (all the seed's rows), then a t
 * interval over seeds. Options: `scale` ("dissonance" | "silence"), `nullValue` (p is against it; default 0).
 */
export const alphaAnalysis: ClaimAnalysis = (tables, { options }) => {
  const rows = statesOf(tables, "alpha");
  const items = options?.scale === "silence" ? ["perceived_opinion_climate", "perceived_isolation_risk"] : ["perceived_inconsistency", "dissonance_tension", "tension_reduction_motivation"];
  const per = [...bySeed(rows).values()].map((rs) => rawAlpha(items.map((k) => rs.map((r) => r[k] as number))));
  return overSeeds(per, (options?.nullValue as number) ?? 0);
};

/** The linear time slope of a column (options.column) per seed (OLS over the seed's rows of every cell), t over seeds. */
export const timeSlopeAnalysis: ClaimAnalysis = (tables, { options }) => {
  const column = String(options?.column ?? "dissonance_index");
  return overSeeds([...bySeed(statesOf(tables, "timeSlope")).values()].map((rs) => slope(rs, column)));
};

/**
 * How much faster a column changes over time at one level of a factor than at another: per seed, the slope at
 * `levels[1]` minus the slope at `levels[0]` of `factor` (options), t over seeds.
 */
export const slopeDifferenceAnalysis: ClaimAnalysis = (tables, { options }) => {
  const column = String(options?.column ?? "silence_index");
  const factor = String(options?.factor ?? "memory");
  const [a, b] = (options?.levels as string[]) ?? ["latest", "summary"];
  const per: number[] = [];
  for (const [seed, rs] of bySeed(statesOf(tables, "slopeDifference"))) {
    const ra = rs.filter((r) => r[factor] === a), rb = rs.filter((r) => r[factor] === b);
    if (ra.length === 0 || rb.length === 0) throw new DataError({ field: factor, message: `slopeDifference: seed ${seed} lacks rows at ${factor} = ${ra.length ? b : a}`, fix: `put ${factor}: ["${a}", "${b}"] in the claim's design grid` });
    per.push(slope(rb, column) - slope(ra, column));
  }
  return overSeeds(per);
};

/**
 * The paper's willingness model on the observed indices, `willing ~ (diss10 + sil10) * mode + (1 | agent)` (without
 * mode terms when one mode is present): the log odds ratio of `term` (diss10, sil10 are the Rotation slopes where
 * both modes are present), Wald interval; p against options.nullValue (default 0).
 */
export const willingnessAnalysis: ClaimAnalysis = (tables, { term, options }) => {
  const rows = statesOf(tables, "willingness");
  const both = new Set(rows.map((r) => r.mode)).size > 1;
  const f = glmm(`willing ~ ${both ? "(diss10 + sil10) * mode" : "diss10 + sil10"} + (1 | agent)`, rows, { family: "binomial", levels: { mode: ["rotation", "willing"] } });
  const t = term ?? "diss10";
  if (!(t in f.fixef)) throw new DataError({ field: "term", message: `willingness: no term "${t}" (terms: ${f.fixefNames.join(", ")})`, fix: "name a term of willing ~ (diss10 + sil10) * mode" });
  return wald(f.fixef[t], f.se[t], new Set(rows.map((r) => r.agent)).size, "agents (Wald, GLMM)", (options?.nullValue as number) ?? 0);
};

/**
 * The Willing − Rotation differences at equal latent appraisals (analysis.competitionContrast): term `dissonance`,
 * `silence` (slope differences) or `level`; options.fit "known" (default: u_i known, the rule's form), "mundlak" or
 * "plain". Wald interval.
 */
export const competitionAnalysis: ClaimAnalysis = (tables, { term, options }) => {
  const rows = statesOf(tables, "competition");
  const c = competitionContrast(rows, ((options?.fit as ContrastFit) ?? "known"));
  const k = (term ?? "dissonance") as "dissonance" | "silence" | "level";
  if (!(k in c) || k === ("fit" as string)) throw new DataError({ field: "term", message: `competition: no term "${term}"`, fix: "use dissonance, silence or level" });
  return wald(c[k].estimate, (c[k].upper - c[k].lower) / (2 * Z), new Set(rows.map((r) => r.agent)).size, "agents (Wald)");
};

/**
 * P(spoke | willing), Willing vs Rotation: the log odds ratio of the pooled 2×2 table with Woolf's interval.
 * @throws DataError without willing rows in both modes.
 */
export const expressionAnalysis: ClaimAnalysis = (tables) => {
  const rows = statesOf(tables, "expression");
  const ex = expressionGivenIntention(rows);
  const lor = Math.log(ex.oddsRatio.estimate);
  return wald(lor, (Math.log(ex.oddsRatio.upper) - Math.log(ex.oddsRatio.lower)) / (2 * Z), ex.byMode.reduce((a, m) => a + m.willingRows, 0), "willing agent-intervals (Woolf)");
};

/**
 * Total tokens (input + output) per interval at protocol `levels[1]` relative to `levels[0]` (options; default tbs
 * against hierarchical), per seed: mean₁/mean₀ − 1, t over seeds. Rows of the `costs` table.
 */
export const tokensAnalysis: ClaimAnalysis = (tables, { options }) => {
  const costs = tables.costs ?? [];
  const [a, b] = (options?.levels as string[]) ?? ["hierarchical", "tbs"];
  const per: number[] = [];
  const seeds = [...new Set(costs.map((r) => r.seed as number))].sort((x, y) => x - y);
  for (const seed of seeds) {
    const tot = (p: string) => {
      const rs = costs.filter((r) => r.seed === seed && r.protocol === p);
      if (rs.length === 0 || rs.some((r) => r.input_tokens == null)) throw new DataError({ field: "costs", message: `tokens: seed ${seed} has no tokenized costs rows of protocol ${p}`, fix: `put protocol: ["${a}", "${b}"] in the design grid and costSamplePerInterval ≥ 1 in its params` });
      return rs.reduce((s, r) => s + (r.input_tokens as number) + (r.output_tokens as number), 0) / rs.length;
    };
    per.push(tot(b) / tot(a) - 1);
  }
  return overSeeds(per);
};

/** The analyses by name, as `MechanismClaims.analyses`. */
export const CLAIM_ANALYSES: Record<string, ClaimAnalysis> = {
  alpha: alphaAnalysis,
  timeSlope: timeSlopeAnalysis,
  slopeDifference: slopeDifferenceAnalysis,
  willingness: willingnessAnalysis,
  competition: competitionAnalysis,
  expression: expressionAnalysis,
  tokens: tokensAnalysis,
};
