/**
 * One tick of the block world. Each agent does one action per tick (or spends the tick on a multi-tick action it
 * started: collecting, digging, reading, giving): place a block within reach, move one cell toward the next block,
 * or wait. Problems are detected from the world state only (detect.ts): a block whose support (owned by a teammate)
 * is missing, a material not in the inventory, a blocked path (with or without a pickaxe), a contested cell.
 * Disruptions are scheduled world events of the task. A tick runs in phases (its start, each agent's turn, its end);
 * the problems met in a phase are judged and the decisions carried out at the end of it (decide.ts).
 */
import { send } from "./channel.js";
import { flush } from "./decide.js";
import { contestCell, detect, resolveProblems } from "./detect.js";
import { observePlacement, processEffects } from "./resolution.js";
import type { BlockWorld } from "./block-world.js";

/**
 * Advances the world by one tick.
 * @example
 * while (w.t < w.task.timeout && w.nPlaced < w.task.cells.length) step(w);
 */
export function step(w: BlockWorld): void {
  w.acting = -1;
  applyDisruptions(w);
  processEffects(w);
  flush(w);
  continueTick(w);
}

/**
 * The rest of the tick from where it stands (`w.acting`): the agents' turns after it, each followed by its
 * decisions, then the end of the tick (sight, resolution, their decisions). A fork taken at a decision finishes the
 * tick with this, exactly as the factual run does; between ticks it does nothing.
 * @example
 * const branch = w.fork(); flush(branch); continueTick(branch);
 */
export function continueTick(w: BlockWorld): void {
  if (w.acting > w.n) return;
  for (let a = w.acting + 1; a < w.n; a++) {
    w.acting = a;
    if (w.busy[a] > 0) w.busy[a]--;
    else act(w, a);
    flush(w);
  }
  if (w.acting < w.n) {
    w.acting = w.n;
    see(w);
    resolveProblems(w);
    flush(w);
  }
  w.t++;
  w.acting = w.n + 1;
}

/** Agents see the teammates within `sightRange`: their belief about those positions becomes true. */
function see(w: BlockWorld): void {
  // beliefs only ever hold true positions: when nobody has moved since the last look, those in sight are still true
  if (!w.flags.partition || !w.moved) return;
  w.moved = false;
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
  if (!w.flags.rigid) {
    for (let m = 0, i = a * w.nMat; m < w.nMat; m++, i++) {
      if (w.need[i] > w.inv[i] && w.openMat[i] < 0) detect(w, a, "missing_material", m, firstCellOf(w, a, m));
    }
  }
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
    return idle(w, a);
  }
  w.idleRun[a] = 0;
  w.posX[a] += Math.sign(dx);
  w.posZ[a] += Math.sign(dz);
  w.moved = true;
}

/**
 * Whether agent a must leave contested cell c alone for now. When its rival is heading for the same cell and a
 * notices it (under the partition only when it sees the rival, within `sightRange`), that is a conflict: logged,
 * and a `conflict` problem about the cell for a, judged by the gate at the end of the turn (a leaves the cell alone
 * until then). Staying local, a keeps the cell in its plan and
 * races for it (whoever gets there first places it; the other has walked for nothing and still holds the unit it
 * kept for it); escalating, a waits for the rival's answer (RESOLVE_CONFLICT → CELL_SETTLED), after which one of them
 * drops the cell from its plan.
 */
function contested(w: BlockWorld, a: number, c: number): boolean {
  if (w.contestIndex[c] < 0) return false; // planned once from the start: nobody contests it
  const id = w.openCell[w.cellSlot(a, c)];
  if (id >= 0) return waiting(w, id);
  const r = w.rivalFor(a, c);
  if (r < 0 || w.heading[r] !== c) return false;
  if (w.flags.partition && w.dist(a, r) > w.params.sightRange) return false;
  contestCell(w, a, c, r);
  const q = w.openCell[w.cellSlot(a, c)];
  return q >= 0 && waiting(w, q);
}

/** A contested cell is left alone while its conflict is escalated, with the adjudicator, or not yet judged. */
function waiting(w: BlockWorld, id: number): boolean {
  return w.problems[id].status === "escalated" || w.pending.includes(id) || w.toJudge.includes(id);
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
  // the wait is a cost of the agent's latest escalation (reported in the log only)
  if (w.log) {
    for (let i = w.active.length - 1; i >= 0; i--) {
      const p = w.problems[w.active[i]];
      if (p.agent === a && p.status === "escalated") { p.escalationCost++; break; }
    }
  }
  if (w.idleRun[a] === 1 || w.idleRun[a] % w.params.reassessTicks === 0) {
    // open problems are judged again at the end of the turn
    for (const id of w.active) {
      const p = w.problems[id];
      if (p.agent === a && p.status === "open" && !w.pending.includes(id) && !w.toJudge.includes(id)) w.toJudge.push(id);
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
        w.schedule({ at: w.busy[b], kind: "transfer", problem: -1, attempt: 0, from: b, to: a, item: m, count: k, causes: [plan.id] });
      }
    }
  }
}
