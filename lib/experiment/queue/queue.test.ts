// Parts of queued runs that need no Redis: job ids, the run record's refusal of secrets, versions, artifacts.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { planRun } from "../plan.js";
import { mechanisms } from "../testing/registry.js";
import { collectArtifacts, commitArtifacts } from "./artifacts.js";
import { jobIdOf, runRecordOf } from "./protocol.js";
import { checkRedisUrl, redactUrl } from "./redis.js";
import { versionMismatch } from "./version.js";

const base = { name: "q", mechanism: "echo", grid: { mode: ["a", "b"] }, seeds: [1, 2], params: {} };

test("a job id is the hex hash of the cell address: one per cell, no ':' (BullMQ ids cannot hold one)", async () => {
  const plan = await planRun({ ...base, model: "offline" }, { registry: mechanisms });
  const ids = plan.cells.map((c) => jobIdOf(plan.hash, c.key, c.seed));
  assert.ok(ids.every((id) => /^[0-9a-f]{64}$/.test(id)));
  assert.equal(new Set(ids).size, 4);
  assert.equal(jobIdOf(plan.hash, "mode=a", 1), ids[0], "the same address gives the same id");
  assert.notEqual(jobIdOf("0".repeat(64), "mode=a", 1), ids[0], "another config gives another id");
});

test("the run record carries the config without secrets, and refuses a key in the config", async () => {
  const plan = await planRun({ ...base, model: "offline" }, { registry: mechanisms });
  const rec = runRecordOf(plan, { gitCommit: "abc", lockfileHash: "def" }, 3600);
  assert.equal(rec.configHash, plan.hash);
  assert.equal(rec.cells, 4);
  const again = await planRun(rec.config, { profile: rec.profile, registry: mechanisms });
  assert.equal(again.hash, plan.hash, "a worker plans the same run from the record");

  const keyed = await planRun({ ...base, model: { provider: "openai", model: "gpt-4o-mini", apiKey: "sk-secret" } }, { registry: mechanisms });
  assert.throws(() => runRecordOf(keyed, { gitCommit: "a", lockfileHash: "b" }, 3600), /model\.apiKey: a queued run does not send keys through Redis/);
  const inUrl = await planRun({ ...base, model: "openai-compatible:http://user:pw@127.0.0.1:9/v1#m" }, { registry: mechanisms });
  assert.throws(() => runRecordOf(inUrl, { gitCommit: "a", lockfileHash: "b" }, 3600), /credentials in a URL/);
});

test("URLs: only redis:// and rediss://, and passwords never printed", () => {
  assert.equal(redactUrl("redis://:hunter2@10.0.0.5:6379"), "redis://:***@10.0.0.5:6379");
  assert.throws(() => checkRedisUrl("http://x:1"), /--queue: expected a redis:\/\/ or rediss:\/\/ URL/);
  assert.throws(() => checkRedisUrl("redis://:hunter2@[bad"), (e: Error) => !e.message.includes("hunter2"));
  assert.equal(checkRedisUrl("redis://127.0.0.1:6390"), "redis://127.0.0.1:6390");
});

test("versions: a different commit or lockfile is named with both values", () => {
  const run = { gitCommit: "aaa", lockfileHash: "111" };
  assert.equal(versionMismatch(run, { ...run }), undefined);
  assert.equal(versionMismatch(run, { gitCommit: "bbb", lockfileHash: "111" }), "git commit bbb (the run's is aaa)");
  assert.equal(versionMismatch(run, { gitCommit: "aaa", lockfileHash: "222" }), "lockfile 222 (the run's is 111)");
});

test("artifacts: ledger lines are appended, cache segments land once per job, SQLite rows merge without duplicates", () => {
  const Database = createRequire(import.meta.url)("better-sqlite3") as new (p: string) => {
    exec(s: string): void; prepare(s: string): { run(...a: unknown[]): void; all(): unknown[] }; pragma(s: string): void; close(): void };
  const scratch = mkdtempSync(join(tmpdir(), "agora-art-"));
  mkdirSync(join(scratch, "llm-cache"));
  mkdirSync(join(scratch, "cells"));
  writeFileSync(join(scratch, "ledger.jsonl"), '{"address":"x/1"}\n{"address":"x/2"}\n{"torn');
  writeFileSync(join(scratch, "llm-cache", "seg.jsonl"), '{"key":"k1"}\n');
  writeFileSync(join(scratch, "cells", "c.json"), "{}");
  const db = new Database(join(scratch, "llm-cache", "cache.sqlite"));
  db.pragma("journal_mode = WAL");
  db.exec("CREATE TABLE entries (key TEXT PRIMARY KEY, reply TEXT)");
  db.prepare("INSERT INTO entries VALUES (?, ?)").run("k1", "one");
  db.prepare("INSERT INTO entries VALUES (?, ?)").run("k2", "two");
  const arts = collectArtifacts(scratch); // read while the database is open: its rows are in the -wal file
  db.close();
  assert.deepEqual(arts.map((a) => [a.path, a.kind]), [["ledger.jsonl", "append"], ["llm-cache/cache.sqlite", "sqlite"], ["llm-cache/seg.jsonl", "segment"]]);

  const run = mkdtempSync(join(tmpdir(), "agora-art-run-"));
  mkdirSync(join(run, "llm-cache"));
  const target = new Database(join(run, "llm-cache", "cache.sqlite"));
  target.exec("CREATE TABLE entries (key TEXT PRIMARY KEY, reply TEXT)");
  target.prepare("INSERT INTO entries VALUES (?, ?)").run("k1", "one");
  target.close();
  commitArtifacts(run, "f".repeat(64), arts);
  commitArtifacts(run, "f".repeat(64), arts.filter((a) => a.kind !== "append"));
  assert.equal(readFileSync(join(run, "ledger.jsonl"), "utf8"), '{"address":"x/1"}\n{"address":"x/2"}\n', "whole lines only");
  assert.deepEqual(readdirSync(join(run, "llm-cache")).filter((f) => f.endsWith(".jsonl")), [`q-${"f".repeat(16)}-seg.jsonl`]);
  const merged = new Database(join(run, "llm-cache", "cache.sqlite"));
  assert.deepEqual(merged.prepare("SELECT key, reply FROM entries ORDER BY key").all(), [{ key: "k1", reply: "one" }, { key: "k2", reply: "two" }]);
  merged.close();

  const fresh = mkdtempSync(join(tmpdir(), "agora-art-fresh-"));
  commitArtifacts(fresh, "e".repeat(64), arts);
  const copied = new Database(join(fresh, "llm-cache", "cache.sqlite"));
  assert.equal(copied.prepare("SELECT key FROM entries").all().length, 2, "a run folder without a database gets the worker's whole");
  copied.close();
  assert.throws(() => commitArtifacts(fresh, "e", [{ path: "../x.jsonl", kind: "append", data: "" }]), /leaves the run folder/);
});

test("queue status as text: one row per run, counts right-aligned", async () => {
  const { formatQueueStatus } = await import("./status.js");
  assert.equal(formatQueueStatus([]), "no runs in the queue");
  const text = formatQueueStatus([{ configHash: "3fa9c2e1" + "0".repeat(56), name: "tbs-default", profile: "quick", cells: 40, pending: 10,
    active: 4, failed: 1, done: 25, missing: 0, code: "be2658663dac / lock eac0dfbeacdce6cb", createdAt: "2026-01-01T00:00:00Z" }]);
  assert.equal(text.split("\n")[0], "run          config    cells  pending  active  failed  done  missing  code");
  assert.equal(text.split("\n")[1], "tbs-default  3fa9c2e1     40       10       4       1    25        0  be2658663dac / lock eac0dfbeacdce6cb");
});
