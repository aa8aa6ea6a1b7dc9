/**
 * The TTRL feedback loop and the study's phases (MECHANISMS.md §3), with the decomposition protocols and the
 * noise floor.
 *
 * A phase starts from given weights and runs R rounds on one modality: task = tasks[i mod n]; roulette-sample a
 * strategy s; the executor answers with s (candidate) and with the baseline `step_by_step`; the judge compares them;
 * the sampled strategy's weight changes by δ and the weights are floored and renormalised:
 *   binary          δ = +α_win on a win, −α_lose on a loss;
 *   binary_matched  δ = ±matchedStep;
 *   raw             δ = α_win·(2c − 1), c the judge's raw P(candidate better);
 *   isotonic, platt δ = α_win·(2c̃ − 1), c̃ the calibrated c (window kind `windowKind`);
 *   shuffled        δ = α_win·(2c̃' − 1), c̃' the isotonic value of another judgement of the phase's last `window`.
 * Under the `symmetric` control α_win = α_lose = `symmetricRate`.
 *
 * Phases. Stage 1 (from uniform): A text → w_T, B visual → w_V, and the independent references A2 (A′, text) and
 * B2 (B′, visual); Ar and Br are A and B with a random evaluator (a coin for the verdict, U(0, 1) for the confidence,
 * no executor calls). Stage 2: C = w_T on visual → w_TV; D = w_V on text → w_VT; TT = w_T on text; VV = w_V on
 * visual; TT2 = A2's weights on text; VV2 = B2's weights on visual; Cr = Ar's weights on visual; Dr = Br's weights on
 * text. Phases of a stage run concurrently.
 *
 * Floors. floor_gamma_v = γ(B′ → B) and floor_gamma_t = γ(A′ → A) compare two independent R-round phases;
 * gamma_tv_norm = γ_TV − floor_gamma_v. C has 2R rounds of history where B′ has R, so when the judge carries no
 * information γ_TV still exceeds that floor by an amount that grows with the step size. The history-matched floors
 * floor_gamma_v_matched = γ(VV2 → B) and floor_gamma_t_matched = γ(TT2 → A) have C's and D's history length, so
 * gamma_tv_excess = γ_TV − floor_gamma_v_matched has mean 0 under that null whatever the protocol.
 */
import type { Rng } from "../core/rng.js";
import { isotonicCalibrate, plattCalibrate, selectPairs, type CalibrationPair } from "./calibrators.js";
import { brierScore, couplingGamma, expectedCalibrationError, uncertainShare, weightsJsd } from "./metrics.js";
import type { Answer, Executor, GroundTruth, Judge } from "./models/types.js";
import { makeTasks, type Task } from "./tasks.js";
import { BASELINE, CONFIDENCE_PROTOCOLS, type CalibrationParams, type Modality, type Weights } from "./types.js";
import { renormalise, rouletteSample, uniformWeights } from "./weights.js";

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

/** The shadow calibrations recorded beside every judged confidence: calibrator × window kind. */
export const SHADOW_COLUMNS = ["iso_seed", "iso_sliding", "iso_expanding", "iso_per_strategy", "platt_sliding", "platt_expanding", "platt_per_strategy"] as const;

/** One judging event, as logged in the `judgements` table. */
export interface JudgementRecord {
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
  /** The protocol's calibrated value of the raw confidence (isotonic, platt, shuffled), else null. */
  calibrated_confidence: number | null;
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
  /** The seed's calibrator: isotonic on the phase's last 10 pairs, no shrinkage. */
  iso_seed: number | null;
  iso_sliding: number | null;
  iso_expanding: number | null;
  iso_per_strategy: number | null;
  platt_sliding: number | null;
  platt_expanding: number | null;
  platt_per_strategy: number | null;
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

export interface StudyMetrics {
  gamma_tv: number;
  gamma_vt: number;
  gamma_tt: number;
  gamma_vv: number;
  jsd_tv: number;
  jsd_vt: number;
  floor_gamma_t: number;
  floor_gamma_v: number;
  gamma_tv_norm: number;
  gamma_vt_norm: number;
  floor_gamma_t_matched: number;
  floor_gamma_v_matched: number;
  gamma_tv_excess: number;
  gamma_vt_excess: number;
  gamma_tv_random: number;
  gamma_vt_random: number;
  /** Mean |δ| over the judged rounds of the cell (random-evaluator phases excluded). */
  mean_abs_update: number;
  /** Share of raw confidences in [0.4, 0.6] (confidence protocols; an outcome of the judge, not a parameter). */
  uncertain_share: number | null;
  ece_raw: number | null;
  ece_calibrated: number | null;
  brier_raw: number | null;
  brier_calibrated: number | null;
  /** Executor accuracy (share of answers whose final answer is right). */
  accuracy: number | null;
  /** Share of judged pairs whose ground truth is unknown (both right or both wrong on the LLM path). */
  tie_share: number;
  conflicts: number;
  repairs: number;
}

export interface StudyResult {
  phases: Record<PhaseName, Weights>;
  metrics: StudyMetrics;
  judgements: JudgementRecord[];
  trajectories: TrajectoryPoint[];
}

const isConfidenceProtocol = (p: CalibrationParams) => CONFIDENCE_PROTOCOLS.includes(p.protocol);

export async function runPhase(
  spec: PhaseSpec,
  start: Weights,
  tasks: Task[],
  p: CalibrationParams,
  models: StudyModels,
  rng: Rng,
  prior: readonly CalibrationPair[] = [],
): Promise<PhaseResult> {
  const phase = spec.name;
  const symmetric = p.control === "symmetric";
  const alphaWin = symmetric ? p.symmetricRate : p.alphaWin;
  const alphaLose = symmetric ? p.symmetricRate : p.alphaLose;
  const wantConfidence = isConfidenceProtocol(p);
  const keepTrajectory = p.trajectories === "all" || (p.trajectories === "main" && MAIN_PHASES.includes(phase));
  let w = { ...start };
  const log: JudgementRecord[] = [];
  const own: CalibrationPair[] = [];
  const isoHistory: number[] = [];
  const trajectory: TrajectoryPoint[] = [];
  for (let round = 0; round < p.rounds; round++) {
    const task = tasks[round % tasks.length];
    const s = rouletteSample(w, rng.fork("roulette", phase, round));
    let raw: number | null = null;
    let win: boolean;
    let conflict = false;
    let outcome: 0 | 1 | null = null;
    let candInA: boolean | null = null;
    let cand: Answer | null = null;
    let base: Answer | null = null;
    let repair: string | null = null;
    let at: Omit<CalibrationPair, "y"> | null = null;
    if (spec.evaluator === "random") {
      const r = rng.fork("random-evaluator", phase, round);
      win = r.bernoulli(0.5);
      raw = wantConfidence ? r.uniform() : null;
    } else {
      [cand, base] = await Promise.all([
        models.executor.answer(task, s, { phase, round, role: "candidate" }),
        models.executor.answer(task, BASELINE, { phase, round, role: "baseline" }),
      ]);
      candInA = p.control === "swap" ? rng.fork("swap", phase, round).bernoulli(0.5) : true;
      const cut = p.control === "truncate" ? p.truncateChars : undefined;
      const reply = await models.judge.judge({
        task,
        a: candInA ? cand : base,
        b: candInA ? base : cand,
        showNames: p.control !== "hide_names",
        truncateChars: cut,
        phase,
        round,
        wantConfidence,
      });
      repair = reply.repair ?? null;
      win = (reply.judgement.preferred === "A") === candInA;
      if (wantConfidence) {
        const pA = reply.judgement.confidence;
        if (pA === undefined) throw new Error(`calibration: the judge gave no confidence in phase ${phase}, round ${round}`);
        raw = candInA ? pA : 1 - pA;
        conflict = (reply.judgement.preferred === "A" && pA < 0.5) || (reply.judgement.preferred === "B" && pA > 0.5);
      }
      const truth = models.truth(cand, base);
      outcome = truth !== null ? truth : p.tieOutcome === "judge" ? (win ? 1 : 0) : null;
      const seen = (len: number) => Math.min(len, cut ?? Infinity);
      at = { c: raw ?? 0.5, position: candInA ? 1 : 0, lengthDiff: (seen(cand.length) - seen(base.length)) / 1000, strategy: s };
    }

    // The protocol's confidence and update.
    let calibrated: number | null = null;
    let used: number | null = null;
    let nPairs: number | null = null;
    let delta: number;
    const shadow: Record<(typeof SHADOW_COLUMNS)[number], number | null> = {
      iso_seed: null, iso_sliding: null, iso_expanding: null, iso_per_strategy: null, platt_sliding: null, platt_expanding: null, platt_per_strategy: null,
    };
    if (p.protocol === "binary") {
      delta = win ? alphaWin : -alphaLose;
    } else if (p.protocol === "binary_matched") {
      delta = win ? p.matchedStep : -p.matchedStep;
    } else {
      const c = raw as number;
      const point = at ?? { c, position: 1 as const, lengthDiff: 0, strategy: s };
      const pairs = selectPairs(p.windowKind, p.window, prior, own, s);
      nPairs = pairs.length;
      if (p.protocol === "raw") {
        used = c;
      } else if (p.protocol === "platt") {
        calibrated = plattCalibrate(pairs, { ...point, c }, p.covariates, p.priorPairs);
        used = calibrated;
      } else {
        calibrated = isotonicCalibrate(pairs, c, p.priorPairs);
        if (p.protocol === "isotonic") {
          used = calibrated;
        } else {
          // shuffled: the isotonic value of another judgement among the phase's last `window`
          const pool = isoHistory.slice(Math.max(0, isoHistory.length - (p.window - 1)));
          used = pool.length ? pool[rng.fork("shuffle", phase, round).int(pool.length)] : 0.5;
          isoHistory.push(calibrated);
        }
      }
      // Shadow calibrations (every calibrator × window on the same judgements) are recorded under `isotonic` only.
      if (spec.evaluator === "judge" && p.protocol === "isotonic") {
        for (const kind of ["sliding", "expanding", "per_strategy"] as const) {
          const ps = selectPairs(kind, p.window, prior, own, s);
          shadow[`iso_${kind}`] = isotonicCalibrate(ps, c, p.priorPairs);
          shadow[`platt_${kind}`] = plattCalibrate(ps, { ...point, c }, p.covariates, p.priorPairs);
        }
        shadow.iso_seed = isotonicCalibrate(selectPairs("sliding", 10, prior, own, s), c, 0);
      }
      if (!(used >= 0 && used <= 1)) throw new Error(`calibration: confidence ${used} is outside [0, 1] (phase ${phase}, round ${round})`);
      delta = alphaWin * (2 * used - 1);
    }
    w = renormalise({ ...w, [s]: Math.max(p.floor, w[s] + delta) }, p.floor);
    if (keepTrajectory) trajectory.push({ phase, round, weights: w });

    if (outcome !== null && raw !== null && at) own.push({ ...at, c: raw, y: outcome });
    log.push({
      phase, round, task_id: task.id, strategy: s, evaluator: spec.evaluator,
      candidate_position: candInA === null ? null : candInA ? "A" : "B",
      raw_confidence: raw, used_confidence: used, calibrated_confidence: calibrated, calibration_pairs: nPairs,
      update: delta, win, conflict, outcome,
      candidate_correct: cand?.correct ?? null, baseline_correct: base?.correct ?? null,
      repair, ...shadow,
    });
  }
  return { weights: w, judgements: log, pairs: own, trajectory };
}

/** Runs the twelve phases for one protocol × control × seed and computes coupling, the floor and calibration metrics. */
export async function runStudy(p: CalibrationParams, models: StudyModels, rng: Rng): Promise<StudyResult> {
  const tasks: Record<Modality, Task[]> = {
    text: makeTasks("text", p.tasksPerModality, rng.fork("tasks")),
    visual: makeTasks("visual", p.tasksPerModality, rng.fork("tasks")),
  };
  const done = {} as Record<PhaseName, PhaseResult>;
  const stage1 = await Promise.all(STAGE1.map((spec) => runPhase(spec, uniformWeights(), tasks[spec.modality], p, models, rng)));
  STAGE1.forEach((spec, i) => (done[spec.name] = stage1[i]));
  // The judge is the same in every phase: stage 2 calibrators may use stage 1's pairs (expanding windows).
  const prior = STAGE1.flatMap((spec) => done[spec.name].pairs);
  const stage2 = await Promise.all(STAGE2.map((spec) => runPhase(spec, done[spec.from!].weights, tasks[spec.modality], p, models, rng, prior)));
  STAGE2.forEach((spec, i) => (done[spec.name] = stage2[i]));

  const W = Object.fromEntries(PHASES.map((ph) => [ph, done[ph].weights])) as Record<PhaseName, Weights>;
  const judgements = PHASES.flatMap((ph) => done[ph].judgements);
  const judged = judgements.filter((j) => j.evaluator === "judge");
  const known = judged.filter((j) => j.outcome !== null && j.raw_confidence !== null);
  const outcomes = known.map((j) => j.outcome as number);
  const calKnown = known.filter((j) => j.calibrated_confidence !== null);
  const answers = judged.flatMap((j) => [j.candidate_correct, j.baseline_correct]).filter((x): x is boolean => x !== null);
  const g = {
    gamma_tv: couplingGamma(W.C, W.B),
    gamma_vt: couplingGamma(W.D, W.A),
    floor_gamma_t: couplingGamma(W.A2, W.A),
    floor_gamma_v: couplingGamma(W.B2, W.B),
    floor_gamma_t_matched: couplingGamma(W.TT2, W.A),
    floor_gamma_v_matched: couplingGamma(W.VV2, W.B),
  };
  return {
    phases: W,
    metrics: {
      gamma_tv: g.gamma_tv,
      gamma_vt: g.gamma_vt,
      gamma_tt: couplingGamma(W.TT, W.A),
      gamma_vv: couplingGamma(W.VV, W.B),
      jsd_tv: weightsJsd(W.B, W.C),
      jsd_vt: weightsJsd(W.A, W.D),
      floor_gamma_t: g.floor_gamma_t,
      floor_gamma_v: g.floor_gamma_v,
      gamma_tv_norm: g.gamma_tv - g.floor_gamma_v,
      gamma_vt_norm: g.gamma_vt - g.floor_gamma_t,
      floor_gamma_t_matched: g.floor_gamma_t_matched,
      floor_gamma_v_matched: g.floor_gamma_v_matched,
      gamma_tv_excess: g.gamma_tv - g.floor_gamma_v_matched,
      gamma_vt_excess: g.gamma_vt - g.floor_gamma_t_matched,
      gamma_tv_random: couplingGamma(W.Cr, W.B),
      gamma_vt_random: couplingGamma(W.Dr, W.A),
      mean_abs_update: judged.reduce((s, j) => s + Math.abs(j.update), 0) / Math.max(1, judged.length),
      uncertain_share: isConfidenceProtocol(p) ? uncertainShare(judged.map((j) => j.raw_confidence as number)) : null,
      ece_raw: known.length ? expectedCalibrationError(known.map((j) => j.raw_confidence!), outcomes) : null,
      ece_calibrated: calKnown.length ? expectedCalibrationError(calKnown.map((j) => j.calibrated_confidence!), calKnown.map((j) => j.outcome!)) : null,
      brier_raw: known.length ? brierScore(known.map((j) => j.raw_confidence!), outcomes) : null,
      brier_calibrated: calKnown.length ? brierScore(calKnown.map((j) => j.calibrated_confidence!), calKnown.map((j) => j.outcome!)) : null,
      accuracy: answers.length ? answers.filter(Boolean).length / answers.length : null,
      tie_share: judged.length ? judged.filter((j) => j.outcome === null).length / judged.length : 0,
      conflicts: judged.filter((j) => j.conflict).length,
      repairs: judged.filter((j) => j.repair).length,
    },
    judgements,
    trajectories: PHASES.flatMap((ph) => done[ph].trajectory),
  };
}
