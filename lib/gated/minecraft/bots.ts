/**
 * One mineflayer bot per agent, and the actions it can really carry out on flying-squid:
 * walking (mineflayer-pathfinder), placing a block from the inventory, digging a block and picking
 * up what it drops, and dropping items for a teammate to pick up. Every action is checked against
 * the world afterwards (the block is there, the inventory changed) and reports failure otherwise.
 */
import { createRequire } from "node:module";
import type { Bot } from "mineflayer";
import type { MinecraftServer } from "./server.js";
import { MinecraftServerError } from "./server.js";

const require = createRequire(import.meta.url);
const mineflayer = require("mineflayer") as typeof import("mineflayer");
const { pathfinder, Movements, goals } = require("mineflayer-pathfinder") as typeof import("mineflayer-pathfinder");
const { Vec3 } = require("vec3") as typeof import("vec3");
type V3 = import("vec3").Vec3;

export type { Bot };
export type Pos = [number, number, number];

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Rejects after `ms` with a message naming what timed out. */
export async function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([p, new Promise<T>((_, reject) => { timer = setTimeout(() => reject(new Error(`${what} took more than ${ms} ms`)), ms); })]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Connects a bot (offline mode) and waits until it has spawned.
 * @throws MinecraftServerError naming the port and the server's log file when it cannot join.
 * @example
 * const bot = await connectBot(server, "agent0");
 */
export async function connectBot(server: MinecraftServer, username: string, timeoutMs = 30_000): Promise<Bot> {
  const bot = mineflayer.createBot({
    host: server.host, port: server.port, username, auth: "offline", version: server.version,
    hideErrors: true, checkTimeoutInterval: 120_000, viewDistance: "tiny", physicsEnabled: true,
  });
  bot.loadPlugin(pathfinder);
  try {
    await withTimeout(new Promise<void>((resolve, reject) => {
      bot.once("spawn", () => resolve());
      bot.once("error", reject);
      bot.once("kicked", (r: unknown) => reject(new Error(`kicked: ${JSON.stringify(r)}`)));
      bot.once("end", (r: unknown) => reject(new Error(`connection ended: ${String(r)}`)));
    }), timeoutMs, `bot ${username} joining`);
  } catch (e) {
    bot.end();
    throw new MinecraftServerError(`bot ${username} could not join: ${(e as Error).message}`, server.port, server.logFile);
  }
  const moves = new Movements(bot);
  moves.canDig = false; // agents dig only when the plan says so
  moves.allow1by1towers = false; // and never build with their blueprint materials
  moves.allowParkour = false;
  moves.allowSprinting = true;
  bot.pathfinder.setMovements(moves);
  bot.on("error", () => { /* a closed socket after stop(): the world reports actions as failed */ });
  return bot;
}

export const vec = (p: Pos): V3 => new Vec3(p[0], p[1], p[2]);

/** Item counts of a bot's inventory as the bot sees it. */
export function itemCounts(bot: Bot): Record<string, number> {
  const out: Record<string, number> = {};
  for (const it of bot.inventory.items()) out[it.name] = (out[it.name] ?? 0) + it.count;
  return out;
}

/** The name of the block at a position as the bot sees it ("air" when unloaded). */
export function blockName(bot: Bot, p: Pos): string {
  return bot.blockAt(vec(p))?.name ?? "air";
}

/** Walks to within `range` blocks of a position (x/z), standing on the ground; `range` 0 is onto the block. */
export async function walkTo(bot: Bot, p: Pos, range: number, timeoutMs: number): Promise<void> {
  const goal = range <= 0 ? new goals.GoalBlock(p[0], p[1], p[2]) : new goals.GoalNearXZ(p[0], p[2], range);
  if (goal.isEnd(bot.entity.position.floored() as unknown as Parameters<typeof goal.isEnd>[0])) return;
  let timedOut = false;
  const run = bot.pathfinder.goto(goal);
  const timer = setTimeout(() => { timedOut = true; bot.pathfinder.stop(); }, timeoutMs);
  try {
    await run;
  } catch (e) {
    throw new Error(timedOut ? `walking to ${p.join(",")} took more than ${timeoutMs} ms` : `cannot walk to ${p.join(",")}: ${(e as Error).message}`);
  } finally {
    clearTimeout(timer);
  }
}

async function waitFor(cond: () => boolean, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (cond()) return true;
    await sleep(50);
  }
  return cond();
}

/**
 * Places a block of the inventory at `p`, on the block below it (ground or a placed block).
 * @throws Error when the bot holds none, or the block did not appear.
 */
export async function placeAt(bot: Bot, p: Pos, name: string, timeoutMs: number): Promise<void> {
  const item = bot.inventory.items().find((i) => i.name === name);
  if (!item) throw new Error(`no ${name} in the inventory`);
  const below = bot.blockAt(vec([p[0], p[1] - 1, p[2]]));
  if (!below || below.boundingBox === "empty") throw new Error(`nothing under ${p.join(",")} to place on`);
  const here = bot.entity.position.floored();
  if (here.x === p[0] && here.z === p[2] && (here.y === p[1] || here.y === p[1] - 1)) throw new Error("standing where the block goes");
  if (bot.entity.position.distanceTo(vec(p).offset(0.5, 0.5, 0.5)) > 4.5) await walkTo(bot, p, 3, timeoutMs);
  await bot.equip(item, "hand");
  await withTimeout(bot.placeBlock(below, new Vec3(0, 1, 0)), timeoutMs, `placing ${name}`);
  if (blockName(bot, p) !== name) throw new Error(`placed, but ${blockName(bot, p)} is at ${p.join(",")}`);
}

/**
 * Digs the block at `p` with the best tool in the inventory, then walks onto its drop and waits
 * until the inventory has picked it up (or `pickupMs` passes).
 * @returns the items the inventory gained.
 */
export async function digAt(bot: Bot, p: Pos, timeoutMs: number, pickupMs = 2500): Promise<Record<string, number>> {
  const block = bot.blockAt(vec(p));
  if (!block || block.name === "air") throw new Error(`nothing to dig at ${p.join(",")}`);
  if (bot.entity.position.distanceTo(vec(p).offset(0.5, 0.5, 0.5)) > 4) await walkTo(bot, p, 2, timeoutMs);
  const pick = bot.inventory.items().find((i) => i.name.endsWith("_pickaxe"));
  if (pick) await bot.equip(pick, "hand");
  const before = itemCounts(bot);
  await withTimeout(bot.dig(block, true), timeoutMs + block.digTime(pick?.type ?? null, false, false, false, [], []), `digging ${block.name}`);
  if (blockName(bot, p) !== "air") throw new Error(`dug, but ${blockName(bot, p)} is still at ${p.join(",")}`);
  // the drop lands near the block; stand on the block's column to be within pickup range
  await walkTo(bot, [p[0], p[1], p[2]], 0, timeoutMs).catch(() => walkTo(bot, p, 1, timeoutMs));
  const gained = () => {
    const now = itemCounts(bot);
    return Object.fromEntries(Object.entries(now).map(([k, v]) => [k, v - (before[k] ?? 0)]).filter(([, d]) => (d as number) > 0));
  };
  await waitFor(() => Object.keys(gained()).length > 0, pickupMs);
  return gained() as Record<string, number>;
}

/**
 * Drops `count` items one at a time (the Q key: flying-squid's drop of the held item) at the bot's
 * feet and, with `stepBack`, steps back so that the bot does not pick them up again.
 * @returns where the items lie.
 */
export async function dropItems(bot: Bot, server: MinecraftServer, name: string, count: number, awayFrom: Pos, stepBack = true): Promise<Pos> {
  const item = bot.inventory.items().find((i) => i.name === name);
  if (!item) throw new Error(`no ${name} in the inventory`);
  await bot.equip(item, "hand");
  const at = bot.entity.position.floored();
  for (let k = 0; k < count; k++) {
    bot._client.write("block_dig", { status: 4, location: { x: 0, y: 0, z: 0 }, face: 0, sequence: 0 });
  }
  // flying-squid gives lying items away after 500 ms: leave before then (unless a teammate standing by takes them first)
  if (stepBack) {
    await bot.lookAt(vec(awayFrom).offset(0.5, 1.6, 0.5), true);
    bot.setControlState("sprint", true);
    bot.setControlState("back", true);
    const from = at.offset(0.5, 0, 0.5);
    const until = Date.now() + 1500;
    while (Date.now() < until && bot.entity.position.distanceTo(from) < 2.6) await sleep(25);
    bot.clearControlStates();
  } else {
    await sleep(700);
  }
  await server.call("syncInventory", { player: bot.username });
  return [at.x, at.y, at.z];
}

/** Walks onto items lying at `p` and waits until `count` more of `name` are in the inventory. */
export async function pickUp(bot: Bot, p: Pos, name: string, count: number, timeoutMs: number): Promise<number> {
  const before = itemCounts(bot)[name] ?? 0;
  await walkTo(bot, p, 0, timeoutMs).catch(() => walkTo(bot, p, 1, timeoutMs));
  await waitFor(() => (itemCounts(bot)[name] ?? 0) - before >= count, 1500 + 150 * count);
  return (itemCounts(bot)[name] ?? 0) - before;
}
