import { test } from "node:test";
import assert from "node:assert/strict";
import { compareTables } from "./compare.js";

const bw = (policy: string, seed: number, episode: number, extra: Record<string, unknown> = {}) => ({
  policy, agents: 2, seed, episode, task: `t${seed}${episode}`, blocks: 12, backend: "blockworld", success: true, score: 1, completion_steps: 20,
  problems: 2, escalated: 1, lrr: 0.5, uer: 0, ecr: 1, messages: 4, tokens: 56, ...extra,
});
const mc = (policy: string, seed: number, episode: number, extra: Record<string, unknown> = {}) => ({
  ...bw(policy, seed, episode), backend: "minecraft", game_ticks: 460, game_ticks_total: 470, server_score: 1, mirror_score: 1, actions: 18,
  failed_actions: 0, placements_undone: 0, gives_undone: 0, top_failure: null, ms_per_action: 900, emulated_actions: "disruption_items",
  uer_counterfactual: "blockworld_mirror", ...extra,
});

test("compareTables pairs the backends' episodes by policy, agents, seed and episode and takes minecraft − blockworld", () => {
  const rows = compareTables([bw("gated", 1, 0), bw("gated", 1, 1, { success: false, completion_steps: 48, score: 0.75 }), bw("rigid", 1, 0)],
    [mc("gated", 1, 1, { success: false, completion_steps: 48, score: 0.75, game_ticks: null }), mc("gated", 1, 0, { messages: 6 })]);
  assert.equal(rows.length, 2);
  const [late, built] = rows;
  assert.equal(late.diff.game_ticks, null); // not built: no time to compare
  assert.equal(late.diff.success, 0);
  assert.equal(built.blockworld.game_ticks, 400); // 20 steps × 20 game ticks
  assert.equal(built.diff.game_ticks, 60);
  assert.equal(built.diff.messages, 2);
  assert.equal(built.minecraft.emulated_actions, "disruption_items");
});

test("compareTables refuses a Minecraft episode without its block-world twin, or with another task", () => {
  assert.throws(() => compareTables([bw("gated", 1, 0)], [mc("gated", 2, 0)]), /no block-world episode for gated\|2\|2\|0/);
  assert.throws(() => compareTables([bw("gated", 1, 0, { task: "other" })], [mc("gated", 1, 0)]), /task t10 on Minecraft but other in the block world/);
});
