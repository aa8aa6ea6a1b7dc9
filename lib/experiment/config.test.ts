import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ConfigError } from "../core/errors.js";
import { configHash, deepMerge, parseConfig, readConfigFile, resolveConfig } from "./config.js";
import { expandGrid } from "./grid.js";
import { planRun } from "./plan.js";
import { mechanisms } from "./testing/registry.js";

const base = {
  name: "demo",
  mechanism: "echo",
  model: "offline",
  grid: { mode: ["willing", "forced"], force: [true, false] },
  seeds: [1, 2, 3],
  params: { rows: 2, shape: { scale: 2, shift: 1 } },
  profiles: {
    quick: { grid: { mode: ["willing"] }, seeds: [1], params: { shape: { scale: 5 } } },
    full: { grid: { memory: ["none", "all"] } },
  },
};

test("grid expands with the first factor outermost and the seed innermost", () => {
  const cells = expandGrid([["mode", ["willing", "forced"]], ["force", [true, false]]], [3, 1]);
  assert.deepEqual(cells.map((c) => c.runId), [
    "mode=willing,force=true,seed=3", "mode=willing,force=true,seed=1",
    "mode=willing,force=false,seed=3", "mode=willing,force=false,seed=1",
    "mode=forced,force=true,seed=3", "mode=forced,force=true,seed=1",
    "mode=forced,force=false,seed=3", "mode=forced,force=false,seed=1",
  ]);
  assert.deepEqual(cells[5].condition, { mode: "forced", force: true });
  assert.equal(cells[5].index, 5);
  assert.deepEqual(expandGrid([], [7]).map((c) => c.runId), ["seed=7"]);
});

test("the quick profile replaces factor levels and seeds and deep-merges params", () => {
  const r = resolveConfig(parseConfig(base), "quick");
  assert.deepEqual(r.grid, [["mode", ["willing"]], ["force", [true, false]]]);
  assert.deepEqual(r.seeds, [1]);
  assert.deepEqual(r.params, { rows: 2, shape: { scale: 5, shift: 1 } });
  assert.equal(expandGrid(r.grid, r.seeds).length, 2);
});

test("the full profile appends new factors after the base ones and keeps the base seeds", () => {
  const r = resolveConfig(parseConfig(base), "full");
  assert.deepEqual(r.grid.map(([f]) => f), ["mode", "force", "memory"]);
  assert.deepEqual(r.seeds, [1, 2, 3]);
  assert.equal(expandGrid(r.grid, r.seeds).length, 2 * 2 * 2 * 3);
});

test("deepMerge merges objects and replaces arrays", () => {
  assert.deepEqual(deepMerge({ a: { b: 1, c: [1, 2] }, d: 1 }, { a: { c: [3] } }), { a: { b: 1, c: [3] }, d: 1 });
});

test("validation errors name the file, the field path and what was expected", () => {
  const dir = mkdtempSync(join(tmpdir(), "agora-cfg-"));
  const file = join(dir, "bad.json");
  writeFileSync(file, JSON.stringify({ ...base, grid: { mode: "willing" } }));
  assert.throws(() => readConfigFile(file), (err: unknown) => {
    assert.ok(err instanceof ConfigError);
    assert.equal(err.file, file);
    assert.deepEqual(err.path, ["grid", "mode"]);
    assert.match(err.message, /bad\.json: grid\.mode: .*expected array/);
    return true;
  });
  writeFileSync(file, JSON.stringify({ ...base, seeds: [1, 2.5] }));
  assert.throws(() => readConfigFile(file), /bad\.json: seeds\.1: expected an integer seed/);
  writeFileSync(file, JSON.stringify({ ...base, model: 3 }));
  assert.throws(() => readConfigFile(file), /model: expected "offline", an llm spec string/);
  writeFileSync(file, JSON.stringify({ ...base, grid: { mode: ["a,b"] } }));
  assert.throws(() => readConfigFile(file), /grid\.mode\.0: a level may not contain/);
  writeFileSync(file, JSON.stringify({ ...base, grid: { seed: [1, 2] } }));
  assert.throws(() => readConfigFile(file), /grid\.seed: a factor may not be named run_id, seed, model/);
  writeFileSync(file, "{ not json");
  assert.throws(() => readConfigFile(file), /bad\.json: not valid JSON/);
});

test("the mechanism's params schema errors name the file and the params path", async () => {
  const dir = mkdtempSync(join(tmpdir(), "agora-cfg-"));
  const file = join(dir, "bad-params.yaml");
  writeFileSync(file, "mechanism: echo\nmodel: offline\nseeds: [1]\nparams:\n  shape:\n    scale: big\n");
  await assert.rejects(planRun(file, { registry: mechanisms }), (err: unknown) => {
    assert.ok(err instanceof ConfigError);
    assert.deepEqual(err.path, ["params", "shape", "scale"]);
    assert.match(err.message, /bad-params\.yaml: params\.shape\.scale: .*expected number/);
    return true;
  });
  writeFileSync(file, "mechanism: nope\nmodel: offline\nseeds: [1]\n");
  await assert.rejects(planRun(file, { registry: mechanisms }), /bad-params\.yaml: mechanism: unknown mechanism "nope"; expected one of: echo/);
});

test("YAML configs are read; the name defaults to the file name", async () => {
  const dir = mkdtempSync(join(tmpdir(), "agora-cfg-"));
  const file = join(dir, "sweep.yml");
  writeFileSync(file, "mechanism: echo\nmodel: offline\ngrid:\n  mode: [a, b]\nseeds: [1, 2]\n");
  const plan = await planRun(file, { registry: mechanisms });
  assert.equal(plan.config.name, "sweep");
  assert.equal(plan.cells.length, 4);
  assert.match(plan.dir, new RegExp(`data/runs/sweep-${plan.hash.slice(0, 8)}$`));
});

test("the config hash changes with what changes rows (seeds, factor order), not with the name", () => {
  const a = resolveConfig(parseConfig(base), "quick");
  const b = resolveConfig(parseConfig({ ...base, name: "other" }), "quick");
  assert.equal(configHash(a, a.params), configHash(b, b.params));
  const c = resolveConfig(parseConfig({ ...base, seeds: [1, 2] }), "full");
  assert.notEqual(configHash(a, a.params), configHash(c, c.params));
  const swapped = resolveConfig(parseConfig({ ...base, grid: { force: [true, false], mode: ["willing", "forced"] } }), "full");
  const full = resolveConfig(parseConfig(base), "full");
  assert.notEqual(configHash(full, full.params), configHash(swapped, swapped.params), "factor order changes row order");
});

test("the default run folder is under the project root found from the config file, not the cwd", async () => {
  const dir = mkdtempSync(join(tmpdir(), "agora-proj-"));
  writeFileSync(join(dir, "package.json"), "{}");
  mkdirSync(join(dir, "data", "configs"), { recursive: true });
  const file = join(dir, "data", "configs", "echo-default.json");
  writeFileSync(file, JSON.stringify({ mechanism: "echo", model: "offline", seeds: [1] }));
  const plan = await planRun(file, { registry: mechanisms });
  assert.equal(plan.root, dir);
  assert.equal(plan.dir, join(dir, "data", "runs", `echo-default-${plan.hash.slice(0, 8)}`));
});
