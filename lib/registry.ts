/**
 * The mechanisms the experiment runner knows, by the name used in config files.
 * Each mechanism folder exports its `runner` from `runner.ts`; add it here.
 */
import type { MechanismRunner } from "./core/mechanism.js";
import { runner as tbs } from "./tbs/runner.js";
import { runner as calibration } from "./calibration/runner.js";
import { runner as nous } from "./nous/runner.js";
import { runner as gated } from "./gated/runner.js";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const mechanisms: Record<string, MechanismRunner<any>> = {
  tbs,
  calibration,
  nous,
  gated,
};

export function mechanismNames(): string[] {
  return Object.keys(mechanisms).sort();
}
