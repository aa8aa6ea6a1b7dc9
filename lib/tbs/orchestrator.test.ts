import { test } from "node:test";
import assert from "node:assert/strict";
import { resolveTurn } from "./orchestrator.js";

const it = (willing: boolean, timeCost: number, ok = true) => ({ willing, timeCost, ok });

test("Willing mode: lowest time_cost among the willing speaks; ties go to the lowest index", () => {
  assert.deepEqual(resolveTurn("willing", "noforce", [it(true, 3), it(false, 1), it(true, 2), it(true, 2)], 1), { speaker: 2, forced: false, scheduled: null });
});

test("Willing mode: silence without Force Speak; with it, the lowest time_cost overall is forced", () => {
  const none = [it(false, 3), it(false, 1), it(false, 2)];
  assert.equal(resolveTurn("willing", "noforce", none, 4).speaker, null);
  assert.deepEqual(resolveTurn("willing", "force", none, 4), { speaker: 1, forced: true, scheduled: null });
});

test("Rotation mode: the scheduled agent (v − 1) mod N speaks only if willing, unless forced", () => {
  const xs = [it(true, 1), it(false, 1), it(true, 9)];
  assert.equal(resolveTurn("rotation", "noforce", xs, 3).speaker, 2);
  assert.equal(resolveTurn("rotation", "noforce", xs, 5).speaker, null);
  assert.deepEqual(resolveTurn("rotation", "force", xs, 5), { speaker: 1, forced: true, scheduled: 1 });
  assert.equal(resolveTurn("rotation", "noforce", xs, 4).speaker, 0);
});

test("an agent whose reasoning failed is never selected", () => {
  assert.equal(resolveTurn("willing", "force", [it(true, 1, false), it(false, 5)], 1).speaker, 1);
  assert.equal(resolveTurn("rotation", "force", [it(true, 1, false), it(false, 5)], 1).speaker, null);
});
