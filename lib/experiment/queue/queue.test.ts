// Parts of queued runs that need no Redis: job ids, the run record's refusal of secrets, versions, artifacts.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { planRun } from "../plan.js";
import { mechanisms } from "../testing/registry.js";
import { cellPrefix, commitArtifacts, ScratchRun } from "./artifacts.js";
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

test("artifacts: a cell takes the ledger lines and cache rows of its own addresses, and they merge into the run folder once", () => {
  const Database = createRequire(import.meta.url)("better-sqlite3") as new (p: string) => {
    exec(s: string): void; prepare(s: string): { run(...a: unknown[]): void; all(): unknown[] }; pragma(s: string): void; close(): void };
  const scratch = mkdtempSync(join(tmpdir(), "agora-art-"));
  mkdirSync(join(scratch, "llm-cache"));
  const a = cellPrefix("echo", "mode=a", 1);
  const b = cellPrefix("echo", "mode=b", 1);
  assert.equal(a, "echo/mode=a/seed=1/");
  writeFileSync(join(scratch, "ledger.jsonl"), [`{"event":"sent","address":"${a}asker/step=0/agent=-/sample=0"}`,
    `{"event":"sent","address":"${b}asker/step=0/agent=-/sample=0"}`, `{"event":"done","address":"${a}asker/step=0/agent=-/sample=0"}`].join("\n") + "\n{\"torn");
  const db = new Database(join(scratch, "llm-cache", "cache.sqlite"));
  db.pragma("journal_mode = WAL");
  db.exec("CREATE TABLE entries (key TEXT PRIMARY KEY NOT NULL, address TEXT, reply TEXT NOT NULL) WITHOUT ROWID");
  db.prepare("INSERT INTO entries VALUES (?, ?, ?)").run("k1", `${a}asker/step=0/agent=-/sample=0`, "one");
  db.prepare("INSERT INTO entries VALUES (?, ?, ?)").run("k2", `${b}asker/step=0/agent=-/sample=0`, "two");
  db.prepare("INSERT INTO entries VALUES (?, ?, ?)").run("k3", "echo/mode=a/seed=11/asker/step=0/agent=-/sample=0", "not seed 1");

  const run = new ScratchRun(scratch);
  const mine = run.take(a); // read while the writer's connection is open: its rows are in the -wal file
  assert.deepEqual(mine.map((x) => [x.kind, x.path]), [["lines", "ledger.jsonl"], ["rows", "llm-cache/cache.sqlite"]]);
  assert.equal(mine[0].kind === "lines" && mine[0].data.split("\n").filter(Boolean).length, 2, "cell a's two lines, not b's, not the torn one");
  assert.deepEqual(mine[1].kind === "rows" && mine[1].rows, [["k1", `${a}asker/step=0/agent=-/sample=0`, "one"]]);
  assert.deepEqual(run.take(a).map((x) => x.kind), ["rows"], "lines are taken once; rows are read again (and inserted once)");
  const theirs = run.take(b);
  assert.equal(theirs.length, 2);
  run.close();
  db.close();

  const dir = mkdtempSync(join(tmpdir(), "agora-art-run-"));
  commitArtifacts(dir, mine);
  commitArtifacts(dir, theirs);
  commitArtifacts(dir, theirs.filter((x) => x.kind === "rows"));
  assert.equal(readFileSync(join(dir, "ledger.jsonl"), "utf8").split("\n").filter(Boolean).length, 3);
  const merged = new Database(join(dir, "llm-cache", "cache.sqlite"));
  assert.deepEqual(merged.prepare("SELECT key, reply FROM entries ORDER BY key").all(), [{ key: "k1", reply: "one" }, { key: "k2", reply: "two" }]);
  merged.close();
  assert.throws(() => commitArtifacts(dir, [{ kind: "lines", path: "../x.jsonl", data: "" }]), /leaves the run folder/);
});

test("queue status as text: one row per run, counts right-aligned", async () => {
  const { formatQueueStatus } = await import("./status.js");
  assert.equal(formatQueueStatus([]), "no runs in the queue");
  const text = formatQueueStatus([{ configHash: "3fa9c2e1" + "0".repeat(56), name: "tbs-default", profile: "quick", cells: 40, pending: 10,
    active: 4, failed: 1, done: 25, missing: 0, code: "be2658663dac / lock eac0dfbeacdce6cb", createdAt: "2026-01-01T00:00:00Z" }]);
  assert.equal(text.split("\n")[0], "run          config    cells  pending  active  failed  done  missing  code");
  assert.equal(text.split("\n")[1], "tbs-default  3fa9c2e1     40       10       4       1    25        0  be2658663dac / lock eac0dfbeacdce6cb");
});
