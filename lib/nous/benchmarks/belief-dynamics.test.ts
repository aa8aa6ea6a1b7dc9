/**
 * The belief-dynamics benchmark. Each committed instance is what its committed parameters generate. On the
 * pre-registered instance (data/benchmarks/belief-dynamics-prereg.md, commit 71b06d30, seed 20261215, 96
 * conversations) the test asserts exactly the pre-registered condition: on current-state questions the full model
 * beats last-write-wins (H1) and no-decay (H2), each when the lower end of the paired bootstrap 95 % interval
 * (2,000 resamples, seed 7) is above 0 (one-sided α = 0.025 each). Observed when the instance was first scored:
 * H1 +16.15 [12.50, 19.79], H2 +14.58 [10.16, 19.01]: both hold. And the pre-registered nulls: on `stable`
 * questions (values never contradicted) both differences are exactly 0.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { pairedCategoryTable } from "../analysis.js";
import { generateBeliefDynamics, scenarioOf } from "./belief-dynamics.js";
import { benchmarkText, INSTANCES } from "./generate.js";
import { runBeliefDynamics } from "./run.js";

test("each committed instance is what its committed parameters generate; every question has a scenario and evidence", () => {
  for (const [instance, size] of [["pilot", 24], ["prereg", 96]] as const) {
    const { params, data } = INSTANCES[instance];
    assert.equal(readFileSync(data, "utf8"), benchmarkText(instance), `${instance}: run lib/nous/benchmarks/generate.ts`);
    const { truth } = generateBeliefDynamics(JSON.parse(readFileSync(params, "utf8")));
    const convs = JSON.parse(readFileSync(data, "utf8")) as { sample_id: string; qa: { question: string; evidence: string[] }[] }[];
    assert.equal(convs.length, size);
    for (const c of convs) for (const q of c.qa) {
      assert.ok(scenarioOf(truth, c.sample_id, q.question), q.question);
      assert.ok(q.evidence.length > 0, q.question);
    }
  }
  // the two instances share no conversation text: the held-out one comes from another seed
  const first = (i: "pilot" | "prereg") => JSON.stringify((JSON.parse(readFileSync(INSTANCES[i].data, "utf8")) as { conversation: unknown }[])[0].conversation);
  assert.notEqual(first("pilot"), first("prereg"));
  const pilot = JSON.parse(readFileSync(INSTANCES.pilot.params, "utf8"));
  assert.throws(() => generateBeliefDynamics({ ...pilot, seeed: 1 }, "p.json"), /p\.json: .*seeed|Unrecognized key/);
});

test("pre-registered: on current-state questions bayes > last-write-wins (H1) and decay > no-decay (H2); no difference on stable values", async () => {
  const { rows } = await runBeliefDynamics(["none", "last-write-wins", "no-decay"], ["nous"], "prereg");
  const compare = (b: string, xs = rows) => pairedCategoryTable(xs, { a: { ablation: "none" }, b: { ablation: b }, metric: "f1", seed: 7, categories: [4, 1], pooled: true });
  for (const b of ["last-write-wins", "no-decay"]) {
    const current = compare(b).find((r) => r.category === 4)!;
    assert.equal(current.n, 384);
    assert.ok((current.lower as number) > 0, `${b} on current-state questions: ${JSON.stringify(current)}`);
  }
  // the nulls: values never contradicted after they were established
  const stable = rows.filter((r) => r.scenario === "stable");
  assert.ok(stable.length > 0);
  for (const b of ["last-write-wins", "no-decay"]) {
    for (const r of compare(b, stable)) assert.equal(r.difference, 0, `${b} on stable values: ${JSON.stringify(r)}`);
  }
});
