import { test } from "node:test";
import assert from "node:assert/strict";
import { createRng } from "../core/rng.js";
import { cellAddresser } from "../core/mechanism.js";
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

test("Force Speak: exactly one speaker per interval, and an interval is forced exactly when no agent was willing", async () => {
  let forcedSeen = 0;
  for (const mode of ["willing", "rotation"] as const) {
    const r = await runTbs({ agents: 5, intervals: 20, force: "force", mode }, { rng: createRng(1), meta: { run_id: "r1", seed: 1 } });
    assert.equal(r.states.length, 100);
    for (const row of r.states) internalStateSchema.parse(row);
    for (let v = 1; v <= 20; v++) {
      const iv = r.states.filter((x) => x.interval === v);
      const speaker = iv.filter((x) => x.spoke);
      assert.equal(speaker.length, 1, "Force Speak: exactly one speaker");
      // Willing: forced iff nobody was willing; Rotation: forced iff the scheduled agent was unwilling.
      const wouldSpeak = mode === "willing" ? iv.some((x) => x.willing_to_speak) : iv.find((x) => x.scheduled)!.willing_to_speak;
      assert.equal(speaker[0].forced, !wouldSpeak, `interval ${v} (${mode})`);
      if (speaker[0].forced) forcedSeen++;
    }
  }
  assert.ok(forcedSeen > 0, "the configuration produces forced turns, so the rule above was exercised");
});

test("No Force Speak allows silent intervals; Rotation gives the floor only to the scheduled agent", async () => {
  const r = await runTbs({ agents: 6, intervals: 24, mode: "rotation", force: "noforce" }, { rng: createRng(2) });
  for (const u of r.utterances) assert.equal(u.agent_id, ((u.interval as number) - 1) % 6);
  assert.ok(r.utterances.length < 24, "some scheduled agents were unwilling");
});

test("protocols: hierarchical has every agent speak every round (from the previous rounds only); sequential has one agent reason and speak per interval", async () => {
  const h = await runTbs({ agents: 4, intervals: 6, protocol: "hierarchical" }, { rng: createRng(1) });
  assert.equal(h.utterances.length, 24);
  assert.equal(h.states.length, 24);
  const s = await runTbs({ agents: 4, intervals: 6, protocol: "sequential" }, { rng: createRng(1) });
  assert.deepEqual(s.states.map((r) => r.agent_id), [0, 1, 2, 3, 0, 1]);
  assert.deepEqual(s.utterances.map((r) => r.agent_id), [0, 1, 2, 3, 0, 1]);
  const t = await runTbs({ agents: 4, intervals: 6 }, { rng: createRng(1) });
  // The efficiency claim, in calls: TBS makes N reasoning calls and at most one speech per interval.
  const calls = (r: { costs: Record<string, unknown>[] }) => r.costs.reduce((a, c) => a + (c.calls as number), 0);
  assert.equal(calls(h), 48);
  assert.equal(calls(s), 12);
  assert.equal(calls(t), 24 + t.utterances.length);
  for (const c of [...h.costs, ...s.costs, ...t.costs]) assert.ok((c.input_tokens as number) > 0 && (c.output_tokens as number) > 0);
});

test("the costs table: offline token counts come from rendered prompts; more speakers cost more output tokens per interval", async () => {
  const h = await runTbs({ agents: 6, intervals: 8, protocol: "hierarchical" }, { rng: createRng(2) });
  const t = await runTbs({ agents: 6, intervals: 8 }, { rng: createRng(2) });
  const out = (r: { costs: Record<string, unknown>[] }) => r.costs.reduce((a, c) => a + (c.output_tokens as number), 0);
  assert.ok(out(h) > out(t), `hierarchical ${out(h)} > tbs ${out(t)} output tokens`);
  assert.ok(t.costs.every((c) => c.token_source === "offline-rendered-sample"));
  const none = await runTbs({ agents: 6, intervals: 3, costSamplePerInterval: 0 }, { rng: createRng(2) });
  assert.ok(none.costs.every((c) => c.input_tokens === null && (c.calls as number) >= 6));
});

test("runner merges the condition into params, labels rows and writes the three tables", async () => {
  const cell = (condition: Record<string, string>) => runner.runCell({
    runId: "mode=rotation,seed=1", seed: 1, condition, params: runner.paramsSchema.parse({ agents: 4, intervals: 5 }),
    model: { kind: "offline" }, rng: createRng(1), address: cellAddresser("tbs", "mode=rotation", 1),
  });
  // a factor that is not a parameter is refused, not written as a column
  await assert.rejects(cell({ mode: "rotation", extra: "x" }), /grid\.extra: "extra" is not a parameter of tbs/);
  const res = await runner.runCell({
    runId: "mode=rotation,seed=1",
    seed: 1,
    condition: { mode: "rotation" },
    params: runner.paramsSchema.parse({ agents: 4, intervals: 5 }),
    model: { kind: "offline" },
    rng: createRng(1),
    address: cellAddresser("tbs", "mode=rotation", 1),
  });
  assert.equal(res.tables.states.length, 20);
  assert.equal(res.tables.states[0].mode, "rotation");
  assert.equal(res.tables.states[0].run_id, "mode=rotation,seed=1");
  assert.equal(res.tables.costs.length, 5);
});

test("invalid parameters are a ConfigError naming the field and the fix; unknown keys are errors at every level", async () => {
  const { parseParams } = await import("./run.js");
  assert.throws(() => parseParams({ agents: 1 }), /params\.agents[\s\S]*fix:/);
  assert.throws(() => parseParams({ mode: "chaos" }), /params\.mode/);
  assert.throws(() => parseParams({ offline: { itemNoise: -1 } }), /params\.offline\.itemNoise/);
  assert.throws(() => parseParams({ agnets: 6 }), /agnets/);
  assert.throws(() => parseParams({ offline: { willingness: { willingModeShift: -0.3 } } }), /willingModeShift/);
  assert.throws(() => parseParams({ memoryOptions: { latestn: 3 } }), /latestn/);
  assert.throws(() => parseParams({ memory: "vector" }), /params\.memory/);
  assert.throws(() => parseParams({ protocol: "roundrobin" }), /params\.protocol/);
});

test("nous memory: each agent recalls by content what it heard (offline climate from retrieved statements, never from its own)", async () => {
  const r = await runTbs({ agents: 6, intervals: 12, memory: "nous", force: "force" }, { rng: createRng(1) });
  const late = r.states.filter((x) => (x.interval as number) > 3);
  assert.ok(late.some((x) => (x.climate_gap as number) > 0), "retrieved statements move the perceived climate");
  const nf = await runTbs({ agents: 6, intervals: 12, memory: "nous", force: "force", ablation: "no-group-memory" }, { rng: createRng(1) });
  assert.ok(nf.states.every((x) => x.climate_gap === 0), "with nothing heard from others, nothing is retrieved about them");
});
