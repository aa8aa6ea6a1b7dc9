/**
 * Cells as jobs, for running a sweep on several machines through a queue (BullMQ on Redis is the
 * intended engine; nothing here depends on it). A job is a cell address; a worker runs it with
 * `runCellJob`, which stores the cell exactly as a local run does (temp file + rename), and is
 * idempotent: a cell already stored is not run again. When every cell is stored, `runExperiment(config,
 * { resume: true })` runs nothing and assembles the tables and the manifest.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { AgoraError, ConfigError } from "../core/errors.js";
import type { CellModel } from "../core/mechanism.js";
import type { ExperimentConfig, ProfileName } from "./config.js";
import { createCellModel } from "./model.js";
import { planRun } from "./plan.js";
import type { Registry } from "./registry.js";
import { executeCell } from "./cell.js";
import { readCells } from "./store.js";

/** The address of a cell: which config (by hash), which condition (cell key) and which seed. */
export interface CellJob {
  configHash: string;
  /** `<factor>=<level>,…` in grid order (`""` for an empty grid). */
  key: string;
  seed: number;
  /** `key` and seed together, as written in the `run_id` column. */
  runId: string;
}

export interface JobOptions {
  profile?: ProfileName;
  out?: string;
  registry?: Registry;
  /** The model to run on (a worker creates one and reuses it for all its jobs); default: from the config. */
  model?: CellModel;
  signal?: AbortSignal;
}

/**
 * The jobs of a config, in grid order.
 * @throws {ConfigError} for an invalid config.
 * @example
 * (await cellJobs("data/configs/tbs-default.json"))[0]; // { configHash: "3fa9…", key: "mode=willing,…", seed: 1, runId: "…" }
 */
export async function cellJobs(config: string | ExperimentConfig, opts: JobOptions = {}): Promise<CellJob[]> {
  const plan = await planRun(config, opts);
  return plan.cells.map((c) => ({ configHash: plan.hash, key: c.key, seed: c.seed, runId: c.runId }));
}

/**
 * Runs one job and stores its cell in the run folder; does nothing when that cell is already stored.
 * @throws {ConfigError} when the job's config hash is not the config's, or the job names no cell of it.
 * @throws whatever the mechanism throws (the queue retries or records the failure).
 * @example
 * await runCellJob("data/configs/tbs-default.json", job); // "ran" or "skipped"
 */
export async function runCellJob(config: string | ExperimentConfig, job: CellJob, opts: JobOptions = {}): Promise<"ran" | "skipped"> {
  const plan = await planRun(config, opts);
  if (job.configHash !== plan.hash) {
    throw new ConfigError({ file: plan.config.file, message: `job ${job.runId} was made for config ${job.configHash.slice(0, 8)}, this config is ${plan.hash.slice(0, 8)}`,
      fix: "enqueue the jobs again from the current config" });
  }
  const cell = plan.cells.find((c) => c.runId === job.runId);
  if (!cell) throw new ConfigError({ file: plan.config.file, message: `no cell "${job.runId}" in this config`, fix: "enqueue the jobs again from the current config" });
  mkdirSync(join(plan.dir, "cells"), { recursive: true });
  const stored = readCells(plan.dir).get(cell.runId);
  if (stored && stored.configHash === plan.hash && (stored.health ?? "ok") === "ok") return "skipped";
  const model = opts.model ?? (await createCellModel(plan.config.model, { runDir: plan.dir }));
  const label = model.kind === "offline" ? plan.runner.offlineModelLabel : model.llm.id;
  const outcome = await executeCell(plan, cell, model, label, opts.signal);
  if (outcome.kind === "failed") throw outcome.error;
  if (outcome.kind === "budget") throw new AgoraError("budget", `cell ${cell.runId}: the run's cost budget was reached`, "raise --max-cost and run the job again");
  if (outcome.kind === "stopped") throw new AgoraError("stopped", `cell ${cell.runId}: stopped`);
  return "ran";
}
