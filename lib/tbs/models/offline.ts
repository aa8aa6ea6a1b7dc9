/**
 * The offline TBS model "offline:tbs-cognitive-v1": a parametric agent-based cognitive model, not a language model.
 *
 * Each agent i has a latent private stance x_i ∈ [−3, 3] (initial N(persona mean, persona sd)), a fear of isolation
 * f_i ~ Beta(a, b) (Mesa spiral-of-silence reference), a talkativeness intercept u_i ~ N(0, σ_u), a susceptibility s_i
 * (persona card) and the stance p_i of its last public statement that it remembers (its Self memory; none until it
 * speaks). In interval v, from its recall R (events e_j with weight 1, other agents' statements only; a summary as
 * pseudo-events of total weight min(count, cap) at the stances its kind keeps, memory.ts):
 *
 *   perceived climate    m_i = (κ·x_i + Σ w_j e_j) / (κ + Σ w_j)                        (κ: false-consensus prior)
 *   private–climate      d_C = |x_i − m_i| / 6
 *   private–public       d_P = |x_i − p_i| / 6   (0 before the first statement it remembers)
 *   latent dissonance    D   = min(1, w_C·d_C + w_P·d_P)
 *   perceived minority   M   = Σ w_j a_ij / (κ + Σ w_j),  a_ij = clamp((|e_j − x_i| − θ)/ω, 0, 1)  (θ = 1, ω = 4)
 *   silence pressure     S   = min(1, g_S · f_i · M)                    (f_i = 0 under ablation no-fear)
 *   items                y_k = clamp(round(1 + 6·L + ε_k), 1, 7), ε_k ~ N(0, σ_item), L = D for the three dissonance
 *                        items and L = S for the two silence items (items are noisy readings; α is an outcome)
 *   belief of the floor  π = 1 under a fixed order (Rotation, sequential, hierarchical: the turn comes); where the
 *                        fastest willing agent speaks (Willing), from the voluntary share f of recent intervals
 *                        (prior pseudo-intervals): ŵ = 1 − (1 − f)^(1/(N−1)), π = (1 − (1 − ŵ)^N)/(N·ŵ);
 *                        π = 1 under ablation no-competition
 *   willingness          logit P(w=1) = b_0 + π·(b_D·(10·D) + b_S·(10·S)) + u_i
 *                        (expected expressive gain and social cost are realised only if the floor is won; the rule-test
 *                        ablations change what this decision weighs, models/ablate.ts)
 *   strategy (if w=1)    softmax over defend: c_def·(|x|/3)(1−S), challenge: c_ch·D(1−S), qualify: c_q·S,
 *                        converge: c_cv·D·S, bridge: c_b·(1 − |x|/3); otherwise `withhold`
 *   time_cost            exp(t_0 + t_D·D + t_S·S + η), η ~ N(0, σ_t)   seconds
 *   expressed stance     defend: x; challenge: round(x) + c_ch·sign(x); qualify: q·x; converge: x + c·(m − x); bridge: b·x
 *                        (rounded; c_ch = 1, q = 0.5, c = 0.6, b = 0.3), plus the lean of the agenda item's theme,
 *                        if the topic has an agenda (× themeLean)
 *   stance dynamics      after each utterance e of another agent, x_i += s_i·r·(e − x_i); dissonance reduction
 *                        x_i += ρ·D·(p_i − x_i); drift x_i += N(0, σ_x); clamped to [−3, 3]
 *
 * The mode enters only through π: no parameter names it. Effects on willingness are generated on the latent scale
 * (per 0.1 of π·D and π·S): that is what parameter recovery fits.
 */
import type { Rng } from "../../core/rng.js";
import { decisionInputs, minorityUsed, selfReference } from "./ablate.js";
import type { TbsParams } from "../params.js";
import {
  agendaAt,
  SPEAKING_STRATEGIES,
  type AgentView,
  type GroupEvent,
  type InternalState,
  type Latent,
  type Persona,
  type ReasonResult,
  type SpeakResult,
  type Strategy,
  type TbsAgentModel,
  type Topic,
} from "../types.js";

export const OFFLINE_MODEL_LABEL = "offline:tbs-cognitive-v1";

interface AgentLatent {
  x: number;
  fear: number;
  u: number;
  s: number;
  p: number | null;
  D: number;
  climate: number;
  /** Last belief of winning the floor. */
  pi: number;
  /** Its perceived minority in every interval so far (the shuffled-fear ablation draws from it). */
  minority: number[];
  speakStrategy: Strategy;
  rng: Rng;
}

const clamp = (v: number, lo: number, hi: number) => (v < lo ? lo : v > hi ? hi : v);
const roundStance = (v: number) => clamp(Math.round(v), -3, 3);
const sideOf = (stance: number) => (stance > 0 ? "support" : stance < 0 ? "oppose" : "neutral");

/** The offline cognitive model for one run. Stateful: create one per run. */
export class OfflineTbsModel implements TbsAgentModel {
  readonly label = OFFLINE_MODEL_LABEL;
  readonly kind = "offline" as const;
  private readonly agents: AgentLatent[];

  constructor(private readonly params: TbsParams, personas: Persona[], private readonly topic: Topic, rng: Rng) {
    const o = params.offline;
    this.agents = personas.map((p, i) => {
      const r = rng.fork("offline-agent", i);
      return {
        x: clamp(r.normal(p.stance_mean, p.stance_sd), -3, 3),
        fear: r.beta(o.fearA, o.fearB),
        u: r.normal(0, o.willingness.agentSd),
        s: p.susceptibility,
        p: null,
        D: 0,
        pi: 1,
        minority: [],
        climate: 0,
        speakStrategy: "qualify",
        rng: r.fork("steps"),
      };
    });
  }

  reason(views: AgentView[]): Promise<ReasonResult[]> {
    return Promise.resolve(views.map((v) => this.reasonOne(v)));
  }

  private reasonOne(view: AgentView): ReasonResult {
    const P = this.params;
    const o = P.offline;
    const a = this.agents[view.index];
    const r = a.rng;
    const kappa = o.climatePrior;
    // The climate is what the others say: one's own statements are left out (they enter through d_P).
    const slots: { stance: number; weight: number }[] = [];
    for (const e of view.recall.events) if (e.agent !== view.index) slots.push({ stance: e.stance, weight: 1 });
    for (const part of view.recall.summary?.parts ?? []) slots.push(part);
    let wsum = 0, esum = 0;
    for (const sl of slots) (wsum += sl.weight), (esum += sl.weight * sl.stance);
    const m = (kappa * a.x + esum) / (kappa + wsum);
    const dC = Math.abs(a.x - m) / 6;
    const { threshold, width } = o.minority;
    let asum = 0;
    for (const sl of slots) {
      const d = (Math.abs(sl.stance - a.x) - threshold) / width;
      asum += sl.weight * (d < 0 ? 0 : d > 1 ? 1 : d);
    }
    // The private–public gap is seen through Self memory: the last own statement the agent remembers.
    a.p = view.ownStatements.length > 0 ? view.ownStatements[view.ownStatements.length - 1].stance : null;
    const ref = selfReference(P.ablation, view.index, view.ownStatements, view.record, r);
    const dP = ref === null ? 0 : Math.abs(a.x - ref) / 6;
    const D = Math.min(1, o.wClimate * dC + o.wPublic * dP);
    a.minority.push(kappa + wsum > 0 ? asum / (kappa + wsum) : 0);
    // Silence pressure from this interval's minority, or (shuffled-fear) from a shuffled history of it.
    const M = minorityUsed(P.ablation, a.minority, r);
    const fear = P.ablation === "no-fear" ? 0 : a.fear;
    const S = Math.min(1, o.silenceGain * fear * M);
    a.D = D;
    a.climate = m;

    const item = (L: number) => clamp(Math.round(1 + 6 * L + r.normal(0, o.itemNoise)), 1, 7);
    const w = o.willingness;
    const pi = floorBelief(view, o.competition);
    a.pi = pi;
    const dec = decisionInputs(P.ablation, { pi, D, S }, o.wPublic * dP, r);
    const eta = w.intercept + dec.pi * (w.dissonance * 10 * dec.D + w.silence * 10 * dec.S) + a.u;
    const willing = r.uniform() < 1 / (1 + Math.exp(-eta));
    const c = o.strategy;
    const ax = Math.abs(a.x) / 3;
    const util = [c.defend * ax * (1 - S), c.qualify * S, c.converge * D * S, c.challenge * D * (1 - S), c.bridge * (1 - ax)];
    a.speakStrategy = SPEAKING_STRATEGIES[r.weightedIndex(util.map(Math.exp))];
    const tc = o.timeCost;
    const timeCost = Math.round(Math.exp(tc.logMean + tc.dissonance * D + tc.silence * S + r.normal(0, tc.sd)) * 100) / 100;

    const state: InternalState = {
      perceived_inconsistency: item(D),
      dissonance_tension: item(D),
      tension_reduction_motivation: item(D),
      perceived_opinion_climate: item(S),
      perceived_isolation_risk: item(S),
      strategy: willing ? a.speakStrategy : "withhold",
      willing_to_speak: willing,
      time_cost: Math.max(0.01, timeCost),
      private_stance: roundStance(a.x),
      monologue: monologue(a.x, m, D, S, willing, a.speakStrategy),
    };
    const latent: Latent = {
      latent_dissonance: D,
      latent_silence: S,
      latent_stance: a.x,
      perceived_climate: m,
      climate_gap: dC,
      public_gap: dP,
      minority: M,
      fear,
      agent_effect: a.u,
      floor_belief: pi,
      decision_floor: dec.pi,
      decision_dissonance: dec.D,
      decision_silence: dec.S,
    };
    return { state, latent, tokensIn: 0, tokensOut: 0, repairs: [] };
  }

  speak(view: AgentView, state: InternalState | null): Promise<SpeakResult> {
    const a = this.agents[view.index];
    const strategy = state && state.strategy !== "withhold" ? state.strategy : a.speakStrategy;
    const x = a.x;
    const sign = x > 0 ? 1 : x < 0 ? -1 : 0;
    const ex = this.params.offline.expression;
    let e: number;
    switch (strategy) {
      case "challenge":
        e = sign === 0 ? -Math.sign(a.climate) * ex.challenge : roundStance(x) + sign * ex.challenge;
        break;
      case "qualify":
        e = ex.qualify * x;
        break;
      case "converge":
        e = x + this.params.offline.convergeShift * (a.climate - x);
        break;
      case "bridge":
        e = ex.bridge * x;
        break;
      default:
        e = x;
    }
    // On an agenda item, the theme's arguments, and their lean.
    const item = agendaAt(this.topic, view.interval);
    const theme = item ? this.topic.themes![item.theme] : undefined;
    const expressed = roundStance(e + (theme ? theme.lean * this.params.offline.themeLean : 0));
    const bank = (theme?.arguments ?? this.topic.arguments)[sideOf(expressed)][strategy as (typeof SPEAKING_STRATEGIES)[number]];
    return Promise.resolve({ utterance: a.rng.choice(bank), expressed_stance: expressed, strategy, tokensIn: 0, tokensOut: 0, repairs: [] });
  }

  afterInterval(events: GroupEvent[]): void {
    const inf = this.params.offline.influence;
    this.agents.forEach((a, i) => {
      let x = a.x;
      for (const event of events) if (event.agent !== i) x += a.s * inf.rate * (event.stance - x);
      if (a.p !== null) x += inf.dissonanceReduction * a.D * (a.p - x);
      if (inf.noise > 0) x += a.rng.normal(0, inf.noise);
      a.x = clamp(x, -3, 3);
    });
  }
}

/**
 * The agent's belief that seeking the floor gets it (README, "The decision rule"): 1 when its turn comes (a fixed
 * order, or a protocol in which everyone speaks); in Willing mode, an equal chance in a race against the others it
 * expects to be willing, estimated from the public record of voluntary turns. This is what the agent perceives;
 * under `no-competition` the decision gives it no weight (models/ablate.ts).
 * @example floorBelief(view, { window: 10, priorOccupancy: 0.5, priorWeight: 2 }) // ≈ 0.4 with 6 agents
 */
export function floorBelief(view: Pick<AgentView, "turn">, c: { priorOccupancy: number; priorWeight: number }): number {
  const t = view.turn;
  if (t.protocol !== "tbs" || t.mode === "rotation") return 1;
  const N = t.agents;
  const f = Math.min(0.999, (t.recentVoluntary + c.priorWeight * c.priorOccupancy) / (t.recentIntervals + c.priorWeight));
  const w = 1 - Math.pow(1 - f, 1 / (N - 1));
  if (w < 1e-9) return 1;
  return (1 - Math.pow(1 - w, N)) / (N * w);
}

function monologue(x: number, m: number, D: number, S: number, willing: boolean, strategy: Strategy): string {
  const room = m > 0.5 ? "leans toward the mandate" : m < -0.5 ? "leans against the mandate" : "seems split";
  const me = x > 0.5 ? "I support it" : x < -0.5 ? "I oppose it" : "I am undecided";
  const feel = D > 0.4 ? "this gap bothers me" : D > 0.15 ? "I feel some tension" : "I feel at ease";
  const risk = S > 0.4 ? "speaking up feels risky" : S > 0.15 ? "speaking up carries some risk" : "speaking up feels safe";
  return `[offline template] The room ${room}; ${me}; ${feel}, and ${risk}. ${willing ? `I want the floor to ${strategy}.` : "I will stay quiet for now."}`;
}
