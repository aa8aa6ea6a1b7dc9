/**
 * What the gated mechanism's notebook claims, as data for the claims audit (lib/core/claims.ts): every cost, rate,
 * accuracy and modelling choice of the offline model `offline:gated-cost-v1` as an assumption with its range, the
 * parameters held fixed on purpose, and the paper's findings (custom scarce scenarios: TSR held by the gate while
 * the baselines fall, fewer completion steps, LRR up, UER down, ECR up) and the ablations', each with its nulls.
 */
import type { AssumptionDecl, ClaimDecl, ClaimNull, MechanismClaims } from "../core/claims.js";
import { scarcityDrop } from "./contrasts.js";
import { TaskFamilySchema } from "./generator.js";
import { SimParamsSchema } from "./types.js";

const PAPER = "Gated coordination for multi-agent construction (seed summary 002; MindCraft and VillagerAgent)";

/** Every assumption of the offline model, with the range the Latin hypercube draws it from. */
export const ASSUMPTIONS: AssumptionDecl[] = [
  { name: "chat read cost", path: "sim.chatReadTicks", kind: "integer", range: [0, 3], default: 1, why: "a reader loses about one action to read a chat line; 0 (free) to 3 covers fast and slow readers" },
  { name: "chat write cost", path: "sim.chatWriteTicks", kind: "integer", range: [0, 3], default: 1, why: "writing a line costs its writer about one action; 0 to 3" },
  { name: "replan cost", path: "sim.replanTicks", kind: "integer", range: [0, 4], default: 2, why: "a reader who turns a message into a coordination event loses two actions replanning; 0 to 4" },
  { name: "chat replan probability", path: "sim.chatDeviationProb", kind: "continuous", range: [0, 0.5], default: 0.25, why: "one reader in four replans on a message (convention); 0 to one in two" },
  { name: "reply chatter", path: "sim.replyChatter", kind: "discrete", levels: ["all", "nearest", "none"], default: "all", why: "free chat's teammates answer a broadcast with a contentless line: every one (all), one, or none" },
  { name: "typed message read cost", path: "sim.protocolReadTicks", kind: "integer", range: [0, 2], default: 0, why: "a typed message is read by its addressee without losing an action; up to two" },
  { name: "judge accuracy", path: "sim.adjudicatorAccuracy", kind: "continuous", range: [0.5, 1], default: 0.85, why: "the offline adjudicator decides as the case warrants 85 % of the time (convention); chance to perfect" },
  { name: "collect cost", path: "sim.collectTicks", kind: "integer", range: [1, 6], default: 3, why: "three actions to gather one unit on site (dig and carry); 1 to 6" },
  { name: "dig cost", path: "sim.digTicks", kind: "integer", range: [1, 6], default: 3, why: "three actions to dig a blocked path free; 1 to 6" },
  { name: "craft cost", path: "sim.craftToolTicks", kind: "integer", range: [2, 12], default: 6, why: "six actions to craft a pickaxe; 2 to 12" },
  { name: "detour cost", path: "sim.detourTicks", kind: "integer", range: [4, 24], default: 12, why: "twelve actions to walk around a blocked path without a pickaxe; 4 to 24" },
  { name: "give cost", path: "sim.giveTicks", kind: "integer", range: [1, 3], default: 1, why: "one action to hand units over (besides the walk); 1 to 3" },
  { name: "reach", path: "sim.reach", kind: "integer", range: [1, 4], default: 2, why: "an agent places blocks up to two cells away (MindCraft's bots reach about 4.5 blocks); 1 to 4" },
  { name: "sight range", path: "sim.sightRange", kind: "integer", range: [0, 10], default: 3, why: "agents see teammates three cells away; blind (0) to most of the site (10)" },
  { name: "contested cells", path: "sim.contestedCells", kind: "continuous", range: [0, 1], default: 0.5, why: "no information on which side of a stripe boundary a seam cell falls (README, Contested cells); none to all" },
  { name: "disruption rate", path: "family.disruptionRate", kind: "continuous", range: [0, 6], default: 3, why: "three disruptions per agent per 100 ticks (convention); none to six" },
  { name: "timeout slack", path: "family.timeoutFactor", kind: "continuous", range: [1.6, 4], default: 2.2, why: "the generator's timeout factor (the default config uses 3); tight (1.6) to loose (4)" },
  { name: "scarcity shortfall", path: "family.shortfall", kind: "continuous", range: [0.05, 0.3], default: 0.1, why: "scarce inventories fall about 10 % short of the blueprint; 5 % to 30 %" },
  { name: "site margin", path: "family.siteMargin", kind: "continuous", range: [0, 0.3], default: 0.1, why: "the site holds the deficit plus about 10 % of the need; none to 30 %" },
  { name: "material split", path: "family.split", kind: "discrete", levels: ["by_type", "even"], default: "by_type", why: "MindCraft splits materials by type across agents; or every type spread evenly" },
];

/** Parameters of the offline model's schemas held fixed on purpose. */
export const CONSTANTS: Record<string, string> = {
  "sim.weights.C": "the gate's weight of criticality: the mechanism under test, set once (README, The gate)",
  "sim.weights.R": "the gate's weight of coordination advantage: the mechanism under test",
  "sim.weights.I": "the gate's weight of downstream impact: the mechanism under test",
  "sim.weights.L": "the gate's weight of local recoverability: the mechanism under test",
  "sim.weights.H": "the gate's weight of the history penalty: the mechanism under test",
  "sim.tLow": "the gate's lower threshold: the mechanism under test",
  "sim.tHigh": "the gate's upper threshold: the mechanism under test",
  "sim.historyStep": "the fallback's history penalty per failed escalation: the mechanism under test",
  "sim.replyTimeout": "the protocol's deadline for an answer: the mechanism under test",
  "sim.reassessTicks": "how often an idle agent judges an open problem again: the mechanism under test",
  "sim.ecrWindowTicks": "ECR's definition: an effect within 20 ticks of its message (a metric, not a model)",
  "sim.counterfactuals": "switches UER's rollouts on or off (the bench times the simulator without them); not a model assumption",
  "sim.tokensChat": "token estimate of a chat message: only the tokens column, which no claim uses",
  "sim.tokensProtocol": "token estimate of a typed message: only the tokens column",
  "sim.tokensAdjudication": "token estimate of an offline adjudication: only the tokens column",
  "family.agents": "the task design: teams of three (the default config)",
  "family.width": "the task design: 10 × 10 × 2 blueprints (the default config)",
  "family.depth": "the task design: 10 × 10 × 2 blueprints",
  "family.levels": "the task design: 10 × 10 × 2 blueprints",
  "family.materials": "the task design: four materials",
  "family.fill": "the task design: upper levels complete (fill 1)",
};

const source = { paper: PAPER, where: "results, custom scarce scenarios" };
const scarce = { grid: { scenario: ["scarce"] } };
const costlessChat: ClaimNull = {
  name: "costless chat",
  overrides: { "sim.chatReadTicks": 0, "sim.chatWriteTicks": 0, "sim.replanTicks": 0, "sim.chatDeviationProb": 0, "sim.replyChatter": "none" },
  why: "free chat costs nothing more than the typed protocol: an advantage that comes from saving chat's costs must vanish",
};
const escalateAll: ClaimNull = {
  name: "the gate escalates everything, chat costless",
  overrides: { "sim.tLow": -4, "sim.tHigh": -3, "sim.chatReadTicks": 0, "sim.chatWriteTicks": 0, "sim.replanTicks": 0, "sim.chatDeviationProb": 0, "sim.replyChatter": "none" },
  why: "S ≥ −3 always: the gate escalates every problem as free chat does, and chat costs nothing more: nothing selective is left",
};
const nothingShort: ClaimNull = {
  name: "nothing short, nothing disrupted",
  overrides: { "family.shortfall": 0, "family.disruptionRate": 0, "sim.contestedCells": 0 },
  why: "inventories cover the blueprint, no disruption, every cell planned once: a fixed t0 plan has nothing to miss",
};
const quietWorld: ClaimNull = {
  name: "a quiet world",
  overrides: { "family.shortfall": 0, "family.disruptionRate": 0, "sim.contestedCells": 0, "family.split": "even" },
  why: "every agent holds its share of every material, nothing is short or disrupted: few problems to judge, so the ablated part has little to do",
};
const versus = (base: string) => ({ factor: "policy", levels: [base, "gated"] as [string, string] });

const claimsList: ClaimDecl[] = [
  { id: "tsr-vs-free-chat", statement: "Under scarcity the gate completes more tasks than communication-first free chat (baselines ≈ 22 %, gated ≈ 34–35 %)",
    source, metric: { table: "episodes", column: "success" }, contrast: versus("free_chat"), design: scarce, direction: "+",
    paper: { value: 0.125, ci: [0.12, 0.13], text: "34–35 % vs 22 %" }, scale: "difference in TSR", nulls: [costlessChat], margin: 0.05 },
  { id: "tsr-vs-rigid", statement: "Under scarcity the gate completes more tasks than rigid t0 planning (baselines ≈ 22 %, gated ≈ 34–35 %)",
    source, metric: { table: "episodes", column: "success" }, contrast: versus("rigid"), design: scarce, direction: "+",
    paper: { value: 0.125, ci: [0.12, 0.13], text: "34–35 % vs 22 %" }, scale: "difference in TSR", nulls: [nothingShort], margin: 0.05 },
  { id: "robust-vs-free-chat", statement: "From standard to scarce tasks free chat loses TSR (36 % → 22 %) while the gate holds (≈ 34–35 %)",
    source, metric: { analysis: "scarcityDrop", options: { baseline: "free_chat" } }, contrast: { term: "drop difference" },
    design: { grid: { policy: ["free_chat", "gated"], scenario: ["standard", "scarce"] } }, direction: "+",
    paper: { value: 0.13, text: "baselines −14 pp, gated ≈ −1 pp" }, scale: "difference in differences of TSR",
    nulls: [{ name: "no shortfall", overrides: { "family.shortfall": 0 }, why: "scarce tasks whose inventories cover the blueprint: nothing for scarcity to take away" }], margin: 0.05 },
  { id: "robust-vs-rigid", statement: "From standard to scarce tasks rigid planning loses TSR (36 % → 22 %) while the gate holds (≈ 34–35 %)",
    source, metric: { analysis: "scarcityDrop", options: { baseline: "rigid" } }, contrast: { term: "drop difference" },
    design: { grid: { policy: ["rigid", "gated"], scenario: ["standard", "scarce"] } }, direction: "+",
    paper: { value: 0.13, text: "baselines −14 pp, gated ≈ −1 pp" }, scale: "difference in differences of TSR",
    nulls: [{ name: "no shortfall", overrides: { "family.shortfall": 0 }, why: "scarce tasks whose inventories cover the blueprint" }], margin: 0.05 },
  { id: "cs-vs-free-chat", statement: "The gate finishes in fewer steps than free chat (145 → 92 steps in VillagerAgent's custom scenario, its own unit)",
    source: { paper: PAPER, where: "results, VillagerAgent custom scenario" }, metric: { table: "episodes", column: "completion_steps" }, contrast: versus("free_chat"),
    design: scarce, direction: "-", scale: "difference in completion steps (ticks; the timeout when failed)", nulls: [costlessChat], margin: 5 },
  { id: "cs-vs-rigid", statement: "The gate finishes in fewer steps than rigid planning (145 → 92 steps in VillagerAgent's custom scenario)",
    source: { paper: PAPER, where: "results, VillagerAgent custom scenario" }, metric: { table: "episodes", column: "completion_steps" }, contrast: versus("rigid"),
    design: scarce, direction: "-", scale: "difference in completion steps", nulls: [nothingShort], margin: 5 },
  { id: "lrr-up", statement: "The gate resolves more problems locally than free chat (LRR ≈ 40 % → 70–89 %)",
    source, metric: { table: "episodes", column: "lrr" }, contrast: versus("free_chat"), design: scarce, direction: "+",
    paper: { value: 0.4, ci: [0.3, 0.49], text: "≈ 40 % → 70–89 %" }, scale: "difference in LRR", nulls: [escalateAll], margin: 0.05 },
  { id: "uer-down", statement: "The gate's escalations are less often unnecessary than free chat's (UER ≈ 70 % → 11–17 %)",
    source, metric: { table: "episodes", column: "uer" }, contrast: versus("free_chat"), design: scarce, direction: "-",
    paper: { value: -0.56, ci: [-0.59, -0.53], text: "≈ 70 % → 11–17 %" }, scale: "difference in UER (counterfactual)", nulls: [escalateAll], margin: 0.05 },
  { id: "ecr-up", statement: "More of the gate's messages have an effect than free chat's (ECR +40–50 %, read as percentage points)",
    source, metric: { table: "episodes", column: "ecr" }, contrast: versus("free_chat"), design: scarce, direction: "+",
    paper: { value: 0.45, ci: [0.4, 0.5], text: "+40–50 % (the paper does not say points or relative; read as points)" }, scale: "difference in ECR",
    nulls: [costlessChat], margin: 0.05 },
  { id: "ablation-no-partition", statement: "Without the partition (one shared true state, every message read by all) the gate completes fewer tasks under scarcity",
    source: { paper: PAPER, where: "ablations" }, metric: { table: "episodes", column: "success" }, contrast: { factor: "policy", levels: ["gated_no_partition", "gated"] },
    design: scarce, direction: "+", scale: "difference in TSR (gate − ablation)",
    nulls: [{ name: "free reading", overrides: { "sim.chatReadTicks": 0 }, why: "reading the shared state costs nothing: an advantage that is only the reading cost must vanish; what remains is the architecture (beliefs vs the truth, addressed vs broadcast)" }], margin: 0.05 },
  { id: "ablation-rules-only", statement: "With fixed rules instead of the score and adjudicator the gate completes fewer tasks under scarcity",
    source: { paper: PAPER, where: "ablations" }, metric: { table: "episodes", column: "success" }, contrast: { factor: "policy", levels: ["gated_rules_only", "gated"] },
    design: scarce, direction: "+", scale: "difference in TSR (gate − ablation)", nulls: [quietWorld], margin: 0.05 },
  { id: "ablation-score-only", statement: "Without the adjudicator (the gray zone split at its midpoint) the gate completes fewer tasks under scarcity",
    source: { paper: PAPER, where: "ablations" }, metric: { table: "episodes", column: "success" }, contrast: { factor: "policy", levels: ["gated_score_only", "gated"] },
    design: scarce, direction: "+", scale: "difference in TSR (gate − ablation)",
    nulls: [{ name: "no gray zone", overrides: { "sim.tLow": 0.5249, "sim.tHigh": 0.525 }, why: "a gray zone of width 0.0001: the adjudicator is never asked, both policies decide alike" }], margin: 0.05 },
  { id: "ablation-no-fallback", statement: "Without the fallback (failed escalations retried, no history penalty) the gate completes fewer tasks under scarcity",
    source: { paper: PAPER, where: "ablations" }, metric: { table: "episodes", column: "success" }, contrast: { factor: "policy", levels: ["gated_no_fallback", "gated"] },
    design: scarce, direction: "+", scale: "difference in TSR (gate − ablation)", nulls: [quietWorld], margin: 0.05 },
];

/** The declarations the claims audit reads (`runner.claims`). */
export const gatedClaims: MechanismClaims = {
  file: "lib/gated/claims.ts",
  offlineSchemas: [{ path: "sim", schema: SimParamsSchema }, { path: "family", schema: TaskFamilySchema }],
  constants: CONSTANTS,
  assumptions: ASSUMPTIONS,
  llmAssumptions: [
    { name: "adjudicator temperature", path: "llm.adjudicatorTemperature", kind: "continuous", range: [0, 1], default: 0, why: "a deterministic judge by default" },
    { name: "chat temperature", path: "llm.chatTemperature", kind: "continuous", range: [0, 1.2], default: 0.7, why: "a common default for free text" },
  ],
  claims: claimsList,
  analyses: { scarcityDrop },
  audit: {
    // quick: smaller blueprints (8 × 8 × 2) and fewer episodes, so the notebook's whole audit runs in about a minute
    quick: { points: 8, seeds: 6, minSeedsPerPoint: 3, maxSeedsPerPoint: 6, sweepLevels: 3,
      params: { episodes: 6, logEpisodes: 0, family: { width: 8, depth: 8 } } },
    // full: 8 tasks per seed and cell, 6–12 seeds a point: 48–96 tasks per policy and point (TSR steps ≤ 2.1 pp)
    full: { points: 50, seeds: 10, minSeedsPerPoint: 6, maxSeedsPerPoint: 12, sweepLevels: 5, params: { episodes: 8, logEpisodes: 0 } },
  },
};
