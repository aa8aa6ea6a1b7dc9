/**
 * exp(−|η|) for a whole array in WebAssembly SIMD (`exp.wat`), equal to `Math.exp(−Math.abs(η))` to the last bit and
 * about three times as fast. Each `ExpKernel` owns an instance with two arrays of n doubles in its memory, `eta` and
 * `ex`: the caller writes η into `eta` and calls `run()`, which fills `ex`. Lanes outside the kernel's range (|η| < 2⁻²⁸,
 * |η| ≥ 708, NaN) are recomputed with Math.exp.
 *
 * `expKernel(n)` returns null when this runtime cannot compile the module (no WebAssembly SIMD); callers then loop
 * with Math.exp.
 */
import { WASM_BASE64 } from "./exp-wasm.js";

/** fdlibm's bound below which exp(x) is 1 + x. */
const TINY = 2 ** -28;

type ExpNeg = (src: number, dst: number, pairs: number) => number;

let module: WebAssembly.Module | null | undefined;

function compiled(): WebAssembly.Module | null {
  if (module !== undefined) return module;
  try {
    module = new WebAssembly.Module(Buffer.from(WASM_BASE64, "base64"));
  } catch {
    module = null;
  }
  return module;
}

/** Two arrays in a WebAssembly memory and the kernel that maps the first to exp(−|·|) in the second. */
export interface ExpKernel {
  /** η, written by the caller (n doubles). */
  eta: Float64Array;
  /** exp(−|η|) after `run()` (n doubles). */
  ex: Float64Array;
  run(): void;
}

/** An {@link ExpKernel} for n rows, or null without WebAssembly SIMD. */
export function expKernel(n: number): ExpKernel | null {
  const mod = compiled();
  if (!mod || n < 1) return null;
  const inst = new WebAssembly.Instance(mod, {});
  const memory = inst.exports.memory as WebAssembly.Memory;
  const expneg = inst.exports.expneg as ExpNeg;
  // Each array gets a spare slot so that an odd n still fills whole vectors; the spare η is 1 (in range).
  const slots = n + (n & 1);
  const bytes = 16 * slots;
  const have = memory.buffer.byteLength;
  if (have < bytes) memory.grow(Math.ceil((bytes - have) / 65536));
  const buf = memory.buffer;
  const eta = new Float64Array(buf, 0, n), ex = new Float64Array(buf, 8 * slots, n);
  if (slots > n) new Float64Array(buf, 0, slots)[n] = 1;
  const pairs = slots / 2, dst = 8 * slots;
  return {
    eta, ex,
    run(): void {
      if (expneg(0, dst, pairs) === 0) return;
      for (let i = 0; i < n; i++) {
        const a = Math.abs(eta[i]!);
        if (!(a >= TINY && a < 708)) ex[i] = Math.exp(-a);
      }
    },
  };
}
