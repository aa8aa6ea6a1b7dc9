/**
 * Numerical derivatives by Richardson extrapolation, following the scheme of R's numDeriv package
 * (the one lmerTest uses): initial step h = d·|x| (or `eps` when x ≈ 0), four steps each halving h,
 * extrapolated to zero step.
 */

const EPS = 1e-4, ZERO_TOL = Math.sqrt(2.220446049250313e-16 / 7e-7), R = 4, V = 2;

/** Initial steps; numDeriv uses d = 1e-4 for gradients and Jacobians, d = 0.1 for Hessians. */
function steps(x: readonly number[], d: number): number[] {
  return x.map((xi) => Math.abs(d * xi) + EPS * (Math.abs(xi) < ZERO_TOL ? 1 : 0));
}

/** Richardson extrapolation of approximations made at h, h/v, h/v², … for an error in h². */
function extrapolate(a: number[][]): number[] {
  let cur = a;
  for (let m = 1; cur.length > 1; m++) {
    const f = V ** (2 * m);
    const next: number[][] = [];
    for (let k = 0; k + 1 < cur.length; k++) next.push(cur[k + 1]!.map((v, i) => (v * f - cur[k]![i]!) / (f - 1)));
    cur = next;
  }
  return cur[0]!;
}

/**
 * Jacobian of a vector function: `J[i][j]` = ∂f_i/∂x_j.
 *
 * @example
 * jacobian(([a, b]) => [a * b, a + b], [2, 3]); // [[3, 2], [1, 1]]
 */
export function jacobian(fn: (x: number[]) => readonly number[], x: readonly number[]): number[][] {
  const h0 = steps(x, 1e-4);
  const m = fn([...x]).length;
  const J: number[][] = Array.from({ length: m }, () => new Array<number>(x.length).fill(0));
  for (let j = 0; j < x.length; j++) {
    const approx: number[][] = [];
    let h = h0[j]!;
    for (let k = 0; k < R; k++) {
      const xp = [...x], xm = [...x];
      xp[j] = xp[j]! + h; xm[j] = xm[j]! - h;
      const fp = fn(xp), fm = fn(xm);
      approx.push(fp.map((v, i) => (v - fm[i]!) / (2 * h)));
      h /= V;
    }
    const e = extrapolate(approx);
    for (let i = 0; i < m; i++) J[i]![j] = e[i]!;
  }
  return J;
}

/**
 * Hessian of a scalar function (symmetric), as numDeriv's `hessian` (via its `genD`).
 *
 * @example
 * hessian(([a, b]) => a * a * b, [1, 2]); // [[4, 2], [2, 0]]
 */
export function hessian(fn: (x: number[]) => number, x: readonly number[]): number[][] {
  const n = x.length;
  const f0 = fn([...x]);
  const h0 = steps(x, 0.1);
  const H: number[][] = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  const at = (deltas: Array<[number, number]>): number => {
    const y = [...x];
    for (const [j, d] of deltas) y[j] = y[j]! + d;
    return fn(y);
  };
  for (let i = 0; i < n; i++) {
    const approx: number[][] = [];
    let h = h0[i]!;
    for (let k = 0; k < R; k++) {
      approx.push([(at([[i, h]]) - 2 * f0 + at([[i, -h]])) / (h * h)]);
      h /= V;
    }
    H[i]![i] = extrapolate(approx)[0]!;
  }
  for (let i = 0; i < n; i++) for (let j = 0; j < i; j++) {
    const approx: number[][] = [];
    let hi = h0[i]!, hj = h0[j]!;
    for (let k = 0; k < R; k++) {
      const v = (at([[i, hi], [j, hj]]) - 2 * f0 + at([[i, -hi], [j, -hj]]) - H[i]![i]! * hi * hi - H[j]![j]! * hj * hj) / (2 * hi * hj);
      approx.push([v]);
      hi /= V; hj /= V;
    }
    H[i]![j] = H[j]![i] = extrapolate(approx)[0]!;
  }
  return H;
}
