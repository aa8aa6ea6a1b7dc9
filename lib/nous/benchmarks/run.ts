/**
 * The balanced belief-dynamics benchmark through the Nous runner: the `answers` rows of some ablations (one cell
 * each, seed 1), each with its question's scenario, cue and kind. Offline and deterministic.
 */
import { cellAddresser } from "../../core/mechanism.js";
import { createRng } from "../../core/rng.js";
import { runner } from "../runner.js";
import type { BenchmarkName } from "./instances.js";

/**
 * The `answers` rows of the Nous system on an instance under some ablations (one runner cell each, seed 1).
 *
 * @example
 * const rows = await runBenchmark("balanced-pilot", ["none", "last-write-wins"]);
 */
export async function runBenchmark(name: BenchmarkName, ablations: readonly string[], params: Record<string, unknown> = {}): Promise<Record<string, unknown>[]> {
  const rows: Record<string, unknown>[] = [];
  for (const ablation of ablations) {
    const p = runner.paramsSchema.parse({ benchmark: name, systems: ["nous"], deltas: false, ...params });
    const r = await runner.runCell({ runId: `ablation=${ablation},seed=1`, seed: 1, condition: { ablation }, params: p, model: { kind: "offline" }, rng: createRng(1), address: cellAddresser("nous", `ablation=${ablation}`, 1) });
    rows.push(...r.tables.answers);
  }
  return rows;
}
