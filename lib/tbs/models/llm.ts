/**
 * The LLM agent model: the reasoning and speech modules are prompts to a `LanguageModel` with zod schemas.
 *
 * All agents' reasoning calls of an interval are issued at once (`Promise.all`); the llm layer's limiter bounds how many
 * run concurrently. A reply that fails validation goes through the logged repair step (../repair.ts); a call that fails
 * outright gives the agent a row with `error` set and a null state (it is never dropped, and it cannot take the floor).
 */
import type { GenerateResult, LanguageModel } from "../../core/model.js";
import { hashSeed } from "../../core/hash.js";
import type { TbsParams } from "../params.js";
import { extractJson, repairState, repairUtterance, type Repaired } from "../repair.js";
import {
  internalStateSchema,
  utteranceSchema,
  type AgentView,
  type GroupEvent,
  type InternalState,
  type Persona,
  type ReasonResult,
  type SpeakResult,
  type Strategy,
  type TbsAgentModel,
  type Topic,
} from "../types.js";
import { reasonPrompt, speakPrompt, summaryPrompt } from "./prompts.js";

/** Reads the raw reply text off an error thrown by the llm layer when validation failed (`LLMParseError{raw}`). */
function rawOf(err: unknown): string | undefined {
  const e = err as { raw?: unknown; text?: unknown };
  return typeof e?.raw === "string" ? e.raw : typeof e?.text === "string" ? e.text : undefined;
}

async function callWithRepair<T>(
  llm: LanguageModel,
  req: Parameters<LanguageModel["generate"]>[0],
  repair: (x: unknown) => Repaired<T>,
): Promise<{ value?: T; repairs: string[]; error?: string; tokensIn: number; tokensOut: number }> {
  let res: GenerateResult<unknown> | undefined;
  let raw: string | undefined;
  try {
    res = await llm.generate(req);
  } catch (err) {
    raw = rawOf(err);
    if (raw === undefined) return { repairs: [], error: `llm call failed: ${(err as Error).message}`, tokensIn: 0, tokensOut: 0 };
  }
  const tokensIn = res?.usage.inputTokens ?? 0;
  const tokensOut = res?.usage.outputTokens ?? 0;
  let data: unknown = res?.data;
  if (data === undefined) {
    try {
      data = extractJson(raw ?? res?.text ?? "");
    } catch (e) {
      return { repairs: [], error: `reply is not JSON: ${(e as Error).message}`, tokensIn, tokensOut };
    }
  }
  const r = repair(data);
  if (!r.ok) return { repairs: r.repairs, error: `reply failed validation after repair: ${r.error}`, tokensIn, tokensOut };
  return { value: r.value, repairs: r.repairs, tokensIn, tokensOut };
}

export class LlmTbsModel implements TbsAgentModel {
  readonly label: string;

  constructor(
    private readonly llm: LanguageModel,
    private readonly params: TbsParams,
    private readonly personas: Persona[],
    private readonly topic: Topic,
    private readonly seed = 0,
  ) {
    this.label = llm.id;
  }

  reason(views: AgentView[]): Promise<ReasonResult[]> {
    return Promise.all(views.map((v) => this.reasonOne(v)));
  }

  private async reasonOne(view: AgentView): Promise<ReasonResult> {
    const p = reasonPrompt(view, this.topic);
    const r = await callWithRepair(
      this.llm,
      {
        system: p.system,
        messages: [{ role: "user", content: p.user }],
        schema: internalStateSchema,
        schemaName: "internal_state",
        temperature: this.params.llm.temperature,
        maxTokens: this.params.llm.reasonMaxTokens,
        seed: hashSeed(this.seed, ["reason", view.interval, view.index]),
        tag: "tbs.reason",
      },
      repairState,
    );
    return { state: r.value ?? null, tokensIn: r.tokensIn, tokensOut: r.tokensOut, repairs: r.repairs, error: r.error };
  }

  async speak(view: AgentView, state: InternalState | null, forced: boolean): Promise<SpeakResult> {
    const strategy: Strategy = state && state.strategy !== "withhold" ? state.strategy : "qualify";
    const p = speakPrompt(view, this.topic, state, strategy, forced);
    const r = await callWithRepair(
      this.llm,
      {
        system: p.system,
        messages: [{ role: "user", content: p.user }],
        schema: utteranceSchema,
        schemaName: "utterance",
        temperature: this.params.llm.temperature,
        maxTokens: this.params.llm.speakMaxTokens,
        seed: hashSeed(this.seed, ["speak", view.interval, view.index]),
        tag: "tbs.speak",
      },
      repairUtterance,
    );
    return {
      utterance: r.value?.utterance ?? "",
      expressed_stance: r.value?.expressed_stance ?? 0,
      strategy,
      tokensIn: r.tokensIn,
      tokensOut: r.tokensOut,
      repairs: r.repairs,
      error: r.error,
    };
  }

  async summarize(previous: string, fresh: GroupEvent[]): Promise<{ text: string; tokensIn: number; tokensOut: number; error?: string }> {
    try {
      const res = await this.llm.generate({
        messages: [{ role: "user", content: summaryPrompt(previous, fresh) }],
        temperature: this.params.llm.temperature,
        maxTokens: this.params.llm.speakMaxTokens,
        tag: "tbs.summary",
      });
      return { text: res.text.trim() || previous, tokensIn: res.usage.inputTokens, tokensOut: res.usage.outputTokens };
    } catch (err) {
      // A failed summary keeps the previous one; the engine logs the failure in that interval's rows.
      return { text: previous, tokensIn: 0, tokensOut: 0, error: `summary memory: model call failed (${(err as Error).message.split("\n")[0]}); kept the previous summary` };
    }
  }
}
