/**
 * Task files in MindCraft's construction format, read and compiled into flat typed arrays.
 *
 * Grid index of block (x, y, z) relative to the blueprint's origin: `(y * D + z) * W + x`.
 * `placement[z][x]` is one horizontal layer per level (MindCraft's layout).
 */
import { readFileSync } from "node:fs";
import { DataError } from "../core/errors.js";
import { KNOWN_BLOCKS, KNOWN_TOOLS, TaskFileSchema, TaskSchema, WorldExtSchema } from "./types.js";
import type { Disruption, TaskSpec, WorldExt } from "./types.js";

/** A task ready for simulation. Arrays are never mutated by the engine. */
export interface CompiledTask {
  id: string;
  nAgents: number;
  timeout: number;
  W: number; D: number; H: number;
  origin: [number, number, number];
  /** Material names; block id = index + 1. */
  materials: string[];
  /** Target block id per grid index (0 = air). */
  target: Uint8Array;
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
  /** Pickaxes per agent at t0. */
  tools0: Uint8Array;
  /** Collectable units of each material near the site. */
  pool0: Int32Array;
  /** Per agent: may it collect / craft / give? (from `blocked_actions`). */
  canCollect: Uint8Array; canCraft: Uint8Array; canGive: Uint8Array;
  disruptions: Disruption[];
  world: WorldExt;
}

function fail(task: string, field: string, message: string, fix: string, file?: string): never {
  throw new DataError({ file: file ? `${file} (task ${task})` : `task ${task}`, field, message, fix });
}

/**
 * Validates one task and compiles it.
 * @throws DataError naming the task and the field: unknown blocks, wrong agent counts, inventories
 *   that cannot build the blueprint when `world.inventory_sufficient` says they should.
 * @example
 * const t = compileTask("house", spec); t.cells.length; // number of blocks to place
 */
export function compileTask(id: string, spec: unknown, file?: string): CompiledTask {
  const parsed = TaskSchema.safeParse(spec);
  if (!parsed.success) {
    const iss = parsed.error.issues[0];
    fail(id, iss.path.join(".") || "(root)", iss.message, "follow MindCraft's construction format (see lib/gated/README.md)", file);
  }
  const t = parsed.data as TaskSpec & { world?: unknown };
  const world = WorldExtSchema.parse(t.world ?? {});
  const n = t.agent_count;
  const invKeys = Object.keys(t.initial_inventory);
  if (invKeys.length !== n || invKeys.some((k) => !(Number(k) >= 0 && Number(k) < n))) {
    fail(id, "initial_inventory", `has agents [${invKeys.join(", ")}] but agent_count is ${n}`,
      `give exactly one inventory per agent, keyed "0".."${n - 1}"`, file);
  }
  const levels = t.blueprint.levels.slice().sort((a, b) => a.level - b.level);
  const H = levels.length;
  let W = 0, D = 0;
  for (const lv of levels) {
    D = Math.max(D, lv.placement.length);
    for (const row of lv.placement) W = Math.max(W, row.length);
  }
  const materials = Object.keys(t.blueprint.materials);
  const known = new Set<string>(KNOWN_BLOCKS);
  for (const m of materials) {
    if (!known.has(m)) fail(id, `blueprint.materials.${m}`, `unknown block "${m}"`, `use one of: ${KNOWN_BLOCKS.join(", ")}`, file);
  }
  const matIndex = new Map(materials.map((m, i) => [m, i]));
  const target = new Uint8Array(W * D * H);
  const cellList: number[] = [];
  const counted = new Array<number>(materials.length).fill(0);
  levels.forEach((lv, y) => {
    lv.placement.forEach((row, z) => row.forEach((name, x) => {
      if (name === "air" || name === "") return;
      const m = matIndex.get(name);
      if (m === undefined) {
        fail(id, `blueprint.levels[${y}].placement[${z}][${x}]`, known.has(name) ? `block "${name}" is not listed in blueprint.materials` : `unknown block "${name}"`,
          known.has(name) ? `add "${name}" to blueprint.materials` : `use one of: ${KNOWN_BLOCKS.join(", ")}`, file);
      }
      const g = (y * D + z) * W + x;
      target[g] = m + 1;
      cellList.push(g);
      counted[m]++;
    }));
  });
  materials.forEach((m, i) => {
    if (t.blueprint.materials[m] !== counted[i]) {
      fail(id, `blueprint.materials.${m}`, `says ${t.blueprint.materials[m]} but the placement grid has ${counted[i]}`,
        "make the material counts match the placement grid", file);
    }
  });
  const nMat = materials.length;
  const nCells = cellList.length;
  const cells = Int32Array.from(cellList);
  const cellOf = new Int32Array(W * D * H).fill(-1);
  cells.forEach((g, c) => (cellOf[g] = c));
  const cellMat = new Uint8Array(nCells);
  const below = new Int32Array(nCells);
  const owner = new Uint8Array(nCells);
  const stripe = Math.max(1, Math.ceil(W / n));
  for (let c = 0; c < nCells; c++) {
    const g = cells[c];
    cellMat[c] = target[g] - 1;
    const x = g % W, z = Math.floor(g / W) % D, y = Math.floor(g / (W * D));
    below[c] = y > 0 ? cellOf[g - W * D] : -1;
    const s = Math.min(n - 1, Math.floor(x / stripe));
    owner[c] = world.assignment === "interleaved" ? (s + y) % n : s;
  }
  const inv0 = new Int32Array(n * nMat);
  const tools0 = new Uint8Array(n);
  const tools = new Set<string>(KNOWN_TOOLS);
  for (let a = 0; a < n; a++) {
    for (const [item, count] of Object.entries(t.initial_inventory[String(a)])) {
      if (tools.has(item)) { tools0[a] += count; continue; }
      const m = matIndex.get(item);
      if (m === undefined) {
        if (known.has(item)) continue; // a block the blueprint does not use: carried, never placed
        fail(id, `initial_inventory.${a}.${item}`, `unknown item "${item}"`, `use a block of the blueprint or a pickaxe (${KNOWN_TOOLS.join(", ")})`, file);
      }
      inv0[a * nMat + m] += count;
    }
  }
  const pool0 = new Int32Array(nMat);
  for (const [item, count] of Object.entries(world.resources)) {
    const m = matIndex.get(item);
    if (m === undefined) fail(id, `world.resources.${item}`, `"${item}" is not a material of the blueprint`, "list only materials of blueprint.materials", file);
    pool0[m] = count;
  }
  for (let m = 0; m < nMat; m++) {
    let held = 0;
    for (let a = 0; a < n; a++) held += inv0[a * nMat + m];
    const need = counted[m];
    if (world.inventory_sufficient && held < need) {
      fail(id, `initial_inventory (${materials[m]})`, `agents hold ${held} ${materials[m]} but the blueprint needs ${need} and world.inventory_sufficient is true`,
        `add ${need - held} ${materials[m]} to an inventory, or set world.inventory_sufficient to false and add world.resources`, file);
    }
    if (!world.inventory_sufficient && held + pool0[m] < need) {
      fail(id, `world.resources.${materials[m]}`, `inventories (${held}) plus collectable resources (${pool0[m]}) cannot cover the ${need} ${materials[m]} the blueprint needs`,
        `raise world.resources.${materials[m]} to at least ${need - held}`, file);
    }
  }
  const flags = (word: string) => Uint8Array.from({ length: n }, (_, a) =>
    (t.blocked_actions?.[String(a)] ?? []).some((s) => s.toLowerCase().includes(word)) ? 0 : 1);
  for (const [i, d] of world.disruptions.entries()) {
    if (d.agent >= n) fail(id, `world.disruptions[${i}].agent`, `agent ${d.agent} does not exist (agent_count ${n})`, `use an agent in 0..${n - 1}`, file);
    if (d.item !== undefined && !matIndex.has(d.item)) fail(id, `world.disruptions[${i}].item`, `"${d.item}" is not a material of the blueprint`, "name a material of blueprint.materials", file);
  }
  const o = levels[0].coordinates;
  return {
    id, nAgents: n, timeout: t.timeout, W, D, H, origin: [o[0], o[1], o[2]], materials, target, cells, cellMat, below, owner,
    inv0, tools0, pool0, canCollect: flags("collect"), canCraft: flags("craft"), canGive: flags("give"),
    disruptions: world.disruptions.slice().sort((a, b) => a.tick - b.tick || a.agent - b.agent), world,
  };
}

/**
 * Reads a task file (an object of task id → task) and compiles every task.
 * @throws DataError naming the file, the task and the field.
 * @example
 * const tasks = loadTaskFile("data/tasks/presets/standard.json");
 */
export function loadTaskFile(path: string): CompiledTask[] {
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
  return Object.entries(raw as Record<string, unknown>).map(([id, spec]) => compileTask(id, spec, path));
}
