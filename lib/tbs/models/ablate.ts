/**
 * The offline model's rule-test ablations and their placebos (lib/tbs/ablations.ts lists them all).
 *
 * Each ablation removes one causal path and leaves the quantity it feeds defined; its placebo runs the same code and
 * makes the same draws from the agent's stream, but substitutes information equivalent to the agent's own. So
 * `placebo − none` measures what the code path and the re-drawn random stream move, and `ablation − placebo` what the
 * information moves. `none` draws nothing here.
 */
import type { Rng } from "../../core/rng.js";
import type { Ablation } from "../params.js";
import type { GroupEvent } from "../types.js";

/**
 * The perceived minority that drives silence pressure. `shuffled-fear`: the agent's own minority perception at an
 * interval drawn uniformly from its history so far (this one included; one uniform), so silence pressure keeps the
 * agent's own range but is no longer aligned in time with what was just said; `placebo-fear`: the same draw, and
 * this interval's perception. Otherwise this interval's perception.
 * @example minorityUsed("shuffled-fear", [0.1, 0.5, 0.2], rng) // one of 0.1, 0.5, 0.2
 */
export function minorityUsed(ablation: Ablation, history: readonly number[], r: Rng): number {
  const now = history[history.length - 1];
  if (ablation !== "shuffled-fear" && ablation !== "placebo-fear") return now;
  const u = r.uniform();
  return ablation === "shuffled-fear" ? history[Math.floor(u * history.length)] : now;
}

/**
 * The public stance the private–public gap is measured against. `shuffled-self`: the last statement of a speaker
 * drawn at random among the others who have spoken (one uniform), so the gap keeps its scale but no longer tracks the
 * agent's own statement; `placebo-self`: the same draw, and the agent's own last remembered statement. Otherwise the
 * agent's own last remembered statement (null before it has spoken).
 * @example selfReference("shuffled-self", 0, own, record, rng) // another speaker's last stance
 */
export function selfReference(ablation: Ablation, self: number, own: readonly GroupEvent[], record: readonly GroupEvent[], r: Rng): number | null {
  const mine = own.length > 0 ? own[own.length - 1].stance : null;
  if (ablation !== "shuffled-self" && ablation !== "placebo-self") return mine;
  const u = r.uniform();
  if (ablation === "placebo-self") return mine;
  const last = new Map<number, number>();
  for (const e of record) if (e.agent !== self) last.set(e.agent, e.stance);
  const donors = [...last.keys()].sort((a, b) => a - b);
  return donors.length > 0 ? last.get(donors[Math.floor(u * donors.length)])! : null;
}

/** What the decision to seek the floor weighs: the floor belief and the appraisals. */
export interface DecisionInputs {
  pi: number;
  D: number;
  S: number;
}

/**
 * The decision's inputs from the perceived ones. `no-competition`: the race gets no weight (π = 1, as when the turn
 * comes); `group-unweighted`: the group gets no weight (D from the private–public gap alone, S = 0), though the
 * agent still perceives it (its items, strategy and time_cost use the perceived D and S). Their placebos make the same
 * draw (one uniform) and use the perceived inputs.
 * @example decisionInputs("no-competition", { pi: 0.4, D: 0.3, S: 0.2 }, 0.1, rng) // { pi: 1, D: 0.3, S: 0.2 }
 */
export function decisionInputs(ablation: Ablation, perceived: DecisionInputs, selfPart: number, r: Rng): DecisionInputs {
  if (!["no-competition", "placebo-competition", "group-unweighted", "placebo-group"].includes(ablation)) return perceived;
  r.uniform();
  if (ablation === "no-competition") return { ...perceived, pi: 1 };
  if (ablation === "group-unweighted") return { pi: perceived.pi, D: Math.min(1, selfPart), S: 0 };
  return perceived;
}
