import { test } from "node:test";
import assert from "node:assert/strict";
import { writeFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DataError } from "../core/errors.js";
import { compileTask, loadTaskFile } from "./task.js";
import { rowTask, stackTask } from "./testing/tasks.js";

test("a MindCraft construction task compiles into flat arrays", () => {
  const t = compileTask("row", rowTask());
  assert.equal(t.cells.length, 4);
  assert.deepEqual([...t.owner], [0, 0, 1, 1]); // x-stripes of width ceil(4/2) = 2
  assert.deepEqual([...t.inv0], [0, 4]);
  assert.deepEqual([...t.tools0], [0, 1]);
  assert.equal(t.pool0[0], 10);
  const s = compileTask("stack", stackTask());
  assert.deepEqual([...s.below], [-1, -1, 0, 1]);
  assert.deepEqual([...s.owner], [0, 1, 1, 0]); // stripes rotated by level
});

function throwsData(fn: () => unknown, field: RegExp, task = /task bad/) {
  assert.throws(fn, (e: unknown) => e instanceof DataError && task.test(e.message) && field.test(e.message));
}

test("malformed tasks get errors naming the task and the field", () => {
  const unknownBlock = rowTask();
  unknownBlock.blueprint.levels[0].placement[0][1] = "unobtanium";
  throwsData(() => compileTask("bad", unknownBlock), /placement\[0\]\[1\].*unknown block "unobtanium"/);
  // an agent without an inventory starts with nothing (MindCraft's reading), with a warning; the world extension's
  // sufficiency check still holds (rowTask's agents 0 and 1 hold the four stones)
  const wrongCount = { ...rowTask(), agent_count: 3 };
  assert.match(compileTask("ok", wrongCount).warnings.join("\n"), /initial_inventory has no "2": agent 2 starts with nothing/);
  const short = rowTask();
  short.initial_inventory["1"] = { stone: 3 };
  throwsData(() => compileTask("bad", short), /initial_inventory \(stone\).*hold 3 stone.*needs 4/);
  const miscount = rowTask();
  miscount.blueprint.materials = { stone: 5 };
  // MindCraft reads blueprint.materials only to stock inventories: a count that differs from the grid is a warning
  assert.deepEqual(compileTask("ok", miscount).warnings, ["blueprint.materials.stone says 5, the placement grid has 4"]);
  const noSite = { ...rowTask(0), world: { inventory_sufficient: false, resources: { stone: 0 } } };
  noSite.initial_inventory = { "0": {}, "1": { stone: 1 } };
  throwsData(() => compileTask("bad", noSite), /world\.resources\.stone.*cannot cover/);
  throwsData(() => compileTask("bad", { ...rowTask(), type: "cooking" }), /type/);
});

test("task files are read whole and errors name the file", () => {
  const dir = mkdtempSync(join(tmpdir(), "gated-"));
  const good = join(dir, "good.json");
  writeFileSync(good, JSON.stringify({ a: rowTask(), b: stackTask() }));
  assert.deepEqual(loadTaskFile(good).map((t) => t.id), ["a", "b"]);
  const bad = join(dir, "bad.json");
  writeFileSync(bad, JSON.stringify({ bad: { ...rowTask(), agent_count: 0 } }));
  throwsData(() => loadTaskFile(bad), /agent_count/, /bad\.json \(task bad\)/);
});
