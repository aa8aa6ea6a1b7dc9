/**
 * The blocked Cholesky factorisation of `linalg.choleskyBlocked` with its two costly steps in WebAssembly SIMD
 * (`syrk.wat`): the trailing update A −= P Pᵀ, where nearly all the work is, and the triangular solve of each panel
 * below its diagonal block. The matrix is copied into the module's memory (with three spare rows and columns, since
 * the kernels work on tiles of four), factored there, and the lower factor copied back. The small diagonal blocks are
 * factored in JavaScript on the same memory. Every sum runs in the order of the JavaScript code, so both give the same
 * factor to the last bit (the tests check this).
 *
 * `choleskyWasm` returns `null` when this runtime cannot compile the module (no WebAssembly SIMD); callers then use the
 * JavaScript path. The module's memory grows to the largest matrix factored; above 64 MB the instance is dropped after
 * the call, so a one-off large factor does not hold its memory for the life of the process.
 */
import { factorDiagonalBlock } from "./diagonal-block.js";
import { WASM_BASE64 } from "./syrk-wasm.js";
import { lazyModule } from "./wasm-module.js";

type Syrk = (A: number, lda: number, PT: number, mp: number, w: number, k1: number) => void;
type Trsm = (PT: number, mp: number, w: number, L: number, lda: number) => void;
interface Kernel { memory: WebAssembly.Memory; syrk: Syrk; trsm: Trsm }

const KEEP_BYTES = 64 * 1024 * 1024;
let cached: Kernel | undefined;

const compiled = lazyModule(WASM_BASE64);

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
  const r = partialCholeskyWasm(Ain, n, n, nb);
  if (r === null) return null;
  if (r >= 0) return false;
  for (let i = 0; i < n; i++) Ain.fill(0, i * n + i + 1, i * n + n);
  return true;
}

/**
 * Partial Cholesky factorisation of the m × m row-major `F` over its first `w` columns, in place on the lower
 * triangle (the upper is not touched): F = [F₁₁ ·; F₂₁ F₂₂] → L₁₁ = chol(F₁₁), L₂₁ = F₂₁ L₁₁⁻ᵀ, F₂₂ − L₂₁ L₂₁ᵀ.
 * With w = m it is the whole factor; with w < m the lower right block is the Schur complement (a supernode's update
 * in a multifrontal factorisation). Returns −1, the first column whose pivot is not positive (then `F` is left as it
 * was), or null when WebAssembly SIMD is missing.
 */
export function partialCholeskyWasm(F: Float64Array, m: number, w: number, nb = 64): number | null {
  if (nb % 4 !== 0 || nb <= 0) throw new RangeError(`partialCholeskyWasm: nb = ${nb} must be a positive multiple of 4`);
  if (!(w >= 0 && w <= m)) throw new RangeError(`partialCholeskyWasm: w = ${w} must lie in 0 … m = ${m}`);
  // The kernels work on tiles of four: rows and columns past m (up to three) are scratch space they may write to.
  const lda = m + 3, mp4 = (m + 3) & ~3;
  const bytes = (lda * lda + nb * mp4) * 8;
  const k = instance(bytes);
  if (!k) return null;
  try {
    return factor(k, F, m, w, lda, mp4, nb);
  } finally {
    if (k.memory.buffer.byteLength > KEEP_BYTES) cached = undefined;
  }
}

function factor(k: Kernel, F: Float64Array, m: number, w: number, lda: number, mp4: number, nb: number): number {
  const A = new Float64Array(k.memory.buffer, 0, lda * lda);
  const ptByte = lda * lda * 8;
  const PT = new Float64Array(k.memory.buffer, ptByte, nb * mp4);
  for (let i = 0; i < m; i++) A.set(F.subarray(i * m, i * m + i + 1), i * lda);
  for (let k0 = 0; k0 < w; k0 += nb) {
    const k1 = Math.min(w, k0 + nb), bw = k1 - k0, mp = m - k1, stride = (mp + 3) & ~3;
    const bad = factorDiagonalBlock(A, lda, k0, k1);
    if (bad >= 0) return bad;
    if (mp === 0) continue;
    // The panel below it: gathered transposed into PT (rows padded with zeros to a multiple of four), solved there by
    // the kernel, written back into A.
    for (let c = 0; c < bw; c++) PT.fill(0, c * stride + mp, c * stride + stride);
    for (let i = k1; i < m; i++) {
      const ri = i * lda + k0, ii = i - k1;
      for (let c = 0; c < bw; c++) PT[c * stride + ii] = A[ri + c]!;
    }
    k.trsm(ptByte, stride, bw, (k0 * lda + k0) * 8, lda);
    for (let i = k1; i < m; i++) {
      const ri = i * lda + k0, ii = i - k1;
      for (let c = 0; c < bw; c++) A[ri + c] = PT[c * stride + ii]!;
    }
    k.syrk(0, lda, ptByte, stride, bw, k1);
  }
  for (let i = 0; i < m; i++) F.set(A.subarray(i * lda, i * lda + i + 1), i * m);
  return -1;
}
