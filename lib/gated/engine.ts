/**
 * One tick of the block world. Each agent does one action per tick (or spends the tick on a
 * multi-tick action it started: collecting, digging, reading, giving): place a block within reach,
 * move one cell toward the next block, or wait. Problems are detected from the world state only:
 * a block whose support (owned by a teammate) is missing, a material not in the inventory, a
 * blocked path (with or without a pickaxe). Disruptions are scheduled world events of the task.
 */
import { computeFactors, gateDecision, scoreOf } from "./gate.js";
import { escalate, localRecover, observePlacement, processEffects, send } from "./protocol.js";
import { recordCounterfactual } from "./uer.js";
import type { Problem, ProblemKind } from "./types.js";
import type { BlockWorld } from "./world.js";

/**
 * Advances the world by one tick.
 * @example
 * while (w.t < w.task.timeout && w.nPlaced < w.task.cells.length) step(w);
 */
export function step(w: BlockWorld): void {
  applyDisruptions(w);
  processEffects(w);
  w.acting = -1;
  finishTick(w);
}

/**
 * The agents' turns from the one after `w.acting` to the last, then the end of the tick. A world forked in the
 * middle of a tick (an escalation decided during an agent's turn) is finished with this before it steps on.
 * @example
 * const branch = w.fork(); finishTick(branch);
 */
export function finishTick(w: BlockWorld): void {
  if (w.acting >= w.n) return;
  for (let a = w.acting + 1; a < w.n; a++) {
    w.acting = a;
    if (w.busy[a] > 0) { w.busy[a]--; continue; }
    act(w, a);
  }
  w.acting = w.n;
  see(w);
  resolveProblems(w);
  w.t++;
}

/** Agents see the teammates within `sightRange`: their belief about those positions becomes true. */
function see(w: BlockWorld): void {
  if (!w.flags.partition) return;
  const n = w.n, r = w.params.sightRange;
  for (let a = 0; a < n; a++) {
    for (let b = 0; b < n; b++) {
      if (a === b || Math.max(Math.abs(w.posX[a] - w.posX[b]), Math.abs(w.posZ[a] - w.posZ[b])) > r) continue;
      w.belX[a * n + b] = w.posX[b];
      w.belZ[a * n + b] = w.posZ[b];
    }
  }
}

function applyDisruptions(w: BlockWorld): void {
  const ds = w.task.disruptions;
  while (w.nextDisruption < ds.length && ds[w.nextDisruption].tick <= w.t) {
    const d = ds[w.nextDisruption++];
    w.version++;
    if (d.kind === "path_blocked") w.blocked[d.agent] = 1;
    else if (d.kind === "tool_break") w.tools[d.agent] = 0;
    else {
      const m = w.task.materials.indexOf(d.item ?? "");
      const i = d.agent * w.nMat + m;
      if (m >= 0) w.inv[i] = Math.max(0, w.inv[i] - (d.count ?? 1)); // destroyed (burnt, despawned)
    }
    if (w.log) w.emit({ agent: d.agent, event: "disruption", kind: d.kind, item: d.item ?? null, count: d.count ?? null });
  }
}

function act(w: BlockWorld, a: number): void {
  if (w.ownLeft[a] === 0) return;
  const { below, cellMat } = w.task;
  const end = w.ownStart[a + 1];
  const bit = 1 << a;
  while (w.cursor[a] < end && (w.placed[w.ownList[w.cursor[a]]] || !(w.plans[w.ownList[w.cursor[a]]] & bit))) w.cursor[a]++;
  // structured detection on the private state: the remaining plan needs more of a material than the agent holds
  for (let m = 0, i = a * w.nMat; m < w.nMat; m++, i++) {
    if (w.need[i] > w.inv[i] && w.openMat[i] < 0 && !w.flags.rigid) detect(w, a, "missing_material", m, firstCellOf(w, a, m));
  }
  if (w.busy[a] > 0) return;
  if (w.idleVersion[a] === w.version && !w.flags.rigid) return idle(w, a); // nothing changed since the last fruitless scan
  let pick = -1;
  const pc = w.priority[a];
  if (pc >= 0) {
    if (w.placed[pc] || !(w.plans[pc] & bit)) w.priority[a] = -1;
    else if ((below[pc] < 0 || w.placed[below[pc]]) && w.inv[a * w.nMat + cellMat[pc]] > 0 && !contested(w, a, pc)) pick = pc;
  }
  for (let k = w.cursor[a]; pick < 0 && k < end; k++) {
    const c = w.ownList[k];
    if (w.placed[c] || !(w.plans[c] & bit)) continue;
    const b = below[c];
    if (b >= 0 && !w.placed[b]) {
      if (!(w.plans[b] & bit) && w.openDep[b] < 0) detect(w, a, "dependency_block", b, c);
      // a rigid plan keeps its order: it waits on the blocked step until the wait times out
      if (w.flags.rigid && !(w.plans[b] & bit) && w.t - w.problems[w.openDep[b]].detectedAt < w.params.replyTimeout) break;
      continue;
    }
    const m = cellMat[c];
    if (w.inv[a * w.nMat + m] <= 0) {
      // a claimed cell (another agent is responsible) is placed only with a unit at hand
      if (w.openMat[a * w.nMat + m] < 0 && (w.plans[c] === bit || w.plannerOf(c) === a)) detect(w, a, "missing_material", m, c);
      continue;
    }
    if (w.plans[c] !== bit && contested(w, a, c)) continue;
    pick = c;
  }
  if (w.busy[a] > 0) return; // a decision made during the scan (local recovery, reading) took the tick
  if (pick < 0) {
    w.heading[a] = -1;
    w.idleVersion[a] = w.version;
    return idle(w, a);
  }
  w.heading[a] = pick;
  const x = w.cellX(pick), z = w.cellZ(pick);
  const dx = x - w.posX[a], dz = z - w.posZ[a];
  if (Math.max(Math.abs(dx), Math.abs(dz)) <= w.params.reach) return place(w, a, pick);
  if (w.blocked[a]) {
    detect(w, a, w.tools[a] > 0 ? "path_blocked" : "tool_missing", -1, pick);
    if (w.blocked[a] && w.busy[a] === 0) idle(w, a);
    return;
  }
  w.idleRun[a] = 0;
  w.posX[a] += Math.sign(dx);
  w.posZ[a] += Math.sign(dz);
}

/**
 * Whether agent a must leave contested cell c alone for now. When its rival is heading for the same cell and a
 * notices it (under the partition only when it sees the rival, within `sightRange`), that is a conflict: logged,
 * and a `conflict` problem about the cell for a, judged by the gate. Staying local, a keeps the cell in its plan and
 * races for it (whoever gets there first places it; the other has walked for nothing and still holds the unit it
 * kept for it); escalating, a waits for the rival's answer (RESOLVE_CONFLICT → CELL_SETTLED), after which one of them
 * drops the cell from its plan.
 */
function contested(w: BlockWorld, a: number, c: number): boolean {
  const id = w.openCell[a * w.task.cells.length + c];
  if (id >= 0) return w.problems[id].status === "escalated" || w.pending.includes(id);
  const r = w.rivalFor(a, c);
  if (r < 0 || w.heading[r] !== c) return false;
  if (w.flags.partition && w.dist(a, r) > w.params.sightRange) return false;
  contestCell(w, a, c, r);
  const q = w.openCell[a * w.task.cells.length + c];
  return q >= 0 && (w.problems[q].status === "escalated" || w.pending.includes(q));
}

/** A cell as the event log names it: "cell:x,y,z" in world coordinates. */
export function cellName(w: BlockWorld, c: number): string {
  const o = w.task.origin;
  return `cell:${o[0] + w.cellX(c)},${o[1] + w.cellY(c)},${o[2] + w.cellZ(c)}`;
}

function firstCellOf(w: BlockWorld, a: number, m: number): number {
  for (let k = w.cursor[a]; k < w.ownStart[a + 1]; k++) {
    const c = w.ownList[k];
    if (!w.placed[c] && w.task.cellMat[c] === m && w.plans[c] & (1 << a)) return c;
  }
  return -1;
}

function idle(w: BlockWorld, a: number): void {
  w.lost[a]++;
  w.idleRun[a]++;
  for (let i = w.active.length - 1; i >= 0; i--) {
    const p = w.problems[w.active[i]];
    if (p.agent === a && p.status === "escalated") { p.escalationCost++; break; }
  }
  if (w.idleRun[a] === 1 || w.idleRun[a] % w.params.reassessTicks === 0) {
    for (const id of w.active.slice()) {
      const p = w.problems[id];
      if (p.agent === a && p.status === "open" && !w.pending.includes(p.id)) judge(w, p);
    }
  }
}

function place(w: BlockWorld, a: number, c: number): void {
  w.placeCell(a, c);
  w.idleRun[a] = 0;
  if (w.priority[a] === c) w.priority[a] = -1;
  observePlacement(w, a, c);
  const pid = w.openDep[c];
  if (pid >= 0 && w.problems[pid].status === "escalated") {
    const p = w.problems[pid];
    p.lastReplyAt = w.t;
    const done = send(w, a, "DEPENDENCY_DONE", p, p.agent, c);
    if (!w.inRollout) w.watches.push({ msg: done.id, agent: p.agent, kind: "support", item: c, until: w.t + w.params.ecrWindowTicks });
  }
}

function openIndex(w: BlockWorld, kind: ProblemKind, a: number, target: number, onCell: boolean): { arr: Int32Array; i: number } {
  if (kind === "missing_material") return { arr: w.openMat, i: a * w.nMat + target };
  if (kind === "conflict") return onCell ? { arr: w.openCell, i: a * w.task.cells.length + target } : { arr: w.openConf, i: a * w.nMat + target };
  if (kind === "dependency_block") return { arr: w.openDep, i: target };
  return { arr: w.openPath, i: a };
}

/**
 * Structured problem detection: registers a new problem once and sends it through the gate.
 * @example
 * detect(w, 0, "missing_material", 2, cell); // a no-op if agent 0 already has that problem open
 */
export function detect(w: BlockWorld, a: number, kind: ProblemKind, target: number, cell: number, rival = -1, onCell = false): void {
  const { arr, i } = openIndex(w, kind, a, target, onCell);
  if (arr[i] >= 0) return;
  const p: Problem = {
    id: w.problems.length, agent: a, kind, target, cell, detectedAt: w.t, status: "open", escalations: 0, failures: 0,
    via: "local", escalationCost: 0, escalatedAt: -1, rival, lastReplyAt: -1, onCell,
  };
  w.problems.push(p);
  w.active.push(p.id);
  arr[i] = p.id;
  if (w.log) w.emit({ agent: a, event: "detect", problem: p.id, kind, item: kind === "missing_material" ? w.task.materials[target] : onCell ? cellName(w, target) : null });
  judge(w, p);
}

/**
 * A conflict (double-booked surplus, contested site resource): a problem of kind `conflict` for agent a about
 * material m against `rival`, judged by the gate like any other (the adjudicator decides the gray zone).
 * @example
 * detectConflict(w, 0, m, 2, cell);
 */
export function detectConflict(w: BlockWorld, a: number, m: number, rival: number, cell: number): void {
  if (w.flags.rigid) return;
  detect(w, a, "conflict", m, cell, rival);
}

/**
 * A contested cell: agent a and `rival` both plan cell c and the rival is heading for it. Registers the conflict
 * (counted, logged with the tick, both agents and the cell) and a `conflict` problem about the cell for a.
 * @example
 * contestCell(w, 0, c, 1); // a "conflict" event with decision "contested_cell", a problem with onCell
 */
export function contestCell(w: BlockWorld, a: number, c: number, rival: number): void {
  if (w.openCell[a * w.task.cells.length + c] >= 0) return;
  w.counters.conflicts++;
  if (w.log) w.emit({ agent: a, event: "conflict", kind: "conflict", item: cellName(w, c), via: String(rival), decision: "contested_cell" });
  detect(w, a, "conflict", c, c, rival, true);
}

/**
 * Scores a problem and applies the policy's decision (gray-zone cases wait for the adjudicator).
 * @example
 * judge(w, w.problems[3]); // logs a "gate" event with S and the factors
 */
export function judge(w: BlockWorld, p: Problem): void {
  if (w.flags.decide === "never" || p.pinnedLocal) return localRecover(w, p);
  const f = computeFactors(w, p, p.cell);
  if (!w.flags.partition && !w.flags.freeChat) {
    // without the partition the gate reads the one shared public state, at a cost
    const r = Math.ceil(w.params.chatReadTicks / 2);
    w.busy[p.agent] += r;
    w.lost[p.agent] += r;
  }
  const S = scoreOf(f, w.params.weights);
  const d = gateDecision(w.flags, w.params, S, f, p.kind);
  if (w.log) w.emit({ agent: p.agent, event: "gate", problem: p.id, kind: p.kind, S, ...f, decision: d });
  if (p.kind === "conflict" && !w.inRollout && S > w.params.tLow && S < w.params.tHigh) w.counters.conflictsGray++;
  if (d === "adjudicate") {
    w.pending.push(p.id);
    return;
  }
  applyDecision(w, p, d);
}

/**
 * Carries out a local-or-escalate decision. At every escalation of the factual run the world is forked and the
 * stay-local branch rolled out to the episode's end (see uer.ts); the factual run goes on as the escalate branch.
 * @example
 * applyDecision(w, p, "escalate"); // a counterfactual recorded, the request sent
 */
export function applyDecision(w: BlockWorld, p: Problem, d: "local" | "escalate"): void {
  if (p.status !== "open") return;
  if (d === "local") return localRecover(w, p);
  if (!w.inRollout && w.runBranch && w.params.counterfactuals) recordCounterfactual(w, p);
  escalate(w, p);
}

/**
 * Whether the world state has resolved a problem.
 * @example
 * isResolved(w, p); // true once the agent holds what its remaining blocks need
 */
export function isResolved(w: BlockWorld, p: Problem): boolean {
  if (p.onCell) {
    // the cell is built, or settled: one agent alone plans it
    const c = p.target, bit = 1 << p.agent;
    return w.placed[c] === 1 || !(w.plans[c] & bit) || w.plans[c] === bit;
  }
  if (p.kind === "missing_material" || p.kind === "conflict") {
    const i = p.agent * w.nMat + p.target;
    return w.inv[i] >= w.need[i];
  }
  if (p.kind === "dependency_block") return w.placed[p.target] === 1;
  return w.blocked[p.agent] === 0;
}

function resolveProblems(w: BlockWorld): void {
  if (w.active.length === 0) return;
  for (let j = w.active.length - 1; j >= 0; j--) {
    const p = w.problems[w.active[j]];
    if (!isResolved(w, p)) continue;
    w.active.splice(j, 1);
    p.status = p.via === "remote" ? "resolved_remote" : "resolved_local";
    const { arr, i } = openIndex(w, p.kind, p.agent, p.target, p.onCell === true);
    arr[i] = -1;
    const k = w.pending.indexOf(p.id);
    if (k >= 0) w.pending.splice(k, 1);
    if (w.log) w.emit({ agent: p.agent, event: "resolve", problem: p.id, kind: p.kind, via: p.via, cost: p.escalations > 0 ? p.escalationCost : null });
  }
}

/**
 * Rigid structured planning: every transfer the initial inventories require is fixed and
 * carried out at t0 (greedy, in agent order); no message is sent after.
 * @example
 * planTransfers(w); // givers are busy for their transfers; TRANSFER_PLAN messages logged
 */
export function planTransfers(w: BlockWorld): void {
  for (let m = 0; m < w.nMat; m++) {
    for (let a = 0; a < w.n; a++) {
      let deficit = w.need[a * w.nMat + m] - w.inv[a * w.nMat + m];
      for (let b = 0; b < w.n && deficit > 0; b++) {
        const s = w.inv[b * w.nMat + m] - w.need[b * w.nMat + m];
        if (b === a || s <= 0 || !w.task.canGive[b]) continue;
        const k = Math.min(deficit, s);
        deficit -= k;
        w.inv[b * w.nMat + m] -= k;
        const spend = 1 + Math.max(0, w.dist(a, b) - 1) + w.params.giveTicks;
        w.busy[b] += spend;
        w.lost[b] += spend;
        const plan = send(w, b, "TRANSFER_PLAN", null, a, m, k);
        w.effects.push({ at: w.busy[b], kind: "transfer", problem: -1, attempt: 0, from: b, to: a, item: m, count: k, causes: [plan.id] });
      }
    }
  }
}
