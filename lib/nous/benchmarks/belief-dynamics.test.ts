/**
 * The belief-dynamics benchmark: the committed file is what its committed parameters generate, and on it the
 * mechanism's parts move the answers in the directions the theory predicts, significantly (paired bootstrap 95 %
 * CI of the per-question difference excludes 0), while on the questions where the theory predicts no difference
 * (stable values) there is none.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { cellAddresser } from "../../core/mechanism.js";
import { createRng } from "../../core/rng.js";
import { pairedCategoryTable } from "../analysis.js";
import { runner } from "../runner.js";
import { generateBeliefDynamics, scenarioOf } from "./belief-dynamics.js";
import { benchmarkText, DATA_PATH, PARAMS_PATH } from "./generate.js";

const { truth } = generateBeliefDynamics(JSON.parse(readFileSync(PARAMS_PATH, "utf8")));

async function rowsOf(ablation: string): Promise<Record<string, unknown>[]> {
  const params = runner.paramsSchema.parse({ data: DATA_PATH, systems: ["nous"], deltas: false });
  const r = await runner.runCell({ runId: `ablation=${ablation},seed=1`, seed: 1, condition: { ablation }, params, model: { kind: "offline" }, rng: createRng(1), address: cellAddresser("nous", `ablation=${ablation}`, 1) });
  return r.tables.answers.map((x) => ({ ...x, scenario: scenarioOf(truth, String(x.conversation), String(x.question)) }));
}

test("the committed benchmark is what its committed parameters generate; every question has a scenario and evidence", () => {
  assert.equal(readFileSync(DATA_PATH, "utf8"), benchmarkText());
  const data = JSON.parse(readFileSync(DATA_PATH, "utf8")) as { sample_id: string; qa: { question: string; evidence: string[] }[] }[];
  assert.equal(data.length, 24);
  for (const c of data) for (const q of c.qa) {
    assert.ok(scenarioOf(truth, c.sample_id, q.question), q.question);
    assert.ok(q.evidence.length > 0, q.question);
  }
  assert.throws(() => generateBeliefDynamics({ ...JSON.parse(readFileSync(PARAMS_PATH, "utf8")), seeed: 1 }, "p.json"), /p\.json: .*seeed|Unrecognized key/);
});

test("bayes beats last-write-wins and decay beats no-decay, significantly; no difference on stable values", async () => {
  const [full, lww, noDecay] = await Promise.all([rowsOf("none"), rowsOf("last-write-wins"), rowsOf("no-decay")]);
  const all = [...full, ...lww, ...noDecay];
  const compare = (b: string, rows = all) => pairedCategoryTable(rows, { a: { ablation: "none" }, b: { ablation: b }, metric: "f1", seed: 7, categories: [4, 1], pooled: true });
  // primary: all questions (current state and history) pooled
  for (const b of ["last-write-wins", "no-decay"]) {
    const pooled = compare(b).find((r) => r.category === 0)!;
    assert.ok(pooled.significant && (pooled.difference as number) > 0, `${b}: ${JSON.stringify(pooled)}`);
  }
  // by kind: last-write-wins loses on current states; no-decay mostly on history (the value before a change)
  assert.ok(compare("last-write-wins").find((r) => r.category === 4)!.significant);
  assert.ok(compare("no-decay").find((r) => r.category === 1)!.significant);
  // where the theory predicts none: values never contradicted after they were established
  const stable = all.filter((r) => r.scenario === "stable");
  for (const b of ["last-write-wins", "no-decay"]) {
    const s = compare(b, stable).find((r) => r.category === 0)!;
    assert.equal(s.difference, 0, `${b} on stable values: ${JSON.stringify(s)}`);
  }
  // and each effect sits where the theory puts it: last-write-wins loses on one-off noise, no-decay on changes after a long gap
  const acc = (rows: Record<string, unknown>[], scenario: string) => {
    const xs = rows.filter((r) => r.scenario === scenario && r.category === 4);
    return xs.reduce((s, r) => s + (r.f1 as number), 0) / xs.length;
  };
  assert.ok(acc(full, "noise-after-stable") > acc(lww, "noise-after-stable"));
  assert.ok(acc(full, "change-after-gap") > acc(noDecay, "change-after-gap"));
});
