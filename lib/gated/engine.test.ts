import { test } from "node:test";
import assert from "node:assert/strict";
import { createRng } from "../core/rng.js";
import { runEpisode } from "./episode.js";
import { gateDecision, scoreOf } from "./gate.js";
import { generateTask } from "./generator.js";
import { offlineJudge } from "./models/offline.js";
import { policyFlags } from "./policies.js";
import { compileTask } from "./task.js";
import { rowTask } from "./testing/tasks.js";
import { POLICIES, SimParamsSchema } from "./types.js";

const params = SimParamsSchema.parse({});
const judge = (seed: number) => offlineJudge(0.85, createRng(seed).fork("judge"));

test("S = w_C·C + w_R·R + w_I·I − w_L·L − w_H·H and the asymmetric thresholds", () => {
  const f = { C: 1, R: 0.5, I: 0.25, L: 0.5, H: 0 };
  // default weights C 1, R 1, I 0.8, L 1.2, H 1: 1 + 0.5 + 0.2 − 0.6 − 0 = 1.1 (hand computation)
  assert.ok(Math.abs(scoreOf(f, params.weights) - 1.1) < 1e-12);
  const gated = policyFlags("gated");
  assert.equal(gateDecision(gated, params, 0.1, f, "missing_material"), "local"); // ≤ T_low 0.15
  assert.equal(gateDecision(gated, params, 0.95, f, "missing_material"), "escalate"); // ≥ T_high 0.9
  assert.equal(gateDecision(gated, params, 0.5, f, "missing_material"), "adjudicate");
  assert.equal(gateDecision(policyFlags("gated_score_only"), params, 0.6, f, "missing_material"), "escalate"); // > midpoint 0.525
  assert.equal(gateDecision(policyFlags("gated_score_only"), params, 0.5, f, "missing_material"), "local");
  assert.equal(gateDecision(policyFlags("free_chat"), params, -5, f, "path_blocked"), "escalate");
  assert.equal(gateDecision(policyFlags("gated_rules_only"), params, 0, { ...f, R: 0 }, "missing_material"), "local");
});

test("same task, policy and seed ⇒ identical metrics and event log", () => {
  const task = compileTask("g", generateTask({ scenario: "scarce" }, createRng(3)));
  const a = runEpisode(task, "gated", params, createRng(7), judge(7), { log: true });
  const b = runEpisode(task, "gated", params, createRng(7), judge(7), { log: true });
  assert.equal(JSON.stringify(a), JSON.stringify(b));
  assert.ok(a.events!.length > 0);
});

test("every policy ends every episode by the timeout (no deadlock), scores in [0, 1]", () => {
  for (const scenario of ["standard", "scarce"] as const) {
    const task = compileTask("g", generateTask({ scenario, width: 6, depth: 6 }, createRng(11)));
    for (const policy of POLICIES) {
      const r = runEpisode(task, policy, params, createRng(1), judge(1));
      assert.ok(r.metrics.completion_steps <= task.timeout, `${policy} ${scenario}`);
      assert.ok(r.metrics.score >= 0 && r.metrics.score <= 1);
      assert.equal(r.metrics.success, r.metrics.score === 1);
    }
  }
});

test("no deadlock when a material can come from nowhere: the episode times out with a partial score", () => {
  const spec = rowTask(0);
  spec.initial_inventory = { "0": {}, "1": { stone: 4 } };
  spec.blocked_actions = { "1": ["!givePlayer"] }; // the holder may not give
  const task = compileTask("stuck", spec);
  // no contested cells: agent 1 would otherwise also place the claimed stone of agent 0's stripe
  const own = SimParamsSchema.parse({ contestedCells: 0 });
  for (const policy of POLICIES) {
    const r = runEpisode(task, policy, own, createRng(1), judge(1));
    assert.equal(r.metrics.success, false, policy);
    assert.equal(r.metrics.completion_steps, 100, policy);
    assert.equal(r.metrics.score, 0.5, policy); // agent 1 builds its two blocks
  }
});

test("the baselines behave as defined: free chat escalates every problem, rigid sends only its t0 plan", () => {
  const task = compileTask("g", generateTask({ scenario: "standard" }, createRng(5)));
  const chat = runEpisode(task, "free_chat", params, createRng(2), judge(2));
  assert.equal(chat.metrics.escalated, chat.metrics.problems);
  const rigid = runEpisode(task, "rigid", params, createRng(2), judge(2), { log: true });
  assert.equal(rigid.metrics.escalated, 0);
  const late = rigid.events!.filter((e) => e.event === "message" && e.msg_type !== "TRANSFER_PLAN" && e.msg_type !== "TRANSFER_DONE");
  assert.equal(late.length, 0);
  const gated = runEpisode(task, "gated", params, createRng(2), judge(2));
  assert.ok(gated.metrics.escalated < gated.metrics.problems, "the gate keeps some problems local");
});

test("every message in the log has a protocol type; only free chat sends CHAT", async () => {
  const { MESSAGE_TYPES } = await import("./types.js");
  const task = compileTask("g", generateTask({ scenario: "scarce" }, createRng(8)));
  for (const policy of POLICIES) {
    const r = runEpisode(task, policy, params, createRng(3), judge(3), { log: true });
    const types = r.events!.filter((e) => e.event === "message").map((e) => e.msg_type as string);
    assert.ok(types.every((t) => (MESSAGE_TYPES as readonly string[]).includes(t)), policy);
    assert.equal(types.includes("CHAT"), policy === "free_chat", policy);
    assert.equal(types.length, r.metrics.messages, policy);
  }
});
