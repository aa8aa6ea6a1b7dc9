/**
 * The hook by which a run's cells execute somewhere else than in the running process (a job queue):
 * `runExperiment` keeps everything else (run folder, resume, health, manifest, tables, progress) and asks the
 * cell runner for each pending cell's outcome instead of calling `executeCell` itself.
 */
import type { Cell } from "../grid.js";
import type { RunPlan } from "../plan.js";
import type { CellOutcome } from "../cell.js";

export interface CellRunner {
  /** The model label the manifest names (the rows carry the label the worker wrote). */
  label(plan: RunPlan): string;
  /** Called once, after planning and before the run folder is touched: connect, check, publish the run. */
  prepare(plan: RunPlan): Promise<void>;
  /**
   * One cell, run elsewhere, with `executeCell`'s outcome: `stored` once its record (and its ledger lines and
   * replay-cache entries) are in the run folder, `failed` with the cell's error, `stopped` when the run stopped first.
   */
  runCell(plan: RunPlan, cell: Cell, signal?: AbortSignal): Promise<CellOutcome>;
  /** The model provenance a worker reported (LLM runs). */
  provenance(): unknown;
  /** What the manifest's `queue` field records. */
  manifestInfo(): { url: string; code: { gitCommit: string; lockfileHash: string }; requeued?: number };
}
