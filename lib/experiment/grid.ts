/**
 * Grid expansion and cell addressing.
 *
 * A cell is one combination of factor levels and one seed. Its id (`run_id`) lists the
 * factor=level pairs in grid order, then the seed: `mode=willing,force=true,seed=3`.
 * Cells are ordered with the first factor outermost and the seed innermost; this is the
 * order of rows in every table.
 */
import { sha256 } from "../core/hash.js";
import type { Level } from "../core/mechanism.js";

export interface Cell {
  /** `<factor>=<level>,…,seed=<n>`: stable across runs and machines. */
  runId: string;
  /** The factor part of the id (`mode=willing,force=true`), `""` for an empty grid. */
  key: string;
  seed: number;
  condition: Record<string, Level>;
  /** Position in grid order (0-based). */
  index: number;
}

/**
 * The cells of a grid × seeds, in grid order.
 * @example
 * expandGrid([["mode", ["a", "b"]], ["force", [true]]], [1, 2]).map((c) => c.runId);
 * // ["mode=a,force=true,seed=1", "mode=a,force=true,seed=2", "mode=b,force=true,seed=1", "mode=b,force=true,seed=2"]
 */
export function expandGrid(grid: readonly (readonly [string, readonly Level[]])[], seeds: readonly number[]): Cell[] {
  let combos: [string, Level][][] = [[]];
  for (const [factor, levels] of grid) {
    const next: [string, Level][][] = [];
    for (const combo of combos) for (const level of levels) next.push([...combo, [factor, level]]);
    combos = next;
  }
  const cells: Cell[] = [];
  for (const combo of combos) {
    const key = combo.map(([f, l]) => `${f}=${String(l)}`).join(",");
    const condition = Object.fromEntries(combo) as Record<string, Level>;
    for (const seed of seeds) {
      cells.push({ runId: key ? `${key},seed=${seed}` : `seed=${seed}`, key, seed, condition, index: cells.length });
    }
  }
  return cells;
}

/**
 * The file stem of a cell inside a run folder (`cells/<stem>.json`): 16 hex digits of SHA-256 of the run id.
 * @example
 * cellFileStem("mode=a,seed=1"); // "…16 hex digits…"
 */
export function cellFileStem(runId: string): string {
  return sha256(runId).slice(0, 16);
}
