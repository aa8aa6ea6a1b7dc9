/**
 * Nous's data types: triples, dimensions, deltas, the query context, and the memory's options.
 * Schemas (zod) validate what files and language models supply; plain types describe the rest.
 */
import { z } from "zod";

/**
 * How an observation bears on a state (kinds the offline extractor reads from tense, aspect and negation):
 * - `state`: the value holds now ("I live in Leeds", "I still work at Acme");
 * - `change`: the value holds now because it just changed ("I moved to Leeds", "I got a job at Acme", "… now");
 * - `ended`: the value no longer holds ("I don't work at Acme anymore", "I used to live in Leeds", "I quit my job at Acme");
 * - `planned`: a scheduled change that has not happened yet ("I start at Acme next week", "We're moving to Leeds").
 */
export const OBSERVATION_KINDS = ["state", "change", "ended", "planned"] as const;
export type ObservationKind = (typeof OBSERVATION_KINDS)[number];

/**
 * One observation extracted from a turn: entity e has value v for attribute a. `kind` (default `state`) says how it
 * bears on the current value; `confidence` (default 1) is how far the speaker means it: a joke or a hyperbole ("I
 * basically live at the gym, haha") is an observation with low confidence.
 */
export const TripleSchema = z.object({
  entity: z.string().min(1),
  attribute: z.string().min(1),
  value: z.string().min(1),
  kind: z.enum(OBSERVATION_KINDS).optional(),
  confidence: z.number().gt(0).max(1).optional(),
});
export type Triple = z.infer<typeof TripleSchema>;

/** A turn of a conversation as the ingest pipeline sees it. `timestamp` is milliseconds since the epoch. */
export interface Turn {
  /** Evidence id, e.g. LoCoMo's dia_id "D3:14". */
  id: string;
  speaker: string;
  text: string;
  timestamp: number;
}

/** A categorical belief: values with probabilities (sum 1), most probable first. */
export type Distribution = { value: string; p: number }[];

/** The state of one dimension D(e, a): Dirichlet pseudo-counts over its vocabulary, and when it last changed. */
export interface DimensionState {
  entity: string;
  attribute: string;
  /** Pseudo-count per value (the Dirichlet α), in order of first appearance. */
  counts: Record<string, number>;
  /** Timestamp (ms) of the last update or decay. */
  updatedAt: number;
}

/** The stored artefact: how one observation moved one dimension. Append-only. */
export interface Delta {
  id: number;
  entity: string;
  attribute: string;
  observation: string;
  /** Prior and posterior over the vocabulary (the 12 most probable values, then `…` for the rest). */
  prior: Distribution;
  posterior: Distribution;
  /** −log2 P(observation | dimension before the update), in bits. */
  surprise: number;
  timestamp: number;
  evidence: string;
  evidenceId: string;
  /** How the observation bears on the state (`state` for every attribute but home, workplace and job). */
  kind: ObservationKind;
  /** The observation's confidence (1 unless hedged or planned). */
  confidence: number;
}

/** How a dimension is updated. `bayes` is Nous; `last-write-wins` is the ablation that keeps only the newest value. */
export type UpdateRule = "bayes" | "last-write-wins";

/** Options of a memory, with their defaults. */
export const MemoryOptionsSchema = z.object({
  /** Reliability r of an observation in the noisy likelihood: L(obs|v) = r if v = obs else (1−r)/(|V|−1). */
  reliability: z.number().gt(0).lt(1).default(0.8),
  /** Pseudo-count reserved for a value never seen (the new-value mass of the predictive distribution). */
  newValueMass: z.number().positive().default(1),
  /** Half-life (days) of the decay toward uniform; `null` turns decay off (ablation). */
  halfLifeDays: z.number().positive().nullable().default(90),
  /** What decay relaxes toward: uniform over the values seen (the paper's), or the prior (the evidence forgotten). */
  decayTarget: z.enum(["uniform", "prior"]).default("uniform"),
  updateRule: z.enum(["bayes", "last-write-wins"]).default("bayes"),
  /** Read the observation kinds (change, ended, planned); false (ablation `no-kinds`): every observation is a state. */
  useKinds: z.boolean().default(true),
  /** Read the observations' confidence (hedges, jokes, plans); false (ablation `no-confidence`): confidence 1. */
  useConfidence: z.boolean().default(true),
  /** Surprise (bits) above which a value enters multi-valued recall; `null` turns multi-valued recall off. */
  thetaMin: z.number().nonnegative().nullable().default(1),
  /** Hops of breadth-first search over the entity graph at query time (0 = only linked entities). */
  hops: z.number().int().min(0).max(4).default(2),
  /** Evidence items (distinct source turns) retrieved per question, when no token budget is set. */
  k: z.number().int().positive().default(10),
  /** Token budget (o200k_base) of the rendered context; when set, it replaces k: evidence is added until it is full. */
  budgetTokens: z.number().int().positive().nullable().default(null),
  /** BM25 scores of deltas about entities the graph search reached at hop h are multiplied by 1 + graphBoost·2^(−h). */
  graphBoost: z.number().nonnegative().default(1),
  /**
   * With a token budget, a question about a home or a workplace gets the budget its words left filled with the other
   * turns, latest first (marked `filled`: the offline answerer's rules read only what the words found, its ranker
   * every name in the context); false: only what the words found, as a plain BM25 context has.
   */
  fillBudget: z.boolean().default(true),
  /** Of the k evidence slots, how many are filled from the dimensions of the best BM25 evidence (aggregation). */
  dimensionSlots: z.number().int().min(0).default(0),
  /** Mean symmetrised KL (bits) below which two entities with shared attributes are the same entity. */
  identityThreshold: z.number().nonnegative().default(0.25),
  /** Shared attributes needed before identity resolution compares two entities. */
  identityMinShared: z.number().int().positive().default(3),
}).strict();
export type MemoryOptions = z.infer<typeof MemoryOptionsSchema>;

/**
 * Overrides of memory options in a config: every field optional, **no defaults filled in** (so that a config's
 * `memory: { k: 3 }` overrides k and nothing else), unknown keys refused.
 */
export const MemoryOverridesSchema = z.strictObject(
  Object.fromEntries(Object.entries(MemoryOptionsSchema.shape).map(([k, v]) => [k, (v as unknown as z.ZodDefault<z.ZodType>).unwrap().optional()])),
) as unknown as z.ZodType<Partial<MemoryOptions>>;
export type MemoryOptionsInput = z.input<typeof MemoryOptionsSchema>;

/** A dimension state rendered for the answerer. */
export interface FactLine {
  entity: string;
  attribute: string;
  mode: string;
  p: number;
  /** Other probable values, most probable first. */
  alternatives: Distribution;
  /** Values recalled from the delta log: the dimension's first value and every value whose delta had S ≥ θ_min. */
  recalled: string[];
  /** Values standing for "some value other than X, not yet named" ("not X", from `ended` observations). */
  unnamed?: string[];
  /** Places among these values known to lie within another ("Salthill" → "Galway"; a home's or origin's only). */
  within?: Record<string, string>;
  /** Evidence ids of the deltas that set the mode. */
  sources: string[];
}

/** One retrieved delta as evidence. */
export interface EvidenceItem {
  deltaId: number;
  evidenceId: string;
  entity: string;
  attribute: string;
  observation: string;
  timestamp: number;
  text: string;
  score: number;
  /** A turn no word of the question matched, given the budget the lexical search left (query.ts). */
  filled?: boolean;
}

/** What the query pipeline hands to an answerer. */
export interface QueryContext {
  question: string;
  linked: string[];
  /** Entities reached by BFS with their hop distance. */
  reached: Record<string, number>;
  /** Fact lines: the states the question asks about (`states`, first), then the dimensions of the evidence. */
  facts: FactLine[];
  /** Beliefs of the named entities about the states the question asks for (QueryOptions.stateAttributes). */
  states?: FactLine[];
  /**
   * The same entities' beliefs about the other of home and workplace, when the question asks for one of them: not
   * rendered (no prompt sees them); the offline answerer reads them so that one value does not answer both.
   */
  counterparts?: FactLine[];
  evidence: EvidenceItem[];
  /** Everyone who said a turn the memory holds (people, never a place or an employer). */
  speakers?: string[];
  /** Distinct evidence ids of everything retrieved (the basis of context recall). */
  sourceIds: string[];
  /** Deltas about entities the graph search did not reach (0 when the question names no entity). */
  excluded?: number;
  /** Tokens (o200k_base) of the rendered context, when it was filled to a token budget. */
  tokens?: number;
}
