/**
 * The producer side of a queued run: publishes the run, enqueues one BullMQ job per pending cell (job id = hash
 * of the cell's address), follows the jobs, and commits each finished job into the run folder by cell address
 * (ledger lines and replay-cache rows, then the cell file, written as a local run writes it), once per job.
 * `runExperiment` does the rest (health, manifest, tables) as for a local run.
 */
import { Job, Queue } from "bullmq";
import type { Redis } from "ioredis";
import { AgoraError } from "../../core/errors.js";
import type { Cell } from "../grid.js";
import { specLabel, isOffline } from "../model.js";
import type { RunPlan } from "../plan.js";
import type { CellCalls } from "../cell-health.js";
import type { CellOutcome } from "../cell.js";
import { cellPath, writeCell } from "../store.js";
import { existsSync } from "node:fs";
import { cacheRowsOf, cellPrefix, commitArtifacts } from "./artifacts.js";
import { failureKey, jobIdOf, runJobsKey, runKey, runRecordOf, runsKey, type CellFailure, type CellJobData, type CellResult } from "./protocol.js";
import { openRedis, PREFIX, QUEUE_NAME, QueueUnreachableError, redactUrl } from "./redis.js";
import type { CellRunner } from "./types.js";
import { codeVersion, type CodeVersion } from "./version.js";

export interface QueueRunnerOptions {
  /** How long finished jobs (and the run record) stay in Redis, in seconds: a second enqueue within it adds nothing. Default 7 days. */
  keepSeconds?: number;
  /** How often the collector looks at its jobs, in ms (default 250). */
  pollMs?: number;
  /** Stop (cells stay pending; `--resume` continues) when Redis has been unreachable this long, in ms (default 30 s). */
  lostAfterMs?: number;
  /** Tries of a cell that throws (default 1, as in a local run; a stalled job is re-run regardless, see the worker). */
  attempts?: number;
  /** The code version written into the run record (default: this process's). */
  code?: CodeVersion;
  /** Messages for the terminal (default: none). */
  log?: (line: string) => void;
}

interface Pending {
  cell: Cell;
  plan: RunPlan;
  resolve(outcome: CellOutcome): void;
}

/** A cell that failed on a worker: its message is the worker's error. */
export class CellJobError extends Error {
  readonly code?: string;
  constructor(message: string, name = "CellJobError", code?: string) {
    super(message);
    this.name = name;
    if (code !== undefined) this.code = code;
  }
}

/**
 * A `CellRunner` that runs cells on `agora worker`s through BullMQ.
 * @example
 * const runner = new QueueCellRunner("redis://127.0.0.1:6390");
 * try { await runExperiment(config, { cellRunner: runner }); } finally { await runner.close(); }
 */
export class QueueCellRunner implements CellRunner {
  readonly url: string;
  readonly code: CodeVersion;
  /** Set when the run stopped because Redis was lost. */
  lost?: QueueUnreachableError;
  /** Jobs found missing from Redis and enqueued again (a Redis restarted without persistence). */
  requeued = 0;
  private readonly opts: Required<Omit<QueueRunnerOptions, "code" | "log">>;
  private readonly log: (line: string) => void;
  private conn?: Redis;
  private queue?: Queue<CellJobData, CellResult>;
  private readonly pending = new Map<string, Pending>();
  private toAdd: string[] = [];
  /** Pending jobs whose enqueue has finished: only these are looked at (a failed job is first retried). */
  private readonly ready = new Set<string>();
  private readonly signals = new WeakSet<AbortSignal>();
  private addScheduled = false;
  private timer?: NodeJS.Timeout;
  private polling = false;
  private lostSince?: number;
  private recordJSON?: string;
  private plan?: RunPlan;
  private publishedAt = 0;
  private lastProvenance?: unknown;

  constructor(url: string, opts: QueueRunnerOptions = {}) {
    this.url = url;
    this.code = opts.code ?? codeVersion();
    this.log = opts.log ?? (() => undefined);
    this.opts = { keepSeconds: opts.keepSeconds ?? 7 * 24 * 3600, pollMs: opts.pollMs ?? 250, lostAfterMs: opts.lostAfterMs ?? 30_000,
      attempts: opts.attempts ?? 1 };
  }

  label(plan: RunPlan): string {
    return isOffline(plan.config.model) ? plan.runner.offlineModelLabel : specLabel(plan.config.model);
  }

  async prepare(plan: RunPlan): Promise<void> {
    const record = runRecordOf(plan, this.code, this.opts.keepSeconds);
    this.conn = await openRedis(this.url);
    this.conn.on("close", () => (this.lostSince ??= Date.now()));
    this.conn.on("ready", () => (this.lostSince = undefined));
    this.queue = new Queue<CellJobData, CellResult>(QUEUE_NAME, { connection: this.conn, prefix: PREFIX });
    this.queue.on("error", () => undefined);
    this.plan = plan;
    this.recordJSON = JSON.stringify(record);
    await this.publish();
  }

  /** Writes (or rewrites, after a Redis restart) the run record the workers read. */
  private async publish(): Promise<void> {
    const plan = this.plan!;
    this.publishedAt = Date.now();
    await this.conn!.multi()
      .set(runKey(plan.hash), this.recordJSON!, "EX", this.opts.keepSeconds)
      .sadd(runsKey, plan.hash)
      .expire(runJobsKey(plan.hash), this.opts.keepSeconds)
      .exec();
  }

  runCell(plan: RunPlan, cell: Cell, signal?: AbortSignal): Promise<CellOutcome> {
    if (!this.queue) throw new AgoraError("queue", "QueueCellRunner.prepare was not called", "pass the runner to runExperiment");
    const id = jobIdOf(plan.hash, cell.key, cell.seed);
    return new Promise<CellOutcome>((resolve) => {
      if (signal?.aborted) return resolve({ kind: "stopped" });
      this.pending.set(id, { cell, plan, resolve });
      if (signal && !this.signals.has(signal)) {
        this.signals.add(signal);
        signal.addEventListener("abort", () => this.stop(), { once: true });
      }
      this.toAdd.push(id);
      if (!this.addScheduled) {
        this.addScheduled = true;
        setImmediate(() => void this.enqueue().catch((err) => this.failAll(err)));
      }
      this.timer ??= setInterval(() => void this.poll(), this.opts.pollMs);
    });
  }

  /** Adds the jobs gathered since the last call: a job that exists already is left alone, a failed one is retried. */
  private async enqueue(): Promise<void> {
    this.addScheduled = false;
    const ids = this.toAdd.filter((id) => this.pending.has(id));
    this.toAdd = [];
    if (!ids.length) return;
    const queue = this.queue!;
    const plan = this.plan!;
    for (let i = 0; i < ids.length; i += 500) {
      const chunk = ids.slice(i, i + 500);
      const base = `${PREFIX}:${QUEUE_NAME}`;
      const pipe = this.conn!.pipeline();
      for (const id of chunk) pipe.zscore(`${base}:failed`, id).zscore(`${base}:completed`, id);
      pipe.sadd(runJobsKey(plan.hash), ...chunk);
      pipe.expire(runJobsKey(plan.hash), this.opts.keepSeconds);
      const res = (await pipe.exec()) ?? [];
      const has = (k: number) => res[k]?.[1] !== null && res[k]?.[1] !== undefined;
      const failed = chunk.filter((_, k) => has(2 * k));
      const warm = (id: string) => {
        const { cell } = this.pending.get(id)!;
        const rows = cacheRowsOf(plan.dir, cellPrefix(plan.config.mechanism, cell.key, cell.seed));
        return rows.length ? { warm: rows } : {};
      };
      for (const id of failed) {
        if (!this.pending.has(id)) continue;
        // a failed cell runs again on --resume, as in a local run, from the replies the run folder already holds
        await this.conn!.del(failureKey(id));
        const job = await Job.fromId<CellJobData, CellResult>(queue, id);
        if (job) await job.updateData({ ...job.data, ...warm(id) }).catch(() => undefined);
        await job?.retry("failed").catch(() => undefined);
      }
      // A completed job of a pending cell: if the run folder holds its (degraded) record, it was collected and
      // runs again, as degraded cells do on --resume; otherwise its result is collected (the collector died first).
      for (const id of chunk.filter((_, k) => has(2 * k + 1))) {
        const p = this.pending.get(id);
        if (p && existsSync(cellPath(plan.dir, p.cell.runId))) await (await Job.fromId(queue, id))?.remove().catch(() => undefined);
      }
      const fresh = chunk.filter((id) => !failed.includes(id) && this.pending.has(id));
      if (fresh.length) await queue.addBulk(fresh.map((id) => {
        const { cell } = this.pending.get(id)!;
        return {
          name: plan.config.name,
          data: { configHash: plan.hash, key: cell.key, seed: cell.seed, runId: cell.runId, ...warm(id) },
          opts: { jobId: id, attempts: this.opts.attempts, removeOnComplete: { age: this.opts.keepSeconds },
            removeOnFail: { age: this.opts.keepSeconds } },
        };
      }));
      for (const id of chunk) this.ready.add(id);
    }
  }

  /** Looks at every pending job: completed ones are committed, failed ones rejected, vanished ones enqueued again. */
  private async poll(): Promise<void> {
    if (!this.pending.size) return;
    // checked before anything else: a poll in flight when the connection dropped waits for it to come back
    if (this.lostSince !== undefined && Date.now() - this.lostSince > this.opts.lostAfterMs) {
      this.lost ??= new QueueUnreachableError(this.url, `the connection was lost for more than ${Math.round(this.opts.lostAfterMs / 1000)} s`,
        `completed cells are kept in the run folder; once Redis is back, continue with the same command and --resume`);
      this.stop();
      return;
    }
    if (this.polling || this.conn!.status !== "ready") return;
    this.polling = true;
    try {
      if (Date.now() - this.publishedAt > 60_000) await this.publish(); // the record outlives a long run
      const ids = [...this.pending.keys()].filter((id) => this.ready.has(id));
      const base = `${PREFIX}:${QUEUE_NAME}`;
      for (let i = 0; i < ids.length; i += 1000) {
        const chunk = ids.slice(i, i + 1000);
        const pipe = this.conn!.pipeline();
        for (const id of chunk) pipe.zscore(`${base}:completed`, id).zscore(`${base}:failed`, id).exists(`${base}:${id}`);
        const res = (await pipe.exec()) ?? [];
        const missing: string[] = [];
        for (let k = 0; k < chunk.length; k++) {
          const id = chunk[k];
          const [completed, failed, exists] = [res[3 * k]?.[1], res[3 * k + 1]?.[1], res[3 * k + 2]?.[1]];
          if (completed !== null && completed !== undefined) await this.collect(id);
          else if (failed !== null && failed !== undefined) await this.collectFailure(id);
          else if (exists === 0) missing.push(id);
        }
        if (missing.length) {
          // Redis lost them (a restart without persistence, or a flush): publish the run again and re-add
          this.requeued += missing.length;
          this.log(`${missing.length} jobs were missing from Redis at ${redactUrl(this.url)}; enqueued again`);
          await this.publish();
          for (const id of missing) this.ready.delete(id);
          this.toAdd.push(...missing);
          await this.enqueue();
        }
      }
    } catch {
      // a connection error: the next poll tries again, and `lostAfterMs` bounds the wait
    } finally {
      this.polling = false;
    }
  }

  private async collect(id: string): Promise<void> {
    const p = this.pending.get(id);
    if (!p) return;
    const job = await Job.fromId<CellJobData, CellResult>(this.queue!, id);
    const result = job?.returnvalue;
    if (!result || !result.record) return; // removed in between: seen as missing next time
    const rec = result.record;
    if (rec.runId !== p.cell.runId || rec.configHash !== p.plan.hash) {
      this.settle(id, (q) => q.resolve({ kind: "failed", error: new CellJobError(`job ${id} returned cell ${rec.runId} of config ${rec.configHash?.slice(0, 8)}`) }));
      return;
    }
    // Committed by cell address, once per job (a job completes once; `settle` takes it out of `pending`): the
    // ledger lines and replay-cache entries first, then the cell file, which is what makes the cell done.
    try {
      commitArtifacts(p.plan.dir, result.artifacts ?? []);
      writeCell(p.plan.dir, rec);
    } catch (err) {
      // the result stays in Redis: --resume collects it once the run folder can be written
      const error = new CellJobError(`the result could not be stored in ${p.plan.dir}: ${(err as Error).message}`, "StoreError");
      this.settle(id, (q) => q.resolve({ kind: "failed", error }));
      return;
    }
    if (result.provenance !== undefined) this.lastProvenance = result.provenance;
    this.settle(id, (q) => q.resolve({ kind: "stored", record: rec }));
  }

  private async collectFailure(id: string): Promise<void> {
    const p = this.pending.get(id);
    if (!p) return;
    const text = await this.conn!.get(failureKey(id));
    if (text) {
      // the mechanism's own failure: its error, and the calls made before it (they were paid for)
      const f = JSON.parse(text) as CellFailure;
      commitArtifacts(p.plan.dir, f.artifacts ?? []);
      const error = new CellJobError(f.error.message, f.error.name, f.error.code);
      this.settle(id, (q) => q.resolve({ kind: "failed", error, ...(f.calls ? { calls: f.calls as CellCalls } : {}) }));
      return;
    }
    // refused or lost by the queue (code version, missing run, stalled too often): BullMQ's reason
    const job = await Job.fromId<CellJobData, CellResult>(this.queue!, id);
    const reason = job?.failedReason ?? "failed on a worker (no reason recorded)";
    const [name, ...rest] = reason.includes(": ") ? reason.split(": ") : ["CellJobError", reason];
    const err = /^[A-Za-z]*Error$/.test(name) ? new CellJobError(rest.join(": "), name) : new CellJobError(reason);
    this.settle(id, (q) => q.resolve({ kind: "failed", error: err }));
  }

  private settle(id: string, f: (p: Pending) => void): void {
    const p = this.pending.get(id);
    if (!p) return;
    this.pending.delete(id);
    this.ready.delete(id);
    f(p);
    if (!this.pending.size && this.timer) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
  }

  /** Stops following: every cell not yet collected stays pending (its job stays in the queue for a later --resume). */
  private stop(): void {
    for (const id of [...this.pending.keys()]) this.settle(id, (p) => p.resolve({ kind: "stopped" }));
  }

  private failAll(err: unknown): void {
    const e = err instanceof Error ? err : new Error(String(err));
    this.lost ??= new QueueUnreachableError(this.url, `enqueueing failed (${e.message})`, "check the Redis server, then run again with --resume");
    this.stop();
  }

  provenance(): unknown {
    return this.lastProvenance;
  }

  manifestInfo() {
    return { url: redactUrl(this.url), code: this.code, ...(this.requeued ? { requeued: this.requeued } : {}) };
  }

  /** Closes the connections (jobs stay in Redis). */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    // a lost Redis must not hold the process: closing waits at most a second
    await Promise.race([this.queue?.close().catch(() => undefined), new Promise((r) => setTimeout(r, 1000).unref())]);
    this.conn?.disconnect();
  }
}
