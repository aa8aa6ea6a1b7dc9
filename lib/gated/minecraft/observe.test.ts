/**
 * The agents' observations come from the server: a stand-in server that holds something else than the mirror (a block
 * the mirror never placed, a placed block gone, units missing from an inventory, a pickaxe lost) is what the mirror
 * holds after the observation, and the next decisions start from it.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { createRng } from "../../core/rng.js";
import { BlockWorld } from "../block-world.js";
import { policyFlags } from "../policies.js";
import { compileTask } from "../task.js";
import { rowTask } from "../testing/tasks.js";
import { SimParamsSchema } from "../types.js";
import type { Vec3 } from "./interface.js";
import { observeServer } from "./observe.js";

const params = SimParamsSchema.parse({ contestedCells: 0 });

function stand(blocks: Record<string, string>, inventories: Record<string, number>[]) {
  return {
    blockAt: (p: Vec3) => blocks[p.join(",")] ?? "air",
    serverInventory: async (a: number) => inventories[a],
  };
}

test("the mirror is set to what the server holds: cells, inventories, pickaxes; each difference counted", async () => {
  const task = compileTask("row", rowTask(10)); // four stones at x = 0..3, agent 1 holds four and a pickaxe
  const w = new BlockWorld(task, params, policyFlags("gated"), createRng(1), false);
  w.placeCell(1, 3); // the mirror believes agent 1 placed x = 3 (and holds three stones)
  // the server: x = 3 is empty (the placement did not stand), x = 0 holds a stone nobody in the mirror placed,
  // agent 1 holds two stones (one lost) and no pickaxe; agent 0 holds one stone on its way from agent 1
  const server = stand({ "0,0,0": "stone" }, [{ stone: 1 }, { stone: 2 }]);
  const inTransit = (a: number, m: number) => (a === 0 && m === 0 ? 1 : 0);
  const o = await observeServer(server, w, inTransit);
  assert.deepEqual(o, { cellsAdded: 1, cellsRemoved: 1, unitsCorrected: 1, toolsCorrected: 1 });
  assert.deepEqual(Array.from(w.placed), [1, 0, 0, 0]);
  assert.equal(w.nPlaced, 1);
  assert.equal(w.inv[0], 0, "agent 0's unit is still on its way in the mirror");
  assert.equal(w.inv[1], 2);
  assert.equal(w.tools[1], 0);
  assert.equal(w.need[0] + w.need[1], 3, "three stones still to place");
  // a second look at the same server finds nothing new
  assert.deepEqual(await observeServer(server, w, inTransit), { cellsAdded: 0, cellsRemoved: 0, unitsCorrected: 0, toolsCorrected: 0 });
});
