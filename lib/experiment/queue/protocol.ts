/**
 * What travels through Redis for a queued run, and nothing else: cell addresses (jobs), the run's config
 * without secrets and its code version (run record), each cell's rows, ledger lines and replay-cache entries
 * (job results, or failure records beside failed jobs), and the rpm/tpm budgets (budget.ts). Keys and secrets
 * stay in each worker's own environment.
 */
import { ConfigError } from "../../core/errors.js";
import { sha256 } from "../../core/hash.js";
import type { ParsedConfig, ProfileName } from "../config.js";
import type { RunPlan } from "../plan.js";
import type { CellRecord } from "../store.js";
import type { Artifact } from "./artifacts.js";
import { PREFIX } from "./redis.js";
import type { CodeVersion } from "./version.js";

/** A job: one cell's address. */
export interface CellJobData {
  configHash: string;
  /** `<factor>=<level>,…` in grid order. */
  key: string;
  seed: number;
  runId: string;
  /** The run folder's replay-cache rows of this cell, when it runs again (`--resume` of a degraded or failed cell). */
  warm?: Artifact[];
}

/** What a worker needs to run any cell of a run, kept at `agora:run:<config hash>`. */
export interface RunRecord {
  configHash: string;
  name: string;
  mechanism: string;
  profile: ProfileName;
  /** The config as given (with its profiles), without secrets. */
  config: ParsedConfig;
  /** The producer's code version: a worker with another one refuses the run's jobs. */
  code: CodeVersion;
  cells: number;
  /** How long finished jobs and their results stay in Redis (seconds). */
  keepSeconds: number;
  createdAt: string;
}

/**
 * What a worker leaves at `agora:failure:<job id>` before it fails a job: the cell's error, and the ledger lines
 * and cache entries of the calls it made before failing (paid for, so they reach the run folder too).
 */
export interface CellFailure {
  error: { name: string; message: string; code?: string };
  /** The cell's LLM calls (ok, failed) when they were tracked. */
  calls?: unknown;
  artifacts: Artifact[];
  worker: string;
}

/** A job's return value. */
export interface CellResult {
  record: CellRecord;
  /** Files the cell wrote beside its rows (ledger lines, replay-cache entries). */
  artifacts: Artifact[];
  /** The model's provenance as the worker saw it (LLM runs). */
  provenance?: unknown;
  /** `host:pid` of the worker that ran it. */
  worker: string;
}

/**
 * The job id of a cell: SHA-256 hex of its address (config hash, cell key, seed). BullMQ ids cannot hold ":",
 * and one id per address is what makes a second enqueue add nothing.
 * @example
 * jobIdOf("3fa9…", "mode=a", 1); // 64 hex digits
 */
export function jobIdOf(configHash: string, key: string, seed: number): string {
  return sha256(`agora-cell\n${configHash}\n${key}\n${seed}`);
}

export const runKey = (configHash: string) => `${PREFIX}:run:${configHash}`;
export const runJobsKey = (configHash: string) => `${PREFIX}:run:${configHash}:jobs`;
export const runsKey = `${PREFIX}:runs`;
export const failureKey = (jobId: string) => `${PREFIX}:failure:${jobId}`;

/**
 * The run record of a plan.
 * @throws {ConfigError} when the model spec holds an `apiKey`: secrets never go through Redis.
 */
export function runRecordOf(plan: RunPlan, code: CodeVersion, keepSeconds: number): RunRecord {
  const model = plan.given.model as unknown;
  if (model && typeof model === "object" && "apiKey" in (model as Record<string, unknown>)) {
    throw new ConfigError({ file: plan.config.file, path: ["model", "apiKey"],
      message: "a queued run does not send keys through Redis",
      fix: "remove apiKey from the config and set the provider's key variable (e.g. OPENAI_API_KEY) in each worker's environment" });
  }
  if (/\/\/[^/@\s"]+@/.test(JSON.stringify(model))) {
    throw new ConfigError({ file: plan.config.file, path: ["model"],
      message: "the model spec holds credentials in a URL (user:password@); a queued run does not send them through Redis",
      fix: "remove them from the URL and give each worker its key through its environment" });
  }
  return {
    configHash: plan.hash,
    name: plan.config.name,
    mechanism: plan.config.mechanism,
    profile: plan.config.profile,
    config: { ...plan.given, name: plan.config.name },
    code,
    cells: plan.cells.length,
    keepSeconds,
    createdAt: new Date().toISOString(),
  };
}
