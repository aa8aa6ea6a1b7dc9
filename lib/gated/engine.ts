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
  const { below, owner, cellMat } = w.task;
  const end = w.ownStart[a + 1];
  while (w.cursor[a] < end && w.placed[w.ownList[w.cursor[a]]]) w.cursor[a]++;
  // structured detection on the private state: the remaining plan needs more of a material than the agent holds
  for (let m = 0, i = a * w.nMat; m < w.nMat; m++, i++) {
    if (w.need[i] > w.inv[i] && w.openMat[i] < 0 && !w.flags.rigid) detect(w, a, "missing_material", m, firstCellOf(w, a, m));
  }
  if (w.busy[a] > 0) return;
  if (w.idleVersion[a] === w.version && !w.flags.rigid) return idle(w, a); // nothing changed since the last fruitless scan
  let pick = -1;
  const pc = w.priority[a];
  if (pc >= 0) {
    if (w.placed[pc]) w.priority[a] = -1;
    else if ((below[pc] < 0 || w.placed[below[pc]]) && w.inv[a * w.nMat + cellMat[pc]] > 0) pick = pc;
  }
  for (let k = w.cursor[a]; pick < 0 && k < end; k++) {
    const c = w.ownList[k];
    if (w.placed[c]) continue;
    const b = below[c];
    if (b >= 0 && !w.placed[b]) {
      if (owner[b] !== a && w.openDep[b] < 0) detect(w, a, "dependency_block", b, c);
      // a rigid plan keeps its order: it waits on the blocked step until the wait times out
      if (w.flags.rigid && owner[b] !== a && w.t - w.problems[w.openDep[b]].detectedAt < w.params.replyTimeout) break;
      continue;
    }
    const m = cellMat[c];
    if (w.inv[a * w.nMat + m] <= 0) {
      if (w.openMat[a * w.nMat + m] < 0) detect(w, a, "missing_material", m, c);
      continue;
    }
    pick = c;
  }
  if (w.busy[a] > 0) return; // a decision made during the scan (local recovery, reading) took the tick
  if (pick < 0) {
    w.idleVersion[a] = w.version;
    return idle(w, a);
  }
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

function firstCellOf(w: BlockWorld, a: number, m: number): number {
  for (let k = w.cursor[a]; k < w.ownStart[a + 1]; k++) {
    const c = w.ownList[k];
    if (!w.placed[c] && w.task.cellMat[c] === m) return c;
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

function openIndex(w: BlockWorld, kind: ProblemKind, a: number, target: number): { arr: Int32Array; i: number } {
  if (kind === "missing_material") return { arr: w.openMat, i: a * w.nMat + target };
  if (kind === "conflict") return { arr: w.openConf, i: a * w.nMat + target };
  if (kind === "dependency_block") return { arr: w.openDep, i: target };
  return { arr: w.openPath, i: a };
}

/**
 * Structured problem detection: registers a new problem once and sends it through the gate.
 * @example
 * detect(w, 0, "missing_material", 2, cell); // a no-op if agent 0 already has that problem open
 */
export function detect(w: BlockWorld, a: number, kind: ProblemKind, target: number, cell: number, rival = -1): void {
  const { arr, i } = openIndex(w, kind, a, target);
  if (arr[i] >= 0) return;
  const p: Problem = {
    id: w.problems.length, agent: a, kind, target, cell, detectedAt: w.t, status: "open", escalations: 0, failures: 0,
    via: "local", escalationCost: 0, escalatedAt: -1, rival, lastReplyAt: -1,
  };
  w.problems.push(p);
  w.active.push(p.id);
  arr[i] = p.id;
  if (w.log) w.emit({ agent: a, event: "detect", problem: p.id, kind, item: kind === "missing_material" ? w.task.materials[target] : null });
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
    const { arr, i } = openIndex(w, p.kind, p.agent, p.target);
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
