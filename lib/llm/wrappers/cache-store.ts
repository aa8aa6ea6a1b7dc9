/**
 * The replay cache's storage: one SQLite database per cache folder, `<dir>/cache.sqlite` (better-sqlite3, WAL
 * journal), with a UNIQUE key, so any number of processes can read and write it at once and no key ever holds two
 * replies. Entries are read by key (nothing is loaded up front), so a cache of any size opens at once.
 *
 * Writes go behind the calls: `put` queues the entry (visible to `get` at once) and returns; queued entries are
 * inserted in one transaction a few milliseconds later, or at once by `flush()`. A failed write is reported by the
 * next `put` or `flush`. Every open, read or write error names the database file and is fatal: nothing is silently
 * skipped, so a cache that cannot be read is never paid for twice without notice. The WAL's checkpoints (copying
 * committed pages into the main file, with its syncs) run on a worker thread, not on the event loop
 * (`checkpointer.ts`).
 *
 * Stores of one process opening the same folder share one connection (and its queue). A folder holding the JSON
 * lines segments of earlier versions (`*.jsonl`) is imported once, in one transaction that also marks the database
 * as imported: an import that fails leaves nothing behind (a database it created is removed), and the next open
 * imports again.
 */
import { createRequire } from "node:module";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join, resolve as resolvePath } from "node:path";
import type { Usage } from "../../core/model.js";
import { CacheStoreError } from "../errors.js";
import { Checkpointer } from "./checkpointer.js";

/** What a cache entry stores about the reply. */
export interface CachedReply {
  text: string;
  usage: Usage;
  latencyMs: number;
  model: string;
}

// The narrow part of better-sqlite3 (12.x) used here, typed locally; loaded with createRequire (a CommonJS addon).
interface Statement {
  run(...params: unknown[]): unknown;
  get(...params: unknown[]): unknown;
}
interface SqliteDatabase {
  prepare(sql: string): Statement;
  exec(sql: string): void;
  pragma(sql: string): unknown;
  transaction<A extends unknown[]>(fn: (...args: A) => void): (...args: A) => void;
  close(): void;
}
type DatabaseConstructor = new (path: string) => SqliteDatabase;
let Database: DatabaseConstructor | undefined;
const requireCjs = createRequire(import.meta.url);

/** The file name of the database inside a cache folder. */
export const CACHE_FILE = "cache.sqlite";

interface Pending {
  key: string;
  address: string | null;
  request: string;
  reply: CachedReply;
  replace: boolean;
}

/** One open database and its write queue, shared by the stores of this process that use the folder. */
class Connection {
  readonly file: string;
  private readonly db: SqliteDatabase;
  private readonly getStmt: Statement;
  private readonly insert: Statement;
  private readonly replace: Statement;
  private readonly writeBatch: (batch: Pending[]) => void;
  private queue: Pending[] = [];
  /** Queued entries by key (read before the database). */
  private readonly queued = new Map<string, CachedReply>();
  private timer?: NodeJS.Timeout;
  private failure?: Error;
  /** Runs the WAL checkpoints on a worker thread (see `checkpointer.ts`). */
  readonly checkpointer: Checkpointer;

  constructor(dir: string) {
    this.file = join(dir, CACHE_FILE);
    let fresh = false;
    let db: SqliteDatabase | undefined;
    try {
      mkdirSync(dir, { recursive: true });
      fresh = !existsSync(this.file);
      Database ??= requireCjs("better-sqlite3") as DatabaseConstructor;
      this.db = db = new Database(this.file);
      this.db.pragma("journal_mode = WAL");
      this.db.pragma("synchronous = NORMAL");
      this.db.pragma("busy_timeout = 10000");
      // A rowid table with a UNIQUE key: rows of a few KB are cheaper to insert than in a WITHOUT ROWID table.
      this.db.exec(`CREATE TABLE IF NOT EXISTS entries (
        id INTEGER PRIMARY KEY,
        key TEXT NOT NULL UNIQUE,
        address TEXT,
        request TEXT NOT NULL,
        reply TEXT NOT NULL,
        created INTEGER NOT NULL
      )`);
      this.db.exec("CREATE TABLE IF NOT EXISTS meta (k TEXT PRIMARY KEY, v TEXT NOT NULL)");
      this.getStmt = this.db.prepare("SELECT reply FROM entries WHERE key = ?");
      this.insert = this.db.prepare("INSERT OR IGNORE INTO entries (key, address, request, reply, created) VALUES (?, ?, ?, ?, ?)");
      this.replace = this.db.prepare("INSERT OR REPLACE INTO entries (key, address, request, reply, created) VALUES (?, ?, ?, ?, ?)");
      this.writeBatch = this.db.transaction((batch: Pending[]) => {
        const now = Date.now();
        for (const e of batch) (e.replace ? this.replace : this.insert).run(e.key, e.address, e.request, JSON.stringify(e.reply), now);
      });
      this.importSegments(dir);
      this.checkpointer = new Checkpointer({ file: this.file, module: requireCjs.resolve("better-sqlite3"), autocheckpoint: (pages) => this.db.pragma(`wal_autocheckpoint = ${pages}`) });
    } catch (err) {
      if (fresh) {
        // a database this open created and could not fill is removed, so the next open starts (and imports) anew
        try {
          db?.close();
        } catch {
          // closing a database that failed to open
        }
        for (const f of [this.file, `${this.file}-wal`, `${this.file}-shm`]) rmSync(f, { force: true });
      }
      throw err instanceof CacheStoreError ? err : new CacheStoreError(this.file, "cannot be opened", err);
    }
  }

  get(key: string): CachedReply | undefined {
    const q = this.queued.get(key);
    if (q) return q;
    if (this.failure) throw this.failure;
    let row: { reply: string } | undefined;
    try {
      row = this.getStmt.get(key) as { reply: string } | undefined;
    } catch (err) {
      throw new CacheStoreError(this.file, "cannot be read", err);
    }
    if (!row) return undefined;
    try {
      return JSON.parse(row.reply) as CachedReply;
    } catch (err) {
      throw new CacheStoreError(this.file, `holds a damaged entry ${key}`, err);
    }
  }

  put(e: Pending): void {
    if (this.failure) throw this.failure;
    if (!e.replace && this.queued.has(key(e))) return;
    this.queue.push(e);
    this.queued.set(e.key, e.reply);
    if (this.queue.length >= 512) this.write();
    else this.timer ??= setTimeout(() => this.write(), 20);
  }

  /** Writes every queued entry now (one transaction). @throws CacheStoreError naming the file. */
  write(): void {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    if (this.failure) throw this.failure;
    if (this.queue.length === 0) return;
    const batch = this.queue;
    this.queue = [];
    try {
      this.writeBatch(batch);
    } catch (err) {
      this.failure = new CacheStoreError(this.file, "cannot be written", err);
      throw this.failure;
    } finally {
      for (const e of batch) if (this.queued.get(e.key) === e.reply) this.queued.delete(e.key);
    }
    this.checkpointer.written(batch.length);
  }

  count(): number {
    return (this.db.prepare("SELECT count(*) AS n FROM entries").get() as { n: number }).n;
  }

  /** Imports the JSON lines segments of earlier versions, once (one transaction with the mark that it was done). */
  private importSegments(dir: string): void {
    const names = readdirSync(dir).filter((n) => n.endsWith(".jsonl")).sort();
    if (names.length === 0) return;
    if (this.db.prepare("SELECT v FROM meta WHERE k = 'segments-imported'").get()) return;
    const batch: Pending[] = [];
    for (const name of names) {
      const path = join(dir, name);
      let text: string;
      try {
        text = readFileSync(path, "utf8");
      } catch (err) {
        throw new CacheStoreError(path, "(an old segment being imported) cannot be read", err);
      }
      const lines = text.split("\n");
      lines.forEach((line, i) => {
        if (!line) return;
        try {
          const e = JSON.parse(line) as { version: number; key: string; request: unknown; reply: CachedReply };
          if (e.version === 1 && typeof e.key === "string" && e.reply && typeof e.reply.text === "string") {
            batch.push({ key: e.key, address: null, request: JSON.stringify(e.request ?? {}), reply: e.reply, replace: false });
          }
        } catch (err) {
          // Only a torn last line (a crash while writing) may be skipped.
          if (i < lines.length - 1 && lines.slice(i + 1).some(Boolean)) throw new CacheStoreError(path, `line ${i + 1} is not JSON`, err);
        }
      });
    }
    const mark = this.db.prepare("INSERT OR REPLACE INTO meta (k, v) VALUES ('segments-imported', ?)");
    this.db.transaction(() => {
      this.writeBatch(batch);
      mark.run(names.join(","));
    })();
  }
}

function key(e: Pending): string {
  return e.key;
}

const connections = new Map<string, Connection>();

// Entries still queued when the process exits normally are written (a crash loses at most ~20 ms of them).
process.once("exit", () => {
  for (const c of connections.values()) {
    try {
      c.write();
    } catch {
      // already reported to the calls and to flush()
    }
  }
});

/** The replay cache of one folder. */
export class CacheStore {
  readonly dir: string;
  private readonly conn: Connection;

  /** Opens (or creates) `<dir>/cache.sqlite`. @throws CacheStoreError naming the file. */
  constructor(dir: string) {
    this.dir = dir;
    const folder = resolvePath(dir);
    let conn = connections.get(folder);
    if (!conn) connections.set(folder, (conn = new Connection(folder)));
    this.conn = conn;
  }

  /** The database file. */
  get file(): string {
    return this.conn.file;
  }

  /** The stored reply for `key`, if any. @throws CacheStoreError when the file cannot be read. */
  get(key: string): CachedReply | undefined {
    return this.conn.get(key);
  }

  /**
   * Queues an entry (visible to `get` at once). `request` is the entry's request as JSON text (for people reading
   * the cache). With `replace` an existing entry is overwritten (record mode); otherwise the first one stays.
   * @throws the CacheStoreError of an earlier write that failed.
   */
  put(key: string, reply: CachedReply, request: string, address: string | undefined, replace: boolean): void {
    this.conn.put({ key, address: address ?? null, request, reply, replace });
  }

  /** Resolves once every queued entry is in the database; rejects with the write error naming the file. */
  flush(): Promise<void> {
    try {
      this.conn.write();
      return Promise.resolve();
    } catch (err) {
      return Promise.reject(err);
    }
  }

  /** Number of entries in the database (queued ones not included until written). */
  count(): number {
    return this.conn.count();
  }
}

/**
 * The request part of an entry as JSON text: `request` with the schema's JSON text (already serialized: it is the
 * same for every call with that schema) spliced in.
 */
export function requestText(request: Record<string, unknown>, schemaJSON: string | undefined): string {
  const req = JSON.stringify(request);
  if (schemaJSON === undefined) return req;
  return req === "{}" ? `{"schema":${schemaJSON}}` : `${req.slice(0, -1)},"schema":${schemaJSON}}`;
}
