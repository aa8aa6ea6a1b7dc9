import { test } from "node:test";
import assert from "node:assert/strict";
import { bayesUpdate, decay, distribution, entropy, lastWriteWins, surprise, symmetricKL, total } from "./dimension.js";

const close = (a: number, b: number, tol = 1e-12) => assert.ok(Math.abs(a - b) <= tol, `${a} vs ${b} (tol ${tol})`);

test("surprise is −log2 of the predictive probability, new values taking the reserved mass (hand-computed)", () => {
  close(surprise({}, "x", 1), 0); // empty dimension: P = α0/α0 = 1
  close(surprise({ teacher: 3 }, "nurse", 1), 2); // 1/4
  close(surprise({ teacher: 3 }, "teacher", 1), -Math.log2(3 / 4));
});

test("the noisy-likelihood posterior moves mass toward contradicting evidence (closed form, hand-computed)", () => {
  const first = bayesUpdate({}, "teacher", 0.8, 1);
  assert.deepEqual(first, { teacher: 1 });
  const c = bayesUpdate({ teacher: 3 }, "nurse", 0.8, 1);
  // prior 3/4, 1/4; L = 0.2, 0.8 → posterior 0.15/0.35, 0.2/0.35; counts × 4
  close(c.nurse / total(c), 0.2 / 0.35);
  close(total(c), 4);
  // a second contradicting observation makes the new value the mode with more confidence
  const d = bayesUpdate(c, "nurse", 0.8, 1);
  assert.equal(distribution(d)[0].value, "nurse");
  assert.ok(d.nurse / total(d) > c.nurse / total(c));
  assert.throws(() => bayesUpdate({}, "x", 1, 1), /reliability/);
});

test("decay mixes toward uniform with the given half-life; last-write-wins keeps only the newest value", () => {
  const d = decay({ a: 3, b: 1 }, 30 * 86_400_000, 30);
  close(d.a, 2.5);
  close(d.b, 1.5);
  assert.ok(entropy(d) > entropy({ a: 3, b: 1 }));
  assert.deepEqual(decay({ a: 2 }, 1e12, 1), { a: 2 });
  assert.deepEqual(lastWriteWins({ a: 3, b: 1 }, "b"), { b: 5 });
});

test("symmetrised KL is zero for equal beliefs and grows with disagreement", () => {
  close(symmetricKL({ a: 2 }, { a: 5 }), 0);
  const near = symmetricKL({ a: 3, b: 1 }, { a: 2, b: 1 });
  const far = symmetricKL({ a: 3 }, { b: 3 });
  assert.ok(near > 0 && near < far);
});
