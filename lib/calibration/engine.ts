/**
 * The TTRL feedback loop and the four-phase study (MECHANISMS.md §3).
 *
 * A phase starts from given weights and runs R rounds on one modality: task = tasks[i mod n];
 * roulette-sample a strategy s; the executor answers with s (candidate) and with the baseline
 * `step_by_step`; the judge compares them; the weights are updated by the protocol's rule:
 *   binary:     w_s ← max(floor, w_s + α_win) on a win, max(floor, w_s − α_lose) on a loss;
 *   calibrated: w_s ← max(floor, w_s + α_win·(2c − 1)), c = the sliding-window calibrator's value of the
 *               judge's P(candidate better);
 * then floor and renormalise. Phases: A text from uniform → w_T; B visual from uniform → w_V;
 * C T→V from w_T → w_TV; D V→T from w_V → w_VT; and the inertia control TT: w_T trained R more text
 * rounds → w_TT. A and B run concurrently, then C, D and TT.
 */
import type { Rng } from "../core/rng.js";
import { createCalibrator, SlidingPlatt } from "./calibrators.js";
import { brierScore, couplingGamma, expectedCalibrationError, uncertainShare, weightsJsd } from "./metrics.js";
import type { Executor, GroundTruth, Judge } from "./models/types.js";
import { makeTasks, type Task } from "./tasks.js";
import { BASELINE, type CalibrationParams, type Modality, type Weights } from "./types.js";
import { binaryUpdate, calibratedUpdate, rouletteSample, uniformWeights } from "./weights.js";

export interface StudyModels {
  executor: Executor;
  judge: Judge;
  truth: GroundTruth;
}

/** One judging event, as logged in the `judgements` table. */
export interface JudgementRecord {
  phase: string;
  round: number;
  task_id: string;
  strategy: string;
  candidate_position: "A" | "B";
  /** The judge's raw P(candidate better). */
  raw_confidence: number;
  /** The calibrated value used for the update (calibrated protocol), else null. */
  calibrated_confidence: number | null;
  /** What sliding-window Platt scaling would have given (for comparison), calibrated protocol only. */
  platt_confidence: number | null;
  win: boolean;
  /** Ground truth: 1 if the candidate was better, 0 if the baseline was, null if unknown. */
  outcome: 0 | 1 | null;
  repair: string | null;
}

export interface PhaseResult {
  weights: Weights;
  judgements: JudgementRecord[];
}

export interface StudyResult {
  phases: Record<"A" | "B" | "C" | "D" | "TT", Weights>;
  metrics: {
    gamma_tv: number;
    gamma_vt: number;
    gamma_tt: number;
    jsd_tv: number;
    jsd_vt: number;
    uncertain_share: number | null;
    ece_raw: number | null;
    ece_calibrated: number | null;
    brier_raw: number | null;
    brier_calibrated: number | null;
    repairs: number;
  };
  judgements: JudgementRecord[];
}

export async function runPhase(
  phase: string,
  start: Weights,
  modality: Modality,
  tasks: Task[],
  p: CalibrationParams,
  models: StudyModels,
  rng: Rng,
): Promise<PhaseResult> {
  const symmetric = p.control === "symmetric";
  const alphaWin = symmetric ? p.symmetricRate : p.alphaWin;
  const alphaLose = symmetric ? p.symmetricRate : p.alphaLose;
  const calibrator = createCalibrator(p.calibrator, p.window);
  const shadow = new SlidingPlatt(p.window);
  let w = { ...start };
  const log: JudgementRecord[] = [];
  for (let round = 0; round < p.rounds; round++) {
    const task = tasks[round % tasks.length];
    const s = rouletteSample(w, rng.fork("roulette", phase, round));
    const [cand, base] = await Promise.all([
      models.executor.answer(task, s, { phase, round, role: "candidate" }),
      models.executor.answer(task, BASELINE, { phase, round, role: "baseline" }),
    ]);
    const candInA = p.control === "swap" ? rng.fork("swap", phase, round).bernoulli(0.5) : true;
    const reply = await models.judge.judge({
      task,
      a: candInA ? cand : base,
      b: candInA ? base : cand,
      showNames: p.control !== "hide_names",
      truncateChars: p.control === "truncate" ? p.truncateChars : undefined,
      phase,
      round,
    });
    const pA = reply.judgement.confidence;
    const raw = candInA ? pA : 1 - pA;
    const win = (reply.judgement.preferred === "A") === candInA;
    let calibrated: number | null = null;
    let platt: number | null = null;
    if (p.protocol === "binary") {
      w = binaryUpdate(w, s, win, alphaWin, alphaLose, p.floor);
    } else {
      calibrated = calibrator.calibrate(raw);
      platt = shadow.calibrate(raw);
      w = calibratedUpdate(w, s, calibrated, alphaWin, p.floor);
    }
    const truth = models.truth(cand, base);
    const outcome: 0 | 1 | null = truth !== null ? truth : p.tieOutcome === "judge" ? (win ? 1 : 0) : null;
    if (outcome !== null) {
      calibrator.observe(raw, outcome);
      shadow.observe(raw, outcome);
    }
    log.push({
      phase, round, task_id: task.id, strategy: s, candidate_position: candInA ? "A" : "B",
      raw_confidence: raw, calibrated_confidence: calibrated, platt_confidence: platt, win, outcome,
      repair: reply.repair ?? null,
    });
  }
  return { weights: w, judgements: log };
}

/** Runs phases A–D and TT for one protocol × control × seed, and computes γ, JSD and calibration metrics. */
export async function runStudy(p: CalibrationParams, models: StudyModels, rng: Rng): Promise<StudyResult> {
  const textTasks = makeTasks("text", p.tasksPerModality, rng.fork("tasks"));
  const visualTasks = makeTasks("visual", p.tasksPerModality, rng.fork("tasks"));
  const uniform = uniformWeights();
  const [A, B] = await Promise.all([
    runPhase("A", uniform, "text", textTasks, p, models, rng),
    runPhase("B", uniform, "visual", visualTasks, p, models, rng),
  ]);
  const [C, D, TT] = await Promise.all([
    runPhase("C", A.weights, "visual", visualTasks, p, models, rng),
    runPhase("D", B.weights, "text", textTasks, p, models, rng),
    runPhase("TT", A.weights, "text", textTasks, p, models, rng),
  ]);
  const judgements = [A, B, C, D, TT].flatMap((r) => r.judgements);
  const known = judgements.filter((j) => j.outcome !== null);
  const calibratedKnown = known.filter((j) => j.calibrated_confidence !== null);
  const outcomes = known.map((j) => j.outcome as number);
  return {
    phases: { A: A.weights, B: B.weights, C: C.weights, D: D.weights, TT: TT.weights },
    metrics: {
      gamma_tv: couplingGamma(C.weights, B.weights),
      gamma_vt: couplingGamma(D.weights, A.weights),
      gamma_tt: couplingGamma(TT.weights, A.weights),
      jsd_tv: weightsJsd(B.weights, C.weights),
      jsd_vt: weightsJsd(A.weights, D.weights),
      uncertain_share: p.protocol === "calibrated" ? uncertainShare(judgements.map((j) => j.raw_confidence)) : null,
      ece_raw: known.length ? expectedCalibrationError(known.map((j) => j.raw_confidence), outcomes) : null,
      ece_calibrated: calibratedKnown.length
        ? expectedCalibrationError(calibratedKnown.map((j) => j.calibrated_confidence!), calibratedKnown.map((j) => j.outcome as number))
        : null,
      brier_raw: known.length ? brierScore(known.map((j) => j.raw_confidence), outcomes) : null,
      brier_calibrated: calibratedKnown.length
        ? brierScore(calibratedKnown.map((j) => j.calibrated_confidence!), calibratedKnown.map((j) => j.outcome as number))
        : null,
      repairs: judgements.filter((j) => j.repair).length,
    },
    judgements,
  };
}
