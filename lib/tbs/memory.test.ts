import { test } from "node:test";
import assert from "node:assert/strict";
import { createRng } from "../core/rng.js";
import { GroupMemory } from "./memory.js";
import { memoryOptionsSchema } from "./params.js";

const opts = memoryOptionsSchema.parse({ latestN: 2, sampleK: 3, sampleDecay: 1.5, summaryKeep: 2, summaryCap: 6 });
function filled(mode: "latest" | "sampling" | "summary", upTo: number, stance = (v: number) => (v % 3 === 0 ? -2 : 2)): GroupMemory {
  const m = new GroupMemory(mode, opts);
  for (let v = 1; v < upTo; v++) m.add({ interval: v, agent: v % 4, text: `t${v}`, stance: stance(v), strategy: "defend" });
  return m;
}

test("Latest(n) recalls the events of the n most recent intervals", () => {
  const m = filled("latest", 10);
  assert.deepEqual(m.recall(10, undefined).events.map((e) => e.interval), [8, 9]);
});

test("Sampling draws k distinct events, favouring recent ones (w ∝ (age+1)^-1.5; 2000 draws, tolerance 0.05)", () => {
  const m = filled("sampling", 21);
  const rng = createRng(5);
  let recent = 0;
  for (let k = 0; k < 2000; k++) {
    const ev = m.recall(21, rng).events;
    assert.equal(new Set(ev.map((e) => e.interval)).size, 3);
    if (ev.some((e) => e.interval === 20)) recent++;
  }
  // Event 20 has weight 1 of a total Σ_{a=1..20} a^-1.5 ≈ 2.18; P(in 3 successive draws) is about 0.8 by simulation of the weights.
  assert.ok(recent / 2000 > 0.7, `recent share ${recent / 2000}`);
});

test("Summary compresses old intervals into a lossy majority aggregate and keeps the latest verbatim", () => {
  const m = filled("summary", 11);
  m.compress(11);
  const r = m.recall(11, undefined);
  assert.deepEqual(r.events.map((e) => e.interval), [9, 10]);
  // intervals 1..8: stances 2,2,-2,2,2,-2,2,2 → 6 support (mean 2), 2 oppose: the summary keeps the majority side only.
  assert.equal(m.summary.count, 8);
  assert.equal(r.summary?.stance, 2);
  assert.equal(r.summary?.weight, 6);
  const j = GroupMemory.fromJSON(JSON.parse(JSON.stringify(m.toJSON())));
  assert.deepEqual(j.recall(11, undefined), r);
});
