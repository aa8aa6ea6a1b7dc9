/**
 * Task sets with verifiable integer answers, generated from a seed. Text tasks are multi-step word problems
 * (3–5 operations); visual tasks are coloured grids rendered as PNG images (`taskImage`) with a counting question.
 * `difficulty` grows with the number of operations (text) or the grid size (visual); the offline model reads it
 * (an answer is right when its quality beats it), an LLM sees only the prompt and the image.
 */
import type { Rng } from "../core/rng.js";
import { encodePNG } from "./png.js";
import type { Modality } from "./types.js";

export interface Task {
  id: string;
  modality: Modality;
  prompt: string;
  /** The verifiable answer (an integer, as text). */
  answer: string;
  /** Offline model: the latent quality an answer needs to be right (logit scale). */
  difficulty: number;
  /** Visual tasks: the grid, one colour name (or null for white) per cell, row-major. */
  grid?: { size: number; cells: (string | null)[] };
}

const ITEMS = ["pencils", "apples", "tickets", "bolts", "notebooks", "tiles"];
export const COLOURS: Record<string, [number, number, number]> = {
  red: [214, 39, 40], blue: [31, 119, 180], green: [44, 160, 44], yellow: [240, 200, 20],
};
const COLOUR_NAMES = Object.keys(COLOURS);

/** Difficulty offsets per modality, set so the offline model's accuracy falls in 50–70 % (see the tests). */
const TEXT_DIFFICULTY = (steps: number) => 0.15 + 0.2 * (steps - 4);
const VISUAL_DIFFICULTY = (size: number) => 0.1 + 0.2 * (size - 7);

export function makeTasks(modality: Modality, n: number, rng: Rng): Task[] {
  return Array.from({ length: n }, (_, i) => (modality === "text" ? textTask(i, rng.fork("text", i)) : visualTask(i, rng.fork("visual", i))));
}

function textTask(i: number, rng: Rng): Task {
  const item = rng.choice(ITEMS);
  const boxes = 3 + rng.int(7);
  const perBox = 6 + rng.int(9);
  let total = boxes * perBox;
  const sentences = [`A storeroom receives ${boxes} boxes of ${item} with ${perBox} ${item} in each box.`];
  const steps = 3 + rng.int(3);
  for (let k = 1; k < steps; k++) {
    const op = rng.int(4);
    if (op === 0) {
      const more = 2 + rng.int(4);
      const each = 3 + rng.int(8);
      total += more * each;
      sentences.push(`Later ${more} more boxes arrive, each holding ${each} ${item}.`);
    } else if (op === 1 && total > 12) {
      const lost = 1 + rng.int(Math.min(12, total - 1));
      total -= lost;
      sentences.push(`${lost} ${item} turn out to be damaged and are thrown away.`);
    } else if (op === 2) {
      const shelves = 2 + rng.int(3);
      const rest = total % shelves;
      const per = (total - rest) / shelves;
      total = per * (shelves - 1) + rest;
      sentences.push(`The ${item} are shared out equally over ${shelves} shelves (any left over stay in the storeroom), and then one full shelf is sent to another branch.`);
    } else {
      const given = 1 + rng.int(9);
      total += given;
      sentences.push(`A customer returns ${given} ${item}.`);
    }
  }
  return {
    id: `text-${i}`,
    modality: "text",
    prompt: `${sentences.join(" ")} How many ${item} are in the storeroom now?`,
    answer: String(total),
    difficulty: TEXT_DIFFICULTY(steps),
  };
}

function visualTask(i: number, rng: Rng): Task {
  const size = 6 + rng.int(3);
  const cells: (string | null)[] = Array.from({ length: size * size }, () => (rng.uniform() < 0.55 ? rng.choice(COLOUR_NAMES) : null));
  const target = rng.choice(COLOUR_NAMES);
  const kind = rng.int(3);
  let question: string;
  let count = 0;
  if (kind === 0) {
    const row = rng.int(size);
    for (let c = 0; c < size; c++) if (cells[row * size + c] === target) count++;
    question = `How many ${target} cells are there in row ${row + 1} (rows numbered from 1 at the top)?`;
  } else if (kind === 1) {
    const col = rng.int(size);
    for (let r = 0; r < size; r++) if (cells[r * size + col] === target) count++;
    question = `How many ${target} cells are there in column ${col + 1} (columns numbered from 1 at the left)?`;
  } else {
    const half = Math.floor(size / 2);
    for (let r = 0; r < half; r++) for (let c = 0; c < size; c++) if (cells[r * size + c] === target) count++;
    question = `How many ${target} cells are there in the top ${half} rows?`;
  }
  return {
    id: `visual-${i}`,
    modality: "visual",
    prompt: `The image shows a ${size}×${size} grid of square cells; some are coloured (red, blue, green or yellow), the rest are white. ${question}`,
    answer: String(count),
    difficulty: VISUAL_DIFFICULTY(size),
    grid: { size, cells },
  };
}

/** The PNG image of a visual task's grid (24-pixel cells, grey grid lines); undefined for text tasks. */
export function taskImage(task: Task, cellPx = 24): Uint8Array | undefined {
  if (!task.grid) return undefined;
  const { size, cells } = task.grid;
  const side = size * cellPx + 1;
  const rgb = new Uint8Array(side * side * 3).fill(255);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const o = (y * side + x) * 3;
      if (x % cellPx === 0 || y % cellPx === 0) {
        rgb[o] = rgb[o + 1] = rgb[o + 2] = 120;
        continue;
      }
      const colour = cells[Math.floor(y / cellPx) * size + Math.floor(x / cellPx)];
      if (colour) [rgb[o], rgb[o + 1], rgb[o + 2]] = COLOURS[colour];
    }
  }
  return encodePNG(side, side, rgb);
}

/** Normalises an answer for exact comparison (trim, lower case, first integer if any). */
export function normaliseAnswer(text: string): string {
  const m = /-?\d+/.exec(text.replace(/,/g, ""));
  return m ? String(Number(m[0])) : text.trim().toLowerCase();
}
