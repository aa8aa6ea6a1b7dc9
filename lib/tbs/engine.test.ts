import { test } from "node:test";
import assert from "node:assert/strict";
import { createRng } from "../core/rng.js";
import { runTbs } from "./run.js";
import { runner } from "./runner.js";
import { internalStateSchema } from "./types.js";

test("same params and seed give byte-identical tables; another seed differs", async () => {
  const a = await runTbs({ agents: 6, intervals: 15, memory: "sampling" }, { rng: createRng(3) });
  const b = await runTbs({ agents: 6, intervals: 15, memory: "sampling" }, { rng: createRng(3) });
  const c = await runTbs({ agents: 6, intervals: 15, memory: "sampling" }, { rng: createRng(4) });
  assert.equal(JSON.stringify(a), JSON.stringify(b));
  assert.notEqual(JSON.stringify(a.states), JSON.stringify(c.states));
});

test("one states row per interval × agent with every schema field; at most one speaker per interval", async () => {
  const r = await runTbs({ agents: 5, intervals: 12, force: "force" }, { rng: createRng(1), meta: { run_id: "r1", seed: 1 } });
  assert.equal(r.states.length, 60);
  for (const row of r.states) {
    internalStateSchema.parse(row);
    assert.equal(row.model, "offline:tbs-cognitive-v1");
    assert.ok((row.dissonance_index as number) >= 0 && (row.dissonance_index as number) <= 1);
  }
  for (let v = 1; v <= 12; v++) assert.equal(r.states.filter((x) => x.interval === v && x.spoke).length, 1, "Force Speak: exactly one speaker");
  assert.equal(r.utterances.length, 12);
  assert.ok(r.states.some((x) => x.forced) || r.states.every((x) => !x.forced));
});

test("No Force Speak allows silent intervals; Rotation gives the floor only to the scheduled agent", async () => {
  const r = await runTbs({ agents: 6, intervals: 24, mode: "rotation", force: "noforce" }, { rng: createRng(2) });
  for (const u of r.utterances) assert.equal(u.agent_id, ((u.interval as number) - 1) % 6);
  assert.ok(r.utterances.length < 24, "some scheduled agents were unwilling");
});

test("ablations switch their mechanism off: no fear ⇒ S = 0; no public inconsistency ⇒ D has no public part", async () => {
  const nf = await runTbs({ agents: 6, intervals: 20, ablation: "no-fear" }, { rng: createRng(1) });
  assert.ok(nf.states.every((x) => x.latent_silence === 0));
  const np = await runTbs({ agents: 6, intervals: 20, ablation: "no-public-inconsistency", force: "force" }, { rng: createRng(1) });
  for (const x of np.states) {
    // D = min(1, w_C·d_C) with w_C = 1.2 (params.ts default) when w_P = 0.
    assert.ok(Math.abs((x.latent_dissonance as number) - Math.min(1, 1.2 * (x.climate_gap as number))) < 1e-12);
  }
});

test("runner merges the condition into params and labels rows", async () => {
  const res = await runner.runCell({
    runId: "mode=rotation,seed=1",
    seed: 1,
    condition: { mode: "rotation", extra: "x" },
    params: runner.paramsSchema.parse({ agents: 4, intervals: 5 }),
    model: { kind: "offline" },
    rng: createRng(1),
  });
  assert.equal(res.tables.states.length, 20);
  assert.equal(res.tables.states[0].mode, "rotation");
  assert.equal(res.tables.states[0].extra, "x");
  assert.equal(res.tables.states[0].run_id, "mode=rotation,seed=1");
});

test("invalid parameters are a ConfigError naming the field and the fix", async () => {
  const { parseParams } = await import("./run.js");
  assert.throws(() => parseParams({ agents: 1 }), /params\.agents[\s\S]*fix:/);
  assert.throws(() => parseParams({ mode: "chaos" }), /params\.mode/);
  assert.throws(() => parseParams({ offline: { itemNoise: -1 } }), /params\.offline\.itemNoise/);
});
