import { test } from "node:test";
import assert from "node:assert/strict";
import { createRng } from "../core/rng.js";
import { cellAddresser } from "../core/mechanism.js";
import { fixturePath } from "./locomo/data.js";
import { LOCOMO_SPLITS, selectSplit } from "./locomo/splits.js";
import { runner, type NousParams } from "./runner.js";
import { categoryTable, failureTable, overallF1, publishedResults } from "./analysis.js";

const params = (over: Record<string, unknown> = {}) => runner.paramsSchema.parse({ data: fixturePath(), split: "all", ...over });
const cell = (ablation: string, p: NousParams = params()) =>
  runner.runCell({ runId: `ablation=${ablation},seed=1`, seed: 1, condition: { ablation }, params: p, model: { kind: "offline" }, rng: createRng(1), address: cellAddresser("nous", `ablation=${ablation}`, 1) });

test("a cell writes answers (one row per system × question) labelled with the offline model, deltas and extraction counts", async () => {
  const r = await cell("none");
  const answers = r.tables.answers;
  assert.equal(answers.length, 4 * 23); // fixture: 13 + 10 questions; nous, bm25, not-mentioned, constant-year (full-context needs an LLM)
  assert.ok(answers.every((a) => a.model === "offline:nous-nlp-v3" && a.run_id === "ablation=none,seed=1" && a.seed === 1 && a.data === "fixture:locomo-mini" && a.split === "all"));
  assert.ok(r.tables.deltas.length > 0);
  assert.equal(r.tables.extraction.length, 2);
  const table = categoryTable(answers);
  assert.equal(table.find((t) => t.system === "not-mentioned" && t.category === 5)!.f1, 100);
  assert.equal(overallF1(answers).length, 4);
  assert.ok(failureTable(answers).length > 0);
  assert.equal(publishedResults().filter((p) => p.system === "Nous (audit)" && p.metric === "f1").length, 4);
  // the paper row names its answerer and its judge, each with where it comes from
  const paper = publishedResults().find((p) => p.system === "Nous (paper)")!;
  assert.match(String(paper.answerer), /gemini-2\.5-flash.*eval_locomo\.py/);
  assert.match(String(paper.judge), /gpt-4o-mini.*eval_locomo\.py/);
  assert.match(String(paper.model), /GPT-4o-mini/);
  assert.match(String(paper.source), /seed paper/);
});

test("same config and seed give identical rows; ablation cells answer with nous only; ablations change answers", async () => {
  const a = await cell("last-write-wins");
  const b = await cell("last-write-wins");
  assert.equal(JSON.stringify(a.tables), JSON.stringify(b.tables));
  assert.ok(a.tables.answers.every((x) => x.system === "nous" && x.ablation === "last-write-wins"));
  assert.equal(a.tables.deltas.length, 0);
  const full = (await cell("none")).tables.answers.filter((x) => x.system === "nous");
  const noMulti = (await cell("no-multi-valued")).tables.answers;
  // without multi-valued recall, "Which cities has Ana visited?" loses a city
  const q = (rows: Record<string, unknown>[]) => rows.find((x) => String(x.question).startsWith("Which cities has Ana visited"))!.prediction;
  assert.equal(q(full), "Lisbon, Madrid");
  assert.notEqual(q(noMulti), "Lisbon, Madrid");
});

test("splits: dev and test of locomo10 are the protocol's; the fixture has its own; conversations must be in the split", async () => {
  assert.deepEqual([...LOCOMO_SPLITS.dev], ["conv-26", "conv-30", "conv-41", "conv-42", "conv-43"]);
  assert.deepEqual([...LOCOMO_SPLITS.test], ["conv-44", "conv-47", "conv-48", "conv-49", "conv-50"]);
  const dev = await cell("none", params({ split: "dev" }));
  assert.deepEqual([...new Set(dev.tables.answers.map((x) => x.conversation))], ["conv-1"]);
  const test_ = await cell("none", params({ split: "test" }));
  assert.deepEqual([...new Set(test_.tables.answers.map((x) => x.conversation))], ["conv-2"]);
  await assert.rejects(cell("none", params({ split: "dev", conversations: ["conv-2"] })), /locomo-mini\.json: params\.conversations: conversation ids conv-2 are not in the dev split/);
  const fake = [{ id: "conv-26", speakers: ["A", "B"] as [string, string], turns: [], questions: [] }];
  assert.throws(() => selectSplit(fake, "test", "locomo10", "/data/locomo10.json"), /\/data\/locomo10\.json: params\.split: split "test" names conversations the file does not have: conv-44/);
});

test("bad config: unknown conversations, a missing data file and unknown keys are errors naming the field", async () => {
  await assert.rejects(cell("none", params({ conversations: ["conv-99"] })), /locomo-mini\.json: params\.conversations: unknown conversation ids conv-99/);
  await assert.rejects(cell("none", params({ data: "/nonexistent/locomo10.json" })), /params\.data: LoCoMo file not found/);
  assert.throws(() => runner.paramsSchema.parse({ splitt: "dev" }), /splitt/);
  assert.throws(() => runner.paramsSchema.parse({ memory: { halfLife: 3 } }), /halfLife/);
  assert.throws(() => runner.paramsSchema.parse({ split: "train" }), /dev.*test.*all|Invalid option/);
});

test("memory overrides fill in nothing: the protocol's budget and hops stay unless a config sets them", () => {
  assert.deepEqual(runner.paramsSchema.parse({ memory: { k: 3 } }).memory, { k: 3 });
  const again = runner.paramsSchema.parse(runner.paramsSchema.parse({ memory: {} }));
  assert.deepEqual(again.memory, {});
});
