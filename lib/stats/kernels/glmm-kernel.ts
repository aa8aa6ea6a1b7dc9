/**
 * The row loops of a GLMM with a random intercept, binomial or Poisson, in WebAssembly (`glmm.wat`): each PIRLS pass's
 * η = off + zc·u_g, the exponentials (fdlibm's operations, so Math.exp's values, two rows per vector) and the deviance,
 * and the next iteration's sums, with the operations of pirls-scalar.ts's JavaScript in its order: the same results to
 * the last bit (`npm run bench -- stats-kernels` times the exponential and the linear predictor against JavaScript).
 *
 * A `GlmmKernel` owns an instance whose memory holds the rows' constants (y, prior weights, the saturated constants,
 * the prior offset, the group and weight class of each row) and the arrays the passes read and write. Its views `eta`,
 * `ex`, `off` and `offLaplace` are ordinary Float64Arrays over that memory, which never grows after construction; the
 * PIRLS code uses them as its own work arrays, so nothing is copied per pass except the q random effects.
 *
 * `glmmKernel(…)` returns null when this runtime cannot compile the module (no WebAssembly SIMD); the callers then run
 * their JavaScript loops.
 */
import { WASM_BASE64 } from "./glmm-wasm.js";
import { lazyModule } from "./wasm-module.js";

type Linear = (off: number, blk: number, u: number, zc: number, eta: number, pairs: number) => void;
type Exp = (src: number, dst: number, pairs: number, negabs: number) => number;
type Deviance = (eta: number, ex: number, y: number, wt: number, ylogy: number, cls: number, prod: number, logs: number, k: number, n: number) => number;
type PoissonDeviance = (eta: number, mu: number, y: number, wt: number, ylogy: number, n: number) => number;
type Factored = (off: number, E: number, blk: number, u: number, G: number, zc: number, eta: number, mu: number, n: number) => void;
type LaplaceSums = (eta: number, ex: number, y: number, wt: number, blk: number, u: number, zc: number, A: number, rhs: number, q: number, n: number, family: number) => void;
type JointSums = (eta: number, ex: number, y: number, wt: number, offset: number, blk: number, zc: number, w: number, v: number, wz: number, A: number, ru: number, q: number, n: number, family: number) => void;

/** fdlibm's bound below which exp(x) is 1 + x. */
const TINY = 2 ** -28;

let enabled = true;

/** Turns the kernels off (every `glmmKernel` call then returns null) or back on; for tests and A/B timings. */
export function useGlmmKernel(on: boolean): void {
  enabled = on;
}

const compiled = lazyModule(WASM_BASE64);

/** The rows' constants a kernel is built on. */
export interface GlmmRows {
  family: "binomial" | "poisson";
  n: number;
  /** Number of groups (length of u). */
  q: number;
  y: Float64Array;
  wt: Float64Array;
  ylogy: Float64Array;
  /** The prior offset (zeros when there is none). */
  offset: Float64Array;
  /** Group of each row. */
  blockOf: Int32Array;
  /** Binomial: the weight class of each row, and the number of classes. */
  cls?: Int32Array;
  classes?: number;
}

/** One fit's loops over WebAssembly memory. */
export interface GlmmKernel {
  readonly family: "binomial" | "poisson";
  readonly n: number;
  /** η (written by the passes), the exponentials (binomial exp(−|η|), Poisson μ), and two arrays for Xβ + offset. */
  readonly eta: Float64Array;
  readonly ex: Float64Array;
  readonly off: Float64Array;
  readonly offLaplace: Float64Array;
  /** The first stage's per-row IRLS weights, working responses and w·zc, after `jointSums`. */
  readonly w: Float64Array;
  readonly v: Float64Array;
  readonly wz: Float64Array;
  /** Whether `a` is `off` or `offLaplace` (the arrays the passes can read). */
  owns(a: Float64Array): boolean;
  /**
   * Binomial: η = off + zc·u[group], ex = exp(−|η|), and the deviance's parts: returns
   * Σ wt(ylogy + y(|η| − η)/2 + (1 − y)(|η| + η)/2) and leaves each class's Π(1 + ex) in `prod` and the logs of the
   * products it overflowed in `logs`.
   */
  pass(off: Float64Array, zc: number, u: Float64Array, prod: Float64Array, logs: Float64Array): number;
  /** Poisson: η = off + zc·u[group], μ = exp(η) into `ex`, and the deviance Σ 2wt(ylogy − yη − (y − μ)). */
  poissonPass(off: Float64Array, zc: number, u: Float64Array): number;
  /** Poisson: E = exp(offLaplace) into `off`; false when some E is 0 or infinite. */
  expOffLaplace(): boolean;
  /** Poisson, after `expOffLaplace`: η = offLaplace + zc·u[group], μ = E·G[group] into `ex`, and the deviance. */
  factoredPass(zc: number, u: Float64Array, G: Float64Array): number;
  /** glmer's second-stage sums at the last pass's state: A − I = Σ w·zc² and Σ zc(w·zc·u_g + wt(y − μ)) per group. */
  laplaceSums(zc: number, u: Float64Array, A: Float64Array, rhs: Float64Array): void;
  /** The first stage's joint sums at the last pass's state: `w`, `v`, `wz` per row, A − I = Σ wz·zc and r_u = Σ zc·v. */
  jointSums(zc: number, A: Float64Array, ru: Float64Array): void;
}

/** A {@link GlmmKernel} for these rows, or null without WebAssembly SIMD. */
export function glmmKernel(rows: GlmmRows): GlmmKernel | null {
  const mod = enabled ? compiled() : null;
  const { n, q, family } = rows;
  const classes = rows.classes ?? 1;
  if (!mod || n < 1 || q < 1 || classes < 1) return null;
  const poisson = family === "poisson";
  const inst = new WebAssembly.Instance(mod, { m: { log: Math.log } });
  const memory = inst.exports.memory as WebAssembly.Memory;
  const linear = inst.exports.linear as Linear;
  const exp = inst.exports.exp as Exp;
  const deviance = inst.exports.deviance as Deviance;
  const poissonDeviance = inst.exports.poissonDeviance as PoissonDeviance;
  const factored = inst.exports.factored as Factored;
  const lsums = inst.exports.laplaceSums as LaplaceSums;
  const jsums = inst.exports.jointSums as JointSums;
  // Layout: every row array gets n rounded up to even slots (the vector loops work on pairs of rows); the spare row
  // reads group 0 and offset 0, and its results are never read.
  const slots = n + (n & 1);
  let top = 0;
  const take = (bytes: number): number => { const at = top; top += Math.ceil(bytes / 16) * 16; return at; };
  const at = {
    eta: take(8 * slots), ex: take(8 * slots), off: take(8 * slots), offLaplace: take(8 * slots),
    y: take(8 * slots), wt: take(8 * slots), ylogy: take(8 * slots), offset: take(8 * slots), blk: take(4 * slots),
    cls: take(4 * slots), w: take(8 * slots), v: take(8 * slots), wz: take(8 * slots),
    u: take(8 * q), G: take(8 * q), A: take(8 * q), R: take(8 * q), prod: take(8 * classes), logs: take(8 * classes),
  };
  const have = memory.buffer.byteLength;
  if (have < top) memory.grow(Math.ceil((top - have) / 65536));
  const buf = memory.buffer;
  const f64 = (a: number, len: number): Float64Array => new Float64Array(buf, a, len);
  f64(at.y, n).set(rows.y); f64(at.wt, n).set(rows.wt); f64(at.ylogy, n).set(rows.ylogy); f64(at.offset, n).set(rows.offset);
  new Int32Array(buf, at.blk, n).set(rows.blockOf);
  if (rows.cls) new Int32Array(buf, at.cls, n).set(rows.cls);
  const eta = f64(at.eta, n), ex = f64(at.ex, n), off = f64(at.off, n), offLaplace = f64(at.offLaplace, n);
  const uW = f64(at.u, q), GW = f64(at.G, q), AW = f64(at.A, q), RW = f64(at.R, q);
  const prodW = f64(at.prod, classes), logsW = f64(at.logs, classes);
  const pairs = slots / 2;
  const famCode = poisson ? 1 : 0;
  const offAt = (o: Float64Array): number => {
    if (o === off) return at.off;
    if (o === offLaplace) return at.offLaplace;
    throw new Error("glmmKernel: off is not one of the kernel's arrays");
  };
  /** exp of `src` (or of −|src|) into `dst`, with the lanes outside the kernel's range from Math.exp. */
  const expAll = (src: number, dst: number, negabs: boolean): boolean => {
    if (exp(src, dst, pairs, negabs ? 1 : 0) === 0) return false;
    const s = f64(src, n), d = f64(dst, n);
    for (let i = 0; i < n; i++) {
      const a = Math.abs(s[i]!);
      if (!(a >= TINY && a < 708)) d[i] = Math.exp(negabs ? -a : s[i]!);
    }
    return true;
  };
  return {
    family, n, eta, ex, off, offLaplace, w: f64(at.w, n), v: f64(at.v, n), wz: f64(at.wz, n),
    owns: (a) => a === off || a === offLaplace,
    pass(o, zc, u, prod, logs): number {
      uW.set(u);
      linear(offAt(o), at.blk, at.u, zc, at.eta, pairs);
      expAll(at.eta, at.ex, true);
      prodW.fill(1); logsW.fill(0);
      const rest = deviance(at.eta, at.ex, at.y, at.wt, at.ylogy, at.cls, at.prod, at.logs, classes, n);
      prod.set(prodW); logs.set(logsW);
      return rest;
    },
    poissonPass(o, zc, u): number {
      uW.set(u);
      linear(offAt(o), at.blk, at.u, zc, at.eta, pairs);
      expAll(at.eta, at.ex, false);
      return poissonDeviance(at.eta, at.ex, at.y, at.wt, at.ylogy, n);
    },
    expOffLaplace(): boolean {
      if (!expAll(at.offLaplace, at.off, false)) return true;
      for (let i = 0; i < n; i++) { const e = off[i]!; if (!(e > 0 && e < Infinity)) return false; }
      return true;
    },
    factoredPass(zc, u, G): number {
      uW.set(u); GW.set(G);
      factored(at.offLaplace, at.off, at.blk, at.u, at.G, zc, at.eta, at.ex, n);
      return poissonDeviance(at.eta, at.ex, at.y, at.wt, at.ylogy, n);
    },
    laplaceSums(zc, u, A, rhs): void {
      uW.set(u);
      lsums(at.eta, at.ex, at.y, at.wt, at.blk, at.u, zc, at.A, at.R, q, n, famCode);
      A.set(AW); rhs.set(RW);
    },
    jointSums(zc, A, ru): void {
      jsums(at.eta, at.ex, at.y, at.wt, at.offset, at.blk, zc, at.w, at.v, at.wz, at.A, at.R, q, n, famCode);
      A.set(AW); ru.set(RW);
    },
  };
}
