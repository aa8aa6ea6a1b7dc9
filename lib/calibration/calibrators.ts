/**
 * Calibrators of the judge's stated confidence: the sliding-window isotonic regression of the
 * calibrated protocol, and Platt scaling beside it.
 *
 * Both are fitted on the previous ≤ `window` (confidence, outcome) pairs and are the identity until
 * the window holds two distinct confidences and both outcomes (before that nothing can be learnt).
 */
import { isotonic } from "../stats/isotonic.js";

export interface Calibrator {
  readonly name: string;
  /** The calibrated value of a raw confidence, from the pairs seen so far. */
  calibrate(c: number): number;
  /** Adds an observed (confidence, outcome) pair to the window. */
  observe(c: number, outcome: 0 | 1): void;
}

abstract class WindowCalibrator implements Calibrator {
  abstract readonly name: string;
  protected readonly pairs: Array<{ c: number; y: 0 | 1 }> = [];
  constructor(readonly window = 10) {}

  observe(c: number, outcome: 0 | 1): void {
    this.pairs.push({ c, y: outcome });
    if (this.pairs.length > this.window) this.pairs.shift();
  }

  protected ready(): boolean {
    const distinct = new Set(this.pairs.map((p) => p.c)).size >= 2;
    const both = this.pairs.some((p) => p.y === 1) && this.pairs.some((p) => p.y === 0);
    return distinct && both;
  }

  calibrate(c: number): number {
    return this.ready() ? this.fit(c) : c;
  }

  protected abstract fit(c: number): number;
}

/** Sliding-window isotonic regression (increasing, clipped to [0, 1]), as the calibrated protocol uses. */
export class SlidingIsotonic extends WindowCalibrator {
  readonly name = "isotonic";
  protected fit(c: number): number {
    const f = isotonic(
      this.pairs.map((p) => p.c),
      this.pairs.map((p) => p.y),
      { increasing: true, yMin: 0, yMax: 1 },
    );
    return f.predict([c])[0];
  }
}

/** Sliding-window Platt scaling: P(y = 1) = σ(a·logit(c) + b), fitted by penalised Newton steps. */
export class SlidingPlatt extends WindowCalibrator {
  readonly name = "platt";
  protected fit(c: number): number {
    const { a, b } = plattFit(this.pairs.map((p) => p.c), this.pairs.map((p) => p.y));
    return sigmoid(a * logit(c) + b);
  }
}

export function createCalibrator(kind: "isotonic" | "platt", window: number): Calibrator {
  return kind === "platt" ? new SlidingPlatt(window) : new SlidingIsotonic(window);
}

const EPS = 1e-4;
export const logit = (p: number) => {
  const q = Math.min(1 - EPS, Math.max(EPS, p));
  return Math.log(q / (1 - q));
};
export const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

/**
 * Platt's fit of σ(a·logit(c) + b) to 0/1 outcomes, with Platt's target smoothing
 * (t₊ = (N₊+1)/(N₊+2), t₋ = 1/(N₋+2)) so small, separable windows still give finite estimates.
 */
export function plattFit(conf: readonly number[], y: readonly (0 | 1)[]): { a: number; b: number } {
  const nPos = y.filter((v) => v === 1).length;
  const nNeg = y.length - nPos;
  const tPos = (nPos + 1) / (nPos + 2);
  const tNeg = 1 / (nNeg + 2);
  const x = conf.map(logit);
  const t = y.map((v) => (v === 1 ? tPos : tNeg));
  let a = 1;
  let b = 0;
  for (let iter = 0; iter < 50; iter++) {
    let g0 = 0, g1 = 0, h00 = 1e-6, h01 = 0, h11 = 1e-6;
    for (let i = 0; i < x.length; i++) {
      const p = sigmoid(a * x[i] + b);
      const r = p - t[i];
      const w = p * (1 - p);
      g0 += r * x[i];
      g1 += r;
      h00 += w * x[i] * x[i];
      h01 += w * x[i];
      h11 += w;
    }
    const det = h00 * h11 - h01 * h01;
    if (!(Math.abs(det) > 1e-12)) break;
    const da = (h11 * g0 - h01 * g1) / det;
    const db = (h00 * g1 - h01 * g0) / det;
    a -= da;
    b -= db;
    if (Math.abs(da) + Math.abs(db) < 1e-10) break;
  }
  return { a, b };
}
