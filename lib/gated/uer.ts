/**
 * The counterfactual behind UER (unnecessary escalation rate), at the level of the whole system.
 *
 * At every escalation of the factual run the world is forked at the point where the decision is carried out (the
 * end of the phase of the tick in which it was taken, see decide.ts), with its random streams (keyed draws, so both
 * branches draw the same number for the same decision), and the stay-local branch is rolled out to the end of the
 * episode: the agent recovers by itself (collecting, digging, detouring, or working elsewhere while a dependency
 * waits) instead of escalating, and never escalates this problem in the branch (every later judgment of it stays
 * local); the rest of the phase's decisions are carried out as in the factual run, and every later decision of the
 * branch follows the same policy; its gray-zone cases go to the offline judge (so a language-model run pays nothing
 * for counterfactuals), and it makes no counterfactuals of its own. The factual run goes on as the escalate branch.
 * Both branches finish the tick the same way (`continueTick`).
 *
 * Each branch's cost is its completion tick (the timeout when the blueprint is not finished), with the total
 * agent-ticks lost (recovery, reading, giving, travelling, idling: Σ over agents) as the tie-break. The escalation
 * was unnecessary when the stay-local branch cost no more and placed no fewer blocks:
 *
 *   unnecessary ⇔ (local ticks < escalate ticks  ∨  (equal ticks ∧ local agent-ticks ≤ escalate agent-ticks))
 *                 ∧ local blocks ≥ escalate blocks.
 *
 * The null check (`nullCheck`): forking at the same point and carrying out the same decision (escalate) must give the
 * factual outcome exactly.
 */
import type { EscalationRecord } from "./records.js";
import { escalate, localRecover } from "./resolution.js";
import type { BlockWorld } from "./block-world.js";
import type { Problem } from "./types.js";

/** Outcome of a (factual or counterfactual) run: completion tick, blocks placed, agent-ticks lost. */
export interface Outcome { ticks: number; blocks: number; agentTicks: number }

/**
 * The outcome of a world whose episode has ended.
 * @example
 * outcomeOf(w); // { ticks: 187, blocks: 200, agentTicks: 131 }
 */
export function outcomeOf(w: BlockWorld): Outcome {
  let lost = 0;
  for (let a = 0; a < w.n; a++) lost += w.lost[a];
  const done = w.nPlaced === w.task.cells.length;
  return { ticks: done ? w.t : w.task.timeout, blocks: w.nPlaced, agentTicks: lost };
}

/**
 * Rolls one branch of problem p's decision out to the end of the episode on a fork (the world is not changed):
 * "local" (the stay-local branch: p is recovered locally and never escalated in it) or "escalate" (the null check).
 * Call it where the decision is carried out, before it is.
 * @throws Error when the world has no branch runner (set by the episode loop).
 * @example
 * const local = rollOut(w, p, "local"); local.ticks;
 */
export function rollOut(w: BlockWorld, p: Problem, decision: "local" | "escalate"): Outcome {
  if (!w.runBranch) throw new Error("rollOut: the world has no branch runner (start it with runEpisode or continueEpisode)");
  const c = w.fork();
  const q = c.problems[p.id];
  if (decision === "local") {
    q.pinnedLocal = true;
    localRecover(c, q);
  } else escalate(c, q);
  w.runBranch(c);
  return outcomeOf(c);
}

/**
 * Whether an escalation was necessary, from both branches' outcomes.
 * @example
 * isNecessary({ ticks: 150, blocks: 200, agentTicks: 90 }, { ticks: 150, blocks: 200, agentTicks: 95 }); // false: local cost no more
 */
export function isNecessary(escalate: Outcome, local: Outcome): boolean {
  const noGreater = local.ticks < escalate.ticks || (local.ticks === escalate.ticks && local.agentTicks <= escalate.agentTicks);
  return !(noGreater && local.blocks >= escalate.blocks);
}

/**
 * Forks the world at an escalation and records the stay-local branch (the escalate branch is filled in at the end);
 * in a `nullCheck` world, the escalate branch of the same fork too.
 * @example
 * recordCounterfactual(w, p); w.escalations.at(-1).cf_local_ticks;
 */
export function recordCounterfactual(w: BlockWorld, p: Problem): void {
  const local = rollOut(w, p, "local");
  const same = w.nullCheck ? rollOut(w, p, "escalate") : { ticks: -1, blocks: -1, agentTicks: -1 };
  w.escalations.push({
    tick: w.t, agent: p.agent, problem: p.id, kind: p.kind, attempt: p.escalations + 1, at: w.acting,
    cf_local_ticks: local.ticks, cf_local_blocks: local.blocks, cf_local_agent_ticks: local.agentTicks,
    cf_escalate_ticks: -1, cf_escalate_blocks: -1, cf_escalate_agent_ticks: -1, necessary: true,
    cf_same_ticks: same.ticks, cf_same_blocks: same.blocks, cf_same_agent_ticks: same.agentTicks,
  });
}

/**
 * Completes every escalation record with the factual (escalate) outcome and judges it.
 * @example
 * judgeEscalations(w); // w.escalations[i].necessary set
 */
export function judgeEscalations(w: BlockWorld): EscalationRecord[] {
  const f = outcomeOf(w);
  for (const r of w.escalations) {
    r.cf_escalate_ticks = f.ticks; r.cf_escalate_blocks = f.blocks; r.cf_escalate_agent_ticks = f.agentTicks;
    r.necessary = isNecessary(f, { ticks: r.cf_local_ticks, blocks: r.cf_local_blocks, agentTicks: r.cf_local_agent_ticks });
  }
  return w.escalations;
}
