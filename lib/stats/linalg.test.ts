import { test } from "node:test";
import assert from "node:assert/strict";
import { choleskyBlocked, choleskyInPlace } from "./linalg.js";

test("choleskyBlocked equals the unblocked factor (several panel and column-block sizes, ragged last blocks) and refuses non-PD matrices", () => {
  const n = 157;
  let s = 3;
  const r = (): number => ((s = (s * 16807) % 2147483647) / 2147483647 - 0.5);
  const G = Float64Array.from({ length: n * n }, r);
  const A = new Float64Array(n * n);
  for (let i = 0; i < n; i++) for (let j = 0; j <= i; j++) {
    let t = 0;
    for (let k = 0; k < n; k++) t += G[i * n + k]! * G[j * n + k]!;
    A[i * n + j] = A[j * n + i] = t + (i === j ? 1 : 0);
  }
  const ref = Float64Array.from(A);
  assert.ok(choleskyInPlace(ref, n));
  for (const [nb, jb] of [[1, 128], [7, 5], [16, 3], [48, 128], [64, 13], [200, 128], [20, 1]] as const) {
    const b = Float64Array.from(A);
    assert.ok(choleskyBlocked(b, n, nb, jb));
    let md = 0;
    for (let i = 0; i < n * n; i++) md = Math.max(md, Math.abs(b[i]! - ref[i]!));
    assert.ok(md < 1e-11, `nb = ${nb}, jb = ${jb}: max difference ${md}`);
  }
  const bad = Float64Array.from(A);
  bad[100 * n + 100] = -1;
  assert.equal(choleskyBlocked(bad, n, 16), false);
});
