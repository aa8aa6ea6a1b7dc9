/**
 * The Minecraft backend's checks that need no server: blocks of MindCraft's palette that Minecraft
 * 1.21.4 does not know are refused before anything starts, naming the block and the version.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { DataError } from "../../core/errors.js";
import { compileTask } from "../task.js";
import { KNOWN_BLOCKS } from "../types.js";
import { MINECRAFT_VERSION } from "./server.js";
import { checkTaskBlocks, unknownBlocks } from "./world.js";

const spec = (block: string) => ({
  type: "construction", agent_count: 2, timeout: 60,
  blueprint: { materials: { stone: 1, [block]: 1 }, levels: [{ level: 0, coordinates: [0, -60, 0], placement: [["stone", block]] }] },
  initial_inventory: { "0": { stone: 1, [block]: 1 }, "1": {} },
});

test("a palette block Minecraft 1.21.4 does not know is refused, naming the block and the version", () => {
  assert.equal(MINECRAFT_VERSION, "1.21.4");
  const task = compileTask("stairs", spec("cut_sandstone_stairs")); // in MindCraft's palette, not in Minecraft
  assert.throws(() => checkTaskBlocks(task), (e: Error) => {
    assert.ok(e instanceof DataError);
    assert.match(e.message, /task stairs/);
    assert.match(e.message, /"cut_sandstone_stairs" is unknown to Minecraft 1\.21\.4/);
    assert.match(e.message, /blockworld/); // the fix names the other backend
    return true;
  });
});

test("the null: a task of blocks the version knows passes", () => {
  assert.doesNotThrow(() => checkTaskBlocks(compileTask("bricks", spec("bricks"))));
});

test("of MindCraft's palette, only the few blocks Minecraft 1.21.4 lacks are unknown", () => {
  const u = unknownBlocks(KNOWN_BLOCKS);
  assert.ok(u.includes("cut_sandstone_stairs") && u.includes("smooth_stone_stairs"), JSON.stringify(u));
  assert.ok(u.length <= 5, `${u.length} of ${KNOWN_BLOCKS.length} palette blocks unknown: ${u.join(", ")}`);
  assert.deepEqual(unknownBlocks(["stone", "oak_planks", "glass"]), []);
});
