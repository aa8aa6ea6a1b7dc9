/** Small hand-made tasks for the tests (MindCraft construction format). */
import type { TaskSpec } from "../types.js";

/** Four stone blocks in a row; agent 0 holds none, agent 1 holds all four; ten stone to collect on site. */
export function rowTask(resources = 10): TaskSpec {
  return {
    type: "construction", agent_count: 2, timeout: 100,
    blueprint: { materials: { stone: 4 }, levels: [{ level: 0, coordinates: [0, 0, 0], placement: [["stone", "stone", "stone", "stone"]] }] },
    initial_inventory: { "0": {}, "1": { stone: 4, diamond_pickaxe: 1 } },
    world: { resources: { stone: resources } },
  };
}

/** A 2×1×2 stack with stripes rotated per level: agent 1's upper block rests on agent 0's lower block. */
export function stackTask(): TaskSpec {
  return {
    type: "construction", agent_count: 2, timeout: 100,
    blueprint: {
      materials: { stone: 4 },
      levels: [
        { level: 0, coordinates: [0, 0, 0], placement: [["stone", "stone"]] },
        { level: 1, coordinates: [0, 1, 0], placement: [["stone", "stone"]] },
      ],
    },
    initial_inventory: { "0": { stone: 2 }, "1": { stone: 2 } },
    world: { assignment: "interleaved" },
  };
}
