/**
 * Writes a belief-dynamics instance from its committed parameters:
 *   node --import tsx lib/nous/benchmarks/generate.ts [pilot|prereg]   (default: both)
 * `pilot` is data/benchmarks/belief-dynamics.json (the first instance, which sized the second); `prereg` is
 * data/benchmarks/belief-dynamics-prereg.json, the held-out instance named by belief-dynamics-prereg.md.
 * The test `belief-dynamics.test.ts` checks each committed file equals what its parameters generate.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { generateBeliefDynamics } from "./belief-dynamics.js";

const at = (f: string) => fileURLToPath(new URL(`../../../data/benchmarks/${f}`, import.meta.url));

/** The instances: their parameter and data files. */
export const INSTANCES = {
  pilot: { params: at("belief-dynamics.params.json"), data: at("belief-dynamics.json") },
  prereg: { params: at("belief-dynamics-prereg.params.json"), data: at("belief-dynamics-prereg.json") },
} as const;
export type Instance = keyof typeof INSTANCES;

export const PARAMS_PATH = INSTANCES.pilot.params;
export const DATA_PATH = INSTANCES.pilot.data;

/** The instance's JSON text as its committed parameters generate it. */
export function benchmarkText(instance: Instance = "pilot"): string {
  const path = INSTANCES[instance].params;
  return JSON.stringify(generateBeliefDynamics(JSON.parse(readFileSync(path, "utf8")), path).data, null, 1) + "\n";
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const which = (process.argv[2] ? [process.argv[2]] : Object.keys(INSTANCES)) as Instance[];
  for (const i of which) {
    if (!(i in INSTANCES)) throw new Error(`unknown instance ${i}: choose among ${Object.keys(INSTANCES).join(", ")}`);
    writeFileSync(INSTANCES[i].data, benchmarkText(i));
    console.log(`wrote ${INSTANCES[i].data}`);
  }
}
