/**
 * One cell: run it through its mechanism with its LLM calls tracked, decide its health, store it. The one path every
 * runner takes (local sweeps, queue workers, jobs), so a cell means the same everywhere.
 */
import { relative } from "node:path";
import { cellAddresser, type CellModel } from "../core/mechanism.js";
import { createRng } from "../core/rng.js";
import { isAbortError, isBudgetError, trackCell, type CellCalls } from "./cell-health.js";
import type { Cell } from "./grid.js";
import type { CellStatus } from "./manifest.js";
import type { RunPlan } from "./plan.js";
import { cellPath, writeCell, type CellRecord, type Row } from "./store.js";
import { codeFingerprint } from "./project.js";

/** What became of one cell: stored (ok or degraded), failed, cut short by the budget, or stopped by a signal. */
export type CellOutcome =
  | { kind: "stored"; record: CellRecord }
  | { kind: "failed"; error: unknown; calls?: CellCalls }
  | { kind: "budget" }
  | { kind: "stopped" };

/**
 * Runs one cell with its calls tracked, decides its health, and stores it (ok or degraded) in the run folder.
 * A cell that throws is reported only once its other calls in flight have ended, so the run's ledger holds every
 * request the cell made when the manifest is written.
 * @example
 * const o = await executeCell(plan, plan.cells[0], model, label); // { kind: "stored", record: { health: "ok", … } }
 */
export async function executeCell(plan: RunPlan, cell: Cell, model: CellModel, label: string, signal?: AbortSignal): Promise<CellOutcome> {
  const started = Date.now();
  const tracked = model.kind === "llm" ? trackCell(model.llm) : undefined;
  const cellModel: CellModel = tracked ? { kind: "llm", llm: tracked.model } : model;
  try {
    const rec = await runOneCell(plan, cell, cellModel, label, signal);
    await tracked?.settled();
    // The cell's replay-cache entries reach the disk before the cell counts as done.
    if (model.kind === "llm") await model.llm.flush?.();
    // a call was refused by the budget and the mechanism carried on: the cell is incomplete, run it again later
    if (tracked?.budgetHit()) return { kind: "budget" };
    rec.durationMs = Date.now() - started;
    if (tracked) {
      rec.calls = tracked.calls;
      rec.health = tracked.calls.failed > 0 ? "degraded" : "ok";
    }
    writeCell(plan.dir, rec);
    return { kind: "stored", record: rec };
  } catch (err) {
    await tracked?.settled();
    if (model.kind === "llm") await model.llm.flush?.().catch(() => undefined);
    if (tracked?.budgetHit() || isBudgetError(err)) return { kind: "budget" };
    if (signal?.aborted && isAbortError(err, signal)) return { kind: "stopped" };
    return { kind: "failed", error: err, ...(tracked ? { calls: tracked.calls } : {}) };
  }
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
    usage: result?.usage, durationMs: 0, code: codeFingerprint() };
  // The stored form is what tables are built from, so in-memory rows equal rows read back after a resume.
  return JSON.parse(JSON.stringify(rec)) as CellRecord;
}

/** A cell's manifest entry with the given status (no timing, usage or error yet). */
export function cellStatus(dir: string, cell: Cell, status: CellStatus["status"]): CellStatus {
  return { runId: cell.runId, seed: cell.seed, condition: cell.condition, status, file: relative(dir, cellPath(dir, cell.runId)) };
}

/** An error as the manifest records it: name, message and, when it has one, its code. */
export function errorInfo(err: unknown): CellStatus["error"] {
  if (err instanceof Error) {
    const code = (err as { code?: unknown }).code;
    return { name: err.name, message: err.message, ...(typeof code === "string" ? { code } : {}) };
  }
  return { name: "Error", message: String(err) };
}
