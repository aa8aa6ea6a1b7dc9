/**
 * The ends of a likelihood-ratio (profile) interval: for a parameter with estimate v̂, the values v on each side
 * where the profiled deviance rises by z², D(v) − D̂ = z² (lme4's ζ(v) = ±√(D(v) − D̂) reaching ±z). Found by
 * stepping out from v̂ until the rise passes z², then Illinois regula falsi on the bracket. A parameter whose rise
 * stays below z² up to its bound (a standard deviation at 0, a correlation at ±1) gets the bound, as lme4's
 * `confint` does when its profile spline does not reach z.
 */

/** One parameter to profile. */
export interface ProfiledParameter {
  estimate: number;
  /** Bounds of the parameter (a standard deviation ≥ 0, a correlation in [−1, 1]). */
  lower: number;
  upper: number;
  /** The first step out from the estimate (about a standard error). */
  step: number;
  /** The profiled deviance at v minus the deviance at the optimum. */
  rise: (v: number) => number;
}

/**
 * The end of the interval on one side (`dir` = −1 lower, +1 upper).
 *
 * @example
 * profileEnd({ estimate: 0, lower: -Infinity, upper: Infinity, step: 1, rise: (v) => v * v }, 3.84, 1); // ≈ 1.96
 */
export function profileEnd(par: ProfiledParameter, target: number, dir: 1 | -1): number {
  const bound = dir > 0 ? par.upper : par.lower;
  const g = (v: number): number => par.rise(v) - target;
  const v0 = par.estimate;
  let lo = v0, glo = -target, step = par.step, hi = v0 + dir * step;
  if ((hi - bound) * dir >= 0) hi = bound;
  let ghi = g(hi);
  for (let it = 0; ghi < 0 && it < 60; it++) {
    if (hi === bound) return bound;
    lo = hi; glo = ghi; step *= 2; hi = v0 + dir * step;
    if ((hi - bound) * dir >= 0) hi = bound;
    ghi = g(hi);
  }
  if (ghi < 0) return Number.NaN;
  // Illinois regula falsi on g(lo) < 0 ≤ g(hi).
  let side = 0;
  for (let it = 0; it < 100; it++) {
    const m = hi - (ghi * (hi - lo)) / (ghi - glo);
    const gm = g(m);
    if (Math.abs(gm) < 1e-9 || Math.abs(hi - lo) < 1e-10 * Math.max(1, Math.abs(m))) return m;
    if (gm < 0) { lo = m; glo = gm; if (side === -1) ghi /= 2; side = -1; }
    else { hi = m; ghi = gm; if (side === 1) glo /= 2; side = 1; }
  }
  return hi - (ghi * (hi - lo)) / (ghi - glo);
}
