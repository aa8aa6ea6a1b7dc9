/**
 * The records an episode keeps besides its typed arrays: scheduled effects, messages and their causal links, watches,
 * escalations with their counterfactual branches, event-log rows, chat requests and counters. A small module of
 * types that the engine, the channel and the episode loop share.
 */
import type { MessageType, ProblemKind } from "./types.js";

/** A scheduled effect: a reply, a transfer, a timeout, help arriving. */
export interface Effect {
  at: number;
  kind: "transfer" | "cannot" | "timeout" | "unblock" | "priority" | "reassign";
  problem: number;
  /** The escalation attempt it belongs to (stale attempts are ignored). */
  attempt: number;
  from: number;
  to: number;
  item: number;
  count: number;
  /** Ids of the messages that caused it (the causal links behind ECR). */
  causes: number[];
}

/** One message of the coordination channel, as sent (item: material index, or cell index for dependencies). */
export interface Msg {
  id: number; tick: number; type: MessageType; from: number; to: number; item: number; count: number; problem: number;
  /** The message this one answers (−1 for none). */
  replyTo: number;
  /** Free text (chat written by a language model). */
  text?: string;
  /** RESOLVE_CONFLICT / CELL_SETTLED about a contested cell: `item` is the cell index. */
  onCell?: boolean;
}

/** A state change and the message that caused it: a transfer, a replan, a reassignment, a dependency resolved. */
export interface Link { msg: number; tick: number; effect: "transfer" | "replan" | "reprioritise" | "dependency_resolved" | "unblock" | "reassign" | "material_used" }

/** A message whose effect shows when the reader later acts on it (places the material it brought, builds on the reported cell). */
export interface Watch { msg: number; agent: number; kind: "material" | "support"; item: number; until: number }

/** One escalation with both branches of its counterfactual (the factual one is filled in at the episode's end). */
export interface EscalationRecord {
  tick: number; agent: number; problem: number; kind: ProblemKind;
  /** The escalation's attempt (1 for the problem's first escalation). */
  attempt: number;
  /** Where in the tick it was decided: −1 at its start, a in agent a's turn, n at its end, n + 1 between ticks (`acting`). */
  at: number;
  cf_local_ticks: number; cf_local_blocks: number; cf_local_agent_ticks: number;
  cf_escalate_ticks: number; cf_escalate_blocks: number; cf_escalate_agent_ticks: number;
  necessary: boolean;
  /** Null check (`nullCheck` worlds only, else −1): the escalate branch rolled out on a fork of the same state. */
  cf_same_ticks: number; cf_same_blocks: number; cf_same_agent_ticks: number;
}

/** One row of the event log (uniform columns; absent fields are null). */
export interface EventRow {
  tick: number; agent: number; event: string; problem: number | null; kind: string | null;
  S: number | null; C: number | null; R: number | null; I: number | null; L: number | null; H: number | null;
  decision: string | null; via: string | null; msg_type: string | null; item: string | null; count: number | null;
  cost: number | null;
  /** Free text of a chat message written by a language model. */
  text: string | null;
  /** The message's id (message rows) or the message that caused an effect (effect rows). */
  msg: number | null;
  /** Counterfactual branches of an escalation (`escalation` rows). */
  cf_escalate_ticks: number | null; cf_local_ticks: number | null; cf_escalate_blocks: number | null; cf_local_blocks: number | null;
  cf_escalate_agent_ticks: number | null; cf_local_agent_ticks: number | null; necessary: boolean | null;
}

/** A free-chat message waiting for its text (language-model runs only). */
export interface ChatRequest {
  tick: number; from: number; type: MessageType; kind: string | null; subject: string | null; msg: number;
  /** The problem the exchange is about, and the agent who has it (the writer answers it when they differ). */
  problem: number; about: number;
}

export interface Counters {
  messages: number; tokens: number; adjudications: number; conflicts: number;
  /** Gate judgments of conflicts that fell in the gray zone, and how many of those the adjudicator escalated. */
  conflictsGray: number; conflictsGrayEscalated: number;
}

/** A decision on a problem, taken at the gate (or by the adjudicator) and carried out at the end of the phase. */
export interface Decision { problem: number; decision: "local" | "escalate" }

/** A conflict over units found by the channel (a double-booked surplus) or by a local recovery (a contested site resource). */
export interface FoundConflict { agent: number; item: number; rival: number; cell: number; what: "double_booked" | "site_resource" }
