/**
 * Calibrators of the judge's stated confidence: isotonic regression and Platt scaling (optionally with
 * covariates), fitted on a window of earlier (confidence, outcome) pairs.
 *
 * Window kinds (`params.windowKind`):
 * - `sliding`: the phase's previous ≤ `window` pairs (the seed's rule, 10 pairs);
 * - `expanding`: every pair observed earlier in the cell: the completed phases of the earlier stage (the judge is
 *   the same) and this phase's earlier rounds;
 * - `per_strategy`: as `expanding`, restricted to pairs whose candidate used the same strategy.
 * A calibrator is the identity until its pairs hold two distinct confidences and both outcomes (before that nothing
 * can be learnt), and its value is shrunk toward the raw confidence by `priorPairs` pseudo-pairs (`shrink`), so a
 * fit on few pairs moves the confidence little. Every calibrated value is prequential: it is fitted on pairs
 * observed before the judgement.
 */
import { isotonic } from "../stats/isotonic.js";
import { STRATEGIES, type Covariate, type WindowKind } from "./types.js";

/** One observed (confidence, outcome) pair with the judgement's covariates. */
export interface CalibrationPair {
  /** Raw P(candidate better). */
  c: number;
  y: 0 | 1;
  /** 1 when the candidate was in position A. */
  position: 0 | 1;
  /** (candidate length − baseline length) / 1000, as the judge saw them. */
  lengthDiff: number;
  strategy: string;
  /** The protocol calibrator's prequential value for this judgement (made before its outcome), for `calibrationChoice: "cv"`. */
  fit?: number;
}

/** The pairs a calibrator of `kind` may use for a judgement of `strategy`. */
export function selectPairs(kind: WindowKind, window: number, prior: readonly CalibrationPair[], own: readonly CalibrationPair[], strategy: string): CalibrationPair[] {
  if (kind === "sliding") return own.slice(Math.max(0, own.length - window));
  const all = prior.concat(own);
  return kind === "per_strategy" ? all.filter((p) => p.strategy === strategy) : all;
}

/** Whether the pairs can be fitted: two distinct confidences and both outcomes. */
export function fittable(pairs: readonly CalibrationPair[]): boolean {
  let pos = false, neg = false;
  const first = pairs[0]?.c;
  let distinct = false;
  for (const p of pairs) {
    if (p.y === 1) pos = true; else neg = true;
    if (p.c !== first) distinct = true;
  }
  return pos && neg && distinct;
}

/**
 * Shrinks a fitted value toward the raw confidence: (n·fitted + n₀·c) / (n + n₀), n the pairs fitted on and n₀ =
 * `priorPairs` (the raw confidence counts as n₀ pseudo-pairs). n₀ = 0 is the plain fit.
 */
export function shrink(fitted: number, c: number, n: number, priorPairs: number): number {
  return priorPairs > 0 ? (n * fitted + priorPairs * c) / (n + priorPairs) : fitted;
}

/** Isotonic calibration of `c` on `pairs` (increasing, clipped to [0, 1]), shrunk by `priorPairs`; the identity when not fittable. */
export function isotonicCalibrate(pairs: readonly CalibrationPair[], c: number, priorPairs = 0): number {
  if (!fittable(pairs)) return c;
  const f = isotonic(pairs.map((p) => p.c), pairs.map((p) => p.y), { increasing: true, yMin: 0, yMax: 1 });
  return shrink(f.predict([c])[0], c, pairs.length, priorPairs);
}

/** The covariate vector of a pair (or of a judgement about to be calibrated). */
export function covariateVector(p: Omit<CalibrationPair, "y">, covariates: readonly Covariate[]): number[] {
  const x = [logit(p.c)];
  if (covariates.includes("position")) x.push(p.position);
  if (covariates.includes("length")) x.push(p.lengthDiff);
  if (covariates.includes("strategy")) for (const s of STRATEGIES) x.push(p.strategy === s ? 1 : 0);
  return x;
}

/**
 * Platt calibration of a judgement on `pairs`: σ(a·logit(c) + b) without covariates (Platt's fit), or a logistic
 * regression on logit(c) and the covariates (ridge 0.1 on the covariate coefficients); the identity when not fittable.
 */
export function plattCalibrate(pairs: readonly CalibrationPair[], at: Omit<CalibrationPair, "y">, covariates: readonly Covariate[] = [], priorPairs = 0): number {
  if (!fittable(pairs)) return at.c;
  let fitted: number;
  if (covariates.length === 0) {
    const { a, b } = plattFit(pairs.map((p) => p.c), pairs.map((p) => p.y));
    fitted = sigmoid(a * logit(at.c) + b);
  } else {
    const beta = logisticFit(pairs.map((p) => covariateVector(p, covariates)), pairs.map((p) => p.y), 0.1);
    const x = covariateVector(at, covariates);
    fitted = sigmoid(beta[0] + x.reduce((s, v, i) => s + v * beta[i + 1], 0));
  }
  return shrink(fitted, at.c, pairs.length, priorPairs);
}

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

/** Sliding-window isotonic regression (increasing, clipped to [0, 1]) on a phase's own pairs (the seed's rule). */
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

const EPS = 1e-4;
export const logit = (p: number) => {
  const q = Math.min(1 - EPS, Math.max(EPS, p));
  return Math.log(q / (1 - q));
};
export const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

/**
 * Platt's fit of σ(a·logit(c) + b) to 0/1 outcomes, with Platt's target smoothing
 * (t₊ = (N₊+1)/(N₊+2), t₋ = 1/(N₋+2)) so small, separable windows still give finite estimates; Newton steps with
 * backtracking on the log-loss (Lin, Lin and Weng's safeguarded version of Platt's algorithm).
 */
export function plattFit(conf: readonly number[], y: readonly (0 | 1)[]): { a: number; b: number } {
  const beta = logisticFit(conf.map((c) => [logit(c)]), y, 0);
  return { a: beta[1], b: beta[0] };
}

/**
 * Logistic regression with Platt's target smoothing, intercept first, ridge `lambda` on every coefficient but the
 * intercept and the first (logit c); Newton–Raphson.
 */
export function logisticFit(X: readonly number[][], y: readonly (0 | 1)[], lambda: number): number[] {
  const nPos = y.filter((v) => v === 1).length;
  const tPos = (nPos + 1) / (nPos + 2);
  const tNeg = 1 / (y.length - nPos + 2);
  const t = y.map((v) => (v === 1 ? tPos : tNeg));
  const rows = X.map((x) => [1, ...x]);
  const k = rows[0].length;
  const loss = (beta: number[]) => {
    let l = 0;
    for (let n = 0; n < rows.length; n++) {
      const z = rows[n].reduce((s, v, i) => s + v * beta[i], 0);
      // −[t log σ(z) + (1 − t) log(1 − σ(z))], computed stably
      l += (z >= 0 ? Math.log1p(Math.exp(-z)) : -z + Math.log1p(Math.exp(z))) + (1 - t[n]) * z;
    }
    for (let j = 2; j < k; j++) l += 0.5 * lambda * beta[j] ** 2;
    return l;
  };
  let beta = new Array<number>(k).fill(0);
  beta[1] = 1;
  let current = loss(beta);
  for (let iter = 0; iter < 100; iter++) {
    const g = new Array<number>(k).fill(0);
    const H = Array.from({ length: k }, (_, i) => Array.from({ length: k }, (_, j) => (i === j ? 1e-12 : 0)));
    for (let j = 2; j < k; j++) {
      g[j] += lambda * beta[j];
      H[j][j] += lambda;
    }
    for (let n = 0; n < rows.length; n++) {
      const row = rows[n];
      const p = sigmoid(row.reduce((s, v, i) => s + v * beta[i], 0));
      const r = p - t[n];
      const w = p * (1 - p);
      for (let i = 0; i < k; i++) {
        g[i] += r * row[i];
        for (let j = 0; j < k; j++) H[i][j] += w * row[i] * row[j];
      }
    }
    if (g.every((v) => Math.abs(v) < 1e-9)) break;
    const step = solve(H, g);
    if (!step) break;
    // backtracking: halve the Newton step until the loss decreases
    let size = 1;
    let next = beta;
    let nextLoss = Infinity;
    while (size >= 1e-10) {
      next = beta.map((b, i) => b - size * step[i]);
      nextLoss = loss(next);
      if (nextLoss < current + 1e-4 * size * g.reduce((s, v, i) => s - v * step[i], 0)) break;
      size /= 2;
    }
    if (size < 1e-10) break;
    beta = next;
    if (Math.abs(current - nextLoss) < 1e-12 * Math.max(1, Math.abs(current))) break;
    current = nextLoss;
  }
  return beta;
}

/** Solves H·x = g by Gaussian elimination with partial pivoting; null when singular. */
function solve(H: number[][], g: number[]): number[] | null {
  const n = g.length;
  const A = H.map((r, i) => [...r, g[i]]);
  for (let c = 0; c < n; c++) {
    let piv = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(A[r][c]) > Math.abs(A[piv][c])) piv = r;
    if (!(Math.abs(A[piv][c]) > 1e-12)) return null;
    [A[c], A[piv]] = [A[piv], A[c]];
    for (let r = c + 1; r < n; r++) {
      const f = A[r][c] / A[c][c];
      for (let j = c; j <= n; j++) A[r][j] -= f * A[c][j];
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let s = A[r][n];
    for (let j = r + 1; j < n; j++) s -= A[r][j] * x[j];
    x[r] = s / A[r][r];
  }
  return x;
}
