import { test } from "node:test";
import assert from "node:assert/strict";
import { createRng } from "../core/rng.js";
import { policyFlags } from "./policies.js";
import { compileTask } from "./task.js";
import { rowTask, stackTask } from "./testing/tasks.js";
import { SimParamsSchema } from "./types.js";
import type { Problem } from "./types.js";
import { counterfactualLocalCost, isUnnecessary } from "./uer.js";
import { BlockWorld } from "./world.js";

const params = SimParamsSchema.parse({});
const problem = (over: Partial<Problem>): Problem => ({
  id: 0, agent: 0, kind: "missing_material", target: 0, cell: 0, detectedAt: 0, status: "open", escalations: 0, failures: 0,
  via: "local", escalationCost: 0, escalatedAt: -1, localCost: NaN, lastReplyAt: -1, ...over,
});

test("missing material, stone on site: the local rollout collects 2 units at collectTicks = 3 each → 6 ticks", () => {
  const w = new BlockWorld(compileTask("row", rowTask(10)), params, policyFlags("gated"), createRng(1), false);
  const p = problem({});
  w.problems.push(p);
  w.active.push(0);
  const inv = w.inv.slice(), pool = w.pool.slice();
  assert.equal(counterfactualLocalCost(w, p), 6);
  assert.deepEqual(w.inv, inv); // the rollout ran on a copy
  assert.deepEqual(w.pool, pool);
  assert.equal(w.t, 0);
});

test("missing material, nothing on site: local recovery is impossible → Infinity", () => {
  const w = new BlockWorld(compileTask("row", rowTask(0)), params, policyFlags("gated"), createRng(1), false);
  const p = problem({});
  w.problems.push(p);
  assert.equal(counterfactualLocalCost(w, p), Infinity);
});

test("dependency: agent 1 idles from tick 1 until agent 0 (busy 5 ticks) places the support at tick 5 → 4 ticks", () => {
  const w = new BlockWorld(compileTask("stack", stackTask()), params, policyFlags("gated"), createRng(1), false);
  w.busy[0] = 5;
  const p = problem({ agent: 1, kind: "dependency_block", target: 0, cell: 2 });
  w.problems.push(p);
  assert.equal(counterfactualLocalCost(w, p), 4);
});

test("an escalation is unnecessary when local recovery was possible at no greater cost", () => {
  assert.equal(isUnnecessary(problem({ localCost: 6, escalationCost: 8 })), true);
  assert.equal(isUnnecessary(problem({ localCost: 6, escalationCost: 6 })), true);
  assert.equal(isUnnecessary(problem({ localCost: 6, escalationCost: 5 })), false);
  assert.equal(isUnnecessary(problem({ localCost: Infinity, escalationCost: 50 })), false);
});

test("the closed form of material and path rollouts agrees with the full rollout on 300 random world states", async () => {
  const { generateTask } = await import("./generator.js");
  let checked = 0;
  for (let s = 0; s < 300; s++) {
    const rng = createRng(s);
    const task = compileTask("r", generateTask({ scenario: s % 2 ? "scarce" : "standard", width: 6, depth: 6 }, rng.fork("task")));
    const w = new BlockWorld(task, params, policyFlags("gated"), rng, false);
    const a = rng.int(task.nAgents), m = rng.int(task.materials.length);
    w.inv[a * w.nMat + m] = 0;
    w.pool[m] = rng.int(4) * 3;
    w.blocked[a] = 1;
    w.tools[a] = rng.int(2);
    const cases = [problem({ agent: a, target: m, cell: -1 }), problem({ id: 1, agent: a, kind: w.tools[a] ? "path_blocked" : "tool_missing", target: -1, cell: -1 })];
    w.problems.push(...cases);
    for (const p of cases) {
      if (p.kind === "missing_material" && w.need[a * w.nMat + m] === 0) continue;
      assert.equal(counterfactualLocalCost(w, p), counterfactualLocalCost(w, p, { rollout: true }), `seed ${s} ${p.kind}`);
      checked++;
    }
  }
  assert.ok(checked > 300, `checked ${checked}`);
});
