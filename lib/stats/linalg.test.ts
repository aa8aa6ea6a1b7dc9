import { test } from "node:test";
import assert from "node:assert/strict";
import { choleskyBlocked, choleskyInPlace } from "./linalg.js";
import { seededSpd } from "./testing/fixtures.js";

test("choleskyBlocked equals the unblocked factor (several panel and column-block sizes, ragged last blocks) and refuses non-PD matrices", () => {
  const n = 157;
  const A = seededSpd(n, n, 3);
  const ref = Float64Array.from(A);
  assert.ok(choleskyInPlace(ref, n));
  for (const engine of ["js", "auto"] as const) for (const [nb, jb] of [[1, 128], [7, 5], [16, 3], [48, 128], [64, 13], [200, 128], [20, 1]] as const) {
    const b = Float64Array.from(A);
    assert.ok(choleskyBlocked(b, n, nb, jb, engine));
    let md = 0;
    for (let i = 0; i < n * n; i++) md = Math.max(md, Math.abs(b[i]! - ref[i]!));
    assert.ok(md < 1e-11, `${engine}, nb = ${nb}, jb = ${jb}: max difference ${md}`);
  }
  const bad = Float64Array.from(A);
  bad[100 * n + 100] = -1;
  assert.equal(choleskyBlocked(Float64Array.from(bad), n, 16, 128, "js"), false);
  assert.equal(choleskyBlocked(bad, n, 16), false);
});
