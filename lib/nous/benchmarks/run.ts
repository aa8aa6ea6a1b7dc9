/**
 * Runs the offline pipeline on the belief-dynamics benchmark under some ablations and returns its `answers` rows,
 * each with the scenario of its question. Offline and deterministic; a few seconds per ablation.
 */
import { readFileSync } from "node:fs";
import { cellAddresser } from "../../core/mechanism.js";
import { createRng } from "../../core/rng.js";
import { runner, type Ablation } from "../runner.js";
import { generateBeliefDynamics, scenarioOf, type Truth } from "./belief-dynamics.js";
import { INSTANCES, type Instance } from "./generate.js";

/**
 * `instance`: `prereg` (the held-out instance of belief-dynamics-prereg.md) or `pilot` (the first one).
 *
 * @example
 * const rows = await runBeliefDynamics(["none", "last-write-wins", "no-decay"], ["nous"], "prereg");
 */
export async function runBeliefDynamics(ablations: readonly Ablation[], systems: ("nous" | "bm25")[] = ["nous"], instance: Instance = "prereg"): Promise<{ rows: Record<string, unknown>[]; truth: Truth[] }> {
  const { params: PARAMS_PATH, data: DATA_PATH } = INSTANCES[instance];
  const { truth } = generateBeliefDynamics(JSON.parse(readFileSync(PARAMS_PATH, "utf8")), PARAMS_PATH);
  const rows: Record<string, unknown>[] = [];
  for (const ablation of ablations) {
    const params = runner.paramsSchema.parse({ data: DATA_PATH, systems, deltas: false });
    const r = await runner.runCell({ runId: `ablation=${ablation},seed=1`, seed: 1, condition: { ablation }, params, model: { kind: "offline" }, rng: createRng(1), address: cellAddresser("nous", `ablation=${ablation}`, 1) });
    rows.push(...r.tables.answers.map((x) => ({ ...x, scenario: scenarioOf(truth, String(x.conversation), String(x.question)) ?? "?", kind: Number(x.category) === 1 ? "history" : "current" })));
  }
  return { rows, truth };
}
