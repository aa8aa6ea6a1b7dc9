/**
 * The blocked Cholesky factorisation of `linalg.choleskyBlocked` with its two costly steps in WebAssembly SIMD
 * (`syrk.wat`): the trailing update A −= P Pᵀ, where nearly all the work is, and the triangular solve of each panel
 * below its diagonal block. The matrix is copied into the module's memory with its order rounded up to a multiple of
 * four (identity rows and columns pad it, which changes neither the factor nor its determinant), factored there, and
 * the lower factor copied back. The small diagonal blocks are factored in JavaScript on the same memory. Every sum runs
 * in the order of the JavaScript code, so both give the same factor to the last bit (the tests check this).
 *
 * `choleskyWasm` returns `null` when this runtime cannot compile the module (no WebAssembly SIMD); callers then use the
 * JavaScript path. The module's memory grows to the largest matrix factored; above 64 MB the instance is dropped after
 * the call, so a one-off large factor does not hold its memory for the life of the process.
 */
import { WASM_BASE64 } from "./syrk-wasm.js";

type Syrk = (A: number, lda: number, PT: number, mp: number, w: number, k1: number) => void;
type Trsm = (PT: number, mp: number, w: number, L: number, lda: number) => void;
interface Kernel { memory: WebAssembly.Memory; syrk: Syrk; trsm: Trsm }

const KEEP_BYTES = 64 * 1024 * 1024;
let module: WebAssembly.Module | null | undefined;
let cached: Kernel | undefined;

function compiled(): WebAssembly.Module | null {
  if (module !== undefined) return module;
  try {
    module = new WebAssembly.Module(Buffer.from(WASM_BASE64, "base64"));
  } catch {
    module = null;
  }
  return module;
}

function instance(bytes: number): Kernel | null {
  const mod = compiled();
  if (!mod) return null;
  if (!cached) {
    const inst = new WebAssembly.Instance(mod, {});
    cached = { memory: inst.exports.memory as WebAssembly.Memory, syrk: inst.exports.syrk as Syrk, trsm: inst.exports.trsm as Trsm };
  }
  const have = cached.memory.buffer.byteLength;
  if (have < bytes) cached.memory.grow(Math.ceil((bytes - have) / 65536));
  return cached;
}

/** Whether the WebAssembly kernel can run here. */
export function wasmAvailable(): boolean {
  return compiled() !== null;
}

/**
 * In-place lower Cholesky factor of the n × n row-major `Ain` (lower triangle read, upper zeroed) by panels of `nb`
 * columns; false when a pivot is not positive (then `Ain` is left as it was), null when WebAssembly SIMD is missing.
 */
export function choleskyWasm(Ain: Float64Array, n: number, nb = 64): boolean | null {
  if (nb % 4 !== 0 || nb <= 0) throw new RangeError(`choleskyWasm: nb = ${nb} must be a positive multiple of 4`);
  const N = (n + 3) & ~3;
  const bytes = (N * N + nb * N) * 8;
  const k = instance(bytes);
  if (!k) return null;
  try {
    return factor(k, Ain, n, N, nb);
  } finally {
    if (k.memory.buffer.byteLength > KEEP_BYTES) cached = undefined;
  }
}

function factor(k: Kernel, Ain: Float64Array, n: number, N: number, nb: number): boolean {
  const A = new Float64Array(k.memory.buffer, 0, N * N);
  const ptByte = N * N * 8;
  const PT = new Float64Array(k.memory.buffer, ptByte, nb * N);
  for (let i = 0; i < N; i++) {
    const ri = i * N;
    if (i < n) {
      A.set(Ain.subarray(i * n, i * n + i + 1), ri);
      A.fill(0, ri + i + 1, ri + N);
    } else {
      A.fill(0, ri, ri + N);
      A[ri + i] = 1;
    }
  }
  for (let k0 = 0; k0 < N; k0 += nb) {
    const k1 = Math.min(N, k0 + nb), w = k1 - k0, mp = N - k1;
    // Diagonal block (earlier panels' contributions were subtracted by their trailing updates).
    for (let j = k0; j < k1; j++) {
      const rj = j * N;
      let s = A[rj + j]!;
      for (let c = k0; c < j; c++) s -= A[rj + c]! * A[rj + c]!;
      if (!(s > 0)) return false;
      const d = Math.sqrt(s);
      A[rj + j] = d;
      for (let i = j + 1; i < k1; i++) {
        const ri = i * N;
        let t = A[ri + j]!;
        for (let c = k0; c < j; c++) t -= A[ri + c]! * A[rj + c]!;
        A[ri + j] = t / d;
      }
    }
    if (mp === 0) break;
    // The panel below it: gathered transposed into PT, solved there by the kernel, written back into A.
    for (let i = k1; i < N; i++) {
      const ri = i * N + k0, ii = i - k1;
      for (let c = 0; c < w; c++) PT[c * mp + ii] = A[ri + c]!;
    }
    k.trsm(ptByte, mp, w, (k0 * N + k0) * 8, N);
    for (let i = k1; i < N; i++) {
      const ri = i * N + k0, ii = i - k1;
      for (let c = 0; c < w; c++) A[ri + c] = PT[c * mp + ii]!;
    }
    k.syrk(0, N, ptByte, mp, w, k1);
  }
  for (let i = 0; i < n; i++) {
    Ain.set(A.subarray(i * N, i * N + i + 1), i * n);
    Ain.fill(0, i * n + i + 1, i * n + n);
  }
  return true;
}
