/**
 * The mutable state of one episode, in flat typed arrays so that a copy for a counterfactual
 * rollout is a handful of `slice()` calls. Agents' private execution state (inventory, position,
 * active subtask, blocked state, verified history) lives here next to the world; the public
 * coordination state is the message log and `dirInv`, the inventories as known from
 * TRANSFER_DONE messages.
 */
import type { Rng } from "../core/rng.js";
import type { CompiledTask } from "./task.js";
import type { MessageType, PolicyFlags, Problem, ProblemKind, SimParams } from "./types.js";

/** A scheduled effect: a reply, a transfer, a timeout, help arriving. */
export interface Effect {
  at: number;
  kind: "transfer" | "cannot" | "timeout" | "unblock" | "priority";
  problem: number;
  /** The escalation attempt it belongs to (stale attempts are ignored). */
  attempt: number;
  from: number;
  to: number;
  item: number;
  count: number;
}

/** The typed-array fields of a world, in one list (copy, snapshot and restore walk it). */
const ARRAY_FIELDS = [
  "placed", "inv", "need", "dirInv", "pool", "tools", "blocked", "posX", "posZ", "busy", "lost", "idleRun", "priority",
  "cursor", "idleVersion", "ownLeft", "openMat", "openDep", "openPath",
] as const;
type ArrayField = (typeof ARRAY_FIELDS)[number];

/** A world's state as plain JSON (the task, parameters, policy and random streams are not part of it). */
export interface WorldSnapshot {
  t: number; nPlaced: number; nextDisruption: number; version: number;
  arrays: Record<ArrayField, number[]>;
  problems: Problem[]; active: number[]; effects: Effect[]; pending: number[]; counters: Counters;
}

/** One row of the event log (uniform columns; absent fields are null). */
export interface EventRow {
  tick: number; agent: number; event: string; problem: number | null; kind: string | null;
  S: number | null; C: number | null; R: number | null; I: number | null; L: number | null; H: number | null;
  decision: string | null; via: string | null; msg_type: string | null; item: string | null; count: number | null;
  cost: number | null; local_cost: number | null;
  /** Free text of a chat message written by a language model. */
  text: string | null;
}

/** A free-chat message waiting for its text (language-model runs only). */
export interface ChatRequest { tick: number; from: number; type: MessageType; kind: string | null; subject: string | null }

export interface Counters {
  messages: number; effective: number; tokens: number; adjudications: number;
}

export class World {
  t = 0;
  nPlaced = 0;
  nextDisruption = 0;
  readonly n: number;
  readonly nMat: number;
  placed: Uint8Array;
  inv: Int32Array;
  /** Remaining need per agent and material (own unplaced cells). */
  need: Int32Array;
  /** Inventories as the public state knows them (initial + TRANSFER_DONE). */
  dirInv: Int32Array;
  pool: Int32Array;
  tools: Uint8Array;
  blocked: Uint8Array;
  posX: Int16Array;
  posZ: Int16Array;
  busy: Int32Array;
  /** Ticks each agent lost to recovery, reading, giving, travel for others and idling. */
  lost: Int32Array;
  idleRun: Int32Array;
  /** Cell an agent was asked to place first (DEPENDENCY_WAIT), or -1. */
  priority: Int32Array;
  /** Cells each agent owns, grouped by agent; `ownStart[a]..ownStart[a+1]`. */
  readonly ownList: Int32Array;
  readonly ownStart: Int32Array;
  cursor: Int32Array;
  /** Own blocks not yet placed, per agent. */
  ownLeft: Int32Array;
  /** Open problem id per (agent, material), per support cell, per agent's path; -1 when none. */
  openMat: Int32Array;
  openDep: Int32Array;
  openPath: Int32Array;
  /** Bumped whenever something an agent's plan depends on changes (placements, inventories, paths, priorities). */
  version = 0;
  /** The version at which an agent last found nothing to do. */
  idleVersion: Int32Array;
  problems: Problem[] = [];
  /** Ids of problems still open or escalated. */
  active: number[] = [];
  effects: Effect[] = [];
  /** Adjudication cases waiting for the bounded adjudicator (problem ids). */
  pending: number[] = [];
  counters: Counters = { messages: 0, effective: 0, tokens: 0, adjudications: 0 };
  log: EventRow[] | null;
  /** Free-chat messages whose text a language model writes between ticks (null: the offline cost model only). */
  chatSink: ChatRequest[] | null = null;
  /** True in a counterfactual copy: only local recovery, no logging, no nested rollouts. */
  inRollout = false;

  constructor(readonly task: CompiledTask, readonly params: SimParams, public flags: PolicyFlags, readonly rng: Rng, log: boolean) {
    const n = (this.n = task.nAgents);
    const nMat = (this.nMat = task.materials.length);
    const nCells = task.cells.length;
    this.placed = new Uint8Array(nCells);
    this.inv = task.inv0.slice();
    this.dirInv = task.inv0.slice();
    this.need = new Int32Array(n * nMat);
    for (let c = 0; c < nCells; c++) this.need[task.owner[c] * nMat + task.cellMat[c]]++;
    this.pool = task.pool0.slice();
    this.tools = task.tools0.slice();
    this.blocked = new Uint8Array(n);
    this.posX = new Int16Array(n);
    this.posZ = new Int16Array(n);
    for (let a = 0; a < n; a++) {
      this.posX[a] = Math.floor(((a + 0.5) * task.W) / n);
      this.posZ[a] = -2;
    }
    this.busy = new Int32Array(n);
    this.lost = new Int32Array(n);
    this.idleRun = new Int32Array(n);
    this.priority = new Int32Array(n).fill(-1);
    this.ownStart = new Int32Array(n + 1);
    for (let c = 0; c < nCells; c++) this.ownStart[task.owner[c] + 1]++;
    for (let a = 0; a < n; a++) this.ownStart[a + 1] += this.ownStart[a];
    this.ownList = new Int32Array(nCells);
    const fillAt = this.ownStart.slice(0, n);
    for (let c = 0; c < nCells; c++) this.ownList[fillAt[task.owner[c]]++] = c;
    this.cursor = this.ownStart.slice(0, n);
    this.ownLeft = new Int32Array(n);
    for (let a = 0; a < n; a++) this.ownLeft[a] = this.ownStart[a + 1] - this.ownStart[a];
    this.openMat = new Int32Array(n * nMat).fill(-1);
    this.openDep = new Int32Array(nCells).fill(-1);
    this.openPath = new Int32Array(n).fill(-1);
    this.idleVersion = new Int32Array(n).fill(-1);
    this.log = log ? [] : null;
  }

  /** A deep copy for a counterfactual rollout (typed arrays sliced, problems copied, no log). */
  cloneForRollout(): World {
    // built by the constructor (same hidden class as every world, so the hot loop stays monomorphic), then overwritten
    const w = new World(this.task, this.params, { ...this.flags, decide: "never", freeChat: false, rigid: false }, this.rng, false);
    w.t = this.t; w.nPlaced = this.nPlaced; w.nextDisruption = this.nextDisruption; w.version = this.version;
    for (const k of ARRAY_FIELDS) (w[k] as Int32Array).set(this[k]);
    w.problems = this.problems.slice();
    for (const id of this.active) w.problems[id] = { ...this.problems[id] };
    w.active = this.active.slice();
    w.effects = this.effects.slice();
    w.counters = { ...this.counters };
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
      problems: this.problems.map((p) => ({ ...p, localCost: Number.isFinite(p.localCost) ? p.localCost : -1 })),
      active: this.active.slice(), effects: this.effects.map((e) => ({ ...e })), pending: this.pending.slice(), counters: { ...this.counters },
    };
  }

  /**
   * A world rebuilt from a snapshot of the same task. Random streams are the caller's: pass the ones to continue with.
   * @throws RangeError when the snapshot's arrays do not fit the task.
   * @example
   * const w2 = World.restore(task, params, policyFlags("rigid"), createRng(1), JSON.parse(snap));
   */
  static restore(task: CompiledTask, params: SimParams, flags: PolicyFlags, rng: Rng, snap: WorldSnapshot, log = false): World {
    const w = new World(task, params, flags, rng, log);
    for (const k of ARRAY_FIELDS) {
      if (snap.arrays[k].length !== w[k].length) throw new RangeError(`World.restore: ${k} has ${snap.arrays[k].length} values, the task needs ${w[k].length}`);
      (w[k] as Int32Array).set(snap.arrays[k]);
    }
    w.t = snap.t; w.nPlaced = snap.nPlaced; w.nextDisruption = snap.nextDisruption; w.version = snap.version;
    w.problems = snap.problems.map((p) => ({ ...p, localCost: p.localCost < 0 ? Infinity : p.localCost }));
    w.active = snap.active.slice(); w.effects = snap.effects.map((e) => ({ ...e })); w.pending = snap.pending.slice();
    w.counters = { ...snap.counters };
    return w;
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
      via: null, msg_type: null, item: null, count: null, cost: null, local_cost: null, text: null, ...row,
    });
  }

  /** Blueprint score as MindCraft computes it: matches / (matches + mismatches) over cells not air in both. */
  blueprintScore(): number {
    const total = this.task.cells.length;
    return total === 0 ? 1 : this.nPlaced / total;
  }
}
