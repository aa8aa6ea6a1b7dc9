import { test } from "node:test";
import assert from "node:assert/strict";
import { createRng } from "../core/rng.js";
import { bayesUpdate, decay, distribution, lastWriteWins, observationSurprise, observe, surprise, truncate, type Counts } from "./dimension.js";
import { Dimension } from "./dimension-state.js";

const DAY = 86_400_000;

test("the in-place dimension gives the pure functions' beliefs and surprises (2,000 seeded steps, tolerance 1e-9)", () => {
  const rng = createRng(11);
  for (const rule of ["bayes", "last-write-wins"] as const) {
    let counts: Counts = {};
    let at = 0;
    const dim = new Dimension("e", "a", 0);
    let ts = 0;
    for (let step = 0; step < 2000; step++) {
      ts += rng.int(3) === 0 ? rng.int(60) * DAY : 1000;
      const obs = `v${rng.int(step < 1000 ? 30 : 5)}`;
      if (Object.keys(counts).length) counts = decay(counts, ts - at, 45);
      dim.decayTo(ts, 45);
      const sPure = surprise(counts, obs, 1);
      const sDim = dim.surprise(obs, 1);
      assert.ok(Math.abs(sPure - sDim) < 1e-9, `step ${step}: surprise ${sPure} vs ${sDim}`);
      const priorPure = truncate(distribution(counts));
      const priorDim = dim.top(12);
      assert.equal(priorDim.length, priorPure.length);
      if (priorPure.length) assert.ok(Math.abs(priorDim[0].p - priorPure[0].p) < 1e-9);
      counts = rule === "bayes" ? bayesUpdate(counts, obs, 0.8, 1) : lastWriteWins(counts, obs);
      if (rule === "bayes") dim.bayes(obs, 0.8, 1, ts);
      else dim.lastWriteWins(obs, ts);
      at = Math.max(at, ts);
      // compared value by value: tied probabilities may be ordered differently by rounding
      const pure = new Map(distribution(counts).map((x) => [x.value, x.p]));
      const fast = dim.distributionAt(undefined, null);
      assert.equal(fast.length, pure.size);
      for (const x of fast) assert.ok(Math.abs(x.p - pure.get(x.value)!) < 1e-9, `step ${step}: ${x.value} ${x.p} vs ${pure.get(x.value)}`);
    }
  }
});

test("a snapshot restores values, counts and time", () => {
  const dim = new Dimension("e", "a", 0);
  dim.bayes("x", 0.8, 1, 1);
  const snap = dim.snapshot();
  dim.bayes("y", 0.8, 1, 2);
  dim.restore(snap);
  assert.deepEqual(dim.counts(), { x: 1 });
  assert.equal(dim.surprise("y", 1), 1); // unseen again: −log2(1/2)
  assert.equal(dim.updatedAt, 1);
});

test("observations of every kind and confidence: the in-place dimension gives the pure `observe` (3,000 seeded steps, both rules)", () => {
  const rng = createRng(12);
  const kinds = ["state", "change", "ended", "planned"] as const;
  for (const rule of ["bayes", "last-write-wins"] as const) {
    for (const opts of [{ useKinds: true, useConfidence: true }, { useKinds: false, useConfidence: false }]) {
      const p = { reliability: 0.8, newValueMass: 1, rule, ...opts };
      let counts: Counts = {};
      let unnamed = new Set<string>();
      const dim = new Dimension("e", "a", 0);
      for (let step = 0; step < 3000; step++) {
        const o = { value: `v${rng.int(6)}`, kind: kinds[rng.int(4)], confidence: rng.int(3) === 0 ? rng.range(0.2, 1) : undefined };
        const sPure = observationSurprise(counts, o, 1, p);
        const sDim = dim.surpriseOf(o, 1, p);
        assert.ok(sPure === sDim || Math.abs(sPure - sDim) < 1e-9 * Math.max(1, Math.abs(sPure)) * 10, `step ${step}: surprise ${sPure} vs ${sDim}`);
        ({ counts, unnamed } = observe(counts, unnamed, o, p));
        dim.observe(o, p, step);
        assert.deepEqual([...dim.unnamed].sort(), [...unnamed].sort(), `step ${step}: unnamed`);
        const pure = new Map(distribution(counts).map((x) => [x.value, x.p]));
        const fast = dim.distributionAt(undefined, null);
        assert.equal(fast.length, pure.size, `step ${step}: vocabulary`);
        for (const x of fast) assert.ok(Math.abs(x.p - pure.get(x.value)!) < 1e-9, `step ${step}: ${x.value} ${x.p} vs ${pure.get(x.value)}`);
      }
    }
  }
});

test("decay toward the prior forgets evidence (a single value's belief loosens); toward uniform it leaves a single value alone", () => {
  const DAY_MS = 86_400_000;
  for (const target of ["uniform", "prior"] as const) {
    const dim = new Dimension("e", "a", 0);
    for (let i = 0; i < 5; i++) dim.bayes("Leeds", 0.8, 1, 0);
    const pure = decay(dim.counts(), 90 * DAY_MS, 90, target);
    dim.decayTo(90 * DAY_MS, 90, target);
    assert.deepEqual(dim.counts(), pure);
    // one half-life: the prior target halves the evidence, so an unseen value is now more probable (1/(2.5 + 1))
    assert.equal(dim.surprise("York", 1), target === "prior" ? -Math.log2(1 / 3.5) : -Math.log2(1 / 6));
  }
});
