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
  const text = renderCase({ tick: 12, agent: 1, kind: "missing_material", subject: "glass", factors: { C: 1, R: 0.5, I: 0.25, L: 0, H: 0.5 },
    S: 0.4, tLow: 0.15, tHigh: 0.9, localCostEstimate: Infinity, failedEscalations: 1 });
  assert.match(text, /missing_material \(glass\), agent 1, tick 12/);
  assert.match(text, /R=0\.50.*L=0\.00, history penalty H=0\.50 \(1 failed/s);
  assert.match(text, /\(0\.15, 0\.90\).*unbounded ticks/s);
});
