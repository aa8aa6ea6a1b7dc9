/**
 * One deviance evaluation of `blockProfiler` (a single random-effect term of one or two columns) in WebAssembly
 * (`lmm.wat`): the sums over groups of log|L_g|², c_gᵀc_g, R_gᵀc_g and R_gᵀR_g, with the operations of the JavaScript
 * loops in lmm-deviance.ts in their order, so the same results to the last bit, about twice as fast. The per-group
 * cross-products (B_g, Zy_g, ZX_g) are copied into the instance's memory once per profiler.
 *
 * `lmmKernel(…)` returns null when this runtime cannot compile the module, for k > 2, or when turned off for tests
 * (`useLmmKernel(false)`); the caller then runs its JavaScript loops.
 */
import { WASM_BASE64 } from "./lmm-wasm.js";
import { lazyModule } from "./wasm-module.js";

type Scalar = (B: number, Zy: number, ZX: number, G: number, p: number, t2: number, RtR: number, Rtc: number, out: number) => void;
type Pair = (B: number, Zy: number, ZX: number, G: number, p: number, a: number, b: number, c: number, r0: number, r1: number, RtR: number, Rtc: number, out: number) => void;

let enabled = true;

/** Turns the kernel off (every `lmmKernel` call then returns null) or back on; for tests and A/B timings. */
export function useLmmKernel(on: boolean): void {
  enabled = on;
}

const compiled = lazyModule(WASM_BASE64);

/** The evaluation over groups; `RtR` (p × p, lower triangle) and `Rtc` (p) are overwritten with the sums. */
export interface LmmKernel {
  /** k = 1 with t2 = θ²: returns [Σ c², Σ log|L_g|²]. */
  scalar(t2: number, RtR: Float64Array, Rtc: Float64Array): [number, number];
  /** k = 2 with T = [[a, 0], [b, c]]: returns [Σ c_gᵀc_g, Σ log|L_g|²]. */
  pair(a: number, b: number, c: number, RtR: Float64Array, Rtc: Float64Array): [number, number];
}

/** An {@link LmmKernel} over G groups of k ∈ {1, 2} columns and p fixed effects, or null. */
export function lmmKernel(k: number, G: number, p: number, B: Float64Array, Zy: Float64Array, ZX: Float64Array): LmmKernel | null {
  const mod = enabled && (k === 1 || k === 2) && G > 0 && p > 0 ? compiled() : null;
  if (!mod) return null;
  const inst = new WebAssembly.Instance(mod, { m: { log: Math.log } });
  const memory = inst.exports.memory as WebAssembly.Memory;
  let top = 0;
  const take = (doubles: number): number => { const at = top; top += 8 * doubles; return at; };
  const at = { B: take(G * k * k), Zy: take(G * k), ZX: take(G * k * p), r0: take(p), r1: take(p), RtR: take(p * p), Rtc: take(p), out: take(2) };
  const have = memory.buffer.byteLength;
  if (have < top) memory.grow(Math.ceil((top - have) / 65536));
  const buf = memory.buffer;
  new Float64Array(buf, at.B, G * k * k).set(B);
  new Float64Array(buf, at.Zy, G * k).set(Zy);
  new Float64Array(buf, at.ZX, G * k * p).set(ZX);
  const RtRW = new Float64Array(buf, at.RtR, p * p), RtcW = new Float64Array(buf, at.Rtc, p), out = new Float64Array(buf, at.out, 2);
  const scalar = inst.exports.scalar as Scalar, pair = inst.exports.pair as Pair;
  const finish = (RtR: Float64Array, Rtc: Float64Array): [number, number] => {
    RtR.set(RtRW); Rtc.set(RtcW);
    return [out[0]!, out[1]!];
  };
  return {
    scalar(t2, RtR, Rtc) {
      RtRW.fill(0); RtcW.fill(0);
      scalar(at.B, at.Zy, at.ZX, G, p, t2, at.RtR, at.Rtc, at.out);
      return finish(RtR, Rtc);
    },
    pair(a, b, c, RtR, Rtc) {
      RtRW.fill(0); RtcW.fill(0);
      pair(at.B, at.Zy, at.ZX, G, p, a, b, c, at.r0, at.r1, at.RtR, at.Rtc, at.out);
      return finish(RtR, Rtc);
    },
  };
}
