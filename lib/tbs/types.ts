/**
 * Types and schemas of the Think-Before-Speak (TBS) simulator.
 *
 * One zod schema, `internalStateSchema`, is the internal state of MECHANISMS.md §1: every agent model
 * (offline parametric model or LLM) must produce an object that passes it.
 */
import { z } from "zod";

/** The six response strategies of the reasoning module. */
export const STRATEGIES = ["defend", "qualify", "converge", "challenge", "bridge", "withhold"] as const;
export type Strategy = (typeof STRATEGIES)[number];
/** Strategies an agent can speak with (everything but `withhold`). */
export const SPEAKING_STRATEGIES = ["defend", "qualify", "converge", "challenge", "bridge"] as const;

/** The longest time cost an agent may state, seconds (every number an LLM returns has bounds in its schema). */
export const TIME_COST_MAX = 300;

const item = (meaning: string) => z.number().int().min(1).max(7).describe(meaning);

/** The internal state s_i(v) an agent's reasoning module writes every interval. */
export const internalStateSchema = z.object({
  // First, so that under structured output the model reasons before it appraises and decides (think before speaking).
  monologue: z.string().describe("private reasoning first, not shown to others: what I make of the discussion and what I might do"),
  perceived_inconsistency: item("1..7: how inconsistent my view is with the room and with what I said publicly"),
  dissonance_tension: item("1..7: how uncomfortable that inconsistency feels"),
  tension_reduction_motivation: item("1..7: how much I want to reduce that tension"),
  perceived_opinion_climate: item("1..7: how strongly the room is against my view (7 = hostile)"),
  perceived_isolation_risk: item("1..7: risk of being isolated if I speak my view"),
  strategy: z.enum(STRATEGIES).describe("response strategy"),
  willing_to_speak: z.boolean().describe("do I want the floor in this interval"),
  time_cost: z.number().positive().max(TIME_COST_MAX).describe("estimated seconds of reasoning before I could speak; lower wins the floor"),
  private_stance: z.number().int().min(-3).max(3).describe("my private attitude toward the policy, -3 (oppose) .. 3 (support)"),
});
export type InternalState = z.infer<typeof internalStateSchema>;

/** What the speech module returns for the speaker of an interval. */
export const utteranceSchema = z.object({
  utterance: z.string().min(1).describe("what I say in the hearing"),
  expressed_stance: z.number().int().min(-3).max(3).describe("the stance my words express, -3 .. 3"),
});
export type Utterance = z.infer<typeof utteranceSchema>;

/** What a speaker who did not choose to speak (forced, or the protocol's turn) returns: it picks its strategy first. */
export const calledUtteranceSchema = z.object({
  strategy: z.enum(["defend", "qualify", "converge", "challenge", "bridge"]).describe("how I respond now that I must speak"),
  utterance: z.string().min(1).describe("what I say in the hearing"),
  expressed_stance: z.number().int().min(-3).max(3).describe("the stance my words express, -3 .. 3"),
});
export type CalledUtterance = z.infer<typeof calledUtteranceSchema>;

/** Why a speaker has the floor: it volunteered and won it, the chair forced it, or the protocol gives it the turn. */
export type SpeakCall = "volunteer" | "forced" | "turn";

/** What an agent knows about turn allocation in an interval (the rules of the hearing and the public record). */
export interface TurnInfo {
  protocol: "tbs" | "hierarchical" | "sequential";
  mode: "willing" | "rotation";
  force: "force" | "noforce";
  agents: number;
  /** Rotation and sequential: the agent whose turn it is in this interval. */
  scheduled: number | null;
  /** Rotation and sequential: the next interval ≥ this one in which it is this agent's turn. */
  nextTurn: number | null;
  /** Public record: intervals observed in the window, and how many of them someone took the floor voluntarily. */
  recentIntervals: number;
  recentVoluntary: number;
  /** Ablation `no-competition`: the agent is not told how the floor is won (offline: its decision gives the race no weight). */
  ignoreCompetition: boolean;
}

/** A persona card: who an agent is, and (for the offline model) where its latent traits start. */
export const personaSchema = z.strictObject({
  id: z.string().min(1),
  name: z.string().min(1),
  description: z.string().min(1),
  /** Population share (Six Americas), used when an ecology samples agents by share. */
  share: z.number().min(0).max(1).optional(),
  /** Role pairing key (Balanced Stakeholders): the two personas of a pair share it. */
  pair: z.string().optional(),
  /** Offline model: mean and sd of the initial private stance (-3..3). */
  stance_mean: z.number().min(-3).max(3),
  stance_sd: z.number().min(0).max(3),
  /** Offline model: openness to social influence, 0 (fixed) .. 1. */
  susceptibility: z.number().min(0).max(1),
});
export type Persona = z.infer<typeof personaSchema>;

/** An ecology file: a named set of persona cards and how agents are drawn from it. */
export const ecologySchema = z.strictObject({
  name: z.string().min(1),
  description: z.string().min(1),
  /** `cycle`: agents take the personas in order, repeating; `shares`: agents are drawn by `share` (all personas need one). */
  sampling: z.enum(["cycle", "shares"]),
  personas: z.array(personaSchema).min(1),
});
export type Ecology = z.infer<typeof ecologySchema>;

/** Short argument templates, by stance side and strategy, for the offline speech module. */
const bankSide = z.strictObject(Object.fromEntries(SPEAKING_STRATEGIES.map((s) => [s, z.array(z.string().min(1)).min(1)])) as Record<
  (typeof SPEAKING_STRATEGIES)[number],
  z.ZodArray<z.ZodString>
>);

const bank = z.strictObject({ support: bankSide, oppose: bankSide, neutral: bankSide });

/**
 * A topic file: the policy under discussion and the argument bank per stance side and strategy. Optionally an agenda:
 * the items the chair puts up, each for a range of intervals and on a theme whose own argument bank the offline
 * speaker draws from then; a theme's `lean` shifts what is said on it (in stance points, scaled by `offline.themeLean`:
 * arguments about costs may lean against a mandate whatever one's view). An item can return after a gap.
 */
export const topicSchema = z
  .strictObject({
    id: z.string().min(1),
    title: z.string().min(1),
    question: z.string().min(1),
    arguments: bank,
    themes: z.record(z.string().min(1), z.strictObject({ lean: z.number().min(-3).max(3), arguments: bank })).optional(),
    agenda: z
      .array(z.strictObject({ id: z.string().min(1), theme: z.string().min(1), title: z.string().min(1), from: z.number().int().min(1), to: z.number().int().min(1) }))
      .optional(),
  })
  .superRefine((t, ctx) => {
    (t.agenda ?? []).forEach((item, k) => {
      if (!t.themes?.[item.theme]) ctx.addIssue({ code: "custom", path: ["agenda", k, "theme"], message: `theme "${item.theme}" is not in themes (${Object.keys(t.themes ?? {}).join(", ") || "none"})` });
      if (item.to < item.from) ctx.addIssue({ code: "custom", path: ["agenda", k, "to"], message: `ends (${item.to}) before it starts (${item.from})` });
      const other = (t.agenda ?? []).findIndex((o, j) => j < k && o.from <= item.to && item.from <= o.to);
      if (other >= 0) ctx.addIssue({ code: "custom", path: ["agenda", k, "from"], message: `overlaps agenda item ${other} ("${t.agenda![other].id}")` });
    });
  });
export type Topic = z.infer<typeof topicSchema>;

/** The agenda item of interval v, if the topic has one then. @example agendaAt(topic, 12)?.theme // "grid" */
export function agendaAt(topic: Topic, v: number): NonNullable<Topic["agenda"]>[number] | undefined {
  return topic.agenda?.find((a) => a.from <= v && v <= a.to);
}

/** A public event of the group transcript. */
export interface GroupEvent {
  interval: number;
  agent: number;
  text: string;
  stance: number;
  strategy: Strategy;
}

/** What an agent's reasoning module sees in one interval: its persona and its three memory parts. */
export interface AgentView {
  index: number;
  persona: Persona;
  interval: number;
  /** Group part: the recalled transcript (and summary). */
  recall: Recall;
  /** Monologue part: own recent private reasoning. */
  monologues: string[];
  /** Self part: own public statements so far (latest last). */
  ownStatements: GroupEvent[];
  /** Own previous internal state, if any. */
  previous?: InternalState;
  /**
   * The public record: every statement made so far, in order (what was said, not what the agent recalls). Only the
   * offline model's shuffled-history ablations read it; no prompt shows it.
   */
  record: readonly GroupEvent[];
  /** The rules of turn allocation and the public record of who took the floor. */
  turn: TurnInfo;
  /** Nous memory: what this agent retrieved by content for this interval. */
  retrieved?: string[];
  /** Summary memory with an LLM: the agent's own running summary, written by the model. */
  summaryText?: string;
}

/** Latent appraisals of the offline model (null columns for LLM models, which have none). */
export interface Latent {
  latent_dissonance: number;
  latent_silence: number;
  latent_stance: number;
  /** m_i: the opinion climate the agent perceives, on the stance scale (−3..3). */
  perceived_climate: number;
  climate_gap: number;
  public_gap: number;
  minority: number;
  fear: number;
  agent_effect: number;
  /** π: the agent's belief that seeking the floor gets it (1 under a fixed order). */
  floor_belief: number;
  /** What the decision to seek the floor weighed: π, D and S as perceived, except under a rule-test ablation. */
  decision_floor: number;
  decision_dissonance: number;
  decision_silence: number;
}

/** The reasoning module's result for one agent. `state` is null only if the model failed for this agent. */
export interface ReasonResult {
  state: InternalState | null;
  latent?: Latent;
  tokensIn: number;
  tokensOut: number;
  /** What a validated repair step changed in the reply (logged in the row). */
  repairs: string[];
  error?: string;
}

export interface SpeakResult {
  utterance: string;
  expressed_stance: number;
  /** The strategy actually used to speak (a forced agent that wanted to withhold still picks one). */
  strategy: Strategy;
  tokensIn: number;
  tokensOut: number;
  repairs: string[];
  error?: string;
}

/** Agent models behind one interface: reasoning module → state; speech module → utterance and expressed stance. */
export interface TbsAgentModel {
  /** Written into the `model` column of every row. */
  readonly label: string;
  /** `llm` models report token usage per call; the `costs` table of `offline` models comes from rendered prompts. */
  readonly kind: "offline" | "llm";
  /** All agents' reasoning for one interval; implementations run agents concurrently. */
  reason(views: AgentView[]): Promise<ReasonResult[]>;
  /** The speech module, run by the selected speaker(s) only. */
  speak(view: AgentView, state: InternalState | null, call: SpeakCall): Promise<SpeakResult>;
  /** After the interval: the round's public events (none for silence) let models update stances. */
  afterInterval?(events: GroupEvent[], results: (ReasonResult | null)[]): void;
  /**
   * Per-agent Summary memory (LLM models): summary k+1 of agent `view.index` from its summary k, the newly compressed
   * events and its own internal states of those intervals. Throws when the call fails.
   */
  summarize?(view: AgentView, previous: string, fresh: GroupEvent[], states: { interval: number; state: InternalState }[], step: number): Promise<{ text: string; tokensIn: number; tokensOut: number }>;
}

/** A pseudo-event of the offline summary: a stance and the weight it has in the climate and the minority. */
export interface SummaryPart {
  stance: number;
  weight: number;
}

/** What one agent recalls of the group in one interval. */
export interface Recall {
  events: GroupEvent[];
  summary?: { text: string; parts: SummaryPart[] };
}
