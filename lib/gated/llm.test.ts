import { test } from "node:test";
import assert from "node:assert/strict";
import { renderCase, repairVerdict } from "./models/llm.js";

test("the bounded repair accepts only schema-valid verdicts", () => {
  assert.deepEqual(repairVerdict('ok: {"decision": "escalate", "reason": "teammate has 12"}'), { ok: true, reply: { decision: "escalate", reason: "teammate has 12" }, step: "json" });
  const n = repairVerdict('{"Decision": "Stay local"}');
  assert.equal(n.ok && n.reply.decision, "local");
  assert.equal(n.ok && n.step, "normalised");
  assert.equal(repairVerdict("We should escalate.").ok, true);
  assert.equal(repairVerdict("escalate or stay local? unclear").ok, false); // both keywords: ambiguous
  assert.equal(repairVerdict('{"decision": "maybe"}').ok, false);
});

test("the case prompt carries the factors and thresholds", () => {
  const text = renderCase({ tick: 12, agent: 1, problem: 3, attempt: 1, kind: "missing_material", subject: "glass", factors: { C: 1, R: 0.5, I: 0.25, L: 0, H: 0.5 },
    S: 0.4, tLow: 0.15, tHigh: 0.9, localCostEstimate: Infinity, failedEscalations: 1,
    facts: { position: [3, 0, -2], cell: [4, 1, 2], holds: 0, needs: 6, site: 0, other: null, hasOtherWork: false, material: "glass", contestedCell: false,
      teammates: [{ agent: 0, holds: 14, distance: 3, pickaxe: true }, { agent: 2, holds: 0, distance: 7, pickaxe: false }] } });
  assert.match(text, /missing_material \(glass\), agent 1, tick 12/);
  assert.match(text, /R=0\.50.*L=0\.00, history penalty H=0\.50 \(1 failed/s);
  assert.match(text, /\(0\.15, 0\.90\).*unbounded ticks/s);
  // the facts of the problem, as the agent believes them
  assert.match(text, /stands at \(3, 0, -2\), the blocked block is at \(4, 1, 2\)\. It holds 0 glass, its remaining blocks need 6, the site has 0/);
  assert.match(text, /agent 0 holds 14 glass, 3 cells away, has a pickaxe; agent 2 holds 0 glass, 7 cells away/);
});

test("chat text is read for what it says: requests, offers to an agent, help, waits; chatter is nothing", async () => {
  const { parseChat } = await import("./models/chat-parse.js");
  const mats = ["stone", "oak_planks", "glass"];
  assert.deepEqual(parseChat("I can give 5 oak planks to agent 0.", mats), { type: "CAN_SUPPLY", item: 1, count: 5, to: 0 });
  assert.deepEqual(parseChat("Running low: I need 7 glass, does anyone have some?", mats), { type: "REQUEST_MATERIAL", item: 2, count: 7, to: -1 });
  assert.deepEqual(parseChat("My path is blocked, can someone dig me out?", mats), { type: "REQUEST_HELP", item: -1, count: 0, to: -1 });
  assert.equal(parseChat("Waiting for agent 2 to place the block below.", mats)?.type, "DEPENDENCY_WAIT");
  assert.equal(parseChat("Great work everyone, keep going!", mats), null);
  assert.equal(parseChat("I need more time", mats), null); // no material named
});
