/**
 * The gated world on a live Minecraft server: `MinecraftWorld` implements the same `World`
 * interface as the block world, with one mineflayer bot per agent on a flying-squid server.
 *
 * The blueprint's origin is mapped onto a site of the flat world (`site`, on the ground); the
 * site's collectable resources stand as blocks in a row in front of it; the agents' initial
 * inventories are given by the server. Reads are the bots' own (`bot.blockAt`, `bot.inventory`).
 * Actions that flying-squid cannot carry out are emulated by the server and recorded in `emulated`.
 */
import { createRequire } from "node:module";
import { DataError } from "../../core/errors.js";
import type { CompiledTask } from "../task.js";
import type { Bot, Pos } from "./bots.js";
import { blockName, connectBot, digAt, dropItems, itemCounts, pickUp, placeAt, vec, walkTo } from "./bots.js";
import { GAME_TICKS_PER_SECOND, SECONDS_PER_TICK, blueprintCompletion } from "./interface.js";
import type { ActionResult, BlueprintLevel, CompletionResult, Vec3, World } from "./interface.js";
import type { MinecraftServer } from "./server.js";
import { MINECRAFT_VERSION } from "./server.js";

const require = createRequire(import.meta.url);

/** Actions that flying-squid cannot carry out as the block world models them, emulated by server commands. */
export type EmulatedAction =
  /** the block's loot is another item (stone → cobblestone) or nothing (glass): the server swaps the drop for the block */
  | "collect_drop_swapped"
  /** crafting a pickaxe: flying-squid has no crafting; the server gives one */
  | "craft_pickaxe"
  /** a disruption destroying items or breaking a pickaxe: the server removes them */
  | "disruption_items";

/** The y of the flat world's surface (grass) and of the first level built on it. */
export const GROUND_Y = 4;

export interface MinecraftWorldOptions {
  /** Server coordinates of the blueprint's first cell (x, y, z); y is the level above the ground. */
  site?: Pos;
  /** Milliseconds one action may take before it counts as failed. */
  actionTimeoutMs?: number;
}

/**
 * Blocks of a task that the server's Minecraft version does not know.
 * @example
 * unknownBlocks(["stone", "not_a_block"]); // ["not_a_block"]
 */
export function unknownBlocks(names: readonly string[], version = MINECRAFT_VERSION): string[] {
  const reg = require("prismarine-registry")(version) as { blocksByName: Record<string, unknown> };
  return names.filter((n) => !reg.blocksByName[n]);
}

/**
 * Checks a task against the server's Minecraft version before anything starts.
 * @throws DataError naming the task, the block and the version.
 */
export function checkTaskBlocks(task: CompiledTask, version = MINECRAFT_VERSION): void {
  const bad = unknownBlocks(task.materials, version);
  if (bad.length) {
    throw new DataError({ file: `task ${task.id}`, field: `blueprint.materials.${bad[0]}`,
      message: `block "${bad[0]}" is unknown to Minecraft ${version}${bad.length > 1 ? ` (also: ${bad.slice(1).join(", ")})` : ""}`,
      fix: `use blocks that exist in Minecraft ${version}, or run this task on the block world (params.backend "blockworld")` });
  }
}

/** The blueprint of a compiled task as MindCraft's levels (as the task file gives them). */
export function levelsOf(task: CompiledTask): BlueprintLevel[] {
  return task.blueprint.levels;
}

/** Whether digging a block gives the block itself (its loot without silk touch). */
function dropsItself(name: string): boolean {
  const reg = require("prismarine-registry")(MINECRAFT_VERSION) as { blockLoot?: Record<string, { drops: { item: string; silkTouch?: boolean }[] }> };
  const loot = reg.blockLoot?.[name];
  return !!loot && loot.drops.some((d) => d.item === name && !d.silkTouch);
}

export class MinecraftWorld implements World {
  readonly agents: number;
  /** Actions emulated by the server since the last `setup` (see `EmulatedAction`). */
  readonly emulated = new Set<EmulatedAction>();
  private task: CompiledTask | null = null;
  private offset: Vec3 = [0, 0, 0];
  private startTick = 0;
  private lastTick = 0;
  /** Resource blocks still standing, per material (server positions). */
  private resources = new Map<string, Pos[]>();
  private readonly site: Pos;
  private readonly timeoutMs: number;

  private constructor(readonly server: MinecraftServer, readonly bots: Bot[], opts: MinecraftWorldOptions) {
    this.agents = bots.length;
    this.site = opts.site ?? [0, GROUND_Y + 1, 0];
    this.timeoutMs = opts.actionTimeoutMs ?? 20_000;
  }

  /**
   * Connects one bot per agent (`agent0`, `agent1`, …) to a running server.
   * @example
   * const world = await MinecraftWorld.open(server, 2);
   * await world.setup(task);
   */
  static async open(server: MinecraftServer, agents: number, opts: MinecraftWorldOptions = {}): Promise<MinecraftWorld> {
    const bots: Bot[] = [];
    try {
      for (let a = 0; a < agents; a++) bots.push(await connectBot(server, `agent${a}`));
    } catch (e) {
      for (const b of bots) b.quit();
      throw e;
    }
    return new MinecraftWorld(server, bots, opts);
  }

  /** Disconnects the bots (the server keeps running). */
  close(): void {
    for (const b of this.bots) b.quit();
  }

  /** Server position of a world position. */
  toServer(p: Vec3): Pos { return [p[0] + this.offset[0], p[1] + this.offset[1], p[2] + this.offset[2]]; }
  private fromServer(p: Pos): Vec3 { return [p[0] - this.offset[0], p[1] - this.offset[1], p[2] - this.offset[2]]; }

  /** Where resource blocks stand: a row ten cells in front of the agents' start line (givers drop three cells out and step back). */
  private resourceRow(): number { return this.site[2] - 12; }

  /**
   * Lays out a task: clears the site, stands its collectable resources as blocks, gives the initial
   * inventories (and pickaxes), puts the agents at their start positions, and restarts the clock.
   * @throws DataError when a block of the task is unknown to the server's version.
   */
  async setup(task: CompiledTask): Promise<void> {
    if (task.nAgents !== this.agents) throw new RangeError(`task ${task.id} has ${task.nAgents} agents, the world ${this.agents} bots`);
    checkTaskBlocks(task, this.server.version);
    this.task = task;
    this.emulated.clear();
    const [sx, sy, sz] = this.site;
    this.offset = [sx - task.origin[0], sy - task.origin[1], sz - task.origin[2]];
    const s = this.server;
    await s.call("clearItems");
    await s.call("fill", { name: "air", box: [sx - 4, sy, this.resourceRow() - 1, sx + Math.max(task.W, 12) + 4, sy + task.H + 1, sz + task.D + 3] });
    this.resources.clear();
    let x = sx;
    for (let m = 0; m < task.materials.length; m++) {
      const name = task.materials[m];
      const cells: Pos[] = [];
      for (let k = 0; k < task.pool0[m]; k++) {
        const p: Pos = [x++, sy, this.resourceRow()];
        await s.call("setBlock", { x: p[0], y: p[1], z: p[2], name });
        cells.push(p);
      }
      this.resources.set(name, cells);
    }
    for (let a = 0; a < this.agents; a++) {
      const player = `agent${a}`;
      await s.call("clearInventory", { player });
      for (let m = 0; m < task.materials.length; m++) {
        const k = task.inv0[a * task.materials.length + m];
        if (k > 0) await s.call("give", { player, item: task.materials[m], count: k });
      }
      if (task.tools0[a] > 0) await s.call("give", { player, item: "iron_pickaxe", count: task.tools0[a] });
      const px = sx + Math.floor(((a + 0.5) * task.W) / this.agents);
      await s.call("teleport", { player, x: px + 0.5, y: sy, z: sz - 2 + 0.5 });
    }
    // the bots see the inventories and the cleared site before the clock starts
    await new Promise((r) => setTimeout(r, 600));
    this.startTick = await s.tick();
    this.lastTick = this.startTick;
  }

  private get t(): CompiledTask {
    if (!this.task) throw new Error("MinecraftWorld: call setup(task) first");
    return this.task;
  }

  /** Game ticks (20 a second) since `setup`, as last read from the server. */
  get gameTicks(): number { return this.lastTick - this.startTick; }
  get tick(): number { return Math.floor(this.gameTicks / (GAME_TICKS_PER_SECOND * SECONDS_PER_TICK)); }

  /** Reads the server's tick counter. */
  async readClock(): Promise<number> {
    this.lastTick = await this.server.tick();
    return this.gameTicks;
  }

  blockAt(pos: Vec3): string { return blockName(this.bots[0], this.toServer(pos)); }
  /** An agent's inventory as the server holds it (item → count). */
  serverInventory(agent: number): Promise<Record<string, number>> { return this.server.call<Record<string, number>>("inventory", { player: `agent${agent}` }); }
  inventory(agent: number): Record<string, number> { return itemCounts(this.bots[agent]); }
  position(agent: number): Vec3 {
    const p = this.bots[agent].entity.position.floored();
    return this.fromServer([p.x, p.y, p.z]);
  }

  /** Blueprint completion of the current task, read block by block as MindCraft does. */
  completion(): CompletionResult {
    return blueprintCompletion(this, this.t.blueprint);
  }

  private async timed(run: () => Promise<void>): Promise<ActionResult> {
    const t0 = this.lastTick;
    try {
      await run();
    } catch (e) {
      await this.readClock().catch(() => undefined);
      return { ok: false, reason: (e as Error).message };
    }
    await this.readClock();
    return { ok: true, ticks: Math.ceil((this.lastTick - t0) / (GAME_TICKS_PER_SECOND * SECONDS_PER_TICK)) };
  }

  move(agent: number, to: Vec3): Promise<ActionResult> {
    return this.timed(() => walkTo(this.bots[agent], this.toServer(to), 0, this.timeoutMs));
  }

  collect(agent: number, block: string, count: number): Promise<ActionResult> {
    return this.timed(async () => {
      const bot = this.bots[agent];
      const left = this.resources.get(block) ?? [];
      if (left.length < count) throw new Error(`the site has ${left.length} ${block}, not ${count}`);
      for (let k = 0; k < count; k++) {
        const me = bot.entity.position;
        left.sort((p, q) => me.distanceTo(vec(p)) - me.distanceTo(vec(q)));
        const p = left.shift()!;
        const gained = await digAt(bot, p, this.timeoutMs);
        if ((gained[block] ?? 0) >= 1) continue;
        // the loot is another item or nothing: the server swaps it for the block (emulated)
        if (dropsItself(block)) throw new Error(`dug ${block} at ${p.join(",")} but did not pick it up`);
        for (const [item, n] of Object.entries(gained)) await this.server.call("take", { player: bot.username, item, count: n });
        await this.server.call("give", { player: bot.username, item: block, count: 1 });
        this.emulated.add("collect_drop_swapped");
      }
    });
  }

  place(agent: number, pos: Vec3, block: string): Promise<ActionResult> {
    return this.timed(() => placeAt(this.bots[agent], this.toServer(pos), block, this.timeoutMs));
  }

  dig(agent: number, pos: Vec3): Promise<ActionResult> {
    return this.timed(async () => { await digAt(this.bots[agent], this.toServer(pos), this.timeoutMs); });
  }

  give(from: number, to: number, item: string, count: number): Promise<ActionResult> {
    return this.timed(async () => {
      const giver = this.bots[from], taker = this.bots[to];
      const held = (player: string) => this.server.call<Record<string, number>>("inventory", { player }).then((inv) => inv[item] ?? 0);
      const giverStart = await held(giver.username), takerStart = await held(taker.username);
      if (giverStart < count) throw new Error(`agent ${from} holds ${giverStart} ${item}, not ${count}`);
      const tp = taker.entity.position.floored();
      const home: Pos = [tp.x, tp.y, tp.z];
      // flying-squid hands a lying item, after 500 ms, to the first player in its join order within 1.75 blocks.
      // A giver that joined after the taker drops right beside it (the taker wins); otherwise the giver drops three
      // cells behind the taker and steps back while the taker walks over. Items the giver took back are dropped again.
      const beside = from > to;
      for (let attempt = 0; attempt < 3; attempt++) {
        const left = takerStart + count - (await held(taker.username));
        if (left <= 0) break;
        const spot: Pos = beside ? [home[0], home[1], home[2] - 1] : [home[0], home[1], home[2] - 3];
        await walkTo(giver, spot, 0, this.timeoutMs).catch(() => walkTo(giver, spot, 1, this.timeoutMs));
        const at = await dropItems(giver, this.server, item, Math.min(left, await held(giver.username)), home, !beside);
        await pickUp(taker, at, item, left, this.timeoutMs);
        await walkTo(taker, home, 0, this.timeoutMs).catch(() => undefined);
      }
      await this.server.call("syncInventory", { player: giver.username });
      await this.server.call("syncInventory", { player: taker.username });
      const got = (await held(taker.username)) - takerStart;
      if (got < count) throw new Error(`agent ${to} picked up ${got} of ${count} ${item}`);
    });
  }

  async wait(ticks: number): Promise<void> {
    await new Promise((r) => setTimeout(r, (ticks * SECONDS_PER_TICK * 1000)));
    await this.readClock();
  }

  // ---- world events (disruptions) and emulated steps of local recovery ----

  /** Places an obstacle (cobblestone) on the agent's way: a blocked path. */
  async blockPath(agent: number): Promise<Pos> {
    const p = this.bots[agent].entity.position.floored();
    const at: Pos = [p.x, p.y, p.z - 1];
    await this.server.call("setBlock", { x: at[0], y: at[1], z: at[2], name: "cobblestone" });
    return at;
  }

  /** Removes items from an agent's inventory (a disruption), emulated by the server. */
  async destroyItems(agent: number, item: string, count: number): Promise<number> {
    this.emulated.add("disruption_items");
    return this.server.call<number>("take", { player: `agent${agent}`, item, count });
  }

  /** Gives an agent a pickaxe (crafting, which flying-squid lacks), emulated by the server. */
  async craftPickaxe(agent: number): Promise<void> {
    this.emulated.add("craft_pickaxe");
    await this.server.call("give", { player: `agent${agent}`, item: "iron_pickaxe", count: 1 });
  }

  /** Real dig of an obstacle at a server position by an agent. */
  async clearObstacle(agent: number, at: Pos): Promise<ActionResult> {
    return this.timed(async () => { if (blockName(this.bots[agent], at) !== "air") await digAt(this.bots[agent], at, this.timeoutMs, 800); });
  }
}
