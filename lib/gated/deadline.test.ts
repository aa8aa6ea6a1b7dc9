import { test } from "node:test";
import assert from "node:assert/strict";
import { createRng } from "../core/rng.js";
import { applyDecision } from "./decide.js";
import { step } from "./engine.js";
import { attachBranchRunner, continueEpisode, runEpisodeAsync } from "./episode.js";
import { generateTask } from "./generator.js";
import { offlineJudge } from "./models/offline.js";
import { policyFlags } from "./policies.js";
import { BlockWorld } from "./block-world.js";
import { compileTask } from "./task.js";
import { SimParamsSchema } from "./types.js";
import type { Problem, TaskSpec } from "./types.js";

/** Every escalated problem has a deadline not yet passed, with its timeout scheduled: nothing can wait forever. */
function checkNoStall(w: BlockWorld, where: string): void {
  for (const id of w.active) {
    const p = w.problems[id];
    if (p.status !== "escalated") continue;
    assert.ok(p.deadline >= w.t, `${where}: problem ${p.id} (${p.kind}) escalated at ${p.escalatedAt}, deadline ${p.deadline} passed at tick ${w.t}`);
    assert.ok(w.effects.some((e) => e.kind === "timeout" && e.problem === p.id && e.attempt === p.escalations && e.at === p.deadline),
      `${where}: problem ${p.id} (${p.kind}) escalated at ${p.escalatedAt} has no timeout at its deadline ${p.deadline} (tick ${w.t})`);
  }
}

/**
 * Four stones in a row, two agents, x-stripes: agent 0 owns x = 0–1, agent 1 owns x = 2–3; the cell at x = 2 is
 * contested (agent 0 also plans it). Agent 0 holds one stone, agent 1 three (one to spare).
 */
function rowOfFour(): TaskSpec {
  return {
    type: "construction", agent_count: 2, timeout: 300,
    blueprint: { materials: { stone: 4 }, levels: [{ level: 0, coordinates: [0, 0, 0], placement: [["stone", "stone", "stone", "stone"]] }] },
    initial_inventory: { "0": { stone: 1 }, "1": { stone: 3 } },
    world: { inventory_sufficient: false, allow_shortfall: true },
  };
}

test("the tick-64 case by hand: an answered escalation whose need grows in the tick the units land is reopened, not left escalated", () => {
  const task = compileTask("row4", rowOfFour());
  const params = SimParamsSchema.parse({ contestedCells: 1, counterfactuals: false });
  const w = new BlockWorld(task, params, policyFlags("gated"), createRng(1), true);
  const judge = offlineJudge(1, createRng(2));
  attachBranchRunner(w, judge);
  const c2 = task.cellOf[2]; // the contested cell at x = 2: agent 1 is responsible, agent 0 claims it
  assert.equal(w.plans[c2], 0b11);
  // nothing happens before tick 64 but the agents' own work: agent 0 places its one stone, agent 1 two
  w.t = 64;
  w.busy[0] = 1; w.busy[1] = 1;
  const p: Problem = {
    id: 0, agent: 0, kind: "missing_material", target: 0, cell: task.cellOf[1], detectedAt: 64, status: "open", escalations: 0,
    failures: 0, via: "local", escalationCost: 0, escalatedAt: -1, rival: -1, lastReplyAt: -1, deadline: -1,
  };
  w.problems.push(p); w.active.push(0); w.openMat[0] = 0;
  applyDecision(w, p, "escalate");
  assert.equal(p.status, "escalated");
  assert.equal(p.deadline, 64 + params.replyTimeout);
  const transfer = w.effects.find((e) => e.kind === "transfer")!;
  assert.ok(transfer, "agent 1 answers CAN_SUPPLY and walks one stone over");
  assert.ok(p.lastReplyAt === 64 && p.deadline >= transfer.at + 1, "the answer extends the deadline past the arrival");
  // in the tick the stone lands, the contested cell is settled to agent 0 (agent 1 drops it): agent 0's need grows by one
  w.schedule({ at: transfer.at, kind: "reassign", problem: -1, attempt: 0, from: 0, to: 1, item: c2, count: 0, causes: [] });
  while (w.t <= transfer.at) { step(w); checkNoStall(w, `tick ${w.t}`); }
  assert.equal(w.inv[0], w.need[0] - 1, "one unit short after the units landed");
  // reopened at the end of that tick (the answer arrived, the agent is still short) and judged again at once: the gate
  // escalates it a second time, with a new deadline
  assert.ok(w.log!.some((e) => e.event === "reopen" && e.problem === 0 && e.tick === transfer.at));
  assert.ok(w.log!.some((e) => e.event === "gate" && e.problem === 0 && e.tick === transfer.at));
  assert.equal(p.escalations, 2);
  assert.equal(p.deadline, transfer.at + params.replyTimeout);
  const r = continueEpisode(w, judge);
  assert.equal(r.metrics.success, true, "agent 1's spare stone reaches agent 0 after the re-escalation");
  assert.ok(r.metrics.completion_steps < 206);
});

test("a reply extends the deadline but never removes it: a reprioritised support that is never placed times out", () => {
  // agent 1 owns the support and has no stone for it; agent 0's block rests on it
  const spec: TaskSpec = {
    type: "construction", agent_count: 2, timeout: 200,
    blueprint: { materials: { stone: 4 }, levels: [
      { level: 0, coordinates: [0, 0, 0], placement: [["stone", "stone"]] },
      { level: 1, coordinates: [0, 1, 0], placement: [["stone", "stone"]] },
    ] },
    initial_inventory: { "0": { stone: 2 }, "1": {} },
    world: { assignment: "interleaved", inventory_sufficient: false, allow_shortfall: true },
  };
  const task = compileTask("dep", spec);
  const params = SimParamsSchema.parse({ contestedCells: 0, counterfactuals: false });
  const w = new BlockWorld(task, params, policyFlags("gated_rules_only"), createRng(1), true);
  attachBranchRunner(w, offlineJudge(1, createRng(2)));
  const seen = new Set<number>();
  while (w.t < 120) {
    step(w);
    checkNoStall(w, `tick ${w.t}`);
    for (const p of w.problems) if (p.kind === "dependency_block" && p.status === "escalated") seen.add(p.id);
  }
  assert.ok(seen.size > 0, "the dependency was escalated");
  const fallbacks = w.log!.filter((e) => e.event === "fallback" && e.kind === "dependency_block" && e.decision === "timeout");
  assert.ok(fallbacks.length > 0, "the answered wait timed out at its deadline");
  const prio = w.log!.filter((e) => e.event === "effect" && e.decision === "reprioritise");
  assert.ok(prio.length > 0, "the owner answered (reprioritised) first");
});

test("no episode stalls with nothing pending, over a sweep of contested cells, scenarios and policies", async () => {
  let episodes = 0, reopened = 0;
  for (const contestedCells of [0, 0.25, 0.5, 0.75, 1]) {
    const params = SimParamsSchema.parse({ contestedCells, counterfactuals: false });
    for (const scenario of ["standard", "scarce"] as const) {
      for (let i = 0; i < 3; i++) {
        const task = compileTask("s", generateTask({ scenario, width: 8, depth: 8, timeoutFactor: 3 }, createRng(70).fork(scenario, i)));
        for (const policy of ["gated", "free_chat", "gated_no_partition", "gated_rules_only", "gated_no_fallback"]) {
          const judge = offlineJudge(0.85, createRng(i).fork("judge"));
          const r = await runEpisodeAsync(task, policy, params, createRng(i), async (c) => judge(c), {
            log: true, observe: async (w) => checkNoStall(w, `${policy} ${scenario} contested ${contestedCells} episode ${i}`),
          });
          episodes++;
          reopened += r.events!.filter((e) => e.event === "reopen").length;
        }
      }
    }
  }
  assert.equal(episodes, 150);
  assert.ok(reopened > 0, "some answered escalations were reopened (their need grew)");
});
