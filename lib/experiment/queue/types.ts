/**
 * The hook by which a run's cells execute somewhere else than in the running process (a job queue):
 * `runExperiment` keeps everything else (run folder, resume, manifest, tables, progress) and asks the
 * cell runner for each pending cell's record instead of running the mechanism itself.
 */
import type { Cell } from "../grid.js";
import type { RunPlan } from "../plan.js";
import type { CellRecord } from "../store.js";

export interface CellRunner {
  /** The model label the manifest names (the rows carry the label the worker wrote). */
  label(plan: RunPlan): string;
  /** Called once, after planning and before the run folder is touched: connect, check, publish the run. */
  prepare(plan: RunPlan): Promise<void>;
  /**
   * The record of one cell, run elsewhere.
   * @throws the cell's failure (its error goes to the manifest), or `CellNotRunError` when the run was stopped first.
   */
  runCell(plan: RunPlan, cell: Cell, signal?: AbortSignal): Promise<CellRecord>;
  /** The usage ledger's summary over the cells collected by this runner, for the manifest. */
  ledger?(): unknown;
  /** What the manifest's `queue` field records. */
  manifestInfo?(): { url: string; code: { gitCommit: string; lockfileHash: string }; requeued?: number };
}

/** A cell that neither completed nor failed because the run stopped first: it stays `pending`. */
export class CellNotRunError extends Error {
  constructor(runId: string) {
    super(`cell ${runId} was not collected before the run stopped`);
    this.name = "CellNotRunError";
  }
}
