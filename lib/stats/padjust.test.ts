/**
 * pAdjust against R 4.2.2's p.adjust (fixtures/padjust.R → padjust.json): every method on 50 p-values with ties, five
 * missing values, 0, 1 and 1e-20, with the default n and with n = 64, and n = 2 on two values (Hommel becomes Hochberg).
 * Tolerance 1e-12 absolute (the fixture holds R's values to 15 significant digits).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { pAdjust, type PAdjustMethod } from "./padjust.js";
import { readJson } from "./testing/fixtures.js";

type Adj = Record<PAdjustMethod, (number | null)[]>;
const ref = readJson<{ p: (number | null)[]; default_n: Adj; n64: Adj; two: (number | null)[]; two_n2: Adj }>("padjust.json");

function same(got: number[], want: (number | null)[], what: string): void {
  assert.equal(got.length, want.length, what);
  want.forEach((w, i) => {
    if (w === null) assert.ok(Number.isNaN(got[i]!), `${what}[${i}] stays missing`);
    else assert.ok(Math.abs(got[i]! - w) <= 1e-12, `${what}[${i}]: ${got[i]} vs R ${w}`);
  });
}

test("pAdjust = R's p.adjust for every method, default n (50 values, ties, NA, 0 and 1)", () => {
  const methods = Object.keys(ref.default_n) as PAdjustMethod[];
  assert.deepEqual(methods.sort(), ["BH", "BY", "bonferroni", "fdr", "hochberg", "holm", "hommel", "none"]);
  for (const m of methods) same(pAdjust(ref.p, m), ref.default_n[m], m);
});

test("pAdjust = R's p.adjust with n = 64 (tests not passed count), and n = 2 (Hommel is Hochberg there)", () => {
  for (const m of Object.keys(ref.n64) as PAdjustMethod[]) same(pAdjust(ref.p, m, 64), ref.n64[m], `${m}, n = 64`);
  for (const m of Object.keys(ref.two_n2) as PAdjustMethod[]) same(pAdjust(ref.two, m, 2), ref.two_n2[m], `${m}, n = 2`);
  // n ≤ 1: p unchanged, as R.
  assert.deepEqual(pAdjust([0.2], "bonferroni", 1), [0.2]);
});

test("pAdjust: clear errors for unknown methods, non-numbers, values outside [0, 1] and an n below the count", () => {
  assert.throws(() => pAdjust([0.1], "BHq" as "BH"), /unknown method "BHq"/);
  assert.throws(() => pAdjust([0.1, "0.2" as unknown as number], "BH"), /p\[1\] is the string "0\.2", not a number/);
  assert.throws(() => pAdjust([0.1, true as unknown as number]), /p\[1\] is a boolean/);
  assert.throws(() => pAdjust([0.1, 2.5], "BH"), /p\[1\].*not in \[0, 1\]/);
  assert.throws(() => pAdjust([0.1, 0.2, null], "holm", 1), /n = 1 is not a whole number ≥ 2/);
  assert.throws(() => pAdjust([0.1], "holm", 2.5), /n = 2\.5/);
});
