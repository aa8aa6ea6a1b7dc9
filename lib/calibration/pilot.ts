/**
 * The dev pilot that fixes the matched protocols' step sizes for a judge: the mean |update| of a protocol over the
 * judged rounds of every phase, averaged over dev seeds that are never reported (90001, 90002, …; the reported
 * seeds are 1…N and the tests' ranges are below 10000), under the cell's own params and control (so the
 * `symmetric` rows and every judge of an audit get their own match).
 *
 *   binary_matched step  = pilot(matchedTo)
 *   raw_matched scale    = pilot(matchedTo) / pilot(raw)
 *
 * Cells stay independent and resumable: a cell computes the pilot it needs from its params alone (deterministic),
 * and a process keeps each pilot it has computed, so the cells of one run share it.
 */
import { stableStringify } from "../core/hash.js";
import { createRng } from "../core/rng.js";
import { runStudy } from "./study.js";
import { studyModels } from "./study-models.js";
import { CalibrationParamsSchema, type CalibrationParams, type MatchReference, type Protocol } from "./types.js";

/** First dev seed of the pilot; the pilot uses `matchPilotSeeds` consecutive seeds from it. */
export const PILOT_FIRST_SEED = 90001;

/** The pilot's seeds for a params set. */
export function pilotSeeds(n: number): number[] {
  return Array.from({ length: n }, (_, i) => PILOT_FIRST_SEED + i);
}

const cache = new Map<string, Promise<number>>();

/** The params a pilot depends on: everything but the protocol, the matched values and what only changes the tables written. */
function pilotKey(p: CalibrationParams, protocol: Protocol): string {
  const { protocol: _p, matchedStep: _s, matchedScale: _c, detailTables: _d, detailSeeds: _ds, trajectories: _t, weights: _w, shadows: _h, calibrator: _x, llm: _l, ...rest } = p;
  return stableStringify({ ...rest, protocol });
}

/**
 * Mean over the pilot seeds of each offline cell's mean |update| under `protocol` (cached per process).
 * @example await pilotMeanStep(CalibrationParamsSchema.parse({}), "isotonic") // ≈ 0.037 for the default judge, control none
 */
export function pilotMeanStep(p: CalibrationParams, protocol: Protocol): Promise<number> {
  const key = pilotKey(p, protocol);
  let hit = cache.get(key);
  if (!hit) {
    hit = runPilot(p, protocol);
    cache.set(key, hit);
  }
  return hit;
}

async function runPilot(p: CalibrationParams, protocol: Protocol): Promise<number> {
  const params: CalibrationParams = { ...p, protocol, trajectories: "none" };
  const steps: number[] = [];
  for (const seed of pilotSeeds(p.matchPilotSeeds)) {
    const models = studyModels({ model: { kind: "offline" }, seed, params });
    const res = await runStudy(params, models, createRng(seed).fork("calibration-loop"), { shadows: false, shuffled: undefined });
    steps.push(res.metrics.mean_abs_update);
  }
  return steps.reduce((a, b) => a + b, 0) / steps.length;
}

/** The matched protocols' values for a cell's params: the explicit ones, else the pilot's. */
export async function matchedValues(p: CalibrationParams): Promise<{ matchedStep?: number; matchedScale?: number }> {
  if (p.protocol === "binary_matched") return { matchedStep: p.matchedStep ?? (await pilotMeanStep(p, p.matchedTo)) };
  if (p.protocol === "raw_matched") {
    if (p.matchedScale !== undefined) return { matchedScale: p.matchedScale };
    const [ref, raw] = [await pilotMeanStep(p, p.matchedTo), await pilotMeanStep(p, "raw")];
    return { matchedScale: ref / raw };
  }
  return {};
}

/** The default judge's matched step (control none), as `binary_matched` uses it: the dev pilot of the isotonic protocol. */
export async function defaultMatchedStep(reference: MatchReference = "isotonic", control: CalibrationParams["control"] = "none"): Promise<number> {
  return pilotMeanStep(CalibrationParamsSchema.parse({ control }), reference);
}
