/**
 * Running a sweep: every cell of the grid × seeds, concurrently, each stored atomically when it completes.
 *
 * Cell `c` gets `createRng(c.seed).fork(mechanism, c.runId)`: its numbers depend on nothing but its address,
 * so the rows are the same whatever the concurrency, the order of completion or the machine.
 */
import { existsSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { join, relative } from "node:path";
import { ConfigError } from "../core/errors.js";
import { sha256 } from "../core/hash.js";
import { cellAddresser, type CellModel } from "../core/mechanism.js";
import { createRng } from "../core/rng.js";
import type { ExperimentConfig, ProfileName } from "./config.js";
import type { Cell } from "./grid.js";
import { MANIFEST_FORMAT, readManifest, type CellStatus, type Manifest } from "./manifest.js";
import { createCellModel, ledgerSummary, redactSpec } from "./model.js";
import { dryRun, planRun, type DryRunReport, type RunPlan } from "./plan.js";
import { createReporter, type ProgressOption } from "./progress.js";
import { gitCommit, packageVersion } from "./project.js";
import type { Registry } from "./registry.js";
import { CellNotRunError, type CellRunner } from "./queue/types.js";
import { cellPath, readCells, writeCell, writeFileAtomic, writeTables, type CellRecord, type Row } from "./store.js";

export interface RunOptions {
  /** Run folder; default `data/runs/<name>-<hash8>` under the project root. */
  out?: string;
  /** Cells in flight at once (default 4). LLM calls are further limited by the llm layer. */
  concurrency?: number;
  /** Profile merged over the base config (default `quick`). */
  profile?: ProfileName;
  /** Keep the completed cells of an existing run folder and run the rest (default false). */
  resume?: boolean;
  /** Plan only: report cells and expected LLM usage, write nothing, spend nothing. */
  dryRun?: boolean;
  /** Mechanisms by name (default: lib/registry.ts, or the module in AGORA_REGISTRY). */
  registry?: Registry;
  /** Stops scheduling cells; cells in flight receive it too. */
  signal?: AbortSignal;
  /** Progress display (default `"none"`). */
  progress?: ProgressOption;
  /** Runs the cells elsewhere (a job queue, lib/experiment/queue) instead of in this process. */
  cellRunner?: CellRunner;
}

export interface RunResult {
  dir: string;
  manifest: Manifest;
  /** Number of failed cells (their errors are in `manifest.cells`). */
  failed: number;
  /** Only for dry runs. */
  dryRun?: DryRunReport;
}

export const RNG_DERIVATION = "createRng(seed).fork(mechanism, runId)";

/**
 * Runs an experiment config (a file path or an object) and writes its run folder.
 * @throws {ConfigError} for an invalid config, or a run folder that exists without `resume` or was made by another config.
 * @throws {AgoraError} when the model cannot be created. Failing cells do not throw: they are counted in `failed`.
 * @example
 * const { dir, failed } = await runExperiment("data/configs/tbs-default.json", { concurrency: 8 });
 */
export async function runExperiment(configPathOrObject: string | ExperimentConfig, opts: RunOptions = {}): Promise<RunResult> {
  const plan = await planRun(configPathOrObject, { profile: opts.profile, out: opts.out, registry: opts.registry });
  if (opts.dryRun) {
    const report = await dryRun(plan);
    return { dir: plan.dir, manifest: baseManifest(plan, report.model, 0, new Date()), failed: 0, dryRun: report };
  }
  const runner = opts.cellRunner;
  await runner?.prepare(plan);
  const model: CellModel = runner ? { kind: "offline" } : await createCellModel(plan.config.model, { runDir: plan.dir });
  const done = openRunFolder(plan, opts.resume ?? false);
  const label = runner ? runner.label(plan) : model.kind === "offline" ? plan.runner.offlineModelLabel : model.llm.id;
  const concurrency = runner ? plan.cells.length : Math.max(1, Math.floor(opts.concurrency ?? 4));
  const manifest = baseManifest(plan, label, concurrency, new Date());
  if (runner?.manifestInfo) manifest.queue = runner.manifestInfo();
  const failures = new Map<string, CellStatus>();
  const durations = new Map<string, number>();
  writeManifest(plan, manifest, done, failures, durations);

  const reporter = createReporter(opts.progress);
  const t0 = Date.now();
  const skipped = plan.cells.filter((c) => done.has(c.runId)).length;
  const report = (finished: boolean) =>
    reporter.update({ name: plan.config.name, done: done.size, failed: failures.size, total: plan.cells.length,
      skipped, elapsedMs: Date.now() - t0, finished });
  report(false);

  const queue = plan.cells.filter((c) => !done.has(c.runId));
  let next = 0;
  const worker = async () => {
    while (next < queue.length && !opts.signal?.aborted) {
      const cell = queue[next++];
      const started = Date.now();
      try {
        const rec = runner ? await runner.runCell(plan, cell, opts.signal) : await runOneCell(plan, cell, model, label, opts.signal);
        // The cell's replay-cache entries reach the disk before the cell counts as done.
        if (model.kind === "llm") await model.llm.flush?.();
        rec.durationMs = Date.now() - started;
        writeCell(plan.dir, rec);
        done.set(cell.runId, rec);
      } catch (err) {
        if (err instanceof CellNotRunError) continue;
        failures.set(cell.runId, { ...cellStatus(plan.dir, cell, "failed"), durationMs: Date.now() - started, error: errorInfo(err) });
      }
      durations.set(cell.runId, Date.now() - started);
      report(false);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(concurrency, Math.max(queue.length, 1)) }, worker));
  } finally {
    report(true);
    reporter.stop();
  }
  const counts = writeTables(plan.dir, plan.runner.tables, plan.cells, done);
  manifest.tables = Object.fromEntries(Object.entries(counts).map(([t, rows]) => [t, { file: `${t}.jsonl`, rows }]));
  manifest.finishedAt = new Date().toISOString();
  manifest.status = failures.size > 0 ? "incomplete" : done.size === plan.cells.length ? "complete" : "stopped";
  const ledger = runner ? runner.ledger?.() : ledgerSummary(model);
  if (runner?.manifestInfo) manifest.queue = runner.manifestInfo();
  writeManifest(plan, manifest, done, failures, durations, ledger);
  return { dir: plan.dir, manifest, failed: failures.size };
}

/** Checks the run folder against the plan and returns the cells already completed there. */
function openRunFolder(plan: RunPlan, resume: boolean): Map<string, CellRecord> {
  const previous = readManifest(plan.dir);
  const hasFiles = existsSync(plan.dir) && readdirSync(plan.dir).length > 0;
  if (previous && previous.configHash !== plan.hash) {
    throw new ConfigError({
      file: plan.config.file,
      message: `the run folder ${plan.dir} was made from another config (hash ${previous.configHash.slice(0, 8)}, this config ${plan.hash.slice(0, 8)})`,
      fix: "choose another --out, or delete that folder to start over",
    });
  }
  if (hasFiles && !resume) {
    throw new ConfigError({
      file: plan.config.file,
      message: `the run folder ${plan.dir} already exists`,
      fix: "pass --resume (resume: true) to keep its completed cells and run the rest, or choose another --out",
    });
  }
  mkdirSync(join(plan.dir, "cells"), { recursive: true });
  // temp files of a manifest or table write that a killed process left behind
  for (const name of readdirSync(plan.dir)) if (name.includes(".tmp-")) rmSync(join(plan.dir, name), { force: true });
  const done = readCells(plan.dir);
  for (const [runId, rec] of done) {
    if (rec.configHash !== plan.hash) {
      throw new ConfigError({ file: plan.config.file, message: `cell "${runId}" in ${plan.dir} was made from another config`,
        fix: "choose another --out, or delete that folder to start over" });
    }
  }
  const wanted = new Set(plan.cells.map((c) => c.runId));
  for (const runId of [...done.keys()]) if (!wanted.has(runId)) done.delete(runId);
  return done;
}

/**
 * Runs one cell and returns its record (rows with run id, seed, model and condition added), not yet stored.
 * @throws whatever the mechanism's `runCell` throws.
 * @example
 * writeCell(plan.dir, await runOneCell(plan, plan.cells[0], { kind: "offline" }, plan.runner.offlineModelLabel));
 */
export async function runOneCell(plan: RunPlan, cell: Cell, model: CellModel, label: string, signal?: AbortSignal): Promise<CellRecord> {
  const result = await plan.runner.runCell({
    runId: cell.runId,
    seed: cell.seed,
    condition: { ...cell.condition },
    params: structuredClone(plan.params),
    model,
    rng: createRng(cell.seed).fork(plan.config.mechanism, cell.runId),
    address: cellAddresser(plan.config.mechanism, cell.key, cell.seed),
    signal,
  });
  const tables: Record<string, Row[]> = {};
  for (const [name, rows] of Object.entries(result?.tables ?? {})) {
    tables[name] = rows.map((row) => ({ run_id: cell.runId, seed: cell.seed, model: label, ...cell.condition, ...row }));
  }
  const rec: CellRecord = { runId: cell.runId, configHash: plan.hash, seed: cell.seed, condition: cell.condition, tables,
    usage: result?.usage, durationMs: 0 };
  // The stored form is what tables are built from, so in-memory rows equal rows read back after a resume.
  return JSON.parse(JSON.stringify(rec)) as CellRecord;
}

function cellStatus(dir: string, cell: Cell, status: CellStatus["status"]): CellStatus {
  return { runId: cell.runId, seed: cell.seed, condition: cell.condition, status, file: relative(dir, cellPath(dir, cell.runId)) };
}

function errorInfo(err: unknown): CellStatus["error"] {
  if (err instanceof Error) {
    const code = (err as { code?: unknown }).code;
    return { name: err.name, message: err.message, ...(typeof code === "string" ? { code } : {}) };
  }
  return { name: "Error", message: String(err) };
}

function baseManifest(plan: RunPlan, label: string, concurrency: number, start: Date): Manifest {
  const templates = plan.runner.promptTemplates ?? {};
  return {
    format: MANIFEST_FORMAT,
    name: plan.config.name,
    mechanism: plan.config.mechanism,
    profile: plan.config.profile,
    configHash: plan.hash,
    config: { file: plan.config.file, given: { ...plan.given, model: redactSpec(plan.given.model) },
      resolved: { grid: plan.config.grid, seeds: plan.config.seeds, params: plan.params, model: redactSpec(plan.config.model) } },
    grid: plan.config.grid,
    seeds: plan.config.seeds,
    rng: RNG_DERIVATION,
    packageVersion: packageVersion(),
    gitCommit: gitCommit(plan.root),
    model: label,
    modelSpec: redactSpec(plan.config.model),
    promptTemplates: Object.fromEntries(Object.keys(templates).sort().map((k) => [k, sha256(templates[k])])),
    status: "running",
    startedAt: start.toISOString(),
    concurrency,
    cells: plan.cells.map((c) => cellStatus(plan.dir, c, "pending")),
    tables: {},
    usage: { calls: 0, inputTokens: 0, outputTokens: 0 },
  };
}

function writeManifest(plan: RunPlan, m: Manifest, done: Map<string, CellRecord>, failures: Map<string, CellStatus>,
  durations: Map<string, number>, ledger?: unknown): void {
  const usage = { calls: 0, inputTokens: 0, outputTokens: 0 };
  m.cells = plan.cells.map((c) => {
    const rec = done.get(c.runId);
    if (rec) {
      if (rec.usage) {
        usage.calls += rec.usage.calls ?? 0;
        usage.inputTokens += rec.usage.inputTokens ?? 0;
        usage.outputTokens += rec.usage.outputTokens ?? 0;
      }
      return { ...cellStatus(plan.dir, c, "ok"), durationMs: durations.get(c.runId) ?? rec.durationMs,
        ...(rec.usage ? { usage: rec.usage } : {}) };
    }
    return failures.get(c.runId) ?? cellStatus(plan.dir, c, "pending");
  });
  m.usage = ledger === undefined ? usage : { ...usage, ledger };
  writeFileAtomic(join(plan.dir, "manifest.json"), JSON.stringify(m, null, 2) + "\n");
}
