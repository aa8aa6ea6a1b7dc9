/**
 * The gate's judgments and how decisions are carried out.
 *
 * A tick has phases: its start (disruptions, effects), each agent's turn, its end (sight, resolution). Problems met
 * during a phase are judged at the end of it, and the decisions taken are carried out there, in the order taken
 * (`flush`). So a decision never cuts into a turn: the agent's turn is finished before it takes effect, and at every
 * escalation of the factual run the counterfactual branch forks the world at that same point, before the decision is
 * carried out (uer.ts). Gray-zone cases wait for the adjudicator, which answers between ticks; its decisions are
 * carried out at once.
 */
import { registerConflict } from "./detect.js";
import { computeFactors, gateDecision, scoreOf } from "./gate.js";
import { escalate, localRecover } from "./resolution.js";
import type { BlockWorld } from "./block-world.js";
import type { Problem } from "./types.js";
import { recordCounterfactual } from "./uer.js";

/**
 * Scores a problem and takes the policy's decision (queued to be carried out at the end of the phase; gray-zone
 * cases go to the adjudicator).
 * @example
 * judge(w, w.problems[3]); // logs a "gate" event with S and the factors
 */
export function judge(w: BlockWorld, p: Problem): void {
  if (w.task.scripted[p.agent] && !p.pinnedLocal) {
    // a scripted human asks for what it lacks, whatever the policy (it is not the policy's agent)
    w.decisions.push({ problem: p.id, decision: "escalate" });
    return;
  }
  if (w.flags.decide === "never" || p.pinnedLocal) {
    w.decisions.push({ problem: p.id, decision: "local" });
    return;
  }
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
  if (d === "adjudicate") w.pending.push(p.id);
  else w.decisions.push({ problem: p.id, decision: d });
}

/**
 * Takes a decision on a problem (the adjudicator's, or a caller's). It is carried out at the end of the current
 * phase; between ticks, or outside a tick, at once.
 * @example
 * applyDecision(w, p, "escalate"); // a counterfactual recorded, the request sent
 */
export function applyDecision(w: BlockWorld, p: Problem, d: "local" | "escalate"): void {
  w.decisions.push({ problem: p.id, decision: d });
  if (w.acting > w.n) flush(w);
}

/**
 * The end of a phase: conflicts found become problems, queued problems are judged, and the decisions are carried
 * out in the order taken, until nothing is left (carrying one out can find another conflict).
 * @example
 * flush(w); // w.found, w.toJudge and w.decisions are empty
 */
export function flush(w: BlockWorld): void {
  if (w.flushing) return;
  w.flushing = true;
  for (;;) {
    if (w.found.length) { registerConflict(w, w.found.shift()!); continue; }
    if (w.toJudge.length) {
      const p = w.problems[w.toJudge.shift()!];
      if (p.status === "open" && !w.pending.includes(p.id)) judge(w, p);
      continue;
    }
    if (w.decisions.length) { const d = w.decisions.shift()!; carryOut(w, w.problems[d.problem], d.decision); continue; }
    break;
  }
  w.flushing = false;
}

/**
 * Carries out a local-or-escalate decision. At every escalation of the factual run the world is forked, before the
 * request goes out, and the stay-local branch rolled out to the episode's end (see uer.ts); the factual run goes on
 * as the escalate branch.
 */
function carryOut(w: BlockWorld, p: Problem, decision: "local" | "escalate"): void {
  if (p.status !== "open") return;
  const d = w.override ? w.override(w, p, decision) : decision;
  if (d === "local") return localRecover(w, p);
  // the counterfactual is of the policy's decisions: a scripted human's requests are not judged
  if (!w.inRollout && w.runBranch && w.params.counterfactuals && !w.task.scripted[p.agent]) recordCounterfactual(w, p);
  escalate(w, p);
}
