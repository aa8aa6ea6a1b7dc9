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
import { closeSync, fsyncSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, renameSync, rmSync, writeSync } from "node:fs";
import { join } from "node:path";
import { StringDecoder } from "node:string_decoder";
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
  /** The fingerprint of the code that computed the cell (`codeFingerprint`); a resume recomputes a cell of other code. */
  code?: string;
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

/**
 * Writes `lines` to `path` atomically, each followed by "\n", in batches: the file is never one string, so a table
 * larger than the longest string the runtime allows can be written.
 * @example
 * writeLinesAtomic("out/turns.jsonl", rows.map((r) => JSON.stringify(r)));
 */
export function writeLinesAtomic(path: string, lines: Iterable<string>): void {
  const tmp = `${path}.tmp-${process.pid}-${tempCounter++}`;
  const fd = openSync(tmp, "w");
  try {
    let batch: string[] = [];
    let size = 0;
    for (const line of lines) {
      batch.push(line, "\n");
      size += line.length + 1;
      if (size >= 1 << 22) {
        writeSync(fd, batch.join(""));
        batch = [];
        size = 0;
      }
    }
    if (batch.length) writeSync(fd, batch.join(""));
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
    let n = 0;
    function* lines(): Generator<string> {
      for (const cell of cells) {
        const rec = done.get(cell.runId);
        for (const row of rec?.tables[t] ?? []) {
          n++;
          yield JSON.stringify(row);
        }
      }
    }
    writeLinesAtomic(join(dir, `${t}.jsonl`), lines());
    counts[t] = n;
  }
  return counts;
}

/**
 * Reads a `<table>.jsonl` file into rows, line by line from chunks of `chunkBytes`: the file is never one string,
 * so a table larger than the longest string the runtime allows can be read.
 * @throws {SyntaxError} for a line that is not JSON (its 1-based line number in the message).
 * @example
 * readTable("data/runs/x/turns.jsonl")[0].run_id; // "mode=willing,seed=1"
 */
export function readTable(path: string, chunkBytes = 1 << 22): Row[] {
  const rows: Row[] = [];
  const fd = openSync(path, "r");
  const buf = Buffer.allocUnsafe(chunkBytes);
  const decoder = new StringDecoder("utf8");
  let rest = "";
  let lineNo = 0;
  const parse = (line: string) => {
    lineNo++;
    if (!line.trim()) return;
    try {
      rows.push(JSON.parse(line) as Row);
    } catch (err) {
      throw new SyntaxError(`line ${lineNo}: ${(err as Error).message}`);
    }
  };
  try {
    for (;;) {
      const n = readSync(fd, buf, 0, chunkBytes, null);
      if (n === 0) break;
      const text = rest + decoder.write(buf.subarray(0, n));
      let from = 0;
      for (let nl = text.indexOf("\n"); nl >= 0; nl = text.indexOf("\n", from)) {
        parse(text.slice(from, nl));
        from = nl + 1;
      }
      rest = text.slice(from);
    }
    parse(rest + decoder.end());
  } finally {
    closeSync(fd);
  }
  return rows;
}
