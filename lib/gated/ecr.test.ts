import { test } from "node:test";
import assert from "node:assert/strict";
import { createRng } from "../core/rng.js";
import { applyDecision, flush } from "./decide.js";
import { detect } from "./detect.js";
import { attachBranchRunner, continueEpisode, replayLog, runEpisode } from "./episode.js";
import { believedInv, computeFactors } from "./gate.js";
import { generateTask } from "./generator.js";
import { offlineJudge } from "./models/offline.js";
import { policyFlags } from "./policies.js";
import { ecrOf } from "./channel.js";
import { compileTask } from "./task.js";
import { rowTask } from "./testing/tasks.js";
import { SimParamsSchema } from "./types.js";
import type { Problem } from "./types.js";
import { BlockWorld } from "./block-world.js";

const judge = (seed: number, acc = 0.85) => offlineJudge(acc, createRng(seed).fork("judge"));

// Contested cells off: who notices a rival heading for a shared cell depends on sight under the partition, a
// difference of the architecture rather than of the channel (each noticed conflict costs the agent its turn).
test("the same message log through free chat and the gated protocol, at zero read cost, gives the same ECR", () => {
  const zero = SimParamsSchema.parse({ chatReadTicks: 0, chatWriteTicks: 0, protocolReadTicks: 0, chatDeviationProb: 0, contestedCells: 0 });
  let compared = 0;
  for (let i = 0; i < 6; i++) {
    const task = compileTask("g", generateTask({ scenario: i % 2 ? "scarce" : "standard", width: 8, depth: 8 }, createRng(30 + i)));
    const run = runEpisode(task, i % 3 === 0 ? "free_chat" : "gated", zero, createRng(i), judge(i));
    const chat = replayLog(task, "free_chat", zero, createRng(9), run.messages);
    const proto = replayLog(task, "gated", zero, createRng(9), run.messages);
    assert.equal(chat.messages, proto.messages, `episode ${i}`);
    assert.equal(chat.ecr, proto.ecr, `episode ${i}`);
    assert.equal(chat.effective_messages, proto.effective_messages);
    if (chat.ecr !== null) { assert.ok(chat.ecr > 0 && chat.ecr < 1, `episode ${i}: ${chat.ecr}`); compared++; }
  }
  assert.ok(compared >= 4);
});

test("ECR counts observed effects only, within ecrWindowTicks of the message", () => {
  // agent 0 lacks stone; agent 1 (the holder) is busy for 30 ticks, so its transfer lands about 33 ticks after the request
  const run = (window: number) => {
    const params = SimParamsSchema.parse({ ecrWindowTicks: window, counterfactuals: false });
    const task = compileTask("row", rowTask(0));
    const w = new BlockWorld(task, params, policyFlags("gated"), createRng(1), false);
    attachBranchRunner(w, judge(1));
    w.busy[1] = 30;
    const p: Problem = { id: 0, agent: 0, kind: "missing_material", target: 0, cell: task.cells[0], detectedAt: 0, status: "open",
      escalations: 0, failures: 0, via: "local", escalationCost: 0, escalatedAt: -1, rival: -1, lastReplyAt: -1, deadline: -1 };
    w.problems.push(p); w.active.push(0); w.openMat[0] = 0;
    applyDecision(w, p, "escalate");
    continueEpisode(w, judge(1));
    return w;
  };
  const late = run(20), wide = run(60);
  const req = late.msgs.find((m) => m.type === "REQUEST_MATERIAL")!;
  const transfer = late.links.find((l) => l.effect === "transfer" && l.msg === req.id)!;
  assert.ok(transfer.tick - req.tick > 20, `transfer after ${transfer.tick - req.tick} ticks`);
  const hit = (w: BlockWorld, id: number) => w.links.some((l) => l.msg === id && l.tick - w.msgs[id].tick <= w.params.ecrWindowTicks);
  assert.equal(hit(late, req.id), false);
  assert.equal(hit(wide, req.id), true);
  assert.ok(ecrOf(wide.msgs, wide.links, 60).effective > ecrOf(late.msgs, late.links, 20).effective);
  // the TRANSFER_DONE is effective because agent 0 then placed the stone it brought
  const done = late.msgs.find((m) => m.type === "TRANSFER_DONE")!;
  assert.ok(late.links.some((l) => l.msg === done.id && l.effect === "material_used"));
});

test("chatter without actionable content never has an effect; every effective message has a causal link", () => {
  const task = compileTask("g", generateTask({ scenario: "scarce", width: 8, depth: 8 }, createRng(3)));
  const r = runEpisode(task, "free_chat", SimParamsSchema.parse({}), createRng(3), judge(3), { log: true });
  const effects = r.events!.filter((e) => e.event === "effect");
  const chat = new Set(r.messages.filter((m) => m.type === "CHAT").map((m) => m.id));
  assert.ok(chat.size > 0);
  assert.ok(effects.every((e) => !chat.has(e.msg!)));
  const linked = new Set(effects.map((e) => e.msg));
  assert.ok(r.metrics.effective_messages <= linked.size);
  assert.ok(r.metrics.effective_messages > 0);
});

test("beliefs: after a loss a teammate never heard of, the agent's belief is stale and the gate scores from it", () => {
  const params = SimParamsSchema.parse({ counterfactuals: false });
  const task = compileTask("row", rowTask(0));
  for (const policy of ["gated", "gated_no_partition"]) {
    const w = new BlockWorld(task, params, policyFlags(policy), createRng(1), false);
    // agent 1 loses its stone; nobody is told
    w.inv[1 * w.nMat + 0] = 0;
    const p: Problem = { id: 0, agent: 0, kind: "missing_material", target: 0, cell: task.cells[0], detectedAt: 0, status: "open",
      escalations: 0, failures: 0, via: "local", escalationCost: 0, escalatedAt: -1, rival: -1, lastReplyAt: -1, deadline: -1 };
    const f = computeFactors(w, p, p.cell);
    if (policy === "gated") {
      assert.equal(believedInv(w, 0, 1, 0), 4, "stale: agent 0 still believes agent 1 holds 4");
      assert.ok(f.R > 0, "the gate sees an advantage that no longer exists");
    } else {
      assert.equal(believedInv(w, 0, 1, 0), 0, "the shared public state is always true");
      assert.equal(f.R, 0);
    }
  }
  // the refusal corrects the belief: CANNOT_SUPPLY from agent 1
  const w = new BlockWorld(task, params, policyFlags("gated"), createRng(1), false);
  attachBranchRunner(w, judge(1));
  w.inv[1 * w.nMat + 0] = 0;
  detect(w, 0, "missing_material", 0, task.cells[0]);
  flush(w);
  if (w.problems[0].status === "open") applyDecision(w, w.problems[0], "escalate");
  assert.ok(w.msgs.some((m) => m.type === "CANNOT_SUPPLY"));
  assert.equal(believedInv(w, 0, 1, 0), w.need[1 * w.nMat + 0], "after the refusal agent 0 believes agent 1 has no surplus");
});

test("scarce tasks have real shortfalls and conflicts: double-booked surplus and contested site units become conflict problems", () => {
  let conflicts = 0, escalated = 0;
  for (let i = 0; i < 8; i++) {
    const spec = generateTask({ scenario: "scarce" }, createRng(50 + i));
    const task = compileTask("s", spec);
    let short = 0;
    for (let m = 0; m < task.materials.length; m++) {
      let held = 0, need = 0;
      for (let a = 0; a < task.nAgents; a++) held += task.inv0[a * task.materials.length + m];
      for (let c = 0; c < task.cells.length; c++) if (task.cellMat[c] === m) need++;
      if (held < need) short++;
    }
    assert.ok(short > 0, "the inventories fall short of the blueprint");
    assert.equal(task.world.inventory_sufficient, false);
    const r = runEpisode(task, "gated", SimParamsSchema.parse({ counterfactuals: false }), createRng(i), judge(i), { log: true });
    conflicts += r.metrics.conflicts;
    escalated += r.events!.filter((e) => e.event === "gate" && e.kind === "conflict").length;
    assert.equal(r.events!.filter((e) => e.event === "conflict").length, r.metrics.conflicts);
  }
  assert.ok(conflicts > 0, "conflicts were detected");
  assert.ok(escalated > 0, "conflicts went through the gate");
});
