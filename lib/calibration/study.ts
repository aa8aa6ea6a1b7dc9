/**
 * The study of one protocol × control × seed: the fourteen phases (MECHANISMS.md §3) and the cell's metrics.
 *
 * Phases. Stage 1 (from uniform): A text → w_T, B visual → w_V, and the independent references A2 (A′, text) and
 * B2 (B′, visual); Ar and Br are A and B with a random evaluator. Stage 2: C = w_T on visual → w_TV; D = w_V on text →
 * w_VT; TT = w_T on text; VV = w_V on visual; TT2 = A2's weights on text; VV2 = B2's weights on visual; Cr = Ar's
 * weights on visual; Dr = Br's weights on text. Phases of a stage run concurrently.
 *
 * Floors. floor_gamma_v = γ(B′ → B) and floor_gamma_t = γ(A′ → A) compare two independent R-round phases;
 * gamma_tv_norm = γ_TV − floor_gamma_v. C has 2R rounds of history where B′ has R, so when the judge carries no
 * information γ_TV still exceeds that floor by an amount that grows with the step size. The history-matched floors
 * floor_gamma_v_matched = γ(VV2 → B) and floor_gamma_t_matched = γ(TT2 → A) have C's and D's history length, so
 * gamma_tv_excess = γ_TV − floor_gamma_v_matched has mean 0 under that null whatever the protocol: the primary scale.
 * The JSD columns have the same floors (jsd_tv_excess = JSD(w_V, w_TV) − JSD(w_V, w_VV2)).
 */
import type { Rng } from "../core/rng.js";
import { runPhase, PHASES, STAGE1, STAGE2, type JudgementRecord, type PhaseName, type PhaseResult, type StudyModels, type TrajectoryPoint } from "./engine.js";
import { brierScore, couplingGamma, expectedCalibrationError, uncertainShare, weightsJsd } from "./metrics.js";
import { makeTasks, type Task } from "./tasks.js";
import { CONFIDENCE_PROTOCOLS, type CalibrationParams, type Modality, type Weights } from "./types.js";
import { uniformWeights } from "./weights.js";

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
  /** γ_TV − floor_gamma_v_matched and γ_VT − floor_gamma_t_matched: coupling above the history-matched floor. */
  gamma_tv_excess: number;
  gamma_vt_excess: number;
  floor_jsd_v_matched: number;
  floor_jsd_t_matched: number;
  jsd_tv_excess: number;
  jsd_vt_excess: number;
  gamma_tv_random: number;
  gamma_vt_random: number;
  /** Mean |δ| over the judged rounds of the cell (random-evaluator phases excluded). */
  mean_abs_update: number;
  /** Share of judged rounds the candidate won. */
  win_share: number;
  /** Share of raw confidences in [0.4, 0.6] (confidence protocols; an outcome of the judge, not a parameter). */
  uncertain_share: number | null;
  ece_raw: number | null;
  ece_calibrated: number | null;
  brier_raw: number | null;
  brier_calibrated: number | null;
  /** Share of calibrated confidences that used the fitted value (calibrated protocols). */
  calibration_chosen_share: number | null;
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

export interface StudyOptions {
  /** Record the shadow calibrations under the isotonic protocol (default true). */
  shadows?: boolean;
  /** `shuffled`: per phase, the used confidences of the isotonic source run, already permuted. */
  shuffled?: Record<string, readonly number[]>;
}

/** Runs the fourteen phases for one protocol × control × seed and computes coupling, the floors and calibration metrics. */
export async function runStudy(p: CalibrationParams, models: StudyModels, rng: Rng, opts: StudyOptions = {}): Promise<StudyResult> {
  if (p.protocol === "shuffled" && !opts.shuffled) throw new Error("calibration: the shuffled protocol needs the isotonic source run's confidences (opts.shuffled)");
  const tasks: Record<Modality, Task[]> = {
    text: makeTasks("text", p.tasksPerModality, rng.fork("tasks")),
    visual: makeTasks("visual", p.tasksPerModality, rng.fork("tasks")),
  };
  const phaseOpts = (name: PhaseName) => ({ shadows: opts.shadows, shuffled: opts.shuffled?.[name] });
  const done = {} as Record<PhaseName, PhaseResult>;
  const stage1 = await Promise.all(STAGE1.map((spec) => runPhase(spec, uniformWeights(), tasks[spec.modality], p, models, rng, phaseOpts(spec.name))));
  STAGE1.forEach((spec, i) => (done[spec.name] = stage1[i]));
  // The judge is the same in every phase: stage 2 calibrators may use stage 1's pairs (expanding windows).
  const prior = STAGE1.flatMap((spec) => done[spec.name].pairs);
  const stage2 = await Promise.all(STAGE2.map((spec) => runPhase(spec, done[spec.from!].weights, tasks[spec.modality], p, models, rng, { ...phaseOpts(spec.name), prior })));
  STAGE2.forEach((spec, i) => (done[spec.name] = stage2[i]));
  const W = Object.fromEntries(PHASES.map((ph) => [ph, done[ph].weights])) as Record<PhaseName, Weights>;
  const judgements = PHASES.flatMap((ph) => done[ph].judgements);
  return { phases: W, metrics: studyMetrics(p, W, judgements), judgements, trajectories: PHASES.flatMap((ph) => done[ph].trajectory) };
}

/** The per-cell metrics from the phases' final weights and the judgements. */
export function studyMetrics(p: CalibrationParams, W: Record<PhaseName, Weights>, judgements: readonly JudgementRecord[]): StudyMetrics {
  const judged = judgements.filter((j) => j.evaluator === "judge");
  const known = judged.filter((j) => j.outcome !== null && j.raw_confidence !== null);
  const outcomes = known.map((j) => j.outcome as number);
  const calKnown = known.filter((j) => j.calibrated_confidence !== null);
  const chosen = judged.filter((j) => j.calibration_chosen !== null);
  const answers = judged.flatMap((j) => [j.candidate_correct, j.baseline_correct]).filter((x): x is boolean => x !== null);
  const g = {
    tv: couplingGamma(W.C, W.B), vt: couplingGamma(W.D, W.A),
    floorT: couplingGamma(W.A2, W.A), floorV: couplingGamma(W.B2, W.B),
    floorTm: couplingGamma(W.TT2, W.A), floorVm: couplingGamma(W.VV2, W.B),
  };
  const jsd = { tv: weightsJsd(W.B, W.C), vt: weightsJsd(W.A, W.D), floorVm: weightsJsd(W.B, W.VV2), floorTm: weightsJsd(W.A, W.TT2) };
  const cal = (col: "raw_confidence" | "calibrated_confidence", f: (c: number[], y: number[]) => number) => {
    const rows = col === "raw_confidence" ? known : calKnown;
    return rows.length ? f(rows.map((j) => j[col] as number), rows.map((j) => j.outcome as number)) : null;
  };
  return {
    gamma_tv: g.tv, gamma_vt: g.vt, gamma_tt: couplingGamma(W.TT, W.A), gamma_vv: couplingGamma(W.VV, W.B),
    jsd_tv: jsd.tv, jsd_vt: jsd.vt,
    floor_gamma_t: g.floorT, floor_gamma_v: g.floorV,
    gamma_tv_norm: g.tv - g.floorV, gamma_vt_norm: g.vt - g.floorT,
    floor_gamma_t_matched: g.floorTm, floor_gamma_v_matched: g.floorVm,
    gamma_tv_excess: g.tv - g.floorVm, gamma_vt_excess: g.vt - g.floorTm,
    floor_jsd_v_matched: jsd.floorVm, floor_jsd_t_matched: jsd.floorTm,
    jsd_tv_excess: jsd.tv - jsd.floorVm, jsd_vt_excess: jsd.vt - jsd.floorTm,
    gamma_tv_random: couplingGamma(W.Cr, W.B), gamma_vt_random: couplingGamma(W.Dr, W.A),
    mean_abs_update: judged.reduce((s, j) => s + Math.abs(j.update), 0) / Math.max(1, judged.length),
    win_share: judged.length ? judged.filter((j) => j.win).length / judged.length : 0,
    uncertain_share: CONFIDENCE_PROTOCOLS.includes(p.protocol) ? uncertainShare(judged.map((j) => j.raw_confidence as number)) : null,
    ece_raw: known.length ? expectedCalibrationError(known.map((j) => j.raw_confidence!), outcomes) : null,
    ece_calibrated: cal("calibrated_confidence", expectedCalibrationError),
    brier_raw: known.length ? brierScore(known.map((j) => j.raw_confidence!), outcomes) : null,
    brier_calibrated: cal("calibrated_confidence", brierScore),
    calibration_chosen_share: chosen.length ? chosen.filter((j) => j.calibration_chosen).length / chosen.length : null,
    accuracy: answers.length ? answers.filter(Boolean).length / answers.length : null,
    tie_share: judged.length ? judged.filter((j) => j.outcome === null).length / judged.length : 0,
    conflicts: judged.filter((j) => j.conflict).length,
    repairs: judged.filter((j) => j.repair).length,
  };
}
