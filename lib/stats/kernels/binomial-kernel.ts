/**
 * The row loops of a binomial GLMM with a random intercept, in WebAssembly (`binomial.wat`): each PIRLS pass's
 * η = off + zc·u_g, ex = exp(−|η|) (fdlibm's operations, so Math.exp's values, two rows per vector) and deviance, and
 * the next iteration's sums, with the operations of pirls-scalar.ts's JavaScript in its order: the same results to the
 * last bit, several times faster.
 *
 * A `BinomialKernel` owns an instance whose memory holds the rows' constants (y, prior weights, the saturated
 * constants, the weight class and group of each row) and the arrays the pass reads and writes. Its views `eta`, `ex`,
 * `off` and `offLaplace` are ordinary Float64Arrays over that memory, which never grows after construction; the PIRLS
 * code uses them as its own work arrays, so nothing is copied per pass except the q random effects.
 *
 * `binomialKernel(…)` returns null when this runtime cannot compile the module (no WebAssembly SIMD); the callers then
 * run their JavaScript loops.
 */
import { WASM_BASE64 } from "./binomial-wasm.js";

type Linear = (off: number, blk: number, u: number, zc: number, eta: number, pairs: number) => void;
type ExpNeg = (src: number, dst: number, pairs: number) => number;
type LaplaceSums = (eta: number, ex: number, y: number, wt: number, blk: number, u: number, zc: number, A: number, rhs: number, q: number, n: number) => void;
type JointSums = (eta: number, ex: number, y: number, wt: number, offset: number, blk: number, zc: number, w: number, v: number, wz: number, A: number, ru: number, q: number, n: number) => void;
type Deviance = (eta: number, ex: number, y: number, wt: number, ylogy: number, cls: number, prod: number, logs: number, k: number, n: number) => number;

/** fdlibm's bound below which exp(x) is 1 + x. */
const TINY = 2 ** -28;

let module: WebAssembly.Module | null | undefined;
let enabled = true;

/** Turns the kernel off (every `binomialKernel` call then returns null) or back on; for tests and A/B timings. */
export function useBinomialKernel(on: boolean): void {
  enabled = on;
}

function compiled(): WebAssembly.Module | null {
  if (module !== undefined) return module;
  try {
    module = new WebAssembly.Module(Buffer.from(WASM_BASE64, "base64"));
  } catch {
    module = null;
  }
  return module;
}

/** The rows' constants a kernel is built on. */
export interface BinomialRows {
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
  /** Weight class of each row, and the number of classes. */
  cls: Int32Array;
  classes: number;
}

/** One pass's loops over WebAssembly memory. */
export interface BinomialKernel {
  readonly n: number;
  /** η (written by `pass`), exp(−|η|), and two arrays for Xβ + offset that `pass` can read. */
  readonly eta: Float64Array;
  readonly ex: Float64Array;
  readonly off: Float64Array;
  readonly offLaplace: Float64Array;
  /**
   * η = off + zc·u[group], ex = exp(−|η|), and the deviance's parts: returns Σ wt(ylogy + y(|η| − η)/2 + (1 − y)(|η| + η)/2)
   * and leaves each class's Π(1 + ex) in `prod` and the logs of the products it overflowed in `logs` (both per class).
   * `off` must be this kernel's `off` or `offLaplace`.
   */
  pass(off: Float64Array, zc: number, u: Float64Array, prod: Float64Array, logs: Float64Array): number;
  /** glmer's second-stage sums at the last pass's state: A − I = Σ w·zc² and Σ zc(w·zc·u_g + wt(y − μ)) per group. */
  laplaceSums(zc: number, u: Float64Array, A: Float64Array, rhs: Float64Array): void;
  /**
   * The first stage's joint sums at the last pass's state: per row the IRLS weight, working response and w·zc (into
   * `w`, `v`, `wz`), per group A − I = Σ wz·zc and r_u = Σ zc·v.
   */
  jointSums(zc: number, A: Float64Array, ru: Float64Array): void;
  readonly w: Float64Array;
  readonly v: Float64Array;
  readonly wz: Float64Array;
}

/** A {@link BinomialKernel} for these rows, or null without WebAssembly SIMD. */
export function binomialKernel(rows: BinomialRows): BinomialKernel | null {
  const mod = enabled ? compiled() : null;
  const { n, q, classes } = rows;
  if (!mod || n < 1 || q < 1 || classes < 1) return null;
  const inst = new WebAssembly.Instance(mod, { m: { log: Math.log } });
  const memory = inst.exports.memory as WebAssembly.Memory;
  const linear = inst.exports.linear as Linear;
  const expneg = inst.exports.expneg as ExpNeg;
  const deviance = inst.exports.deviance as Deviance;
  const lsums = inst.exports.laplaceSums as LaplaceSums;
  const jsums = inst.exports.jointSums as JointSums;
  // Layout: every row array gets n rounded up to even slots (the kernels work on pairs of rows); the spare row reads
  // group 0, offset 1 and y = wt = 0, and its results are never read.
  const slots = n + (n & 1);
  let top = 0;
  const take = (bytes: number): number => { const at = top; top += Math.ceil(bytes / 16) * 16; return at; };
  const at = {
    eta: take(8 * slots), ex: take(8 * slots), off: take(8 * slots), offLaplace: take(8 * slots),
    y: take(8 * slots), wt: take(8 * slots), ylogy: take(8 * slots), offset: take(8 * slots), blk: take(4 * slots),
    cls: take(4 * slots), w: take(8 * slots), v: take(8 * slots), wz: take(8 * slots),
    u: take(8 * q), A: take(8 * q), R: take(8 * q), prod: take(8 * classes), logs: take(8 * classes),
  };
  const have = memory.buffer.byteLength;
  if (have < top) memory.grow(Math.ceil((top - have) / 65536));
  const buf = memory.buffer;
  const f64 = (a: number, len: number): Float64Array => new Float64Array(buf, a, len);
  f64(at.y, n).set(rows.y); f64(at.wt, n).set(rows.wt); f64(at.ylogy, n).set(rows.ylogy); f64(at.offset, n).set(rows.offset);
  new Int32Array(buf, at.blk, n).set(rows.blockOf);
  new Int32Array(buf, at.cls, n).set(rows.cls);
  f64(at.off, slots).fill(1); f64(at.offLaplace, slots).fill(1);
  const eta = f64(at.eta, n), ex = f64(at.ex, n), off = f64(at.off, n), offLaplace = f64(at.offLaplace, n);
  const uW = f64(at.u, q), AW = f64(at.A, q), RW = f64(at.R, q), prodW = f64(at.prod, classes), logsW = f64(at.logs, classes);
  const w = f64(at.w, n), v = f64(at.v, n), wz = f64(at.wz, n);
  const pairs = slots / 2;
  return {
    n, eta, ex, off, offLaplace, w, v, wz,
    laplaceSums(zc: number, u: Float64Array, A: Float64Array, rhs: Float64Array): void {
      uW.set(u);
      lsums(at.eta, at.ex, at.y, at.wt, at.blk, at.u, zc, at.A, at.R, q, n);
      A.set(AW); rhs.set(RW);
    },
    jointSums(zc: number, A: Float64Array, ru: Float64Array): void {
      jsums(at.eta, at.ex, at.y, at.wt, at.offset, at.blk, zc, at.w, at.v, at.wz, at.A, at.R, q, n);
      A.set(AW); ru.set(RW);
    },
    pass(o: Float64Array, zc: number, u: Float64Array, prod: Float64Array, logs: Float64Array): number {
      const offAt = o === off ? at.off : o === offLaplace ? at.offLaplace : -1;
      if (offAt < 0) throw new Error("binomialKernel.pass: off is not one of the kernel's arrays");
      uW.set(u);
      linear(offAt, at.blk, at.u, zc, at.eta, pairs);
      if (expneg(at.eta, at.ex, pairs) !== 0) {
        for (let i = 0; i < n; i++) {
          const a = Math.abs(eta[i]!);
          if (!(a >= TINY && a < 708)) ex[i] = Math.exp(-a);
        }
      }
      prodW.fill(1); logsW.fill(0);
      const rest = deviance(at.eta, at.ex, at.y, at.wt, at.ylogy, at.cls, at.prod, at.logs, classes, n);
      prod.set(prodW); logs.set(logsW);
      return rest;
    },
  };
}
