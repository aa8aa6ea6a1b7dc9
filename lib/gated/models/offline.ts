/**
 * The offline parametric model of the gated-coordination mechanism (`offline:gated-cost-v1`).
 *
 * It is not a language model. Agents follow their local plan in the simulator; the gate's factors
 * come from the world state; the bounded adjudicator is a noisy judge of the case summary:
 *
 *   warranted = escalate  if  R + ½·I > L + ½·H,  else local;
 *   verdict   = warranted with probability `accuracy`, the other decision otherwise.
 *
 * Free chat is a cost model (see protocol.ts): every message costs its readers action windows and,
 * with probability `chatDeviationProb`, turns a reader's minor deviation into a coordination event.
 */
import type { Rng } from "../../core/rng.js";
import type { CaseSummary, SyncJudge, Verdict } from "../case.js";
import { KeyedStream } from "../keyed.js";

export const OFFLINE_MODEL_LABEL = "offline:gated-cost-v1";

/**
 * The decision the case summary warrants (before the judge's noise).
 * @example
 * warrantedDecision({ ...summary, factors: { C: 1, R: 0.9, I: 0.2, L: 0.1, H: 0 } }); // "escalate"
 */
export function warrantedDecision(c: CaseSummary): "local" | "escalate" {
  const f = c.factors;
  return f.R + 0.5 * f.I > f.L + 0.5 * f.H ? "escalate" : "local";
}

/**
 * A noisy judge with the given accuracy. Its draw is keyed by the case (tick, agent, problem, attempt) in its own
 * stream, so a counterfactual branch that meets the same case gets the same verdict.
 * @throws RangeError when accuracy is outside [0, 1].
 * @example
 * const judge = offlineJudge(0.85, rng.fork("judge")); judge(summary).decision;
 */
export function offlineJudge(accuracy: number, rng: Rng): SyncJudge {
  if (!(accuracy >= 0 && accuracy <= 1)) throw new RangeError(`offlineJudge: accuracy must be in [0, 1], got ${accuracy}`);
  const keyed = KeyedStream.of(rng, "judge");
  return (c: CaseSummary): Verdict => {
    const right = warrantedDecision(c);
    const decision = keyed.u(c.tick, c.agent, c.problem, c.attempt) < accuracy ? right : right === "local" ? "escalate" : "local";
    return { decision };
  };
}
