/**
 * The simulator's state of one episode, in flat typed arrays so that a fork for a counterfactual branch is a handful
 * of `slice()` calls. Agents' private execution state (inventory, position, active subtask, blocked state, verified
 * history) lives here next to the world. Each agent also keeps its own belief store about its teammates
 * (inventories, positions, pickaxes), fed only by the messages it reads and by what it sees; beliefs go stale after
 * losses and transfers it did not hear of. `BlockWorld` (block-world.ts) adds the `World` interface and forks; the
 * engine reads and writes the arrays directly.
 */
import type { Rng } from "../core/rng.js";
import { KeyedStream } from "./keyed.js";
import type { ChatRequest, Counters, Decision, Effect, EscalationRecord, EventRow, FoundConflict, Link, Msg, Watch } from "./records.js";
import type { CompiledTask } from "./task.js";
import type { PolicyFlags, Problem, ProblemKind, SimParams } from "./types.js";

/** The typed-array fields of a world, in one list (copy, snapshot and restore walk it). */
export const ARRAY_FIELDS = [
  "placed", "inv", "need", "belInv", "belX", "belZ", "belTools", "pool", "tools", "blocked", "posX", "posZ", "busy", "lost", "idleRun", "priority",
  "cursor", "idleVersion", "ownLeft", "openMat", "openDep", "openPath", "openConf", "plans", "placer", "heading", "openCell",
] as const;
export type ArrayField = (typeof ARRAY_FIELDS)[number];

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

/**
 * The simulator's world: the episode state in flat typed arrays. It implements `World` for external
 * callers (tests, replays, a controller); the engine's hot loop reads and writes the arrays directly
 * and shares the placement primitive (`placeCell`).
 */
export class WorldState {
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
  /** Open contested-cell conflict per (agent, contested cell), `openCell[a * contested + contestIndex[c]]`; -1 when none. */
  openCell!: Int32Array;
  /** Index of each cell among the cells planned twice at the start (−1 for the others); shared by forks. */
  readonly contestIndex!: Int32Array;
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
  /**
   * Where the tick stands: −1 after its start (disruptions, effects), a after agent a's turn, n after its end phase
   * (sight, resolution), n + 1 between ticks. A fork taken at a decision finishes the tick from there (`continueTick`).
   */
  acting!: number;
  /** Bumped whenever something an agent's plan depends on changes (placements, inventories, paths, priorities). */
  version = 0;
  /** Some agent moved since the agents last looked around (see engine.ts). */
  moved = true;
  /** The version at which an agent last found nothing to do. */
  idleVersion!: Int32Array;
  problems: Problem[] = [];
  /** Ids of problems still open or escalated. */
  active: number[] = [];
  /** Scheduled effects, in the order scheduled (add them with `schedule`). */
  effects: Effect[] = [];
  /** The earliest tick an effect is due (Infinity when none): ticks before it skip the effects. */
  nextEffectAt = Infinity;
  /** The version and problem count at the last resolution check (a tick with neither changed has nothing to resolve). */
  checkedVersion = -1;
  checkedProblems = -1;
  /** Adjudication cases waiting for the bounded adjudicator (problem ids). */
  pending: number[] = [];
  /** Problems met during the current phase of the tick, judged at its end (ids, in the order met). */
  toJudge: number[] = [];
  /** Decisions taken and not yet carried out (carried out at the end of the phase, see decide.ts). */
  decisions: Decision[] = [];
  /** Conflicts the channel or a local recovery found (registered as problems at the end of the phase). */
  found: FoundConflict[] = [];
  /** True while the decisions of a phase are being carried out. */
  flushing = false;
  /** Replaces a decision before it is carried out (a what-if replay; null: the policy's decisions stand). */
  override: ((w: this, p: Problem, d: "local" | "escalate") => "local" | "escalate") | null = null;
  /** Also roll out the decision that was taken, at every escalation (the null check of the counterfactual). */
  nullCheck = false;
  counters: Counters = { messages: 0, tokens: 0, adjudications: 0, conflicts: 0, conflictsGray: 0, conflictsGrayEscalated: 0 };
  msgs: Msg[] = [];
  links: Link[] = [];
  watches: Watch[] = [];
  escalations: EscalationRecord[] = [];
  /** Keyed random numbers (chat deviations; shared with forked branches). */
  keyed!: KeyedStream;
  /** Runs a forked world to the end of its episode (set by the episode loop; null: no counterfactuals). */
  runBranch: ((branch: this) => void) | null = null;
  log: EventRow[] | null;
  /** Free-chat messages whose text a language model writes between ticks (null: the offline cost model only). */
  chatSink: ChatRequest[] | null = null;
  /** True in a counterfactual copy: only local recovery, no logging, no nested rollouts. */
  inRollout = false;

  constructor(readonly task: CompiledTask, readonly params: SimParams, public flags: PolicyFlags, readonly rng: Rng, log: boolean, keyed?: KeyedStream, src?: Pick<WorldState, ArrayField | "ownList" | "ownStart" | "contestIndex" | "acting" | "keyed" | "contested">) {
    const n = (this.n = task.nAgents);
    const nMat = (this.nMat = task.materials.length);
    if (src) {
      // a fork: copy the state arrays, share what never changes (the ownership lists), keep the keyed stream
      // one statement per array (not a loop over names: keyed stores by name are slow in the fork's hot path)
      this.placed = src.placed.slice();
      this.inv = src.inv.slice();
      this.need = src.need.slice();
      this.belInv = src.belInv.slice();
      this.belX = src.belX.slice();
      this.belZ = src.belZ.slice();
      this.belTools = src.belTools.slice();
      this.pool = src.pool.slice();
      this.tools = src.tools.slice();
      this.blocked = src.blocked.slice();
      this.posX = src.posX.slice();
      this.posZ = src.posZ.slice();
      this.busy = src.busy.slice();
      this.lost = src.lost.slice();
      this.idleRun = src.idleRun.slice();
      this.priority = src.priority.slice();
      this.cursor = src.cursor.slice();
      this.idleVersion = src.idleVersion.slice();
      this.ownLeft = src.ownLeft.slice();
      this.openMat = src.openMat.slice();
      this.openDep = src.openDep.slice();
      this.openPath = src.openPath.slice();
      this.openConf = src.openConf.slice();
      this.plans = src.plans.slice();
      this.placer = src.placer.slice();
      this.heading = src.heading.slice();
      this.openCell = src.openCell.slice();
      (this as { ownList: Int32Array }).ownList = src.ownList;
      (this as { ownStart: Int32Array }).ownStart = src.ownStart;
      (this as { contestIndex: Int32Array }).contestIndex = src.contestIndex;
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
    (this as { contestIndex: Int32Array }).contestIndex = new Int32Array(nCells).fill(-1);
    for (let c = 0, k = 0; c < nCells; c++) if (this.plans[c] !== 1 << task.owner[c]) this.contestIndex[c] = k++;
    this.openCell = new Int32Array(n * this.contested).fill(-1);
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
    this.acting = n + 1;
    this.idleVersion = new Int32Array(n).fill(-1);
    this.log = log ? [] : null;
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

  /** Schedules an effect. */
  schedule(e: Effect): void {
    this.effects.push(e);
    if (e.at < this.nextEffectAt) this.nextEffectAt = e.at;
  }

  /** Where the open contested-cell conflict of agent a over cell c (a cell planned twice at the start) is kept in `openCell`. */
  cellSlot(a: number, c: number): number { return a * this.contested + this.contestIndex[c]; }

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

  /** A cell as the event log names it: "cell:x,y,z" in world coordinates. */
  cellName(c: number): string {
    const o = this.task.origin;
    return `cell:${o[0] + this.cellX(c)},${o[1] + this.cellY(c)},${o[2] + this.cellZ(c)}`;
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

}
