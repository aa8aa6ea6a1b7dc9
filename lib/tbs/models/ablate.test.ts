/**
 * The rule-test ablations leave the quantity they cut defined, and their placebos make the same draws with the same
 * information. (Whether each ablation moves its effect, and each placebo does not, is in ../mechanism.test.ts.)
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRng } from "../../core/rng.js";
import { runTbs } from "../run.js";
import { decisionInputs, minorityUsed, selfReference } from "./ablate.js";
import type { GroupEvent } from "../types.js";

const ev = (agent: number, stance: number, interval = 1): GroupEvent => ({ interval, agent, stance, text: "", strategy: "defend" });

test("minorityUsed: shuffled-fear takes the agent's minority at a random interval of its history; placebo-fear makes the same draw and takes this interval's", () => {
  const history = [0.1, 0.5, 0.2, 0.4];
  const seen = new Set<number>();
  for (let s = 1; s <= 40; s++) seen.add(minorityUsed("shuffled-fear", history, createRng(s)));
  assert.deepEqual([...seen].sort(), [0.1, 0.2, 0.4, 0.5]);
  const a = createRng(1), b = createRng(1);
  assert.equal(minorityUsed("placebo-fear", history, a), 0.4);
  minorityUsed("shuffled-fear", history, b);
  assert.equal(a.uniform(), b.uniform(), "the same draws were made");
  assert.equal(minorityUsed("none", history, createRng(1)), 0.4);
});

test("selfReference: shuffled-self measures the gap against another speaker's last statement; placebo-self draws the same and keeps its own", () => {
  const record = [ev(0, 3), ev(1, -2), ev(0, 2), ev(2, -1)];
  const own = [ev(0, 3), ev(0, 2)];
  const seen = new Set<number | null>();
  for (let s = 1; s <= 40; s++) seen.add(selfReference("shuffled-self", 0, own, record, createRng(s)));
  assert.deepEqual([...seen].sort((a, b) => (a as number) - (b as number)), [-2, -1], "the last stances of agents 1 and 2, never its own");
  assert.equal(selfReference("placebo-self", 0, own, record, createRng(1)), 2);
  assert.equal(selfReference("none", 0, own, record, createRng(1)), 2);
  assert.equal(selfReference("shuffled-self", 0, own, [ev(0, 3)], createRng(1)), null, "no one else has spoken");
});

test("decisionInputs: no-competition weighs the appraisals fully, group-unweighted weighs the private–public gap only; placebos weigh what is perceived", () => {
  const p = { pi: 0.4, D: 0.5, S: 0.3 };
  assert.deepEqual(decisionInputs("no-competition", p, 0.2, createRng(1)), { pi: 1, D: 0.5, S: 0.3 });
  assert.deepEqual(decisionInputs("group-unweighted", p, 0.2, createRng(1)), { pi: 0.4, D: 0.2, S: 0 });
  assert.deepEqual(decisionInputs("placebo-group", p, 0.2, createRng(1)), p);
  assert.deepEqual(decisionInputs("placebo-competition", p, 0.2, createRng(1)), p);
});

test("in a run: every cut quantity stays defined (perceived and read by the items), and the decision columns show the cut", async () => {
  const run = (ablation: string) => runTbs({ agents: 6, intervals: 20, force: "force", ablation } as never, { rng: createRng(3) }).then((r) => r.states);
  const nc = await run("no-competition");
  assert.ok(nc.every((r) => r.decision_floor === 1));
  assert.ok(nc.some((r) => (r.floor_belief as number) < 1), "π is still perceived in Willing mode");
  const gu = await run("group-unweighted");
  assert.ok(gu.every((r) => r.decision_silence === 0 && Math.abs((r.decision_dissonance as number) - Math.min(1, 1.5 * (r.public_gap as number))) < 1e-12));
  assert.ok(gu.some((r) => (r.latent_silence as number) > 0.2 && (r.climate_gap as number) > 0), "the group is still perceived");
  const sf = await run("shuffled-fear");
  assert.ok(sf.some((r) => (r.latent_silence as number) > 0.2), "silence pressure is still felt");
  assert.ok(sf.every((r) => Math.abs((r.latent_silence as number) - Math.min(1, 2 * (r.fear as number) * (r.minority as number))) < 1e-12), "from the minority it was drawn from");
  const ss = await run("shuffled-self");
    const firstSpoke = new Map<number, number>();
  for (const r of ss) if (r.spoke && !firstSpoke.has(r.agent_id as number)) firstSpoke.set(r.agent_id as number, r.interval as number);
  assert.ok(ss.some((r) => (r.public_gap as number) > 0 && (r.interval as number) <= (firstSpoke.get(r.agent_id as number) ?? Infinity)), "…before the agent has spoken itself");
  for (const pl of ["placebo-competition", "placebo-group", "placebo-fear", "placebo-self"]) {
    const rows = await run(pl);
    assert.ok(rows.every((r) => r.decision_floor === r.floor_belief && r.decision_dissonance === r.latent_dissonance && r.decision_silence === r.latent_silence), pl);
  }
});
