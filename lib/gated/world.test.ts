import { test } from "node:test";
import assert from "node:assert/strict";
import { createRng } from "../core/rng.js";
import { planTransfers, step } from "./engine.js";
import { continueEpisode } from "./episode.js";
import { generateTask } from "./generator.js";
import { offlineJudge } from "./models/offline.js";
import { policyFlags } from "./policies.js";
import { compileTask } from "./task.js";
import { SimParamsSchema } from "./types.js";
import { restoreWorld, snapshotWorld } from "./snapshot.js";
import { BlockWorld } from "./block-world.js";

const params = SimParamsSchema.parse({});

test("a world saved as JSON mid-episode and restored finishes exactly like the uninterrupted one", () => {
  // rigid and score-only draw no random numbers, so the continuation depends on the state alone
  for (const policy of ["rigid", "gated_score_only"]) {
    const task = compileTask("s", generateTask({ scenario: "scarce" }, createRng(12)));
    const w = new BlockWorld(task, params, policyFlags(policy), createRng(1), false);
    if (w.flags.rigid) planTransfers(w);
    while (w.t < 40) step(w);
    const json = JSON.stringify(snapshotWorld(w));
    const restored = restoreWorld(task, params, policyFlags(policy), createRng(1), JSON.parse(json));
    const judge = () => offlineJudge(1, createRng(2));
    const a = continueEpisode(w, judge());
    const b = continueEpisode(restored, judge());
    assert.deepEqual(b.metrics, a.metrics, policy);
  }
});

test("restoring a snapshot of another task is refused", () => {
  const small = compileTask("a", generateTask({ width: 4, depth: 4 }, createRng(1)));
  const big = compileTask("b", generateTask({ width: 6, depth: 6 }, createRng(1)));
  const snap = snapshotWorld(new BlockWorld(small, params, policyFlags("gated"), createRng(1), false));
  assert.throws(() => restoreWorld(big, params, policyFlags("gated"), createRng(1), snap), /restoreWorld: placed has 32 values, the task needs 72/);
});

test("a fork copies every state array (the branch never writes into the factual world's arrays)", async () => {
  const { ARRAY_FIELDS } = await import("./state.js");
  const task = compileTask("s", generateTask({ scenario: "scarce" }, createRng(12)));
  const w = new BlockWorld(task, params, policyFlags("gated"), createRng(1), false);
  const f = w.fork();
  for (const k of ARRAY_FIELDS) {
    assert.notEqual(f[k], w[k], `${k} is shared`);
    assert.deepEqual(Array.from(f[k]), Array.from(w[k]), `${k} differs`);
  }
});
