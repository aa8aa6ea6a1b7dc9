/**
 * Families of construction tasks in MindCraft's format, and the two scenario presets.
 *
 * - standard: materials split by type across agents with a small surplus, generous collectable
 *   resources near the site, cells assigned to agents in x-stripes (few cross-agent dependencies).
 * - scarce (custom severe scarcity): the inventories fall short of the blueprint (by `shortfall`, 10 % on
 *   average), the site holds that deficit plus a margin (10 % on average), so several agents want the same surplus and the same
 *   site units (conflicts); stripes rotated per level so upper blocks rest on teammates' blocks.
 * Disruptions (world events) are drawn at generation time and written into the task file, so a
 * task file fully determines an episode's world.
 */
import { z } from "zod";
import type { Rng } from "../core/rng.js";
import { KNOWN_BLOCKS } from "./types.js";
import type { Disruption, TaskFile, TaskSpec } from "./types.js";

export const FamilySchema = z.strictObject({
  agents: z.number().int().min(2).max(5).default(3),
  width: z.number().int().min(2).max(32).default(10),
  depth: z.number().int().min(1).max(32).default(10),
  levels: z.number().int().min(1).max(8).default(2),
  /** Probability an upper-level cell is present when the cell below is. */
  fill: z.number().min(0).max(1).default(1),
  materials: z.number().int().min(1).max(8).default(4),
  scenario: z.enum(["standard", "scarce"]).default("standard"),
  /** How materials are split: each type held by one agent (MindCraft's default), or every type spread evenly. */
  split: z.enum(["by_type", "even"]).default("by_type"),
  /** Expected disruptions per agent per 100 ticks. */
  disruptionRate: z.number().nonnegative().default(3),
  /** Timeout as a multiple of the blocks per agent, plus 40 ticks. */
  timeoutFactor: z.number().positive().default(2.2),
  /** scarce: mean share of each material's need missing from the inventories (drawn per material in [½, 1½] of it). */
  shortfall: z.number().min(0).max(0.6).default(0.1),
  /** scarce: mean share of each material's need collectable on site beyond the deficit (drawn in [0, 2×] of it). */
  siteMargin: z.number().min(0).max(1).default(0.1),
});
export type Family = z.infer<typeof FamilySchema>;

/** A family without its scenario (the run's `params.family`: the scenario is each cell's). */
export const TaskFamilySchema = FamilySchema.omit({ scenario: true });

const PALETTE = ["stone", "oak_planks", "cobblestone", "glass", "bricks", "sandstone", "stone_bricks", "white_wool"] as const;

/**
 * Generates one task of a family. Same family and rng stream ⇒ the same task.
 * @throws ZodError when the family options are out of range.
 * @example
 * const spec = generateTask({ agents: 3, width: 10, depth: 10, levels: 2 }, createRng(1));
 */
export function generateTask(family: Partial<Family>, rng: Rng): TaskSpec {
  const f = FamilySchema.parse(family);
  const mats = PALETTE.slice(0, f.materials);
  const levels: TaskSpec["blueprint"]["levels"] = [];
  const counts: Record<string, number> = {};
  let prev: string[][] | null = null;
  for (let y = 0; y < f.levels; y++) {
    const placement: string[][] = [];
    for (let z = 0; z < f.depth; z++) {
      const row: string[] = [];
      for (let x = 0; x < f.width; x++) {
        const supported = prev === null || prev[z][x] !== "air";
        const present = supported && (prev === null || rng.uniform() < f.fill);
        const name = present ? mats[(Math.floor((z * mats.length) / f.depth) + y) % mats.length] : "air";
        if (present) counts[name] = (counts[name] ?? 0) + 1;
        row.push(name);
      }
      placement.push(row);
    }
    levels.push({ level: y, coordinates: [0, y, 0], placement });
    prev = placement;
  }
  const materials: Record<string, number> = {};
  for (const m of mats) if (counts[m]) materials[m] = counts[m];
  const used = Object.keys(materials);
  const inventory: Record<string, Record<string, number>> = {};
  for (let a = 0; a < f.agents; a++) inventory[String(a)] = { diamond_pickaxe: 1 };
  const resources: Record<string, number> = {};
  used.forEach((m, i) => {
    const need = materials[m];
    // standard: the inventories cover the blueprint with a 10 % surplus, and half the need is collectable on site.
    // scarce: the inventories fall short by `shortfall` (a share drawn per material), the site holds that deficit plus
    // a margin (`siteMargin` of the need on average), so agents compete for the holder's surplus and the site's units.
    const deficit = f.scenario === "scarce" ? Math.round(need * f.shortfall * (0.5 + rng.uniform())) : 0;
    const total = f.scenario === "scarce" ? need - deficit : need + Math.ceil(need * 0.1);
    if (f.split === "by_type") inventory[String(i % f.agents)][m] = total;
    else for (let a = 0; a < f.agents; a++) inventory[String(a)][m] = Math.floor(total / f.agents) + (a < total % f.agents ? 1 : 0);
    resources[m] = f.scenario === "standard" ? Math.ceil(need * 0.5) : deficit + Math.round(need * f.siteMargin * 2 * rng.uniform());
  });
  const total = Object.values(materials).reduce((s, v) => s + v, 0);
  // tasks differ in slack: the timeout is jittered by ±20 % around the family's factor
  const timeout = Math.ceil((total / f.agents) * f.timeoutFactor * (0.8 + 0.4 * rng.uniform()) + 40);
  const disruptions: Disruption[] = [];
  const expected = (f.disruptionRate * timeout * f.agents) / 100;
  const k = Math.round(expected * (0.75 + 0.5 * rng.uniform()));
  for (let i = 0; i < k; i++) {
    const kind = (["path_blocked", "material_loss", "tool_break"] as const)[rng.weightedIndex([0.45, 0.4, 0.15])];
    const d: Disruption = { tick: 5 + rng.int(Math.max(1, Math.floor(timeout * 0.7))), kind, agent: rng.int(f.agents) };
    if (kind === "material_loss") {
      d.item = rng.choice(used);
      d.count = 1 + rng.int(3);
    }
    disruptions.push(d);
  }
  disruptions.sort((a, b) => a.tick - b.tick || a.agent - b.agent);
  return {
    type: "construction",
    goal: `Build the ${f.width}x${f.depth}x${f.levels} structure together (${f.scenario}).`,
    agent_count: f.agents,
    timeout,
    blueprint: { materials, levels },
    initial_inventory: inventory,
    world: {
      scenario: f.scenario,
      inventory_sufficient: f.scenario !== "scarce",
      resources,
      assignment: f.scenario === "standard" ? "stripes" : "interleaved",
      disruptions,
    },
  };
}

/**
 * A task file of `count` tasks of one family, ids `<prefix>_<i>`, each from its own rng fork.
 * @example
 * const file = generateTaskFile("scarce3", { scenario: "scarce" }, 5, createRng(7));
 */
export function generateTaskFile(prefix: string, family: Partial<Family>, count: number, rng: Rng): TaskFile {
  const out: TaskFile = {};
  for (let i = 0; i < count; i++) out[`${prefix}_${i}`] = generateTask(family, rng.fork(prefix, i));
  return out;
}

/** The two scenario presets at a given size. */
export function preset(scenario: "standard" | "scarce", size: Partial<Family> = {}): Family {
  return FamilySchema.parse({ ...size, scenario });
}

/** Blocks the generator's palette draws from (all known to the simulator). */
export const GENERATOR_PALETTE: readonly string[] = PALETTE.filter((p) => (KNOWN_BLOCKS as readonly string[]).includes(p));
