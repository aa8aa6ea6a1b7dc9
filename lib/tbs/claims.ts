/**
 * TBS's findings as data for the claims audit (lib/claims; types in core/claims.ts): every modelling choice and
 * numeric parameter of the offline model `offline:tbs-cognitive-v1` as an assumption with its range, and every finding
 * notebook 01 reports as a claim with its metric, design, nulls and, where the paper gives one, its value.
 *
 * Group size (`agents`) is a design factor, not an assumption: the notebook keeps its own sensitivity table.
 * Nulls named "(term-zeroing)" switch off what an agent hears or remembers (lib/tbs/ablations.ts): the effect must
 * vanish there because it can reach the agent no other way; they are not tests of the decision rule (the rule tests
 * and their placebos are, in mechanism.test.ts and the notebook's ablation table).
 */
import type { AssumptionDecl, ClaimDecl, MechanismClaims } from "../core/claims.js";
import { CLAIM_ANALYSES } from "./claim-analyses.js";
import { offlineParamsSchema } from "./params.js";

const PAPER = "Think-Before-Speak: From Internal Evaluation to Public Expression in Multi-Agent Social Simulation (arXiv 2606.03137)";
const NO_GROUP = { name: "no-group-memory (term-zeroing)", overrides: { ablation: "no-group-memory" }, why: "agents recall nothing the others said, so a difference in what is said or recalled cannot reach their appraisals" };
const NO_SELF = { name: "no-self-memory (term-zeroing)", overrides: { ablation: "no-self-memory" }, why: "agents remember none of their own statements, so who is made to speak, and how often, no longer opens a private–public gap" };
const NO_COMPETITION = { name: "no-competition", overrides: { ablation: "no-competition" }, why: "the decision gives the race for the floor no weight (π = 1 in both modes; π is still perceived), so the rule is the same in both modes" };

const c = (name: string, path: string, range: [number, number], def: number, why: string, scale?: "log"): AssumptionDecl => ({ name, path, kind: "continuous", range, default: def, why, ...(scale ? { scale } : {}) });
const i = (name: string, path: string, range: [number, number], def: number, why: string): AssumptionDecl => ({ name, path, kind: "integer", range, default: def, why });
const CAL = "a calibration that keeps the items and decisions inside their scales; no source gives it";

/** Every numeric or enumerated parameter of the offline model, with the range the audit's hypercube draws it from. */
export const TBS_ASSUMPTIONS: AssumptionDecl[] = [
  { name: "summary kind", path: "offline.summary.kind", kind: "discrete", levels: ["majority", "both-sides", "recency"], default: "majority", why: "a compressing summary drops the less-repeated view (the paper says only that detail is lost, not which)" },
  i("summary weight cap", "offline.summary.cap", [2, 12], 6, "the summary counts as at most as many voices as Latest(5) recalls, plus one; no source"),
  c("recency half-life (statements)", "offline.summary.halfLife", [2, 15], 5, "about one Latest window; used by the recency summary only"),
  c("false-consensus prior κ", "offline.climatePrior", [0.5, 6], 2, "one's own view counts as two voices (false-consensus effect; its size is not given in voices anywhere)", "log"),
  c("weight of the climate gap w_C", "offline.wClimate", [0.4, 2.4], 1.2, CAL),
  c("weight of the public gap w_P", "offline.wPublic", [0.5, 3], 1.5, CAL),
  c("silence gain g_S", "offline.silenceGain", [1, 4], 2, CAL),
  c("fear of isolation Beta a", "offline.fearA", [1, 5], 2, "the Mesa spiral-of-silence model draws fear from Beta(2, 2)"),
  c("fear of isolation Beta b", "offline.fearB", [1, 5], 2, "the Mesa spiral-of-silence model draws fear from Beta(2, 2)"),
  c("item noise σ", "offline.itemNoise", [0.3, 1.4], 0.7, "about one item point of reading error at ± 1.4σ; it sets α"),
  c("willingness intercept b₀", "offline.willingness.intercept", [-2, 1], -0.5, "about a third of agents willing at low appraisals"),
  c("dissonance slope b_D", "offline.willingness.dissonance", [0.1, 0.8], 0.35, "a positive slope is the model's premise (dissonance motivates speaking); its size is calibrated"),
  c("silence slope b_S", "offline.willingness.silence", [-0.9, -0.1], -0.45, "a negative slope is the model's premise (silence pressure restrains speaking); its size is calibrated"),
  c("talkativeness sd σ_u", "offline.willingness.agentSd", [0.2, 1.6], 0.8, CAL),
  i("floor record window W", "offline.competition.window", [3, 30], 10, "the last ten intervals of the public record; no source"),
  c("prior occupancy of the floor", "offline.competition.priorOccupancy", [0.1, 0.9], 0.5, "an agent that has seen nothing expects the floor taken half the time"),
  c("prior weight (pseudo-intervals)", "offline.competition.priorWeight", [0.5, 10], 2, "a weak prior: two pseudo-intervals", "log"),
  c("strategy utility: defend", "offline.strategy.defend", [0.5, 4], 2, CAL),
  c("strategy utility: challenge", "offline.strategy.challenge", [1, 6], 3, CAL),
  c("strategy utility: qualify", "offline.strategy.qualify", [1, 5], 2.5, CAL),
  c("strategy utility: converge", "offline.strategy.converge", [2, 8], 5, CAL),
  c("strategy utility: bridge", "offline.strategy.bridge", [0.5, 3], 1.5, CAL),
  c("time cost: log mean", "offline.timeCost.logMean", [0.5, 2.5], 1.5, "about 4.5 s; only the order of time costs picks a speaker"),
  c("time cost: dissonance", "offline.timeCost.dissonance", [-1.6, 0], -0.8, "tension hurries (sign by assumption, size calibrated)"),
  c("time cost: silence", "offline.timeCost.silence", [0, 1.6], 0.8, "pressure hesitates (sign by assumption, size calibrated)"),
  c("time cost: noise sd", "offline.timeCost.sd", [0.1, 0.8], 0.35, CAL),
  c("social influence rate", "offline.influence.rate", [0, 0.15], 0.05, "slow drift toward what is said; no source"),
  c("dissonance reduction rate", "offline.influence.dissonanceReduction", [0, 0.3], 0.1, "slow self-consistency; no source"),
  c("stance drift sd", "offline.influence.noise", [0, 0.15], 0.05, CAL),
  c("converge shift", "offline.convergeShift", [0.2, 1], 0.6, "converging moves most of the way toward the room; no source"),
  c("qualify factor", "offline.expression.qualify", [0.25, 0.75], 0.5, "a qualified view says half of it; no source"),
  c("bridge factor", "offline.expression.bridge", [0, 0.6], 0.3, "a bridge stays near the middle; no source"),
  c("challenge step", "offline.expression.challenge", [0.5, 2], 1, "a challenge says one point more than one's view; no source"),
  c("minority threshold θ", "offline.minority.threshold", [0.5, 2], 1, "a statement a point away is not against one; no source"),
  c("minority width ω", "offline.minority.width", [2, 6], 4, "a statement five points away is fully against one; no source"),
  c("theme lean scale", "offline.themeLean", [0, 2], 1, "a topic's theme leans as its file writes them; only topics with an agenda have any"),
];

const RQ1 = "Results, impact of the conditions on internal states (RQ1)";
const RQ2 = "Results, from appraisal to expression (RQ2)";
const level = (id: string, index: "dissonance" | "silence", factor: string, levels: [string, string], statement: string, other: Record<string, string[]>, nulls: ClaimDecl["nulls"]): ClaimDecl => ({
  id,
  statement,
  source: { paper: PAPER, where: RQ1 },
  metric: { table: "states", column: `${index}_index` },
  contrast: { factor, levels },
  design: { grid: other },
  direction: "+",
  scale: `difference in the ${index} index (0..1)`,
  nulls,
  margin: 0.01,
});

/** Notebook 01's findings. */
export const TBS_CLAIMS: ClaimDecl[] = [
  { id: "alpha-dissonance", statement: "The three dissonance items form a reliable scale (α = .89)", source: { paper: PAPER, where: "Results, internal-state coherence" }, metric: { analysis: "alpha", options: { scale: "dissonance", nullValue: 0.7 } }, contrast: { term: "alpha" }, direction: "+", nullValue: 0.7, paper: { value: 0.89 }, scale: "Cronbach's α (against .70)", nulls: [], margin: 0.05, input: "offline.itemNoise" },
  { id: "alpha-silence", statement: "The two silence-pressure items form a reliable scale (α = .92)", source: { paper: PAPER, where: "Results, internal-state coherence" }, metric: { analysis: "alpha", options: { scale: "silence", nullValue: 0.7 } }, contrast: { term: "alpha" }, direction: "+", nullValue: 0.7, paper: { value: 0.92 }, scale: "Cronbach's α (against .70)", nulls: [], margin: 0.05, input: "offline.itemNoise" },
  { id: "dissonance-time", statement: "Dissonance rises modestly over time", source: { paper: PAPER, where: RQ1 }, metric: { analysis: "timeSlope", options: { column: "dissonance_index" } }, contrast: { term: "interval" }, direction: "+", scale: "dissonance index per interval", nulls: [{ name: "shuffled-self", overrides: { ablation: "shuffled-self" }, why: "the rise comes from the private–public gap that opens as agents speak; measured against someone else's statement it no longer tracks one's own" }], margin: 0.0005 },
  level("dissonance-mode", "dissonance", "mode", ["rotation", "willing"], "Dissonance is higher in Willing mode than in Rotation", { force: ["noforce", "force"] }, [NO_SELF]),
  level("dissonance-force", "dissonance", "force", ["noforce", "force"], "Dissonance is higher with Force Speak than without", { mode: ["willing", "rotation"] }, [NO_SELF]),
  level("dissonance-ecology", "dissonance", "ecology", ["six-americas", "balanced-stakeholders"], "Six Americas shows lower dissonance than Balanced Stakeholders", {}, [NO_GROUP]),
  { id: "silence-time", statement: "Silence pressure shows no linear trend over time", source: { paper: PAPER, where: RQ1 }, metric: { analysis: "timeSlope", options: { column: "silence_index" } }, contrast: { term: "interval" }, direction: "0", scale: "silence index per interval", nulls: [], margin: 0.0005 },
  level("silence-mode", "silence", "mode", ["rotation", "willing"], "Silence pressure is higher in Willing mode than in Rotation", { force: ["noforce", "force"] }, [NO_GROUP]),
  level("silence-force", "silence", "force", ["noforce", "force"], "Silence pressure is higher with Force Speak than without", { mode: ["willing", "rotation"] }, [NO_GROUP]),
  level("silence-summary", "silence", "memory", ["latest", "summary"], "Summary memory raises silence pressure (level)", {}, [NO_GROUP]),
  { id: "silence-summary-slope", statement: "Summary memory raises the growth rate of silence pressure", source: { paper: PAPER, where: RQ1 }, metric: { analysis: "slopeDifference", options: { column: "silence_index", factor: "memory", levels: ["latest", "summary"] } }, contrast: { term: "memory:interval" }, design: { grid: { memory: ["latest", "summary"] } }, direction: "+", scale: "difference in the silence index's slope per interval", nulls: [NO_GROUP], margin: 0.0005 },
  { id: "willingness-dissonance", statement: "Higher dissonance raises the odds of wanting to speak (OR ≈ 4.34 per 0.1)", source: { paper: PAPER, where: RQ2 }, metric: { analysis: "willingness" }, contrast: { term: "diss10" }, design: { grid: { mode: ["rotation", "willing"] } }, direction: "+", paper: { value: Math.log(4.34), text: "OR 4.34" }, scale: "log odds ratio per 0.1 of the dissonance index (Rotation)", nulls: [], margin: 0.1, input: "offline.willingness.dissonance" },
  { id: "willingness-silence", statement: "Higher silence pressure lowers the odds of wanting to speak (OR ≈ 0.24 per 0.1)", source: { paper: PAPER, where: RQ2 }, metric: { analysis: "willingness" }, contrast: { term: "sil10" }, design: { grid: { mode: ["rotation", "willing"] } }, direction: "-", paper: { value: Math.log(0.24), text: "OR 0.24" }, scale: "log odds ratio per 0.1 of the silence index (Rotation)", nulls: [], margin: 0.1, input: "offline.willingness.silence" },
  { id: "willing-dissonance-slope", statement: "In Willing mode dissonance weighs less in the intention to speak than in Rotation", source: { paper: PAPER, where: RQ2 }, metric: { analysis: "competition", options: { fit: "known" } }, contrast: { term: "dissonance" }, design: { grid: { mode: ["rotation", "willing"] } }, direction: "-", scale: "Willing − Rotation log-odds slope per 0.1 of latent D (u_i known)", nulls: [NO_COMPETITION], margin: 0.05 },
  { id: "willing-silence-slope", statement: "In Willing mode silence pressure weighs less in the intention to speak than in Rotation", source: { paper: PAPER, where: RQ2 }, metric: { analysis: "competition", options: { fit: "known" } }, contrast: { term: "silence" }, design: { grid: { mode: ["rotation", "willing"] } }, direction: "+", scale: "Willing − Rotation log-odds slope per 0.1 of latent S (u_i known)", nulls: [NO_COMPETITION], margin: 0.05 },
  { id: "expression-mode", statement: "Agents who want to speak get the floor more often in Willing mode than in Rotation (OR ≈ 3.34)", source: { paper: PAPER, where: RQ2 }, metric: { analysis: "expression" }, contrast: { term: "mode" }, design: { grid: { mode: ["rotation", "willing"] } }, direction: "+", paper: { value: Math.log(3.34), text: "OR 3.34" }, scale: "log odds ratio of P(spoke | willing), Willing vs Rotation", nulls: [{ name: "everyone willing", overrides: { "offline.willingness.intercept": 8 }, why: "when every agent seeks the floor every interval, the race is a lottery among all N, as a Rotation turn is: 1/N in both modes" }], margin: 0.1 },
  { id: "nous-content", statement: "Retrieval by content, with decay and reactivation, brings back what was said on an agenda item when it returns after a gap, and so changes what agents perceive (the paper's future work, against the same number of the most recent statements)", source: { paper: PAPER, where: "Limitations and future work (content-based retrieval; decay balanced with reactivation)" }, metric: { table: "states", column: "perceived_climate", where: { agenda: "cost-again" } }, contrast: { factor: "memory", levels: ["nous-recency", "nous"] }, design: { params: { topic: "solar-pv-agenda", intervals: 32, force: "force" } }, direction: "-", scale: "difference in the perceived opinion climate (stance points, −3..3) while the first agenda item (whose arguments lean against the mandate) is back (content − recency)", nulls: [{ name: "no theme lean", overrides: { "offline.themeLean": 0 }, why: "without the theme's lean, what was said on the item before the gap was said at the stances held then, not pushed against the mandate, so which statements come back has no direction to move the climate in" }], margin: 0.1 },
  { id: "token-savings", statement: "Agents that do not speak produce no public text, which lowers the tokens spent against hierarchical aggregation", source: { paper: PAPER, where: "Methodology, orchestrator; contributions" }, metric: { analysis: "tokens", options: { levels: ["hierarchical", "tbs"] } }, contrast: { term: "tbs-vs-hierarchical" }, design: { grid: { protocol: ["hierarchical", "tbs"] }, params: { costSamplePerInterval: 2 } }, direction: "-", scale: "relative difference in tokens per interval (TBS / hierarchical − 1)", nulls: [], margin: 0.05, input: "protocol" },
];

/** The claims of notebook 01, with the offline model's assumptions and the audit's sizes. */
export const tbsClaims: MechanismClaims = {
  file: "lib/tbs/claims.ts",
  offlineSchemas: [{ path: "offline", schema: offlineParamsSchema }],
  constants: {},
  assumptions: TBS_ASSUMPTIONS,
  llmAssumptions: [{ name: "temperature", path: "llm.temperature", kind: "continuous", range: [0, 1.2], default: 0.7, why: "a common default for role play; the paper does not report one" }],
  claims: TBS_CLAIMS,
  analyses: CLAIM_ANALYSES,
  audit: {
    // Common random numbers (params.seedStreams): every contrast of the audit is paired by seed, on the same
    // participants and draws, and its interval is over seeds.
    quick: { points: 6, seeds: 4, minSeedsPerPoint: 2, maxSeedsPerPoint: 4, sweepLevels: 3, params: { intervals: 20, seedStreams: true } },
    full: { points: 50, seeds: 10, minSeedsPerPoint: 3, maxSeedsPerPoint: 12, sweepLevels: 5, params: { seedStreams: true } },
  },
};
