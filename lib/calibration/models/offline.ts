/**
 * The offline parametric model of the executor and the judge (not a language model).
 *
 * Executor. An answer of strategy s to task t in modality m has latent quality
 *   q = ρ·μ[s][m] + τ[s][t] + ε,   τ ~ N(0, taskSd²) (fixed per seed), ε ~ N(0, answerSd²),
 * ρ = qualityScale, and length ℓ = L[s]·(1 − h + 2h·u), u ~ U(0, 1), h = lengthSpread. Its final answer is right
 * when q + N(0, correctSd²) exceeds the task's difficulty (from the task generator: more steps or cells, harder), so
 * accuracy is an outcome of the model.
 *
 * Judge (`judge.kind` parametric). For answers A and B it forms the logit
 *   z = k_q·(q_A − q_B) + [names shown]·s_λ·(λ[s_A] − λ[s_B]) + π + k_v·(ℓ'_A − ℓ'_B)/1000 + η,  η ~ N(0, noiseSd²),
 * where λ is the label bias (scaled by s_λ = labelScale), π the position bias toward A, k_v the verbosity bias and
 * ℓ' the length after any truncation. It prefers A when z > 0 and states the confidence c = round_step(σ(κ·z)),
 * κ > 1 being over-confidence. Ground truth (what calibration learns from) is whether q_candidate > q_baseline.
 *
 * Judge (`judge.kind` bayes): Bayes-perfect for that ground truth. It knows each answer's expected quality
 * m = ρ·μ + τ, observes y = (q_A − q_B) + e, e ~ N(0, noiseSd²), and states P(q_A > q_B | m_A − m_B, y) =
 * Φ(μ_post/σ_post) with d ~ N(m_A − m_B, 2·answerSd²) a priori: calibrated by construction, no biases, no rounding.
 *
 * All noise is drawn from streams addressed by (phase, round, role), so the two protocols see the same
 * answers for the same choices (common random numbers).
 */
import type { Rng } from "../../core/rng.js";
import { normalTestP } from "../../stats/distributions.js";
import type { OfflineModelParams } from "../types.js";
import type { Task } from "../tasks.js";
import type { Answer, CallAddress, Executor, GroundTruth, Judge, JudgeInput, JudgeReply } from "./types.js";

export class OfflineExecutor implements Executor {
  private readonly taskEffects = new Map<string, number>();
  constructor(private readonly p: OfflineModelParams, private readonly rng: Rng) {}

  private taskEffect(strategy: string, task: Task): number {
    const key = `${strategy}|${task.id}`;
    let v = this.taskEffects.get(key);
    if (v === undefined) {
      v = this.rng.fork("task-effect", strategy, task.id).normal(0, this.p.taskSd);
      this.taskEffects.set(key, v);
    }
    return v;
  }

  async answer(task: Task, strategy: string, at: CallAddress): Promise<Answer> {
    const mu = this.p.quality[strategy]?.[task.modality];
    const meanLength = this.p.length[strategy];
    if (mu === undefined || meanLength === undefined) {
      throw new Error(`offline model: no quality/length configured for strategy "${strategy}" (params.offline.quality / length)`);
    }
    const r = this.rng.fork("answer", at.phase, at.round, at.role);
    const expectedQuality = this.p.qualityScale * mu + this.taskEffect(strategy, task);
    const quality = expectedQuality + r.normal(0, this.p.answerSd);
    const h = this.p.lengthSpread;
    const length = Math.round(meanLength * (1 - h + 2 * h * r.uniform()));
    const correct = quality + r.normal(0, this.p.correctSd) > task.difficulty;
    return { strategy, quality, expectedQuality, length, correct, text: `[offline answer: ${strategy}, ${length} characters]` };
  }
}

export class OfflineJudge implements Judge {
  constructor(private readonly p: OfflineModelParams, private readonly rng: Rng) {}

  async judge(input: JudgeInput): Promise<JudgeReply> {
    const j = this.p.judge;
    if (j.kind === "bayes") return this.bayes(input);
    const { a, b } = input;
    const cap = input.truncateChars ?? Infinity;
    const label = input.showNames ? j.labelScale * ((j.labelBias[a.strategy] ?? 0) - (j.labelBias[b.strategy] ?? 0)) : 0;
    const z =
      j.sensitivity * ((a.quality ?? 0) - (b.quality ?? 0)) +
      label +
      j.positionBias +
      (j.verbosityBias * (Math.min(a.length, cap) - Math.min(b.length, cap))) / 1000 +
      this.rng.fork("judge", input.phase, input.round).normal(0, j.noiseSd);
    const raw = 1 / (1 + Math.exp(-j.confidenceScale * z));
    const confidence = Math.min(1, Math.max(0, Math.round(raw / j.confidenceStep) * j.confidenceStep));
    const preferred = confidence > 0.5 || (confidence === 0.5 && z >= 0) ? "A" : "B";
    return { judgement: input.wantConfidence ? { preferred, confidence: Number(confidence.toFixed(6)) } : { preferred } };
  }

  /** The Bayes-perfect judge: the exact posterior P(q_A > q_B) from the expected qualities and a noisy look at the gap. */
  private bayes(input: JudgeInput): JudgeReply {
    const { a, b } = input;
    const m = (a.expectedQuality ?? 0) - (b.expectedQuality ?? 0);
    const d = (a.quality ?? 0) - (b.quality ?? 0);
    const s2 = 2 * this.p.answerSd ** 2;
    const e2 = this.p.judge.noiseSd ** 2;
    const y = d + this.rng.fork("judge", input.phase, input.round).normal(0, Math.sqrt(e2));
    // posterior of d: precision-weighted mean of the prior mean m and the observation y
    const post = s2 + e2 > 0 ? (m * e2 + y * s2) / (s2 + e2) : m;
    const sd = s2 + e2 > 0 ? Math.sqrt((s2 * e2) / (s2 + e2)) : 0;
    const pA = sd > 0 ? normalCdf(post / sd) : post > 0 ? 1 : post < 0 ? 0 : 0.5;
    const preferred = pA >= 0.5 ? "A" : "B";
    return { judgement: input.wantConfidence ? { preferred, confidence: pA } : { preferred } };
  }
}

/** Φ(z) from the two-sided normal p-value (the regularised incomplete gamma, accurate to double precision). */
function normalCdf(z: number): number {
  const tail = normalTestP(z) / 2;
  return z >= 0 ? 1 - tail : tail;
}

/** Offline ground truth: the answer with the higher latent quality is better. */
export const offlineTruth: GroundTruth = (candidate, baseline) => ((candidate.quality ?? 0) > (baseline.quality ?? 0) ? 1 : 0);
