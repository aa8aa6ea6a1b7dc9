import { test } from "node:test";
import assert from "node:assert/strict";
import { createRng } from "../core/rng.js";
import { applyDecision, flush } from "./decide.js";
import { detect } from "./detect.js";
import { step } from "./engine.js";
import { attachBranchRunner, continueEpisode, runEpisode } from "./episode.js";
import { computeFactors, scoreOf } from "./gate.js";
import { generateTask } from "./generator.js";
import { offlineJudge } from "./models/offline.js";
import { policyFlags } from "./policies.js";
import { compileTask } from "./task.js";
import { SimParamsSchema } from "./types.js";
import type { TaskSpec } from "./types.js";
import { BlockWorld } from "./block-world.js";
import { claimantOf } from "./state.js";

/** Two stones side by side, one stripe each: each cell is next to the boundary, so each may be contested. */
function pairTask(): TaskSpec {
  return {
    type: "construction", agent_count: 2, timeout: 60,
    blueprint: { materials: { stone: 2 }, levels: [{ level: 0, coordinates: [0, 0, 0], placement: [["stone", "stone"]] }] },
    initial_inventory: { "0": { stone: 2 }, "1": { stone: 2 } },
  };
}

test("boundary cells: the neighbour across the boundary is the claimant; cells inside a stripe have none", () => {
  const task = compileTask("g", generateTask({ agents: 3, width: 10, depth: 2, levels: 1, scenario: "standard" }, createRng(1)));
  // stripes of 4: agent 0 x 0–3, agent 1 x 4–7, agent 2 x 8–9
  const at = (x: number) => { for (let c = 0; c < task.cells.length; c++) if (task.cells[c] % task.W === x) return claimantOf(task, c); return -2; };
  assert.deepEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map(at), [-1, -1, -1, 1, 0, -1, -1, 2, 1, -1]);
  // contestedCells: 0 plans every cell once; 1 plans every boundary cell twice
  const plans = (p: number) => new BlockWorld(task, SimParamsSchema.parse({ contestedCells: p }), policyFlags("gated"), createRng(2), false).contested;
  assert.equal(plans(0), 0);
  assert.equal(plans(1), 4 * task.D);
  const half = plans(0.5);
  assert.ok(half > 0 && half < 4 * task.D, String(half));
  // a rigid plan assigns every cell once at t0
  assert.equal(new BlockWorld(task, SimParamsSchema.parse({ contestedCells: 1 }), policyFlags("rigid"), createRng(2), false).contested, 0);
});

test("a contested cell built by hand: two agents heading for the same cell is a logged conflict and a conflict problem", () => {
  const task = compileTask("pair", pairTask());
  const params = SimParamsSchema.parse({ contestedCells: 1 });
  const w = new BlockWorld(task, params, policyFlags("gated"), createRng(1), true);
  attachBranchRunner(w, offlineJudge(1, createRng(2)));
  assert.equal(w.contested, 2);
  assert.equal(w.plans[0], 0b11);
  // agent 1 is heading for agent 0's cell (its own claim on it); agent 0, one cell away, picks the same cell
  w.heading[1] = 0;
  step(w);
  const ev = w.log!.find((e) => e.event === "conflict");
  assert.ok(ev, "a conflict event");
  assert.deepEqual([ev.tick, ev.agent, ev.via, ev.item, ev.kind, ev.decision], [0, 0, "1", "cell:0,0,0", "conflict", "contested_cell"]);
  const p = w.problems.find((q) => q.kind === "conflict")!;
  assert.deepEqual([p.agent, p.rival, p.target, p.onCell], [0, 1, 0, true]);
  assert.equal(w.counters.conflicts, 1);
  const gate = w.log!.find((e) => e.event === "gate" && e.problem === p.id);
  assert.ok(gate, "the gate judged the conflict");
  // the null: the same state without contested cells is no conflict (agent 0 alone plans the cell)
  const w0 = new BlockWorld(task, SimParamsSchema.parse({ contestedCells: 0 }), policyFlags("gated"), createRng(1), true);
  attachBranchRunner(w0, offlineJudge(1, createRng(2)));
  w0.heading[1] = 0;
  step(w0);
  assert.equal(w0.log!.filter((e) => e.event === "conflict").length, 0);
  assert.equal(w0.counters.conflicts, 0);
});

test("escalating a contested cell settles it: one agent drops it from its plan, the cell is placed once", () => {
  const task = compileTask("pair", pairTask());
  const w = new BlockWorld(task, SimParamsSchema.parse({ contestedCells: 1 }), policyFlags("gated"), createRng(1), true);
  const judge = offlineJudge(1, createRng(2));
  attachBranchRunner(w, judge);
  w.heading[1] = 0;
  w.posX[1] = 3; // agent 1 is three cells away (in sight, out of reach): agent 0, in reach with stone, places it sooner
  w.posX[0] = 0;
  step(w);
  const p = w.problems.find((q) => q.kind === "conflict")!;
  if (p.status === "open") applyDecision(w, p, "escalate");
  const r = continueEpisode(w, judge);
  assert.equal(r.metrics.success, true);
  const settled = r.messages.filter((m) => m.type === "CELL_SETTLED");
  assert.equal(settled.length, 1);
  assert.equal(settled[0].count, 0, "the cell stays with agent 0");
  assert.equal(w.placer[0], 0);
  assert.equal(w.plans[0], 0b01, "agent 1 dropped the cell");
  assert.equal(p.status, "resolved_remote");
  assert.equal(w.need[0] + w.need[1], 0);
});

/**
 * Agent 0 builds two stones (level 0) and two glass (level 1), holds one stone and both glass; agent 1 builds the
 * same on its side and holds `rivalStone` stone and both glass. No site resources unless `site`.
 */
function conflictTask(rivalStone: number, site = 0): TaskSpec {
  return {
    type: "construction", agent_count: 2, timeout: 100,
    blueprint: {
      materials: { stone: 4, glass: 4 },
      levels: [
        { level: 0, coordinates: [0, 0, 0], placement: [["stone", "stone", "stone", "stone"]] },
        { level: 1, coordinates: [0, 1, 0], placement: [["glass", "glass", "glass", "glass"]] },
      ],
    },
    initial_inventory: { "0": { stone: 1, glass: 2 }, "1": { stone: rivalStone, glass: 2 } },
    world: { inventory_sufficient: false, allow_shortfall: true, resources: site ? { stone: site } : {} },
  };
}

function judged(spec: TaskSpec) {
  const task = compileTask("conflict", spec);
  const w = new BlockWorld(task, SimParamsSchema.parse({ contestedCells: 0 }), policyFlags("gated"), createRng(1), true);
  attachBranchRunner(w, offlineJudge(0.85, createRng(2)));
  const stone = task.materials.indexOf("stone");
  detect(w, 0, "conflict", stone, 1, 1);
  flush(w);
  const p = w.problems.at(-1)!;
  const gate = w.log!.find((e) => e.event === "gate" && e.problem === p.id)!;
  return { w, p, gate, f: computeFactors(w, p, p.cell) };
}

test("conflict factors come from the facts: both short at the same level is ambiguous and goes to the adjudicator", () => {
  // both agents lack stone for a ground cell; the rival has none to give back; the site has none
  const { w, p, gate, f } = judged(conflictTask(1));
  assert.equal(f.C, 0.5);
  assert.equal(f.R, 0);
  assert.equal(f.L, 0);
  assert.equal(f.I, 0.25); // one of four remaining blocks lacks its unit
  const S = scoreOf(f, w.params.weights); // 0.5 + 0.8 · 0.25 = 0.7
  assert.ok(S > w.params.tLow && S < w.params.tHigh, String(S));
  assert.equal(gate.decision, "adjudicate");
  assert.ok(w.pending.includes(p.id));
  assert.equal(w.counters.conflictsGray, 1);
  // the adjudicator decides it in the episode loop
  const r = continueEpisode(w, offlineJudge(0.85, createRng(2)));
  assert.ok(r.events!.some((e) => e.event === "adjudicate" && e.problem === p.id && e.kind === "conflict"));
});

test("clear-cut conflicts do not reach the adjudicator: a rival with spare units, or a need above the rival's", () => {
  // the rival holds four stone and needs two: the agent's ground cell is more critical, and the rival can give back
  const high = judged(conflictTask(4));
  assert.equal(high.f.C, 1);
  assert.ok(high.f.R > 0.8);
  assert.equal(high.gate.decision, "escalate");
  assert.ok(!high.w.pending.includes(high.p.id));
  // the agent lacks stone for an upper cell, the rival for a ground cell, and the site covers the agent: stay local
  const spec: TaskSpec = {
    type: "construction", agent_count: 2, timeout: 100,
    blueprint: {
      materials: { stone: 4, glass: 4 },
      levels: [
        { level: 0, coordinates: [0, 0, 0], placement: [["glass", "glass", "stone", "stone"]] },
        { level: 1, coordinates: [0, 1, 0], placement: [["stone", "stone", "glass", "glass"]] },
      ],
    },
    initial_inventory: { "0": { stone: 1, glass: 2 }, "1": { stone: 1, glass: 2 } },
    world: { inventory_sufficient: false, resources: { stone: 10 } },
  };
  const task = compileTask("conflict", spec);
  const w = new BlockWorld(task, SimParamsSchema.parse({ contestedCells: 0 }), policyFlags("gated"), createRng(1), true);
  attachBranchRunner(w, offlineJudge(0.85, createRng(2)));
  detect(w, 0, "conflict", task.materials.indexOf("stone"), -1, 1);
  flush(w);
  const p = w.problems.at(-1)!;
  const gate = w.log!.find((e) => e.event === "gate" && e.problem === p.id)!; // the factors at the judgment
  assert.equal(gate.C, 0.25); // ½ + (0 − 1)/(2·2): the rival's need is the lower one
  assert.ok(gate.L! > 0.8); // the site covers the one unit: exp(−3/20)
  assert.ok(gate.S! <= w.params.tLow, JSON.stringify(gate));
  assert.equal(gate.decision, "local");
  assert.equal(w.inv[0 * w.nMat + task.materials.indexOf("stone")], 2, "collected on site");
  assert.notEqual(gate.decision, "adjudicate");
  assert.equal(w.counters.conflictsGray, 0);
});

test("default tasks: contested cells produce conflicts, some in the gray zone; with contestedCells 0 there are no cell conflicts", () => {
  let gray = 0, cellConflicts = 0, cellConflicts0 = 0;
  for (let i = 0; i < 6; i++) {
    const task = compileTask("g", generateTask({ scenario: "standard", width: 8, depth: 8 }, createRng(40 + i)));
    for (const p of [0.5, 0]) {
      const params = SimParamsSchema.parse({ contestedCells: p, counterfactuals: false });
      const r = runEpisode(task, "gated", params, createRng(i), offlineJudge(0.85, createRng(i).fork("judge")), { log: true });
      const n = r.events!.filter((e) => e.event === "conflict" && e.decision === "contested_cell").length;
      if (p === 0) cellConflicts0 += n; else { cellConflicts += n; gray += r.metrics.conflict_gray; }
      assert.ok(r.metrics.conflict_gray_escalated <= r.metrics.conflict_gray);
    }
  }
  assert.ok(cellConflicts > 0, "contested cells are contended");
  assert.ok(gray > 0, "some conflicts fall in the gray zone");
  assert.equal(cellConflicts0, 0);
});
