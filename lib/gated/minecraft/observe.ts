/**
 * What the agents observe on a Minecraft server, after each tick has been carried out there: the blocks standing at
 * the blueprint's cells (read from the bots' view of the world) and every agent's inventory and pickaxes (read from
 * the server). The block-world mirror, on which the decision layer runs, is set to these observations, so the next
 * tick's decisions start from what the server holds, and a difference between the two worlds shows (it is counted,
 * and it changes what the agents do). Units the server has already handed over but whose transfer has not yet landed
 * in the mirror are counted as still on their way.
 */
import type { BlockWorld as Mirror } from "../block-world.js";
import type { Vec3 } from "./interface.js";

/** What an observation of the server finds different from the mirror, and corrects. */
export interface Observation {
  /** Cells the server holds that the mirror had not placed, and placed cells the server does not hold. */
  cellsAdded: number;
  cellsRemoved: number;
  /** Units of blueprint materials by which the mirror's inventories differed from the server's (absolute, summed). */
  unitsCorrected: number;
  /** Agents whose pickaxe count differed. */
  toolsCorrected: number;
}

/** What the observation reads from the server (a `MinecraftWorld`, or a stand-in in tests). */
export interface ServerView {
  blockAt(pos: Vec3): string;
  /** The server's own inventory of an agent: item → count. */
  serverInventory(agent: number): Promise<Record<string, number>>;
}

const cellPos = (w: Mirror, c: number): Vec3 => {
  const o = w.task.origin;
  return [o[0] + w.cellX(c), o[1] + w.cellY(c), o[2] + w.cellZ(c)];
};

/** The mirror places cell c because the server holds it (nobody's inventory changes: that is observed separately). */
function observePlaced(w: Mirror, c: number): void {
  const m = w.task.cellMat[c];
  w.placed[c] = 1;
  w.placer[c] = -1;
  w.nPlaced++;
  w.need[w.plannerOf(c) * w.nMat + m]--;
  for (let o = 0; o < w.n; o++) {
    if (w.plansCell(o, c)) w.ownLeft[o]--;
    if (w.heading[o] === c) w.heading[o] = -1;
  }
}

/** The mirror unplaces cell c because the server does not hold it. */
function observeMissing(w: Mirror, c: number): void {
  const m = w.task.cellMat[c];
  w.placed[c] = 0;
  w.placer[c] = -1;
  w.nPlaced--;
  w.need[w.plannerOf(c) * w.nMat + m]++;
  for (let o = 0; o < w.n; o++) {
    if (!w.plansCell(o, c)) continue;
    w.ownLeft[o]++;
    w.cursor[o] = w.ownStart[o];
  }
}

/**
 * Sets the mirror to what the server holds. `inTransit(agent, material)` gives units handed over on the server whose
 * transfer has not landed in the mirror yet.
 * @example
 * const o = await observeServer(world, mirror, (a, m) => exec.inTransit(a, m)); o.unitsCorrected;
 */
export async function observeServer(server: ServerView, w: Mirror, inTransit: (agent: number, material: number) => number): Promise<Observation> {
  const out: Observation = { cellsAdded: 0, cellsRemoved: 0, unitsCorrected: 0, toolsCorrected: 0 };
  const mats = w.task.materials;
  for (let c = 0; c < w.placed.length; c++) {
    const there = server.blockAt(cellPos(w, c)) === mats[w.task.cellMat[c]];
    if (there && !w.placed[c]) { observePlaced(w, c); out.cellsAdded++; }
    else if (!there && w.placed[c]) { observeMissing(w, c); out.cellsRemoved++; }
  }
  for (let a = 0; a < w.n; a++) {
    const inv = await server.serverInventory(a);
    for (let m = 0; m < w.nMat; m++) {
      const seen = Math.max(0, (inv[mats[m]] ?? 0) - inTransit(a, m));
      const i = a * w.nMat + m;
      if (seen !== w.inv[i]) { out.unitsCorrected += Math.abs(seen - w.inv[i]); w.inv[i] = seen; }
    }
    let picks = 0;
    for (const [item, k] of Object.entries(inv)) if (item.endsWith("_pickaxe")) picks += k;
    if (Math.min(255, picks) !== w.tools[a]) { w.tools[a] = Math.min(255, picks); out.toolsCorrected++; }
  }
  if (out.cellsAdded + out.cellsRemoved + out.unitsCorrected + out.toolsCorrected > 0) {
    w.version++;
    for (let a = 0; a < w.n; a++) w.idleVersion[a] = -1;
  }
  return out;
}
