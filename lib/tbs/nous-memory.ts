/**
 * The `nous` memory levels: each agent keeps a `lib/nous` agent memory of the statements it heard (its own included,
 * as "You"). Like every Group memory level it holds what was said; the agent's own thoughts are its Monologue memory
 * (the engine shows its latest monologues under every level), not stored here.
 *
 * - `nous`: the agent retrieves by content (the engine's query: what is on the table — the agenda item if the topic
 *   has one, the last statement, the question) at most `nousMaxTokens` tokens of it, with temporal decay and
 *   reactivation of confirmed content; the statements among the retrieved lines are its recall of the group.
 * - `nous-recency` (the null of content retrieval): the same retrieval is made, and the agent recalls as many
 *   statements as it returned, but the most recent ones it heard. Its other retrieved lines (belief lines) stay.
 *   What differs from `nous` is which statements come back, not how many.
 */
import { createAgentMemory, type AgentMemory } from "../nous/agent-memory.js";
import type { GroupEvent } from "./types.js";

/** Who said a statement, as an agent's Nous memory records it. */
function speakerName(e: GroupEvent, self: number): string {
  return e.agent === self ? "You" : `Participant ${e.agent + 1}`;
}

/** The key (turn and text) of a retrieved line ("[turn 4, heard] Participant 2: …"); undefined for another line. */
function observationKey(line: string): string | undefined {
  const m = /^\[turn (\d+), heard\] (.*)$/s.exec(line);
  return m ? `${m[1]}|${m[2]}` : undefined;
}

/** What one agent recalls from its Nous memory in one interval. */
export interface NousRecall {
  /** The statements recalled (in time order). */
  events: GroupEvent[];
  /** The lines shown to an LLM agent (retrieved by content; under recency, its statements replaced by the latest). */
  lines: string[];
  /** How many of the retrieved lines were statements. */
  statements: number;
}

/** Every agent's Nous memory in one run. Close it when the run ends. */
export class NousGroupMemory {
  private readonly memories: AgentMemory[];
  private readonly byKey: Map<string, GroupEvent>[];
  private readonly heard: GroupEvent[][];

  constructor(agents: number, private readonly opts: { halfLifeTurns: number; maxTokens: number; recall: "content" | "recency" }) {
    this.memories = Array.from({ length: agents }, (_, i) => createAgentMemory({ owner: `Participant ${i + 1}`, halfLifeTurns: opts.halfLifeTurns }));
    this.byKey = this.memories.map(() => new Map());
    this.heard = this.memories.map(() => []);
  }

  /**
   * Agent i's recall for a query.
   * @example memory.recall(0, "costs buyers solar") // { events: [...], lines: [...], statements: 2 }
   */
  recall(i: number, query: string): NousRecall {
    const retrieved = this.memories[i].retrieve(query, { maxTokens: this.opts.maxTokens });
    const found = retrieved.map((t) => this.byKey[i].get(observationKey(t) ?? ""));
    const statements = found.filter((e) => e !== undefined).length;
    if (this.opts.recall === "content") {
      return { events: found.filter((e): e is GroupEvent => e !== undefined).sort((a, b) => a.interval - b.interval), lines: retrieved, statements };
    }
    const latest = statements > 0 ? this.heard[i].slice(-statements) : [];
    const lines = retrieved.filter((_, k) => found[k] === undefined).concat(latest.map((e) => `[turn ${e.interval}, heard] ${speakerName(e, i)}: ${e.text.trim()}`));
    return { events: latest, lines, statements };
  }

  /** Agent i observes the statements it heard in interval v. */
  observe(i: number, v: number, heard: GroupEvent[]): void {
    for (const e of heard) {
      const who = speakerName(e, i);
      // The memory renders a retrieved observation as "[turn v, heard] <speaker>: <text>"; that maps it back.
      this.byKey[i].set(`${v}|${who}: ${e.text.trim()}`, e);
      this.heard[i].push(e);
      this.memories[i].observe({ text: e.text, speaker: who, time: v, kind: "heard" });
    }
  }

  close(): void {
    for (const m of this.memories) m.close();
  }
}
