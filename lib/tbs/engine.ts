/**
 * The interval loop of the three protocols, producing the `states`, `utterances` and `costs` tables.
 *
 * - `tbs`: every agent reasons every interval (concurrently), the orchestrator resolves the intentions (mode, force),
 *   and only the speaker runs the speech module.
 * - `hierarchical` (baseline): every agent reasons and speaks every round, ignoring the same round's contributions;
 *   the round's statements are aggregated into the transcript together.
 * - `sequential` (baseline): only the agent whose turn it is ((v − 1) mod N) reasons, and it speaks.
 */
import type { Rng } from "../core/rng.js";
import { CostMeter, type RenderedCall } from "./costs.js";
import { GroupMemory, offlineSummaryText, recallCounts, type Recall } from "./memory.js";
import { reasonPrompt, speakPrompt, summaryPrompt } from "./models/prompts.js";
import { NousGroupMemory } from "./nous-memory.js";
import { resolveTurn } from "./orchestrator.js";
import type { TbsParams } from "./params.js";
import { agendaAt, type AgentView, type GroupEvent, type InternalState, type Persona, type ReasonResult, type SpeakCall, type SpeakResult, type TbsAgentModel, type Topic, type TurnInfo } from "./types.js";

/** Identity columns written into every row. */
export interface RunMeta {
  run_id: string;
  seed: number;
  /** Extra condition columns (factor levels) beyond the parameters. */
  condition?: Record<string, string | number | boolean>;
}

export type Row = Record<string, unknown>;

export interface SimulationResult {
  states: Row[];
  utterances: Row[];
  /** One row per interval: calls, input and output tokens, utterances (see costs.ts). */
  costs: Row[];
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
 * Runs one discussion.
 * @param model the agent model (offline or LLM), created for this run.
 * @param rng the run's stream (sampling memory uses `rng.fork("memory", agent)`).
 * @example const { states } = await simulate(params, personas, topic, model, rng, { run_id: "demo", seed: 1 });
 */
export async function simulate(
  params: TbsParams,
  personas: Persona[],
  topic: Topic,
  model: TbsAgentModel,
  rng: Rng,
  meta: RunMeta,
  progress?: (fraction: number) => void,
): Promise<SimulationResult> {
  const N = personas.length;
  const P = params;
  const memory = new GroupMemory(P.memory, P.memoryOptions, P.offline.summary);
  const memRng = personas.map((_, i) => rng.fork("memory", i));
  const monologues: string[][] = personas.map(() => []);
  const own: GroupEvent[][] = personas.map(() => []);
  const previous: (InternalState | undefined)[] = personas.map(() => undefined);
  const stateLog: { interval: number; state: InternalState }[][] = personas.map(() => []);
  const llmSummary: string[] = personas.map(() => "");
  // Per agent: statements of the transcript folded into its own summary, and the first interval whose states are not.
  const summarized: number[] = personas.map(() => 0);
  const statesFrom: number[] = personas.map(() => 1);
  const nous = P.memory === "nous" || P.memory === "nous-recency"
    ? new NousGroupMemory(N, { halfLifeTurns: P.memoryOptions.nousHalfLifeTurns, maxTokens: P.memoryOptions.nousMaxTokens, recall: P.memory === "nous" ? "content" : "recency" })
    : null;
  const voluntary: boolean[] = [];
  const isLlm = model.kind === "llm";
  const meter = new CostMeter(!isLlm, P.costSamplePerInterval);
  // Mode and force are rules of the TBS protocol only: a baseline's rows carry none.
  const tbsRules = P.protocol === "tbs";
  const base: Row = { run_id: meta.run_id, seed: meta.seed, model: model.label, protocol: P.protocol, mode: tbsRules ? P.mode : null, force: tbsRules ? P.force : null, memory: P.memory, ecology: P.ecology, ablation: P.ablation };
  const extra = meta.condition && Object.keys(meta.condition).length > 0 ? meta.condition : undefined;
  const states: Row[] = [];
  const utterances: Row[] = [];
  const costs: Row[] = [];
  const usage = { inputTokens: 0, outputTokens: 0, calls: 0 };
  const mN = P.memoryOptions.monologueN;
  const noGroup = P.ablation === "no-group-memory";
  const noSelf = P.ablation === "no-self-memory";
  /** What agent i can see of a list of public events under the ablations. */
  const visible = (i: number, evs: GroupEvent[]) => (noGroup ? evs.filter((e) => e.agent === i && !noSelf) : noSelf ? evs.filter((e) => e.agent !== i) : evs);
  const fixedOrder = P.protocol === "sequential" || (P.protocol === "tbs" && P.mode === "rotation");
  const W = P.offline.competition.window;

  try {
    for (let v = 1; v <= P.intervals; v++) {
      const scheduled = fixedOrder ? (v - 1) % N : null;
      const agendaId = agendaAt(topic, v)?.id ?? null;
      const from = Math.max(1, v - W);
      let vol = 0;
      for (let k = from; k < v; k++) if (voluntary[k]) vol++;
      const turnOf = (i: number): TurnInfo => ({
        protocol: P.protocol,
        mode: P.mode,
        force: P.force,
        agents: N,
        scheduled,
        nextTurn: scheduled === null ? null : v + ((i - scheduled + N) % N),
        recentIntervals: v - from,
        recentVoluntary: vol,
        ignoreCompetition: P.ablation === "no-competition",
      });

      // (1) Summary memory: the group aggregate (offline model) folds all but the latest statements; with an LLM each
      // agent that reasons in this interval (all of them, or under the sequential protocol the one whose turn it is)
      // writes its own summary k+1 from its summary k, the statements compressed since, and its own states of them.
      const reasoners = P.protocol === "sequential" ? [scheduled as number] : personas.map((_, i) => i);
      memory.compress();
      if (P.memory === "summary") {
        const upTo = memory.summary.upTo;
        const boundary = Math.min(memory.verbatimFrom(), v);
        const updaters = reasoners.filter((i) => upTo > summarized[i]);
        const work = updaters.map((i) => {
          const fresh = memory.events.slice(summarized[i], upTo);
          const states = stateLog[i].filter((s) => s.interval >= statesFrom[i] && s.interval < boundary);
          summarized[i] = upTo;
          statesFrom[i] = boundary;
          return { i, fresh: visible(i, fresh), states };
        });
        if (model.summarize) {
          const res = await Promise.all(work.map((w) => model.summarize!(baseView(w.i), llmSummary[w.i], w.fresh, w.states, v)));
          res.forEach((r, k) => {
            llmSummary[work[k].i] = r.text;
            meter.used("summarizer", r.tokensIn, r.tokensOut);
            usage.inputTokens += r.tokensIn;
            usage.outputTokens += r.tokensOut;
            usage.calls++;
          });
        } else {
          meter.offlineCalls("summarizer", work.length, v, (k) => {
            const w = work[k];
            const iv = [...w.fresh.map((e) => e.interval), ...w.states.map((s) => s.interval)];
            const p = summaryPrompt(personaOf(w.i), offlineSummaryText(memory.summary), w.fresh, w.states, Math.min(v, ...iv), Math.max(0, ...iv));
            return { ...p, reply: offlineSummaryText(memory.summary) };
          });
        }
      }

      // (2) Views of the agents that reason in this interval.
      const latest = P.memory === "latest" ? memory.last(P.memoryOptions.latestN) : undefined;
      const summaryRecall = P.memory === "summary" ? memory.recall(v, undefined) : undefined;
      const lastHeard = memory.events.length ? memory.events[memory.events.length - 1].text : "";
      const views: AgentView[] = reasoners.map((i) => {
        let recall: Recall;
        let retrieved: string[] | undefined;
        if (nous) {
          // What is on the table: the agenda item (if the topic has one), the last statement, the question.
          const query = `${agendaAt(topic, v)?.title ?? ""} ${lastHeard} ${topic.question}`;
          const got = nous.recall(i, query);
          retrieved = got.lines;
          recall = { events: got.events };
        } else {
          recall = latest ? { events: latest } : (summaryRecall ?? memory.recall(v, memRng[i]));
        }
        if (noGroup || noSelf) recall = { events: visible(i, recall.events), summary: noGroup ? undefined : recall.summary };
        return {
          ...baseView(i),
          recall,
          retrieved,
          summaryText: isLlm && P.memory === "summary" && !noGroup ? llmSummary[i] : undefined,
        };
      });
      function personaOf(i: number) {
        return { persona: personas[i], index: i };
      }
      function baseView(i: number): AgentView {
        return {
          index: i,
          persona: personas[i],
          interval: v,
          recall: { events: [] },
          monologues: mN > 0 ? monologues[i].slice(-mN) : [],
          ownStatements: noSelf ? [] : own[i],
          previous: previous[i],
          record: memory.events,
          turn: turnOf(i),
        };
      }

      // (3) Reasoning (a failed call propagates: the cell fails rather than writing a silent row).
      const results: ReasonResult[] = await model.reason(views);
      const byAgent: (ReasonResult | null)[] = personas.map(() => null);
      reasoners.forEach((i, k) => (byAgent[i] = results[k]));
      if (isLlm) for (const r of results) meter.used("reasoner", r.tokensIn, r.tokensOut);
      else meter.offlineCalls("reasoner", views.length, v, (k) => ({ ...reasonPrompt(views[k], topic), reply: JSON.stringify(results[k].state) }));

      // (4) Who speaks.
      let speakers: { i: number; call: SpeakCall }[];
      let forced = false;
      if (P.protocol === "tbs") {
        const intents = results.map((r) => ({ ok: r.state !== null, willing: r.state?.willing_to_speak ?? false, timeCost: r.state?.time_cost ?? Infinity }));
        const turn = resolveTurn(P.mode, P.force, intents, v);
        forced = turn.forced;
        speakers = turn.speaker === null ? [] : [{ i: turn.speaker, call: turn.forced ? "forced" : "volunteer" }];
        voluntary[v] = turn.speaker !== null && !turn.forced;
      } else {
        speakers = reasoners.filter((i) => byAgent[i]?.state).map((i) => ({ i, call: "turn" as const }));
        voluntary[v] = false;
      }
      const viewOf = (i: number) => views[reasoners.indexOf(i)];
      const itemAt = (u: number) => agendaAt(topic, u);

      // (5) Speech: all of a round's speakers at once; their statements enter the transcript together.
      const speech: (SpeakResult | null)[] = personas.map(() => null);
      const spoken = await Promise.all(speakers.map((s) => model.speak(viewOf(s.i), byAgent[s.i]!.state, s.call)));
      const events: GroupEvent[] = [];
      speakers.forEach((s, k) => {
        const sp = spoken[k];
        speech[s.i] = sp;
        const e: GroupEvent = { interval: v, agent: s.i, text: sp.utterance, stance: sp.expressed_stance, strategy: sp.strategy };
        events.push(e);
        const st = byAgent[s.i]!.state;
        utterances.push({
          ...base,
          ...extra,
          interval: v,
          agenda: agendaId,
          agent_id: s.i,
          persona: personas[s.i].id,
          strategy: sp.strategy,
          expressed_stance: sp.expressed_stance,
          private_stance: st?.private_stance ?? null,
          dissonance_index: st ? dissonanceIndex(st) : null,
          silence_index: st ? silenceIndex(st) : null,
          willing_to_speak: st?.willing_to_speak ?? null,
          forced: s.call === "forced",
          call: s.call,
          text: sp.utterance,
          tokens_in: sp.tokensIn,
          tokens_out: sp.tokensOut,
          repairs: sp.repairs,
        });
      });
      if (isLlm) for (const sp of spoken) meter.used("speaker", sp.tokensIn, sp.tokensOut);
      else
        meter.offlineCalls("speaker", speakers.length, v, (k): RenderedCall => {
          const s = speakers[k];
          return { ...speakPrompt(viewOf(s.i), topic, byAgent[s.i]!.state, s.call), reply: JSON.stringify({ strategy: spoken[k].strategy, utterance: spoken[k].utterance, expressed_stance: spoken[k].expressed_stance }) };
        });
      for (const e of events) {
        memory.add(e);
        own[e.agent].push(e);
      }
      model.afterInterval?.(events, byAgent);

      // (6) Rows of the agents that reasoned.
      for (const i of reasoners) {
        const r = byAgent[i]!;
        const st = r.state;
        const lt = r.latent;
        const sp = speech[i];
        const me = sp !== null;
        const rc = recallCounts(viewOf(i).recall.events, i, itemAt, v);
        // One object literal with a fixed field order and no spread: rows share one shape (a spread followed by many
        // fields makes V8 build each row in dictionary mode, ~100× slower at 10^5 rows).
        const row: Row = {
          run_id: base.run_id,
          seed: base.seed,
          model: base.model,
          protocol: base.protocol,
          mode: base.mode,
          force: base.force,
          memory: base.memory,
          ecology: base.ecology,
          ablation: base.ablation,
          interval: v,
          agenda: agendaId,
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
          scheduled: scheduled === i,
          selected: me,
          spoke: me,
          forced: me && forced,
          tokens_in: r.tokensIn + (sp ? sp.tokensIn : 0),
          tokens_out: r.tokensOut + (sp ? sp.tokensOut : 0),
          repairs: sp ? [...r.repairs, ...sp.repairs] : r.repairs,
          error: r.error ?? null,
          latent_dissonance: lt ? lt.latent_dissonance : null,
          latent_silence: lt ? lt.latent_silence : null,
          latent_stance: lt ? lt.latent_stance : null,
          perceived_climate: lt ? lt.perceived_climate : null,
          climate_gap: lt ? lt.climate_gap : null,
          public_gap: lt ? lt.public_gap : null,
          minority: lt ? lt.minority : null,
          fear: lt ? lt.fear : null,
          agent_effect: lt ? lt.agent_effect : null,
          floor_belief: lt ? lt.floor_belief : null,
          recalled: rc.recalled,
          recalled_on_theme: rc.onTheme,
          recalled_returning: rc.returning,
          decision_floor: lt ? lt.decision_floor : null,
          decision_dissonance: lt ? lt.decision_dissonance : null,
          decision_silence: lt ? lt.decision_silence : null,
        };
        if (extra) Object.assign(row, extra);
        states.push(row);
        usage.inputTokens += r.tokensIn;
        usage.outputTokens += r.tokensOut;
        if (isLlm) usage.calls++;
        if (st) {
          previous[i] = st;
          stateLog[i].push({ interval: v, state: st });
          if (stateLog[i].length > 64) stateLog[i].shift();
          monologues[i].push(st.monologue);
          if (monologues[i].length > 20) monologues[i].shift();
        }
      }
      for (const sp of spoken) {
        usage.inputTokens += sp.tokensIn;
        usage.outputTokens += sp.tokensOut;
        if (isLlm) usage.calls++;
      }

      // (7) Nous memory: each agent keeps what it heard (under the ablations, what it could see).
      if (nous) personas.forEach((_, i) => nous.observe(i, v, visible(i, events)));

      const c = meter.take();
      costs.push({
        ...base,
        ...extra,
        interval: v,
        calls: c.calls,
        reasoner_calls: c.by_role.reasoner ?? 0,
        speaker_calls: c.by_role.speaker ?? 0,
        summarizer_calls: c.by_role.summarizer ?? 0,
        input_tokens: c.input_tokens,
        output_tokens: c.output_tokens,
        utterances: events.length,
        token_source: isLlm ? "llm-usage" : P.costSamplePerInterval > 0 ? "offline-rendered-sample" : "none",
      });
      progress?.(v / P.intervals);
    }
  } finally {
    nous?.close();
  }
  return { states, utterances, costs, usage };
}
