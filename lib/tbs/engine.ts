/**
 * The TBS interval loop: every agent reasons every interval (concurrently), the orchestrator resolves the intentions,
 * and only the speaker runs the speech module. Produces the `states` and `utterances` tables.
 */
import type { Rng } from "../core/rng.js";
import { GroupMemory } from "./memory.js";
import { resolveTurn } from "./orchestrator.js";
import type { TbsParams } from "./params.js";
import type { AgentView, GroupEvent, InternalState, Persona, ReasonResult, TbsAgentModel } from "./types.js";

/** Identity columns written into every row. */
export interface RunMeta {
  run_id: string;
  seed: number;
  /** Extra condition columns (factor levels) beyond mode, force, memory, ecology, ablation. */
  condition?: Record<string, string | number | boolean>;
}

export type Row = Record<string, unknown>;

export interface SimulationResult {
  states: Row[];
  utterances: Row[];
  usage: { inputTokens: number; outputTokens: number; calls: number };
}

/** Dissonance index = (mean of the three dissonance items − 1)/6, in [0, 1]. */
export function dissonanceIndex(s: Pick<InternalState, "perceived_inconsistency" | "dissonance_tension" | "tension_reduction_motivation">): number {
  return ((s.perceived_inconsistency + s.dissonance_tension + s.tension_reduction_motivation) / 3 - 1) / 6;
}

/** Silence-pressure index = (mean of the two silence items − 1)/6, in [0, 1]. */
export function silenceIndex(s: Pick<InternalState, "perceived_opinion_climate" | "perceived_isolation_risk">): number {
  return ((s.perceived_opinion_climate + s.perceived_isolation_risk) / 2 - 1) / 6;
}

/**
 * Runs one TBS discussion.
 * @param model the agent model (offline or LLM), created for this run.
 * @param rng the run's stream (sampling memory uses `rng.fork("memory", agent)`).
 * @example const { states } = await simulate(params, personas, model, rng, { run_id: "demo", seed: 1 });
 */
export async function simulate(
  params: TbsParams,
  personas: Persona[],
  model: TbsAgentModel,
  rng: Rng,
  meta: RunMeta,
  progress?: (fraction: number) => void,
): Promise<SimulationResult> {
  const N = personas.length;
  const memory = new GroupMemory(params.memory, params.memoryOptions);
  const memRng = personas.map((_, i) => rng.fork("memory", i));
  const monologues: string[][] = personas.map(() => []);
  const own: GroupEvent[][] = personas.map(() => []);
  const previous: (InternalState | undefined)[] = personas.map(() => undefined);
  const base: Row = {
    run_id: meta.run_id,
    seed: meta.seed,
    model: model.label,
    mode: params.mode,
    force: params.force,
    memory: params.memory,
    ecology: params.ecology,
    ablation: params.ablation,
  };
  const extra = meta.condition && Object.keys(meta.condition).length > 0 ? meta.condition : undefined;
  const states: Row[] = [];
  const utterances: Row[] = [];
  const usage = { inputTokens: 0, outputTokens: 0, calls: 0 };
  const mN = params.memoryOptions.monologueN;

  for (let v = 1; v <= params.intervals; v++) {
    const fresh = memory.compress(v);
    let note: string | undefined;
    if (fresh.length > 0 && model.summarize) {
      const s = await model.summarize(memory.summary.text, fresh);
      memory.summary.text = s.text;
      note = s.error;
      usage.inputTokens += s.tokensIn;
      usage.outputTokens += s.tokensOut;
      usage.calls++;
    }
    const latest = params.memory === "latest" ? memory.since(v - params.memoryOptions.latestN) : undefined;
    const summaryRecall = params.memory === "summary" ? memory.recall(v, undefined) : undefined;
    const views: AgentView[] = personas.map((persona, i) => ({
      index: i,
      persona,
      interval: v,
      recall: summaryRecall ?? memory.recall(v, memRng[i], latest),
      monologues: mN > 0 ? monologues[i].slice(-mN) : [],
      ownStatements: own[i],
      previous: previous[i],
    }));
    const results: ReasonResult[] = await model.reason(views);
    const intents = results.map((r) => ({ ok: r.state !== null, willing: r.state?.willing_to_speak ?? false, timeCost: r.state?.time_cost ?? Infinity }));
    const turn = resolveTurn(params.mode, params.force, intents, v);

    let event: GroupEvent | null = null;
    let speech: Awaited<ReturnType<TbsAgentModel["speak"]>> | null = null;
    if (turn.speaker !== null) {
      const i = turn.speaker;
      speech = await model.speak(views[i], results[i].state, turn.forced);
      usage.inputTokens += speech.tokensIn;
      usage.outputTokens += speech.tokensOut;
      if (speech.tokensIn + speech.tokensOut > 0) usage.calls++;
      if (!speech.error) {
        event = { interval: v, agent: i, text: speech.utterance, stance: speech.expressed_stance, strategy: speech.strategy };
        memory.add(event);
        own[i].push(event);
      }
      const st = results[i].state;
      utterances.push({
        ...base,
        ...extra,
        interval: v,
        agent_id: i,
        persona: personas[i].id,
        strategy: speech.strategy,
        expressed_stance: speech.error ? null : speech.expressed_stance,
        private_stance: st?.private_stance ?? null,
        dissonance_index: st ? dissonanceIndex(st) : null,
        silence_index: st ? silenceIndex(st) : null,
        willing_to_speak: st?.willing_to_speak ?? null,
        forced: turn.forced,
        text: speech.error ? null : speech.utterance,
        tokens_in: speech.tokensIn,
        tokens_out: speech.tokensOut,
        repairs: speech.repairs,
        error: speech.error ?? null,
      });
    }
    model.afterInterval?.(event, results);

    results.forEach((r, i) => {
      const st = r.state;
      const lt = r.latent;
      const me = turn.speaker === i;
      // One object literal with a fixed field order and no spread: rows share one shape (a spread followed by many
      // fields makes V8 build each row in dictionary mode, ~100× slower at 10^5 rows).
      const row: Row = {
        run_id: base.run_id,
        seed: base.seed,
        model: base.model,
        mode: base.mode,
        force: base.force,
        memory: base.memory,
        ecology: base.ecology,
        ablation: base.ablation,
        interval: v,
        agent_id: i,
        persona: personas[i].id,
        perceived_inconsistency: st ? st.perceived_inconsistency : null,
        dissonance_tension: st ? st.dissonance_tension : null,
        tension_reduction_motivation: st ? st.tension_reduction_motivation : null,
        perceived_opinion_climate: st ? st.perceived_opinion_climate : null,
        perceived_isolation_risk: st ? st.perceived_isolation_risk : null,
        strategy: st ? st.strategy : null,
        willing_to_speak: st ? st.willing_to_speak : null,
        time_cost: st ? st.time_cost : null,
        private_stance: st ? st.private_stance : null,
        monologue: st ? st.monologue : null,
        dissonance_index: st ? dissonanceIndex(st) : null,
        silence_index: st ? silenceIndex(st) : null,
        selected: me,
        spoke: me && event !== null,
        forced: me && turn.forced,
        tokens_in: r.tokensIn + (me && speech ? speech.tokensIn : 0),
        tokens_out: r.tokensOut + (me && speech ? speech.tokensOut : 0),
        repairs: note ? [...r.repairs, note] : r.repairs,
        error: r.error ?? null,
        latent_dissonance: lt ? lt.latent_dissonance : null,
        latent_silence: lt ? lt.latent_silence : null,
        latent_stance: lt ? lt.latent_stance : null,
        climate_gap: lt ? lt.climate_gap : null,
        public_gap: lt ? lt.public_gap : null,
        minority: lt ? lt.minority : null,
        fear: lt ? lt.fear : null,
        agent_effect: lt ? lt.agent_effect : null,
      };
      if (extra) Object.assign(row, extra);
      states.push(row);
      usage.inputTokens += r.tokensIn;
      usage.outputTokens += r.tokensOut;
      if (r.tokensIn + r.tokensOut > 0 || r.error) usage.calls++;
      if (st) {
        previous[i] = st;
        monologues[i].push(st.monologue);
        if (monologues[i].length > 20) monologues[i].shift();
      }
    });
    progress?.(v / params.intervals);
  }
  return { states, utterances, usage };
}
