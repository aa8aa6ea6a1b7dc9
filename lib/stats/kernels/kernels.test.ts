import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { choleskyBlocked, choleskyInPlace } from "../linalg.js";
import { choleskyWasm, partialCholeskyWasm, wasmAvailable } from "./cholesky-wasm.js";
import { WASM_BASE64 } from "./syrk-wasm.js";
import { WASM_BASE64 as GLMM_BASE64 } from "./glmm-wasm.js";
import { glmmKernel, useGlmmKernel } from "./glmm-kernel.js";
import { WASM_BASE64 as LMM_BASE64 } from "./lmm-wasm.js";
import { lmmKernel, useLmmKernel } from "./lmm-kernel.js";
import { lmm } from "../lmm.js";
import { blockProfiler } from "../lmm-deviance.js";
import { buildMixedDesign } from "../design.js";
import { seededSpd } from "../testing/fixtures.js";
import { createRng } from "../../core/rng.js";
import { glmm } from "../glmm.js";

for (const [name, committed] of [["syrk.wat", WASM_BASE64], ["glmm.wat", GLMM_BASE64], ["lmm.wat", LMM_BASE64]] as const) {
  test(`the committed wasm module is the compiled ${name}`, async () => {
    // @ts-expect-error: a plain ES module without types
    const { compileWat } = await import("../../../scripts/build-wasm.mjs");
    const src = readFileSync(new URL(`./${name}`, import.meta.url), "utf8");
    const bytes = (await compileWat(name, src)) as Buffer;
    assert.equal(bytes.toString("base64"), committed, "run npm run build:wasm");
  });
}

/** The pass in plain JavaScript, operation for operation (the oracle). */
function referencePass(off: Float64Array, zc: number, u: Float64Array, blockOf: Int32Array, y: Float64Array, wt: Float64Array, ylogy: Float64Array, cls: Int32Array, classes: number) {
  const n = off.length, eta = new Float64Array(n), ex = new Float64Array(n);
  const prod = new Float64Array(classes).fill(1), logs = new Float64Array(classes);
  let rest = 0;
  for (let i = 0; i < n; i++) {
    const e = off[i]! + zc * u[blockOf[i]!]!, ae = Math.abs(e), x = Math.exp(-ae), yi = y[i]!, c = cls[i]!;
    eta[i] = e; ex[i] = x;
    rest += wt[i]! * (ylogy[i]! + yi * 0.5 * (ae - e) + (1 - yi) * 0.5 * (ae + e));
    const v = prod[c]! * (1 + x);
    if (v > 1e280) { logs[c] += Math.log(v); prod[c] = 1; } else prod[c] = v;
  }
  return { eta, ex, prod, logs, rest };
}

test("the wasm binomial pass equals the JavaScript loops to the last bit: η, exp(−|η|) across fdlibm's branches, the deviance", () => {
  const rng = createRng(20261201);
  for (const [n, q, classes] of [[20_001, 37, 1], [20_000, 500, 3], [1, 1, 1]] as const) {
    const blockOf = Int32Array.from({ length: n }, () => rng.int(q));
    const cls = Int32Array.from({ length: n }, () => rng.int(classes));
    const wt = Float64Array.from(cls, (c) => c + 1);
    const y = Float64Array.from({ length: n }, (_, i) => Math.round(rng.uniform() * wt[i]!) / wt[i]!);
    const ylogy = Float64Array.from(y, (v) => (v > 0 && v < 1 ? v * Math.log(v) + (1 - v) * Math.log(1 - v) : 0));
    const offset = Float64Array.from({ length: n }, (_, i) => (i % 3 === 0 ? 0 : rng.normal(0, 0.5)));
    const k = glmmKernel({ family: "binomial", n, q, y, wt, ylogy, offset, blockOf, cls, classes })!;
    assert.ok(k, "WebAssembly SIMD is available");
    // Scales that reach every branch of fdlibm's exp (tiny, |x| < ln2/2, < 1.5 ln2, large, ≥ 708, infinite, NaN).
    const scales = [1e-12, 2 ** -28, 1e-6, 0.3465, 0.35, 1.0397, 1.04, 2, 10, 40, 300, 707.9, 708, 745, 800];
    for (let rep = 0; rep < 4; rep++) {
      for (let i = 0; i < n; i++) { const s = scales[(i + rep) % scales.length]!; k.off[i] = (rng.uniform() < 0.5 ? -1 : 1) * s * (0.5 + rng.uniform()); }
      if (n > 5000) [0, -0, 2 ** -28, 0.34657359027997264, 1.0397207708399179, 708, Infinity, -Infinity, NaN].forEach((v, j) => { k.off[j * 501] = v; });
      const u = Float64Array.from({ length: q }, () => rng.normal(0, rep === 3 ? 0 : 1));
      const zc = rep === 2 ? 0 : 0.7 + rng.uniform();
      const prod = new Float64Array(classes), logs = new Float64Array(classes);
      const rest = k.pass(k.off, zc, u, prod, logs);
      const ref = referencePass(k.off.slice(), zc, u, blockOf, y, wt, ylogy, cls, classes);
      const same = (a: ArrayLike<number>, b: ArrayLike<number>): number => { let d = 0; for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) d++; return d; };
      assert.equal(same(k.eta, ref.eta), 0, `n=${n} rep ${rep}: η`);
      assert.equal(same(k.ex, ref.ex), 0, `n=${n} rep ${rep}: exp(−|η|)`);
      assert.ok(Object.is(rest, ref.rest), `n=${n} rep ${rep}: deviance sum ${rest} vs ${ref.rest}`);
      assert.equal(same(prod, ref.prod) + same(logs, ref.logs), 0, `n=${n} rep ${rep}: products`);
      // The next iteration's sums at this state, against the JavaScript loops (μ picked without a branch there).
      const A = new Float64Array(q), R = new Float64Array(q), A2 = new Float64Array(q), R2 = new Float64Array(q);
      const w = new Float64Array(n), v = new Float64Array(n), wz = new Float64Array(n);
      const refA = new Float64Array(q), refR = new Float64Array(q), refA2 = new Float64Array(q), refR2 = new Float64Array(q);
      for (let i = 0; i < n; i++) {
        const g = blockOf[i]!, e = ref.eta[i]!, xi = ref.ex[i]!, wti = wt[i]!, s = +(e >= 0);
        const m = (s + (1 - s) * xi) / (1 + xi), wi = wti * m * (1 - m);
        refA[g] += wi * zc * zc;
        refR[g] += zc * (wi * (zc * u[g]!) + wti * (y[i]! - m));
        const vi = wi * (e - offset[i]!) + wti * (y[i]! - m), wzi = wi * zc;
        w[i] = wi; v[i] = vi; wz[i] = wzi;
        refA2[g] += wzi * zc;
        refR2[g] += zc * vi;
      }
      k.laplaceSums(zc, u, A, R);
      k.jointSums(zc, A2, R2);
      assert.equal(same(A, refA) + same(R, refR), 0, `n=${n} rep ${rep}: second-stage sums`);
      assert.equal(same(A2, refA2) + same(R2, refR2) + same(k.w, w) + same(k.v, v) + same(k.wz, wz), 0, `n=${n} rep ${rep}: joint sums`);
    }
    assert.throws(() => k.pass(new Float64Array(n), 1, new Float64Array(q), new Float64Array(classes), new Float64Array(classes)), /not one of the kernel's arrays/);
    assert.equal(k.owns(k.off) && k.owns(k.offLaplace) && !k.owns(new Float64Array(n)), true);
  }
});

test("the wasm Poisson passes equal the JavaScript loops to the last bit: exp(η) of either sign, μ = E·G, the deviance, the sums", () => {
  const rng = createRng(20261202);
  const same = (a: ArrayLike<number>, b: ArrayLike<number>): number => { let d = 0; for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) d++; return d; };
  for (const [n, q] of [[30_001, 41], [1, 1]] as const) {
    const blockOf = Int32Array.from({ length: n }, () => rng.int(q));
    const wt = Float64Array.from({ length: n }, () => 1 + rng.int(3));
    const y = Float64Array.from({ length: n }, () => rng.int(6));
    const ylogy = Float64Array.from(y, (v) => (v > 0 ? v * Math.log(v) : 0));
    const offset = Float64Array.from({ length: n }, () => rng.normal(0, 0.3));
    const k = glmmKernel({ family: "poisson", n, q, y, wt, ylogy, offset, blockOf })!;
    const scales = [1e-12, 2 ** -28, 1e-6, 0.3465, 0.35, 1.0397, 1.04, 2, 10, 40, 300, 707.9, 708, 709.7, 745, 800];
    for (let rep = 0; rep < 3; rep++) {
      for (let i = 0; i < n; i++) { const s = scales[(i + rep) % scales.length]!; k.off[i] = (rng.uniform() < 0.5 ? -1 : 1) * s * (0.5 + rng.uniform()); }
      if (n > 5000) [0, -0, 2 ** -28, -(2 ** -28), 0.34657359027997264, -1.0397207708399179, 708, -708, Infinity, -Infinity, NaN].forEach((v, j) => { k.off[j * 701] = v; });
      const u = Float64Array.from({ length: q }, () => rng.normal(0, 1)), zc = 0.5 + rng.uniform();
      const off = k.off.slice();
      const dev = k.poissonPass(k.off, zc, u);
      const eta = new Float64Array(n), mu = new Float64Array(n);
      let ref = 0;
      for (let i = 0; i < n; i++) {
        const e = off[i]! + zc * u[blockOf[i]!]!, m = Math.exp(e), yi = y[i]!;
        eta[i] = e; mu[i] = m;
        ref += 2 * wt[i]! * (ylogy[i]! - yi * e - (yi - m));
      }
      assert.equal(same(k.eta, eta) + same(k.ex, mu), 0, `n=${n} rep ${rep}: η and exp(η)`);
      assert.ok(Object.is(dev, ref), `n=${n} rep ${rep}: deviance ${dev} vs ${ref}`);
      // Second stage: E = exp(Xβ + offset) once, μ = E·G per pass.
      for (let i = 0; i < n; i++) k.offLaplace[i] = rng.normal(0, 2);
      const offL = k.offLaplace.slice();
      assert.equal(k.expOffLaplace(), true);
      assert.equal(same(k.off, Float64Array.from(offL, Math.exp)), 0, `n=${n} rep ${rep}: E`);
      const G = Float64Array.from(u, (v) => Math.exp(zc * v));
      const dev2 = k.factoredPass(zc, u, G);
      let ref2 = 0;
      for (let i = 0; i < n; i++) {
        const g = blockOf[i]!, e = offL[i]! + zc * u[g]!, m = Math.exp(offL[i]!) * G[g]!, yi = y[i]!;
        eta[i] = e; mu[i] = m;
        ref2 += 2 * wt[i]! * (ylogy[i]! - yi * e - (yi - m));
      }
      assert.equal(same(k.eta, eta) + same(k.ex, mu), 0, `n=${n} rep ${rep}: factored η and μ`);
      assert.ok(Object.is(dev2, ref2), `n=${n} rep ${rep}: factored deviance`);
      const A = new Float64Array(q), R = new Float64Array(q), A2 = new Float64Array(q), R2 = new Float64Array(q);
      const refA = new Float64Array(q), refR = new Float64Array(q), refA2 = new Float64Array(q), refR2 = new Float64Array(q);
      const w = new Float64Array(n), v = new Float64Array(n), wz = new Float64Array(n);
      for (let i = 0; i < n; i++) {
        const g = blockOf[i]!, m = mu[i]!, wi = wt[i]! * m;
        refA[g] += wi * zc * zc;
        refR[g] += zc * (wi * (zc * u[g]!) + wt[i]! * (y[i]! - m));
        const vi = wi * (eta[i]! - offset[i]!) + wt[i]! * (y[i]! - m), wzi = wi * zc;
        w[i] = wi; v[i] = vi; wz[i] = wzi;
        refA2[g] += wzi * zc; refR2[g] += zc * vi;
      }
      k.laplaceSums(zc, u, A, R);
      k.jointSums(zc, A2, R2);
      assert.equal(same(A, refA) + same(R, refR), 0, `n=${n} rep ${rep}: second-stage sums`);
      assert.equal(same(A2, refA2) + same(R2, refR2) + same(k.w, w) + same(k.v, v) + same(k.wz, wz), 0, `n=${n} rep ${rep}: joint sums`);
    }
    // An offset that overflows exp: the factored pass is refused.
    k.offLaplace.fill(0); k.offLaplace[0] = 800;
    assert.equal(k.expOffLaplace(), false);
  }
});

test("GLMMs with and without the wasm kernels give the same fits to the last bit (logistic, binomial counts, Poisson)", () => {
  const rng = createRng(7);
  const n = 3001, G = 60;
  const b = Array.from({ length: G }, () => rng.normal(0, 0.9));
  const x: number[] = [], g: string[] = [], yb: number[] = [], s: number[] = [], f: number[] = [];
  for (let i = 0; i < n; i++) {
    const k = i % G, xi = rng.normal(0, 1), p = 1 / (1 + Math.exp(-(-0.3 + 0.7 * xi + b[k]!)));
    x.push(xi); g.push(`g${k}`); yb.push(rng.uniform() < p ? 1 : 0);
    const t = 1 + rng.int(4); let hits = 0; for (let j = 0; j < t; j++) if (rng.uniform() < p) hits++;
    s.push(hits); f.push(t - hits);
  }
  const c = s.map((v, i) => v + rng.int(3) * (i % 2)), e = x.map((_, i) => 0.5 + (i % 7) / 4);
  const data = { x, g, yb, s, f, c, e };
  for (const [formula, family] of [["yb ~ x + (1 | g)", "binomial"], ["cbind(s, f) ~ x + (1 | g)", "binomial"], ["c ~ x + offset(log(e)) + (1 | g)", "poisson"]] as const) {
    const on = glmm(formula, data, { family });
    useGlmmKernel(false);
    try {
      const off = glmm(formula, data, { family });
      assert.deepEqual(JSON.parse(JSON.stringify(on)), JSON.parse(JSON.stringify(off)), formula);
    } finally {
      useGlmmKernel(true);
    }
  }
});

test("the wasm LMM evaluations equal the JavaScript loops to the last bit (one and two columns, several p, several θ)", () => {
  const rng = createRng(11);
  const n = 3000, G = 257;
  const cols: Record<string, number[] | string[]> = { g: Array.from({ length: n }, () => `g${rng.int(G)}`) };
  for (const c of ["x", "w", "v", "a", "b", "y"]) cols[c] = Array.from({ length: n }, () => rng.normal(0, 2));
  const same = (a: ArrayLike<number>, b: ArrayLike<number>): number => { let d = 0; for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) d++; return d; };
  const cases: Array<[string, number[][]]> = [
    ["y ~ 1 + (1 | g)", [[0.37], [0], [2.5]]],
    ["y ~ x + w + (1 | g)", [[0.37], [1e-6], [4]]],
    ["y ~ x + w + v + a + b + (1 | g)", [[0.9]]],
    ["y ~ 1 + (1 + x | g)", [[0.8, -0.3, 0.45], [1, 0, 1]]],
    ["y ~ x + w + (1 + x | g)", [[0.8, -0.3, 0.45], [0.2, 0.9, 0], [1, 0, 1]]],
    ["y ~ x + w + v + a + b + (1 + x | g)", [[0.6, 0.1, 0.3]]],
  ];
  for (const [formula, thetas] of cases) {
    const d = buildMixedDesign(formula, cols);
    const withKernel = blockProfiler(d);
    useLmmKernel(false);
    let plain: ReturnType<typeof blockProfiler>;
    try { plain = blockProfiler(d); } finally { useLmmKernel(true); }
    for (const theta of thetas) {
      const a = withKernel.evaluate(theta), b = plain.evaluate(theta);
      assert.ok(Object.is(a.ldL2, b.ldL2) && Object.is(a.ldRX2, b.ldRX2) && Object.is(a.pwrss, b.pwrss), `${formula} at θ = ${theta}: log-determinants and r²`);
      assert.equal(same(a.beta, b.beta) + same(a.RX, b.RX), 0, `${formula} at θ = ${theta}: β and RX`);
    }
  }
  assert.equal(lmmKernel(3, 10, 2, new Float64Array(90), new Float64Array(30), new Float64Array(60)), null);
});

test("lmm with and without the wasm evaluations gives the same fits to the last bit", () => {
  const rng = createRng(12);
  const n = 4000, G = 80;
  const u0 = Array.from({ length: G }, () => rng.normal(0, 0.7)), u1 = Array.from({ length: G }, () => rng.normal(0, 0.3));
  const x: number[] = [], w: number[] = [], g: string[] = [], y: number[] = [];
  for (let i = 0; i < n; i++) {
    const k = i % G, xi = rng.normal(0, 1), wi = rng.normal(0, 1);
    x.push(xi); w.push(wi); g.push(`g${k}`); y.push(1 + 0.4 * xi - 0.2 * wi + u0[k]! + u1[k]! * xi + rng.normal(0, 1));
  }
  for (const formula of ["y ~ x + w + (1 | g)", "y ~ x + w + (1 + x | g)"]) {
    const on = lmm(formula, { x, w, g, y });
    useLmmKernel(false);
    try {
      assert.deepEqual(JSON.parse(JSON.stringify(on)), JSON.parse(JSON.stringify(lmm(formula, { x, w, g, y }))), formula);
    } finally {
      useLmmKernel(true);
    }
  }
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
