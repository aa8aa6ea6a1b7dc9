import { test } from "node:test";
import assert from "node:assert/strict";
import { createRng } from "../core/rng.js";
import { generateTask, generateTaskFile } from "./generator.js";
import { compileTask } from "./task.js";

test("the generator is deterministic and its tasks compile", () => {
  const a = generateTask({ agents: 3, width: 10, depth: 10, levels: 2 }, createRng(4));
  const b = generateTask({ agents: 3, width: 10, depth: 10, levels: 2 }, createRng(4));
  assert.deepEqual(a, b);
  const t = compileTask("g", a);
  assert.equal(t.cells.length, 200); // fill = 1 by default: 10 × 10 × 2
  assert.equal(t.nAgents, 3);
});

test("families cover 2–5 agents; scarce tasks have fewer local resources and more cross-agent dependencies", () => {
  for (const agents of [2, 3, 4, 5]) {
    const file = generateTaskFile(`f${agents}`, { agents, width: 8, depth: 6, levels: 3, fill: 0.8 }, 3, createRng(agents));
    for (const [id, spec] of Object.entries(file)) assert.equal(compileTask(id, spec).nAgents, agents);
  }
  const cross = (scenario: "standard" | "scarce") => {
    const t = compileTask(scenario, generateTask({ scenario }, createRng(9)));
    let n = 0;
    t.below.forEach((b, c) => { if (b >= 0 && t.owner[b] !== t.owner[c]) n++; });
    let pool = 0;
    t.pool0.forEach((v) => (pool += v));
    return { n, pool };
  };
  const std = cross("standard"), sc = cross("scarce");
  assert.ok(sc.n > std.n, `cross-agent dependencies: scarce ${sc.n} vs standard ${std.n}`);
  assert.ok(sc.pool < std.pool, `collectable resources: scarce ${sc.pool} vs standard ${std.pool}`);
});

test("material splits: by type (one holder per material) or even across agents", () => {
  const even = compileTask("e", generateTask({ agents: 4, split: "even" }, createRng(2)));
  const byType = compileTask("b", generateTask({ agents: 4 }, createRng(2)));
  const holders = (t: ReturnType<typeof compileTask>, m: number) => [0, 1, 2, 3].filter((a) => t.inv0[a * t.materials.length + m] > 0).length;
  assert.equal(holders(byType, 0), 1);
  assert.equal(holders(even, 0), 4);
});
