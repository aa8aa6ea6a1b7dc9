/**
 * Offline cells run in process, without a run folder: what the tests, the matching pilot's checks and the library's
 * small sweeps (sensitivity, null checks) use. A cell here is byte-identical to the same cell of an experiment run.
 */
import { cellAddresser } from "../core/mechanism.js";
import { createRng } from "../core/rng.js";
import { runCalibrationCell } from "./runner.js";

type Row = Record<string, unknown>;
export type CellTables = { results: Row[]; weights: Row[]; judgements: Row[]; trajectories: Row[] };

/**
 * Runs one offline cell the way the experiment runner does.
 * @example (await runCell("isotonic", "none", 1, { rounds: 10 })).tables.results[0].gamma_tv_excess
 */
export function runCell(protocol: string, control: string, seed: number, params: Record<string, unknown> = {}) {
  const key = `protocol=${protocol},control=${control}`;
  return runCalibrationCell({
    runId: `${key},seed=${seed}`, seed, condition: { protocol, control }, params: params as never,
    model: { kind: "offline" }, rng: createRng(seed), address: cellAddresser("calibration", key, seed),
  });
}

/**
 * Every protocol × control × seed cell, in that order, with the tables concatenated.
 * @example const { results } = await runCells(["binary", "isotonic"], ["none"], [1, 2, 3]);
 */
export async function runCells(protocols: readonly string[], controls: readonly string[], seeds: readonly number[], params: Record<string, unknown> = {}): Promise<CellTables> {
  const out: CellTables = { results: [], weights: [], judgements: [], trajectories: [] };
  for (const protocol of protocols) for (const control of controls) for (const seed of seeds) {
    const r = await runCell(protocol, control, seed, params);
    for (const t of Object.keys(out) as (keyof CellTables)[]) out[t].push(...(r.tables[t] ?? []));
  }
  return out;
}
