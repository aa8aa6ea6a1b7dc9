import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createRng } from "../core/rng.js";
import { generateTaskFile, preset } from "./generator.js";
import { loadTaskFile } from "./task.js";

const dir = fileURLToPath(new URL("../../data/tasks/", import.meta.url));

test("the committed presets and families compile and regenerate identically from createRng(2026)", () => {
  for (const s of ["standard", "scarce"] as const) {
    const file = `${dir}presets/${s}.json`;
    const tasks = loadTaskFile(file);
    assert.equal(tasks.length, 5);
    assert.ok(tasks.every((t) => t.cells.length === 200 && t.nAgents === 3));
    const again = generateTaskFile(`${s}_3a_200b`, preset(s, { agents: 3, width: 10, depth: 10, levels: 2 }), 5, createRng(2026));
    assert.deepEqual(JSON.parse(readFileSync(file, "utf8")), JSON.parse(JSON.stringify(again)));
    for (const agents of [2, 3, 4, 5]) {
      const fam = loadTaskFile(`${dir}families/${s}_${agents}agents.json`);
      assert.ok(fam.length === 3 && fam.every((t) => t.nAgents === agents));
    }
  }
});
