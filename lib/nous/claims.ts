/**
 * Nous's findings for the claims audit (lib/claims): each a paired contrast of per-question LoCoMo F1 between two
 * levels of the `ablation` factor, on the balanced belief-dynamics benchmark (params.benchmark; never on LoCoMo,
 * which the project does not ship), clustered by conversation (two-stage bootstrap). The assumptions are the update
 * rule's constants (reliability, new-value mass, half-life, decay target), the graph boost and the identity
 * thresholds of the memory, and the extractor's three confidences.
 */
import type { AssumptionDecl, ClaimDecl, MechanismClaims } from "../core/claims.js";
import { ExtractorParamsSchema } from "./extractor-params.js";
import { MemoryOptionsSchema } from "./types.js";

const PAPER = "Nous: a predictive world model for agent memory (arXiv 2606.22030)";
const PAIRED = { pairBy: ["seed", "conversation", "question_index"], cluster: "conversation" };

export const NOUS_ASSUMPTIONS: AssumptionDecl[] = [
  { name: "reliability r", path: "memory.reliability", kind: "continuous", range: [0.6, 0.95], default: 0.8, role: "mechanism",
    why: "the noisy likelihood's reliability; 0.8 was set before LoCoMo's dev split was scored (0.7 left dev F1 unchanged)" },
  { name: "new-value mass α₀", path: "memory.newValueMass", kind: "continuous", range: [0.25, 4], scale: "log", default: 1, role: "mechanism",
    why: "one pseudo-observation for a value never seen (a uniform Dirichlet-process concentration; convention)" },
  { name: "half-life h (days)", path: "memory.halfLifeDays", kind: "continuous", range: [30, 365], scale: "log", default: 90, role: "mechanism",
    why: "a season; 30 and 365 left LoCoMo dev F1 unchanged" },
  { name: "decay target", path: "memory.decayTarget", kind: "discrete", levels: ["uniform", "prior"], default: "uniform", role: "mechanism",
    why: "the paper's decay toward uniform; toward the prior lost cued jokes after the silence on the pilot instance" },
  { name: "graph boost", path: "memory.graphBoost", kind: "continuous", range: [0, 2], default: 1, role: "mechanism",
    why: "chosen on LoCoMo dev (0 / 1 / 2: 16.29 / 16.60 / 16.54 F1)" },
  { name: "identity threshold", path: "memory.identityThreshold", kind: "continuous", range: [0.05, 1], default: 0.25, role: "mechanism",
    why: "mean symmetrised KL (bits) under which two entities merge; convention (no merge happens on LoCoMo at 0.25)" },
  { name: "identity shared attributes", path: "memory.identityMinShared", kind: "integer", range: [2, 5], default: 3, role: "mechanism",
    why: "attributes two entities must share before they are compared; convention" },
  { name: "hedge confidence", path: "extractor.hedgeConfidence", kind: "continuous", range: [0.05, 0.6], default: 0.2,
    why: "the confidence of a statement hedged or joking by its cues; set on the dev sentences before the benchmark was written" },
  { name: "plan confidence", path: "extractor.planConfidence", kind: "continuous", range: [0.2, 1], default: 0.5,
    why: "a planned change half a change; convention" },
  { name: "indirect confidence", path: "extractor.indirectConfidence", kind: "continuous", range: [0.2, 1], default: 0.5,
    why: "indirect evidence (the canteen at X, our landlord in X, a repeated mention, what a question presumes) half a statement; on the dev conversation sets (dev-a + dev-b, 70) 0.3 / 0.5 / 0.8 got 41 / 41 / 41 right: a convention the data does not decide" },
];

const claim = (c: Omit<ClaimDecl, "metric" | "scale"> & { where: Record<string, string | boolean> }): ClaimDecl => {
  const { where, ...rest } = c;
  return { ...rest, metric: { table: "answers", column: "f1", where: { system: "nous", ...where } }, scale: "F1 difference (0–1), full model − variant" };
};

export const NOUS_CLAIMS: ClaimDecl[] = [
  claim({
    id: "bayes-resists-noise",
    statement: "A Bayesian update resists a one-off contradiction (a joke, a hyperbole) that last-write-wins adopts: contradiction is resolved by moving probability, not by overwriting.",
    source: { paper: PAPER, where: "Method: surprise-driven updates and the closed-form Bayesian posterior (Eq. 3); 'conflict blindness' in the problem statement" },
    where: { kind: "current", family: "noise" },
    contrast: { factor: "ablation", levels: ["last-write-wins", "none"], ...PAIRED },
    direction: "+",
    nulls: [{ name: "certain observations, jokes read as facts", overrides: { "memory.reliability": 0.99, "extractor.hedgeConfidence": 1, "extractor.indirectConfidence": 1 }, why: "when one observation outweighs any history and a joke (or a remark in passing) is as certain as a fact, the Bayesian update is last-write-wins" }],
    margin: 0.03,
  }),
  claim({
    id: "hedges-read-from-cues",
    statement: "Reading hedges and jokes from their cues (haha, lol, basically, at this rate) keeps a joke from overturning a value.",
    source: { paper: "this project (not in the paper): the extractor's cues", where: "lib/nous/models/cues.ts; data/benchmarks/balanced-prereg.md H4" },
    where: { kind: "current", family: "noise", cued: true },
    contrast: { factor: "ablation", levels: ["no-confidence", "none"], ...PAIRED },
    direction: "+",
    nulls: [{ name: "hedges and indirect evidence at full confidence", overrides: { "extractor.hedgeConfidence": 1, "extractor.indirectConfidence": 1 }, why: "a hedged statement, or a remark in passing, observed with confidence 1 is an ordinary observation: ignoring confidence changes nothing (the no-confidence ablation ignores both)" }],
    margin: 0.03,
    input: "extractor.hedgeConfidence",
  }),
  claim({
    id: "kinds-read-changes",
    statement: "Reading a change, an ending or a plan from tense and negation ('I moved to', 'I don't work at X anymore') gets current and earlier values right more often than treating every statement as a plain observation.",
    source: { paper: "this project (not in the paper): observation kinds", where: "lib/nous/models/states.ts; data/benchmarks/balanced-prereg.md H3" },
    where: { family: "change" },
    contrast: { factor: "ablation", levels: ["no-kinds", "none"], ...PAIRED },
    direction: "+",
    nulls: [{ name: "no kinds written", overrides: { "extractor.kinds": false }, why: "when the extractor marks no change, ending or plan, the memory has no kind to read" }],
    margin: 0.03,
  }),
  claim({
    id: "decay-forgets",
    statement: "Entropy decay toward uniform lets a belief left unconfirmed for long yield to new evidence ('forgetting via entropy decay'), improving current values.",
    source: { paper: PAPER, where: "Method: entropy decay (Eq. 4); significance: 'handles forgetting via entropy decay'" },
    where: { kind: "current" },
    contrast: { factor: "ablation", levels: ["no-decay", "none"], ...PAIRED },
    direction: "+",
    nulls: [{ name: "no decay in the full model", overrides: { "memory.halfLifeDays": null }, why: "with decay off in both arms the arms are the same model" }],
    margin: 0.02,
  }),
];

/** What Nous declares to the claims audit (`runner.claims`). */
export const nousClaims: MechanismClaims = {
  file: "lib/nous/claims.ts",
  offlineSchemas: [
    { path: "memory", schema: MemoryOptionsSchema },
    { path: "extractor", schema: ExtractorParamsSchema },
  ],
  constants: {
    "memory.updateRule": "the update rule under test; last-write-wins is the ablation factor's level, not an assumption",
    "memory.useKinds": "a part of the mechanism under test, switched off by the ablation no-kinds",
    "memory.useConfidence": "a part of the mechanism under test, switched off by the ablation no-confidence",
    "memory.thetaMin": "multi-valued recall's threshold (1 bit: the second value of a dimension is recalled); switched off by the ablation no-multi-valued",
    "memory.hops": "the LoCoMo protocol's search depth (1, chosen on dev); a definition of the query",
    "memory.k": "evidence turns without a token budget; the protocol uses the 600-token budget instead",
    "memory.budgetTokens": "the protocol's 600-token context, the same for every system; a definition of the comparison",
    "memory.dimensionSlots": "an aggregation variant the protocol does not use (0)",
    "memory.fillBudget": "a definition of the query: a home or workplace question's unused budget holds the other turns; the offline rules read only what the question's words found",
    "extractor.kinds": "a switch for the null of kinds-read-changes, not an assumption",
  },
  assumptions: NOUS_ASSUMPTIONS,
  claims: NOUS_CLAIMS,
  audit: {
    quick: { points: 2, seeds: 1, minSeedsPerPoint: 1, maxSeedsPerPoint: 1, sweepLevels: 2, params: { benchmark: "balanced-quick", limit: 4, systems: ["nous"], deltas: false } },
    full: { points: 50, seeds: 1, minSeedsPerPoint: 1, maxSeedsPerPoint: 1, sweepLevels: 5, params: { benchmark: "balanced-prereg", limit: 36, systems: ["nous"], deltas: false } },
  },
};
