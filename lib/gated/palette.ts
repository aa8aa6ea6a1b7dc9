/**
 * The block and item palette of the construction world: every block MindCraft's construction tasks
 * place (full blocks, stairs, slabs, doors, panes, fences, glass, copper, lights, …) and every item their
 * inventories carry (tools such as diamond_axe, and blocks held but never placed). Names are Minecraft's
 * registry names (1.20/1.21), which MindCraft writes into its task files unchanged.
 *
 * The simulator needs three things of a name: is it a placeable block, is it an item that is not a block,
 * and is it a pickaxe (the tool that digs through a blocked path). Everything else about a block (shape,
 * facing, light) does not change the simulation and is kept only as its `shape` for display and for a
 * Minecraft backend.
 */

export type BlockShape = "full" | "stairs" | "slab" | "door" | "trapdoor" | "pane" | "fence" | "fence_gate" | "wall"
  | "light" | "carpet" | "ladder" | "plant" | "bed" | "utility" | "button" | "pressure_plate" | "sign" | "rail";

const WOODS = ["oak", "spruce", "birch", "jungle", "acacia", "dark_oak", "mangrove", "cherry", "bamboo", "crimson", "warped", "pale_oak"];
const COLORS = ["white", "orange", "magenta", "light_blue", "yellow", "lime", "pink", "gray", "light_gray", "cyan", "purple",
  "blue", "brown", "green", "red", "black"];
/** Stone-like materials that have stairs, slabs and (some) walls in Minecraft. */
const STONES = ["stone", "cobblestone", "mossy_cobblestone", "stone_brick", "mossy_stone_brick", "smooth_stone", "granite",
  "polished_granite", "diorite", "polished_diorite", "andesite", "polished_andesite", "cobbled_deepslate", "polished_deepslate",
  "deepslate_brick", "deepslate_tile", "brick", "mud_brick", "sandstone", "smooth_sandstone", "cut_sandstone", "red_sandstone",
  "smooth_red_sandstone", "cut_red_sandstone", "prismarine", "prismarine_brick", "dark_prismarine", "nether_brick",
  "red_nether_brick", "blackstone", "polished_blackstone", "polished_blackstone_brick", "end_stone_brick", "purpur", "quartz",
  "smooth_quartz", "tuff", "polished_tuff", "tuff_brick"];
const COPPER_STAGES = ["", "exposed_", "weathered_", "oxidized_"];

function buildBlocks(): Map<string, BlockShape> {
  const b = new Map<string, BlockShape>();
  const add = (shape: BlockShape, ...names: string[]) => { for (const n of names) b.set(n, shape); };
  add("full", "stone", "cobblestone", "mossy_cobblestone", "smooth_stone", "granite", "polished_granite", "diorite", "polished_diorite",
    "andesite", "polished_andesite", "deepslate", "cobbled_deepslate", "polished_deepslate", "deepslate_bricks", "deepslate_tiles",
    "stone_bricks", "mossy_stone_bricks", "cracked_stone_bricks", "chiseled_stone_bricks", "bricks", "mud_bricks", "sandstone",
    "smooth_sandstone", "cut_sandstone", "chiseled_sandstone", "red_sandstone", "smooth_red_sandstone", "cut_red_sandstone",
    "prismarine", "prismarine_bricks", "dark_prismarine", "nether_bricks", "red_nether_bricks", "blackstone", "polished_blackstone",
    "polished_blackstone_bricks", "end_stone", "end_stone_bricks", "purpur_block", "purpur_pillar", "quartz_block", "smooth_quartz",
    "quartz_bricks", "quartz_pillar", "chiseled_quartz_block", "tuff", "polished_tuff", "tuff_bricks", "calcite", "dirt",
    "coarse_dirt", "grass_block", "podzol", "mud", "packed_mud", "clay", "sand", "red_sand", "gravel", "snow_block", "ice",
    "packed_ice", "blue_ice", "obsidian", "netherrack", "basalt", "polished_basalt", "glowstone", "sea_lantern", "shroomlight",
    "terracotta", "gold_block", "iron_block", "diamond_block", "emerald_block", "lapis_block", "redstone_block", "coal_block",
    "netherite_block", "amethyst_block", "hay_block", "bookshelf", "sponge", "slime_block", "honey_block", "moss_block",
    "glass", "tinted_glass", "tnt", "pumpkin", "carved_pumpkin", "jack_o_lantern", "melon", "bone_block", "dried_kelp_block",
    "magma_block", "soul_sand", "soul_soil", "copper_ore", "iron_ore", "coal_ore", "gold_ore", "diamond_ore", "raw_copper_block",
    "raw_iron_block", "raw_gold_block");
  for (const w of WOODS) {
    const stem = w === "crimson" || w === "warped";
    const log = stem ? `${w}_stem` : w === "bamboo" ? "bamboo_block" : `${w}_log`;
    add("full", `${w}_planks`, log, stem ? `stripped_${w}_stem` : w === "bamboo" ? "stripped_bamboo_block" : `stripped_${w}_log`,
      stem ? `${w}_hyphae` : `${w}_wood`, `${w}_leaves`);
    add("stairs", `${w}_stairs`);
    add("slab", `${w}_slab`);
    add("door", `${w}_door`);
    add("trapdoor", `${w}_trapdoor`);
    add("fence", `${w}_fence`);
    add("fence_gate", `${w}_fence_gate`);
    add("button", `${w}_button`);
    add("pressure_plate", `${w}_pressure_plate`);
    add("sign", `${w}_sign`, `${w}_wall_sign`, `${w}_hanging_sign`);
  }
  b.delete("bamboo_leaves"); b.delete("bamboo_wood"); b.delete("crimson_leaves"); b.delete("warped_leaves");
  add("full", "bamboo_mosaic");
  add("stairs", "bamboo_mosaic_stairs");
  add("slab", "bamboo_mosaic_slab");
  for (const s of STONES) {
    // Minecraft names the stairs and slabs of "bricks" blocks in the singular ("stone_brick_stairs") and of quartz/purpur by material
    add("stairs", `${s}_stairs`);
    add("slab", `${s}_slab`);
  }
  add("wall", "cobblestone_wall", "mossy_cobblestone_wall", "stone_brick_wall", "mossy_stone_brick_wall", "brick_wall", "sandstone_wall",
    "red_sandstone_wall", "granite_wall", "diorite_wall", "andesite_wall", "prismarine_wall", "nether_brick_wall", "red_nether_brick_wall",
    "end_stone_brick_wall", "blackstone_wall", "polished_blackstone_wall", "polished_blackstone_brick_wall", "cobbled_deepslate_wall",
    "polished_deepslate_wall", "deepslate_brick_wall", "deepslate_tile_wall", "mud_brick_wall", "tuff_wall", "tuff_brick_wall");
  for (const c of COLORS) {
    add("full", `${c}_wool`, `${c}_concrete`, `${c}_concrete_powder`, `${c}_terracotta`, `${c}_glazed_terracotta`, `${c}_stained_glass`);
    add("pane", `${c}_stained_glass_pane`);
    add("carpet", `${c}_carpet`);
    add("bed", `${c}_bed`);
    add("light", `${c}_candle`);
  }
  for (const st of COPPER_STAGES) {
    for (const wax of ["", "waxed_"]) {
      const p = `${wax}${st}`;
      add("full", st === "" ? `${wax}copper_block` : `${p}copper`, `${p}cut_copper`, `${p}chiseled_copper`, `${p}copper_grate`);
      add("stairs", `${p}cut_copper_stairs`);
      add("slab", `${p}cut_copper_slab`);
      add("door", `${p}copper_door`);
      add("trapdoor", `${p}copper_trapdoor`);
      add("light", `${p}copper_bulb`);
    }
  }
  add("pane", "glass_pane", "iron_bars");
  add("door", "iron_door");
  add("trapdoor", "iron_trapdoor");
  add("fence", "nether_brick_fence");
  add("light", "torch", "wall_torch", "soul_torch", "soul_wall_torch", "lantern", "soul_lantern", "redstone_torch", "redstone_lamp",
    "end_rod", "candle", "campfire", "soul_campfire");
  add("carpet", "moss_carpet");
  add("ladder", "ladder", "scaffolding");
  add("rail", "rail", "powered_rail", "detector_rail", "activator_rail");
  add("button", "stone_button", "polished_blackstone_button");
  add("pressure_plate", "stone_pressure_plate", "light_weighted_pressure_plate", "heavy_weighted_pressure_plate");
  add("plant", "flower_pot", "poppy", "dandelion", "blue_orchid", "allium", "azure_bluet", "red_tulip", "orange_tulip", "white_tulip",
    "pink_tulip", "oxeye_daisy", "cornflower", "lily_of_the_valley", "sunflower", "lilac", "rose_bush", "peony", "short_grass",
    "tall_grass", "fern", "large_fern", "dead_bush", "cactus", "sugar_cane", "bamboo", "vine", "lily_pad", "azalea", "flowering_azalea",
    "oak_sapling", "spruce_sapling", "birch_sapling");
  add("utility", "crafting_table", "furnace", "blast_furnace", "smoker", "chest", "barrel", "trapped_chest", "ender_chest", "anvil",
    "enchanting_table", "brewing_stand", "cauldron", "composter", "lectern", "loom", "stonecutter", "grindstone", "smithing_table",
    "cartography_table", "fletching_table", "bell", "jukebox", "note_block", "beacon", "hopper", "dispenser", "dropper", "observer",
    "piston", "sticky_piston", "lever", "daylight_detector", "target", "respawn_anchor", "lodestone", "cake");
  return b;
}

const TOOL_MATERIALS = ["wooden", "stone", "iron", "golden", "diamond", "netherite"];
const TOOL_KINDS = ["pickaxe", "axe", "shovel", "hoe", "sword"];

function buildItems(): Set<string> {
  const s = new Set<string>();
  for (const m of TOOL_MATERIALS) for (const k of TOOL_KINDS) s.add(`${m}_${k}`);
  for (const m of ["leather", "chainmail", "iron", "golden", "diamond", "netherite"]) {
    for (const p of ["helmet", "chestplate", "leggings", "boots"]) s.add(`${m}_${p}`);
  }
  for (const n of ["shears", "flint_and_steel", "bow", "crossbow", "fishing_rod", "shield", "bucket", "water_bucket", "lava_bucket",
    "stick", "coal", "charcoal", "iron_ingot", "gold_ingot", "copper_ingot", "netherite_ingot", "diamond", "emerald", "lapis_lazuli",
    "redstone", "quartz", "raw_iron", "raw_gold", "raw_copper", "string", "feather", "flint", "leather", "paper", "book", "bone",
    "bone_meal", "clay_ball", "brick", "nether_brick", "glowstone_dust", "gunpowder", "slime_ball", "wheat", "wheat_seeds", "bread",
    "apple", "golden_apple", "carrot", "potato", "baked_potato", "cooked_beef", "cooked_chicken", "cooked_porkchop", "beef", "chicken",
    "porkchop", "egg", "sugar", "milk_bucket", "compass", "clock", "map", "arrow", "torch"]) s.add(n);
  return s;
}

const BLOCKS = buildBlocks();
const ITEMS = buildItems();

/** Every placeable block name the world knows (sorted). */
export const KNOWN_BLOCKS: readonly string[] = [...BLOCKS.keys()].sort();
/** Every item name the world knows that an inventory may hold besides blocks (tools, ingots, food, …; sorted). */
export const KNOWN_ITEMS: readonly string[] = [...ITEMS].filter((n) => !BLOCKS.has(n)).sort();
/** The pickaxes: an agent holding one digs through a blocked path. */
export const PICKAXES: readonly string[] = TOOL_MATERIALS.map((m) => `${m}_pickaxe`);

/** Whether a name is a placeable block ("air" is not). */
export function isBlock(name: string): boolean { return BLOCKS.has(name); }
/** Whether a name is a known inventory item that is not a block. */
export function isItem(name: string): boolean { return ITEMS.has(name) && !BLOCKS.has(name); }
/** Whether an item is a pickaxe. */
export function isPickaxe(name: string): boolean { return name.endsWith("_pickaxe") && ITEMS.has(name); }
/** The shape of a block (undefined for a name that is not a block). */
export function blockShape(name: string): BlockShape | undefined { return BLOCKS.get(name); }

/**
 * Up to `k` known names closest to an unknown one (edit distance), for error messages.
 * @example
 * nearestNames("oak_dor", KNOWN_BLOCKS); // ["oak_door", …]
 */
export function nearestNames(name: string, pool: readonly string[], k = 3): string[] {
  const d = (a: string, b: string) => {
    const prev = Array.from({ length: b.length + 1 }, (_, j) => j);
    for (let i = 1; i <= a.length; i++) {
      let diag = prev[0];
      prev[0] = i;
      for (let j = 1; j <= b.length; j++) {
        const tmp = prev[j];
        prev[j] = Math.min(prev[j] + 1, prev[j - 1] + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
        diag = tmp;
      }
    }
    return prev[b.length];
  };
  return pool.map((n) => [n, d(name, n)] as const).sort((x, y) => x[1] - y[1] || (x[0] < y[0] ? -1 : 1)).slice(0, k).map((x) => x[0]);
}
