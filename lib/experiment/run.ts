/**
 * Running a sweep: every cell of the grid × seeds, concurrently, each stored atomically when it completes.
 *
 * Cell `c` gets `createRng(c.seed).fork(mechanism, c.runId)`: its numbers depend on nothing but its address,
 * so the rows are the same whatever the concurrency, the order of completion or the machine.
 */
import { existsSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { ConfigError } from "../core/errors.js";
import { sha256 } from "../core/hash.js";
import type { CellModel } from "../core/mechanism.js";
import type { Usage } from "../core/model.js";
import type { ExperimentConfig, ProfileName } from "./config.js";
import { cellStatus, errorInfo, executeCell } from "./cell.js";
import { MANIFEST_FORMAT, readManifest, type CellStatus, type Manifest } from "./manifest.js";
import { checkPrices, createCellModel, isOffline, ledgerSummary, ledgerTotals, modelProvenance, redactSpec } from "./model.js";
import { dryRun, type DryRunOptions, type DryRunReport } from "./dry-run.js";
import { planRun, type RunPlan } from "./plan.js";
import { createReporter, type ProgressOption } from "./progress.js";
import { codeFingerprint, gitCommit, packageVersion } from "./project.js";
import type { Registry } from "./registry.js";
import type { CellRunner } from "./queue/types.js";
import { readCells, writeFileAtomic, writeTables, type CellRecord } from "./store.js";

export { executeCell, runOneCell, type CellOutcome } from "./cell.js";

export interface RunOptions {
  /** Run folder; default `data/runs/<name>-<hash8>` under the project root. */
  out?: string;
  /** Cells in flight at once (default 4). LLM calls are further limited by the llm layer. */
  concurrency?: number;
  /** Profile merged over the base config (default `quick`). */
  profile?: ProfileName;
  /** Keep the completed cells of an existing run folder and run the rest (default false). */
  resume?: boolean;
  /** Plan only: report cells and expected LLM usage, write nothing, spend nothing (with these options, e.g. reply lengths). */
  dryRun?: boolean | Omit<DryRunOptions, "prices">;
  /** Mechanisms by name (default: lib/registry.ts, or the module in AGORA_REGISTRY). */
  registry?: Registry;
  /** Stops scheduling cells; cells in flight receive it too. */
  signal?: AbortSignal;
  /** Progress display (default `"none"`). */
  progress?: ProgressOption;
  /** Replay a recorded run: every LLM reply comes from the run's replay cache; no connection is made. */
  replay?: boolean;
  /** Stop before a call would take the run's spend (the whole ledger, every process) past this many US dollars. */
  maxCostUsd?: number;
  /** Prices in USD per million tokens by `provider:model`, over the llm layer's table. */
  prices?: Record<string, { input: number; output: number; cachedInput?: number }>;
  /** Runs the cells elsewhere (a job queue, lib/experiment/queue) instead of in this process. */
  cellRunner?: CellRunner;
}

export interface RunResult {
  dir: string;
  manifest: Manifest;
  /** Number of failed cells (their errors are in `manifest.cells`). */
  failed: number;
  /** Number of degraded cells (some LLM calls failed after retries; counts in `manifest.cells`). */
  degraded: number;
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
  if (opts.prices) await checkPrices(plan.config.model, opts.prices, plan.config.file);
  if (opts.dryRun) {
    const report = await dryRun(plan, { ...(typeof opts.dryRun === "object" ? opts.dryRun : {}), prices: opts.prices });
    return { dir: plan.dir, manifest: baseManifest(plan, report.model, 0, new Date(), opts.replay), failed: 0, degraded: 0, dryRun: report };
  }
  // Everything that can refuse the run (folder made by another config, endpoint, model id, key) is checked
  // before a file is written.
  checkRunFolder(plan, opts.resume ?? false);
  const runner = opts.cellRunner;
  await runner?.prepare(plan);
  let model: CellModel;
  try {
    model = runner ? { kind: "offline" } : await createCellModel(plan.config.model, {
      runDir: plan.dir, replay: opts.replay, maxCostUsd: opts.maxCostUsd, prices: opts.prices,
    });
  } catch (err) {
    // a missing or refused key, or a model the server does not know, is the config's problem: name the file
    const e = err as { code?: string; status?: number; message?: string; fix?: string };
    if (e.code === "llm-config" || (e.code === "llm-api" && (e.status === 401 || e.status === 403 || e.status === 404))) {
      throw new ConfigError({ file: plan.config.file, path: ["model"], message: (e.message ?? String(err)).split("\n  fix:")[0], fix: e.fix });
    }
    throw err;
  }
  const stored = openRunFolder(plan);
  // Only ok cells of this code are kept on resume: degraded and failed cells, and cells another version of the code
  // computed (an offline model's numbers change with its code; an LLM cell's calls replay from the cache), run again.
  const code = codeFingerprint();
  const done = new Map([...stored].filter(([, rec]) => (rec.health ?? "ok") === "ok" && rec.code === code));
  const otherCode = [...stored.values()].filter((rec) => rec.code !== code).length;
  const label = runner ? runner.label(plan) : model.kind === "offline" ? plan.runner.offlineModelLabel : model.llm.id;
  const concurrency = runner ? plan.cells.length : Math.max(1, Math.floor(opts.concurrency ?? 4));
  const manifest = baseManifest(plan, label, concurrency, new Date(), opts.replay);
  if (otherCode) manifest.rerunForCode = otherCode;
  if (runner) manifest.queue = runner.manifestInfo();
  const failures = new Map<string, CellStatus>();
  const degraded = new Map<string, CellRecord>();
  const durations = new Map<string, number>();
  let budgetStop = false;
  writeManifest(plan, manifest, done, degraded, failures, durations);

  const reporter = createReporter(opts.progress);
  const t0 = Date.now();
  const skipped = plan.cells.filter((c) => done.has(c.runId)).length;
  const report = (finished: boolean) =>
    reporter.update({ name: plan.config.name, done: done.size + degraded.size, failed: failures.size, total: plan.cells.length,
      skipped, elapsedMs: Date.now() - t0, finished });
  report(false);

  const queue = plan.cells.filter((c) => !done.has(c.runId));
  let next = 0;
  const worker = async () => {
    while (next < queue.length && !opts.signal?.aborted && !budgetStop) {
      const cell = queue[next++];
      const started = Date.now();
      const outcome = runner ? await runner.runCell(plan, cell, opts.signal) : await executeCell(plan, cell, model, label, opts.signal);
      if (outcome.kind === "budget") {
        budgetStop = true;
        continue;
      }
      if (outcome.kind === "stopped") continue;
      if (outcome.kind === "stored") {
        if (outcome.record.health === "degraded") degraded.set(cell.runId, outcome.record);
        else done.set(cell.runId, outcome.record);
      } else {
        failures.set(cell.runId, { ...cellStatus(plan.dir, cell, "failed"), durationMs: Date.now() - started, error: errorInfo(outcome.error),
          ...(outcome.calls ? { calls: outcome.calls } : {}) });
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
  const withRows = new Map([...done, ...degraded]);
  const counts = writeTables(plan.dir, plan.runner.tables, plan.cells, withRows);
  manifest.tables = Object.fromEntries(Object.entries(counts).map(([t, rows]) => [t, { file: `${t}.jsonl`, rows }]));
  manifest.finishedAt = new Date().toISOString();
  const all = done.size + degraded.size + failures.size === plan.cells.length;
  manifest.status = budgetStop || opts.signal?.aborted || !all ? "stopped" : failures.size + degraded.size > 0 ? "incomplete" : "complete";
  if (budgetStop) manifest.stopReason = "max-cost";
  else if (opts.signal?.aborted) manifest.stopReason = "interrupted";
  if (model.kind === "llm") {
    manifest.provenance = modelProvenance(model);
    manifest.ledger = await ledgerTotals(plan.dir);
  }
  if (runner) Object.assign(manifest, { queue: runner.manifestInfo(), provenance: runner.provenance(), ledger: await ledgerTotals(plan.dir) });
  writeManifest(plan, manifest, done, degraded, failures, durations, runner ? undefined : ledgerSummary(model));
  return { dir: plan.dir, manifest, failed: failures.size, degraded: degraded.size };
}

/** Refuses a run folder made by another config, or an existing one without `resume`. Writes nothing. */
function checkRunFolder(plan: RunPlan, resume: boolean): void {
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
}

/** Creates the run folder (or opens an existing one) and returns the cells stored there (ok and degraded). */
function openRunFolder(plan: RunPlan): Map<string, CellRecord> {
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

/** What stands between this plan and byte-identical tables on a rerun (see `Manifest.determinism`). */
export function determinismOf(plan: RunPlan, replay = false): Manifest["determinism"] {
  const reasons: string[] = [];
  if (!isOffline(plan.config.model) && !replay) {
    reasons.push("replies come from a language model, which samples: a new run gives other replies; `--replay` of this folder gives the same tables byte for byte");
  }
  reasons.push(...(plan.runner.nondeterminism?.({ params: plan.params, cells: plan.cells.map((c) => ({ runId: c.runId, condition: c.condition })) }) ?? []));
  return { byteIdentical: reasons.length === 0, reasons };
}

function baseManifest(plan: RunPlan, label: string, concurrency: number, start: Date, replay?: boolean): Manifest {
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
    codeFingerprint: codeFingerprint(),
    model: label,
    modelSpec: redactSpec(plan.config.model),
    determinism: determinismOf(plan, replay),
    promptTemplates: Object.fromEntries(Object.keys(templates).sort().map((k) => [k, sha256(templates[k])])),
    status: "running",
    startedAt: start.toISOString(),
    concurrency,
    cells: plan.cells.map((c) => cellStatus(plan.dir, c, "pending")),
    tables: {},
    usage: { calls: 0, inputTokens: 0, outputTokens: 0 },
  };
}

function writeManifest(plan: RunPlan, m: Manifest, done: Map<string, CellRecord>, degraded: Map<string, CellRecord>,
  failures: Map<string, CellStatus>, durations: Map<string, number>, ledger?: unknown): void {
  const usage: Manifest["usage"] = { calls: 0, inputTokens: 0, outputTokens: 0 };
  const replayed = { calls: 0, inputTokens: 0, outputTokens: 0 };
  let llm = false;
  m.cells = plan.cells.map((c) => {
    const rec = done.get(c.runId) ?? degraded.get(c.runId);
    if (rec) {
      if (rec.calls) {
        // LLM cells: what the provider billed for the cell's replies, apart from what came back from the replay cache
        llm = true;
        usage.calls += rec.calls.calls - rec.calls.cached - rec.calls.failed;
        addUsage(usage, rec.calls.usage);
        replayed.calls += rec.calls.cached;
        if (rec.calls.replayed) addUsage(replayed, rec.calls.replayed);
      } else if (rec.usage) {
        usage.calls += rec.usage.calls ?? 0;
        addUsage(usage, rec.usage);
      }
      return { ...cellStatus(plan.dir, c, rec.health ?? "ok"), durationMs: durations.get(c.runId) ?? rec.durationMs,
        ...(rec.usage ? { usage: rec.usage } : {}), ...(rec.calls ? { calls: rec.calls } : {}) };
    }
    return failures.get(c.runId) ?? cellStatus(plan.dir, c, "pending");
  });
  m.usage = { ...usage, ...(llm ? { replayed } : {}), ...(ledger === undefined ? {} : { ledger }) };
  writeFileAtomic(join(plan.dir, "manifest.json"), JSON.stringify(m, null, 2) + "\n");
}

function addUsage(into: { inputTokens: number; outputTokens: number; cachedInputTokens?: number }, u: Partial<Usage>): void {
  into.inputTokens += u.inputTokens ?? 0;
  into.outputTokens += u.outputTokens ?? 0;
  if (u.cachedInputTokens) into.cachedInputTokens = (into.cachedInputTokens ?? 0) + u.cachedInputTokens;
}
