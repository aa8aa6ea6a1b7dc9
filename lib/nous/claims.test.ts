/**
 * Nous's claims declarations: every offline-model parameter covered (lib/claims/coverage.test.ts checks it for every
 * mechanism; repeated here for the file's own errors), every claim's row filter selecting questions of the quick
 * audit's instance, and one null run through the runner: with hedges at full confidence, ignoring confidence changes
 * no answer.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { coverageProblems } from "../claims/coverage.js";
import { runBenchmark } from "./benchmarks/run.js";
import { nousClaims } from "./claims.js";
import { runner } from "./runner.js";

test("the declarations cover the offline model and attach to the runner", () => {
  assert.deepEqual(coverageProblems(nousClaims), []);
  assert.equal(runner.claims, nousClaims);
});

test("each claim's rows exist on the quick instance; the hedge null removes the effect exactly", async () => {
  const rows = await runBenchmark("balanced-quick", ["none", "no-confidence"]);
  for (const c of nousClaims.claims) {
    const where = "table" in c.metric ? c.metric.where ?? {} : {};
    const n = rows.filter((r) => r.ablation === "none" && Object.entries(where).every(([k, v]) => String(r[k]) === String(v))).length;
    assert.ok(n > 0, `${c.id}: no row`);
  }
  const nulled = await runBenchmark("balanced-quick", ["none", "no-confidence"], { extractor: { hedgeConfidence: 1, indirectConfidence: 1 } });
  const pred = (a: string) => nulled.filter((r) => r.ablation === a).map((r) => r.prediction);
  assert.deepEqual(pred("no-confidence"), pred("none"));
  // and without the null the effect is there
  const f1 = (a: string) => rows.filter((r) => r.ablation === a && r.cued === true && r.kind === "current").reduce((s, r) => s + Number(r.f1), 0);
  assert.ok(f1("none") > f1("no-confidence"));
});
