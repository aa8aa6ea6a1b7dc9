import { test } from "node:test";
import assert from "node:assert/strict";
import { createRng } from "../core/rng.js";
import { GroupMemory, summaryParts, type SummaryModel } from "./memory.js";
import { memoryOptionsSchema, offlineParamsSchema } from "./params.js";

const opts = memoryOptionsSchema.parse({ latestN: 2, sampleK: 3, sampleDecay: 1.5, summaryKeep: 2 });
const majority = offlineParamsSchema.parse({}).summary;
function filled(mode: "latest" | "sampling" | "summary", upTo: number, stance = (v: number) => (v % 3 === 0 ? -2 : 2), model: SummaryModel = majority, perInterval = 1): GroupMemory {
  const m = new GroupMemory(mode, opts, model);
  for (let v = 1; v < upTo; v++) for (let k = 0; k < perInterval; k++) m.add({ interval: v, agent: (v + k) % 4, text: `t${v}.${k}`, stance: stance(v), strategy: "defend" });
  return m;
}

test("Latest(n) recalls the n most recent statements, by count: the same window whatever the statements per round", () => {
  assert.deepEqual(filled("latest", 10).recall(10, undefined).events.map((e) => e.interval), [8, 9]);
  // Three statements per round (a hierarchical protocol's rounds): still two statements, both of the last round.
  assert.deepEqual(filled("latest", 10, undefined, majority, 3).recall(10, undefined).events.map((e) => e.text), ["t9.1", "t9.2"]);
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

test("Summary compresses all but the latest statements into a lossy aggregate and keeps those verbatim (majority kind: one side only)", () => {
  const m = filled("summary", 11);
  const fresh = m.compress();
  assert.equal(fresh.length, 8);
  assert.deepEqual(m.compress(), [], "nothing new to compress");
  const r = m.recall(11, undefined);
  assert.deepEqual(r.events.map((e) => e.interval), [9, 10]);
  // statements 1..8: stances 2,2,-2,2,2,-2,2,2 → 6 support (mean 2), 2 oppose: the summary keeps the majority side only.
  assert.equal(m.summary.count, 8);
  assert.deepEqual(r.summary?.parts, [{ stance: 2, weight: 6 }]);
  const j = GroupMemory.fromJSON(JSON.parse(JSON.stringify(m.toJSON())));
  assert.deepEqual(j.recall(11, undefined), r);
  assert.equal(m.verbatimFrom(), 9);
});

test("Summary kinds: both sides weighted by their share; recency-weighted mean of everything compressed; total weight min(count, cap)", () => {
  const both = filled("summary", 11, undefined, { ...majority, kind: "both-sides" });
  both.compress();
  assert.deepEqual(both.summary.parts, [{ stance: 2, weight: 4.5 }, { stance: -2, weight: 1.5 }]);
  const rec = filled("summary", 11, (v) => (v <= 4 ? -2 : 2), { kind: "recency", cap: 6, halfLife: 2 });
  rec.compress();
  // statements 1..8, ages 7..0 from the newest: weights 2^(-age/2); stances −2 (ages 4..7) and 2 (ages 0..3).
  const w = (a: number) => Math.pow(2, -a / 2);
  const expected = (2 * (w(0) + w(1) + w(2) + w(3)) - 2 * (w(4) + w(5) + w(6) + w(7))) / [0, 1, 2, 3, 4, 5, 6, 7].reduce((s, a) => s + w(a), 0);
  assert.equal(rec.summary.parts.length, 1);
  assert.ok(Math.abs(rec.summary.parts[0].stance - expected) < 1e-12);
  assert.equal(rec.summary.parts[0].weight, 6);
  // Compressing in two steps gives the same recency weights as in one.
  const steps = filled("summary", 7, (v) => (v <= 4 ? -2 : 2), { kind: "recency", cap: 6, halfLife: 2 });
  steps.compress();
  for (let v = 7; v < 11; v++) steps.add({ interval: v, agent: 0, text: `t${v}`, stance: 2, strategy: "defend" });
  steps.compress();
  assert.ok(Math.abs(steps.summary.parts[0].stance - expected) < 1e-12);
  const small = filled("summary", 5);
  small.compress();
  assert.equal(summaryParts(small.summary, { ...majority, kind: "both-sides" }).reduce((a, p) => a + p.weight, 0), 2, "two statements compressed: weight 2 < cap");
});
