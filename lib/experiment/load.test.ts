import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DataError } from "../core/errors.js";
import { ensureRun, load } from "./load.js";
import { lineReporter, type ProgressEvent } from "./progress.js";
import { mechanisms } from "./testing/registry.js";

function project(): { root: string; file: string } {
  const root = mkdtempSync(join(tmpdir(), "agora-proj-"));
  writeFileSync(join(root, "package.json"), "{}");
  mkdirSync(join(root, "data", "configs"), { recursive: true });
  const file = join(root, "data", "configs", "echo-default.json");
  writeFileSync(file, JSON.stringify({ mechanism: "echo", model: "offline", grid: { mode: ["a", "b"] }, seeds: [1, 2, 3],
    params: { rows: 2 }, profiles: { quick: { seeds: [1] } } }));
  return { root, file };
}

test("ensureRun runs a missing run folder under the project root, then only loads it", async () => {
  const { root, file } = project();
  const run = await ensureRun(file, { registry: mechanisms });
  assert.ok(run.dir.startsWith(join(root, "data", "runs", "echo-default-")));
  assert.equal(run.manifest.profile, "quick");
  assert.equal(run.tables.draws.length, 4); // 2 modes × 1 quick seed × 2 rows
  const stamp = readFileSync(join(run.dir, "manifest.json"), "utf8");
  const again = await ensureRun(file, { registry: mechanisms });
  assert.equal(readFileSync(join(again.dir, "manifest.json"), "utf8"), stamp, "a complete folder is not run again");
  const full = await ensureRun(file, { profile: "full", registry: mechanisms });
  assert.notEqual(full.dir, run.dir);
  assert.equal(full.tables.summary.length, 6);
});

test("ensureRun completes an incomplete folder and throws when cells fail", async () => {
  const { file } = project();
  const cfg = JSON.parse(readFileSync(file, "utf8"));
  writeFileSync(file, JSON.stringify({ ...cfg, params: { rows: 2, failMode: "b" } }));
  await assert.rejects(ensureRun(file, { registry: mechanisms }), /1 of 2 cells of echo-default failed; first: mode=b,seed=1/);
});

test("frame() gives a danfojs DataFrame of a table; unknown tables and folders are named in errors", async () => {
  const { file } = project();
  const run = await ensureRun(file, { registry: mechanisms });
  const df = run.frame("draws");
  assert.deepEqual(df.shape, [4, 7]);
  assert.deepEqual(df.columns, ["run_id", "seed", "model", "mode", "i", "x", "z"]);
  assert.deepEqual(df.column("mode").values, ["a", "a", "b", "b"]);
  assert.equal(run.frame("draws"), df, "frames are cached");
  assert.throws(() => run.frame("nope"), /no table "nope"; tables: draws, summary/);
  assert.throws(() => load(join(run.dir, "..", "missing")), (e: unknown) => e instanceof DataError && /manifest\.json is missing/.test(e.message));
});

test("progress lines for logs are sparse: 10 % steps at most once a second, and the end", () => {
  const ev = (done: number, elapsedMs: number, finished = false): ProgressEvent =>
    ({ name: "x", done, failed: 0, total: 100, skipped: 0, elapsedMs, finished });
  const every: string[] = [];
  const r = lineReporter((l) => every.push(l), 0);
  for (let d = 0; d <= 100; d++) r.update(ev(d, 1000 + d * 10));
  r.update(ev(100, 2000, true));
  assert.equal(every.length, 10); // 10 %, 20 %, …, 90 %, and the final line
  assert.match(every[2], /^x: 30\/100 cells \(30%\) · 0 failed · [\d.]+ cells\/s · ETA \d+s$/);
  assert.match(every[9], /^x: 100\/100 cells \(100%\) .* done in 2\.0s$/);
  const sparse: string[] = [];
  const s = lineReporter((l) => sparse.push(l));
  // one cell every 30 ms: the first line once 1 s has passed (cell 34), the next 1 s later (cell 68), then the end
  for (let d = 0; d <= 100; d++) s.update(ev(d, d * 30));
  s.update(ev(100, 3000, true));
  assert.deepEqual(sparse.map((l) => l.split(" ")[1]), ["34/100", "68/100", "100/100"]);
});
