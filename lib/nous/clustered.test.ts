/**
 * The conversation-clustered bootstrap: exact on degenerate data, centred on the mean, and wider than a bootstrap
 * that treats questions as independent when the differences are shared within conversations (the reason for it),
 * about as wide when they are not. Checked over seeds, not one draw.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRng } from "../core/rng.js";
import { bootstrapMean } from "../stats/intervals.js";
import { clusteredBootstrap, clusteredCategoryTable, pairedClustered } from "./clustered.js";

test("no differences give [0, 0] and p = 1; a constant difference gives that constant", () => {
  const z = clusteredBootstrap([0, 0, 0, 0], ["a", "a", "b", "b"], createRng(1), 500);
  assert.deepEqual([z.mean, z.lower, z.upper, z.p, z.clusters], [0, 0, 0, 1, 2]);
  const c = clusteredBootstrap([1, 1, 1], ["a", "b", "c"], createRng(1), 500);
  assert.deepEqual([c.mean, c.lower, c.upper], [1, 1, 1]);
  assert.throws(() => clusteredBootstrap([1], [], createRng(1)), /as many clusters/);
});

test("clustered effects widen the interval against an independent bootstrap; independent ones do not (20 seeds)", () => {
  let wider = 0, similar = 0;
  for (let seed = 1; seed <= 20; seed++) {
    const rng = createRng(seed);
    const shared: number[] = [], indep: number[] = [], ids: string[] = [];
    for (let c = 0; c < 8; c++) {
      const effect = rng.normal(0, 1);
      for (let q = 0; q < 25; q++) {
        shared.push(effect + rng.normal(0, 0.3));
        indep.push(rng.normal(0, 1));
        ids.push(`c${c}`);
      }
    }
    const width = (x: { lower: number; upper: number }) => x.upper - x.lower;
    const cs = clusteredBootstrap(shared, ids, createRng(100 + seed), 1000);
    const is = bootstrapMean(shared, createRng(200 + seed), 1000);
    if (width(cs) > 2.5 * width(is)) wider++;
    const ci = clusteredBootstrap(indep, ids, createRng(300 + seed), 1000);
    const ii = bootstrapMean(indep, createRng(400 + seed), 1000);
    if (width(ci) / width(ii) > 0.7 && width(ci) / width(ii) < 1.5) similar++;
  }
  assert.ok(wider >= 18, `clustered wider in ${wider}/20`);
  assert.ok(similar >= 18, `about as wide in ${similar}/20`);
});

test("paired by question, per category, with the per-conversation differences", () => {
  const rows = [
    { conversation: "c1", question_index: 0, category: 1, ablation: "none", f1: 1 }, { conversation: "c1", question_index: 0, category: 1, ablation: "x", f1: 0 },
    { conversation: "c2", question_index: 0, category: 1, ablation: "none", f1: 0.5 }, { conversation: "c2", question_index: 0, category: 1, ablation: "x", f1: 0.5 },
  ];
  const r = pairedClustered(rows, { a: { ablation: "none" }, b: { ablation: "x" }, metric: "f1", seed: 1, reps: 200 })!;
  assert.deepEqual([r.a, r.b, r.mean, r.n, r.clusters], [75, 25, 50, 2, 2]);
  const t = clusteredCategoryTable(rows, { a: { ablation: "none" }, b: { ablation: "x" }, metric: "f1", seed: 1, reps: 200, categories: [1] });
  assert.equal(t[0].per_conversation, "c1: 100.00; c2: 0.00");
});
