import { test } from "node:test";
import assert from "node:assert/strict";
import { createRng } from "../core/rng.js";
import { ablationTable, bootstrapMean, directions, summarize, wilson } from "./analysis.js";

test("Wilson interval matches R's prop.test(7, 10, correct = FALSE)$conf.int: 0.3967781, 0.8922087 (1e-6)", () => {
  const w = wilson(7, 10);
  assert.ok(Math.abs(w.lower - 0.3967781) < 1e-6 && Math.abs(w.upper - 0.8922087) < 1e-6, JSON.stringify(w));
  assert.deepEqual(wilson(0, 0).p, NaN);
  assert.throws(() => wilson(3, 2), /k ≤ n/);
});

test("the bootstrap is seeded and brackets the mean", () => {
  const v = [1, 2, 3, 4, 5, 6, 7, 8];
  const a = bootstrapMean(v, createRng(1)), b = bootstrapMean(v, createRng(1));
  assert.deepEqual(a, b);
  assert.equal(a.mean, 4.5);
  assert.ok(a.lower < 4.5 && a.upper > 4.5 && a.lower >= 1 && a.upper <= 8);
});

test("summary, ablation table and directions on a small constructed table", () => {
  const rows: Record<string, unknown>[] = [];
  const add = (policy: string, scenario: string, success: boolean, cs: number, lrr: number, uer: number, ecr: number) =>
    rows.push({ model: "m", policy, scenario, success, completion_steps: cs, lrr, uer, ecr, messages: 10, tokens: 100, score: 1 });
  for (let i = 0; i < 4; i++) {
    add("gated", "standard", i < 3, 100, 0.7, 0.1, 0.8); add("gated", "scarce", i < 3, 110, 0.7, 0.1, 0.8);
    add("free_chat", "standard", i < 3, 150, 0.3, 0.6, 0.4); add("free_chat", "scarce", i < 1, 160, 0.3, 0.6, 0.4);
    add("rigid", "standard", i < 4, 120, 1, NaN, 1); add("rigid", "scarce", i < 1, 140, 1, NaN, 1);
    add("gated_rules_only", "scarce", i < 2, 120, 0.6, 0.2, 0.7);
  }
  const s = summarize(rows);
  assert.equal(s.length, 7);
  assert.equal(s.find((r) => r.policy === "gated" && r.scenario === "scarce")!.tsr, 0.75);
  const abl = ablationTable(s, "scarce");
  assert.equal(abl[1]["ΔTSR pp"], "-25.0");
  const d = directions(s);
  assert.deepEqual(d.map((x) => [x.claim, x.agrees]), [
    ["TSR robust under scarcity", true], ["CS down", true], ["LRR up", true], ["UER down", true], ["ECR up", true],
  ]);
});
