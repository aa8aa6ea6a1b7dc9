/**
 * Writes data/benchmarks/belief-dynamics.json from its committed parameters:
 *   node --import tsx lib/nous/benchmarks/generate.ts
 * The test `belief-dynamics.test.ts` checks the committed file equals what the parameters generate.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { generateBeliefDynamics } from "./belief-dynamics.js";

export const PARAMS_PATH = fileURLToPath(new URL("../../../data/benchmarks/belief-dynamics.params.json", import.meta.url));
export const DATA_PATH = fileURLToPath(new URL("../../../data/benchmarks/belief-dynamics.json", import.meta.url));

/** The benchmark's JSON text as the committed parameters generate it. */
export function benchmarkText(): string {
  return JSON.stringify(generateBeliefDynamics(JSON.parse(readFileSync(PARAMS_PATH, "utf8")), PARAMS_PATH).data, null, 1) + "\n";
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(DATA_PATH, benchmarkText());
  console.log(`wrote ${DATA_PATH}`);
}
