/**
 * The executor and the judge as language models (through the `llm` layer's LanguageModel).
 * The executor answers a task with a strategy instruction and returns { reasoning, answer } by schema;
 * correctness is checked against the task's verifiable answer. The judge compares answers A and B and
 * returns { preferred, confidence = P(A better) } by schema; a confidence stated as a percentage is
 * repaired (÷100) and the repair logged; anything else outside [0, 1] is an error.
 */
import { z } from "zod";
import { DataError } from "../../core/errors.js";
import type { LanguageModel } from "../../core/model.js";
import { JudgementSchema, type Judgement } from "../types.js";
import { normaliseAnswer, type Task } from "../tasks.js";
import type { Answer, CallAddress, Executor, GroundTruth, Judge, JudgeInput, JudgeReply } from "./types.js";

/** How each strategy is described to the executor. */
export const STRATEGY_INSTRUCTIONS: Record<string, string> = {
  step_by_step: "Work through the problem step by step, writing each intermediate result.",
  critical_check: "Solve it, then critically check every step for errors before answering.",
  first_principles: "Reason from first principles: state the basic quantities and relations, then derive the answer.",
  creative_leap: "Look for a creative shortcut or an unusual angle that gets to the answer quickly.",
  analogy_meta: "Relate the problem to a familiar analogous problem, then transfer the method.",
  evidence_cite: "Quote the exact facts from the task that each step relies on.",
  synthesis: "Gather all the facts first, then synthesise them into one calculation.",
  counterfactual: "Consider what would change if a fact were different, to make sure each fact matters as you use it.",
  visual_grounding: "Ground every step in the described scene: name the cells you are looking at.",
  spatial_decompose: "Decompose the scene spatially (row by row, region by region) before counting or computing.",
  aesthetic_frame: "Describe the overall composition of the scene first, then answer the question.",
};

export const EXECUTOR_SYSTEM =
  "You are a careful problem solver. Approach to use: {instruction}\nReply as JSON with your reasoning and your final answer (a number only).";
export const JUDGE_SYSTEM =
  "You are an impartial judge. Two answers to the same task follow. Judge which is better: correct final answer first, then sound reasoning. " +
  "Reply as JSON: preferred is \"A\" or \"B\"; confidence is the probability, between 0 and 1, that answer A is better than answer B.";
export const JUDGE_USER =
  "Task:\n{task}\n\nAnswer A{nameA}:\n{answerA}\n\nAnswer B{nameB}:\n{answerB}\n\nWhich answer is better?";

export const ExecutorReplySchema = z.object({
  reasoning: z.string().describe("Your reasoning"),
  answer: z.string().describe("The final answer, a number only"),
});

const cut = (s: string, n?: number) => (n === undefined ? s : Array.from(s).slice(0, n).join(""));

export class LLMExecutor implements Executor {
  constructor(private readonly llm: LanguageModel, private readonly seed: number) {}

  async answer(task: Task, strategy: string, at: CallAddress): Promise<Answer> {
    const instruction = STRATEGY_INSTRUCTIONS[strategy];
    if (!instruction) throw new DataError({ field: "strategy", message: `no instruction for strategy "${strategy}"` });
    const res = await this.llm.generate({
      system: EXECUTOR_SYSTEM.replace("{instruction}", instruction),
      messages: [{ role: "user", content: task.prompt }],
      schema: ExecutorReplySchema,
      schemaName: "answer",
      temperature: 0.7,
      seed: this.seed,
      tag: `calibration.execute.${at.phase}`,
    });
    const reply = res.data!;
    const text = `${reply.reasoning}\nFinal answer: ${reply.answer}`;
    return {
      strategy,
      text,
      length: Array.from(text).length,
      correct: normaliseAnswer(reply.answer) === normaliseAnswer(task.answer),
    };
  }
}

export class LLMJudge implements Judge {
  constructor(private readonly llm: LanguageModel, private readonly seed: number) {}

  async judge(input: JudgeInput): Promise<JudgeReply> {
    const user = JUDGE_USER.replace("{task}", input.task.prompt)
      .replace("{nameA}", input.showNames ? ` (strategy: ${input.a.strategy})` : "")
      .replace("{nameB}", input.showNames ? ` (strategy: ${input.b.strategy})` : "")
      .replace("{answerA}", cut(input.a.text, input.truncateChars))
      .replace("{answerB}", cut(input.b.text, input.truncateChars));
    const res = await this.llm.generate({
      system: JUDGE_SYSTEM,
      messages: [{ role: "user", content: user }],
      schema: JudgementSchema,
      schemaName: "judgement",
      temperature: 0,
      seed: this.seed,
      tag: `calibration.judge.${input.phase}`,
    });
    return repairJudgement(res.data!);
  }
}

/**
 * Validates a judge's reply; a confidence given as a percentage (1 < c ≤ 100) is rescaled and the repair reported.
 * @throws DataError for a confidence that is not a number in [0, 1] (or a percentage).
 */
export function repairJudgement(j: Judgement): JudgeReply {
  const c = j.confidence;
  if (typeof c !== "number" || !Number.isFinite(c)) {
    throw new DataError({ field: "judgement.confidence", message: `confidence ${String(c)} is not a number`, fix: "the judge must return a probability in [0, 1]" });
  }
  if (c >= 0 && c <= 1) return { judgement: j };
  if (c > 1 && c <= 100) {
    return { judgement: { ...j, confidence: c / 100 }, repair: `confidence ${c} read as a percentage → ${c / 100}` };
  }
  throw new DataError({ field: "judgement.confidence", message: `confidence ${c} is outside [0, 1]`, fix: "the judge must return a probability in [0, 1]" });
}

/** LLM ground truth from verifiable answers; ties (both right or both wrong) give null. */
export const verifiedTruth: GroundTruth = (candidate, baseline) =>
  candidate.correct === baseline.correct ? null : candidate.correct ? 1 : 0;

/** The prompt templates, by name (the run manifest records their hashes). */
export const promptTemplates: Record<string, string> = {
  executor_system: EXECUTOR_SYSTEM,
  judge_system: JUDGE_SYSTEM,
  judge_user: JUDGE_USER,
  strategy_instructions: JSON.stringify(STRATEGY_INSTRUCTIONS),
};
export type { Judgement };
