/**
 * The LLM agent model: the reasoning, speech and Summary-memory modules are prompts to a `LanguageModel` with zod schemas.
 *
 * Every call carries its address (`reasoner` | `speaker` | `summarizer`, step = interval, agent = index), from which
 * the llm layer derives the provider seed and the replay-cache key. All agents' calls of an interval are issued at once
 * (`Promise.all`); the llm layer's limiter bounds how many run concurrently. A reply that fails validation goes through
 * the logged repair step (../repair.ts). A call that fails after the llm layer's retries, or a reply that cannot be
 * repaired, throws: the cell fails (the experiment layer marks it), and no row pretends the agent was silent.
 */
import type { CallAddress, GenerateResult, LanguageModel } from "../../core/model.js";
import { AgoraError } from "../../core/errors.js";
import type { TbsParams } from "../params.js";
import { extractJson, repairCalledUtterance, repairState, repairUtterance, type Repaired } from "../repair.js";
import {
  calledUtteranceSchema,
  internalStateSchema,
  utteranceSchema,
  type AgentView,
  type GroupEvent,
  type InternalState,
  type ReasonResult,
  type SpeakCall,
  type SpeakResult,
  type Strategy,
  type TbsAgentModel,
  type Topic,
} from "../types.js";
import { reasonPrompt, speakPrompt, summaryPrompt } from "./prompts.js";

/** Addresses of a cell's calls (the cell context's `address`). */
export type Addresser = (role: string, at: { step: number | string; agent?: number | string; sample?: number }) => CallAddress;

/** A reply of the model that no validated repair could save. */
export class TbsReplyError extends AgoraError {
  constructor(what: string, detail: string) {
    super("tbs-reply", `${what}: ${detail}`, "inspect the reply in the llm ledger; a stronger model or a lower temperature usually fixes it");
  }
}

/** Reads the raw reply text off an error thrown by the llm layer when validation failed (`LLMParseError{raw}`). */
function rawOf(err: unknown): string | undefined {
  const e = err as { raw?: unknown; text?: unknown };
  return typeof e?.raw === "string" ? e.raw : typeof e?.text === "string" ? e.text : undefined;
}

async function callWithRepair<T>(
  llm: LanguageModel,
  req: Parameters<LanguageModel["generate"]>[0],
  repair: (x: unknown) => Repaired<T>,
  what: string,
): Promise<{ value: T; repairs: string[]; tokensIn: number; tokensOut: number }> {
  let res: GenerateResult<unknown> | undefined;
  let raw: string | undefined;
  try {
    res = await llm.generate(req);
  } catch (err) {
    raw = rawOf(err);
    // A failed call (after the llm layer's retries) propagates; only a reply that arrived but failed validation is repaired.
    if (raw === undefined) throw err;
  }
  const tokensIn = res?.usage.inputTokens ?? 0;
  const tokensOut = res?.usage.outputTokens ?? 0;
  let data: unknown = res?.data;
  if (data === undefined) {
    try {
      data = extractJson(raw ?? res?.text ?? "");
    } catch (e) {
      throw new TbsReplyError(what, `reply is not JSON: ${(e as Error).message}`);
    }
  }
  const r = repair(data);
  if (!r.ok) throw new TbsReplyError(what, `reply failed validation after repair: ${r.error}`);
  return { value: r.value, repairs: r.repairs, tokensIn, tokensOut };
}

export class LlmTbsModel implements TbsAgentModel {
  readonly label: string;
  readonly kind = "llm" as const;

  constructor(
    private readonly llm: LanguageModel,
    private readonly params: TbsParams,
    private readonly topic: Topic,
    private readonly address: Addresser,
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
        address: this.address("reasoner", { step: view.interval, agent: view.index }),
        tag: "tbs.reason",
      },
      repairState,
      `reasoning of agent ${view.index} in interval ${view.interval}`,
    );
    return { state: r.value, tokensIn: r.tokensIn, tokensOut: r.tokensOut, repairs: r.repairs };
  }

  async speak(view: AgentView, state: InternalState | null, call: SpeakCall): Promise<SpeakResult> {
    const p = speakPrompt(view, this.topic, state, call);
    const req = {
      system: p.system,
      messages: [{ role: "user" as const, content: p.user }],
      temperature: this.params.llm.temperature,
      maxTokens: this.params.llm.speakMaxTokens,
      address: this.address("speaker", { step: view.interval, agent: view.index }),
      tag: "tbs.speak",
    };
    const what = `speech of agent ${view.index} in interval ${view.interval}`;
    const chosen: Strategy | null = call === "volunteer" && state && state.strategy !== "withhold" ? state.strategy : null;
    if (chosen) {
      const r = await callWithRepair(this.llm, { ...req, schema: utteranceSchema, schemaName: "utterance" }, repairUtterance, what);
      return { utterance: r.value.utterance, expressed_stance: r.value.expressed_stance, strategy: chosen, tokensIn: r.tokensIn, tokensOut: r.tokensOut, repairs: r.repairs };
    }
    // A forced speaker (or one the protocol calls on) picks its own strategy in the reply.
    const r = await callWithRepair(this.llm, { ...req, schema: calledUtteranceSchema, schemaName: "called_utterance" }, repairCalledUtterance, what);
    return { utterance: r.value.utterance, expressed_stance: r.value.expressed_stance, strategy: r.value.strategy, tokensIn: r.tokensIn, tokensOut: r.tokensOut, repairs: r.repairs };
  }

  async summarize(
    view: AgentView,
    previous: string,
    fresh: GroupEvent[],
    states: { interval: number; state: InternalState }[],
    step: number,
  ): Promise<{ text: string; tokensIn: number; tokensOut: number }> {
    const from = Math.min(...fresh.map((e) => e.interval), ...states.map((s) => s.interval));
    const to = Math.max(...fresh.map((e) => e.interval), ...states.map((s) => s.interval));
    const p = summaryPrompt(view, previous, fresh, states, Number.isFinite(from) ? from : step, Number.isFinite(to) ? to : step);
    const res = await this.llm.generate({
      system: p.system,
      messages: [{ role: "user", content: p.user }],
      temperature: this.params.llm.temperature,
      maxTokens: this.params.llm.summaryMaxTokens,
      address: this.address("summarizer", { step, agent: view.index }),
      tag: "tbs.summary",
    });
    const text = res.text.trim();
    if (!text) throw new TbsReplyError(`summary memory of agent ${view.index} in interval ${step}`, "the model returned an empty summary");
    return { text, tokensIn: res.usage.inputTokens, tokensOut: res.usage.outputTokens };
  }
}
