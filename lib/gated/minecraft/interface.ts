/**
 * The gated world's interface (lib/gated/world.ts) as this backend uses it, plus Minecraft's clock.
 */
export { SECONDS_PER_TICK, blueprintCompletion } from "../world.js";
export type { ActionResult, Awaitable, BlockReader, Blueprint, BlueprintLevel, CompletionResult, Vec3, World } from "../world.js";

/** Minecraft runs 20 game ticks a second. */
export const GAME_TICKS_PER_SECOND = 20;
