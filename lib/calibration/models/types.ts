/** The two agent models of the loop, behind narrow interfaces with an offline and an LLM implementation. */
import type { Judgement, Strategy } from "../types.js";
import type { Task } from "../tasks.js";

/** Where a call sits in the study, so offline noise can be addressed (common random numbers across protocols). */
export interface CallAddress {
  phase: string;
  round: number;
  role: "candidate" | "baseline";
}

export interface Answer {
  strategy: Strategy | string;
  text: string;
  /** Length in code points (what the judge sees before any truncation). */
  length: number;
  /** Verifiable correctness of the final answer. */
  correct?: boolean;
  /** Latent quality (offline executor). */
  quality?: number;
  /** Expected latent quality of the strategy on the task, before the answer's own noise (offline executor). */
  expectedQuality?: number;
}

export interface Executor {
  answer(task: Task, strategy: string, at: CallAddress): Promise<Answer>;
}

export interface JudgeInput {
  task: Task;
  a: Answer;
  b: Answer;
  /** Whether the judge is shown the strategy names (false under the `hide_names` control). */
  showNames: boolean;
  /** Both answers cut to this many code points before judging (the `truncate` control). */
  truncateChars?: number;
  phase: string;
  round: number;
  /** Whether the judge is asked for a confidence (confidence protocols) or for a verdict only (binary protocols). */
  wantConfidence: boolean;
}

export interface JudgeReply {
  judgement: Judgement;
  /** A logged, validated repair of the raw reply (e.g. a percentage rescaled to [0, 1]). */
  repair?: string;
}

export interface Judge {
  judge(input: JudgeInput): Promise<JudgeReply>;
}

/**
 * Ground truth for calibration: 1 if the candidate answer is better, 0 if the baseline is, null when
 * it cannot be told (both right or both wrong with `tieOutcome: "skip"`).
 */
export type GroundTruth = (candidate: Answer, baseline: Answer) => 0 | 1 | null;
