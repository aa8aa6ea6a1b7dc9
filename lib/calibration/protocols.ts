/**
 * The protocols' rule for one judgement: which confidence the update uses and the update δ.
 *
 *   binary          δ = +α_win on a win, −α_lose on a loss;
 *   binary_matched  δ = ±step, step = `matchedStep` (resolved by the runner from the dev pilot when not given);
 *   raw             δ = α_win·(2c − 1), c the judge's raw P(candidate better);
 *   raw_matched     δ = s·α_win·(2c − 1), s = `matchedScale` (idem);
 *   isotonic, platt δ = α_win·(2c̃ − 1), c̃ the calibrated c (window kind `windowKind`, choice `calibrationChoice`);
 *   shuffled        δ = α_win·(2c̃′ − 1), c̃′ the isotonic protocol's used confidences of the same phase and seed in a
 *                   random permutation (each used once).
 * Under the `symmetric` control α_win = α_lose = `symmetricRate`.
 *
 * Calibration choice. `always` uses the fitted value. `cv` compares, on the window's pairs, the Brier score of the
 * calibrator's prequential predictions (`CalibrationPair.fit`, each made before its outcome) with that of the raw
 * confidence, and uses the fitted value only when it was lower by more than `cvMargin` per pair.
 */
import type { Rng } from "../core/rng.js";
import { isotonicCalibrate, plattCalibrate, selectPairs, type CalibrationPair } from "./calibrators.js";
import type { CalibrationParams } from "./types.js";

/** The shadow calibrations recorded beside every judged confidence: calibrator × window kind. */
export const SHADOW_COLUMNS = ["iso_seed", "iso_sliding", "iso_expanding", "iso_per_strategy", "platt_sliding", "platt_expanding", "platt_per_strategy"] as const;
export type Shadows = Record<(typeof SHADOW_COLUMNS)[number], number | null>;

export interface JudgementInput {
  phase: string;
  round: number;
  strategy: string;
  win: boolean;
  /** The raw P(candidate better) (confidence protocols), else null. */
  raw: number | null;
  /** The judgement's covariates (real judge), else null (random evaluator). */
  at: Omit<CalibrationPair, "y"> | null;
  judged: boolean;
  prior: readonly CalibrationPair[];
  own: readonly CalibrationPair[];
  /** `shuffled`: the used confidence of this round, from the isotonic source run. */
  shuffledValue?: number;
}

export interface ProtocolStep {
  delta: number;
  used: number | null;
  calibrated: number | null;
  /** The protocol calibrator's own fitted value, before the choice (stored on the pair for `cv`). */
  fit: number | null;
  /** Whether the calibrated value was used (false when `cv` kept the raw confidence). */
  chosen: boolean | null;
  nPairs: number | null;
  shadow: Shadows;
}

const NO_SHADOW: Shadows = { iso_seed: null, iso_sliding: null, iso_expanding: null, iso_per_strategy: null, platt_sliding: null, platt_expanding: null, platt_per_strategy: null };

/**
 * The update of one judgement under `p.protocol`.
 * @throws Error when a matched protocol's step was not resolved, or a confidence falls outside [0, 1].
 */
export function protocolStep(p: CalibrationParams, j: JudgementInput, opts: { shadows: boolean }): ProtocolStep {
  const symmetric = p.control === "symmetric";
  const alphaWin = symmetric ? p.symmetricRate : p.alphaWin;
  const alphaLose = symmetric ? p.symmetricRate : p.alphaLose;
  const base = { used: null, calibrated: null, fit: null, chosen: null, nPairs: null, shadow: NO_SHADOW };
  if (p.protocol === "binary") return { ...base, delta: j.win ? alphaWin : -alphaLose };
  if (p.protocol === "binary_matched") {
    if (p.matchedStep === undefined) throw new Error("calibration: binary_matched needs params.matchedStep (the runner sets it from the dev pilot)");
    return { ...base, delta: j.win ? p.matchedStep : -p.matchedStep };
  }
  const c = j.raw as number;
  const point = { ...(j.at ?? { position: 1 as const, lengthDiff: 0, strategy: j.strategy }), c };
  const pairs = selectPairs(p.windowKind, p.window, j.prior, j.own, j.strategy);
  let used: number;
  let calibrated: number | null = null;
  let fit: number | null = null;
  let chosen: boolean | null = null;
  if (p.protocol === "raw" || p.protocol === "raw_matched") {
    used = c;
  } else {
    fit = p.protocol === "platt" ? plattCalibrate(pairs, point, p.covariates, p.priorPairs) : isotonicCalibrate(pairs, c, p.priorPairs);
    chosen = p.calibrationChoice === "always" || cvPrefersFit(pairs, p.cvMargin);
    calibrated = chosen ? fit : c;
    used = p.protocol === "shuffled" ? (j.shuffledValue ?? missingSource(j)) : calibrated;
  }
  if (!(used >= 0 && used <= 1)) throw new Error(`calibration: confidence ${used} is outside [0, 1] (phase ${j.phase}, round ${j.round})`);
  const scale = p.protocol === "raw_matched" ? (p.matchedScale ?? missingScale()) : 1;
  const shadow = opts.shadows && j.judged && p.protocol === "isotonic" ? shadows(p, j, point) : NO_SHADOW;
  return { delta: scale * alphaWin * (2 * used - 1), used, calibrated, fit, chosen, nPairs: pairs.length, shadow };
}

/** Whether the calibrator's prequential predictions on `pairs` beat the raw confidence's Brier score by more than `margin` per pair. */
export function cvPrefersFit(pairs: readonly CalibrationPair[], margin: number): boolean {
  let n = 0, gain = 0;
  for (const q of pairs) {
    if (q.fit === undefined) continue;
    n++;
    gain += (q.c - q.y) ** 2 - (q.fit - q.y) ** 2;
  }
  return n > 0 && gain / n > margin;
}

/** Every calibrator × window kind on the same judgement (plain fits with the prior, no choice), and the seed's rule. */
function shadows(p: CalibrationParams, j: JudgementInput, point: Omit<CalibrationPair, "y">): Shadows {
  const out: Shadows = { ...NO_SHADOW };
  for (const kind of ["sliding", "expanding", "per_strategy"] as const) {
    const ps = selectPairs(kind, p.window, j.prior, j.own, j.strategy);
    out[`iso_${kind}`] = isotonicCalibrate(ps, point.c, p.priorPairs);
    out[`platt_${kind}`] = plattCalibrate(ps, point, p.covariates, p.priorPairs);
  }
  out.iso_seed = isotonicCalibrate(selectPairs("sliding", 10, j.prior, j.own, j.strategy), point.c, 0);
  return out;
}

/** A random permutation of each phase's source values (the isotonic run's used confidences), one stream per phase. */
export function permuteSource(source: Record<string, readonly (number | null)[]>, rng: Rng): Record<string, number[]> {
  return Object.fromEntries(Object.entries(source).map(([phase, xs]) => [phase, rng.fork("shuffle", phase).shuffle(xs.map((x) => x ?? 0.5))]));
}

function missingSource(j: JudgementInput): never {
  throw new Error(`calibration: shuffled has no source value for phase ${j.phase}, round ${j.round} (the runner runs the isotonic source first)`);
}
function missingScale(): never {
  throw new Error("calibration: raw_matched needs params.matchedScale (the runner sets it from the dev pilot)");
}
