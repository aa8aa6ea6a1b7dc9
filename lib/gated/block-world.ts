/**
 * The simulator's world: the episode state (state.ts) with the `World` interface (block queries, inventories,
 * positions; move, collect, place, dig, give; time) for callers outside the engine (tests, replays, a controller),
 * MindCraft's blueprint score, and forks for counterfactual branches.
 */
import { WorldState } from "./state.js";
import { blueprintCompletion } from "./world.js";
import type { ActionResult, Vec3, World } from "./world.js";

export class BlockWorld extends WorldState implements World {
  /**
   * A fork of the world for a counterfactual branch: the same policy, state and random streams (keyed draws),
   * no log, no chat sink, and no nested counterfactuals (`inRollout`).
   */
  fork(): BlockWorld {
    // built by the constructor (same hidden class as every world, so the hot loop stays monomorphic), then overwritten
    const w = new BlockWorld(this.task, this.params, this.flags, this.rng, false, this.keyed, this);
    w.t = this.t; w.nPlaced = this.nPlaced; w.nextDisruption = this.nextDisruption; w.version = this.version; w.moved = this.moved;
    // problems still open or escalated are copied; closed ones are shared (nothing that matters changes them again)
    w.problems = this.problems.slice();
    for (const id of this.active) w.problems[id] = { ...this.problems[id] };
    w.active = this.active.slice();
    w.effects = this.effects.slice();
    w.nextEffectAt = this.nextEffectAt;
    w.checkedVersion = this.checkedVersion;
    w.checkedProblems = this.checkedProblems;
    w.pending = this.pending.slice();
    w.toJudge = this.toJudge.slice();
    w.decisions = this.decisions.slice();
    w.found = this.found.slice();
    w.counters = { ...this.counters };
    w.msgs = this.msgs.slice();
    w.watches = this.watches.slice();
    w.inRollout = true;
    return w;
  }

  // ---- the World interface ----
  get agents(): number { return this.n; }
  get tick(): number { return this.t; }

  /** Grid index of a world position, or −1 outside the blueprint's box. */
  gridOf(pos: Vec3): number {
    const { W, D, H, origin } = this.task;
    const x = pos[0] - origin[0], y = pos[1] - origin[1], z = pos[2] - origin[2];
    if (x < 0 || y < 0 || z < 0 || x >= W || y >= H || z >= D) return -1;
    return (y * D + z) * W + x;
  }
  blockAt(pos: Vec3): string {
    const g = this.gridOf(pos);
    const c = g < 0 ? -1 : this.task.cellOf[g];
    return c >= 0 && this.placed[c] ? this.task.materials[this.task.cellMat[c]] : "air";
  }
  inventory(agent: number): Record<string, number> {
    const out: Record<string, number> = { ...this.task.carried[agent] };
    for (let m = 0; m < this.nMat; m++) if (this.inv[agent * this.nMat + m] > 0) out[this.task.materials[m]] = this.inv[agent * this.nMat + m];
    if (this.tools[agent] > 0) out[this.task.pickaxe[agent]] = this.tools[agent];
    return out;
  }
  position(agent: number): Vec3 {
    const o = this.task.origin;
    return [o[0] + this.posX[agent], o[1], o[2] + this.posZ[agent]];
  }
  move(agent: number, to: Vec3): ActionResult {
    if (this.blocked[agent]) return { ok: false, reason: "path blocked: dig it or ask for help" };
    const o = this.task.origin;
    const x = to[0] - o[0], z = to[2] - o[2];
    const ticks = Math.max(Math.abs(x - this.posX[agent]), Math.abs(z - this.posZ[agent]));
    this.posX[agent] = x; this.posZ[agent] = z;
    this.moved = true;
    return { ok: true, ticks };
  }
  collect(agent: number, block: string, count: number): ActionResult {
    const m = this.task.materials.indexOf(block);
    if (m < 0) return { ok: false, reason: `${block} is not a material of this blueprint` };
    if (!this.task.canCollect[agent]) return { ok: false, reason: "this agent may not collect (blocked_actions)" };
    if (this.pool[m] < count) return { ok: false, reason: `the site has ${this.pool[m]} ${block}, not ${count}` };
    this.pool[m] -= count;
    this.inv[agent * this.nMat + m] += count;
    this.version++;
    return { ok: true, ticks: count * this.params.collectTicks };
  }
  place(agent: number, pos: Vec3, block: string): ActionResult {
    const g = this.gridOf(pos);
    const c = g < 0 ? -1 : this.task.cellOf[g];
    if (c < 0) return { ok: false, reason: "the block world holds only the blueprint's cells" };
    if (this.placed[c]) return { ok: false, reason: `${this.blockAt(pos)} is already there` };
    const m = this.task.materials.indexOf(block);
    if (m !== this.task.cellMat[c]) return { ok: false, reason: `the blueprint wants ${this.task.materials[this.task.cellMat[c]]} there, not ${block}` };
    if (this.inv[agent * this.nMat + m] <= 0) return { ok: false, reason: `no ${block} in the inventory` };
    const b = this.task.below[c];
    if (b >= 0 && !this.placed[b]) return { ok: false, reason: "its support below is missing" };
    const d = Math.max(Math.abs(this.cellX(c) - this.posX[agent]), Math.abs(this.cellZ(c) - this.posZ[agent]));
    if (d > this.params.reach) return { ok: false, reason: `out of reach (${d} > ${this.params.reach})` };
    this.placeCell(agent, c);
    return { ok: true, ticks: 1 };
  }
  dig(agent: number, pos: Vec3): ActionResult {
    if (this.tools[agent] <= 0) return { ok: false, reason: "no pickaxe" };
    const g = this.gridOf(pos);
    const c = g < 0 ? -1 : this.task.cellOf[g];
    if (c >= 0 && this.placed[c]) {
      for (let k = 0; k < c; k++) if (this.task.below[k] === c && this.placed[k]) return { ok: false, reason: "a placed block rests on it" };
      this.placed[c] = 0; this.nPlaced--; this.placer[c] = -1;
      const m = this.task.cellMat[c];
      this.inv[agent * this.nMat + m]++;
      this.need[this.plannerOf(c) * this.nMat + m]++;
      for (let o = 0; o < this.n; o++) {
        if (!(this.plans[c] & (1 << o))) continue;
        this.ownLeft[o]++;
        if (this.cursor[o] > this.ownStart[o]) this.cursor[o] = this.ownStart[o];
      }
      this.version++;
      return { ok: true, ticks: this.params.digTicks };
    }
    if (this.blocked[agent]) { this.blocked[agent] = 0; this.version++; return { ok: true, ticks: this.params.digTicks }; }
    return { ok: false, reason: "nothing to dig there" };
  }
  give(from: number, to: number, item: string, count: number): ActionResult {
    if (!this.task.canGive[from]) return { ok: false, reason: "this agent may not give (blocked_actions)" };
    const m = this.task.materials.indexOf(item);
    if (m < 0) return { ok: false, reason: `${item} is not a material of this blueprint` };
    if (this.inv[from * this.nMat + m] < count) return { ok: false, reason: `agent ${from} holds ${this.inv[from * this.nMat + m]} ${item}, not ${count}` };
    const travel = Math.max(0, this.dist(from, to) - 1);
    this.inv[from * this.nMat + m] -= count;
    this.inv[to * this.nMat + m] += count;
    this.posX[from] = this.posX[to]; this.posZ[from] = this.posZ[to];
    this.moved = true;
    this.version++;
    return { ok: true, ticks: 1 + travel + this.params.giveTicks };
  }
  wait(ticks: number): void {
    this.t += ticks;
    for (let a = 0; a < this.n; a++) this.busy[a] = Math.max(0, this.busy[a] - ticks);
  }

  /** Blueprint score as MindCraft computes it: matches / (matches + mismatches) over cells not air in both. */
  blueprintScore(): number {
    return blueprintCompletion(this, this.task.blueprint).score;
  }
}
