/**
 * The gated world's interface as the Minecraft backend implements it. These declarations follow
 * the `World` interface of the gated block world (positions in world coordinates, Minecraft's
 * registry names, time in ticks of `SECONDS_PER_TICK` seconds of game time).
 */
export type Vec3 = [number, number, number];
export type Awaitable<T> = T | Promise<T>;
export type ActionResult = { ok: true; ticks: number } | { ok: false; reason: string };

export interface World {
  readonly agents: number;
  readonly tick: number;
  blockAt(pos: Vec3): string;
  inventory(agent: number): Record<string, number>;
  position(agent: number): Vec3;
  move(agent: number, to: Vec3): Awaitable<ActionResult>;
  collect(agent: number, block: string, count: number): Awaitable<ActionResult>;
  place(agent: number, pos: Vec3, block: string): Awaitable<ActionResult>;
  dig(agent: number, pos: Vec3): Awaitable<ActionResult>;
  give(from: number, to: number, item: string, count: number): Awaitable<ActionResult>;
  wait(ticks: number): Awaitable<void>;
}

/** Seconds of game time per world tick (one action of one agent). */
export const SECONDS_PER_TICK = 1;
/** Minecraft runs 20 game ticks a second. */
export const GAME_TICKS_PER_SECOND = 20;

export interface BlockReader { blockAt(pos: Vec3): string }
export interface BlueprintLevel { level: number; coordinates: [number, number, number]; placement: string[][] }
export interface CompletionResult { score: number; complete: boolean; matches: number; mismatches: number; levels: { level: number; matches: number; mismatches: number }[] }

/**
 * Blueprint completion as MindCraft scores it: level by level, the block at (x0 + x, y0, z0 + z) of
 * each `placement[z][x]` is read; cells that are air in both are skipped; score = matches / (matches + mismatches).
 * @example
 * blueprintCompletion(world, levels).score; // 0.75
 */
export function blueprintCompletion(world: BlockReader, levels: BlueprintLevel[]): CompletionResult {
  let matches = 0, mismatches = 0;
  const per: CompletionResult["levels"] = [];
  for (const lv of levels) {
    const [x0, y0, z0] = lv.coordinates;
    let mt = 0, mm = 0;
    lv.placement.forEach((row, z) => row.forEach((raw, x) => {
      const expected = raw === "" ? "air" : raw;
      const actual = world.blockAt([x0 + x, y0, z0 + z]);
      if (expected === "air" && actual === "air") return;
      if (actual === expected) mt++; else mm++;
    }));
    matches += mt; mismatches += mm;
    per.push({ level: lv.level, matches: mt, mismatches: mm });
  }
  const total = matches + mismatches;
  return { score: total === 0 ? 1 : matches / total, complete: mismatches === 0, matches, mismatches, levels: per };
}
