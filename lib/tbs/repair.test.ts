import { test } from "node:test";
import assert from "node:assert/strict";
import { extractJson, repairState, repairUtterance } from "./repair.js";

const valid = {
  perceived_inconsistency: 3,
  dissonance_tension: 4,
  tension_reduction_motivation: 2,
  perceived_opinion_climate: 5,
  perceived_isolation_risk: 6,
  strategy: "qualify",
  willing_to_speak: true,
  time_cost: 2.5,
  private_stance: 1,
  monologue: "thinking",
};

test("a valid reply passes unchanged with no repairs", () => {
  assert.deepEqual(repairState(valid), { ok: true, value: valid, repairs: [] });
});

test("out-of-range items, string numbers, synonyms and yes/no are repaired and every change is logged", () => {
  const r = repairState({ ...valid, perceived_isolation_risk: 9, dissonance_tension: "4", strategy: "Compromise", willing_to_speak: "yes", private_stance: -4.2, time_cost: 0 });
  assert.equal(r.ok, true);
  if (!r.ok) return;
  assert.equal(r.value.perceived_isolation_risk, 7);
  assert.equal(r.value.dissonance_tension, 4);
  assert.equal(r.value.strategy, "converge");
  assert.equal(r.value.willing_to_speak, true);
  assert.equal(r.value.private_stance, -3);
  assert.equal(r.value.time_cost, 0.01);
  assert.equal(r.repairs.length, 6);
  assert.match(r.repairs.join("\n"), /perceived_isolation_risk: 9 → 7/);
});

test("an unknown strategy or a missing item is a clear error naming the field", () => {
  const a = repairState({ ...valid, strategy: "dance" });
  assert.equal(a.ok, false);
  if (!a.ok) assert.match(a.error, /strategy: unknown strategy "dance" \(allowed: defend, qualify/);
  const { dissonance_tension: _, ...missing } = valid;
  const b = repairState(missing);
  assert.equal(b.ok, false);
  if (!b.ok) assert.match(b.error, /dissonance_tension/);
});

test("JSON is extracted from fenced replies; utterance stances are clamped", () => {
  assert.deepEqual(extractJson('Sure:\n```json\n{"a": 1}\n```'), { a: 1 });
  const u = repairUtterance({ utterance: "Hello", expressed_stance: 5 });
  assert.equal(u.ok && u.value.expressed_stance, 3);
  assert.equal(repairUtterance({ utterance: "", expressed_stance: 0 }).ok, false);
});
