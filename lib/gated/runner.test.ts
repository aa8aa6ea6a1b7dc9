import { test } from "node:test";
import assert from "node:assert/strict";
import { createRng } from "../core/rng.js";
import { cellAddresser } from "../core/mechanism.js";
import { GatedParamsSchema, mergeCondition, runner } from "./runner.js";

const params = GatedParamsSchema.parse({ episodes: 3, family: { width: 6, depth: 6 }, logEpisodes: 1 });

async function cell(condition: Record<string, string | number>, seed = 1) {
  const key = Object.entries(condition).map(([k, v]) => `${k}=${v}`).join(",");
  return runner.runCell({ runId: `r${seed}`, seed, condition, params, model: { kind: "offline" }, rng: createRng(seed).fork("gated", "r"),
    address: cellAddresser("gated", key, seed) });
}

test("condition factors land where they belong (top level, family, sim) and unknown ones are refused", () => {
  const p = mergeCondition(params, { policy: "rigid", scenario: "scarce", agents: 4, tLow: 0.2 });
  assert.equal(p.policy, "rigid");
  assert.equal(p.scenario, "scarce");
  assert.equal(p.family.agents, 4);
  assert.equal(p.sim.tLow, 0.2);
  assert.throws(() => mergeCondition(params, { colour: "red" }), /grid\.colour: unknown factor/);
});

test("a cell writes one labelled episode row per episode, events for the logged ones; same seed ⇒ same rows", async () => {
  const a = await cell({ policy: "gated", scenario: "scarce" });
  const b = await cell({ policy: "gated", scenario: "scarce" });
  assert.equal(JSON.stringify(a), JSON.stringify(b));
  const eps = a.tables.episodes;
  assert.equal(eps.length, 3);
  for (const r of eps) {
    assert.equal(r.model, "offline:gated-cost-v1");
    assert.equal(r.scenario, "scarce");
    for (const k of ["policy", "seed", "success", "score", "completion_steps", "lrr", "uer", "ecr", "messages", "tokens"]) assert.ok(k in r, k);
  }
  assert.ok(String(eps[0].task).startsWith("scarce_"));
  assert.ok(a.tables.events.length > 0 && a.tables.events.every((e) => e.episode === 0));
});

test("every policy meets the same tasks for a seed (paired design)", async () => {
  const x = await cell({ policy: "free_chat", scenario: "standard" }, 4);
  const y = await cell({ policy: "gated", scenario: "standard" }, 4);
  assert.deepEqual(x.tables.episodes.map((r) => r.blocks), y.tables.episodes.map((r) => r.blocks));
});

test("params are strict: an unknown key at any level is an error naming it", () => {
  assert.throws(() => GatedParamsSchema.parse({ episods: 3 }), /episods/);
  assert.throws(() => GatedParamsSchema.parse({ sim: { noPartitionNoise: 0.25 } }), /noPartitionNoise/);
  assert.throws(() => GatedParamsSchema.parse({ sim: { weights: { Q: 1 } } }), /Q/);
  assert.throws(() => GatedParamsSchema.parse({ family: { agnets: 3 } }), /agnets/);
});

test("checkPlan refuses meaningless plans before anything runs", () => {
  const cells = (conds: Record<string, string | number>[]) => conds.map((condition, i) => ({ runId: `c${i}`, condition }));
  assert.throws(() => runner.checkPlan!({ file: "x.json", params, llm: true, cells: cells([{ adjudicatorAccuracy: 0.5 }, { adjudicatorAccuracy: 0.9 }]) }),
    /x\.json: grid\.adjudicatorAccuracy: .*offline judge/);
  runner.checkPlan!({ file: "x.json", params, llm: false, cells: cells([{ adjudicatorAccuracy: 0.5 }, { adjudicatorAccuracy: 0.9 }]) });
  assert.throws(() => runner.checkPlan!({ file: "x.json", params, llm: false, cells: cells([{ tLow: 0.5, tHigh: 0.4 }]) }), /no gray zone/);
  assert.throws(() => runner.checkPlan!({ file: "x.json", params, llm: false, cells: cells([{ scenario: "standard", shortfall: 0.2 }]) }), /only changes scarce tasks/);
});

test("the manifest's determinism: block-world cells reproduce; cells on a live Minecraft server are named as not reproducing", () => {
  const cells = (conds: Record<string, string>[]) => conds.map((condition, i) => ({ runId: `c${i}`, condition }));
  assert.deepEqual(runner.nondeterminism!({ params, cells: cells([{ policy: "gated" }, { policy: "free_chat" }]) }), []);
  const live = runner.nondeterminism!({ params, cells: cells([{ backend: "minecraft" }, { backend: "blockworld" }]) });
  assert.equal(live.length, 1);
  assert.match(live[0], /^1 of 2 cells run on a live Minecraft server/);
});


test("conflict events of a cell carry the episode, tick, both agents and the cell; episode rows the conflict columns", async () => {
  const p = GatedParamsSchema.parse({ episodes: 4, family: { width: 8, depth: 8 }, logEpisodes: 4 });
  const r = await runner.runCell({ runId: "r1", seed: 1, condition: { policy: "gated", scenario: "standard" }, params: p, model: { kind: "offline" },
    rng: createRng(1).fork("gated", "r"), address: cellAddresser("gated", "policy=gated", 1) });
  const cells = r.tables.events.filter((e) => e.event === "conflict" && e.decision === "contested_cell");
  assert.ok(cells.length > 0, "contested cells are contended in some logged episode");
  for (const e of cells) {
    assert.equal(typeof e.episode, "number");
    assert.equal(typeof e.tick, "number");
    assert.notEqual(String(e.agent), e.via); // the agent and its rival
    assert.match(String(e.item), /^cell:-?\d+,-?\d+,-?\d+$/);
  }
  for (const row of r.tables.episodes) for (const k of ["contested_cells", "conflict_gray", "conflict_gray_escalated"]) assert.equal(typeof row[k], "number", k);
});
