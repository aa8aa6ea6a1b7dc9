import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { choleskyBlocked, choleskyInPlace } from "../linalg.js";
import { choleskyWasm, partialCholeskyWasm, wasmAvailable } from "./cholesky-wasm.js";
import { WASM_BASE64 } from "./syrk-wasm.js";
import { WASM_BASE64 as EXP_BASE64 } from "./exp-wasm.js";
import { expKernel } from "./exp-kernel.js";
import { seededSpd } from "../testing/fixtures.js";
import { createRng } from "../../core/rng.js";

for (const [name, committed] of [["syrk.wat", WASM_BASE64], ["exp.wat", EXP_BASE64]] as const) {
  test(`the committed wasm module is the compiled ${name}`, async () => {
    // @ts-expect-error: a plain ES module without types
    const { compileWat } = await import("../../../scripts/build-wasm.mjs");
    const src = readFileSync(new URL(`./${name}`, import.meta.url), "utf8");
    const bytes = (await compileWat(name, src)) as Buffer;
    assert.equal(bytes.toString("base64"), committed, "run npm run build:wasm");
  });
}

test("the wasm exp(−|x|) equals Math.exp(−|x|) to the last bit, across fdlibm's branches and at the edges", () => {
  const rng = createRng(20261201);
  const n = 200_001; // odd: the spare lane
  const k = expKernel(n)!;
  assert.ok(k, "WebAssembly SIMD is available");
  const scales = [1e-12, 2 ** -28, 1e-6, 0.3465, 0.35, 1.0397, 1.04, 2, 10, 40, 300, 707.9, 708, 709, 745, 800];
  for (let rep = 0; rep < 5; rep++) {
    for (let i = 0; i < n; i++) {
      const s = scales[(i + rep) % scales.length]!;
      k.eta[i] = (rng.uniform() < 0.5 ? -1 : 1) * s * (0.5 + rng.uniform());
    }
    // fdlibm's thresholds themselves, and values that take the slow lanes
    const edges = [0, -0, 2 ** -28, -(2 ** -28), 0x3fd62e43 / 2 ** 30, 0.34657359027997264, 0.3465735902799726, 1.0397207708399179,
      1.039720770839918, 708, 707.9999999999999, 709.782712893384, 745.1332191019411, 746, Infinity, -Infinity, NaN, 5e-324];
    edges.forEach((v, j) => { k.eta[j * 997] = v; });
    k.run();
    let bad = 0;
    for (let i = 0; i < n; i++) if (!Object.is(k.ex[i], Math.exp(-Math.abs(k.eta[i]!)))) bad++;
    assert.equal(bad, 0, `rep ${rep}: ${bad} of ${n} differ from Math.exp`);
  }
  // A run whose values are all in the fast range leaves no lane to patch, and still agrees.
  for (let i = 0; i < n; i++) k.eta[i] = -3 * rng.uniform() - 0.01;
  k.run();
  for (let i = 0; i < n; i += 101) assert.equal(k.ex[i], Math.exp(-Math.abs(k.eta[i]!)));
  assert.equal(expKernel(0), null);
  const one = expKernel(1)!;
  one.eta[0] = 1.5; one.run();
  assert.equal(one.ex[0], Math.exp(-1.5));
});

test("WebAssembly SIMD is available on the supported Node versions", () => {
  assert.equal(wasmAvailable(), true);
});

test("the wasm Cholesky equals the JavaScript one to the last bit, at orders that need padding and across panel sizes", () => {
  for (const [n, nb] of [[1, 4], [3, 4], [5, 4], [9, 8], [63, 16], [64, 64], [65, 64], [130, 64], [157, 12], [301, 64]] as const) {
    const A = seededSpd(n, Math.max(3, Math.floor(n / 2)), 11 + n);
    const js = Float64Array.from(A), wa = Float64Array.from(A), ref = Float64Array.from(A);
    assert.ok(choleskyBlocked(js, n, nb, 128, "js"));
    assert.equal(choleskyWasm(wa, n, nb), true);
    assert.ok(choleskyInPlace(ref, n));
    let same = 0, md = 0;
    for (let i = 0; i < n * n; i++) { if (Object.is(js[i], wa[i])) same++; md = Math.max(md, Math.abs(wa[i]! - ref[i]!)); }
    assert.equal(same, n * n, `n = ${n}, nb = ${nb}: ${n * n - same} entries differ from the JavaScript kernel`);
    assert.ok(md < 1e-12, `n = ${n}: ${md} from the unblocked factor`);
    // The upper triangle is cleared, as choleskyInPlace does.
    for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) assert.equal(wa[i * n + j], 0);
  }
});

test("the wasm Cholesky refuses a non-positive-definite matrix and leaves it unchanged; bad panel sizes are refused", () => {
  const n = 97;
  const A = seededSpd(n, 40, 5);
  A[80 * n + 80] = -1;
  const before = Float64Array.from(A);
  assert.equal(choleskyWasm(A, n), false);
  assert.deepEqual(A, before);
  assert.equal(choleskyBlocked(Float64Array.from(before), n), false);
  assert.throws(() => choleskyWasm(Float64Array.from(before), n, 6), /multiple of 4/);
});

test("the default engine of choleskyBlocked is the wasm one, and a large factor releases its memory", () => {
  const n = 200;
  const A = seededSpd(n, 30, 9);
  const a = Float64Array.from(A), b = Float64Array.from(A);
  assert.ok(choleskyBlocked(a, n));
  assert.equal(choleskyWasm(b, n), true);
  assert.deepEqual(a, b);
  // 3,000² doubles exceed the 64 MB kept between calls; the next call starts from a fresh instance and still works.
  const big = 3000, M = new Float64Array(big * big);
  for (let i = 0; i < big; i++) M[i * big + i] = 4 + (i % 7);
  assert.equal(choleskyWasm(M, big), true);
  assert.equal(M[2999 * big + 2999], Math.sqrt(4 + (2999 % 7)));
  const c = Float64Array.from(A);
  assert.equal(choleskyWasm(c, n), true);
  assert.deepEqual(c, b);
});

test("the partial factor (first w columns) gives L₁₁, L₂₁ and the Schur complement F₂₂ − L₂₁L₂₁ᵀ; a bad pivot names its column", () => {
  for (const [m, w] of [[7, 3], [50, 13], [130, 65], [131, 64], [200, 1], [97, 97], [90, 0]] as const) {
    const F = seededSpd(m, 20, 100 + m);
    const got = Float64Array.from(F);
    assert.equal(partialCholeskyWasm(got, m, w, 16), -1);
    // Reference: the unblocked factor of F₁₁, L₂₁ by substitution, and the Schur complement summed directly.
    const L = new Float64Array(m * m);
    for (let j = 0; j < w; j++) {
      let s = F[j * m + j]!;
      for (let k = 0; k < j; k++) s -= L[j * m + k]! ** 2;
      L[j * m + j] = Math.sqrt(s);
      for (let i = j + 1; i < m; i++) {
        let t = F[i * m + j]!;
        for (let k = 0; k < j; k++) t -= L[i * m + k]! * L[j * m + k]!;
        L[i * m + j] = t / L[j * m + j]!;
      }
    }
    let md = 0;
    for (let i = 0; i < m; i++) for (let j = 0; j <= i; j++) {
      let want: number;
      if (j < w) want = L[i * m + j]!;
      else { want = F[i * m + j]!; for (let k = 0; k < w; k++) want -= L[i * m + k]! * L[j * m + k]!; }
      md = Math.max(md, Math.abs(got[i * m + j]! - want));
    }
    assert.ok(md < 1e-12, `m = ${m}, w = ${w}: ${md}`);
    // The upper triangle is not touched.
    for (let i = 0; i < m; i++) for (let j = i + 1; j < m; j++) assert.equal(got[i * m + j], F[i * m + j]);
  }
  const bad = seededSpd(60, 20, 4);
  bad[41 * 60 + 41] = -2;
  const keep = Float64Array.from(bad);
  assert.equal(partialCholeskyWasm(bad, 60, 50), 41);
  assert.deepEqual(bad, keep);
  assert.equal(partialCholeskyWasm(Float64Array.from(keep), 60, 41), -1, "the bad pivot lies past w");
});
