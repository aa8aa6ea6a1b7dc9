/**
 * Prompt templates of the LLM agent model. `{{name}}` placeholders are filled by `fill`.
 * The runner exports them as `promptTemplates`, so a run's manifest records their hashes.
 */
import type { Recall } from "../memory.js";
import type { AgentView, GroupEvent, InternalState, Topic } from "../types.js";

export const promptTemplates = {
  reason_system: `You are {{persona_name}}, taking part in a public hearing. {{persona_description}}
The hearing discusses: {{question}}
You think privately before anyone speaks. Nothing you write in this step is shown to others.`,
  reason_user: `Interval {{interval}} of the hearing.

What you remember of the discussion:
{{group_memory}}

Your own earlier private thoughts:
{{monologue_memory}}

What you have said publicly so far:
{{self_memory}}

Appraise your situation and answer as JSON with these fields:
- perceived_inconsistency (1-7): how inconsistent your private view is with the room and with what you said publicly
- dissonance_tension (1-7): how uncomfortable that inconsistency feels
- tension_reduction_motivation (1-7): how much you want to reduce that tension
- perceived_opinion_climate (1-7): how strongly the room is against your view (7 = hostile)
- perceived_isolation_risk (1-7): how likely you would be isolated if you spoke your view
- strategy: one of defend, qualify, converge, challenge, bridge, withhold
- willing_to_speak (true/false): do you want the floor now
- time_cost (seconds > 0): how long you would need to think before speaking
- private_stance (-3 strongly oppose .. 3 strongly support the mandate)
- monologue: your private reasoning in two or three sentences`,
  speak_system: `You are {{persona_name}}, speaking at a public hearing. {{persona_description}}
The hearing discusses: {{question}}`,
  speak_user: `You have the floor (interval {{interval}}){{forced_note}}.
Your private stance is {{private_stance}} (-3 oppose .. 3 support); your chosen strategy is {{strategy}}.
Your private reasoning: {{monologue}}

What you remember of the discussion:
{{group_memory}}

Say one or two sentences to the hearing, following your strategy. Answer as JSON:
- utterance: what you say
- expressed_stance (-3 .. 3): the stance your words express publicly (it may differ from your private stance)`,
  summary_user: `Summarise the hearing so far in at most five sentences for a participant's memory: who argued what, and
where the room seems to stand. Keep it short; details may be lost.

Previous summary:
{{previous}}

New statements:
{{statements}}`,
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

function renderEvent(e: GroupEvent, self: number): string {
  return `- [interval ${e.interval}] ${e.agent === self ? "You" : `Participant ${e.agent + 1}`}: "${e.text}"`;
}

/**
 * The Group part of memory as prompt text: the summary (if any), then the recalled statements, the agent's own as "You".
 * @example renderRecall({ events: [] }, 0) // "(nothing has been said yet)"
 */
export function renderRecall(recall: Recall, self: number): string {
  const parts: string[] = [];
  if (recall.summary) parts.push(`Summary of earlier discussion: ${recall.summary.text}`);
  for (const e of recall.events) parts.push(renderEvent(e, self));
  return parts.length ? parts.join("\n") : "(nothing has been said yet)";
}

/** System and user prompts of the reasoning module for one agent-interval. @example reasonPrompt(view, topic).user */
export function reasonPrompt(view: AgentView, topic: Topic): { system: string; user: string } {
  const p = view.persona;
  return {
    system: fill(promptTemplates.reason_system, { persona_name: p.name, persona_description: p.description, question: topic.question }),
    user: fill(promptTemplates.reason_user, {
      interval: view.interval,
      group_memory: renderRecall(view.recall, view.index),
      monologue_memory: view.monologues.length ? view.monologues.map((m) => `- ${m}`).join("\n") : "(none yet)",
      self_memory: view.ownStatements.length ? view.ownStatements.slice(-3).map((e) => `- [interval ${e.interval}] "${e.text}"`).join("\n") : "(you have not spoken yet)",
    }),
  };
}

/** System and user prompts of the speech module for the selected speaker. @example speakPrompt(view, topic, state, "qualify", false) */
export function speakPrompt(view: AgentView, topic: Topic, state: InternalState | null, strategy: string, forced: boolean): { system: string; user: string } {
  const p = view.persona;
  return {
    system: fill(promptTemplates.speak_system, { persona_name: p.name, persona_description: p.description, question: topic.question }),
    user: fill(promptTemplates.speak_user, {
      interval: view.interval,
      forced_note: forced ? " although you did not ask for it; the chair asks you to say something" : "",
      private_stance: state?.private_stance ?? 0,
      strategy,
      monologue: state?.monologue ?? "(none)",
      group_memory: renderRecall(view.recall, view.index),
    }),
  };
}

/** The Summary-memory compression prompt. @example summaryPrompt("", freshEvents) */
export function summaryPrompt(previous: string, fresh: GroupEvent[]): string {
  return fill(promptTemplates.summary_user, {
    previous: previous || "(none)",
    statements: fresh.map((e) => `- Participant ${e.agent + 1} (interval ${e.interval}): "${e.text}"`).join("\n"),
  });
}
