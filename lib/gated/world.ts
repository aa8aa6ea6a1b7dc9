/**
 * What a construction world is, whatever runs it (the simulator's block world, a Minecraft server): the `World`
 * interface (block queries, inventories, positions; move, collect, place, dig, give; time), the blueprint format
 * and MindCraft's level-by-level blueprint score.
 */

/** A block position in world coordinates (x, y, z), as MindCraft's blueprints and Minecraft use them. */
export type Vec3 = [number, number, number];
/** A value or a promise of it: the block world answers at once, a Minecraft backend asynchronously. */
export type Awaitable<T> = T | Promise<T>;
/** The outcome of one action: how many ticks it took, or why it was refused (nothing changed then). */
export type ActionResult = { ok: true; ticks: number } | { ok: false; reason: string };

/**
 * What a construction world offers its agents, whatever runs it: the simulator's block world
 * (`BlockWorld`) or a Minecraft server. Positions are world coordinates; names are Minecraft's
 * registry names ("air" for an empty cell); time is counted in ticks, one tick = `SECONDS_PER_TICK`
 * seconds of game time (one action of one agent). Queries are synchronous (mineflayer's `bot.blockAt`
 * and `bot.inventory` are too); actions may be asynchronous.
 */
export interface World {
  /** Number of agents, ids 0..agents−1. */
  readonly agents: number;
  /** Ticks since the episode started. */
  readonly tick: number;
  /** The block at a position ("air" when empty or outside the world). */
  blockAt(pos: Vec3): string;
  /** An agent's inventory: item or block name → count (zero counts omitted). */
  inventory(agent: number): Record<string, number>;
  /** Where an agent stands. */
  position(agent: number): Vec3;
  /** Walk to a position (an agent stands on the ground: only x and z matter to the block world). */
  move(agent: number, to: Vec3): Awaitable<ActionResult>;
  /** Gather `count` units of a block from the site's resources into the inventory. */
  collect(agent: number, block: string, count: number): Awaitable<ActionResult>;
  /** Place a block from the inventory at a position within reach whose support is in place. */
  place(agent: number, pos: Vec3, block: string): Awaitable<ActionResult>;
  /** Break the block at a position (with a pickaxe); on a blocked path, clear the obstacle. */
  dig(agent: number, pos: Vec3): Awaitable<ActionResult>;
  /** Hand `count` units of an item from one agent to another (the giver walks over). */
  give(from: number, to: number, item: string, count: number): Awaitable<ActionResult>;
  /** Let `ticks` ticks pass. */
  wait(ticks: number): Awaitable<void>;
}

/** Anything blocks can be read from (a `World`, or a mineflayer bot wrapped to answer names). */
export interface BlockReader { blockAt(pos: Vec3): string }

/** One blueprint level in MindCraft's format. */
export interface BlueprintLevel { level: number; coordinates: [number, number, number]; placement: string[][] }
export interface Blueprint { materials?: Record<string, number>; levels: BlueprintLevel[] }

export interface BlockCheck { level: number; coordinates: Vec3; expected: string; actual: string }
export interface CompletionResult {
  /** matches / (matches + mismatches), in [0, 1] (1 for a blueprint of air over an empty world). */
  score: number;
  /** No mismatch: the blueprint is built. */
  complete: boolean;
  matches: BlockCheck[];
  mismatches: BlockCheck[];
  /** Per level, in the order of `blueprint.levels`. */
  levels: { level: number; matches: number; mismatches: number }[];
}

/**
 * Blueprint completion as MindCraft scores it: level by level, for each `placement[z][x]` the block at
 * (x0 + x, y0, z0 + z) of the level's `coordinates` is read; cells that are air in both are skipped;
 * the others are matches or mismatches; score = matches / (matches + mismatches).
 * @example
 * blueprintCompletion(world, task.blueprint).score; // 0.42
 */
export function blueprintCompletion(world: BlockReader, blueprint: Blueprint): CompletionResult {
  const matches: BlockCheck[] = [];
  const mismatches: BlockCheck[] = [];
  const levels: CompletionResult["levels"] = [];
  for (const lv of blueprint.levels) {
    const [x0, y0, z0] = lv.coordinates;
    let mt = 0, mm = 0;
    lv.placement.forEach((row, z) => row.forEach((raw, x) => {
      const expected = raw === "" ? "air" : raw;
      const coordinates: Vec3 = [x0 + x, y0, z0 + z];
      const actual = world.blockAt(coordinates);
      if (expected === "air" && actual === "air") return;
      const c = { level: lv.level, coordinates, expected, actual };
      if (actual === expected) { matches.push(c); mt++; } else { mismatches.push(c); mm++; }
    }));
    levels.push({ level: lv.level, matches: mt, mismatches: mm });
  }
  const total = matches.length + mismatches.length;
  return { score: total === 0 ? 1 : matches.length / total, complete: mismatches.length === 0, matches, mismatches, levels };
}

/** Seconds of game time per simulator tick: one action (a step, a placement, one unit collected) per second. */
export const SECONDS_PER_TICK = 1;
