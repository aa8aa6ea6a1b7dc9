/**
 * `manifest.json`: everything about a run except its rows. Wall-clock times live here, never in tables.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { DataError } from "../core/errors.js";
import type { Level } from "../core/mechanism.js";
import type { Usage } from "../core/model.js";
import type { CellCalls } from "./cell-health.js";
import type { ModelSpec, ProfileName } from "./config.js";

export const MANIFEST_FORMAT = "agora-run/1";

export interface CellStatus {
  runId: string;
  seed: number;
  condition: Record<string, Level>;
  /**
   * `ok`: rows stored in `file`; `degraded`: rows stored, but some LLM calls failed after retries (see `calls`;
   * `--resume` runs it again); `failed`: see `error`; `pending`: not run (the run was stopped).
   */
  status: "ok" | "degraded" | "failed" | "pending";
  /** The cell's file inside the run folder (`cells/<stem>.json`). */
  file: string;
  durationMs?: number;
  error?: { name: string; message: string; code?: string };
  usage?: Usage & { calls: number };
  /** What the cell's LLM calls did: calls, replay-cache hits, failures (LLM runs only). */
  calls?: CellCalls;
}

export interface Manifest {
  format: typeof MANIFEST_FORMAT;
  name: string;
  mechanism: string;
  profile: ProfileName;
  /** SHA-256 of mechanism, model, grid, seeds and validated params; `--resume` refuses a folder with another. */
  configHash: string;
  /** The config as given (file contents or object), and the file it came from. */
  config: { file?: string; given: unknown; resolved: { grid: [string, Level[]][]; seeds: number[]; params: unknown; model: ModelSpec } };
  grid: [string, Level[]][];
  seeds: number[];
  /** How each cell's random stream is derived. */
  rng: string;
  packageVersion: string;
  gitCommit?: string;
  /** The fingerprint of the code that ran (`codeFingerprint`). */
  codeFingerprint?: string;
  /** Cells a resume found computed by other code (another fingerprint, or none recorded) and computed again. */
  rerunForCode?: number;
  /** The model label written into every row (`offline:tbs-cognitive-v1`, `openai:gpt-4o-mini`). */
  model: string;
  modelSpec: ModelSpec;
  /**
   * Whether the same config and seeds give byte-identical tables: true for offline runs and for `--replay` of a recorded
   * run; false for a new LLM run (the provider samples) or a mechanism with a non-deterministic world, with the reasons.
   */
  determinism: { byteIdentical: boolean; reasons: string[] };
  /** SHA-256 of each prompt template the mechanism declares. */
  promptTemplates: Record<string, string>;
  /** `complete`: every cell ok; `incomplete`: every cell ran, some degraded or failed; `stopped`: some cells pending. */
  status: "running" | "complete" | "incomplete" | "stopped";
  /** Why a stopped run stopped: the cost budget (`--max-cost`) or an interrupt. */
  stopReason?: "max-cost" | "interrupted";
  /** Where the LLM replies came from: provider, model, base URL without credentials, SDK versions, reported snapshot. */
  provenance?: unknown;
  /** Sums over the run's whole `ledger.jsonl` (every process that worked on this folder). */
  ledger?: unknown;
  startedAt: string;
  finishedAt?: string;
  concurrency: number;
  cells: CellStatus[];
  tables: Record<string, { file: string; rows: number }>;
  /**
   * Sums over the stored cells. LLM runs: `calls` and the tokens are what the provider answered and billed for the
   * cells' replies (from each cell's call tracker), and `replayed` what came back from the replay cache or from a
   * shared call in flight, which this run did not pay for; `ledger` is the llm layer's usage summary of this process.
   * Offline runs: the mechanism's own token estimates. What the whole folder spent is `Manifest.ledger`.
   */
  usage: Usage & { calls: number; replayed?: { calls: number; inputTokens: number; outputTokens: number }; ledger?: unknown };
  /** Queued runs (lib/experiment/queue): the Redis URL (no password), and the code version every worker must have. */
  queue?: { url: string; code: { gitCommit: string; lockfileHash: string }; requeued?: number };
}

/**
 * Reads a run folder's manifest, or `undefined` when it has none.
 * @throws {DataError} when the manifest exists but is not a manifest of this format.
 * @example
 * readManifest("data/runs/tbs-default-3fa9c2e1")?.status; // "complete"
 */
export function readManifest(dir: string): Manifest | undefined {
  const path = join(dir, "manifest.json");
  if (!existsSync(path)) return undefined;
  let m: Manifest;
  try {
    m = JSON.parse(readFileSync(path, "utf8")) as Manifest;
  } catch (err) {
    throw new DataError({ file: path, message: `not valid JSON (${(err as Error).message})`,
      fix: "delete the run folder and run the config again" });
  }
  if (m.format !== MANIFEST_FORMAT) {
    throw new DataError({ file: path, field: "format", message: `expected "${MANIFEST_FORMAT}", got ${JSON.stringify(m.format)}`,
      fix: "this folder was not written by agora's experiment runner; choose another --out" });
  }
  return m;
}
