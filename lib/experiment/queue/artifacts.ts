/**
 * What a cell leaves beside its rows when its model is an LLM, carried from a worker into the run folder, so a
 * queued run replays and accounts like a local one:
 *   - ledger lines (`ledger.jsonl`, one per HTTP request, cache hit or write-ahead "sent" line), appended to the
 *     run folder's ledger;
 *   - replay-cache entries (rows of `llm-cache/cache.sqlite`), inserted into the run folder's cache with
 *     `INSERT OR IGNORE`, so an entry stored twice is kept once.
 *
 * A worker runs all its cells of one run on one model whose run folder is a scratch folder. Every ledger line and
 * cache entry carries its call's address (`<mechanism>/<cell key>/seed=<n>/…`), so a cell's share is the lines and
 * rows whose address starts with the cell's prefix, whatever other cells ran beside it. Lines without an address
 * (none today) go with the next cell taken. The llm layer's formats are read only this far: JSON lines with an
 * `address` field, and SQLite tables with an `address` column.
 */
import { appendFileSync, closeSync, existsSync, fsyncSync, mkdirSync, openSync, readSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

export type Artifact =
  /** Whole lines appended to the run folder's file at `path`. */
  | { kind: "lines"; path: string; data: string }
  /** Rows of `table` in the SQLite database at `path`, created with `schema` when the run folder has none. */
  | { kind: "rows"; path: string; table: string; schema: string; columns: string[]; rows: unknown[][] };

export const LEDGER_FILE = "ledger.jsonl";
export const CACHE_DB = join("llm-cache", "cache.sqlite");

/** The part of better-sqlite3 used here (loaded only for LLM runs). */
interface SqliteDb {
  pragma(text: string): unknown;
  prepare(sql: string): { run(...args: unknown[]): unknown; get(...args: unknown[]): unknown; all(...args: unknown[]): unknown[]; raw(on?: boolean): { all(...args: unknown[]): unknown[] } };
  exec(sql: string): unknown;
  transaction(f: () => void): () => void;
  close(): void;
}
const openSqlite = (path: string): SqliteDb => {
  const Database = createRequire(import.meta.url)("better-sqlite3") as new (path: string) => SqliteDb;
  return new Database(path);
};
const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The address prefix of every call of a cell. */
export function cellPrefix(mechanism: string, key: string, seed: number): string {
  return `${mechanism}/${key}/seed=${seed}/`;
}

/** A worker's scratch run folder for one run: hands out each cell's ledger lines and cache rows. */
export class ScratchRun {
  readonly dir: string;
  private offset = 0;
  private held: { address?: string; line: string }[] = [];
  private db?: SqliteDb;

  constructor(dir: string) {
    this.dir = dir;
  }

  /** This cell's ledger lines and replay-cache rows (flush the model's cache first). */
  take(prefix: string): Artifact[] {
    const out: Artifact[] = [];
    const lines = this.takeLines(prefix);
    if (lines) out.push({ kind: "lines", path: LEDGER_FILE, data: lines });
    out.push(...this.takeRows(prefix));
    return out;
  }

  private takeLines(prefix: string): string {
    const path = join(this.dir, LEDGER_FILE);
    if (existsSync(path)) {
      const size = statSync(path).size;
      if (size > this.offset) {
        const buf = Buffer.alloc(size - this.offset);
        const fd = openSync(path, "r");
        try {
          readSync(fd, buf, 0, buf.length, this.offset);
        } finally {
          closeSync(fd);
        }
        const text = buf.toString("utf8");
        const whole = text.lastIndexOf("\n") + 1; // a line being written stays for the next call
        this.offset += Buffer.byteLength(text.slice(0, whole));
        for (const line of text.slice(0, whole).split("\n")) {
          if (!line) continue;
          let address: string | undefined;
          try {
            const a = (JSON.parse(line) as { address?: unknown }).address;
            address = typeof a === "string" ? a : undefined;
          } catch {
            address = undefined;
          }
          this.held.push({ address, line });
        }
      }
    }
    const mine = this.held.filter((l) => l.address === undefined || l.address.startsWith(prefix));
    if (!mine.length) return "";
    this.held = this.held.filter((l) => !(l.address === undefined || l.address.startsWith(prefix)));
    return mine.map((l) => l.line + "\n").join("");
  }

  private takeRows(prefix: string): Artifact[] {
    const path = join(this.dir, CACHE_DB);
    if (!this.db) {
      if (!existsSync(path)) return [];
      this.db = openSqlite(path);
      this.db.pragma("busy_timeout = 10000");
    }
    return rowsByPrefix(this.db, prefix);
  }

  close(): void {
    this.db?.close();
    this.db = undefined;
  }
}

/**
 * The replay-cache rows of a run folder whose address starts with `prefix` (a cell's calls), for a worker to
 * start from when the cell runs again (`--resume` of a degraded or failed cell: only the failed calls are sent).
 */
export function cacheRowsOf(runDir: string, prefix: string): Artifact[] {
  const path = join(runDir, CACHE_DB);
  if (!existsSync(path)) return [];
  const db = openSqlite(path);
  try {
    db.pragma("busy_timeout = 10000");
    return rowsByPrefix(db, prefix);
  } finally {
    db.close();
  }
}

function rowsByPrefix(db: SqliteDb, prefix: string): Artifact[] {
  const tables = db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as { name: string; sql: string }[];
  const out: Artifact[] = [];
  for (const t of tables) {
    // A rowid alias (INTEGER PRIMARY KEY) is local to each worker's database: copying it would make rows of two
    // workers collide on it, and INSERT OR IGNORE would drop one of them. The entry's identity is its UNIQUE key.
    const info = db.prepare(`PRAGMA table_info(${quote(t.name)})`).all() as { name: string; type: string; pk: number }[];
    const columns = info.filter((c) => !(c.pk === 1 && c.type.toUpperCase() === "INTEGER")).map((c) => c.name);
    if (!columns.includes("address")) continue;
    const rows = db.prepare(`SELECT ${columns.map(quote).join(", ")} FROM ${quote(t.name)} WHERE substr(address, 1, ?) = ?`).raw(true)
      .all(prefix.length, prefix) as unknown[][];
    if (rows.length) out.push({ kind: "rows", path: "llm-cache/cache.sqlite", table: t.name, schema: t.sql, columns, rows });
  }
  return out;
}

function safePath(runDir: string, rel: string): string {
  if (rel.startsWith("/") || rel.split("/").some((part) => part === ".." || part === "")) {
    throw new Error(`artifact path "${rel}" leaves the run folder`);
  }
  return join(runDir, ...rel.split("/"));
}

/**
 * Writes one cell's artifacts into the run folder: lines appended (and fsynced), rows inserted (`INSERT OR IGNORE`).
 * @throws {Error} for a path outside the run folder, or a file-system or database error.
 */
export function commitArtifacts(runDir: string, artifacts: readonly Artifact[]): void {
  for (const a of artifacts) {
    const target = safePath(runDir, a.path);
    mkdirSync(dirname(target), { recursive: true });
    if (a.kind === "lines") {
      const fd = openSync(target, "a");
      try {
        appendFileSync(fd, a.data);
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      continue;
    }
    const db = openSqlite(target);
    try {
      db.pragma("busy_timeout = 10000");
      const exists = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(a.table);
      if (!exists) {
        db.pragma("journal_mode = WAL");
        db.exec(a.schema);
      }
      const insert = db.prepare(`INSERT OR IGNORE INTO ${quote(a.table)} (${a.columns.map(quote).join(", ")}) VALUES (${a.columns.map(() => "?").join(", ")})`);
      db.transaction(() => {
        for (const row of a.rows) insert.run(...row);
      })();
    } finally {
      db.close();
    }
  }
}
