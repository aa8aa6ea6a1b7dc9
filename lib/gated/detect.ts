/**
 * Structured problem detection and resolution, from the world state only. A problem met during a phase of the tick
 * is registered at once (one open problem per kind and target) and queued to be judged at the end of that phase
 * (decide.ts). At the end of every tick, problems the world has resolved are closed, and an escalated problem over
 * units whose answer has arrived but which is still short (its need grew after the reply) is reopened and judged
 * again: a re-escalation, or local recovery.
 */
import type { FoundConflict } from "./records.js";
import type { BlockWorld } from "./block-world.js";
import type { Problem, ProblemKind } from "./types.js";

function openIndex(w: BlockWorld, kind: ProblemKind, a: number, target: number, onCell: boolean): { arr: Int32Array; i: number } {
  if (kind === "missing_material") return { arr: w.openMat, i: a * w.nMat + target };
  if (kind === "conflict") return onCell ? { arr: w.openCell, i: w.cellSlot(a, target) } : { arr: w.openConf, i: a * w.nMat + target };
  if (kind === "dependency_block") return { arr: w.openDep, i: target };
  return { arr: w.openPath, i: a };
}

/**
 * Registers a new problem (a no-op when the agent already has one of this kind and target open) and queues it for
 * the gate at the end of the phase.
 * @example
 * detect(w, 0, "missing_material", 2, cell); // w.toJudge ends with the new problem's id
 */
export function detect(w: BlockWorld, a: number, kind: ProblemKind, target: number, cell: number, rival = -1, onCell = false): void {
  const { arr, i } = openIndex(w, kind, a, target, onCell);
  if (arr[i] >= 0) return;
  const p: Problem = {
    id: w.problems.length, agent: a, kind, target, cell, detectedAt: w.t, status: "open", escalations: 0, failures: 0,
    via: "local", escalationCost: 0, escalatedAt: -1, rival, lastReplyAt: -1, deadline: -1, onCell, pinnedLocal: false,
  };
  w.problems.push(p);
  w.active.push(p.id);
  arr[i] = p.id;
  if (w.log) w.emit({ agent: a, event: "detect", problem: p.id, kind, item: kind === "missing_material" ? w.task.materials[target] : onCell ? w.cellName(target) : null });
  w.toJudge.push(p.id);
}

/**
 * A conflict the channel or a local recovery found (see `foundConflict`): a `conflict` problem of the agent about
 * the material against the rival.
 * @example
 * registerConflict(w, { agent: 0, item: m, rival: 2, cell, what: "double_booked" });
 */
export function registerConflict(w: BlockWorld, f: FoundConflict): void {
  detect(w, f.agent, "conflict", f.item, f.cell, f.rival);
}

/**
 * A contested cell: agent a and `rival` both plan cell c and the rival is heading for it. Registers the conflict
 * (counted, logged with the tick, both agents and the cell) and a `conflict` problem about the cell for a.
 * @example
 * contestCell(w, 0, c, 1); // a "conflict" event with decision "contested_cell", a problem with onCell
 */
export function contestCell(w: BlockWorld, a: number, c: number, rival: number): void {
  if (w.openCell[w.cellSlot(a, c)] >= 0) return;
  w.counters.conflicts++;
  if (w.log) w.emit({ agent: a, event: "conflict", kind: "conflict", item: w.cellName(c), via: String(rival), decision: "contested_cell" });
  detect(w, a, "conflict", c, c, rival, true);
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

/** Whether an effect of the problem's current escalation other than its timeout is still due (units on their way). */
function awaiting(w: BlockWorld, p: Problem): boolean {
  const es = w.effects;
  for (let i = 0; i < es.length; i++) {
    const e = es[i];
    if (e.problem === p.id && e.attempt === p.escalations && e.kind !== "timeout") return true;
  }
  return false;
}

/**
 * Closes the problems the world has resolved; reopens (and queues for the gate) an escalated problem over units
 * whose answer has arrived while the agent is still short.
 * @example
 * resolveProblems(w); // at the end of every tick
 */
export function resolveProblems(w: BlockWorld): void {
  if (w.active.length === 0) return;
  // what resolves or reopens a problem (inventories, needs, placements, plans, paths, answers landing) bumps the
  // version; a new problem is checked once
  if (w.version === w.checkedVersion && w.problems.length === w.checkedProblems) return;
  w.checkedVersion = w.version;
  w.checkedProblems = w.problems.length;
  for (let j = w.active.length - 1; j >= 0; j--) {
    const p = w.problems[w.active[j]];
    if (!isResolved(w, p)) {
      if (p.status === "escalated" && p.lastReplyAt >= 0 && (p.kind === "missing_material" || p.kind === "conflict") && !p.onCell && !awaiting(w, p)) {
        p.status = "open";
        if (w.log) w.emit({ agent: p.agent, event: "reopen", problem: p.id, kind: p.kind });
        w.toJudge.push(p.id);
      }
      continue;
    }
    w.active.splice(j, 1);
    p.status = p.via === "remote" ? "resolved_remote" : "resolved_local";
    const { arr, i } = openIndex(w, p.kind, p.agent, p.target, p.onCell === true);
    arr[i] = -1;
    const k = w.pending.indexOf(p.id);
    if (k >= 0) w.pending.splice(k, 1);
    if (w.log) w.emit({ agent: p.agent, event: "resolve", problem: p.id, kind: p.kind, via: p.via, cost: p.escalations > 0 ? p.escalationCost : null });
  }
}
