/**
 * The memory file: an embedded SQLite database in WAL mode (readers work while a writer ingests).
 *
 * Tables: `deltas` (the append-only log, the stored artefact), `entities` (names and identity aliases), `edges`
 * (the entity graph, co-mention counts), `meta` (format version and options). Dimension states are not stored:
 * they are a deterministic function of the deltas and the options, rebuilt by replay when a file is opened
 * (which keeps each turn's transaction to a few small pages).
 */
import { DataError } from "../../core/errors.js";
import type { Delta, Distribution } from "../types.js";
import { openDatabase, type SqliteDatabase, type Statement } from "./sqlite.js";

/** nous-2 adds each delta's observation kind and confidence; a nous-1 file is upgraded in place when opened for writing. */
export const FORMAT_VERSION = "nous-2";

const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS deltas (
  id INTEGER PRIMARY KEY AUTOINCREMENT, entity TEXT NOT NULL, attribute TEXT NOT NULL, observation TEXT NOT NULL,
  prior TEXT NOT NULL, posterior TEXT NOT NULL, surprise REAL NOT NULL, ts REAL NOT NULL,
  evidence TEXT NOT NULL, evidence_id TEXT NOT NULL, kind TEXT NOT NULL DEFAULT 'state', confidence REAL NOT NULL DEFAULT 1);
CREATE TABLE IF NOT EXISTS entities (name TEXT PRIMARY KEY, canonical TEXT) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS edges (a TEXT NOT NULL, b TEXT NOT NULL, PRIMARY KEY (a, b)) WITHOUT ROWID;
`;

interface DeltaRow {
  id: number;
  entity: string;
  attribute: string;
  observation: string;
  prior: string;
  posterior: string;
  surprise: number;
  ts: number;
  evidence: string;
  evidence_id: string;
  kind: string;
  confidence: number;
}

export function rowToDelta(r: DeltaRow): Delta {
  return {
    id: r.id,
    entity: r.entity,
    attribute: r.attribute,
    observation: r.observation,
    prior: JSON.parse(r.prior) as Distribution,
    posterior: JSON.parse(r.posterior) as Distribution,
    surprise: r.surprise,
    timestamp: r.ts,
    evidence: r.evidence,
    evidenceId: r.evidence_id,
    kind: r.kind as Delta["kind"],
    confidence: r.confidence,
  };
}

/** Prepared statements over one database handle. */
export class Store {
  readonly db: SqliteDatabase;
  readonly path: string;
  private readonly st: Record<string, Statement>;
  /** One transaction wrapper for the handle (better-sqlite3 builds one per call of `db.transaction`). */
  private readonly tx: (fn: () => unknown) => unknown;

  private constructor(db: SqliteDatabase, path: string) {
    this.db = db;
    this.path = path;
    this.st = {
      insertDelta: db.prepare(
        "INSERT INTO deltas (entity, attribute, observation, prior, posterior, surprise, ts, evidence, evidence_id, kind, confidence) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
      ),
      addEntity: db.prepare("INSERT OR IGNORE INTO entities (name, canonical) VALUES (?, NULL)"),
      setCanonical: db.prepare("UPDATE entities SET canonical = ? WHERE name = ?"),
      addEdge: db.prepare(
        "INSERT OR IGNORE INTO edges (a, b) VALUES (?, ?)",
      ),
      getMeta: db.prepare("SELECT value FROM meta WHERE key = ?"),
      setMeta: db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)"),
    };
    this.tx = db.transaction((fn: () => unknown) => fn());
  }

  /**
   * Opens or creates a memory file (":memory:" for a throw-away one).
   *
   * @throws DataError when the file cannot be opened or is not a Nous memory of this format.
   */
  static open(path: string, opts: { readonly?: boolean } = {}): Store {
    let db: SqliteDatabase;
    try {
      db = openDatabase(path, opts);
    } catch (e) {
      if ((e as { code?: string }).code === "dependency") throw e;
      throw new DataError({
        file: path,
        message: `cannot open the memory file (${(e as Error).message})`,
        fix: opts.readonly ? "a reader needs an existing memory file: open it once for writing first" : "check that the folder exists and is writable",
      });
    }
    if (!opts.readonly) {
      db.pragma("journal_mode = WAL");
      db.pragma("synchronous = NORMAL");
      db.pragma("wal_autocheckpoint = 10000");
      db.exec(SCHEMA);
    }
    db.pragma("busy_timeout = 5000");
    const store = new Store(db, path);
    let version = store.getMeta("format");
    if (version === "nous-1" && !opts.readonly) {
      // nous-1 → nous-2: every earlier delta was a state observed with full confidence
      db.exec("ALTER TABLE deltas ADD COLUMN kind TEXT NOT NULL DEFAULT 'state'; ALTER TABLE deltas ADD COLUMN confidence REAL NOT NULL DEFAULT 1;");
      store.setMeta("format", (version = FORMAT_VERSION));
    }
    if (version === undefined && !opts.readonly) store.setMeta("format", FORMAT_VERSION);
    else if (version !== undefined && version !== FORMAT_VERSION) {
      db.close();
      throw new DataError({
        file: path,
        field: "meta.format",
        message: `memory format ${version} is not ${FORMAT_VERSION}`,
        fix: "open it with the agora version that wrote it, or start a new memory file",
      });
    }
    return store;
  }

  getMeta(key: string): string | undefined {
    return (this.st.getMeta.get(key) as { value: string } | undefined)?.value;
  }

  setMeta(key: string, value: string): void {
    this.st.setMeta.run(key, value);
  }

  insertDelta(d: Omit<Delta, "id">): number {
    const r = this.st.insertDelta.run(
      d.entity, d.attribute, d.observation, JSON.stringify(d.prior), JSON.stringify(d.posterior),
      d.surprise, d.timestamp, d.evidence, d.evidenceId, d.kind, d.confidence,
    );
    return Number(r.lastInsertRowid);
  }

  addEntity(name: string): void {
    this.st.addEntity.run(name);
  }

  setCanonical(name: string, canonical: string): void {
    this.st.setCanonical.run(canonical, name);
  }

  /** Adds the undirected edge a–b (stored once, a < b; a no-op when it exists). */
  addEdge(a: string, b: string): void {
    if (a === b) return;
    const [x, y] = a < b ? [a, b] : [b, a];
    this.st.addEdge.run(x, y);
  }

  /** Runs `fn` in one transaction (committed on return, rolled back on throw). */
  transaction<R>(fn: () => R): R {
    return this.tx(fn) as R;
  }

  allDeltas(): Delta[] {
    return (this.db.prepare("SELECT * FROM deltas ORDER BY id").all() as DeltaRow[]).map(rowToDelta);
  }

  deltasOf(entity: string, attribute: string): Delta[] {
    const rows = this.db.prepare("SELECT * FROM deltas WHERE entity = ? AND attribute = ? ORDER BY id").all(entity, attribute);
    return (rows as DeltaRow[]).map(rowToDelta);
  }

  deltasSince(id: number): Delta[] {
    return (this.db.prepare("SELECT * FROM deltas WHERE id > ? ORDER BY id").all(id) as DeltaRow[]).map(rowToDelta);
  }

  /** Deltas after `id` without their prior and posterior (what replay and retrieval need), in log order. */
  lightDeltasSince(id: number): Omit<Delta, "prior" | "posterior">[] {
    const rows = this.db
      .prepare("SELECT id, entity, attribute, observation, surprise, ts, evidence, evidence_id, kind, confidence FROM deltas WHERE id > ? ORDER BY id")
      .all(id) as Omit<DeltaRow, "prior" | "posterior">[];
    return rows.map((r) => ({ id: r.id, entity: r.entity, attribute: r.attribute, observation: r.observation, surprise: r.surprise, timestamp: r.ts, evidence: r.evidence, evidenceId: r.evidence_id, kind: r.kind as Delta["kind"], confidence: r.confidence }));
  }

  allEntities(): { name: string; canonical: string | null }[] {
    return this.db.prepare("SELECT name, canonical FROM entities ORDER BY name").all() as { name: string; canonical: string | null }[];
  }

  allEdges(): { a: string; b: string }[] {
    return this.db.prepare("SELECT a, b FROM edges ORDER BY a, b").all() as { a: string; b: string }[];
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}
