/**
 * The run folder on disk.
 *
 *   <dir>/manifest.json        what ran, how, when, and the status of every cell
 *   <dir>/cells/<stem>.json    one completed cell's rows (written to a temp file, then renamed)
 *   <dir>/<table>.jsonl        every table, rows in grid order (assembled from cells/ at the end)
 *
 * `cells/` is the source of truth: a file there is a completed cell, whole (rename is atomic on
 * one file system). Tables and the manifest are derived and rewritten atomically too.
 */
import { closeSync, fsyncSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, writeSync } from "node:fs";
import { join } from "node:path";
import type { Level } from "../core/mechanism.js";
import type { Usage } from "../core/model.js";
import type { CellCalls } from "./cell-health.js";
import { cellFileStem, type Cell } from "./grid.js";

export type Row = Record<string, unknown>;

/** A completed cell as stored in `cells/<stem>.json`. */
export interface CellRecord {
  runId: string;
  configHash: string;
  seed: number;
  condition: Record<string, Level>;
  tables: Record<string, Row[]>;
  usage?: Usage & { calls: number };
  durationMs: number;
  /** `ok` (the default when absent) or `degraded` (some LLM calls failed after retries; rerun on resume). */
  health?: "ok" | "degraded";
  /** What the cell's LLM calls did (LLM runs only). */
  calls?: CellCalls;
}

let tempCounter = 0;

/**
 * Writes `text` to `path` atomically: a temp file in the same folder, fsync, rename.
 * A reader (or a process killed mid-write) sees either the old file or the whole new one.
 * @throws {Error} the file-system error, when the folder is not writable.
 * @example
 * writeFileAtomic("out/manifest.json", "{}\n");
 */
export function writeFileAtomic(path: string, text: string): void {
  const tmp = `${path}.tmp-${process.pid}-${tempCounter++}`;
  const fd = openSync(tmp, "w");
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, path);
}

/** Path of a cell's file inside a run folder. */
export function cellPath(dir: string, runId: string): string {
  return join(dir, "cells", `${cellFileStem(runId)}.json`);
}

/** Stores a completed cell atomically. */
export function writeCell(dir: string, record: CellRecord): void {
  mkdirSync(join(dir, "cells"), { recursive: true });
  writeFileAtomic(cellPath(dir, record.runId), JSON.stringify(record) + "\n");
}

/**
 * Reads the completed cells of a run folder, by run id. Leftover temp files of a killed run are removed;
 * unreadable cell files are ignored (their cells run again).
 * @example
 * readCells("data/runs/x").size; // completed cells
 */
export function readCells(dir: string): Map<string, CellRecord> {
  const out = new Map<string, CellRecord>();
  const cdir = join(dir, "cells");
  let names: string[];
  try {
    names = readdirSync(cdir);
  } catch {
    return out;
  }
  for (const name of names.sort()) {
    const p = join(cdir, name);
    if (name.includes(".tmp-")) {
      rmSync(p, { force: true });
      continue;
    }
    if (!name.endsWith(".json")) continue;
    try {
      const rec = JSON.parse(readFileSync(p, "utf8")) as CellRecord;
      if (rec && typeof rec.runId === "string" && `${cellFileStem(rec.runId)}.json` === name) out.set(rec.runId, rec);
    } catch {
      // a file not written by writeCell: ignore it, the cell runs again
    }
  }
  return out;
}

/**
 * Writes one `<table>.jsonl` per table from the completed cells, rows in grid order.
 * Returns the row count of each table.
 * @example
 * writeTables(dir, ["turns"], cells, readCells(dir)); // { turns: 1200 }
 */
export function writeTables(dir: string, tableNames: readonly string[], cells: readonly Cell[], done: Map<string, CellRecord>): Record<string, number> {
  const names = [...tableNames];
  const extra = new Set<string>();
  for (const rec of done.values()) for (const t of Object.keys(rec.tables)) if (!names.includes(t)) extra.add(t);
  names.push(...[...extra].sort());
  const counts: Record<string, number> = {};
  for (const t of names) {
    const lines: string[] = [];
    for (const cell of cells) {
      const rec = done.get(cell.runId);
      for (const row of rec?.tables[t] ?? []) lines.push(JSON.stringify(row));
    }
    writeFileAtomic(join(dir, `${t}.jsonl`), lines.length ? lines.join("\n") + "\n" : "");
    counts[t] = lines.length;
  }
  return counts;
}

/**
 * Reads a `<table>.jsonl` file into rows.
 * @example
 * readTable("data/runs/x/turns.jsonl")[0].run_id; // "mode=willing,seed=1"
 */
export function readTable(path: string): Row[] {
  const text = readFileSync(path, "utf8");
  const rows: Row[] = [];
  for (const line of text.split("\n")) if (line.trim()) rows.push(JSON.parse(line) as Row);
  return rows;
}
