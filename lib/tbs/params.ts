/**
 * Parameters of a TBS run, as one zod schema with documented defaults.
 * The experiment runner merges a cell's condition (mode, force, memory, ecology, ablation) into these.
 */
import { z } from "zod";

/** Generating parameters of the offline parametric model (see README.md, "Offline model"). */
export const offlineParamsSchema = z.object({
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
  /** logit P(willing) = b0 + bD·(10·D) + bS·(10·S) + shift[mode] + u_i, u_i ~ N(0, agentSd). */
  willingness: z
    .object({
      intercept: z.number().default(-0.5),
      dissonance: z.number().default(0.35),
      silence: z.number().default(-0.45),
      agentSd: z.number().min(0).default(0.8),
      willingModeShift: z.number().default(-0.3),
    })
    .prefault({}),
  /** Strategy utilities (softmax over speaking strategies, for a willing agent): weight × appraisal feature. */
  strategy: z
    .object({
      defend: z.number().default(2),
      challenge: z.number().default(3),
      qualify: z.number().default(2.5),
      converge: z.number().default(5),
      bridge: z.number().default(1.5),
    })
    .prefault({}),
  /** log time_cost = logMean + dissonance·D + silence·S + N(0, sd): tension hurries, pressure hesitates. */
  timeCost: z
    .object({
      logMean: z.number().default(1.5),
      dissonance: z.number().default(-0.8),
      silence: z.number().default(0.8),
      sd: z.number().min(0).default(0.35),
    })
    .prefault({}),
  /** Stance dynamics: social influence of each utterance, dissonance reduction toward one's public stance, drift noise. */
  influence: z
    .object({
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
  .object({
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
  })
  .prefault({});
export type MemoryOptions = z.infer<typeof memoryOptionsSchema>;

export const tbsParamsSchema = z.object({
  agents: z.number().int().min(2).default(6),
  intervals: z.number().int().min(1).default(30),
  mode: z.enum(["willing", "rotation"]).default("willing"),
  force: z.enum(["force", "noforce"]).default("noforce"),
  memory: z.enum(["latest", "sampling", "summary"]).default("latest"),
  /** An ecology name in data/personas (`six-americas`, `balanced-stakeholders`) or a path to an ecology JSON file. */
  ecology: z.string().min(1).default("six-americas"),
  /** A topic name in data/personas/topics or a path to a topic JSON file. */
  topic: z.string().min(1).default("solar-pv-mandate"),
  /** Switch a mechanism off: `no-fear` (fear of isolation = 0), `no-public-inconsistency` (w_P = 0). */
  ablation: z.enum(["none", "no-fear", "no-public-inconsistency"]).default("none"),
  memoryOptions: memoryOptionsSchema,
  offline: offlineParamsSchema.prefault({}),
  /** LLM path: sampling temperature and reply budgets. */
  llm: z
    .object({
      temperature: z.number().min(0).max(2).default(0.7),
      reasonMaxTokens: z.number().int().positive().default(400),
      speakMaxTokens: z.number().int().positive().default(200),
    })
    .prefault({}),
});
export type TbsParams = z.infer<typeof tbsParamsSchema>;
export type TbsParamsInput = z.input<typeof tbsParamsSchema>;
