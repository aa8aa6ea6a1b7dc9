/**
 * The counterfactual behind UER (unnecessary escalation rate).
 *
 * At a problem's first escalation the simulator copies the world as it is at that moment and rolls
 * the local plan forward on the copy: the agent recovers by itself (collecting, crafting, digging,
 * detouring, or working elsewhere while a dependency waits), every agent acts locally, no message
 * is sent. The local cost is the ticks the escalating agent loses in the copy until the problem is
 * resolved (recovery actions plus idle ticks); Infinity if it is not resolved within
 * `rolloutHorizon` ticks or before the timeout. The escalation is unnecessary when
 *
 *   local cost < ∞  and  local cost ≤ realised escalation cost,
 *
 * the realised cost being every agent-tick the escalation consumed (writing and reading messages,
 * replanning, giving, travelling to help, and the requester's idle ticks while it waited).
 */
import { isResolved, step } from "./engine.js";
import { shortfall } from "./gate.js";
import { localRecover } from "./protocol.js";
import type { Problem } from "./types.js";
import type { BlockWorld } from "./world.js";

/**
 * Cost of the best local recovery of `p`, by a rollout on a copy of the world (the world is not changed).
 *
 * For a missing material and a blocked path the rollout ends at its first tick (the recovery either
 * resolves the problem at once or the site cannot supply it), so its outcome has a closed form, used
 * unless `opts.rollout` is set; a test checks that both agree. Dependencies are always rolled out,
 * since their local cost depends on how the teammate's own plan unfolds.
 * @example
 * const c = counterfactualLocalCost(world, problem); // e.g. 9 (ticks) or Infinity
 */
export function counterfactualLocalCost(w: BlockWorld, p: Problem, opts: { rollout?: boolean } = {}): number {
  if (!opts.rollout && p.kind !== "dependency_block") return closedForm(w, p);
  const c = w.cloneForRollout();
  const q = c.problems[p.id];
  const a = p.agent;
  const before = c.lost[a];
  localRecover(c, q);
  // A material nobody gives in a local-only world can come only from the site: if the site has none, the rollout cannot succeed.
  if (p.kind === "missing_material" && !isResolved(c, q) && (c.pool[p.target] === 0 || !c.task.canCollect[a])) return Infinity;
  const end = Math.min(c.task.timeout, c.t + c.params.rolloutHorizon);
  while (c.t < end) {
    if (isResolved(c, q)) return c.lost[a] - before;
    step(c);
  }
  return isResolved(c, q) ? c.lost[a] - before : Infinity;
}

function closedForm(w: BlockWorld, p: Problem): number {
  const a = p.agent;
  const { params, task } = w;
  if (p.kind === "missing_material") {
    const units = shortfall(w, a, p.target);
    return task.canCollect[a] && w.pool[p.target] >= units ? units * params.collectTicks : Infinity;
  }
  if (w.tools[a] > 0) return params.digTicks;
  return task.canCraft[a] ? params.craftToolTicks + params.digTicks : params.detourTicks;
}

/**
 * Whether a (finished or ongoing) escalation was unnecessary by the counterfactual.
 * @example
 * isUnnecessary({ ...p, localCost: 6, escalationCost: 8 }); // true
 */
export function isUnnecessary(p: Problem): boolean {
  return Number.isFinite(p.localCost) && p.localCost <= p.escalationCost;
}
