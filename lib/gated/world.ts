/**
 * The mutable state of one episode, in flat typed arrays so that a fork for a counterfactual
 * branch is a handful of `slice()` calls. Agents' private execution state (inventory, position,
 * active subtask, blocked state, verified history) lives here next to the world. Each agent also keeps
 * its own belief store about its teammates (inventories, positions, pickaxes), fed only by the messages
 * it reads and by what it sees; beliefs go stale after losses and transfers it did not hear of.
 */
import { hashSeed } from "../core/hash.js";
import type { Rng } from "../core/rng.js";
import type { CompiledTask } from "./task.js";
import type { MessageType, PolicyFlags, Problem, ProblemKind, SimParams } from "./types.js";

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
  cf_local_ticks: number; cf_local_blocks: number; cf_local_agent_ticks: number;
  cf_escalate_ticks: number; cf_escalate_blocks: number; cf_escalate_agent_ticks: number;
  necessary: boolean;
}

/**
 * Random numbers addressed by what they decide (tick, agent, purpose, …) rather than drawn in sequence, so
 * that a forked world and the factual one draw the same number for the same decision (common random numbers).
 */
export class KeyedStream {
  constructor(readonly base: number) {}
  static of(rng: Rng, ...labels: (string | number)[]): KeyedStream { return new KeyedStream(hashSeed(rng.seed, [...rng.path, ...labels])); }
  /** Uniform on [0, 1) for the key (a, b, c, d). */
  u(a: number, b: number, c = 0, d = 0): number {
    let h = this.base | 0;
    h = mix(h ^ Math.imul(a + 0x632be5ab, 0x9e3779b1));
    h = mix(h ^ Math.imul(b + 0x2545f491, 0x85ebca6b));
    h = mix(h ^ Math.imul(c + 0x1b873593, 0xc2b2ae35));
    h = mix(h ^ Math.imul(d + 0x68e31da4, 0x27d4eb2f));
    return (h >>> 0) / 4294967296;
  }
}
function mix(h: number): number {
  h ^= h >>> 16; h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15; h = Math.imul(h, 0x846ca68b);
  return h ^ (h >>> 16);
}

/** The typed-array fields of a world, in one list (copy, snapshot and restore walk it). */
const ARRAY_FIELDS = [
  "placed", "inv", "need", "belInv", "belX", "belZ", "belTools", "pool", "tools", "blocked", "posX", "posZ", "busy", "lost", "idleRun", "priority",
  "cursor", "idleVersion", "ownLeft", "openMat", "openDep", "openPath", "openConf", "plans", "placer", "heading", "openCell",
] as const;
type ArrayField = (typeof ARRAY_FIELDS)[number];

/** A world's state as plain JSON (the task, parameters, policy and random streams are not part of it). */
export interface WorldSnapshot {
  t: number; nPlaced: number; nextDisruption: number; version: number;
  arrays: Record<ArrayField, number[]>;
  problems: Problem[]; active: number[]; effects: Effect[]; pending: number[]; counters: Counters;
  msgs: Msg[]; links: Link[]; watches: Watch[]; escalations: EscalationRecord[];
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


/** A block position in world coordinates (x, y, z), as MindCraft's blueprints and Minecraft use them. */
export type Vec3 = [number, number, number];
/** A value or a promise of it: the block world answers at once, a Minecraft backend asynchronously. */
export type Awaitable<T> = T | Promise<T>;
/** The outcome of one action: how many ticks it took, or why it was refused (nothing changed then). */
export type ActionResult = { ok: true; ticks: number } | { ok: false; reason: string };

/**
 * What a construction world offers its agents, whatever runs it: the simulator's block world
 * (`BlockWorld`) or a Minecraft server. Positions are world coordinates; names are Minecraft's
 * registry names ("air" for an empty cell); time is counted in ticks, one tick = `SECONDS_PER_TICK`
 * seconds of game time (one action of one agent). Queries are synchronous (mineflayer's `bot.blockAt`
 * and `bot.inventory` are too); actions may be asynchronous.
 */
export interface World {
  /** Number of agents, ids 0..agents−1. */
  readonly agents: number;
  /** Ticks since the episode started. */
  readonly tick: number;
  /** The block at a position ("air" when empty or outside the world). */
  blockAt(pos: Vec3): string;
  /** An agent's inventory: item or block name → count (zero counts omitted). */
  inventory(agent: number): Record<string, number>;
  /** Where an agent stands. */
  position(agent: number): Vec3;
  /** Walk to a position (an agent stands on the ground: only x and z matter to the block world). */
  move(agent: number, to: Vec3): Awaitable<ActionResult>;
  /** Gather `count` units of a block from the site's resources into the inventory. */
  collect(agent: number, block: string, count: number): Awaitable<ActionResult>;
  /** Place a block from the inventory at a position within reach whose support is in place. */
  place(agent: number, pos: Vec3, block: string): Awaitable<ActionResult>;
  /** Break the block at a position (with a pickaxe); on a blocked path, clear the obstacle. */
  dig(agent: number, pos: Vec3): Awaitable<ActionResult>;
  /** Hand `count` units of an item from one agent to another (the giver walks over). */
  give(from: number, to: number, item: string, count: number): Awaitable<ActionResult>;
  /** Let `ticks` ticks pass. */
  wait(ticks: number): Awaitable<void>;
}

/** Anything blocks can be read from (a `World`, or a mineflayer bot wrapped to answer names). */
export interface BlockReader { blockAt(pos: Vec3): string }

/** One blueprint level in MindCraft's format. */
export interface BlueprintLevel { level: number; coordinates: [number, number, number]; placement: string[][] }
export interface Blueprint { materials?: Record<string, number>; levels: BlueprintLevel[] }

export interface BlockCheck { level: number; coordinates: Vec3; expected: string; actual: string }
export interface CompletionResult {
  /** matches / (matches + mismatches), in [0, 1] (1 for a blueprint of air over an empty world). */
  score: number;
  /** No mismatch: the blueprint is built. */
  complete: boolean;
  matches: BlockCheck[];
  mismatches: BlockCheck[];
  /** Per level, in the order of `blueprint.levels`. */
  levels: { level: number; matches: number; mismatches: number }[];
}

/**
 * Blueprint completion as MindCraft scores it: level by level, for each `placement[z][x]` the block at
 * (x0 + x, y0, z0 + z) of the level's `coordinates` is read; cells that are air in both are skipped;
 * the others are matches or mismatches; score = matches / (matches + mismatches).
 * @example
 * blueprintCompletion(world, task.blueprint).score; // 0.42
 */
export function blueprintCompletion(world: BlockReader, blueprint: Blueprint): CompletionResult {
  const matches: BlockCheck[] = [];
  const mismatches: BlockCheck[] = [];
  const levels: CompletionResult["levels"] = [];
  for (const lv of blueprint.levels) {
    const [x0, y0, z0] = lv.coordinates;
    let mt = 0, mm = 0;
    lv.placement.forEach((row, z) => row.forEach((raw, x) => {
      const expected = raw === "" ? "air" : raw;
      const coordinates: Vec3 = [x0 + x, y0, z0 + z];
      const actual = world.blockAt(coordinates);
      if (expected === "air" && actual === "air") return;
      const c = { level: lv.level, coordinates, expected, actual };
      if (actual === expected) { matches.push(c); mt++; } else { mismatches.push(c); mm++; }
    }));
    levels.push({ level: lv.level, matches: mt, mismatches: mm });
  }
  const total = matches.length + mismatches.length;
  return { score: total === 0 ? 1 : matches.length / total, complete: mismatches.length === 0, matches, mismatches, levels };
}

/**
 * The neighbour that may also plan cell c: for a cell in the column next to a partition boundary (the last column of
 * an agent's x-stripe, or the first), the agent that owns the column across the boundary at the same level; −1 for
 * cells inside a stripe (and with one agent).
 * @example
 * claimantOf(task, c); // 1 for a cell of agent 0's last column when agent 1's stripe starts next to it
 */
export function claimantOf(task: CompiledTask, c: number): number {
  const n = task.nAgents;
  if (n < 2) return -1;
  const g = task.cells[c];
  const x = g % task.W;
  const y = Math.floor(g / (task.W * task.D));
  const stripe = Math.max(1, Math.ceil(task.W / n));
  const s = Math.min(n - 1, Math.floor(x / stripe));
  const ownerOf = (t: number) => (task.world.assignment === "interleaved" ? (t + y) % n : t);
  if (s < n - 1 && x === (s + 1) * stripe - 1) return ownerOf(s + 1);
  if (s > 0 && x === s * stripe) return ownerOf(s - 1);
  return -1;
}

/** Seconds of game time per simulator tick: one action (a step, a placement, one unit collected) per second. */
export const SECONDS_PER_TICK = 1;

/**
 * The simulator's world: the episode state in flat typed arrays. It implements `World` for external
 * callers (tests, replays, a controller); the engine's hot loop reads and writes the arrays directly
 * and shares the placement primitive (`placeCell`).
 */
export class BlockWorld implements World {
  t = 0;
  nPlaced = 0;
  nextDisruption = 0;
  readonly n: number;
  readonly nMat: number;
  placed!: Uint8Array;
  inv!: Int32Array;
  /** Remaining need per agent and material (own unplaced cells). */
  need!: Int32Array;
  /** Beliefs: what agent a believes of teammate b, `belInv[(a * n + b) * nMat + m]`, `belX[a * n + b]`, … */
  belInv!: Int32Array;
  belX!: Int16Array;
  belZ!: Int16Array;
  belTools!: Uint8Array;
  pool!: Int32Array;
  tools!: Uint8Array;
  blocked!: Uint8Array;
  posX!: Int16Array;
  posZ!: Int16Array;
  busy!: Int32Array;
  /** Ticks each agent lost to recovery, reading, giving, travel for others and idling. */
  lost!: Int32Array;
  idleRun!: Int32Array;
  /** Cell an agent was asked to place first (DEPENDENCY_WAIT), or -1. */
  priority!: Int32Array;
  /** Cells each agent owns, grouped by agent; `ownStart[a]..ownStart[a+1]`. */
  readonly ownList!: Int32Array;
  readonly ownStart!: Int32Array;
  cursor!: Int32Array;
  /** Own blocks not yet placed, per agent. */
  ownLeft!: Int32Array;
  /** Open problem id per (agent, material), per support cell, per agent's path; -1 when none. */
  openMat!: Int32Array;
  openDep!: Int32Array;
  openPath!: Int32Array;
  openConf!: Int32Array;
  /** Open contested-cell conflict per (agent, cell), `openCell[a * nCells + c]`; -1 when none. */
  openCell!: Int32Array;
  /**
   * Who plans to place each cell, a bit per agent: its owner, and on a partition boundary possibly the neighbour
   * across it too (a contested cell, see `claimantOf`). A planner drops its bit when the cell is settled to the other.
   */
  plans!: Uint8Array;
  /** The agent that placed each cell (−1 while unplaced). */
  placer!: Int8Array;
  /** The cell each agent is heading for (its current pick), −1 when none. */
  heading!: Int32Array;
  /** Cells planned by two agents at the start of the episode. */
  contested = 0;
  /** The agent whose turn it is within the current tick (n between ticks): a fork made mid-tick finishes the tick. */
  acting!: number;
  /** Bumped whenever something an agent's plan depends on changes (placements, inventories, paths, priorities). */
  version = 0;
  /** The version at which an agent last found nothing to do. */
  idleVersion!: Int32Array;
  problems: Problem[] = [];
  /** Ids of problems still open or escalated. */
  active: number[] = [];
  effects: Effect[] = [];
  /** Adjudication cases waiting for the bounded adjudicator (problem ids). */
  pending: number[] = [];
  counters: Counters = { messages: 0, tokens: 0, adjudications: 0, conflicts: 0, conflictsGray: 0, conflictsGrayEscalated: 0 };
  msgs: Msg[] = [];
  links: Link[] = [];
  watches: Watch[] = [];
  escalations: EscalationRecord[] = [];
  /** Keyed random numbers (chat deviations; shared with forked branches). */
  keyed!: KeyedStream;
  /** Runs a forked world to the end of its episode (set by the episode loop; null: no counterfactuals). */
  runBranch: ((branch: BlockWorld) => void) | null = null;
  log: EventRow[] | null;
  /** Free-chat messages whose text a language model writes between ticks (null: the offline cost model only). */
  chatSink: ChatRequest[] | null = null;
  /** True in a counterfactual copy: only local recovery, no logging, no nested rollouts. */
  inRollout = false;

  constructor(readonly task: CompiledTask, readonly params: SimParams, public flags: PolicyFlags, readonly rng: Rng, log: boolean, keyed?: KeyedStream, src?: BlockWorld) {
    const n = (this.n = task.nAgents);
    const nMat = (this.nMat = task.materials.length);
    if (src) {
      // a fork: copy the state arrays, share what never changes (the ownership lists), keep the keyed stream
      const self = this as unknown as Record<ArrayField, Int32Array>;
      for (const k of ARRAY_FIELDS) self[k] = (src[k] as Int32Array).slice();
      (this as { ownList: Int32Array }).ownList = src.ownList;
      (this as { ownStart: Int32Array }).ownStart = src.ownStart;
      this.acting = src.acting;
      this.keyed = src.keyed;
      this.contested = src.contested;
      this.log = null;
      return;
    }
    const nCells = task.cells.length;
    this.placed = new Uint8Array(nCells);
    this.inv = task.inv0.slice();
    this.belInv = new Int32Array(n * n * nMat);
    for (let a = 0; a < n; a++) for (let b = 0; b < n; b++) this.belInv.set(task.inv0.subarray(b * nMat, (b + 1) * nMat), (a * n + b) * nMat);
    this.belTools = new Uint8Array(n * n);
    for (let a = 0; a < n; a++) for (let b = 0; b < n; b++) this.belTools[a * n + b] = task.tools0[b];
    this.pool = task.pool0.slice();
    this.tools = task.tools0.slice();
    this.blocked = new Uint8Array(n);
    this.posX = new Int16Array(n);
    this.posZ = new Int16Array(n);
    for (let a = 0; a < n; a++) {
      this.posX[a] = Math.floor(((a + 0.5) * task.W) / n);
      this.posZ[a] = -2;
    }
    this.belX = new Int16Array(n * n);
    this.belZ = new Int16Array(n * n).fill(-2);
    for (let a = 0; a < n; a++) for (let b = 0; b < n; b++) this.belX[a * n + b] = this.posX[b];
    this.keyed = keyed ?? KeyedStream.of(rng, "world");
    // contested cells: a boundary cell is also planned by the neighbour across the boundary with probability
    // `contestedCells` (a draw per cell); a rigid plan assigns every cell once at t0
    this.plans = new Uint8Array(nCells);
    for (let c = 0; c < nCells; c++) {
      this.plans[c] = 1 << task.owner[c];
      const b = flags.rigid || params.contestedCells <= 0 ? -1 : claimantOf(task, c);
      if (b >= 0 && this.keyed.u(-1, c, 0x636c61, 0) < params.contestedCells) { this.plans[c] |= 1 << b; this.contested++; }
    }
    this.placer = new Int8Array(nCells).fill(-1);
    this.heading = new Int32Array(n).fill(-1);
    this.openCell = new Int32Array(n * nCells).fill(-1);
    // material need is the responsible planner's (the owner's until the cell is settled to the other): a claimant
    // places a contested cell only with a unit it holds, taken from its own cells' units
    this.need = new Int32Array(n * nMat);
    for (let c = 0; c < nCells; c++) this.need[task.owner[c] * nMat + task.cellMat[c]]++;
    this.busy = new Int32Array(n);
    this.lost = new Int32Array(n);
    this.idleRun = new Int32Array(n);
    this.priority = new Int32Array(n).fill(-1);
    // each agent's plan in grid order (level by level): its own cells and the contested cells it also claims
    this.ownStart = new Int32Array(n + 1);
    for (let c = 0; c < nCells; c++) for (let a = 0; a < n; a++) if (this.plans[c] & (1 << a)) this.ownStart[a + 1]++;
    for (let a = 0; a < n; a++) this.ownStart[a + 1] += this.ownStart[a];
    this.ownList = new Int32Array(this.ownStart[n]);
    const fillAt = this.ownStart.slice(0, n);
    for (let c = 0; c < nCells; c++) for (let a = 0; a < n; a++) if (this.plans[c] & (1 << a)) this.ownList[fillAt[a]++] = c;
    this.cursor = this.ownStart.slice(0, n);
    this.ownLeft = new Int32Array(n);
    for (let a = 0; a < n; a++) this.ownLeft[a] = this.ownStart[a + 1] - this.ownStart[a];
    this.openMat = new Int32Array(n * nMat).fill(-1);
    this.openDep = new Int32Array(nCells).fill(-1);
    this.openPath = new Int32Array(n).fill(-1);
    this.openConf = new Int32Array(n * nMat).fill(-1);
    this.acting = n;
    this.idleVersion = new Int32Array(n).fill(-1);
    this.log = log ? [] : null;
  }

  /**
   * A fork of the world for a counterfactual branch: the same policy, state and random streams (keyed draws),
   * no log, no chat sink, and no nested counterfactuals (`inRollout`).
   */
  fork(): BlockWorld {
    // built by the constructor (same hidden class as every world, so the hot loop stays monomorphic), then overwritten
    const w = new BlockWorld(this.task, this.params, this.flags, this.rng, false, this.keyed, this);
    w.t = this.t; w.nPlaced = this.nPlaced; w.nextDisruption = this.nextDisruption; w.version = this.version;
    w.problems = this.problems.slice();
    for (const id of this.active) w.problems[id] = { ...this.problems[id] };
    w.active = this.active.slice();
    w.effects = this.effects.slice();
    w.pending = this.pending.slice();
    w.counters = { ...this.counters };
    w.msgs = this.msgs.slice();
    w.watches = this.watches.slice();
    w.inRollout = true;
    return w;
  }

  /**
   * The state as plain JSON, to save a run in progress or replay it.
   * @example
   * const snap = JSON.stringify(world.snapshot());
   */
  snapshot(): WorldSnapshot {
    const arrays = {} as Record<ArrayField, number[]>;
    for (const k of ARRAY_FIELDS) arrays[k] = Array.from(this[k]);
    return {
      t: this.t, nPlaced: this.nPlaced, nextDisruption: this.nextDisruption, version: this.version, arrays,
      problems: this.problems.map((p) => ({ ...p })),
      active: this.active.slice(), effects: this.effects.map((e) => ({ ...e, causes: e.causes.slice() })), pending: this.pending.slice(), counters: { ...this.counters },
      msgs: this.msgs.map((m) => ({ ...m })), links: this.links.map((l) => ({ ...l })), watches: this.watches.map((x) => ({ ...x })),
      escalations: this.escalations.map((e) => ({ ...e })),
    };
  }

  /**
   * A world rebuilt from a snapshot of the same task. Random streams are the caller's: pass the ones to continue with.
   * @throws RangeError when the snapshot's arrays do not fit the task.
   * @example
   * const w2 = BlockWorld.restore(task, params, policyFlags("rigid"), createRng(1), JSON.parse(snap));
   */
  static restore(task: CompiledTask, params: SimParams, flags: PolicyFlags, rng: Rng, snap: WorldSnapshot, log = false): BlockWorld {
    const w = new BlockWorld(task, params, flags, rng, log);
    for (const k of ARRAY_FIELDS) {
      if (snap.arrays[k].length !== w[k].length) throw new RangeError(`BlockWorld.restore: ${k} has ${snap.arrays[k].length} values, the task needs ${w[k].length}`);
      (w[k] as Int32Array).set(snap.arrays[k]);
    }
    w.t = snap.t; w.nPlaced = snap.nPlaced; w.nextDisruption = snap.nextDisruption; w.version = snap.version;
    w.problems = snap.problems.map((p) => ({ ...p }));
    w.active = snap.active.slice(); w.effects = snap.effects.map((e) => ({ ...e })); w.pending = snap.pending.slice();
    w.counters = { ...snap.counters };
    w.msgs = snap.msgs.map((m) => ({ ...m })); w.links = snap.links.map((l) => ({ ...l })); w.watches = snap.watches.map((x) => ({ ...x }));
    w.escalations = snap.escalations.map((e) => ({ ...e }));
    return w;
  }

  // ---- the World interface ----
  get agents(): number { return this.n; }
  get tick(): number { return this.t; }

  /** Grid index of a world position, or −1 outside the blueprint's box. */
  gridOf(pos: Vec3): number {
    const { W, D, H, origin } = this.task;
    const x = pos[0] - origin[0], y = pos[1] - origin[1], z = pos[2] - origin[2];
    if (x < 0 || y < 0 || z < 0 || x >= W || y >= H || z >= D) return -1;
    return (y * D + z) * W + x;
  }
  blockAt(pos: Vec3): string {
    const g = this.gridOf(pos);
    const c = g < 0 ? -1 : this.task.cellOf[g];
    return c >= 0 && this.placed[c] ? this.task.materials[this.task.cellMat[c]] : "air";
  }
  inventory(agent: number): Record<string, number> {
    const out: Record<string, number> = { ...this.task.carried[agent] };
    for (let m = 0; m < this.nMat; m++) if (this.inv[agent * this.nMat + m] > 0) out[this.task.materials[m]] = this.inv[agent * this.nMat + m];
    if (this.tools[agent] > 0) out[this.task.pickaxe[agent]] = this.tools[agent];
    return out;
  }
  position(agent: number): Vec3 {
    const o = this.task.origin;
    return [o[0] + this.posX[agent], o[1], o[2] + this.posZ[agent]];
  }
  move(agent: number, to: Vec3): ActionResult {
    if (this.blocked[agent]) return { ok: false, reason: "path blocked: dig it or ask for help" };
    const o = this.task.origin;
    const x = to[0] - o[0], z = to[2] - o[2];
    const ticks = Math.max(Math.abs(x - this.posX[agent]), Math.abs(z - this.posZ[agent]));
    this.posX[agent] = x; this.posZ[agent] = z;
    return { ok: true, ticks };
  }
  collect(agent: number, block: string, count: number): ActionResult {
    const m = this.task.materials.indexOf(block);
    if (m < 0) return { ok: false, reason: `${block} is not a material of this blueprint` };
    if (!this.task.canCollect[agent]) return { ok: false, reason: "this agent may not collect (blocked_actions)" };
    if (this.pool[m] < count) return { ok: false, reason: `the site has ${this.pool[m]} ${block}, not ${count}` };
    this.pool[m] -= count;
    this.inv[agent * this.nMat + m] += count;
    this.version++;
    return { ok: true, ticks: count * this.params.collectTicks };
  }
  place(agent: number, pos: Vec3, block: string): ActionResult {
    const g = this.gridOf(pos);
    const c = g < 0 ? -1 : this.task.cellOf[g];
    if (c < 0) return { ok: false, reason: "the block world holds only the blueprint's cells" };
    if (this.placed[c]) return { ok: false, reason: `${this.blockAt(pos)} is already there` };
    const m = this.task.materials.indexOf(block);
    if (m !== this.task.cellMat[c]) return { ok: false, reason: `the blueprint wants ${this.task.materials[this.task.cellMat[c]]} there, not ${block}` };
    if (this.inv[agent * this.nMat + m] <= 0) return { ok: false, reason: `no ${block} in the inventory` };
    const b = this.task.below[c];
    if (b >= 0 && !this.placed[b]) return { ok: false, reason: "its support below is missing" };
    const d = Math.max(Math.abs(this.cellX(c) - this.posX[agent]), Math.abs(this.cellZ(c) - this.posZ[agent]));
    if (d > this.params.reach) return { ok: false, reason: `out of reach (${d} > ${this.params.reach})` };
    this.placeCell(agent, c);
    return { ok: true, ticks: 1 };
  }
  dig(agent: number, pos: Vec3): ActionResult {
    if (this.tools[agent] <= 0) return { ok: false, reason: "no pickaxe" };
    const g = this.gridOf(pos);
    const c = g < 0 ? -1 : this.task.cellOf[g];
    if (c >= 0 && this.placed[c]) {
      for (let k = 0; k < c; k++) if (this.task.below[k] === c && this.placed[k]) return { ok: false, reason: "a placed block rests on it" };
      this.placed[c] = 0; this.nPlaced--; this.placer[c] = -1;
      const m = this.task.cellMat[c];
      this.inv[agent * this.nMat + m]++;
      this.need[this.plannerOf(c) * this.nMat + m]++;
      for (let o = 0; o < this.n; o++) {
        if (!(this.plans[c] & (1 << o))) continue;
        this.ownLeft[o]++;
        if (this.cursor[o] > this.ownStart[o]) this.cursor[o] = this.ownStart[o];
      }
      this.version++;
      return { ok: true, ticks: this.params.digTicks };
    }
    if (this.blocked[agent]) { this.blocked[agent] = 0; this.version++; return { ok: true, ticks: this.params.digTicks }; }
    return { ok: false, reason: "nothing to dig there" };
  }
  give(from: number, to: number, item: string, count: number): ActionResult {
    if (!this.task.canGive[from]) return { ok: false, reason: "this agent may not give (blocked_actions)" };
    const m = this.task.materials.indexOf(item);
    if (m < 0) return { ok: false, reason: `${item} is not a material of this blueprint` };
    if (this.inv[from * this.nMat + m] < count) return { ok: false, reason: `agent ${from} holds ${this.inv[from * this.nMat + m]} ${item}, not ${count}` };
    const travel = Math.max(0, this.dist(from, to) - 1);
    this.inv[from * this.nMat + m] -= count;
    this.inv[to * this.nMat + m] += count;
    this.posX[from] = this.posX[to]; this.posZ[from] = this.posZ[to];
    this.version++;
    return { ok: true, ticks: 1 + travel + this.params.giveTicks };
  }
  wait(ticks: number): void {
    this.t += ticks;
    for (let a = 0; a < this.n; a++) this.busy[a] = Math.max(0, this.busy[a] - ticks);
  }

  /**
   * Places cell c from agent a's inventory (no checks: the caller has made them): the responsible planner needs one
   * unit less, every agent that planned the cell is done with it.
   */
  placeCell(a: number, c: number): void {
    const m = this.task.cellMat[c];
    this.placed[c] = 1;
    this.placer[c] = a;
    this.nPlaced++;
    this.version++;
    this.inv[a * this.nMat + m]--;
    this.need[this.plannerOf(c) * this.nMat + m]--;
    const pl = this.plans[c];
    if (pl === 1 << a) { this.ownLeft[a]--; if (this.heading[a] === c) this.heading[a] = -1; return; }
    for (let o = 0; o < this.n; o++) {
      if (pl & (1 << o)) this.ownLeft[o]--;
      if (this.heading[o] === c) this.heading[o] = -1;
    }
  }

  /** Whether agent a (still) plans to place cell c. */
  plansCell(a: number, c: number): boolean { return (this.plans[c] & (1 << a)) !== 0; }

  /** The other agent that plans cell c besides a (its rival for a contested cell), or −1. */
  rivalFor(a: number, c: number): number {
    const others = this.plans[c] & ~(1 << a);
    if (others === 0) return -1;
    return 31 - Math.clz32(others & -others);
  }

  /** Who is responsible for cell c (its material need is counted there): its owner while it plans it, else the agent the cell was settled to. */
  plannerOf(c: number): number {
    const o = this.task.owner[c];
    if (this.plans[c] & (1 << o)) return o;
    return this.plans[c] === 0 ? o : 31 - Math.clz32(this.plans[c] & -this.plans[c]);
  }

  /**
   * Agent a drops cell c from its plan (the cell was settled to its rival); if a was responsible for it, the need
   * for its material moves to the rival. No-op if the cell is placed, not a's, or a's alone.
   */
  dropCell(a: number, c: number): boolean {
    if (this.placed[c] || !(this.plans[c] & (1 << a)) || this.plans[c] === 1 << a) return false;
    const m = this.task.cellMat[c];
    const was = this.plannerOf(c);
    this.plans[c] &= ~(1 << a);
    if (was === a) { this.need[a * this.nMat + m]--; this.need[this.plannerOf(c) * this.nMat + m]++; }
    this.ownLeft[a]--;
    if (this.heading[a] === c) this.heading[a] = -1;
    this.version++;
    return true;
  }

  cellX(c: number): number { return this.task.cells[c] % this.task.W; }
  cellZ(c: number): number { return Math.floor(this.task.cells[c] / this.task.W) % this.task.D; }
  cellY(c: number): number { return Math.floor(this.task.cells[c] / (this.task.W * this.task.D)); }
  /** Chebyshev distance in x/z between two agents. */
  dist(a: number, b: number): number {
    return Math.max(Math.abs(this.posX[a] - this.posX[b]), Math.abs(this.posZ[a] - this.posZ[b]));
  }
  remaining(a: number): number {
    let r = 0;
    for (let m = 0; m < this.nMat; m++) r += this.need[a * this.nMat + m];
    return r;
  }

  /** The open (or escalated) problem of an agent with this kind and target, if any. */
  findOpen(agent: number, kind: ProblemKind, target: number): Problem | undefined {
    for (let i = this.problems.length - 1; i >= 0; i--) {
      const p = this.problems[i];
      if (p.agent === agent && p.kind === kind && p.target === target && (p.status === "open" || p.status === "escalated")) return p;
    }
    return undefined;
  }

  emit(row: Partial<EventRow> & { agent: number; event: string }): void {
    if (!this.log) return;
    this.log.push({
      tick: this.t, problem: null, kind: null, S: null, C: null, R: null, I: null, L: null, H: null, decision: null,
      via: null, msg_type: null, item: null, count: null, cost: null, text: null, msg: null,
      cf_escalate_ticks: null, cf_local_ticks: null, cf_escalate_blocks: null, cf_local_blocks: null,
      cf_escalate_agent_ticks: null, cf_local_agent_ticks: null, necessary: null, ...row,
    });
  }

  /** Blueprint score as MindCraft computes it: matches / (matches + mismatches) over cells not air in both. */
  blueprintScore(): number {
    return blueprintCompletion(this, this.task.blueprint).score;
  }
}
