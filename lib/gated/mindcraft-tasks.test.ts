import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { DataError } from "../core/errors.js";
import { createRng } from "../core/rng.js";
import { runEpisode } from "./episode.js";
import { offlineJudge } from "./models/offline.js";
import { KNOWN_BLOCKS, KNOWN_ITEMS, blockShape } from "./palette.js";
import { policyFlags } from "./policies.js";
import { compileTask, loadTaskFile } from "./task.js";
import type { CompiledTask } from "./task.js";
import { SimParamsSchema } from "./types.js";
import { BlockWorld } from "./block-world.js";
import { blueprintCompletion } from "./world.js";
import type { Vec3 } from "./world.js";

// tasks written in MindCraft's format for the features its own files lack (copper, slabs, iron pickaxes, a shared y)
const dir = fileURLToPath(new URL("../../data/tasks/examples/", import.meta.url));
const params = SimParamsSchema.parse({});
const files = ["cottage_two_agents", "copper_tower_two_agents", "chapel_three_agents"];

test("task files in MindCraft's format: doors, stairs, slabs, panes, copper, tools such as diamond_axe", () => {
  const [cottage] = loadTaskFile(`${dir}cottage_two_agents.json`);
  assert.equal(cottage.timeoutSeconds, 300, "no timeout in the file: MindCraft's default of 300 s");
  assert.equal(cottage.timeout, 300, "one tick per second");
  assert.ok(cottage.materials.includes("oak_door") && cottage.materials.includes("stone_brick_slab") && cottage.materials.includes("glass_pane"));
  assert.deepEqual(cottage.carried[0], { diamond_axe: 1, diamond_shovel: 1 });
  assert.deepEqual(cottage.warnings, []);
  const [tower] = loadTaskFile(`${dir}copper_tower_two_agents.json`);
  assert.equal(tower.timeout, 240);
  assert.ok(tower.materials.includes("copper_block") && tower.materials.includes("cut_copper_stairs") && tower.materials.includes("lantern"));
  assert.equal(tower.pickaxe[0], "iron_pickaxe");
  assert.equal(tower.tools0[1], 0, "agent 1 carries an axe, not a pickaxe");
  assert.match(tower.warnings[0], /levels share y = -60.*stacked/);
  assert.equal(tower.H, 3);
  const [chapel] = loadTaskFile(`${dir}chapel_three_agents.json`);
  assert.equal(chapel.timeout, 900);
  assert.equal(chapel.nAgents, 3);
  assert.equal(blockShape("birch_door"), "door");
  assert.equal(blockShape("white_stained_glass_pane"), "pane");
  assert.ok(KNOWN_ITEMS.includes("diamond_axe") && KNOWN_BLOCKS.includes("oxidized_cut_copper_stairs"));
});

/** Builds a task through the World interface: every cell in order, by whoever holds its block. */
function buildAll(t: CompiledTask, upTo = Infinity): BlockWorld {
  const w = new BlockWorld(t, params, policyFlags("gated"), createRng(1), false);
  const levels = t.blueprint.levels;
  let placed = 0;
  for (const lv of [...levels].sort((a, b) => a.level - b.level)) {
    lv.placement.forEach((row, z) => row.forEach((name, x) => {
      if (name === "air" || placed >= upTo) return;
      const pos: Vec3 = [lv.coordinates[0] + x, lv.coordinates[1], lv.coordinates[2] + z];
      const holder = [...Array(t.nAgents).keys()].find((a) => (w.inventory(a)[name] ?? 0) > 0)!;
      assert.ok(w.move(holder, [pos[0], pos[1], pos[2] - 1]).ok);
      const r = w.place(holder, pos, name);
      assert.ok(r.ok, `${name} at ${pos}: ${r.ok ? "" : r.reason}`);
      placed++;
    }));
  }
  return w;
}

test("blueprint completion reads the world level by level at each level's coordinates, as MindCraft does", () => {
  for (const f of files) {
    const [t] = loadTaskFile(`${dir}${f}.json`);
    const empty = new BlockWorld(t, params, policyFlags("gated"), createRng(1), false);
    const none = blueprintCompletion(empty, t.blueprint);
    assert.equal(none.score, 0);
    assert.equal(none.mismatches.length, t.cells.length);
    const half = Math.floor(t.cells.length / 2);
    const w = buildAll(t, half);
    const r = blueprintCompletion(w, t.blueprint);
    assert.equal(r.matches.length, half, f);
    assert.equal(r.score, half / t.cells.length);
    assert.equal(r.complete, false);
    // the lower levels are done first: per-level counts show it
    assert.equal(r.levels[0].mismatches, 0);
    const full = blueprintCompletion(buildAll(t), t.blueprint);
    assert.equal(full.score, 1, f);
    assert.ok(full.complete);
    assert.equal(w.blueprintScore(), r.score);
  }
  // a wrong block in the world is a mismatch; air where the blueprint has air is skipped
  const [t] = loadTaskFile(`${dir}copper_tower_two_agents.json`);
  const reader = { blockAt: (p: Vec3) => (p[1] === -60 ? "stone" : "air") };
  const r = blueprintCompletion(reader, t.blueprint);
  assert.equal(r.matches.length, 0);
  assert.equal(r.mismatches.length, t.cells.length);
  assert.equal(r.mismatches[0].actual, "stone");
});

test("the World interface refuses impossible actions and says why", () => {
  const [t] = loadTaskFile(`${dir}cottage_two_agents.json`);
  const w = new BlockWorld(t, params, policyFlags("gated"), createRng(1), false);
  const lv = t.blueprint.levels[1];
  const pos: Vec3 = [lv.coordinates[0], lv.coordinates[1], lv.coordinates[2]];
  const r1 = w.place(1, pos, "cobblestone");
  assert.ok(!r1.ok && /support below is missing|out of reach/.test(r1.reason));
  const r2 = w.place(0, [pos[0], pos[1] - 1, pos[2]], "cobblestone");
  assert.ok(!r2.ok && /wants spruce_planks/.test(r2.reason));
  const r3 = w.give(0, 1, "oak_door", 5);
  assert.ok(!r3.ok && /holds 2 oak_door/.test(r3.reason));
  const g = w.give(0, 1, "oak_door", 1);
  assert.ok(g.ok);
  assert.equal(w.inventory(1).oak_door, 1);
  assert.deepEqual(w.position(0), w.position(1));
});

test("offline episodes run on every MindCraft file and score with the blueprint", () => {
  for (const f of files) {
    const [t] = loadTaskFile(`${dir}${f}.json`);
    for (const policy of ["gated", "rigid", "free_chat"]) {
      const rng = createRng(3);
      const r = runEpisode(t, policy, params, rng, offlineJudge(0.85, rng.fork("judge")));
      assert.ok(r.metrics.score > 0 && r.metrics.score <= 1, `${f} ${policy}`);
      assert.equal(r.metrics.blocks, t.cells.length);
    }
  }
});

function throwsData(fn: () => unknown, re: RegExp) {
  assert.throws(fn, (e: unknown) => e instanceof DataError && re.test(e.message), String(re));
}

test("bad task files: errors name the file, the task, the field and the offending value", () => {
  const base = () => JSON.parse(readFileSync(`${dir}copper_tower_two_agents.json`, "utf8")).copper_tower_two_agents;
  const tmp = mkdtempSync(join(tmpdir(), "gated-mc-"));
  const write = (spec: unknown) => { const p = join(tmp, "tasks.json"); writeFileSync(p, JSON.stringify({ tower: spec })); return p; };
  const b1 = base(); b1.blueprint.levels[1].placement[0][0] = "copper_blok";
  throwsData(() => loadTaskFile(write(b1)), /tasks\.json \(task tower\).*blueprint\.levels\[1\]\.placement\[0\]\[0\].*unknown block "copper_blok".*copper_block/s);
  const b2 = base(); b2.initial_inventory["1"].diamond_axxe = 1;
  throwsData(() => loadTaskFile(write(b2)), /initial_inventory\.1\.diamond_axxe.*unknown item "diamond_axxe".*diamond_axe/s);
  for (const bad of [0, -5, "300", null]) {
    const b = base(); b.timeout = bad;
    throwsData(() => loadTaskFile(write(b)), new RegExp(`timeout.*is ${JSON.stringify(bad).replace(/"/g, '\\"')}; a timeout is a positive number of seconds`, "s"));
  }
  const b3 = base(); for (const lv of b3.blueprint.levels) lv.placement = lv.placement.map((r: string[]) => r.map(() => "air"));
  throwsData(() => loadTaskFile(write(b3)), /blueprint\.levels.*places no block/s);
  const b4 = base(); b4.blueprint.levels[2].level = 1;
  throwsData(() => loadTaskFile(write(b4)), /blueprint\.levels\[2\]\.level.*level 1 appears twice/s);
  const b5 = base(); b5.blueprint.levels[0].placement[0][0] = "diamond_axe";
  throwsData(() => loadTaskFile(write(b5)), /"diamond_axe" is an item, not a block/);
  const b6 = base(); b6.initial_inventory["0"].copper_block = 1; b6.world = { inventory_sufficient: true };
  throwsData(() => loadTaskFile(write(b6)), /initial_inventory \(copper_block\).*hold 1 copper_block but the blueprint needs/s);
  // without the simulator's \`world\` extension (MindCraft's own files) a shortfall is what MindCraft would run: a warning
  const b8 = base(); b8.initial_inventory["0"].copper_block = 1;
  assert.match(loadTaskFile(write(b8))[0].warnings.join("\n"), /hold 1 copper_block, the blueprint needs \d+: this task cannot be completed/);
  const b7 = base(); b7.agent_count = "two";
  throwsData(() => compileTask("tower", b7, "x.json"), /agent_count.*value: "two"/s);
});
