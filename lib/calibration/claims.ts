/**
 * The calibration study's findings as claims for the claims audit (`lib/claims`), the offline judge's parameters as
 * assumptions, and the audit's sizes. Contrasts read `levels[1] − levels[0]` of the `protocol` factor, paired by seed.
 *
 * Scales. The paper's coupling numbers are raw γ and JSD; in this model raw γ falls with the step size alone (a
 * smaller random walk), so the primary scale is coupling above the history-matched floor (`gamma_tv_excess`,
 * `gamma_vt_excess`), and "calibration itself" is the calibrated protocol against `raw_matched` at equal mean step.
 *
 * Nulls. The uninformative judge (`NULL_OVERRIDES`: every strategy of equal quality, no strategy × task effect, no
 * label, position or verbosity bias) must remove every coupling effect above the floor; the Bayes-perfect judge
 * (`offline.judge.kind: "bayes"`) must remove the calibration gain. The full audit runs them at 600 seeds: enough for
 * 80 % power to detect 0.05 in γ_TV_excess (isotonic − binary, SD of the paired difference 0.436 under the null on dev
 * seeds 5001–5150; 599 seeds by the noncentral t).
 */
import type { AssumptionDecl, ClaimDecl, MechanismClaims } from "../core/claims.js";
import { calibrationGainAnalysis, couplingAboveFloorAnalysis, uncertainShareAnalysis } from "./claim-analyses.js";
import { OfflineModelSchema } from "./types.js";

/** The uninformative judge, as params overrides (dotted paths): every strategy of equal quality, no judge biases. */
export const NULL_OVERRIDES: Record<string, unknown> = {
  "offline.qualityScale": 0, "offline.taskSd": 0, "offline.judge.labelScale": 0, "offline.judge.positionBias": 0, "offline.judge.verbosityBias": 0,
};

/** Dotted-path overrides as nested params. @example nested({ "a.b": 1 }) // { a: { b: 1 } } */
export function nested(overrides: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [path, v] of Object.entries(overrides)) {
    const keys = path.split(".");
    let o = out;
    for (const k of keys.slice(0, -1)) o = (o[k] ??= {}) as Record<string, unknown>;
    o[keys[keys.length - 1]] = v;
  }
  return out;
}

/** The uninformative judge as nested params (for cells run directly). */
export const NULL_JUDGE = nested(NULL_OVERRIDES);

const PAPER = "Calibrating the Evaluator: Does Probability Calibration Mitigate Preference Coupling in LLM Agent Feedback Loops? (arXiv 2606.31371)";
const UNINFORMATIVE = { name: "uninformative judge", overrides: NULL_OVERRIDES, why: "with equal qualities and no biases the judge's verdicts say nothing about strategies: coupling is a random walk, and the history-matched floor is that walk" };
const BAYES = { name: "Bayes-perfect judge", overrides: { "offline.judge.kind": "bayes" }, why: "a judge whose stated confidence is already the true probability leaves a calibrator nothing to correct" };

/** The offline model's assumptions: every numeric and enumerated parameter of `params.offline`, with a defensible range. */
export const ASSUMPTIONS: AssumptionDecl[] = [
  { name: "quality differences", path: "offline.qualityScale", kind: "continuous", range: [0.25, 2], default: 1, why: "multiplies the strategies' mean qualities per modality (round values set before any run, text strategies better on text, visual ones on visual); 0 is the uninformative null" },
  { name: "strategy × task SD", path: "offline.taskSd", kind: "continuous", range: [0, 0.8], default: 0.4, why: "some strategies suit some tasks; a round value, up to twice the default" },
  { name: "answer noise SD", path: "offline.answerSd", kind: "continuous", range: [0.3, 1.2], default: 0.6, why: "quality varies between answers of one strategy to one task; half to twice the default" },
  { name: "length spread", path: "offline.lengthSpread", kind: "continuous", range: [0, 0.6], default: 0.3, why: "answers vary ±30 % around their strategy's mean length; none to ±60 %" },
  { name: "correctness noise SD", path: "offline.correctSd", kind: "continuous", range: [0.25, 1], default: 0.5, why: "sets the executor's accuracy only (no update reads it)" },
  { name: "judge sensitivity", path: "offline.judge.sensitivity", kind: "continuous", range: [0.2, 1.5], default: 0.6, why: "logit per unit of quality gap; a weak to a sharp judge" },
  { name: "label bias scale", path: "offline.judge.labelScale", kind: "continuous", range: [0, 2], default: 1, why: "multiplies the configured name biases (first_principles +0.5 … creative_leap −0.4); none to double" },
  { name: "position bias", path: "offline.judge.positionBias", kind: "continuous", range: [0, 0.8], default: 0.3, why: "logit toward answer A, where the candidate always is under control none" },
  { name: "verbosity bias", path: "offline.judge.verbosityBias", kind: "continuous", range: [0, 1.5], default: 0.6, why: "logit per 1,000 characters of length difference" },
  { name: "judge noise SD", path: "offline.judge.noiseSd", kind: "continuous", range: [0.5, 2], default: 1, why: "the judge's own logit noise; a round value set before any run" },
  { name: "over-confidence κ", path: "offline.judge.confidenceScale", kind: "continuous", range: [0.7, 3], scale: "log", default: 1.5, why: "stated confidence σ(κz): under-confident (κ < 1) to strongly over-confident; real judges' κ is unknown offline" },
  { name: "confidence rounding", path: "offline.judge.confidenceStep", kind: "discrete", levels: [0.01, 0.05, 0.1], default: 0.05, why: "LLM judges state round numbers; to the nearest 1, 5 or 10 points" },
  { name: "calibration window", path: "windowKind", role: "mechanism", kind: "discrete", levels: ["sliding", "expanding", "per_strategy"], default: "expanding", why: "which earlier pairs the calibrator is fitted on; the seed's is a 10-pair sliding window" },
  { name: "prior pairs", path: "priorPairs", role: "mechanism", kind: "continuous", range: [0, 120], default: 60, why: "shrinkage of the fit toward the raw confidence, chosen on dev seeds 3001–3040" },
  { name: "calibration choice", path: "calibrationChoice", role: "mechanism", kind: "discrete", levels: ["always", "cv"], default: "cv", why: "use the fit always, or only when it predicted better than the raw confidence (chosen on dev seeds 3001–3040)" },
];

/** The settings an LLM audit varies. */
export const LLM_ASSUMPTIONS: AssumptionDecl[] = [
  { name: "judge temperature", path: "llm.judgeTemperature", kind: "continuous", range: [0, 1], default: 0, why: "the judge's sampling; 0 is the most repeatable" },
  { name: "executor temperature", path: "llm.executorTemperature", kind: "continuous", range: [0.2, 1.2], default: 0.7, why: "how much the executor's answers vary" },
];

const couplingClaim = (c: Omit<ClaimDecl, "source" | "contrast" | "nulls" | "margin" | "metric" | "direction"> & { column: string; levels: [string, string]; where: string; control?: string; margin?: number; params?: Record<string, unknown> }): ClaimDecl => ({
  id: c.id, statement: c.statement, scale: c.scale, ...(c.paper ? { paper: c.paper } : {}),
  source: { paper: PAPER, where: c.where },
  metric: { table: "results", column: c.column },
  contrast: { factor: "protocol", levels: c.levels },
  design: { grid: { control: [c.control ?? "none"] }, ...(c.params ? { params: c.params } : {}) },
  direction: "-", nulls: [UNINFORMATIVE], margin: c.margin ?? 0.05,
});

export const CLAIMS: ClaimDecl[] = [
  couplingClaim({ id: "gamma-tv-raw", statement: "Calibrated TTRL lowers γ_T→V against binary TTRL (0.924 → 0.744, −20 %)", where: "Results: coupling coefficient", column: "gamma_tv", levels: ["binary", "isotonic"], scale: "difference in γ_TV (isotonic − binary)", paper: { value: 0.744 - 0.924, text: "0.924 → 0.744" } }),
  couplingClaim({ id: "gamma-vt-raw", statement: "Calibrated TTRL lowers γ_V→T against binary TTRL (1.580 → 0.806, −49 %)", where: "Results: coupling coefficient", column: "gamma_vt", levels: ["binary", "isotonic"], scale: "difference in γ_VT (isotonic − binary)", paper: { value: 0.806 - 1.58, text: "1.580 → 0.806" } }),
  couplingClaim({ id: "jsd-tv-raw", statement: "Calibrated TTRL lowers the JSD of T→V by 45 %", where: "Results: Jensen–Shannon divergence", column: "jsd_tv", levels: ["binary", "isotonic"], scale: "difference in JSD_TV, nats (isotonic − binary)", margin: 0.02 }),
  couplingClaim({ id: "jsd-vt-raw", statement: "Calibrated TTRL lowers the JSD of V→T by 67 %", where: "Results: Jensen–Shannon divergence", column: "jsd_vt", levels: ["binary", "isotonic"], scale: "difference in JSD_VT, nats (isotonic − binary)", margin: 0.02 }),
  couplingClaim({ id: "gamma-tv-excess", statement: "Calibrated TTRL lowers T→V coupling, read above the noise floor (γ_TV minus the history-matched floor)", where: "Results: coupling coefficient (on this model's floor scale)", column: "gamma_tv_excess", levels: ["binary", "isotonic"], scale: "difference in γ_TV above the floor (isotonic − binary)" }),
  couplingClaim({ id: "gamma-vt-excess", statement: "Calibrated TTRL lowers V→T coupling, read above the noise floor (γ_VT minus the history-matched floor)", where: "Results: coupling coefficient (on this model's floor scale)", column: "gamma_vt_excess", levels: ["binary", "isotonic"], scale: "difference in γ_VT above the floor (isotonic − binary)" }),
  couplingClaim({ id: "calibration-itself-isotonic", statement: "The reduction is driven by calibration itself: isotonic calibration lowers coupling against raw confidence at equal mean step", where: "Results: robustness (attributed to the calibration mechanism)", column: "gamma_tv_excess", levels: ["raw_matched", "isotonic"], scale: "difference in γ_TV above the floor (isotonic − raw_matched)", params: { matchedTo: "isotonic" } }),
  couplingClaim({ id: "calibration-itself-platt", statement: "The reduction is driven by calibration itself: Platt scaling lowers coupling against raw confidence at equal mean step", where: "Results: robustness (attributed to the calibration mechanism)", column: "gamma_tv_excess", levels: ["raw_matched", "platt"], scale: "difference in γ_TV above the floor (platt − raw_matched)", params: { matchedTo: "platt" } }),
  couplingClaim({ id: "confidence-gating", statement: "Confidence gating: uncertain judgements contribute negligible updates, which lowers coupling (the confidence's information, at the same steps)", where: "Results: mechanism (confidence gating)", column: "gamma_tv_excess", levels: ["shuffled", "isotonic"], scale: "difference in γ_TV above the floor (isotonic − shuffled)" }),
  couplingClaim({ id: "robust-symmetric", statement: "The reduction persists with symmetric learning rates (α_win = α_lose)", where: "Results: robustness", column: "gamma_tv_excess", levels: ["binary", "isotonic"], control: "symmetric", scale: "difference in γ_TV above the floor (isotonic − binary), control symmetric" }),
  couplingClaim({ id: "robust-truncate", statement: "The reduction persists with answers truncated to 500 characters", where: "Results: robustness", column: "gamma_tv_excess", levels: ["binary", "isotonic"], control: "truncate", scale: "difference in γ_TV above the floor (isotonic − binary), control truncate" }),
  ...(["tv", "vt"] as const).map((d): ClaimDecl => ({
    id: `residual-coupling-${d}`, statement: `Residual coupling under calibration (γ_${d === "tv" ? "T→V" : "V→T"} ≈ 0.8) reflects the judge's genuine preferences, not noise: it lies above the noise floor`,
    source: { paper: PAPER, where: "Limitations (residual coupling)" },
    metric: { analysis: "couplingAboveFloor" }, contrast: { term: d }, design: { grid: { protocol: ["isotonic"], control: ["none"] } },
    direction: "+", scale: `γ_${d.toUpperCase()} minus the history-matched floor, isotonic protocol`, nulls: [UNINFORMATIVE], margin: 0.05,
  })),
  {
    id: "uncertain-share", statement: "About 31 % of the judge's confidences fall in [0.4, 0.6]", source: { paper: PAPER, where: "Results: mechanism (confidence gating)" },
    metric: { analysis: "uncertainShare" }, contrast: { term: "share" }, design: { grid: { protocol: ["raw"], control: ["none"] } },
    direction: "+", paper: { value: 0.31, text: "≈ 31 %" }, scale: "share of raw confidences in [0.4, 0.6]", nulls: [], margin: 0.05,
    input: "offline.judge.confidenceScale",
  },
  {
    id: "calibration-ece", statement: "The calibrator makes the judge's confidence calibrated: lower ECE than the raw confidence", source: { paper: PAPER, where: "Method: continuous calibration" },
    metric: { analysis: "calibrationGain" }, contrast: { term: "ece" }, design: { grid: { protocol: ["isotonic"], control: ["none"] } },
    direction: "-", scale: "ECE of the calibrated minus the raw confidence (mean over seeds of each cell's)", nulls: [BAYES], margin: 0.005,
  },
  {
    id: "calibration-brier", statement: "The calibrator lowers the Brier score of the judge's confidence", source: { paper: PAPER, where: "Method: continuous calibration" },
    metric: { analysis: "calibrationGain" }, contrast: { term: "brier" }, design: { grid: { protocol: ["isotonic"], control: ["none"] } },
    direction: "-", scale: "Brier score of the calibrated minus the raw confidence (mean over seeds of each cell's)", nulls: [BAYES], margin: 0.002,
  },
  {
    id: "label-bias", statement: "A judge's label bias propagates into the learnt strategy weights (creative_leap, disfavoured by name, loses weight)", source: { paper: PAPER, where: "Problem definition (evaluator preference coupling)" },
    metric: { table: "weights", column: "weight", where: { phase: "A", strategy: "creative_leap" } }, contrast: { factor: "control", levels: ["hide_names", "none"] },
    design: { grid: { protocol: ["binary"] }, params: { weights: "main" } }, direction: "-", scale: "weight of creative_leap after phase A, names shown − hidden",
    nulls: [], margin: 0.01, input: "offline.judge.labelScale",
  },
];

/** What an audit's cells write: results only (the label-bias claim's design asks for the main phases' weights). */
const LEAN = { shadows: false, trajectories: "none", detailTables: "none", weights: "none" };

export const calibrationClaims: MechanismClaims = {
  file: "lib/calibration/claims.ts",
  offlineSchemas: [{ path: "offline", schema: OfflineModelSchema }],
  constants: {
    "offline.judge.kind": "the judge model itself: `parametric` is the model; `bayes` is the calibrated judge the calibration claims' null uses, not an assumption about a judge",
  },
  assumptions: ASSUMPTIONS,
  llmAssumptions: LLM_ASSUMPTIONS,
  claims: CLAIMS,
  analyses: { uncertainShare: uncertainShareAnalysis, calibrationGain: calibrationGainAnalysis, couplingAboveFloor: couplingAboveFloorAnalysis },
  audit: {
    quick: { points: 4, seeds: 3, minSeedsPerPoint: 2, maxSeedsPerPoint: 3, sweepLevels: 2, params: { rounds: 15, matchPilotSeeds: 4, ...LEAN } },
    full: { points: 50, seeds: 600, minSeedsPerPoint: 10, maxSeedsPerPoint: 30, sweepLevels: 5, sweepSeeds: 60, params: LEAN },
    // What fits a shared two-core machine in well under an hour: the same design, fewer seeds and points. At 100 seeds
    // the nulls' intervals (about ±0.09 for γ_TV above the floor) are wider than the 0.05 margin; classes are provisional.
    reduced: { points: 8, seeds: 100, minSeedsPerPoint: 5, maxSeedsPerPoint: 8, sweepLevels: 3, sweepSeeds: 12, params: LEAN },
  },
};
