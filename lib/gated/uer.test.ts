import { test } from "node:test";
import assert from "node:assert/strict";
import { createRng } from "../core/rng.js";
import { applyDecision } from "./decide.js";
import { attachBranchRunner, continueEpisode, runEpisode } from "./episode.js";
import { generateTask } from "./generator.js";
import { offlineJudge } from "./models/offline.js";
import { policyFlags } from "./policies.js";
import { compileTask } from "./task.js";
import { snapshotWorld } from "./snapshot.js";
import { rowTask } from "./testing/tasks.js";
import { SimParamsSchema } from "./types.js";
import type { Problem, SimParams } from "./types.js";
import { isNecessary, rollOut } from "./uer.js";
import { BlockWorld } from "./block-world.js";

/**
 * Four stones in a row: agent 0 owns the left two and holds none; agent 1 owns the right two, holds four and
 * a pickaxe. At t0 agent 0's missing stone is escalated by hand; the factual run then goes on as the escalate branch.
 * No contested cells (`contestedCells: 0`): each agent places its own two stones.
 */
function handCase(site: number, params: SimParams) {
  const task = compileTask("row", rowTask(site));
  const w = new BlockWorld(task, params, policyFlags("gated"), createRng(1), false);
  const judge = offlineJudge(1, createRng(2));
  attachBranchRunner(w, judge);
  const p: Problem = {
    id: 0, agent: 0, kind: "missing_material", target: 0, cell: task.cells[0], detectedAt: 0, status: "open", escalations: 0,
    failures: 0, via: "local", escalationCost: 0, escalatedAt: -1, rival: -1, lastReplyAt: -1, deadline: -1,
  };
  w.problems.push(p); w.active.push(0); w.openMat[0] = 0;
  const before = JSON.stringify(snapshotWorld(w));
  const local = rollOut(w, p, "local");
  assert.equal(JSON.stringify(snapshotWorld(w)), before, "the branch ran on a fork: the world is unchanged");
  applyDecision(w, p, "escalate");
  const r = continueEpisode(w, judge);
  return { local, r, rec: w.escalations[0] };
}

test("a necessary escalation, built by hand: collecting on site (10 ticks a unit) is slower than the teammate's walk", () => {
  const { local, r, rec } = handCase(10, SimParamsSchema.parse({ collectTicks: 10, contestedCells: 0 }));
  assert.equal(r.metrics.success, true);
  assert.equal(rec.cf_escalate_ticks, r.metrics.completion_steps);
  assert.equal(rec.cf_escalate_blocks, 4);
  assert.deepEqual([rec.cf_local_ticks, rec.cf_local_blocks], [local.ticks, local.blocks]);
  // the stay-local branch spends 20 ticks collecting two stones: it finishes later
  assert.ok(rec.cf_local_ticks > rec.cf_escalate_ticks || rec.cf_local_blocks < 4, JSON.stringify(rec));
  assert.equal(rec.necessary, true);
  assert.equal(r.metrics.uer, 0);
});

test("an unnecessary escalation, built by hand: stone on site at one tick a unit beats the teammate's walk", () => {
  const { r, rec } = handCase(10, SimParamsSchema.parse({ collectTicks: 1, contestedCells: 0 }));
  assert.equal(r.metrics.success, true);
  assert.equal(rec.cf_local_blocks, 4);
  assert.ok(rec.cf_local_ticks <= rec.cf_escalate_ticks, JSON.stringify(rec));
  assert.equal(rec.necessary, false);
  assert.equal(r.metrics.uer, 1);
  assert.equal(r.metrics.escalations, 1);
});

test("necessary = not (no greater cost and no fewer blocks); cost is ticks, then agent-ticks", () => {
  const e = { ticks: 100, blocks: 50, agentTicks: 40 };
  assert.equal(isNecessary(e, { ticks: 99, blocks: 50, agentTicks: 90 }), false);
  assert.equal(isNecessary(e, { ticks: 100, blocks: 50, agentTicks: 40 }), false);
  assert.equal(isNecessary(e, { ticks: 100, blocks: 50, agentTicks: 41 }), true);
  assert.equal(isNecessary(e, { ticks: 90, blocks: 49, agentTicks: 10 }), true);
  assert.equal(isNecessary(e, { ticks: 101, blocks: 50, agentTicks: 0 }), true);
});

test("every escalation is recorded with both branches, in events.jsonl columns", () => {
  const params = SimParamsSchema.parse({});
  const task = compileTask("g", generateTask({ scenario: "scarce", width: 8, depth: 8 }, createRng(4)));
  const r = runEpisode(task, "gated", params, createRng(5), offlineJudge(0.85, createRng(5).fork("judge")), { log: true });
  const rows = r.events!.filter((e) => e.event === "escalation");
  assert.equal(rows.length, r.metrics.escalations);
  assert.ok(rows.length > 0);
  for (const e of rows) {
    for (const k of ["cf_escalate_ticks", "cf_local_ticks", "cf_escalate_blocks", "cf_local_blocks", "cf_escalate_agent_ticks", "cf_local_agent_ticks"] as const) {
      assert.equal(typeof e[k], "number", k);
    }
    assert.equal(typeof e.necessary, "boolean");
  }
  assert.equal(rows.filter((e) => !e.necessary).length, r.metrics.unnecessary);
});
