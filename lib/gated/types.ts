/**
 * Types and schemas of the gated-coordination block world: task files (MindCraft's construction
 * format plus an optional `world` extension for the simulator), protocol messages, problems,
 * policies and the parameters of a run.
 */
import { z } from "zod";

/** The block and item palette (MindCraft's construction tasks use Minecraft's registry names). */
export { KNOWN_BLOCKS, KNOWN_ITEMS, PICKAXES } from "./palette.js";

export const DisruptionSchema = z.object({
  tick: z.number().int().nonnegative(),
  kind: z.enum(["path_blocked", "material_loss", "tool_break"]),
  agent: z.number().int().nonnegative(),
  item: z.string().optional(),
  count: z.number().int().positive().optional(),
});
export type Disruption = z.infer<typeof DisruptionSchema>;

/** The simulator's extension of a MindCraft task (ignored by MindCraft itself). */
export const WorldExtSchema = z.object({
  scenario: z.enum(["standard", "scarce"]).default("standard"),
  /** When true, the agents' initial inventories alone must cover the blueprint's materials. */
  inventory_sufficient: z.boolean().default(true),
  /** When true, inventories plus site resources may fall short of the blueprint (real scarcity: the task cannot be completed). */
  allow_shortfall: z.boolean().default(false),
  /** Collectable units of each material near the site (local recovery by collecting or crafting a substitute). */
  resources: z.record(z.string(), z.number().int().nonnegative()).default({}),
  /** How the blueprint's cells are split among agents: x-stripes, or stripes rotated per level. */
  assignment: z.enum(["stripes", "interleaved"]).default("stripes"),
  disruptions: z.array(DisruptionSchema).default([]),
});
export type WorldExt = z.infer<typeof WorldExtSchema>;

export const LevelSchema = z.object({
  level: z.number().int().nonnegative(),
  coordinates: z.tuple([z.number().int(), z.number().int(), z.number().int()]),
  placement: z.array(z.array(z.string())).min(1),
});

/** One task of a MindCraft construction task file. */
const TaskBaseSchema = z.looseObject({
  type: z.literal("construction"),
  goal: z.string().optional(),
  agent_count: z.number().int().min(1).max(8),
  /** Humans at the keyboard in MindCraft (their inventories follow the agents'); see roster.ts. */
  human_count: z.number().int().nonnegative().optional(),
  usernames: z.array(z.string()).optional(),
  blueprint: z.object({
    materials: z.record(z.string(), z.number().int().nonnegative()),
    levels: z.array(LevelSchema).min(1),
  }),
  initial_inventory: z.record(z.string(), z.record(z.string(), z.number().int().nonnegative())),
  blocked_actions: z.record(z.string(), z.array(z.string())).optional(),
  world: WorldExtSchema.optional(),
});
/** `timeout` is in seconds (MindCraft); absent → `DEFAULT_TIMEOUT_SECONDS`. Checked by hand in compileTask, to name the value. */
export const TaskSchema = TaskBaseSchema.extend({ timeout: z.unknown().optional() });
export type TaskSpec = z.input<typeof TaskBaseSchema> & { timeout?: number };
/** MindCraft's timeout for a task file that names none, in seconds. */
export const DEFAULT_TIMEOUT_SECONDS = 300;
export const TaskFileSchema = z.record(z.string(), TaskSchema);
export type TaskFile = Record<string, TaskSpec>;

/** Typed protocol messages of the public coordination state. */
export const ProtocolMessageSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("REQUEST_MATERIAL"), from: z.number().int(), item: z.string(), count: z.number().int().positive() }),
  z.object({ type: z.literal("CAN_SUPPLY"), from: z.number().int(), to: z.number().int(), item: z.string(), count: z.number().int().positive() }),
  z.object({ type: z.literal("CANNOT_SUPPLY"), from: z.number().int(), to: z.number().int(), item: z.string() }),
  z.object({ type: z.literal("TRANSFER_DONE"), from: z.number().int(), to: z.number().int(), item: z.string(), count: z.number().int().positive() }),
  z.object({ type: z.literal("DEPENDENCY_WAIT"), from: z.number().int(), cell: z.tuple([z.number(), z.number(), z.number()]) }),
  z.object({ type: z.literal("DEPENDENCY_DONE"), from: z.number().int(), cell: z.tuple([z.number(), z.number(), z.number()]) }),
  z.object({ type: z.literal("REQUEST_HELP"), from: z.number().int(), problem: z.enum(["path_blocked", "tool_missing"]) }),
  z.object({ type: z.literal("TRANSFER_PLAN"), from: z.number().int(), to: z.number().int(), item: z.string(), count: z.number().int().positive() }),
  z.object({ type: z.literal("RESOLVE_CONFLICT"), from: z.number().int(), to: z.number().int(), item: z.string(), count: z.number().int().positive() }),
  /** The answer to a RESOLVE_CONFLICT over a contested cell: who places it (the other drops it from its plan). */
  z.object({ type: z.literal("CELL_SETTLED"), from: z.number().int(), to: z.number().int(), cell: z.tuple([z.number(), z.number(), z.number()]), keeper: z.number().int() }),
  z.object({ type: z.literal("CHAT"), from: z.number().int(), text: z.string() }),
]);
export type ProtocolMessage = z.infer<typeof ProtocolMessageSchema>;
export type MessageType = ProtocolMessage["type"];
/** Every message type, for validating logs. */
export const MESSAGE_TYPES: readonly MessageType[] = ProtocolMessageSchema.options.map((o) => o.shape.type.value);

export type ProblemKind = "missing_material" | "dependency_block" | "path_blocked" | "tool_missing" | "conflict";
export const PROBLEM_KINDS: readonly ProblemKind[] = ["missing_material", "dependency_block", "path_blocked", "tool_missing", "conflict"];

/** The five gate factors, each in [0, 1]. */
export interface Factors { C: number; R: number; I: number; L: number; H: number }

/** A detected structured problem and what became of it. */
export interface Problem {
  id: number;
  agent: number;
  kind: ProblemKind;
  /** Material index (missing_material, conflict) or cell index (dependency_block); -1 otherwise. */
  target: number;
  detectedAt: number;
  status: "open" | "escalated" | "resolved_local" | "resolved_remote" | "unresolved";
  escalations: number;
  /** Failed escalations (CANNOT_SUPPLY or timeout) counted by the fallback into the history penalty. */
  failures: number;
  /** How the last recovery step was made: by the agent itself or through a teammate. */
  via: "local" | "remote";
  /** The blocked cell that revealed the problem (-1 if none). */
  cell: number;
  /** Ticks lost by every agent to this problem's escalation (reading, giving, travel, waiting). */
  escalationCost: number;
  escalatedAt: number;
  /** In a stay-local branch: this problem is never escalated (every later judgment of it stays local). */
  pinnedLocal?: boolean;
  /** conflict: the rival agent (who holds or was promised the contested units, or also plans the cell); −1 otherwise. */
  rival: number;
  /** conflict over a contested cell (target is then the cell index) rather than over units of a material. */
  onCell?: boolean;
  /** Tick of the last reply to the current escalation (CAN/CANNOT_SUPPLY, a settlement, help, a reprioritisation); −1 before one. */
  lastReplyAt: number;
  /**
   * The tick by which the current escalation must have resolved the problem, or it times out (fallback). Set to
   * `replyTimeout` ticks after the request; a reply extends it (to `replyTimeout` ticks after the reply, and past the
   * arrival it announces) but never removes it. −1 while not escalated.
   */
  deadline: number;
}

export const POLICIES = [
  "free_chat", "rigid", "gated", "gated_no_partition", "gated_rules_only", "gated_score_only", "gated_no_fallback",
] as const;
export type PolicyName = (typeof POLICIES)[number];

/** How a policy behaves, as flags the engine reads. */
export interface PolicyFlags {
  name: PolicyName;
  /** Every anomaly is broadcast as free chat, all readers lose action windows. */
  freeChat: boolean;
  /** All transfers fixed at t0; no messages after. */
  rigid: boolean;
  /** Private state updated only by verified results; public channel closed unless the gate opens it. */
  partition: boolean;
  decide: "always" | "never" | "rules" | "score" | "score+adjudicator";
  fallback: boolean;
}

export const GateWeightsSchema = z.strictObject({
  C: z.number().default(1), R: z.number().default(1), I: z.number().default(0.8),
  L: z.number().default(1.2), H: z.number().default(1),
});

/** Parameters of the cost model and gate (all defaults documented in README.md). */
export const SimParamsSchema = z.strictObject({
  weights: GateWeightsSchema.default({ C: 1, R: 1, I: 0.8, L: 1.2, H: 1 }),
  tLow: z.number().default(0.15),
  tHigh: z.number().default(0.9),
  /** Probability the offline adjudicator decides as the case summary warrants. */
  adjudicatorAccuracy: z.number().min(0).max(1).default(0.85),
  /** Agent-ticks for one local unit of collection, crafting a tool, digging, detouring. */
  collectTicks: z.number().int().positive().default(3),
  craftToolTicks: z.number().int().positive().default(6),
  digTicks: z.number().int().positive().default(3),
  detourTicks: z.number().int().positive().default(12),
  giveTicks: z.number().int().positive().default(1),
  /** Reach (Chebyshev, in x/z) within which an agent can place a block. */
  reach: z.number().int().positive().default(2),
  /** Ticks a reader loses per free-chat message; per typed protocol message when the state is not partitioned. */
  chatReadTicks: z.number().int().nonnegative().default(1),
  /** Ticks the writer of a free-chat message spends writing it. */
  chatWriteTicks: z.number().int().nonnegative().default(1),
  protocolReadTicks: z.number().int().nonnegative().default(0),
  /** Free chat: probability a reader turns a message into a coordination event (replans). */
  chatDeviationProb: z.number().min(0).max(1).default(0.25),
  replanTicks: z.number().int().nonnegative().default(2),
  /**
   * Free chat: who answers a broadcast with chatter (a CHAT with no content that costs its readers their reading
   * time): every teammate ("all"), the one nearest the writer ("nearest"), or nobody ("none").
   */
  replyChatter: z.enum(["all", "nearest", "none"]).default("all"),
  /** Ticks an escalation waits for a reply before it times out. */
  replyTimeout: z.number().int().positive().default(25),
  /** Ticks an idle agent waits before re-judging an open problem. */
  reassessTicks: z.number().int().positive().default(8),
  /** History penalty added per failed escalation of the same problem. */
  historyStep: z.number().default(0.5),
  /** A message is effective when a state change it caused follows within this many ticks. */
  ecrWindowTicks: z.number().int().positive().default(20),
  /** Agents see teammates (position) within this Chebyshev distance; beyond it they rely on messages. */
  sightRange: z.number().int().nonnegative().default(3),
  /**
   * Probability that a blueprint cell next to a partition boundary (the last or first column of an agent's x-stripe)
   * is also planned by the neighbour across the boundary: a contested cell. 0 turns contested cells off.
   */
  contestedCells: z.number().min(0).max(1).default(0.5),
  /** Roll out the stay-local branch at every escalation (UER); off only to time the simulator without it. */
  counterfactuals: z.boolean().default(true),
  /** Token estimates of the offline model per message kind. */
  tokensChat: z.number().int().nonnegative().default(60),
  tokensProtocol: z.number().int().nonnegative().default(14),
  tokensAdjudication: z.number().int().nonnegative().default(180),
});
export type SimParams = z.infer<typeof SimParamsSchema>;
