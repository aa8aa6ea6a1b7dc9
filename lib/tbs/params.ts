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
});
export type OfflineParams = z.infer<typeof offlineParamsSchema>;

export const memoryOptionsSchema = z
  .strictObject({
    /** Latest(n): the n most recent intervals of the group transcript. */
    latestN: z.number().int().positive().default(5),
    /** Sampling: k events drawn without replacement with weight (age + 1)^(−decay). */
    sampleK: z.number().int().positive().default(5),
    sampleDecay: z.number().min(0).default(1.5),
    /** Summary: intervals kept verbatim beside the running summary; older ones are compressed. */
    summaryKeep: z.number().int().min(0).default(2),
    /** Summary: most pseudo-observations the compressed summary weighs in the offline model. */
    summaryCap: z.number().int().positive().default(6),
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
 * Ablations. Each removes one channel of the mechanism, so the effects that flow through it must vanish:
 * - `no-competition`: agents are not told about (offline: ignore) the competition for the floor (π = 1 in both modes);
 * - `no-group-memory`: agents recall nothing the others said (the climate is unobserved);
 * - `no-self-memory`: agents do not remember their own public statements (no private–public gap can be seen);
 * - `no-fear` (offline model only): fear of isolation = 0. Refused for LLM runs (it changes no prompt).
 */
export const ABLATIONS = ["none", "no-competition", "no-group-memory", "no-self-memory", "no-fear"] as const;
/** Ablations that change only offline-model parameters (meaningless on an LLM). */
export const OFFLINE_ONLY_ABLATIONS: readonly string[] = ["no-fear"];

export const tbsParamsSchema = z.strictObject({
  agents: z.number().int().min(2).default(6),
  intervals: z.number().int().min(1).default(30),
  /** `tbs`: every agent reasons every interval, one speaker; `hierarchical`: every agent reasons and speaks every round,
   *  ignoring same-round contributions (outputs aggregated per round); `sequential`: only the agent whose turn it is
   *  reasons and speaks. `mode` and `force` apply to `tbs` only. */
  protocol: z.enum(PROTOCOLS).default("tbs"),
  mode: z.enum(["willing", "rotation"]).default("willing"),
  force: z.enum(["force", "noforce"]).default("noforce"),
  memory: z.enum(["latest", "sampling", "summary", "nous"]).default("latest"),
  /** An ecology name in data/personas (`six-americas`, `balanced-stakeholders`) or a path to an ecology JSON file. */
  ecology: z.string().min(1).default("six-americas"),
  /** A topic name in data/personas/topics or a path to a topic JSON file. */
  topic: z.string().min(1).default("solar-pv-mandate"),
  /** Switch one channel of the mechanism off (see `ABLATIONS`). */
  ablation: z.enum(ABLATIONS).default("none"),
  memoryOptions: memoryOptionsSchema,
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
