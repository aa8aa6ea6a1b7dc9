/**
 * A pool of worker processes that run experiment configs into run folders (offline design points of an audit are
 * CPU-bound: one process per core runs them in parallel). Each worker is `pool-worker` forked with IPC; under tsx
 * (the CLI, the tests) it is forked through tsx too. A worker inherits the environment, so `AGORA_REGISTRY` reaches it.
 */
import { fork, type ChildProcess } from "node:child_process";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { AgoraError } from "../core/errors.js";
import type { ExperimentConfig } from "../experiment/config.js";

export interface PoolJob {
  config: ExperimentConfig;
  out: string;
}

/** What a worker answers for one job. */
export interface PoolReply {
  id: number;
  ok: boolean;
  message?: string;
}

/** Worker processes to use by default: one per core, at most 8. */
export function defaultWorkers(): number {
  return Math.max(1, Math.min(8, availableParallelism()));
}

function workerEntry(): { path: string; execArgv: string[] } {
  const here = fileURLToPath(import.meta.url);
  const ts = here.endsWith(".ts");
  return { path: here.replace(/pool\.(ts|js)$/, `pool-worker.${ts ? "ts" : "js"}`), execArgv: ts ? ["--import", "tsx"] : [] };
}

/**
 * Runs every job (each a complete experiment run into its folder, resumed if present) on `workers` processes.
 * @throws {AgoraError} with the first job that failed, after the others finished.
 */
export async function runInPool(jobs: readonly PoolJob[], workers = defaultWorkers()): Promise<void> {
  if (jobs.length === 0) return;
  const entry = workerEntry();
  const n = Math.max(1, Math.min(workers, jobs.length));
  let next = 0;
  const failures: string[] = [];
  const children: ChildProcess[] = [];
  const serve = (child: ChildProcess) => new Promise<void>((resolve, reject) => {
    const send = () => {
      if (next >= jobs.length) {
        child.removeAllListeners("exit");
        child.kill();
        resolve();
        return;
      }
      const id = next++;
      child.send({ id, ...jobs[id] });
    };
    child.on("message", (m: PoolReply) => {
      if (!m.ok) failures.push(`${jobs[m.id].out}: ${m.message}`);
      send();
    });
    child.on("exit", (code) => reject(new AgoraError("claims-worker", `an audit worker process exited (code ${code}) before finishing its jobs`,
      "run the audit again: completed design points are kept")));
    send();
  });
  try {
    await Promise.all(Array.from({ length: n }, () => {
      const child = fork(entry.path, [], { execArgv: entry.execArgv, stdio: ["ignore", "ignore", "inherit", "ipc"] });
      children.push(child);
      return serve(child);
    }));
  } finally {
    for (const c of children) if (c.exitCode === null) c.kill();
  }
  if (failures.length) {
    throw new AgoraError("claims-run-failed", `${failures.length} design point(s) of the audit failed; first: ${failures[0]}`,
      "fix the cause and run the audit again (completed design points are kept)");
  }
}
