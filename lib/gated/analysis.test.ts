import { test } from "node:test";
import assert from "node:assert/strict";
import { createRng } from "../core/rng.js";
import { bootstrapMean, summarize, wilson } from "./analysis.js";

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

test("summary on a small constructed table: TSR, means and intervals by policy and scenario", () => {
  const rows: Record<string, unknown>[] = [];
  const add = (policy: string, scenario: string, success: boolean, cs: number, lrr: number, uer: number, ecr: number) =>
    rows.push({ model: "m", policy, scenario, success, completion_steps: cs, lrr, uer, ecr, messages: 10, tokens: 100, score: 1 });
  for (let i = 0; i < 4; i++) {
    add("gated", "standard", i < 3, 100, 0.7, 0.1, 0.8); add("gated", "scarce", i < 3, 110, 0.7, 0.1, 0.8);
    add("free_chat", "scarce", i < 1, 160, 0.3, 0.6, 0.4); add("rigid", "scarce", i < 1, 140, 1, NaN, 1);
  }
  const s = summarize(rows);
  assert.equal(s.length, 4);
  const g = s.find((r) => r.policy === "gated" && r.scenario === "scarce")!;
  assert.equal(g.tsr, 0.75);
  assert.equal(g.cs, 110);
  assert.ok(Number.isNaN(s.find((r) => r.policy === "rigid")!.uer), "NaN UER (no escalation) drops out");
});
