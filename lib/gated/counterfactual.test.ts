import { test } from "node:test";
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { createRng } from "../core/rng.js";
import { planRun } from "../experiment/plan.js";
import { runOneCell } from "../experiment/run.js";
import { runEpisode } from "./episode.js";
import { generateTask } from "./generator.js";
import { offlineJudge } from "./models/offline.js";
import { compileTask } from "./task.js";
import { SimParamsSchema } from "./types.js";
import type { SimParams } from "./types.js";

const config = fileURLToPath(new URL("../../data/configs/gated-default.json", import.meta.url));

test("null check: forking at an escalation and carrying out the same decision reproduces the factual outcome, every time (default config, quick profile)", async () => {
  const plan = await planRun(config, { profile: "quick" });
  const checked = { ...plan, params: { ...(plan.params as object), nullCheck: true, logEpisodes: 0 } };
  let escalations = 0, inTick = 0, mismatches = 0, episodes = 0;
  for (const cell of plan.cells) {
    const rec = await runOneCell(checked, cell, { kind: "offline" }, plan.runner.offlineModelLabel);
    for (const r of rec.tables.episodes) {
      episodes++;
      escalations += Number(r.null_checked);
      inTick += Number(r.null_in_tick);
      mismatches += Number(r.null_mismatches);
    }
  }
  assert.equal(episodes, plan.cells.length * Number((plan.params as { episodes: number }).episodes));
  assert.ok(escalations > 1000, `${escalations} escalations`);
  assert.ok(inTick > escalations / 2, `escalations decided inside a tick (a turn, the tick's start or end): ${inTick} of ${escalations}`);
  assert.equal(mismatches, 0, `${mismatches} of ${escalations} escalations re-applied on a fork did not reproduce the factual outcome`);
});

/**
 * The stay-local branch of an escalation, recomputed without the rollout: the same episode run again from its start
 * with that one decision replaced by staying local (and the problem never escalated after), everything else as it was.
 */
function rerunLocal(task: ReturnType<typeof compileTask>, policy: string, params: SimParams, seed: number, esc: { problem: number; tick: number; attempt: number }) {
  const rng = createRng(seed);
  let hit = 0;
  const r = runEpisode(task, policy, { ...params, counterfactuals: false }, rng, offlineJudge(0.85, rng.fork("judge")), {
    override: (w, p, d) => {
      if (d !== "escalate" || p.id !== esc.problem || w.t !== esc.tick || p.escalations + 1 !== esc.attempt) return d;
      hit++;
      p.pinnedLocal = true;
      return "local";
    },
  });
  assert.equal(hit, 1, "the replayed escalation was met once");
  return r.outcome;
}

test("each stay-local branch equals the episode re-run with that decision replaced (fails without the rollout)", () => {
  const params = SimParamsSchema.parse({});
  let compared = 0, differ = 0;
  for (const scenario of ["standard", "scarce"] as const) {
    for (let i = 0; i < 3; i++) {
      const task = compileTask("t", generateTask({ scenario, width: 8, depth: 8, timeoutFactor: 3 }, createRng(90).fork(scenario, i)));
      for (const policy of ["gated", "free_chat", "gated_no_partition"]) {
        const rng = createRng(i);
        const factual = runEpisode(task, policy, params, rng, offlineJudge(0.85, rng.fork("judge")));
        // a spread of escalations: the first, the last, and three between (decided in turns, at tick ends, between ticks)
        const recs = factual.escalations;
        const pick = [...new Set([0, recs.length - 1, ...[1, 2, 3].map((k) => Math.floor((k * recs.length) / 4))])].filter((k) => k >= 0 && k < recs.length);
        for (const k of pick) {
          const e = recs[k];
          const o = rerunLocal(task, policy, params, i, e);
          assert.deepEqual([e.cf_local_ticks, e.cf_local_blocks, e.cf_local_agent_ticks], [o.ticks, o.blocks, o.agentTicks],
            `${policy} ${scenario} ${i}, escalation ${k} (tick ${e.tick}, problem ${e.problem}, at ${e.at})`);
          compared++;
          if (e.cf_local_ticks !== e.cf_escalate_ticks || e.cf_local_blocks !== e.cf_escalate_blocks) differ++;
        }
      }
    }
  }
  assert.ok(compared >= 60, String(compared));
  assert.ok(differ > 0, "some stay-local branches end differently from the factual run");
});
