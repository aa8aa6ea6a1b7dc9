/**
 * Parameters of a TBS run, as one zod schema with documented defaults.
 * The experiment runner merges a cell's condition (mode, force, memory, ecology, ablation) into these.
 */
import { z } from "zod";

/** Generating parameters of the offline parametric model (see README.md, "Offline model"). */
export const offlineParamsSchema = z.strictObject({
  /** κ: weight of one's own view as pseudo-observations in the perceived climate (false-consensus prior). */
  climatePrior: z.number().min(0).default(2),
  /** w_C: weight of private–climate inconsistency in latent dissonance. */
  wClimate: z.number().min(0).default(1.2),
  /** w_P: weight of private–public inconsistency in latent dissonance. */
  wPublic: z.number().min(0).default(1.5),
  /** g_S: gain of latent silence pressure S = min(1, g_S · fear · minority). */
  silenceGain: z.number().min(0).default(2),
  /** Fear of isolation ~ Beta(a, b) per agent (the Mesa spiral-of-silence reference uses Beta(2, 2)). */
  fearA: z.number().positive().default(2),
  fearB: z.number().positive().default(2),
  /** σ_item: sd of the reading error of every 1..7 item, in item points (items are noisy readings of latent appraisals). */
  itemNoise: z.number().min(0).default(0.7),
  /**
   * The decision to seek the floor: logit P(willing) = b0 + π·(bD·(10·D) + bS·(10·S)) + u_i, u_i ~ N(0, agentSd),
   * where π is the agent's belief that seeking the floor gets it (see `competition`). No parameter names the mode.
   */
  willingness: z
    .strictObject({
      intercept: z.number().default(-0.5),
      dissonance: z.number().default(0.35),
      silence: z.number().default(-0.45),
      agentSd: z.number().min(0).default(0.8),
    })
    .prefault({}),
  /**
   * What an agent believes about the competition for the floor. Under a fixed order (Rotation) its turn comes, so
   * π = 1. Where the fastest of the willing speaks (Willing), it estimates how often others seek the floor from the
   * share f of the last `window` intervals that someone took voluntarily (with `priorWeight` pseudo-intervals at
   * `priorOccupancy`): per-agent rate ŵ = 1 − (1 − f)^(1/(N−1)), and π = E[1/(1 + K)], K ~ Binomial(N − 1, ŵ)
   * = (1 − (1 − ŵ)^N)/(N·ŵ) (an equal chance in the race against each other entrant).
   */
  competition: z
    .strictObject({
      window: z.number().int().positive().default(10),
      priorOccupancy: z.number().min(0).max(0.999).default(0.5),
      priorWeight: z.number().min(0).default(2),
    })
    .prefault({}),
  /** Strategy utilities (softmax over speaking strategies, for a willing agent): weight × appraisal feature. */
  strategy: z
    .strictObject({
      defend: z.number().default(2),
      challenge: z.number().default(3),
      qualify: z.number().default(2.5),
      converge: z.number().default(5),
      bridge: z.number().default(1.5),
    })
    .prefault({}),
  /** log time_cost = logMean + dissonance·D + silence·S + N(0, sd): tension hurries, pressure hesitates. */
  timeCost: z
    .strictObject({
      logMean: z.number().default(1.5),
      dissonance: z.number().default(-0.8),
      silence: z.number().default(0.8),
      sd: z.number().min(0).default(0.35),
    })
    .prefault({}),
  /** Stance dynamics: social influence of each utterance, dissonance reduction toward one's public stance, drift noise. */
  influence: z
    .strictObject({
      rate: z.number().min(0).max(1).default(0.05),
      dissonanceReduction: z.number().min(0).max(1).default(0.1),
      noise: z.number().min(0).default(0.05),
    })
    .prefault({}),
  /** Converge: the expressed stance moves this fraction of the way toward the perceived climate. */
  convergeShift: z.number().min(0).max(1).default(0.6),
  /**
   * The other strategies' expressed stance: qualify says `qualify`·x, bridge `bridge`·x, challenge steps
   * `challenge` stance points further out than its rounded private stance (all rounded to the −3..3 scale).
   */
  expression: z
    .strictObject({
      qualify: z.number().min(0).max(1).default(0.5),
      bridge: z.number().min(0).max(1).default(0.3),
      challenge: z.number().min(0).max(3).default(1),
    })
    .prefault({}),
  /**
   * Perceived minority: a recalled statement e counts against agent i by a_ij = clamp((|e − x_i| − threshold)/width,
   * 0, 1): statements within `threshold` stance points are not against it, and the count saturates `width` points further.
   */
  minority: z
    .strictObject({
      threshold: z.number().min(0).max(6).default(1),
      width: z.number().positive().max(12).default(4),
    })
    .prefault({}),
  /** How much a theme's lean (a topic's agenda) shifts what is said on it: 1 as the topic file says, 0 no lean. */
  themeLean: z.number().min(0).max(3).default(1),
  /**
   * What the offline Summary memory keeps of the compressed statements (one or more pseudo-events of total weight
   * min(count, cap) in the climate and the minority):
   * - `majority`: the mean stance of the majority side only (a compressing summary drops the less-repeated view);
   * - `both-sides`: the mean stance of each side (support, neutral, oppose), each weighted by its share;
   * - `recency`: one mean stance of every compressed statement, weighted 2^(−age/halfLife) (age in statements).
   * With an LLM each agent's summary is written by the model; this never enters a prompt.
   */
  summary: z
    .strictObject({
      kind: z.enum(["majority", "both-sides", "recency"]).default("majority"),
      cap: z.number().int().positive().max(1000).default(6),
      halfLife: z.number().positive().default(5),
    })
    .prefault({}),
});
export type OfflineParams = z.infer<typeof offlineParamsSchema>;

export const memoryOptionsSchema = z
  .strictObject({
    /**
     * Latest(n): the n most recent statements of the group transcript (by count, not by interval, so every protocol's
     * prompt holds the same window whatever its number of statements per round).
     */
    latestN: z.number().int().positive().default(5),
    /** Sampling: k events drawn without replacement with weight (age + 1)^(−decay). */
    sampleK: z.number().int().positive().default(5),
    sampleDecay: z.number().min(0).default(1.5),
    /** Summary: statements kept verbatim beside the running summary (by count); older ones are compressed. */
    summaryKeep: z.number().int().min(0).default(2),
    /** Monologue part: own previous monologues shown to the LLM reasoning module. */
    monologueN: z.number().int().min(0).default(2),
    /** Nous: most tokens of retrieved memories shown to an agent per interval. */
    nousMaxTokens: z.number().int().positive().default(300),
    /** Nous: half-life of a memory's salience, in turns (temporal decay; retrieval by content reactivates it). */
    nousHalfLifeTurns: z.number().positive().default(8),
  })
  .prefault({});
export type MemoryOptions = z.infer<typeof memoryOptionsSchema>;

/** Protocols: `tbs` (think every interval, one speaker), and the paper's baselines. */
export const PROTOCOLS = ["tbs", "hierarchical", "sequential"] as const;
/**
 * Ablations (lib/tbs/ablations.ts describes each: the path it removes, what it leaves defined, its placebo):
 * - rule tests of the offline model, each with a placebo that runs the same code and draws from the same stream but
 *   changes no information: `no-competition` / `placebo-competition` (the decision gives the race for the floor no
 *   weight), `group-unweighted` / `placebo-group` (agents perceive the group but give it no weight in the decision),
 *   `shuffled-fear` / `placebo-fear` (silence pressure from a shuffled history of what was said), `shuffled-self` /
 *   `placebo-self` (the private–public gap measured against someone else's statement);
 * - what an agent is shown (LLM and offline; offline they zero a latent term, and are labelled so): `no-group-memory`
 *   (nothing the others said), `no-self-memory` (none of its own statements); `no-competition` on an LLM: the
 *   agent is not told how the floor is won;
 * - `no-fear` (offline only, term-zeroing): fear of isolation = 0.
 */
export const ABLATIONS = [
  "none",
  "no-competition",
  "placebo-competition",
  "group-unweighted",
  "placebo-group",
  "shuffled-fear",
  "placebo-fear",
  "shuffled-self",
  "placebo-self",
  "no-group-memory",
  "no-self-memory",
  "no-fear",
] as const;
export type Ablation = (typeof ABLATIONS)[number];
/** Ablations that change only the offline model (on an LLM their cells could not differ from `none`). */
export const OFFLINE_ONLY_ABLATIONS: readonly string[] = ABLATIONS.filter((a) => !["none", "no-competition", "no-group-memory", "no-self-memory"].includes(a));

export const tbsParamsSchema = z.strictObject({
  agents: z.number().int().min(2).default(6),
  intervals: z.number().int().min(1).default(30),
  /** `tbs`: every agent reasons every interval, one speaker; `hierarchical`: every agent reasons and speaks every round,
   *  ignoring same-round contributions (outputs aggregated per round); `sequential`: only the agent whose turn it is
   *  reasons and speaks. `mode` and `force` apply to `tbs` only. */
  protocol: z.enum(PROTOCOLS).default("tbs"),
  mode: z.enum(["willing", "rotation"]).default("willing"),
  force: z.enum(["force", "noforce"]).default("noforce"),
  /** Group memory: `nous` retrieves by content; `nous-recency` is its null (as many statements, the latest; nous-memory.ts). */
  memory: z.enum(["latest", "sampling", "summary", "nous", "nous-recency"]).default("latest"),
  /** An ecology name in data/personas (`six-americas`, `balanced-stakeholders`) or a path to an ecology JSON file. */
  ecology: z.string().min(1).default("six-americas"),
  /** A topic name in data/personas/topics or a path to a topic JSON file. */
  topic: z.string().min(1).default("solar-pv-mandate"),
  /** Switch one channel of the mechanism off (see `ABLATIONS`). */
  ablation: z.enum(ABLATIONS).default("none"),
  memoryOptions: memoryOptionsSchema,
  /**
   * Common random numbers: when true, a cell's random stream comes from its seed alone, not from its condition, so
   * the conditions of a seed are discussions among the same participants with the same draws, differing only where
   * their parameters make them differ (paired contrasts gain much power; the claims audit sets it). Off by default:
   * pooled analyses across conditions (one row per agent-interval, agents as units) assume runs that share nothing.
   */
  seedStreams: z.boolean().default(false),
  /**
   * Cost table (`costs`): on offline runs, how many calls of each role per interval have their rendered prompt and
   * reply tokenized (the mean is scaled to the interval's calls); 0 leaves offline token columns null. LLM runs
   * count every call's reported usage.
   */
  costSamplePerInterval: z.number().int().min(0).default(2),
  offline: offlineParamsSchema.prefault({}),
  /** LLM path: sampling temperature and reply budgets. */
  llm: z
    .strictObject({
      temperature: z.number().min(0).max(2).default(0.7),
      reasonMaxTokens: z.number().int().positive().default(400),
      speakMaxTokens: z.number().int().positive().default(200),
      summaryMaxTokens: z.number().int().positive().default(250),
    })
    .prefault({}),
});
export type TbsParams = z.infer<typeof tbsParamsSchema>;
export type TbsParamsInput = z.input<typeof tbsParamsSchema>;
