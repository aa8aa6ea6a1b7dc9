/**
 * Contracts of the calibrated-evaluator study (MECHANISMS.md §3): strategies, weights, judgements,
 * protocols, controls and the parameters of a run.
 */
import { z } from "zod";

export const TEXT_STRATEGIES = [
  "step_by_step",
  "critical_check",
  "first_principles",
  "creative_leap",
  "analogy_meta",
  "evidence_cite",
  "synthesis",
  "counterfactual",
] as const;
export const VISUAL_STRATEGIES = ["visual_grounding", "spatial_decompose", "aesthetic_frame"] as const;
/** The 11 strategies, text first; weight vectors are records keyed by these names. */
export const STRATEGIES = [...TEXT_STRATEGIES, ...VISUAL_STRATEGIES] as const;
export type Strategy = (typeof STRATEGIES)[number];
/** The baseline every candidate answer is judged against. */
export const BASELINE: Strategy = "step_by_step";

export type Modality = "text" | "visual";
/** Strategy weights, keyed by strategy name, summing to 1. */
export type Weights = Record<string, number>;

/**
 * Protocols of the decomposition grid (MECHANISMS.md §3 and README):
 * - `binary`: +α_win on a win, −α_lose on a loss (the seed's rule);
 * - `binary_matched`: ±step on a win/loss, the step equal to the mean |update| of the reference protocol
 *   (`matchedTo`, default isotonic) under the same judge and control (dev pilot, `pilot.ts`);
 * - `raw`: α_win·(2c − 1) on the judge's raw confidence;
 * - `raw_matched`: s·α_win·(2c − 1), s scaling raw's mean |update| to the reference protocol's (dev pilot);
 * - `isotonic`: α_win·(2c − 1) on the isotonic-calibrated confidence (the seed's "calibrated");
 * - `platt`: the same on Platt-scaled confidence (optionally with covariates);
 * - `shuffled`: the same on the isotonic protocol's calibrated confidences of the same phase and seed, taken in a
 *   random permutation: the isotonic protocol's step sizes exactly, without their information.
 */
export const PROTOCOLS = ["binary", "binary_matched", "raw", "raw_matched", "isotonic", "platt", "shuffled"] as const;
export type Protocol = (typeof PROTOCOLS)[number];
/** Old names accepted in configs: `calibrated` is `isotonic`. */
export const PROTOCOL_ALIASES: Record<string, Protocol> = { calibrated: "isotonic" };
/** Protocols that update on a confidence (the judge is asked for one); the others ask for a verdict only. */
export const CONFIDENCE_PROTOCOLS: readonly Protocol[] = ["raw", "raw_matched", "isotonic", "platt", "shuffled"];
/** Protocols whose step is matched to a reference protocol's mean |update| (`matchedTo`). */
export const MATCHED_PROTOCOLS: readonly Protocol[] = ["binary_matched", "raw_matched"];
/** Reference protocols a matched protocol may take its step size from. */
export const MATCH_REFERENCES = ["raw", "isotonic", "platt"] as const;
export type MatchReference = (typeof MATCH_REFERENCES)[number];
/** What the calibrated protocols use when the fitted calibrator has not predicted better than the raw confidence. */
export const CALIBRATION_CHOICES = ["always", "cv"] as const;
export const WINDOW_KINDS = ["sliding", "expanding", "per_strategy"] as const;
export type WindowKind = (typeof WINDOW_KINDS)[number];
export const COVARIATES = ["position", "length", "strategy"] as const;
export type Covariate = (typeof COVARIATES)[number];
/**
 * Controls: `none`; `symmetric` (α_win = α_lose); `truncate` (both answers cut to 500 code points before
 * judging); `swap` (candidate placed in position A or B at random); `hide_names` (strategy names hidden).
 */
export const CONTROLS = ["none", "symmetric", "truncate", "swap", "hide_names"] as const;
export type Control = (typeof CONTROLS)[number];

/** The judge's reply, as an LLM judge returns it by schema: which answer is better and P(A better). */
export const JudgementSchema = z.object({
  preferred: z.enum(["A", "B"]).describe("Which answer is better"),
  confidence: z.number().min(0).max(1).describe("Probability, between 0 and 1, that answer A is better than answer B"),
});
/** The binary protocols' judge reply: a verdict only, no confidence is asked for. */
export const VerdictSchema = z.object({
  preferred: z.enum(["A", "B"]).describe("Which answer is better"),
});
/** A judge's reply; `confidence` is absent when only a verdict was asked for. */
export interface Judgement {
  preferred: "A" | "B";
  confidence?: number;
}

const perStrategy = (value: number) => Object.fromEntries(STRATEGIES.map((s) => [s, value])) as Record<Strategy, number>;

/** Parameters of the offline model (latent quality, answer length, judge biases). See README for the equations. */
export const OfflineModelSchema = z.strictObject({
  /** Mean latent quality of each strategy's answers per modality (logit scale). */
  quality: z.record(z.string(), z.strictObject({ text: z.number(), visual: z.number() })).default({
    step_by_step: { text: 0.5, visual: 0.0 },
    critical_check: { text: 0.6, visual: 0.1 },
    first_principles: { text: 0.7, visual: 0.0 },
    creative_leap: { text: 0.2, visual: 0.2 },
    analogy_meta: { text: 0.3, visual: 0.1 },
    evidence_cite: { text: 0.6, visual: -0.1 },
    synthesis: { text: 0.5, visual: 0.2 },
    counterfactual: { text: 0.4, visual: 0.0 },
    visual_grounding: { text: -0.4, visual: 0.8 },
    spatial_decompose: { text: -0.2, visual: 0.7 },
    aesthetic_frame: { text: -0.5, visual: 0.4 },
  }),
  /** Multiplies every mean quality μ[s][m] (0: every strategy has the same mean quality in both modalities). */
  qualityScale: z.number().min(0).default(1),
  /** SD of the strategy × task effect (some strategies suit some tasks). */
  taskSd: z.number().min(0).default(0.4),
  /** SD of the per-answer noise around the task-level quality. */
  answerSd: z.number().min(0).default(0.6),
  /** Mean answer length in characters per strategy (lengths vary ±`lengthSpread` per answer). */
  length: z.record(z.string(), z.number().positive()).default({
    step_by_step: 900, critical_check: 800, first_principles: 1000, creative_leap: 600, analogy_meta: 700,
    evidence_cite: 1300, synthesis: 1200, counterfactual: 800, visual_grounding: 900, spatial_decompose: 1000,
    aesthetic_frame: 700,
  }),
  /** Answer lengths are L[s]·(1 − spread + 2·spread·u), u ~ U(0, 1): ±30 % by default. */
  lengthSpread: z.number().min(0).max(0.9).default(0.3),
  judge: z
    .strictObject({
      /**
       * `parametric`: the biased, noisy, over-confident judge below. `bayes`: a Bayes-perfect judge (the null of the
       * calibration claims): it knows each answer's expected quality, sees the quality gap with noise `noiseSd`, and
       * states the exact posterior P(A better); no biases, no rounding.
       */
      kind: z.enum(["parametric", "bayes"]).default("parametric"),
      /** Logit change per unit of latent quality gap (A − B). */
      sensitivity: z.number().default(0.6),
      /** Logit shift when the judge sees a strategy's name (label bias); 0 for unnamed strategies. */
      labelBias: z.record(z.string(), z.number()).default({
        first_principles: 0.5, evidence_cite: 0.4, critical_check: 0.3, creative_leap: -0.4, aesthetic_frame: -0.3,
      }),
      /** Multiplies every label bias (0: no label bias). */
      labelScale: z.number().min(0).default(1),
      /** Logit shift toward whatever answer is in position A. */
      positionBias: z.number().default(0.3),
      /** Logit shift per 1,000 characters of length difference (A − B). */
      verbosityBias: z.number().default(0.6),
      /** SD of the judge's own noise on the logit scale. */
      noiseSd: z.number().min(0).default(1),
      /** Stated confidence = σ(k·z): k > 1 over-confident, k < 1 under-confident. */
      confidenceScale: z.number().positive().default(1.5),
      /** Stated confidences are rounded to this step (LLMs state round numbers). */
      confidenceStep: z.number().positive().max(0.5).default(0.05),
    })
    .prefault({}),
  /**
   * Verifiable correctness: an answer is right when q + N(0, correctSd²) exceeds the task's difficulty
   * (`Task.difficulty`, set by the task generator from the number of steps or cells); used for accuracy only.
   */
  correctSd: z.number().min(0).default(0.5),
});
export type OfflineModelParams = z.infer<typeof OfflineModelSchema>;

const protocolSchema = z
  .string()
  .transform((v, ctx) => {
    const p = (PROTOCOL_ALIASES[v] ?? v) as Protocol;
    if (!(PROTOCOLS as readonly string[]).includes(p)) {
      ctx.addIssue({ code: "custom", message: `unknown protocol "${v}"; allowed: ${PROTOCOLS.join(", ")} (alias: calibrated = isotonic)` });
      return z.NEVER;
    }
    return p;
  });

export const CalibrationParamsSchema = z
  .strictObject({
    /** Rounds per phase (R). */
    rounds: z.number().int().positive().default(30),
    /** Tasks per modality; round i uses task i mod n. */
    tasksPerModality: z.number().int().positive().default(10),
    alphaWin: z.number().positive().default(0.08),
    alphaLose: z.number().positive().default(0.04),
    /** The rate used for both wins and losses under the `symmetric` control. */
    symmetricRate: z.number().positive().default(0.06),
    /** The reference protocol whose mean |update| `binary_matched` and `raw_matched` reproduce. */
    matchedTo: z.enum(MATCH_REFERENCES, { error: `expected one of ${MATCH_REFERENCES.join(", ")}` }).default("isotonic"),
    /** `binary_matched`'s fixed step; when absent, the dev pilot's mean |update| of `matchedTo` (same judge and control). */
    matchedStep: z.number().positive().optional(),
    /** `raw_matched`'s multiplier of α; when absent, the dev pilot's ratio of `matchedTo`'s mean |update| to raw's. */
    matchedScale: z.number().positive().optional(),
    /** Dev seeds of the matching pilot (90001, 90002, …; never reported). */
    matchPilotSeeds: z.number().int().min(2).max(1000).default(20),
    floor: z.number().positive().default(0.001),
    /** Which (confidence, outcome) pairs the calibrator is fitted on (see README). */
    windowKind: z.enum(WINDOW_KINDS, { error: `expected one of ${WINDOW_KINDS.join(", ")}` }).default("expanding"),
    /** Size of the `sliding` window (the seed's 10 pairs). */
    window: z.number().int().min(2).default(10),
    /** The raw confidence counts as this many pseudo-pairs: calibrated = (n·fit + n₀·c)/(n + n₀) (0 = plain fit). */
    priorPairs: z.number().min(0).default(60),
    /**
     * `always`: the calibrated protocols use the fitted value. `cv`: they use it only when, on the window's earlier
     * pairs, the calibrator's prequential predictions had a lower Brier score than the raw confidence by more than
     * `cvMargin` per pair; otherwise the raw confidence (a calibrator that does no harm to a calibrated judge).
     */
    calibrationChoice: z.enum(CALIBRATION_CHOICES, { error: `expected one of ${CALIBRATION_CHOICES.join(", ")}` }).default("cv"),
    /** The mean Brier advantage per pair the calibrator needs under `cv`. */
    cvMargin: z.number().min(0).default(0.005),
    /** Covariates of the Platt calibrator besides logit(c). */
    covariates: z.array(z.enum(COVARIATES, { error: `expected one of ${COVARIATES.join(", ")}` })).default([]),
    /** Judge and executor inputs are cut to this many code points under the `truncate` control (final answer kept). */
    truncateChars: z.number().int().positive().default(500),
    /** With an LLM: the outcome used for calibration when both answers are equally right or wrong. */
    tieOutcome: z.enum(["skip", "judge"]).default("skip"),
    /** Which phases write their per-round weights to `trajectories`: all, the four main phases, or none. */
    trajectories: z.enum(["all", "main", "none"]).default("main"),
    /** Whether the isotonic protocol records the shadow calibrations (every calibrator × window) in `judgements`. */
    shadows: z.boolean().default(true),
    /** Which cells write `judgements` and `trajectories` rows: all, only the cells with control none, or none (audits). */
    detailTables: z.enum(["all", "control_none", "none"]).default("all"),
    /** When set, only cells of seeds ≤ this write `judgements`, `trajectories` and `weights` rows (large runs). */
    detailSeeds: z.number().int().positive().optional(),
    /** Which phases write their final weights to `weights`: all fourteen, the four main phases (A, B, C, D), or none. */
    weights: z.enum(["all", "main", "none"]).default("all"),
    offline: OfflineModelSchema.prefault({}),
    /** Sampling settings of the language models (LLM runs only). */
    llm: z.strictObject({
      /** The executor's temperature (its answers vary between calls). */
      executorTemperature: z.number().min(0).max(2).default(0.7),
      /** The judge's temperature (0: its verdict and confidence are as repeatable as the provider allows). */
      judgeTemperature: z.number().min(0).max(2).default(0),
    }).prefault({}),
    /** Condition values (set from the grid). */
    protocol: protocolSchema.default("binary"),
    control: z.enum(CONTROLS, { error: `expected one of ${CONTROLS.join(", ")}` }).default("none"),
    /** Removed: the calibrator is a protocol level now (isotonic, platt). Kept only to give a clear error. */
    calibrator: z.unknown().optional(),
  })
  .superRefine((p, ctx) => {
    if (p.calibrator !== undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["calibrator"],
        message: `params.calibrator was removed; the calibrator is a protocol level now: use protocol "isotonic" (or its alias "calibrated") or "platt", and delete params.calibrator`,
      });
    }
  });
export type CalibrationParams = z.infer<typeof CalibrationParamsSchema>;

export const uniformRecord = perStrategy;
