/**
 * The executor and the judge as language models (through the `llm` layer's LanguageModel).
 * The executor answers a task (visual tasks: the prompt and the grid as a PNG image part) with a strategy
 * instruction and returns { reasoning, answer } by schema; correctness is checked against the task's verifiable
 * answer. The judge compares answers A and B: under the confidence protocols it returns
 * { preferred, confidence = P(A better) } by schema, under the binary protocols { preferred } only. A confidence
 * stated as a percentage is repaired (÷100) and the repair logged; anything else outside [0, 1] is an error.
 * Every call carries its address (role executor|judge, step = round, agent = phase:task, sample = 0 for the
 * candidate, 1 for the baseline) and no seed. Failed calls propagate.
 */
import { z } from "zod";
import { DataError } from "../../core/errors.js";
import type { ContentPart, LanguageModel } from "../../core/model.js";
import type { CellContext } from "../../core/mechanism.js";
import { JudgementSchema, VerdictSchema, type Judgement } from "../types.js";
import { normaliseAnswer, taskImage, type Task } from "../tasks.js";

type Addresser = CellContext["address"];
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
  "You are a careful problem solver. Approach to use: {instruction}\n" +
  "Keep your reasoning under {limit} characters. Reply as JSON with your reasoning and your final answer (a number only).";
export const JUDGE_SYSTEM =
  "You are an impartial judge. Two answers to the same task follow. Judge which is better: correct final answer first, then sound reasoning. " +
  "Reply as JSON: preferred is \"A\" or \"B\"; confidence is the probability, between 0 and 1, that answer A is better than answer B.";
/** The binary protocols' judge: a verdict only, no confidence is asked for. */
export const JUDGE_SYSTEM_BINARY =
  "You are an impartial judge. Two answers to the same task follow. Judge which is better: correct final answer first, then sound reasoning. " +
  "Reply as JSON: preferred is \"A\" or \"B\".";
export const JUDGE_USER =
  "Task:\n{task}\n\nAnswer A{nameA}:\n{answerA}\n\nAnswer B{nameB}:\n{answerB}\n\nWhich answer is better?";

/** The executor is asked to keep its reasoning under this many characters. */
export const EXECUTOR_REASONING_LIMIT = 800;

export const ExecutorReplySchema = z.object({
  reasoning: z.string().describe("Your reasoning"),
  answer: z.string().describe("The final answer, a number only"),
});

const FINAL = "\nFinal answer: ";

/**
 * Cuts an answer to at most `n` code points keeping its final answer: the reasoning is cut (marked "…") and
 * the "Final answer: …" line is kept whole. Text without that line is cut at `n`.
 */
export function truncateKeepingAnswer(text: string, n?: number): string {
  if (n === undefined) return text;
  const chars = Array.from(text);
  if (chars.length <= n) return text;
  const at = text.lastIndexOf(FINAL);
  if (at < 0) return chars.slice(0, n).join("");
  const tail = Array.from(text.slice(at));
  const room = Math.max(0, n - tail.length - 1);
  return Array.from(text.slice(0, at)).slice(0, room).join("") + "…" + tail.join("");
}

/** The message content of a task: its text, and for a visual task its PNG image as an image part. */
export function taskContent(task: Task, text: string): string | ContentPart[] {
  const image = taskImage(task);
  return image ? [{ type: "text", text }, { type: "image", mimeType: "image/png", data: image }] : text;
}

export class LLMExecutor implements Executor {
  constructor(private readonly llm: LanguageModel, private readonly address: Addresser, private readonly temperature = 0.7) {}

  async answer(task: Task, strategy: string, at: CallAddress): Promise<Answer> {
    const instruction = STRATEGY_INSTRUCTIONS[strategy];
    if (!instruction) throw new DataError({ field: "strategy", message: `no instruction for strategy "${strategy}"` });
    const res = await this.llm.generate({
      system: EXECUTOR_SYSTEM.replace("{instruction}", instruction).replace("{limit}", String(EXECUTOR_REASONING_LIMIT)),
      messages: [{ role: "user", content: taskContent(task, task.prompt) }],
      schema: ExecutorReplySchema,
      schemaName: "answer",
      temperature: this.temperature,
      address: this.address("executor", { step: at.round, agent: `${at.phase}:${task.id}`, sample: at.role === "candidate" ? 0 : 1 }),
      tag: `calibration.execute.${at.phase}`,
    });
    if (!res.data) throw new DataError({ field: "executor reply", message: `no parsed reply from ${this.llm.id} (phase ${at.phase}, round ${at.round})` });
    const reply = res.data;
    const text = `${reply.reasoning}${FINAL}${reply.answer}`;
    return {
      strategy,
      text,
      length: Array.from(text).length,
      correct: normaliseAnswer(reply.answer) === normaliseAnswer(task.answer),
    };
  }
}

export class LLMJudge implements Judge {
  constructor(private readonly llm: LanguageModel, private readonly address: Addresser, private readonly temperature = 0) {}

  async judge(input: JudgeInput): Promise<JudgeReply> {
    const user = JUDGE_USER.replace("{task}", input.task.prompt)
      .replace("{nameA}", input.showNames ? ` (strategy: ${input.a.strategy})` : "")
      .replace("{nameB}", input.showNames ? ` (strategy: ${input.b.strategy})` : "")
      .replace("{answerA}", truncateKeepingAnswer(input.a.text, input.truncateChars))
      .replace("{answerB}", truncateKeepingAnswer(input.b.text, input.truncateChars));
    const common = {
      messages: [{ role: "user" as const, content: taskContent(input.task, user) }],
      temperature: this.temperature,
      address: this.address("judge", { step: input.round, agent: `${input.phase}:${input.task.id}`, sample: 0 }),
      tag: `calibration.judge.${input.phase}`,
    };
    if (!input.wantConfidence) {
      const res = await this.llm.generate({ ...common, system: JUDGE_SYSTEM_BINARY, schema: VerdictSchema, schemaName: "verdict" });
      if (!res.data) throw new DataError({ field: "judge reply", message: `no parsed verdict from ${this.llm.id} (phase ${input.phase}, round ${input.round})` });
      return { judgement: { preferred: res.data.preferred } };
    }
    const res = await this.llm.generate({ ...common, system: JUDGE_SYSTEM, schema: JudgementSchema, schemaName: "judgement" });
    if (!res.data) throw new DataError({ field: "judge reply", message: `no parsed judgement from ${this.llm.id} (phase ${input.phase}, round ${input.round})` });
    return repairJudgement(res.data);
  }
}

/**
 * Validates a judge's reply; a confidence given as a percentage (1 < c ≤ 100) is rescaled and the repair reported.
 * @throws DataError for a confidence that is not a number in [0, 1] (or a percentage).
 */
export function repairJudgement(j: { preferred: "A" | "B"; confidence: number }): JudgeReply {
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
  judge_system_binary: JUDGE_SYSTEM_BINARY,
  judge_user: JUDGE_USER,
  strategy_instructions: JSON.stringify(STRATEGY_INSTRUCTIONS),
};
export type { Judgement };
