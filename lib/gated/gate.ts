/**
 * The gate: structured problem detection feeds a cost-sensitive score
 *
 *   S = w_C·C + w_R·R + w_I·I − w_L·L − w_H·H,   every factor in [0, 1],
 *
 * and an asymmetric decision: S ≤ T_low → stay local; S ≥ T_high → escalate; in between, a
 * bounded adjudicator decides. Under the partition, factors are computed from the agent's private state
 * and its own beliefs about teammates (fed by messages and sight, possibly stale), never from teammates'
 * hidden state; without it, from the shared, always-true public state.
 *
 *   C (criticality)   = (H − y) / H for the level y of the blocked cell: low cells carry the structure; a conflict
 *                       over units is zero-sum between the two agents: ½ + (y_r − y_a)/(2H), y_a the level of the
 *                       agent's first cell its units do not cover, y_r the rival's (from the units the agent believes
 *                       it holds; H when covered): ½ when both need the units at the same level.
 *   R (advantage)     = missing_material: max over teammates of min(1, believed surplus / units) · 1/(1 + d/10);
 *                       conflict over units: the same for the rival's believed holding less what its plan needs up to
 *                       the contested level (what RESOLVE_CONFLICT can get back);
 *                       contested cell: 0.7 if the agent lacks the cell's material or believes the rival does, else 0.3,
 *                       · 1/(1 + d/10) (settling frees the loser's unit and ends the double walk);
 *                       dependency_block: 0.8 if the agent believes the owner holds the support's material, else 0.3;
 *                       path_blocked/tool_missing: 0.5/(1 + d/10) for the nearest teammate with a pickaxe.
 *   I (impact)        = share of the agent's remaining blocks waiting on the problem (a conflict over units: the
 *                       units it lacks; a contested cell: itself and
 *                       the agent's cells resting on it).
 *   L (recoverability)= exp(−c_local / τ) with τ = 20 ticks and c_local the agent's own estimate of its
 *                       local recovery cost (collecting, digging, crafting, detouring); scaled by the share
 *                       a local recovery can cover; for a dependency, 0.7 if other work is ready, else 0.2;
 *                       for a contested cell (leaving it to the rival): 0.6 if the rival is believed to hold its
 *                       material (it can place it), else 0.1, plus 0.3 if other work is ready.
 *   H (history)       = min(1, failed escalations of this problem · historyStep).
 */
import type { Factors, PolicyFlags, Problem, SimParams } from "./types.js";
import type { BlockWorld } from "./block-world.js";

const TAU = 20;

/**
 * What agent a believes teammate b holds of material m: its belief store under the partition, the truth without it.
 * @example
 * believedInv(w, 0, 2, m); // 14 (stale if agent 2 lost units agent 0 never heard of)
 */
export function believedInv(w: BlockWorld, a: number, b: number, m: number): number {
  return w.flags.partition ? w.belInv[(a * w.n + b) * w.nMat + m] : w.inv[b * w.nMat + m];
}
/** Believed Chebyshev distance from a to teammate b. */
export function believedDist(w: BlockWorld, a: number, b: number): number {
  if (!w.flags.partition) return w.dist(a, b);
  const k = a * w.n + b;
  return Math.max(Math.abs(w.posX[a] - w.belX[k]), Math.abs(w.posZ[a] - w.belZ[k]));
}
/** Whether a believes teammate b has a pickaxe. */
export function believedTool(w: BlockWorld, a: number, b: number): boolean {
  return w.flags.partition ? w.belTools[a * w.n + b] > 0 : w.tools[b] > 0;
}
const clamp01 = (v: number) => (v < 0 ? 0 : v > 1 ? 1 : v);

/**
 * Units of material m agent a still lacks (at least 1).
 * @example
 * shortfall(w, 0, 2); // 17
 */
export function shortfall(w: BlockWorld, a: number, m: number): number {
  const i = a * w.nMat + m;
  return Math.max(1, w.need[i] - w.inv[i]);
}

/**
 * Units of m agent c needs for the unplaced cells it is responsible for at levels ≤ `level` (what it cannot give back in a conflict).
 * @example
 * needUpTo(w, 2, m, 0); // 6: agent 2 still has six ground-level cells of m to place
 */
export function needUpTo(w: BlockWorld, c: number, m: number, level: number): number {
  let k = 0;
  for (let j = w.ownStart[c]; j < w.ownStart[c + 1]; j++) {
    const cell = w.ownList[j];
    if (!w.placed[cell] && w.task.cellMat[cell] === m && w.cellY(cell) <= level && w.plannerOf(cell) === c) k++;
  }
  return k;
}

/**
 * The first unplaced cell of material m agent a is responsible for that `held` units do not cover (its plan is in
 * level order, units go to cells in that order), or −1 when they are enough.
 * @example
 * firstUncovered(w, 0, m, w.inv[0 * w.nMat + m]); // a cell on level 1: agent 0's units cover its ground-level cells of m
 */
export function firstUncovered(w: BlockWorld, a: number, m: number, held: number): number {
  let left = held;
  for (let k = w.cursor[a]; k < w.ownStart[a + 1]; k++) {
    const c = w.ownList[k];
    if (w.placed[c] || w.task.cellMat[c] !== m || w.plannerOf(c) !== a) continue;
    if (left-- <= 0) return c;
  }
  return -1;
}

/**
 * Whether agent a has some other placeable block (support present, material held) than `except`.
 * @example
 * hasOtherWork(w, 1, cell); // true: the agent can keep busy while a dependency waits
 */
export function hasOtherWork(w: BlockWorld, a: number, except: number): boolean {
  const { below, cellMat } = w.task;
  for (let k = w.cursor[a]; k < w.ownStart[a + 1]; k++) {
    const c = w.ownList[k];
    if (c === except || w.placed[c] || !w.plansCell(a, c)) continue;
    if (below[c] >= 0 && !w.placed[below[c]]) continue;
    if (w.inv[a * w.nMat + cellMat[c]] > 0) return true;
  }
  return false;
}

/**
 * The five factors of a problem, from the agent's point of view.
 * @example
 * const f = computeFactors(world, problem, cell); scoreOf(f, params.weights);
 */
export function computeFactors(w: BlockWorld, p: Problem, cell: number): Factors {
  const a = p.agent;
  const { task, params } = w;
  let C = cell >= 0 ? (task.H - w.cellY(cell)) / task.H : 0.5;
  const unitConflict = p.kind === "conflict" && !p.onCell;
  // a conflict over units is zero-sum between the two: what is at stake is the agent's first cell its held units do
  // not cover, against the rival's first cell the units it is believed to hold do not cover (a lower cell carries more)
  const short = unitConflict ? firstUncovered(w, a, p.target, w.inv[a * w.nMat + p.target]) : -1;
  if (unitConflict) {
    const ya = short >= 0 ? w.cellY(short) : task.H;
    const rs = firstUncovered(w, p.rival, p.target, believedInv(w, a, p.rival, p.target));
    const yr = rs >= 0 ? w.cellY(rs) : task.H;
    C = 0.5 + (yr - ya) / (2 * task.H);
  }
  const rem = Math.max(1, w.remaining(a));
  let R = 0, I = 0, L = 0;
  if (p.onCell) {
    // a contested cell: settling it ends the double walk and frees the loser's unit of the material
    const c = p.target, r = p.rival, m = task.cellMat[c], bit = 1 << a;
    const short = w.need[a * w.nMat + m] > w.inv[a * w.nMat + m] || believedInv(w, a, r, m) < w.need[r * w.nMat + m];
    R = (short ? 0.7 : 0.3) / (1 + believedDist(w, a, r) / 10);
    let waiting = 1;
    for (let k = w.cursor[a]; k < w.ownStart[a + 1]; k++) {
      const d = w.ownList[k];
      if (!w.placed[d] && task.below[d] === c && w.plans[d] & bit) waiting++;
    }
    I = waiting / rem;
    L = (believedInv(w, a, r, m) > 0 ? 0.6 : 0.1) + (hasOtherWork(w, a, c) ? 0.3 : 0);
  } else if (p.kind === "missing_material" || p.kind === "conflict") {
    const m = p.target;
    const units = shortfall(w, a, m);
    const at = unitConflict ? short : p.cell;
    const level = at >= 0 ? w.cellY(at) : task.H;
    for (let b = 0; b < w.n; b++) {
      if (b === a || (p.kind === "conflict" && b !== p.rival)) continue;
      // a conflict can get back only what the rival's plan does not need up to the contested level
      const surplus = believedInv(w, a, b, m) - (p.kind === "conflict" ? needUpTo(w, b, m, level) : w.need[b * w.nMat + m]);
      if (surplus > 0) R = Math.max(R, Math.min(1, surplus / units) / (1 + believedDist(w, a, b) / 10));
    }
    // a conflict holds up the cells the agent has no unit for; a missing material, every cell of it
    I = (unitConflict ? units : w.need[a * w.nMat + m]) / rem;
    const cover = task.canCollect[a] ? Math.min(1, w.pool[m] / units) : 0;
    L = cover * Math.exp(-(units * params.collectTicks) / TAU);
  } else if (p.kind === "dependency_block") {
    const o = w.plannerOf(p.target);
    R = believedInv(w, a, o, task.cellMat[p.target]) > 0 ? 0.8 : 0.3;
    let waiting = 0;
    const bit = 1 << a;
    for (let k = w.cursor[a]; k < w.ownStart[a + 1]; k++) {
      const c = w.ownList[k];
      if (!w.placed[c] && w.plans[c] & bit && task.below[c] >= 0 && !w.placed[task.below[c]] && !(w.plans[task.below[c]] & bit)) waiting++;
    }
    I = waiting / rem;
    L = hasOtherWork(w, a, cell) ? 0.7 : 0.2;
  } else {
    let best = Infinity;
    for (let b = 0; b < w.n; b++) if (b !== a && believedTool(w, a, b)) best = Math.min(best, believedDist(w, a, b));
    R = best < Infinity ? 0.5 / (1 + best / 10) : 0;
    I = 0.5;
    const local = p.kind === "path_blocked" ? params.digTicks
      : task.canCraft[a] ? params.craftToolTicks + params.digTicks : params.detourTicks;
    L = Math.exp(-local / TAU);
  }
  const H = Math.min(1, p.failures * params.historyStep);
  return { C: clamp01(C), R: clamp01(R), I: clamp01(I), L: clamp01(L), H: clamp01(H) };
}

/**
 * S = w_C·C + w_R·R + w_I·I − w_L·L − w_H·H.
 * @example
 * scoreOf({ C: 1, R: 0.5, I: 0.25, L: 0.5, H: 0 }, { C: 1, R: 1, I: 0.8, L: 1.2, H: 1 }); // 1.1
 */
export function scoreOf(f: Factors, wt: SimParams["weights"]): number {
  return wt.C * f.C + wt.R * f.R + wt.I * f.I - wt.L * f.L - wt.H * f.H;
}

export type GateDecision = "local" | "escalate" | "adjudicate";

/**
 * The policy's decision for a scored problem.
 * - always: communication-first (every anomaly goes public); never: rigid plans and rollouts.
 * - rules: escalate a missing material (or a conflict) a teammate is believed to hold, or a teammate's dependency.
 * - score: thresholds, the gray zone split at its midpoint; score+adjudicator: the gray zone goes to the adjudicator.
 * @example
 * gateDecision(flags, params, S, f, "missing_material"); // "escalate"
 */
export function gateDecision(flags: PolicyFlags, params: SimParams, S: number, f: Factors, kind: Problem["kind"]): GateDecision {
  switch (flags.decide) {
    case "always": return "escalate";
    case "never": return "local";
    case "rules":
      return ((kind === "missing_material" || kind === "conflict") && f.R > 0) || kind === "dependency_block" ? "escalate" : "local";
    case "score":
      if (S <= params.tLow) return "local";
      if (S >= params.tHigh) return "escalate";
      return S >= (params.tLow + params.tHigh) / 2 ? "escalate" : "local";
    case "score+adjudicator":
      if (S <= params.tLow) return "local";
      if (S >= params.tHigh) return "escalate";
      return "adjudicate";
  }
}
