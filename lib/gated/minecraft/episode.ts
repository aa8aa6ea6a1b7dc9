/**
 * An episode of the gated mechanism played on a Minecraft server.
 *
 * The decision layer is the block world's: each tick the engine (policies, gate, adjudicator, protocol, fallback)
 * runs on its block-world state, which here is a **mirror** of the Minecraft world. After every tick the `Executor`
 * carries out on the server what the tick changed (placements, moves, collections, transfers, digs, disruptions)
 * with the agents' bots, and then the agents **observe the server** (observe.ts): the blocks standing at the
 * blueprint's cells and every inventory are read back and the mirror is set to them, so the next tick's decisions
 * start from what the server holds, and every difference between the two worlds is counted. The final score and
 * completion are read from the server, block by block (MindCraft's level check). UER's counterfactual is rolled out
 * on the mirror: a running server cannot be forked.
 */
import type { Rng } from "../../core/rng.js";
import { runEpisodeAsync } from "../episode.js";
import type { AsyncJudge, ChatWriter } from "../case.js";
import type { EpisodeResult } from "../episode.js";
import type { CompiledTask } from "../task.js";
import type { SimParams } from "../types.js";
import type { Effect } from "../records.js";
import type { BlockWorld as Mirror } from "../block-world.js";
import type { Pos } from "./bots.js";
import { GAME_TICKS_PER_SECOND, SECONDS_PER_TICK } from "./interface.js";
import type { ActionResult, Vec3 } from "./interface.js";
import { observeServer } from "./observe.js";
import type { MinecraftWorld } from "./world.js";

/** The Minecraft-specific columns of an `episodes` row. */
export interface MinecraftColumns {
  backend: "minecraft";
  /** Game ticks (20 a second) from the start until the server's blocks matched the blueprint; null if they never did. */
  game_ticks: number | null;
  /** Game ticks the episode took on the server in all. */
  game_ticks_total: number;
  /** Blueprint score read from the server at the end (the `score` column). */
  server_score: number;
  /** The mirror's own score (the block world's view), for comparison. */
  mirror_score: number;
  /** Actions carried out on the server, and how many failed. */
  actions: number;
  failed_actions: number;
  /** Placements the server did not take and the mirror undid. */
  placements_undone: number;
  /** Hand-overs that failed on the server and were undone in the mirror (the transfer landed empty). */
  gives_undone: number;
  /** What the agents observed on the server that the mirror did not hold, summed over the ticks: cells placed or
   *  missing, material units, agents whose pickaxes differed (0 when the two worlds never disagreed). */
  observed_cells: number;
  observed_units: number;
  observed_tools: number;
  /** The most frequent reason an action failed (numbers as #), or null. */
  top_failure: string | null;
  /** Mean wall-clock milliseconds per action on the server. */
  ms_per_action: number;
  /** Actions emulated by server commands in this episode ("" when none), comma-separated. */
  emulated_actions: string;
  /** UER's counterfactual local cost is rolled out on the block-world mirror of the state at each escalation. */
  uer_counterfactual: "blockworld_mirror";
}

export interface MinecraftEpisodeResult extends EpisodeResult {
  minecraft: MinecraftColumns;
  /** Wall-clock time on the server per kind of action: count and total milliseconds (not a table column). */
  timing: Record<string, { n: number; ms: number }>;
}

interface Snapshot {
  placed: Uint8Array; inv: Int32Array; pool: Int32Array; blocked: Uint8Array; tools: Uint8Array;
  nextDisruption: number;
}

function snap(w: Mirror): Snapshot {
  return { placed: w.placed.slice(), inv: w.inv.slice(), pool: w.pool.slice(), blocked: w.blocked.slice(), tools: w.tools.slice(), nextDisruption: w.nextDisruption };
}

/** Carries out on the server what each tick of the mirror changed. */
export class Executor {
  actions = 0;
  failed = 0;
  undone = 0;
  undoneGives = 0;
  actionMs = 0;
  completedAt: { tick: number; gameTicks: number } | null = null;
  /** Wall-clock milliseconds per kind of action. */
  readonly timing: Record<string, { n: number; ms: number }> = {};
  /** Why actions failed: reason → count. */
  readonly failures = new Map<string, number>();
  private prev: Snapshot | null = null;
  private seen = new Set<Effect>();
  private moveTarget: (Vec3 | null)[];
  private obstacle: (Pos | null)[];

  constructor(readonly mc: MinecraftWorld, readonly task: CompiledTask) {
    this.moveTarget = new Array(task.nAgents).fill(null);
    this.obstacle = new Array(task.nAgents).fill(null);
  }

  private async run(kind: string, p: () => Promise<ActionResult>): Promise<ActionResult> {
    const t0 = performance.now();
    const r = await p();
    const ms = performance.now() - t0;
    this.actionMs += ms;
    const k = (this.timing[kind] ??= { n: 0, ms: 0 });
    k.n++;
    k.ms += ms;
    this.actions++;
    if (!r.ok) {
      this.failed++;
      const why = r.reason.replace(/-?\d+(\.\d+)?/g, "#");
      this.failures.set(why, (this.failures.get(why) ?? 0) + 1);
    }
    return r;
  }

  /** Where agent a stands in the world: its column x (kept within one cell of the site), two cells in front of the site. */
  private standAt(w: Mirror, a: number): Vec3 {
    const o = this.task.origin;
    const x = Math.max(-1, Math.min(this.task.W, w.posX[a]));
    return [o[0] + x, o[1], o[2] - 2];
  }

  private cellPos(w: Mirror, c: number): Vec3 {
    const o = this.task.origin;
    return [o[0] + w.cellX(c), o[1] + w.cellY(c), o[2] + w.cellZ(c)];
  }

  /** Undoes a placement in the mirror (the server did not take it): the block is back in the placer's inventory. */
  private undoPlacement(w: Mirror, a: number, c: number): void {
    const m = this.task.cellMat[c];
    w.placed[c] = 0;
    w.placer[c] = -1;
    w.nPlaced--;
    w.inv[a * w.nMat + m]++;
    w.need[w.plannerOf(c) * w.nMat + m]++;
    for (let o = 0; o < w.n; o++) {
      if (!w.plansCell(o, c)) continue;
      w.ownLeft[o]++;
      w.cursor[o] = w.ownStart[o];
      w.idleVersion[o] = -1;
    }
    w.version++;
    this.undone++;
  }

  /** Units of material m handed to agent a on the server whose transfer has not landed in the mirror yet. */
  inTransit(a: number, m: number): number {
    let k = 0;
    for (const e of this.seen) if (e.kind === "transfer" && e.to === a && e.item === m) k += e.count;
    return k;
  }

  /**
   * Called before the first tick and after every tick of the mirror.
   * @example
   * await runEpisodeAsync(task, policy, params, rng, judge, { observe: (w) => exec.sync(w) });
   */
  async sync(w: Mirror): Promise<void> {
    const prev = this.prev ?? { ...snap(w), placed: new Uint8Array(w.placed.length), inv: this.task.inv0.slice(), pool: this.task.pool0.slice(), tools: this.task.tools0.slice(), blocked: new Uint8Array(w.n), nextDisruption: 0 };
    const n = w.n, nMat = w.nMat;
    const mats = this.task.materials;
    // what explains each inventory change: placements, gives started, transfers landed, disruptions
    const explained = new Int32Array(n * nMat);
    // 1. disruptions of this tick (world events, made by the server)
    for (let i = prev.nextDisruption; i < w.nextDisruption; i++) {
      const d = this.task.disruptions[i];
      if (d.kind === "path_blocked") this.obstacle[d.agent] = await this.mc.blockPath(d.agent);
      else if (d.kind === "tool_break") await this.mc.destroyItems(d.agent, "iron_pickaxe", 1);
      else if (d.item) {
        const m = mats.indexOf(d.item);
        const lost = prev.inv[d.agent * nMat + m] - Math.max(0, prev.inv[d.agent * nMat + m] - (d.count ?? 1));
        if (lost > 0) await this.mc.destroyItems(d.agent, d.item, lost);
        explained[d.agent * nMat + m] -= lost;
      }
    }
    // 2. effects: new transfers are handed over now (the giver walks over, drops, the taker picks up); new unblocks are dug now
    const live = new Set(w.effects);
    const gives: Effect[] = [];
    const helps: Effect[] = [];
    for (const e of w.effects) {
      if (this.seen.has(e)) continue;
      this.seen.add(e);
      if (e.kind === "transfer") { gives.push(e); explained[e.from * nMat + e.item] -= e.count; }
      if (e.kind === "unblock") helps.push(e);
    }
    for (const e of [...this.seen]) {
      if (live.has(e)) continue;
      this.seen.delete(e);
      if (e.kind === "transfer") explained[e.to * nMat + e.item] += e.count; // landed in the mirror this tick
    }
    for (const e of gives) {
      const r = await this.run("give", () => this.mc.give(e.from, e.to, mats[e.item], e.count));
      if (!r.ok) {
        // the hand-over failed on the server: the giver keeps the items and the transfer lands empty, so the
        // taker's problem is judged again (a partial supply reopens it)
        w.inv[e.from * nMat + e.item] += e.count;
        explained[e.from * nMat + e.item] += e.count;
        e.count = 0;
        w.version++;
        this.undoneGives++;
      }
    }
    // 3. placements of this tick, by their placers (the owner, or the other planner of a contested cell)
    const placements: number[][] = Array.from({ length: n }, () => []);
    for (let c = 0; c < w.placed.length; c++) {
      if (w.placed[c] && !prev.placed[c]) {
        const a = w.placer[c];
        placements[a].push(c);
        explained[a * nMat + this.task.cellMat[c]] -= 1;
      }
    }
    // 4. per agent, in parallel: helping a teammate dig, its own digging, collecting, crafting, walking, placing
    await Promise.all(Array.from({ length: n }, async (_, a) => {
      for (const e of helps) {
        const at = this.obstacle[e.to];
        if (e.from === a && at) { await this.run("dig", () => this.mc.clearObstacle(a, at)); this.obstacle[e.to] = null; }
      }
      if (prev.tools[a] === 0 && w.tools[a] > 0) await this.mc.craftPickaxe(a);
      if (prev.blocked[a] && !w.blocked[a] && this.obstacle[a] && w.tools[a] > 0) {
        await this.run("dig", () => this.mc.clearObstacle(a, this.obstacle[a]!));
        this.obstacle[a] = null;
      }
      for (let m = 0; m < nMat; m++) {
        const collected = w.inv[a * nMat + m] - prev.inv[a * nMat + m] - explained[a * nMat + m];
        if (collected > 0 && w.pool[m] < prev.pool[m]) await this.run("collect", () => this.mc.collect(a, mats[m], collected));
      }
      const target = this.standAt(w, a);
      const last = this.moveTarget[a];
      if (!last || last[0] !== target[0] || last[2] !== target[2]) {
        this.moveTarget[a] = target;
        await this.run("move", () => this.mc.move(a, target));
      }
      for (const c of placements[a]) {
        let r = await this.run("place", () => this.mc.place(a, this.cellPos(w, c), mats[this.task.cellMat[c]]));
        if (!r.ok && this.mc.blockAt(this.cellPos(w, c)) !== mats[this.task.cellMat[c]]) {
          r = await this.run("place", () => this.mc.place(a, this.cellPos(w, c), mats[this.task.cellMat[c]]));
          if (!r.ok) this.undoPlacement(w, a, c);
        }
      }
    }));
    if (!this.completedAt && w.nPlaced === w.task.cells.length) {
      const gameTicks = await this.mc.readClock();
      if (this.mc.completion().complete) this.completedAt = { tick: w.t, gameTicks };
    }
    this.prev = snap(w);
  }
}

export interface MinecraftEpisodeOptions {
  log?: boolean; chat?: ChatWriter;
  /** Something outside the agents that changes the server (a player at the keyboard, a test): runs after each tick
   *  has been carried out, before the agents observe the server. */
  interfere?: (tick: number) => Promise<void>;
}

/**
 * Plays one episode on the server: lays the task out, runs the unchanged decision loop on the
 * mirror with every tick carried out by the bots, and scores the structure the server holds.
 * @example
 * const r = await runMinecraftEpisode(world, task, "gated", params, rng, asyncJudge);
 * r.metrics.score; r.minecraft.game_ticks; r.minecraft.emulated_actions;
 */
export async function runMinecraftEpisode(mc: MinecraftWorld, task: CompiledTask, policy: string, params: SimParams, rng: Rng,
  judge: AsyncJudge, opts: MinecraftEpisodeOptions = {}): Promise<MinecraftEpisodeResult> {
  await mc.setup(task);
  const exec = new Executor(mc, task);
  let mirrorScore = 0;
  const seen = { cells: 0, units: 0, tools: 0 };
  const r = await runEpisodeAsync(task, policy, params, rng, judge, {
    log: opts.log, chat: opts.chat,
    observe: async (w: Mirror) => {
      await exec.sync(w);
      await opts.interfere?.(w.t);
      const o = await observeServer(mc, w, (a, m) => exec.inTransit(a, m));
      seen.cells += o.cellsAdded + o.cellsRemoved; seen.units += o.unitsCorrected; seen.tools += o.toolsCorrected;
      mirrorScore = w.blueprintScore();
    },
  });
  const total = await mc.readClock();
  const c = mc.completion();
  const success = r.metrics.success && c.complete;
  const metrics = {
    ...r.metrics, success, score: c.score,
    completion_steps: success ? (exec.completedAt?.tick ?? r.metrics.completion_steps) : task.timeout,
  };
  return {
    ...r, metrics, timing: exec.timing,
    minecraft: {
      backend: "minecraft",
      game_ticks: success ? (exec.completedAt?.gameTicks ?? total) : null,
      game_ticks_total: total,
      server_score: c.score,
      mirror_score: mirrorScore,
      actions: exec.actions, failed_actions: exec.failed, placements_undone: exec.undone, gives_undone: exec.undoneGives,
      observed_cells: seen.cells, observed_units: seen.units, observed_tools: seen.tools,
      top_failure: [...exec.failures].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null,
      ms_per_action: exec.actions ? Math.round((exec.actionMs / exec.actions) * 10) / 10 : 0,
      emulated_actions: [...mc.emulated].sort().join(","),
      uer_counterfactual: "blockworld_mirror",
    },
  };
}

/** Game ticks per block-world tick, to put the two backends' completion times on one scale. */
export const GAME_TICKS_PER_WORLD_TICK = GAME_TICKS_PER_SECOND * SECONDS_PER_TICK;
