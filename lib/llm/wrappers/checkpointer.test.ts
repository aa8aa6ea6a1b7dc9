import assert from "node:assert/strict";
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { Checkpointer, DEFAULT_AUTOCHECKPOINT } from "./checkpointer.js";
import { CacheStore } from "./cache-store.js";

const requireCjs = createRequire(import.meta.url);
const sqlite = requireCjs.resolve("better-sqlite3");
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const Database = requireCjs("better-sqlite3") as any;

async function until(cond: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 5));
  }
}

test("the worker copies committed pages into the main file, and the writer's own checkpoint waits for 4,000 pages", async () => {
  const dir = mkdtempSync(join(tmpdir(), "agora-checkpoint-"));
  try {
    const file = join(dir, "db.sqlite");
    const db = new Database(file);
    db.pragma("journal_mode = WAL");
    db.exec("CREATE TABLE t (k TEXT PRIMARY KEY, v TEXT)");
    const settings: number[] = [];
    const cp = new Checkpointer({ file, module: sqlite, every: 100, autocheckpoint: (n) => {
      settings.push(n);
      db.pragma(`wal_autocheckpoint = ${n}`);
    } });
    db.pragma("wal_autocheckpoint = 0"); // only the worker checkpoints here
    const insert = db.prepare("INSERT INTO t (k, v) VALUES (?, ?)");
    const batch = db.transaction((from: number) => {
      for (let i = from; i < from + 50; i++) insert.run(`key-${i}`, "x".repeat(500));
    });
    batch(0);
    cp.written(50);
    assert.equal(cp.done, 0, "no checkpoint before `every` entries");
    batch(50);
    cp.written(50);
    await until(() => cp.done === 1);
    assert.deepEqual(settings, [4 * DEFAULT_AUTOCHECKPOINT]);
    // the main file alone (without its WAL) holds every row committed before the checkpoint
    const copy = join(dir, "copy.sqlite");
    copyFileSync(file, copy);
    const alone = new Database(copy, { readonly: true });
    assert.equal(alone.prepare("SELECT count(*) AS n FROM t").get().n, 100);
    alone.close();
    db.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a worker that cannot start hands the checkpoints back to the writing connection", async () => {
  const settings: number[] = [];
  const cp = new Checkpointer({ file: "/nonexistent/db.sqlite", module: sqlite, every: 1, autocheckpoint: (n) => settings.push(n) });
  cp.written(1);
  await until(() => cp.fellBack);
  assert.equal(settings.at(-1), DEFAULT_AUTOCHECKPOINT);
  cp.written(5);
  assert.equal(cp.done, 0);
});

test("a recording store checkpoints on the worker and keeps every entry readable", async () => {
  const dir = mkdtempSync(join(tmpdir(), "agora-checkpoint-store-"));
  try {
    const store = new CacheStore(dir);
    const reply = { text: "{}", usage: { inputTokens: 1, outputTokens: 1 }, latencyMs: 1, model: "m" };
    for (let i = 0; i < 600; i++) {
      store.put(`k${i}`, reply, JSON.stringify({ i, pad: "y".repeat(400) }), `a/${i}`, true);
      if (i % 50 === 49) await store.flush();
    }
    await store.flush();
    const cp = (store as unknown as { conn: { checkpointer: Checkpointer } }).conn.checkpointer;
    await until(() => cp.done >= 1);
    assert.equal(cp.fellBack, false);
    assert.equal(store.count(), 600);
    assert.deepEqual(new CacheStore(dir).get("k599"), reply);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
