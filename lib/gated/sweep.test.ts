import { test } from "node:test";
import assert from "node:assert/strict";
import { sweepParam } from "./sweep.js";

test("a sweep runs every level × policy × scenario on the same tasks, deterministically", () => {
  const opts = { policies: ["free_chat", "gated"], episodes: 3, family: { width: 6, depth: 6 } };
  const a = sweepParam("chatReadTicks", [0, 2], opts);
  assert.equal(a.length, 2 * 2 * 2 * 3);
  assert.deepEqual(a, sweepParam("chatReadTicks", [0, 2], opts));
  const steps = (level: number) => a.filter((r) => r.policy === "free_chat" && r.level === level).reduce((s, r) => s + Number(r.completion_steps), 0);
  assert.ok(steps(2) >= steps(0), "reading costs never speed free chat up");
  assert.throws(() => sweepParam("chatReadTicks", [-1], opts));
});
