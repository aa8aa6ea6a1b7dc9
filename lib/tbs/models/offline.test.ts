import { test } from "node:test";
import assert from "node:assert/strict";
import { createRng } from "../../core/rng.js";
import { runTbs } from "../run.js";
import { floorBelief } from "./offline.js";
import type { TurnInfo } from "../types.js";

test("logged latent columns satisfy the model's equations (README: S = min(1, g_S·f·M), D = min(1, w_C·d_C + w_P·d_P))", async () => {
  const { states } = await runTbs({ agents: 6, intervals: 25, force: "force" }, { rng: createRng(9) });
  for (const r of states) {
    const S = Math.min(1, 2 * (r.fear as number) * (r.minority as number));
    assert.deepEqual([r.decision_floor, r.decision_dissonance, r.decision_silence], [r.floor_belief, r.latent_dissonance, r.latent_silence], "without an ablation the decision weighs what is perceived");
    assert.ok(Math.abs((r.latent_silence as number) - S) < 1e-12);
    const D = Math.min(1, 1.2 * (r.climate_gap as number) + 1.5 * (r.public_gap as number));
    assert.ok(Math.abs((r.latent_dissonance as number) - D) < 1e-12);
    assert.equal(r.private_stance, Math.max(-3, Math.min(3, Math.round(r.latent_stance as number))));
    assert.equal(r.strategy === "withhold", !r.willing_to_speak);
  }
});

const turn = (over: Partial<TurnInfo>): TurnInfo => ({ protocol: "tbs", mode: "willing", force: "noforce", agents: 6, scheduled: null, nextTurn: null, recentIntervals: 10, recentVoluntary: 5, ignoreCompetition: false, ...over });
const c = { priorOccupancy: 0.5, priorWeight: 2 };

test("floor belief π: 1 when the turn comes (Rotation, baselines); in Willing mode, falls as more intervals are taken; what the agent perceives whether or not its decision weighs it", () => {
  assert.equal(floorBelief({ turn: turn({ mode: "rotation" }) }, c), 1);
  assert.equal(floorBelief({ turn: turn({ protocol: "sequential" }) }, c), 1);
  assert.equal(floorBelief({ turn: turn({ ignoreCompetition: true }) }, c), floorBelief({ turn: turn({}) }, c));
  // f = (5 + 1)/(10 + 2) = 0.5 → ŵ = 1 − 0.5^(1/5); π = (1 − (1 − ŵ)^6)/(6ŵ)
  const w = 1 - Math.pow(0.5, 1 / 5);
  assert.ok(Math.abs(floorBelief({ turn: turn({}) }, c) - (1 - Math.pow(1 - w, 6)) / (6 * w)) < 1e-12);
  const busy = floorBelief({ turn: turn({ recentVoluntary: 10 }) }, c);
  const quiet = floorBelief({ turn: turn({ recentVoluntary: 0 }) }, c);
  assert.ok(busy < floorBelief({ turn: turn({}) }, c) && quiet > floorBelief({ turn: turn({}) }, c));
  assert.ok(floorBelief({ turn: turn({ agents: 12 }) }, c) < floorBelief({ turn: turn({ agents: 3 }) }, c), "more agents, less chance of winning the race");
});

test("items are unbiased noisy readings of the latent appraisal away from the scale ends (mean error within 0.1 item points)", async () => {
  const { states } = await runTbs({ agents: 40, intervals: 40 }, { rng: createRng(4) });
  const mid = states.filter((r) => (r.latent_dissonance as number) > 0.3 && (r.latent_dissonance as number) < 0.7);
  assert.ok(mid.length > 200, `enough mid-range rows (${mid.length})`);
  const err = mid.reduce((a, r) => a + ((r.dissonance_tension as number) - (1 + 6 * (r.latent_dissonance as number))), 0) / mid.length;
  assert.ok(Math.abs(err) < 0.1, `mean reading error ${err.toFixed(3)}`);
});

test("no-self-memory: an agent that cannot recall its own statements has no private–public gap, though it speaks", async () => {
  const { states, utterances } = await runTbs({ agents: 6, intervals: 20, force: "force", ablation: "no-self-memory" }, { rng: createRng(3) });
  assert.ok(utterances.length === 20);
  assert.ok(states.every((r) => r.public_gap === 0));
  const base = await runTbs({ agents: 6, intervals: 20, force: "force" }, { rng: createRng(3) });
  assert.ok(base.states.some((r) => (r.public_gap as number) > 0));
});

test("no-group-memory: with nothing of the others recalled, the climate is one's own view, so there is no silence pressure", async () => {
  const { states } = await runTbs({ agents: 6, intervals: 20, force: "force", ablation: "no-group-memory" }, { rng: createRng(3) });
  assert.ok(states.every((r) => r.latent_silence === 0 && r.climate_gap === 0));
});
