/**
 * The dev pilot that sets `params.matchedStep`: the isotonic protocol's mean |update| (over the judged rounds of
 * every phase, control none, default parameters) on dev seeds that are never reported (9001–9020; the reported
 * seeds are 1…N). `binary_matched` then steps by this fixed amount, so its cells stay independent of the
 * isotonic cells of the same run. `MATCHED_STEP_DEFAULT` holds the value rounded to 4 decimals; a test recomputes it.
 */
import { cellAddresser } from "../core/mechanism.js";
import { createRng } from "../core/rng.js";
import { runCalibrationCell } from "./runner.js";

export const PILOT_SEEDS: readonly number[] = Array.from({ length: 20 }, (_, i) => 9001 + i);

/** Mean over the pilot seeds of each cell's mean |update| under the isotonic protocol (control none). */
export async function matchedStepPilot(params: Record<string, unknown> = {}, seeds: readonly number[] = PILOT_SEEDS): Promise<{ matchedStep: number; perSeed: number[] }> {
  const perSeed: number[] = [];
  for (const seed of seeds) {
    const cell = "protocol=isotonic,control=none";
    const res = await runCalibrationCell({
      runId: `${cell},seed=${seed}`, seed, condition: { protocol: "isotonic", control: "none" },
      params: params as never, model: { kind: "offline" }, rng: createRng(seed), address: cellAddresser("calibration", cell, seed),
    });
    perSeed.push(Number(res.tables.results[0].mean_abs_update));
  }
  return { matchedStep: perSeed.reduce((a, b) => a + b, 0) / perSeed.length, perSeed };
}
