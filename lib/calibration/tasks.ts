/**
 * Task sets with verifiable answers, for the LLM executor and judge; the offline model uses only
 * their ids and modality. Text tasks are arithmetic word problems; visual tasks are grid scenes
 * rendered as text (a description of coloured cells) with a counting question. Generated from a seed.
 */
import type { Rng } from "../core/rng.js";
import type { Modality } from "./types.js";

export interface Task {
  id: string;
  modality: Modality;
  prompt: string;
  /** The verifiable answer (an integer, as text). */
  answer: string;
}

const ITEMS = ["pencils", "apples", "tickets", "bolts", "notebooks", "tiles"];
const COLOURS = ["red", "blue", "green", "yellow"];

export function makeTasks(modality: Modality, n: number, rng: Rng): Task[] {
  return Array.from({ length: n }, (_, i) => (modality === "text" ? textTask(i, rng.fork("text", i)) : visualTask(i, rng.fork("visual", i))));
}

function textTask(i: number, rng: Rng): Task {
  const item = rng.choice(ITEMS);
  const packs = 2 + rng.int(8);
  const perPack = 3 + rng.int(10);
  const lost = 1 + rng.int(perPack);
  const given = 1 + rng.int(5);
  const answer = packs * perPack - lost - given;
  return {
    id: `text-${i}`,
    modality: "text",
    prompt: `A storeroom receives ${packs} boxes of ${item} with ${perPack} ${item} in each box. ${lost} ${item} arrive damaged and are thrown away, and ${given} are given to a neighbour. How many ${item} are left?`,
    answer: String(answer),
  };
}

function visualTask(i: number, rng: Rng): Task {
  const size = 4 + rng.int(3);
  const target = rng.choice(COLOURS);
  const row = rng.int(size);
  const cells: string[] = [];
  let count = 0;
  for (let r = 0; r < size; r++) {
    for (let c = 0; c < size; c++) {
      if (rng.uniform() < 0.45) {
        const colour = rng.choice(COLOURS);
        cells.push(`(${r},${c}) ${colour}`);
        if (r === row && colour === target) count++;
      }
    }
  }
  return {
    id: `visual-${i}`,
    modality: "visual",
    prompt:
      `Picture a ${size}×${size} grid of cells, rows and columns numbered from 0. Coloured cells (row,column): ` +
      `${cells.join("; ") || "none"}. All other cells are white. How many ${target} cells are there in row ${row}?`,
    answer: String(count),
  };
}

/** Normalises an answer for exact comparison (trim, lower case, first integer if any). */
export function normaliseAnswer(text: string): string {
  const m = /-?\d+/.exec(text.replace(/,/g, ""));
  return m ? String(Number(m[0])) : text.trim().toLowerCase();
}
