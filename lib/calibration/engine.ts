/**
 * The TTRL feedback loop of one phase (MECHANISMS.md §3): R rounds on one modality from given weights. Each round:
 * task = tasks[i mod n]; roulette-sample a strategy s; the executor answers with s (candidate) and with the baseline
 * `step_by_step`; the judge compares them (in the random-evaluator phases a coin and U(0, 1) stand in for it); the
 * protocol's rule (`protocols.ts`) gives the update δ; w_s changes by δ and the weights are floored and renormalised.
 * The study's phases and metrics are in `study.ts`.
 */
import type { Rng } from "../core/rng.js";
import type { CalibrationPair } from "./calibrators.js";
import type { Answer, Executor, GroundTruth, Judge } from "./models/types.js";
import { protocolStep, SHADOW_COLUMNS, type Shadows } from "./protocols.js";
import type { Task } from "./tasks.js";
import { BASELINE, CONFIDENCE_PROTOCOLS, type CalibrationParams, type Modality, type Weights } from "./types.js";
import { renormalise, rouletteSample } from "./weights.js";

export { SHADOW_COLUMNS };

export interface StudyModels {
  executor: Executor;
  judge: Judge;
  truth: GroundTruth;
}

export type PhaseName = "A" | "B" | "A2" | "B2" | "Ar" | "Br" | "C" | "D" | "TT" | "VV" | "TT2" | "VV2" | "Cr" | "Dr";
export interface PhaseSpec {
  name: PhaseName;
  modality: Modality;
  /** The phase whose final weights it starts from; none = uniform. */
  from?: PhaseName;
  evaluator: "judge" | "random";
}
export const STAGE1: PhaseSpec[] = [
  { name: "A", modality: "text", evaluator: "judge" },
  { name: "B", modality: "visual", evaluator: "judge" },
  { name: "A2", modality: "text", evaluator: "judge" },
  { name: "B2", modality: "visual", evaluator: "judge" },
  { name: "Ar", modality: "text", evaluator: "random" },
  { name: "Br", modality: "visual", evaluator: "random" },
];
export const STAGE2: PhaseSpec[] = [
  { name: "C", modality: "visual", from: "A", evaluator: "judge" },
  { name: "D", modality: "text", from: "B", evaluator: "judge" },
  { name: "TT", modality: "text", from: "A", evaluator: "judge" },
  { name: "VV", modality: "visual", from: "B", evaluator: "judge" },
  { name: "TT2", modality: "text", from: "A2", evaluator: "judge" },
  { name: "VV2", modality: "visual", from: "B2", evaluator: "judge" },
  { name: "Cr", modality: "visual", from: "Ar", evaluator: "judge" },
  { name: "Dr", modality: "text", from: "Br", evaluator: "judge" },
];
export const PHASES: PhaseName[] = [...STAGE1, ...STAGE2].map((p) => p.name);
export const MAIN_PHASES: PhaseName[] = ["A", "B", "C", "D"];

/** One judging event, as logged in the `judgements` table. */
export interface JudgementRecord extends Shadows {
  phase: string;
  round: number;
  task_id: string;
  strategy: string;
  evaluator: "judge" | "random";
  candidate_position: "A" | "B" | null;
  /** The judge's raw P(candidate better); null when no confidence was asked for (binary protocols). */
  raw_confidence: number | null;
  /** The confidence the update used (confidence protocols), else null. */
  used_confidence: number | null;
  /** The protocol's calibrated value of the raw confidence (isotonic, platt, shuffled), after the choice, else null. */
  calibrated_confidence: number | null;
  /** The protocol calibrator's fitted value before the choice (equal to calibrated_confidence under `always`). */
  fitted_confidence: number | null;
  /** Whether the fitted value was used (false when `calibrationChoice: "cv"` kept the raw confidence). */
  calibration_chosen: boolean | null;
  /** Pairs the protocol's calibrator was fitted on for this judgement. */
  calibration_pairs: number | null;
  /** The requested change of the sampled strategy's weight, before flooring and renormalising. */
  update: number;
  win: boolean;
  /** The verdict and the stated confidence disagree (A preferred with P(A better) < 0.5, or B with > 0.5). */
  conflict: boolean;
  /** Ground truth: 1 if the candidate was better, 0 if the baseline was, null if unknown. */
  outcome: 0 | 1 | null;
  candidate_correct: boolean | null;
  baseline_correct: boolean | null;
  repair: string | null;
}

/** Weights after each round of a phase. */
export interface TrajectoryPoint {
  phase: string;
  round: number;
  weights: Weights;
}

export interface PhaseResult {
  weights: Weights;
  judgements: JudgementRecord[];
  /** Calibration pairs the phase observed (real judge only). */
  pairs: CalibrationPair[];
  trajectory: TrajectoryPoint[];
}

export interface PhaseOptions {
  /** Pairs of earlier phases (the expanding windows of stage 2). */
  prior?: readonly CalibrationPair[];
  /** Record the shadow calibrations (isotonic protocol; default true). */
  shadows?: boolean;
  /** `shuffled`: the used confidence of each round, a permutation of the isotonic source run's phase. */
  shuffled?: readonly number[];
}

/** Runs one phase of R rounds from `start`. */
export async function runPhase(spec: PhaseSpec, start: Weights, tasks: Task[], p: CalibrationParams, models: StudyModels, rng: Rng, opts: PhaseOptions = {}): Promise<PhaseResult> {
  const phase = spec.name;
  const prior = opts.prior ?? [];
  const wantConfidence = CONFIDENCE_PROTOCOLS.includes(p.protocol);
  const keepTrajectory = p.trajectories === "all" || (p.trajectories === "main" && MAIN_PHASES.includes(phase));
  let w = { ...start };
  const log: JudgementRecord[] = [];
  const own: CalibrationPair[] = [];
  const trajectory: TrajectoryPoint[] = [];
  for (let round = 0; round < p.rounds; round++) {
    const task = tasks[round % tasks.length];
    const s = rouletteSample(w, rng.fork("roulette", phase, round));
    const seen = spec.evaluator === "random" ? randomVerdict(rng, phase, round, wantConfidence) : await judged(spec, task, s, round, p, models, rng, wantConfidence);
    const step = protocolStep(p, {
      phase, round, strategy: s, win: seen.win, raw: seen.raw, at: seen.at, judged: spec.evaluator === "judge", prior, own,
      shuffledValue: opts.shuffled?.[round],
    }, { shadows: opts.shadows ?? true });
    w = renormalise({ ...w, [s]: Math.max(p.floor, w[s] + step.delta) }, p.floor);
    if (keepTrajectory) trajectory.push({ phase, round, weights: w });
    if (seen.outcome !== null && seen.raw !== null && seen.at) own.push({ ...seen.at, c: seen.raw, y: seen.outcome, ...(step.fit !== null ? { fit: step.fit } : {}) });
    log.push({
      phase, round, task_id: task.id, strategy: s, evaluator: spec.evaluator,
      candidate_position: seen.candInA === null ? null : seen.candInA ? "A" : "B",
      raw_confidence: seen.raw, used_confidence: step.used, calibrated_confidence: step.calibrated, fitted_confidence: step.fit,
      calibration_chosen: step.chosen, calibration_pairs: step.nPairs,
      update: step.delta, win: seen.win, conflict: seen.conflict, outcome: seen.outcome,
      candidate_correct: seen.cand?.correct ?? null, baseline_correct: seen.base?.correct ?? null,
      repair: seen.repair, ...step.shadow,
    });
  }
  return { weights: w, judgements: log, pairs: own, trajectory };
}

interface Seen {
  win: boolean;
  raw: number | null;
  conflict: boolean;
  outcome: 0 | 1 | null;
  candInA: boolean | null;
  cand: Answer | null;
  base: Answer | null;
  repair: string | null;
  at: Omit<CalibrationPair, "y"> | null;
}

/** The random evaluator: a coin for the verdict, U(0, 1) for the confidence, no executor calls, no ground truth. */
function randomVerdict(rng: Rng, phase: string, round: number, wantConfidence: boolean): Seen {
  const r = rng.fork("random-evaluator", phase, round);
  const win = r.bernoulli(0.5);
  return { win, raw: wantConfidence ? r.uniform() : null, conflict: false, outcome: null, candInA: null, cand: null, base: null, repair: null, at: null };
}

/** The executor's two answers and the judge's verdict (and confidence) on them. */
async function judged(spec: PhaseSpec, task: Task, s: string, round: number, p: CalibrationParams, models: StudyModels, rng: Rng, wantConfidence: boolean): Promise<Seen> {
  const phase = spec.name;
  const [cand, base] = await Promise.all([
    models.executor.answer(task, s, { phase, round, role: "candidate" }),
    models.executor.answer(task, BASELINE, { phase, round, role: "baseline" }),
  ]);
  const candInA = p.control === "swap" ? rng.fork("swap", phase, round).bernoulli(0.5) : true;
  const cut = p.control === "truncate" ? p.truncateChars : undefined;
  const reply = await models.judge.judge({
    task, a: candInA ? cand : base, b: candInA ? base : cand, showNames: p.control !== "hide_names", truncateChars: cut, phase, round, wantConfidence,
  });
  const win = (reply.judgement.preferred === "A") === candInA;
  let raw: number | null = null;
  let conflict = false;
  if (wantConfidence) {
    const pA = reply.judgement.confidence;
    if (pA === undefined) throw new Error(`calibration: the judge gave no confidence in phase ${phase}, round ${round}`);
    raw = candInA ? pA : 1 - pA;
    conflict = (reply.judgement.preferred === "A" && pA < 0.5) || (reply.judgement.preferred === "B" && pA > 0.5);
  }
  const truth = models.truth(cand, base);
  const outcome = truth !== null ? truth : p.tieOutcome === "judge" ? (win ? 1 : 0) : null;
  const seenLength = (len: number) => Math.min(len, cut ?? Infinity);
  const at = { c: raw ?? 0.5, position: candInA ? 1 as const : 0 as const, lengthDiff: (seenLength(cand.length) - seenLength(base.length)) / 1000, strategy: s };
  return { win, raw, conflict, outcome, candInA, cand, base, repair: reply.repair ?? null, at };
}
