/**
 * `agora worker`: takes cells of any queued run from BullMQ, runs each with the run's config and model spec
 * (keys from this process's environment), and returns the cell's record, ledger lines and replay-cache entries.
 *
 * A worker builds one model per run (one preflight, one pool, one replay cache) in a scratch run folder, runs each
 * cell through `executeCell` as a local run does, and picks the cell's ledger lines and cache rows out of the
 * scratch folder by the cell's address (see artifacts.ts). A job whose run was made by other code (git commit or
 * lockfile) is refused with the reason, and fails without retry: its error reaches the run's manifest.
 */
import { UnrecoverableError, Worker, type Job } from "bullmq";
import type { Redis } from "ioredis";
import { mkdtempSync, rmSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import type { CellModel } from "../../core/mechanism.js";
import { createCellModel, modelProvenance } from "../model.js";
import { planRun, type RunPlan } from "../plan.js";
import type { Registry } from "../registry.js";
import { executeCell } from "../cell.js";
import type { GenerateRequest } from "../../core/model.js";
import { cellPrefix, commitArtifacts, ScratchRun } from "./artifacts.js";
import { withRedisBudget, type BudgetOptions } from "./budget.js";
import { failureKey, runKey, type CellFailure, type CellJobData, type CellResult, type RunRecord } from "./protocol.js";
import { openRedis, PREFIX, QUEUE_NAME, redactUrl } from "./redis.js";
import { codeVersion, formatVersion, versionMismatch, type CodeVersion } from "./version.js";

export interface CellWorkerOptions {
  /** Cells run at once by this worker (default 1). */
  concurrency?: number;
  /** BullMQ lock of a job in ms (default 30 000): a worker that stops renewing it (killed) has its job re-run after about this long. */
  lockDurationMs?: number;
  /** Times a job may stall (its worker died) and still be re-run (default 2). */
  maxStalledCount?: number;
  /** Mechanisms (default: lib/registry.ts, or AGORA_REGISTRY). */
  registry?: Registry;
  /** This worker's code version (default: this process's). */
  code?: CodeVersion;
  /** Keep the spec's rpm and tpm in Redis for all workers together (default true); false: each worker alone. */
  sharedLimits?: boolean;
  /** Where scratch folders go (default the OS temp folder). */
  scratchRoot?: string;
  log?: (line: string) => void;
}

export interface CellWorker {
  /** Cells this worker completed and failed (refusals included). */
  readonly stats: { completed: number; failed: number; refused: number };
  /** Stops taking jobs and waits for the cells in flight. */
  close(): Promise<void>;
  readonly worker: Worker<CellJobData, CellResult>;
}

function errorInfo(err: unknown): CellFailure["error"] {
  if (err instanceof Error) {
    const code = (err as { code?: unknown }).code;
    return { name: err.name || "Error", message: err.message, ...(typeof code === "string" ? { code } : {}) };
  }
  return { name: "Error", message: String(err) };
}

function errorText(err: unknown): string {
  if (err instanceof Error) return `${err.name && err.name !== "Error" ? err.name : "Error"}: ${err.message}`;
  return `Error: ${String(err)}`;
}

/**
 * Starts a worker on the queue at `url`.
 * @throws {QueueUnreachableError} when Redis cannot be reached (one error naming the URL).
 * @example
 * const w = await startCellWorker("redis://10.0.0.5:6379", { concurrency: 4 });
 * process.on("SIGTERM", () => w.close());
 */
export async function startCellWorker(url: string, opts: CellWorkerOptions = {}): Promise<CellWorker> {
  const conn: Redis = await openRedis(url);
  const code = opts.code ?? codeVersion();
  const log = opts.log ?? (() => undefined);
  const me = `${hostname()}:${process.pid}`;
  /** Per run: its plan, and one model for all this worker's cells of it, in a scratch run folder. */
  const runs = new Map<string, { plan: Promise<RunPlan>; model?: Promise<CellModel>; scratch: ScratchRun }>();
  const stats = { completed: 0, failed: 0, refused: 0 };
  const lockDuration = opts.lockDurationMs ?? 30_000;

  const runRecord = async (hash: string): Promise<RunRecord> => {
    const text = await conn.get(runKey(hash));
    if (!text) throw new UnrecoverableError(`RunMissingError: the run ${hash.slice(0, 8)} has no record in Redis (expired or lost); enqueue it again with --resume`);
    return JSON.parse(text) as RunRecord;
  };

  let tokenCounter: ((req: GenerateRequest, provider: string, model: string) => number) | undefined;
  let outputEstimate: ((provider: string, model: string) => NonNullable<BudgetOptions["estimateOutput"]>) | undefined;
  const loadTokenCounter = async () => {
    try {
      const e = await import("../../llm/estimate.js");
      outputEstimate = (provider, model) => new e.RequestEstimate(provider, model);
      const t = (await import("../../llm/tokens.js")) as { countRequestTokens?: (s: string | undefined, m: GenerateRequest["messages"], p: string, mo: string) => { tokens: number } };
      if (typeof t.countRequestTokens === "function") {
        const count = t.countRequestTokens;
        tokenCounter = (req, provider, model) => count(req.system, req.messages, provider, model).tokens;
      }
    } catch {
      // without the tokenizer the budget estimates 4 characters a token
    }
  };

  const processor = async (job: Job<CellJobData, CellResult>): Promise<CellResult> => {
    const data = job.data;
    const run = await runRecord(data.configHash);
    const why = versionMismatch(run.code, code);
    if (why) {
      stats.refused++;
      const msg = `CodeVersionError: worker ${me} refused cell ${data.runId} of ${run.name}: it runs ${why}; ` +
        `start workers from the run's code (git checkout ${run.code.gitCommit.replace(/-dirty$/, "")} && npm ci), then --resume the run`;
      log(msg);
      throw new UnrecoverableError(msg);
    }
    let state = runs.get(run.configHash);
    if (!state) {
      const dir = mkdtempSync(join(opts.scratchRoot ?? tmpdir(), `agora-run-${run.configHash.slice(0, 8)}-`));
      const plan = planRun(run.config, { profile: run.profile, registry: opts.registry, out: dir });
      state = { plan, scratch: new ScratchRun(dir) };
      runs.set(run.configHash, state);
      plan.catch(() => runs.delete(run.configHash));
    }
    const plan = await state.plan;
    if (plan.hash !== data.configHash) {
      throw new UnrecoverableError(`ConfigError: this worker's mechanisms give config hash ${plan.hash.slice(0, 8)} for run ${run.name}, the job was made for ${data.configHash.slice(0, 8)}`);
    }
    const cell = plan.cells.find((c) => c.runId === data.runId);
    if (!cell) throw new UnrecoverableError(`ConfigError: no cell "${data.runId}" in run ${run.name}`);
    if (!tokenCounter && plan.config.model !== "offline") await loadTokenCounter();
    const scratch = state.scratch;
    const prefix = cellPrefix(plan.config.mechanism, cell.key, cell.seed);
    let model: CellModel | undefined;
    const fail = async (error: unknown, calls?: unknown): Promise<never> => {
      // the calls made before the failure were paid for: their ledger lines and cache entries go home too
      if (model?.kind === "llm") await model.llm.flush?.().catch(() => undefined);
      const failure: CellFailure = { error: errorInfo(error), ...(calls ? { calls } : {}), artifacts: scratch.take(prefix), worker: me };
      await conn.set(failureKey(job.id!), JSON.stringify(failure), "EX", run.keepSeconds ?? 7 * 24 * 3600);
      throw error;
    };
    try {
      // one model per run: one preflight, one pool, one replay cache for this worker's cells of the run
      state.model ??= createCellModel(plan.config.model, {
        runDir: scratch.dir,
        // the spec's rpm and tpm, held in Redis for every worker together
        wrapProvider: opts.sharedLimits === false ? undefined : (provider, r) => withRedisBudget(provider, conn, { id: r.id, rpm: r.rpm, tpm: r.tpm,
          countInput: tokenCounter ? (req) => tokenCounter!(req, r.provider, r.model) : undefined,
          estimateOutput: outputEstimate?.(r.provider, r.model) }),
      });
      model = await state.model;
    } catch (err) {
      state.model = undefined; // the next cell tries again
      return await fail(err);
    }
    // a cell that runs again starts from the replies the run folder holds: only its failed calls are sent
    if (data.warm?.length && model.kind === "llm") commitArtifacts(scratch.dir, data.warm);
    const label = model.kind === "offline" ? plan.runner.offlineModelLabel : model.llm.id;
    // the same path as a local run (health, call counts), into the scratch folder
    const outcome = await executeCell({ ...plan, dir: scratch.dir }, cell, model, label);
    if (outcome.kind === "stored") {
      const provenance = modelProvenance(model);
      return { record: outcome.record, artifacts: scratch.take(prefix), ...(provenance !== undefined ? { provenance } : {}), worker: me };
    }
    if (outcome.kind === "failed") return await fail(outcome.error, outcome.calls);
    return await fail(new Error(outcome.kind === "budget" ? "the cell stopped at the spec's cost budget" : "the cell was stopped"));
  };

  const worker = new Worker<CellJobData, CellResult>(QUEUE_NAME, async (job) => {
    try {
      return await processor(job);
    } catch (err) {
      if (err instanceof UnrecoverableError) throw err;
      throw new Error(errorText(err));
    }
  }, {
    connection: conn,
    prefix: PREFIX,
    concurrency: Math.max(1, Math.floor(opts.concurrency ?? 1)),
    lockDuration,
    stalledInterval: Math.max(200, Math.floor(lockDuration / 2)),
    maxStalledCount: opts.maxStalledCount ?? 2,
  });
  worker.on("completed", (job) => {
    stats.completed++;
    log(`done ${job.data.runId} (${job.name})`);
  });
  worker.on("failed", (job, err) => {
    stats.failed++;
    if (job && !err.message.startsWith("CodeVersionError")) log(`failed ${job.data.runId} (${job.name}): ${err.message}`);
  });
  let lastError = 0;
  worker.on("error", (err) => {
    if (Date.now() - lastError > 10_000) log(`redis ${redactUrl(url)}: ${err.message} (retrying)`);
    lastError = Date.now();
  });
  await worker.waitUntilReady();
  log(`worker ${me} on ${redactUrl(url)} (code ${formatVersion(code)}), ${worker.opts.concurrency} at a time`);
  return {
    stats,
    worker,
    async close() {
      await worker.close();
      conn.disconnect();
      for (const state of runs.values()) {
        state.scratch.close();
        const model = await state.model?.catch(() => undefined);
        if (model?.kind === "llm") {
          await model.llm.flush?.().catch(() => undefined);
          (model.llm as { requestLog?: { close(): void } }).requestLog?.close();
        }
        rmSync(state.scratch.dir, { recursive: true, force: true });
      }
      runs.clear();
    },
  };
}
