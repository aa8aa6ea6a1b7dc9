/**
 * Prompt templates of the LLM agent model. `{{name}}` placeholders are filled by `fill`.
 * The runner exports them as `promptTemplates`, so a run's manifest records their hashes.
 *
 * No offline text enters a prompt: the Group memory is the recalled statements and, under Summary memory, the agent's
 * own summary written by the model in earlier calls (summary k+1 from summary k and the new events and states).
 */
import type { Recall } from "../memory.js";
import { agendaAt, type AgentView, type GroupEvent, type InternalState, type SpeakCall, type Topic, type TurnInfo } from "../types.js";

export const promptTemplates = {
  reason_system: `You are {{persona_name}}, taking part in a public hearing as Participant {{participant}}. {{persona_description}}
The hearing discusses: {{question}}
You think privately before anyone speaks. Nothing you write in this step is shown to others.`,
  reason_user: `Interval {{interval}} of the hearing.{{agenda}}
{{turn_rules}}
What you remember of the discussion:
{{group_memory}}

Your own earlier private thoughts:
{{monologue_memory}}

What you have said publicly so far:
{{self_memory}}

Think first, then appraise your situation and decide. Answer as JSON with these fields, in this order:
- monologue: your private reasoning in two or three sentences, written before you appraise or decide
- perceived_inconsistency (1-7): how inconsistent your private view is with the room and with what you said publicly
- dissonance_tension (1-7): how uncomfortable that inconsistency feels
- tension_reduction_motivation (1-7): how much you want to reduce that tension
- perceived_opinion_climate (1-7): how strongly the room is against your view (7 = hostile)
- perceived_isolation_risk (1-7): how likely you would be isolated if you spoke your view
- strategy: one of defend, qualify, converge, challenge, bridge, withhold
- willing_to_speak (true/false): do you want the floor now
- time_cost (seconds > 0): how long you would need to think before speaking
- private_stance (-3 strongly oppose .. 3 strongly support the mandate)`,
  turn_willing: `How the floor is given: in every interval each participant decides privately whether to ask for the floor. Among those who ask, the one ready to speak soonest (lowest time_cost) speaks; everyone else stays silent in this interval.`,
  turn_rotation: `How the floor is given: participants speak in a fixed order, one turn per interval. {{turn_now}} On their turn participants speak only if they want to.`,
  turn_hierarchical: `How the floor is given: every participant gives a statement in every round. Statements of the same round are collected together; everyone reads them in the next round.`,
  turn_sequential: `How the floor is given: participants speak one at a time in a fixed order and think only on their turn. This interval is your turn.`,
  force_willing: `If nobody asks for the floor, the chair calls on the participant ready soonest, who must then speak.`,
  force_rotation: `If the participant whose turn it is does not want to speak, the chair asks them to speak anyway.`,
  noforce: `If nobody takes the floor, the interval passes in silence.`,
  speak_system: `You are {{persona_name}}, speaking at a public hearing as Participant {{participant}}. {{persona_description}}
The hearing discusses: {{question}}`,
  speak_user: `{{floor_note}} (interval {{interval}}).{{agenda}}
Your private stance is {{private_stance}} (-3 oppose .. 3 support).
Your private reasoning: {{monologue}}
{{strategy_note}}
What you remember of the discussion:
{{group_memory}}

Say one or two sentences to the hearing. Answer as JSON:
{{reply_fields}}`,
  summary_system: `You are {{persona_name}}, a participant in a public hearing (Participant {{participant}}). You keep a private running memory of the hearing.`,
  summary_user: `Update your private memory of the hearing. Fold the new statements and your own private states of those intervals into your previous summary. Write at most six sentences: who argued what, where the room seems to stand, and how you felt and what you intended. Details may be lost.

Your previous summary:
{{previous}}

New statements (intervals {{from}}-{{to}}):
{{statements}}

Your private states in those intervals:
{{states}}`,
} as const;

/**
 * Fills `{{name}}` placeholders.
 * @throws Error when a placeholder has no value (an error in the template, not in the data).
 * @example fill("Hello {{who}}", { who: "Ada" }) // "Hello Ada"
 */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => {
    if (!(k in values)) throw new Error(`prompt template placeholder {{${k}}} has no value`);
    return String(values[k]);
  });
}

function who(agent: number, self: number): string {
  return agent === self ? "You" : `Participant ${agent + 1}`;
}

function renderEvent(e: GroupEvent, self: number): string {
  return `- [interval ${e.interval}] ${who(e.agent, self)}: "${e.text}"`;
}

/**
 * The Group part of memory as prompt text: the agent's own summary (if any), then the recalled statements, the
 * agent's own as "You"; under Nous memory, the memories it retrieved by content.
 * @example renderRecall({ events: [] }, 0) // "(nothing has been said yet)"
 */
export function renderRecall(recall: Recall, self: number, retrieved?: string[], summaryText?: string): string {
  const parts: string[] = [];
  if (summaryText) parts.push(`Your summary of the earlier discussion: ${summaryText}`);
  if (retrieved) {
    for (const r of retrieved) parts.push(`- ${r}`);
  } else {
    for (const e of recall.events) parts.push(renderEvent(e, self));
  }
  return parts.length ? parts.join("\n") : "(nothing has been said yet)";
}

/**
 * What an agent is told about turn allocation: the protocol, the mode, whose turn it is in Rotation, and the force
 * rule. Empty under the ablation `no-competition` (the agent is not told how the floor is won).
 * @example turnRules(view.turn, 0) // "How the floor is given: …"
 */
export function turnRules(t: TurnInfo, self: number, interval: number): string {
  if (t.protocol === "hierarchical") return promptTemplates.turn_hierarchical;
  if (t.protocol === "sequential") return promptTemplates.turn_sequential;
  if (t.ignoreCompetition) return "";
  if (t.mode === "willing") return `${promptTemplates.turn_willing} ${t.force === "force" ? promptTemplates.force_willing : promptTemplates.noforce}`;
  const now =
    t.scheduled === self
      ? "In this interval it is your turn."
      : `In this interval it is Participant ${(t.scheduled ?? 0) + 1}'s turn; your next turn is interval ${t.nextTurn ?? interval}.`;
  return `${fill(promptTemplates.turn_rotation, { turn_now: now })} ${t.force === "force" ? promptTemplates.force_rotation : promptTemplates.noforce}`;
}

/** The summary text an LLM agent sees: its own, written by the model (never the offline aggregate). */
function ownSummary(view: AgentView): string | undefined {
  return view.summaryText || undefined;
}

/** The agenda item the chair has put up in this interval, as a sentence after the interval's line ("" when none). */
function agendaNote(topic: Topic, interval: number): string {
  const item = agendaAt(topic, interval);
  return item ? ` The chair has put this item on the agenda: ${item.title}.` : "";
}

/** System and user prompts of the reasoning module for one agent-interval. @example reasonPrompt(view, topic).user */
export function reasonPrompt(view: AgentView, topic: Topic): { system: string; user: string } {
  const p = view.persona;
  const rules = turnRules(view.turn, view.index, view.interval);
  return {
    system: fill(promptTemplates.reason_system, { persona_name: p.name, participant: view.index + 1, persona_description: p.description, question: topic.question }),
    user: fill(promptTemplates.reason_user, {
      interval: view.interval,
      agenda: agendaNote(topic, view.interval),
      turn_rules: rules ? `${rules}\n` : "",
      group_memory: renderRecall(view.recall, view.index, view.retrieved, ownSummary(view)),
      monologue_memory: view.monologues.length ? view.monologues.map((m) => `- ${m}`).join("\n") : "(none yet)",
      self_memory: view.ownStatements.length ? view.ownStatements.slice(-3).map((e) => `- [interval ${e.interval}] "${e.text}"`).join("\n") : "(you have not spoken yet)",
    }),
  };
}

const FLOOR_NOTE: Record<SpeakCall, string> = {
  volunteer: "You asked for the floor and have it",
  forced: "You did not ask for the floor, but the chair asks you to say something now",
  turn: "It is your turn to give a statement",
};

/**
 * System and user prompts of the speech module. A volunteer speaks with the strategy it chose; a forced speaker (or
 * one whose turn the protocol gives) chooses its strategy in this reply.
 * @example speakPrompt(view, topic, state, "forced").user
 */
export function speakPrompt(view: AgentView, topic: Topic, state: InternalState | null, call: SpeakCall): { system: string; user: string } {
  const p = view.persona;
  const chosen = call === "volunteer" && state && state.strategy !== "withhold" ? state.strategy : null;
  return {
    system: fill(promptTemplates.speak_system, { persona_name: p.name, participant: view.index + 1, persona_description: p.description, question: topic.question }),
    user: fill(promptTemplates.speak_user, {
      floor_note: FLOOR_NOTE[call],
      interval: view.interval,
      agenda: agendaNote(topic, view.interval),
      private_stance: state?.private_stance ?? 0,
      monologue: state?.monologue ?? "(none)",
      strategy_note: chosen ? `Your chosen strategy is ${chosen}.\n` : "Choose how to respond now: defend, qualify, converge, challenge or bridge.\n",
      group_memory: renderRecall(view.recall, view.index, view.retrieved, ownSummary(view)),
      reply_fields: chosen
        ? "- utterance: what you say\n- expressed_stance (-3 .. 3): the stance your words express publicly (it may differ from your private stance)"
        : "- strategy: defend, qualify, converge, challenge or bridge\n- utterance: what you say\n- expressed_stance (-3 .. 3): the stance your words express publicly (it may differ from your private stance)",
    }),
  };
}

/**
 * The per-agent Summary-memory prompt: summary k+1 from the agent's summary k, the newly compressed statements (as the
 * agent saw them) and its own internal states of those intervals.
 * @example summaryPrompt(view, "", events, states, 1, 3).user
 */
export function summaryPrompt(
  view: Pick<AgentView, "persona" | "index">,
  previous: string,
  fresh: GroupEvent[],
  states: { interval: number; state: InternalState }[],
  from: number,
  to: number,
): { system: string; user: string } {
  const st = states.map(
    ({ interval, state: s }) =>
      `- [interval ${interval}] thought: "${s.monologue}"; tension ${s.dissonance_tension}/7, room against me ${s.perceived_opinion_climate}/7, isolation risk ${s.perceived_isolation_risk}/7; ${s.willing_to_speak ? `wanted the floor (${s.strategy})` : "chose to stay silent"}; private stance ${s.private_stance}`,
  );
  return {
    system: fill(promptTemplates.summary_system, { persona_name: view.persona.name, participant: view.index + 1 }),
    user: fill(promptTemplates.summary_user, {
      previous: previous || "(none yet)",
      from,
      to,
      statements: fresh.length ? fresh.map((e) => renderEvent(e, view.index)).join("\n") : "(nobody spoke)",
      states: st.length ? st.join("\n") : "(none recorded)",
    }),
  };
}
