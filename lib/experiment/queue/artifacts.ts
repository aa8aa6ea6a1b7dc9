/**
 * The files a cell writes beside its rows when its model is an LLM (the usage ledger, replay-cache entries),
 * carried from a worker's scratch folder into the run folder, so that a queued run replays and accounts like
 * a local one.
 *
 * A worker runs each cell with a fresh model whose run folder is an empty scratch folder; everything that
 * appears there except `cells/` and `manifest.json` belongs to that cell. Merging into the run folder:
 *   - a `*.jsonl` file at the top (the ledger): its lines are appended to the run folder's file;
 *   - a `*.jsonl` file in a subfolder (a replay-cache segment): written as a new segment named after the job,
 *     so a second commit of the same job rewrites the same file;
 *   - an SQLite database (with its `-wal`): its rows are inserted into the run folder's database of the same
 *     path table by table (`INSERT OR IGNORE`, so a key stored twice is kept once), or the file is copied
 *     when the run folder has none yet;
 *   - any other file: copied when the run folder has none of that name.
 */
import { appendFileSync, closeSync, copyFileSync, existsSync, fsyncSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync,
  readSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join, relative, sep } from "node:path";
import { createRequire } from "node:module";
import { writeFileAtomic } from "../store.js";

export interface Artifact {
  /** Path relative to the run folder, with `/` separators. */
  path: string;
  kind: "append" | "segment" | "sqlite" | "file";
  /** utf8 text for `append` and `segment`, base64 bytes otherwise. */
  data: string;
  /** For `sqlite`: its write-ahead log (`-wal`), base64, when it had one. */
  wal?: string;
}

const SQLITE_MAGIC = "SQLite format 3\0";
const SKIP = new Set(["manifest.json"]);

function isSqlite(path: string): boolean {
  try {
    const fd = openSync(path, "r");
    try {
      const buf = Buffer.alloc(16);
      const n = readSync(fd, buf, 0, buf.length, 0);
      return n === 16 && buf.toString("latin1") === SQLITE_MAGIC;
    } finally {
      closeSync(fd);
    }
  } catch {
    return false;
  }
}

function walk(dir: string, out: string[]): string[] {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else out.push(p);
  }
  return out;
}

/**
 * The artifacts in a worker's scratch folder after one cell.
 * @example
 * collectArtifacts("/tmp/agora-job-x"); // [{ path: "llm-cache/…jsonl", kind: "segment", data: "…" }]
 */
export function collectArtifacts(scratch: string): Artifact[] {
  if (!existsSync(scratch)) return [];
  const files = walk(scratch, []);
  const out: Artifact[] = [];
  for (const file of files) {
    const rel = relative(scratch, file).split(sep).join("/");
    if (rel.startsWith("cells/") || SKIP.has(rel) || rel.includes(".tmp-")) continue;
    if (/-(wal|shm|journal)$/.test(rel)) continue; // carried with their database
    if (isSqlite(file)) {
      const wal = `${file}-wal`;
      out.push({ path: rel, kind: "sqlite", data: readFileSync(file).toString("base64"),
        ...(existsSync(wal) && statSync(wal).size > 0 ? { wal: readFileSync(wal).toString("base64") } : {}) });
    } else if (rel.endsWith(".jsonl")) {
      const text = readFileSync(file, "utf8");
      if (!text) continue;
      // a torn last line (a crash while writing) is not carried
      const whole = text.endsWith("\n") ? text : text.slice(0, text.lastIndexOf("\n") + 1);
      if (whole) out.push({ path: rel, kind: rel.includes("/") ? "segment" : "append", data: whole });
    } else {
      out.push({ path: rel, kind: "file", data: readFileSync(file).toString("base64") });
    }
  }
  return out;
}

function safePath(runDir: string, rel: string): string {
  if (rel.split("/").some((part) => part === ".." || part === "") || rel.startsWith("/")) {
    throw new Error(`artifact path "${rel}" leaves the run folder`);
  }
  return join(runDir, ...rel.split("/"));
}

/** The part of better-sqlite3 used here (loaded only when a cell wrote a database). */
interface SqliteDb {
  pragma(text: string): unknown;
  prepare(sql: string): { run(...args: unknown[]): unknown; get(...args: unknown[]): unknown; all(...args: unknown[]): unknown[] };
  exec(sql: string): unknown;
  transaction(f: () => void): () => void;
  close(): void;
}
const openSqlite = (path: string): SqliteDb => {
  const Database = createRequire(import.meta.url)("better-sqlite3") as new (path: string) => SqliteDb;
  return new Database(path);
};

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

function mergeSqlite(target: string, a: Artifact): void {
  mkdirSync(dirname(target), { recursive: true });
  const tmp = mkdtempSync(join(tmpdir(), "agora-merge-"));
  try {
    const src = join(tmp, basename(target));
    writeFileSync(src, Buffer.from(a.data, "base64"));
    if (a.wal) writeFileSync(`${src}-wal`, Buffer.from(a.wal, "base64"));
    if (!existsSync(target)) {
      // checkpoint the log into the file, then copy it in whole
      const s = openSqlite(src);
      s.pragma("wal_checkpoint(TRUNCATE)");
      s.close();
      copyFileSync(src, `${target}.tmp-merge`);
      const fd = openSync(`${target}.tmp-merge`, "r+");
      fsyncSync(fd);
      closeSync(fd);
      renameSync(`${target}.tmp-merge`, target);
      return;
    }
    const db = openSqlite(target);
    try {
      db.pragma("busy_timeout = 10000");
      db.prepare("ATTACH DATABASE ? AS src").run(src);
      const tables = db.prepare("SELECT name, sql FROM src.sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as { name: string; sql: string }[];
      db.transaction(() => {
        for (const t of tables) {
          const exists = db.prepare("SELECT 1 FROM main.sqlite_master WHERE type = 'table' AND name = ?").get(t.name);
          if (!exists) db.exec(t.sql);
          db.exec(`INSERT OR IGNORE INTO main.${quote(t.name)} SELECT * FROM src.${quote(t.name)}`);
        }
      })();
      db.exec("DETACH DATABASE src");
    } finally {
      db.close();
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
/**
 * Writes one cell's artifacts into the run folder (see the file comment for how each kind merges).
 * @throws {Error} for a path outside the run folder, or a file-system error.
 */
export function commitArtifacts(runDir: string, jobId: string, artifacts: readonly Artifact[]): void {
  for (const a of artifacts) {
    const target = safePath(runDir, a.path);
    mkdirSync(dirname(target), { recursive: true });
    if (a.kind === "append") {
      const fd = openSync(target, "a");
      try {
        appendFileSync(fd, a.data);
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
    } else if (a.kind === "segment") {
      writeFileAtomic(join(dirname(target), `q-${jobId.slice(0, 16)}-${basename(target)}`), a.data);
    } else if (a.kind === "sqlite") {
      mergeSqlite(target, a);
    } else if (!existsSync(target)) {
      writeFileSync(target, Buffer.from(a.data, "base64"));
    }
  }
}
