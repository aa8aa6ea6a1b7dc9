import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { z } from "zod";
import { ConfigError } from "../core/errors.js";
import { createRng } from "../core/rng.js";
import { cellAddresser, type MechanismRunner } from "../core/mechanism.js";
import { configHash, modelIdentity, parseConfig, resolveConfig } from "./config.js";
import { planRun, unknownKeys } from "./plan.js";
import { runExperiment } from "./run.js";

const schema = z.object({
  mode: z.enum(["willing", "rotation"]).default("willing"),
  family: z.object({ timeoutFactor: z.number().positive().default(2) }).default({ timeoutFactor: 2 }),
  tags: z.record(z.string(), z.number()).default({}),
});
let checked: { llm: boolean; cells: number } | undefined;
const runner: MechanismRunner<z.infer<typeof schema>> = {
  name: "toy", paramsSchema: schema, tables: ["t"], offlineModelLabel: "offline:toy-v1", gridFactors: ["ablation"],
  checkPlan(plan) {
    checked = { llm: plan.llm, cells: plan.cells.length };
    if (plan.llm && plan.cells.some((c) => c.condition.ablation === "offline-only")) {
      throw new ConfigError({ file: plan.file, path: ["grid", "ablation"], message: '"offline-only" changes an offline-model parameter; it means nothing on an LLM' });
    }
  },
  async runCell() {
    return { tables: { t: [{ x: 1 }] } };
  },
};
const registry = { toy: runner };
const base = { name: "toy", mechanism: "toy", model: "offline", seeds: [1] };

test("unknown keys anywhere in params are refused, with the keys allowed there", async () => {
  await assert.rejects(planRun({ ...base, params: { modee: "willing" } }, { registry }),
    (e: Error) => e instanceof ConfigError && /params\.modee: unknown field/.test(e.message) && /family, mode, tags/.test(e.message));
  await assert.rejects(planRun({ ...base, params: { family: { timeoutFactr: 3 } } }, { registry }),
    (e: Error) => e instanceof ConfigError && /params\.family\.timeoutFactr/.test(e.message) && /timeoutFactor/.test(e.message));
  // a record keeps every key: nothing is unknown there
  await planRun({ ...base, params: { tags: { anything: 1 } } }, { registry });
  assert.deepEqual(unknownKeys({ a: [{ b: 1, c: 2 }] }, { a: [{ b: 1 }] }), [[["a", 0, "c"], ["b"]]]);
});

test("a bad grid level fails at plan time naming grid.<factor>.<i> and the allowed values; no folder is made", async () => {
  const out = join(mkdtempSync(join(tmpdir(), "agora-plan-")), "run");
  await assert.rejects(runExperiment({ ...base, grid: { mode: ["willing", "chaos"] } }, { registry, out }),
    (e: Error) => e instanceof ConfigError && /grid\.mode\.1: level "chaos" is not a valid mode/.test(e.message) && /willing/.test(e.message));
  await assert.rejects(planRun({ ...base, grid: { "family.timeoutFactor": [1, -2] } }, { registry }),
    (e: Error) => e instanceof ConfigError && /grid\.family\.timeoutFactor\.1/.test(e.message));
  assert.equal(existsSync(out), false);
});

test("a grid factor that names no parameter, dotted path or declared factor is refused at plan time (file, field, closest and allowed factors)", async () => {
  await assert.rejects(planRun({ ...base, grid: { mdoe: ["willing", "rotation"] } }, { registry }),
    (e: Error) => e instanceof ConfigError && /grid\.mdoe: "mdoe" names no parameter or factor of toy \(did you mean "mode"\?\)/.test(e.message)
      && /a parameter \(mode, family, tags\)/.test(e.message) && /family\.timeoutFactor/.test(e.message) && /\(ablation\)/.test(e.message));
  await assert.rejects(planRun({ ...base, grid: { "family.timeout": [1, 2] } }, { registry }),
    (e: Error) => e instanceof ConfigError && /grid\.family\.timeout:/.test(e.message) && /did you mean "family\.timeoutFactor"/.test(e.message));
  // a profile's grid is checked the same way
  await assert.rejects(planRun({ ...base, profiles: { full: { grid: { arm: ["a", "b"] } } } }, { registry, profile: "full" }),
    (e: Error) => e instanceof ConfigError && /grid\.arm/.test(e.message));
  await planRun({ ...base, grid: { mode: ["willing"], "family.timeoutFactor": [1], ablation: ["none"] } }, { registry });
});

test("the mechanism's checkPlan sees the whole plan and may refuse levels that mean nothing on an LLM", async () => {
  await planRun({ ...base, grid: { ablation: ["none", "offline-only"] } }, { registry });
  assert.deepEqual(checked, { llm: false, cells: 2 });
  await assert.rejects(planRun({ ...base, model: "openai-compatible:http://127.0.0.1:1/v1#m", grid: { ablation: ["none", "offline-only"] } }, { registry }),
    (e: Error) => e instanceof ConfigError && /grid\.ablation/.test(e.message));
});

test("profiles by name; an unknown profile names the ones the config has", () => {
  const cfg = parseConfig({ ...base, profiles: { powered: { seeds: [1, 2, 3] } } });
  assert.deepEqual(resolveConfig(cfg, "powered").seeds, [1, 2, 3]);
  assert.deepEqual(resolveConfig(cfg, "full").seeds, [1]);
  assert.throws(() => resolveConfig(cfg, "huge", "x.json"), (e: Error) => /x\.json: profiles\.huge: the config has no profile "huge"/.test(e.message) && /quick, full, powered/.test(e.message));
});

test("the config hash ignores an OpenAI-compatible server's host and port, limits, cache and key", () => {
  assert.equal(modelIdentity("openai-compatible:http://127.0.0.1:11434/v1#llama3.1"), "openai-compatible:/v1#llama3.1");
  const cfg = (model: unknown) => resolveConfig(parseConfig({ ...base, model }), "quick");
  const h = (model: unknown) => configHash(cfg(model), {});
  assert.equal(h("openai-compatible:http://127.0.0.1:1/v1#m"), h("openai-compatible:http://localhost:9999/v1#m"));
  assert.equal(h({ provider: "openai", model: "gpt-4o-mini", rpm: 10, cache: { dir: "x", mode: "auto" } }), h({ provider: "openai", model: "gpt-4o-mini", concurrency: 64 }));
  assert.notEqual(h("openai:gpt-4o-mini"), h("openai:gpt-4o"));
  assert.notEqual(h("openai-compatible:http://127.0.0.1:1/v1#m"), h("openai-compatible:http://127.0.0.1:1/v1#n"));
});

test("the mechanisms' grids: tbs refuses a misspelt factor naming the closest parameter; gated takes its bare family and sim options", async () => {
  const tbs = { name: "t", mechanism: "tbs", model: "offline", seeds: [1], params: { agents: 3, intervals: 2 } };
  await assert.rejects(planRun({ ...tbs, grid: { forse: ["force", "noforce"] } }),
    (e: Error) => e instanceof ConfigError && /grid\.forse: "forse" names no parameter or factor of tbs \(did you mean "force"\?\)/.test(e.message) && /mode, force, memory/.test(e.message));
  assert.equal((await planRun({ ...tbs, grid: { force: ["force", "noforce"], "memoryOptions.latestN": [2, 4] } })).cells.length, 4);
  const gated = { name: "g", mechanism: "gated", model: "offline", seeds: [1], params: { episodes: 1 } };
  assert.equal((await planRun({ ...gated, grid: { agents: [2, 3], tLow: [0.1, 0.2] } })).cells.length, 4);
  await assert.rejects(planRun({ ...gated, grid: { agentz: [2, 3] } }), (e: Error) => /grid\.agentz/.test(e.message) && /did you mean "agents"/.test(e.message) && /tLow/.test(e.message));
});

test("a dotted grid factor reaches the parameter it names in gated, calibration and nous (it used to be refused or dropped as an unknown top-level key)", async () => {
  const { mergeCondition } = await import("../gated/runner.js");
  const { runner: calibration } = await import("../calibration/runner.js");
  const { runner: nous } = await import("../nous/runner.js");
  const { fixturePath } = await import("../nous/locomo/data.js");
  const gated = await planRun({ name: "g", mechanism: "gated", model: "offline", seeds: [1], params: { episodes: 1 }, grid: { "sim.tLow": [0.1, 0.25] } });
  assert.deepEqual(gated.cells.map((c) => mergeCondition(gated.params as never, c.condition).sim.tLow), [0.1, 0.25]);
  const cal = await planRun({ name: "c", mechanism: "calibration", model: "offline", seeds: [1], params: { rounds: 3, tasksPerModality: 2 }, grid: { "offline.judge.noiseSd": [0, 3] } });
  const results = await Promise.all(cal.cells.map(async (c) =>
    (await calibration.runCell({ runId: c.runId, seed: 1, condition: c.condition, params: cal.params as never, model: { kind: "offline" }, rng: createRng(1), address: cellAddresser("calibration", c.runId, 1) })).tables.results[0]));
  assert.notDeepEqual({ ...results[0], run_id: 0 }, { ...results[1], run_id: 0 }, "the judge's noise changes the results");
  const p = nous.paramsSchema.parse({ data: fixturePath(), split: "all", limit: 1 });
  const r = await nous.runCell({ runId: "x", seed: 1, condition: { "extractor.hedgeConfidence": 0.3 }, params: p, model: { kind: "offline" }, rng: createRng(1), address: cellAddresser("nous", "x", 1) });
  assert.ok(r.tables.answers.length > 0);
});
