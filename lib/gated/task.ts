/**
 * Task files in MindCraft's construction format, read and compiled into flat typed arrays.
 *
 * Grid index of block (x, y, z) relative to the blueprint's origin: `(y * D + z) * W + x`.
 * `placement[z][x]` is one horizontal layer per level (MindCraft's layout).
 */
import { readFileSync } from "node:fs";
import { DataError } from "../core/errors.js";
import { isBlock, isItem, isPickaxe, KNOWN_BLOCKS, KNOWN_ITEMS, nearestNames } from "./palette.js";
import { rosterOf } from "./roster.js";
import type { Humans } from "./roster.js";
import { DEFAULT_TIMEOUT_SECONDS, TaskFileSchema, TaskSchema, WorldExtSchema } from "./types.js";
import type { Disruption, TaskSpec, WorldExt } from "./types.js";
import { SECONDS_PER_TICK } from "./world.js";
import type { Blueprint } from "./world.js";

/** A task ready for simulation. Arrays are never mutated by the engine. */
export interface CompiledTask {
  id: string;
  nAgents: number;
  /** Timeout in ticks (`timeoutSeconds / SECONDS_PER_TICK`, rounded up). */
  timeout: number;
  /** The file's timeout in seconds (MindCraft's default of 300 when the file has none). */
  timeoutSeconds: number;
  W: number; D: number; H: number;
  /** World coordinates of grid cell (0, 0, 0): the minimum x, y, z over the blueprint's levels. */
  origin: [number, number, number];
  /** The blueprint as scored (`blueprintCompletion`): the file's, with levels that share a y stacked (see `warnings`). */
  blueprint: Blueprint;
  /** Material names; block id = index + 1. */
  materials: string[];
  /** Target block id per grid index (0 = air). */
  target: Uint8Array;
  /** Cell index per grid index (−1 for air). */
  cellOf: Int32Array;
  /** Grid index of each blueprint cell (non-air), ordered by level, then z, then x. */
  cells: Int32Array;
  /** Material index (0-based) of each cell. */
  cellMat: Uint8Array;
  /** Cell index of the support under each cell (-1 on the ground or over air). */
  below: Int32Array;
  /** Agent that owns each cell. */
  owner: Uint8Array;
  /** Initial inventory, `inv[agent * nMat + m]`. */
  inv0: Int32Array;
  /** Pickaxes per agent at t0, and the name of the first one (for `inventory()`). */
  tools0: Uint8Array;
  pickaxe: string[];
  /** Items each agent carries that the blueprint never places (other tools, other blocks): kept, never used. */
  carried: Record<string, number>[];
  /** Collectable units of each material near the site. */
  pool0: Int32Array;
  /** Per agent: may it collect / craft / give? (from `blocked_actions`). */
  canCollect: Uint8Array; canCraft: Uint8Array; canGive: Uint8Array;
  /** Per agent: 1 for a human of the task file (`human_count`) who follows a fixed script (never escalates). */
  scripted: Uint8Array;
  /** Per agent: "agent i", or a scripted human's username. */
  names: string[];
  disruptions: Disruption[];
  world: WorldExt;
  /** What the loader accepted but changed or ignored (material counts that differ from the grid, stacked levels). */
  warnings: string[];
}

export interface CompileOptions {
  /** How the task file's humans (`human_count`) take part: scripted participants (default) or absent (see roster.ts). */
  humans?: Humans;
}

function fail(task: string, field: string, message: string, fix: string, file?: string): never {
  throw new DataError({ file: file ? `${file} (task ${task})` : `task ${task}`, field, message, fix });
}

const show = (v: unknown) => (typeof v === "string" ? JSON.stringify(v) : v === undefined ? "undefined" : JSON.stringify(v) ?? String(v));
const suggest = (name: string, pool: readonly string[]) => `did you mean ${nearestNames(name, pool).join(", ")}?`;

/**
 * Validates one task (MindCraft's construction format, read unmodified) and compiles it.
 *
 * - timeout: seconds; absent → 300 (MindCraft's default); ticks = ⌈seconds / SECONDS_PER_TICK⌉.
 * - blocks and items: Minecraft names of the palette (`palette.ts`); a name outside it is an error.
 * - levels: each read at its own `coordinates` (x0 + x, y0, z0 + z) as MindCraft does; when several levels
 *   share one y (some of MindCraft's files do), they are stacked at y0 + level and a warning says so.
 * - `blueprint.materials`: MindCraft uses it for inventories only; the placement grid is what is built,
 *   so counts that differ from the grid are warnings, not errors.
 * @throws DataError naming the task (and file), the field and the offending value: unknown blocks or items,
 *   bad timeouts, impossible blueprints (no block, duplicate levels), wrong agent counts, inventories that
 *   cannot build the blueprint when `world.inventory_sufficient` says they should.
 * @example
 * const t = compileTask("house", spec); t.cells.length; // number of blocks to place
 */
export function compileTask(id: string, spec: unknown, file?: string, opts: CompileOptions = {}): CompiledTask {
  const raw = spec as Record<string, unknown> | null;
  if (raw !== null && typeof raw === "object" && "timeout" in raw && raw.timeout !== undefined) {
    const v = raw.timeout;
    if (typeof v !== "number" || !Number.isFinite(v) || v <= 0) {
      fail(id, "timeout", `is ${show(v)}; a timeout is a positive number of seconds`, `write a number of seconds such as 300, or leave it out for MindCraft's default of ${DEFAULT_TIMEOUT_SECONDS}`, file);
    }
  }
  const parsed = TaskSchema.safeParse(spec);
  if (!parsed.success) {
    const iss = parsed.error.issues[0];
    let at: unknown = spec;
    for (const k of iss.path) at = at && typeof at === "object" ? (at as Record<PropertyKey, unknown>)[k as PropertyKey] : undefined;
    fail(id, iss.path.join(".") || "(root)", `${iss.message} (value: ${show(at)})`, "follow MindCraft's construction format (see lib/gated/README.md)", file);
  }
  const t = parsed.data as TaskSpec & { world?: unknown };
  // MindCraft's own files have no `world` extension: what they cannot build is a warning, not an error
  const own = t.world === undefined;
  const world = WorldExtSchema.parse(t.world ?? {});
  const roster = rosterOf(t, opts.humans ?? "scripted");
  const warnings: string[] = [...roster.warnings];
  const n = roster.n;
  if (n > 8) fail(id, "agent_count", `${t.agent_count} agents and ${t.human_count ?? 0} humans make ${n} participants`, "use at most 8 participants (or humans: \"absent\")", file);
  const timeoutSeconds = t.timeout ?? DEFAULT_TIMEOUT_SECONDS;
  const timeout = Math.ceil(timeoutSeconds / SECONDS_PER_TICK);
  // levels in order; each at its own y unless levels share one
  const levels = t.blueprint.levels.map((lv, i) => ({ ...lv, i })).sort((a, b) => a.level - b.level);
  for (let k = 1; k < levels.length; k++) {
    if (levels[k].level === levels[k - 1].level) {
      fail(id, `blueprint.levels[${levels[k].i}].level`, `level ${levels[k].level} appears twice (levels[${levels[k - 1].i}] and levels[${levels[k].i}])`, "give each level its own number", file);
    }
  }
  const ys = levels.map((lv) => lv.coordinates[1]);
  const stacked = new Set(ys).size !== ys.length;
  if (stacked) {
    warnings.push(`levels share y = ${ys[0]}; MindCraft would read them all in one layer; stacked at y0 + level`);
    for (const lv of levels) lv.coordinates = [lv.coordinates[0], levels[0].coordinates[1] + lv.level - levels[0].level, lv.coordinates[2]];
  }
  let minX = Infinity, minY = Infinity, minZ = Infinity, maxX = -Infinity, maxY = -Infinity, maxZ = -Infinity;
  for (const lv of levels) {
    const [x0, y0, z0] = lv.coordinates;
    const w = Math.max(0, ...lv.placement.map((r) => r.length));
    minX = Math.min(minX, x0); maxX = Math.max(maxX, x0 + w - 1);
    minY = Math.min(minY, y0); maxY = Math.max(maxY, y0);
    minZ = Math.min(minZ, z0); maxZ = Math.max(maxZ, z0 + lv.placement.length - 1);
  }
  const W = maxX - minX + 1, D = maxZ - minZ + 1, H = maxY - minY + 1;
  if (W * D * H > 4_000_000) fail(id, "blueprint.levels", `spans ${W} × ${H} × ${D} cells`, "keep a blueprint within 4 million cells", file);
  // materials: the grid's blocks, in the order blueprint.materials lists them, then in order of appearance
  const materials: string[] = [];
  const matIndex = new Map<string, number>();
  const listed = Object.keys(t.blueprint.materials);
  for (const m of listed) {
    if (!isBlock(m) && !isItem(m)) fail(id, `blueprint.materials.${m}`, `unknown block ${show(m)}`, suggest(m, KNOWN_BLOCKS), file);
  }
  const target = new Uint8Array(W * D * H);
  const cellList: number[] = [];
  const counted = new Map<string, number>();
  for (const lv of levels) {
    const [x0, y0, z0] = lv.coordinates;
    lv.placement.forEach((row, z) => row.forEach((name, x) => {
      if (name === "air" || name === "") return;
      if (!isBlock(name)) {
        fail(id, `blueprint.levels[${lv.i}].placement[${z}][${x}]`, isItem(name) ? `${show(name)} is an item, not a block` : `unknown block ${show(name)}`, suggest(name, KNOWN_BLOCKS), file);
      }
      counted.set(name, (counted.get(name) ?? 0) + 1);
      if (!matIndex.has(name)) matIndex.set(name, -1);
      cellList.push(((y0 - minY) * D + (z0 + z - minZ)) * W + (x0 + x - minX));
    }));
  }
  if (cellList.length === 0) fail(id, "blueprint.levels", "places no block (every cell is air)", "a construction task must place at least one block", file);
  for (const m of [...listed.filter((m) => counted.has(m)), ...[...counted.keys()].filter((m) => !listed.includes(m))]) {
    matIndex.set(m, materials.length);
    materials.push(m);
  }
  if (materials.length > 255) fail(id, "blueprint.materials", `uses ${materials.length} different blocks`, "use at most 255 different blocks", file);
  for (const m of listed) {
    const c = counted.get(m) ?? 0;
    if (t.blueprint.materials[m] !== c) warnings.push(`blueprint.materials.${m} says ${t.blueprint.materials[m]}, the placement grid has ${c}`);
  }
  for (const m of materials) if (!listed.includes(m)) warnings.push(`blueprint.materials does not list ${m} (the grid has ${counted.get(m)})`);
  const nMat = materials.length;
  const cellOf = new Int32Array(W * D * H).fill(-1);
  // cells ordered by level, then z, then x (= grid order)
  const cells = Int32Array.from(cellList).sort();
  for (let c = 1; c < cells.length; c++) {
    if (cells[c] === cells[c - 1]) fail(id, "blueprint.levels", "two levels place a block in the same cell", "give levels distinct y coordinates", file);
  }
  for (const lv of levels) lv.placement.forEach((row, z) => row.forEach((name, x) => {
    if (name === "air" || name === "") return;
    target[((lv.coordinates[1] - minY) * D + (lv.coordinates[2] + z - minZ)) * W + (lv.coordinates[0] + x - minX)] = matIndex.get(name)! + 1;
  }));
  const nCells = cells.length;
  cells.forEach((g, c) => (cellOf[g] = c));
  const cellMat = new Uint8Array(nCells);
  const below = new Int32Array(nCells);
  const owner = new Uint8Array(nCells);
  const stripe = Math.max(1, Math.ceil(W / n));
  for (let c = 0; c < nCells; c++) {
    const g = cells[c];
    cellMat[c] = target[g] - 1;
    const x = g % W, y = Math.floor(g / (W * D));
    below[c] = y > 0 ? cellOf[g - W * D] : -1;
    const s = Math.min(n - 1, Math.floor(x / stripe));
    owner[c] = world.assignment === "interleaved" ? (s + y) % n : s;
  }
  const inv0 = new Int32Array(n * nMat);
  const tools0 = new Uint8Array(n);
  const pickaxe: string[] = [];
  const carried: Record<string, number>[] = [];
  for (let a = 0; a < n; a++) {
    carried.push({});
    pickaxe.push("diamond_pickaxe");
    for (const [item, count] of Object.entries(roster.inventories[a])) {
      const m = matIndex.get(item);
      if (m !== undefined) { inv0[a * nMat + m] += count; continue; }
      if (isPickaxe(item)) { if (tools0[a] === 0) pickaxe[a] = item; tools0[a] = Math.min(255, tools0[a] + count); continue; }
      if (isBlock(item) || isItem(item)) { carried[a][item] = (carried[a][item] ?? 0) + count; continue; }
      fail(id, `initial_inventory.${roster.keys[a]}.${item}`, `unknown item ${show(item)}`, suggest(item, [...KNOWN_BLOCKS, ...KNOWN_ITEMS]), file);
    }
  }
  const pool0 = new Int32Array(nMat);
  for (const [item, count] of Object.entries(world.resources)) {
    const m = matIndex.get(item);
    if (m === undefined) fail(id, `world.resources.${item}`, `${show(item)} is not a block of the blueprint`, "list only blocks the placement grid uses", file);
    pool0[m] = count;
  }
  for (let m = 0; m < nMat; m++) {
    let held = 0;
    for (let a = 0; a < n; a++) held += inv0[a * nMat + m];
    const need = counted.get(materials[m])!;
    if (world.inventory_sufficient && held < need && own) {
      warnings.push(`the participants hold ${held} ${materials[m]}, the blueprint needs ${need}: this task cannot be completed as MindCraft hands out its inventories`);
    } else if (world.inventory_sufficient && held < need) {
      fail(id, `initial_inventory (${materials[m]})`, `agents hold ${held} ${materials[m]} but the blueprint needs ${need} and world.inventory_sufficient is true`,
        `add ${need - held} ${materials[m]} to an inventory, or set world.inventory_sufficient to false and add world.resources`, file);
    }
    if (!world.inventory_sufficient && held + pool0[m] < need && !world.allow_shortfall) {
      fail(id, `world.resources.${materials[m]}`, `inventories (${held}) plus collectable resources (${pool0[m]}) cannot cover the ${need} ${materials[m]} the blueprint needs`,
        `raise world.resources.${materials[m]} to at least ${need - held}, or set world.allow_shortfall to true (the task then cannot be completed)`, file);
    }
  }
  const flags = (word: string) => Uint8Array.from({ length: n }, (_, a) =>
    (t.blocked_actions?.[String(a)] ?? []).some((s) => s.toLowerCase().includes(word)) ? 0 : 1);
  for (const [i, d] of world.disruptions.entries()) {
    if (d.agent >= n) fail(id, `world.disruptions[${i}].agent`, `agent ${d.agent} does not exist (agent_count ${n})`, `use an agent in 0..${n - 1}`, file);
    if (d.item !== undefined && !matIndex.has(d.item)) fail(id, `world.disruptions[${i}].item`, `${show(d.item)} is not a block of the blueprint`, "name a block the placement grid uses", file);
  }
  const blueprint: Blueprint = {
    materials: t.blueprint.materials,
    levels: t.blueprint.levels.map((lv, i) => ({ level: lv.level, coordinates: levels.find((l) => l.i === i)!.coordinates as [number, number, number], placement: lv.placement })),
  };
  return {
    id, nAgents: n, timeout, timeoutSeconds, W, D, H, origin: [minX, minY, minZ], blueprint, materials, target, cellOf, cells, cellMat, below, owner,
    inv0, tools0, pickaxe, carried, pool0, canCollect: flags("collect"), canCraft: flags("craft"), canGive: flags("give"), scripted: roster.scripted, names: roster.names,
    disruptions: world.disruptions.slice().sort((a, b) => a.tick - b.tick || a.agent - b.agent), world, warnings,
  };
}

/**
 * Reads a task file (an object of task id → task) and compiles every task.
 * @throws DataError naming the file, the task and the field.
 * @example
 * const tasks = loadTaskFile("data/tasks/presets/standard.json");
 */
export function loadTaskFile(path: string, opts: CompileOptions = {}): CompiledTask[] {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, "utf8"));
  } catch (e) {
    throw new DataError({ file: path, message: `cannot read a JSON task file: ${(e as Error).message}`, fix: "check the path and the JSON syntax" });
  }
  const top = TaskFileSchema.safeParse(raw);
  if (!top.success && (raw === null || typeof raw !== "object" || Array.isArray(raw))) {
    throw new DataError({ file: path, message: "a task file is an object of task id → task", fix: 'wrap the task as { "my_task": { … } }' });
  }
  return Object.entries(raw as Record<string, unknown>).map(([id, spec]) => compileTask(id, spec, path, opts));
}
