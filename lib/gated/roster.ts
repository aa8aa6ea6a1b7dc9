/**
 * Who takes part in a task and what each holds at the start, read as MindCraft reads a task file
 * (src/agent/tasks/tasks.js, `initBotTask`): agent i (0 ≤ i < agent_count) gets `initial_inventory["i"]`, or nothing
 * when the file has no such key; the j-th human (`human_count`) gets `initial_inventory[agent_count + j]`; any other
 * inventory of the file is never handed out. MindCraft's humans are people at the keyboard. Here they are either
 * **scripted** (the default: extra participants that build their share of the blueprint with their own inventory,
 * answer teammates' requests like any agent, and ask for whatever they lack through the policy's channel, always,
 * without a gate; their requests get no counterfactual, UER judges the policy's agents) or **absent** (left out, with
 * their inventories); a warning says which, and what is dropped.
 */
import type { TaskSpec } from "./types.js";

/** How the humans of a task file (`human_count`) take part. */
export type Humans = "scripted" | "absent";

export interface Roster {
  /** Participants: the file's agents, then its humans when scripted. */
  n: number;
  /** Each participant's inventory (item → count), as MindCraft hands it out. */
  inventories: Record<string, number>[];
  /** 1 for a scripted human. */
  scripted: Uint8Array;
  /** Display names: "agent i", or the human's username ("human j" when the file names none). */
  names: string[];
  /** The `initial_inventory` key each participant's inventory came from. */
  keys: string[];
  warnings: string[];
}

const listItems = (inv: Record<string, number>) => Object.entries(inv).map(([k, v]) => `${v} ${k}`).join(", ") || "nothing";

/**
 * The participants of a task and their inventories.
 * @example
 * rosterOf({ agent_count: 1, human_count: 1, initial_inventory: { "0": { stone: 4 }, "1": { glass: 2 } }, … }, "scripted").n; // 2
 */
export function rosterOf(t: TaskSpec & { human_count?: number; usernames?: string[] }, humans: Humans): Roster {
  const agents = t.agent_count;
  const h = t.human_count ?? 0;
  const inv = t.initial_inventory;
  const warnings: string[] = [];
  const inventories: Record<string, number>[] = [];
  const names: string[] = [];
  const keys: string[] = [];
  const used = new Set<string>();
  for (let a = 0; a < agents; a++) {
    const k = String(a);
    if (!(k in inv)) warnings.push(`initial_inventory has no "${k}": agent ${a} starts with nothing (as in MindCraft)`);
    else used.add(k);
    inventories.push({ ...(inv[k] ?? {}) });
    names.push(`agent ${a}`);
    keys.push(k);
  }
  const scripted: number[] = new Array(agents).fill(0);
  for (let j = 0; j < h; j++) {
    const k = String(agents + j);
    const name = t.usernames?.[j] ?? `human ${j}`;
    const held = inv[k] ?? {};
    if (k in inv) used.add(k);
    if (humans === "scripted") {
      inventories.push({ ...held });
      names.push(name);
      keys.push(k);
      scripted.push(1);
      warnings.push(`human_count ${h}: ${name} (inventory "${k}": ${listItems(held)}) is a scripted participant: it builds its share of the blueprint, answers requests, and asks for what it lacks`);
    } else {
      warnings.push(`human_count ${h}: ${name} is absent; dropped with it: inventory "${k}" (${listItems(held)}), and its share of the work goes to the agents`);
    }
  }
  for (const k of Object.keys(inv)) {
    if (used.has(k)) continue;
    warnings.push(`initial_inventory "${k}" (${listItems(inv[k])}) belongs to no participant (agent_count ${agents}, human_count ${h}): MindCraft never hands it out; dropped`);
  }
  return { n: inventories.length, inventories, scripted: Uint8Array.from(scripted), names, keys, warnings };
}
