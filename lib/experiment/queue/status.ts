/** `agora queue status`: the cells of every run in the queue, by state. */
import { Queue } from "bullmq";
import { openRedis, PREFIX, QUEUE_NAME } from "./redis.js";
import { runJobsKey, runKey, runsKey, type RunRecord } from "./protocol.js";
import { formatVersion } from "./version.js";

export interface RunStatus {
  configHash: string;
  name: string;
  profile: string;
  cells: number;
  /** Waiting for a worker (waiting, delayed or prioritized). */
  pending: number;
  active: number;
  failed: number;
  done: number;
  /** Enqueued once but no longer in Redis (expired, or lost in a restart): `--resume` enqueues them again. */
  missing: number;
  code: string;
  createdAt: string;
}

/**
 * The state of every run recorded in the queue, oldest first.
 * @throws {QueueUnreachableError} when Redis cannot be reached.
 * @example
 * (await queueStatus("redis://127.0.0.1:6390"))[0]; // { name: "tbs-default", pending: 10, active: 4, failed: 0, done: 26, … }
 */
export async function queueStatus(url: string): Promise<RunStatus[]> {
  const conn = await openRedis(url);
  const queue = new Queue(QUEUE_NAME, { connection: conn, prefix: PREFIX });
  try {
    const [pendingIds, activeIds, failedIds, doneIds] = await Promise.all([
      queue.getRanges(["waiting", "delayed", "prioritized", "paused", "waiting-children"], 0, -1),
      queue.getRanges(["active"], 0, -1),
      queue.getRanges(["failed"], 0, -1),
      queue.getRanges(["completed"], 0, -1),
    ]);
    const sets = { pending: new Set(pendingIds), active: new Set(activeIds), failed: new Set(failedIds), done: new Set(doneIds) };
    const out: RunStatus[] = [];
    for (const hash of (await conn.smembers(runsKey)).sort()) {
      const text = await conn.get(runKey(hash));
      if (!text) {
        await conn.srem(runsKey, hash); // expired
        continue;
      }
      const rec = JSON.parse(text) as RunRecord;
      const ids = await conn.smembers(runJobsKey(hash));
      const s: RunStatus = { configHash: hash, name: rec.name, profile: rec.profile, cells: rec.cells, pending: 0, active: 0, failed: 0,
        done: 0, missing: 0, code: formatVersion(rec.code), createdAt: rec.createdAt };
      for (const id of ids) {
        if (sets.done.has(id)) s.done++;
        else if (sets.failed.has(id)) s.failed++;
        else if (sets.active.has(id)) s.active++;
        else if (sets.pending.has(id)) s.pending++;
        else s.missing++;
      }
      out.push(s);
    }
    return out.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  } finally {
    await queue.close().catch(() => undefined);
    conn.disconnect();
  }
}

/** A plain-text table of `queueStatus`. */
export function formatQueueStatus(runs: RunStatus[]): string {
  if (!runs.length) return "no runs in the queue";
  const head = ["run", "config", "cells", "pending", "active", "failed", "done", "missing", "code"];
  const rows = runs.map((r) => [r.name, r.configHash.slice(0, 8), r.cells, r.pending, r.active, r.failed, r.done, r.missing, r.code].map(String));
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cols: string[]) => cols.map((c, i) => (i === 0 || i === 1 || i === 8 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ").trimEnd();
  return [line(head), ...rows.map(line)].join("\n");
}
