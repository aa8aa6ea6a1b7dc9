import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createRng } from "../core/rng.js";
import { cellJobs, runCellJob } from "./jobs.js";
import { runExperiment } from "./run.js";
import { mechanisms } from "./testing/registry.js";

const config = { name: "echo-jobs", mechanism: "echo", model: "offline", grid: { mode: ["a", "b", "c"] }, seeds: [1, 2, 3],
  params: { rows: 2 } };

test("cells run as independent jobs in any order, twice, then assemble into the tables of a local run", async () => {
  const tmp = mkdtempSync(join(tmpdir(), "agora-jobs-"));
  const out = join(tmp, "queued");
  const jobs = await cellJobs(config, { registry: mechanisms });
  assert.equal(jobs.length, 9);
  assert.deepEqual(jobs[4], { configHash: jobs[0].configHash, key: "mode=b", seed: 2, runId: "mode=b,seed=2" });
  const order = createRng(11).shuffle(jobs);
  for (const job of order) assert.equal(await runCellJob(config, job, { out, registry: mechanisms }), "ran");
  for (const job of order.slice(0, 3)) assert.equal(await runCellJob(config, job, { out, registry: mechanisms }), "skipped");
  const ran: number[] = [];
  const assembled = await runExperiment(config, { out, resume: true, registry: mechanisms, progress: (e) => void ran.push(e.done - e.skipped) });
  assert.equal(assembled.manifest.status, "complete");
  assert.equal(Math.max(...ran), 0, "assembling runs no cell");
  const local = join(tmp, "local");
  await runExperiment(config, { out: local, registry: mechanisms });
  for (const t of ["draws", "summary"]) {
    assert.equal(readFileSync(join(out, `${t}.jsonl`), "utf8"), readFileSync(join(local, `${t}.jsonl`), "utf8"));
  }
  await assert.rejects(runCellJob({ ...config, seeds: [1] }, jobs[0], { out, registry: mechanisms }), /made for config/);
});
