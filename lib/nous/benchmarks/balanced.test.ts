/**
 * The balanced belief-dynamics benchmark: deterministic in its parameters, every question traced to its truth,
 * every scenario and its mirror present, bad parameters refused with the file and field named. And the null the
 * design rests on: where nothing contradicts a value (stable, others), no variant of the update rule or decay can
 * change an answer. The pre-registered hypotheses are computed in notebook 04 (full profile) and by
 * scripts/nous-benchmark.ts on the pre-registered instance; this test runs a small slice of the pilot.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { generateBalanced, SCENARIOS, truthOf } from "./balanced.js";
import { benchmarkInstance } from "./instances.js";
import { runBenchmark } from "./run.js";

test("an instance is what its parameters generate; each question has its truth; every scenario and its mirror occur", () => {
  const a = benchmarkInstance("balanced-pilot");
  const b = benchmarkInstance("balanced-pilot");
  assert.equal(JSON.stringify(a.data), JSON.stringify(b.data));
  const convs = a.data as { sample_id: string; qa: { question: string; answer: string; category: number }[] }[];
  assert.equal(convs.length, 28);
  for (const c of convs) for (const q of c.qa) {
    const t = truthOf(a.truth, c.sample_id, q.question);
    assert.ok(t, q.question);
    assert.equal(q.answer, q.category === 4 ? t.current : t.before);
  }
  for (const s of SCENARIOS) assert.ok(a.truth.some((t) => t.scenario === s), s);
  for (const s of ["joke-before-gap", "joke-after-gap", "change-once", "change-after-gap"]) {
    assert.ok(a.truth.some((t) => t.scenario === s && t.cued === true) && a.truth.some((t) => t.scenario === s && t.cued === false), `${s}: cued and plain`);
  }
  assert.throws(() => generateBalanced({ ...JSON.parse(JSON.stringify({ name: "x" })) }, "p.json"), /p\.json/);
});

test("null: on values nothing contradicts (stable, others), last-write-wins and no decay answer exactly as the full model", async () => {
  const rows = await runBenchmark("balanced-pilot", ["none", "last-write-wins", "no-decay"], { limit: 6 });
  const key = (r: Record<string, unknown>) => `${r.conversation}#${r.question_index}`;
  const full = new Map(rows.filter((r) => r.ablation === "none").map((r) => [key(r), r.prediction]));
  const nullRows = rows.filter((r) => r.ablation !== "none" && (r.scenario === "stable" || r.scenario === "others"));
  assert.ok(nullRows.length >= 10);
  for (const r of nullRows) assert.equal(r.prediction, full.get(key(r)), `${r.ablation}: ${r.question}`);
  assert.ok(rows.every((r) => r.data === "benchmark:balanced-pilot" && typeof r.scenario === "string" && r.scenario !== "?"));
});
