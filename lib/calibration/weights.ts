/**
 * Strategy weights and the two update rules of the TTRL loop (MECHANISMS.md §3).
 * Every update is followed by flooring at `floor` and renormalising to sum 1.
 */
import type { Rng } from "../core/rng.js";
import { DataError } from "../core/errors.js";
import { STRATEGIES, type Weights } from "./types.js";

/** Uniform weights over the given strategies (default: all 11). */
export function uniformWeights(strategies: readonly string[] = STRATEGIES): Weights {
  return Object.fromEntries(strategies.map((s) => [s, 1 / strategies.length]));
}

/**
 * Floors every weight at `floor`, renormalises to sum 1, floors and renormalises once more.
 * @throws DataError when a weight is not a finite number.
 */
export function renormalise(w: Weights, floor = 0.001): Weights {
  const keys = Object.keys(w);
  for (const k of keys) {
    if (!Number.isFinite(w[k])) throw new DataError({ field: `weights.${k}`, message: `weight is ${w[k]}, not a finite number` });
  }
  let out = floorAndScale(w, keys, floor);
  out = floorAndScale(out, keys, floor);
  return out;
}

function floorAndScale(w: Weights, keys: string[], floor: number): Weights {
  const floored = keys.map((k) => Math.max(floor, w[k]));
  const total = floored.reduce((a, b) => a + b, 0);
  return Object.fromEntries(keys.map((k, i) => [k, floored[i] / total]));
}

/** Binary update: w_s ← max(floor, w_s + αwin) on a win, max(floor, w_s − αlose) on a loss; then renormalise. */
export function binaryUpdate(w: Weights, s: string, win: boolean, alphaWin: number, alphaLose: number, floor = 0.001): Weights {
  assertStrategy(w, s);
  return renormalise({ ...w, [s]: Math.max(floor, w[s] + (win ? alphaWin : -alphaLose)) }, floor);
}

/**
 * Calibrated update: w_s ← max(floor, w_s + αwin·(2c − 1)), c the calibrated P(candidate better); then renormalise.
 * @throws DataError when c is outside [0, 1] or not a number (never a silent NaN in the weights).
 */
export function calibratedUpdate(w: Weights, s: string, c: number, alphaWin: number, floor = 0.001): Weights {
  assertStrategy(w, s);
  if (!(c >= 0 && c <= 1)) throw new DataError({ field: "confidence", message: `calibrated confidence ${c} is outside [0, 1]` });
  return renormalise({ ...w, [s]: Math.max(floor, w[s] + alphaWin * (2 * c - 1)) }, floor);
}

/** Roulette-wheel sampling of a strategy in proportion to its weight (in the record's key order). */
export function rouletteSample(w: Weights, rng: Rng): string {
  const keys = Object.keys(w);
  return keys[rng.weightedIndex(keys.map((k) => w[k]))];
}

function assertStrategy(w: Weights, s: string): void {
  if (!(s in w)) throw new DataError({ field: "strategy", message: `unknown strategy "${s}"; known: ${Object.keys(w).join(", ")}` });
}
