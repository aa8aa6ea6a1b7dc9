// `npx tsx bench/stats-kernels.ts` (part of `npm run bench`): the two measurements behind the WebAssembly row kernels
// of lib/stats (lib/stats/README.md, "GLMM fits, where the time goes"), in nanoseconds per row over 100,000 rows:
//   1. exp(−|x|) by Math.exp in a JavaScript loop, against glmm.wat's `exp` (fdlibm's operations, two rows a vector);
//   2. the loop η[i] = off[i] + z[i]·u[g[i]] over typed arrays the function closes over as module constants, against
//      the same loop over arrays passed as arguments, and against glmm.wat's `linear`.
// Each timing is the best of 5 blocks of 200 repetitions, after 50 warm-up repetitions. Writes
// bench/results/stats-kernels.json.
import { mkdirSync, writeFileSync } from "node:fs";
import { createRng } from "../lib/core/rng.js";
import { WASM_BASE64 } from "../lib/stats/kernels/glmm-wasm.js";

const N = 100_000, Q = 2_000, SEED = 20261202;
const rng = createRng(SEED);
const src = Float64Array.from({ length: N }, () => rng.normal(0, 2));
const dst = new Float64Array(N);
const off = Float64Array.from({ length: N }, () => rng.normal(0, 1));
const z = new Float64Array(N).fill(0.8);
const u = Float64Array.from({ length: Q }, () => rng.normal(0, 1));
const g = Int32Array.from({ length: N }, (_, i) => i % Q);
const eta = new Float64Array(N);

/** Best nanoseconds per row of `f` (one call = one pass over the N rows). */
function perRow(f: () => void): number {
  for (let r = 0; r < 50; r++) f();
  let best = Infinity;
  for (let b = 0; b < 5; b++) {
    const t = process.hrtime.bigint();
    for (let r = 0; r < 200; r++) f();
    best = Math.min(best, Number(process.hrtime.bigint() - t) / 200 / N);
  }
  return best;
}

function mathExp(): void { for (let i = 0; i < N; i++) dst[i] = Math.exp(-Math.abs(src[i]!)); }
function linearConstants(): void { for (let i = 0; i < N; i++) eta[i] = off[i]! + z[i]! * u[g[i]!]!; }
function linearArguments(o: Float64Array, zz: Float64Array, uu: Float64Array, gg: Int32Array, e: Float64Array): void {
  const n = e.length;
  for (let i = 0; i < n; i++) e[i] = o[i]! + zz[i]! * uu[gg[i]!]!;
}

// The module's own memory: src at 0, dst after it, then off, u, g and η for `linear`.
const inst = new WebAssembly.Instance(new WebAssembly.Module(Buffer.from(WASM_BASE64, "base64")), { m: { log: Math.log } });
const memory = inst.exports.memory as WebAssembly.Memory;
const at = { src: 0, dst: 8 * N, off: 16 * N, eta: 24 * N, u: 32 * N, g: 32 * N + 8 * Q };
const need = at.g + 4 * N;
memory.grow(Math.ceil((need - memory.buffer.byteLength) / 65536));
new Float64Array(memory.buffer, at.src, N).set(src);
new Float64Array(memory.buffer, at.off, N).set(off);
new Float64Array(memory.buffer, at.u, Q).set(u);
new Int32Array(memory.buffer, at.g, N).set(g);
const wasmExp = inst.exports.exp as (s: number, d: number, pairs: number, negabs: number) => number;
const wasmLinear = inst.exports.linear as (o: number, b: number, uu: number, zc: number, e: number, pairs: number) => void;

const wasmOut = new Float64Array(memory.buffer, at.dst, N);
wasmExp(at.src, at.dst, N / 2, 1);
mathExp();
let differ = 0;
for (let i = 0; i < N; i++) if (!Object.is(wasmOut[i], dst[i])) differ++;

const results = {
  n: N, seed: SEED,
  nsPerRow: {
    mathExp: perRow(mathExp),
    wasmExp: perRow(() => { wasmExp(at.src, at.dst, N / 2, 1); }),
    linearConstants: perRow(linearConstants),
    linearArguments: perRow(() => linearArguments(off, z, u, g, eta)),
    wasmLinear: perRow(() => wasmLinear(at.off, at.g, at.u, 0.8, at.eta, N / 2)),
  },
  expValuesDiffering: differ,
  note: "best of 5 blocks of 200 passes over 100,000 rows, after 50 warm-up passes; wasm exp checked against Math.exp on the same values",
};
for (const [k, v] of Object.entries(results.nsPerRow)) console.log(`${k.padEnd(16)} ${v.toFixed(2)} ns/row`);
console.log(`wasm exp values differing from Math.exp: ${differ} of ${N}`);
mkdirSync(new URL("./results/", import.meta.url), { recursive: true });
writeFileSync(new URL("./results/stats-kernels.json", import.meta.url), JSON.stringify(results, null, 2) + "\n");
