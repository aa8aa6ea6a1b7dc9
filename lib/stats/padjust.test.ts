import { test } from "node:test";
import assert from "node:assert/strict";
import { pAdjust } from "./padjust.js";

// R 4: p <- c(0.01, 0.02, 0.03, 0.04, 0.05, 0.5, 0.02, NA, 1e-5, 0.2); p.adjust(p, method)
const p = [0.01, 0.02, 0.03, 0.04, 0.05, 0.5, 0.02, null, 1e-5, 0.2];
const R: Record<string, (number | null)[]> = {
  holm: [0.08, 0.14, 0.15, 0.16, 0.16, 0.5, 0.14, null, 9e-5, 0.4],
  bonferroni: [0.09, 0.18, 0.27, 0.36, 0.45, 1, 0.18, null, 9e-5, 1],
  BH: [0.045, 0.045, 0.054, 0.06, 0.064285714285714293, 0.5, 0.045, null, 9e-5, 0.225],
  BY: [0.1273035714285714604, 0.1273035714285714604, 0.1527642857142857413, 0.1697380952380952435, 0.1818622448979592132, 1, 0.1273035714285714604, null, 0.0002546071428571429, 0.6365178571428572463],
  hochberg: [0.08, 0.12, 0.15, 0.15, 0.15, 0.5, 0.12, null, 9e-5, 0.4],
};

test("pAdjust equals R's p.adjust (ties, a missing value, the cap at 1)", () => {
  for (const [m, want] of Object.entries(R)) {
    const got = pAdjust(p, m as "holm");
    want.forEach((w, i) => {
      if (w === null) assert.ok(Number.isNaN(got[i]!), `${m}[${i}] stays missing`);
      else assert.ok(Math.abs(got[i]! - w) < 1e-15, `${m}[${i}]: ${got[i]} vs R ${w}`);
    });
  }
  assert.deepEqual(pAdjust([0.2, 0.3], "none"), [0.2, 0.3]);
});

test("pAdjust rejects unknown methods and values outside [0, 1]", () => {
  assert.throws(() => pAdjust([0.1], "fdr" as "BH"), /unknown method "fdr"/);
  assert.throws(() => pAdjust([0.1, 2.5], "BH"), /p\[1\].*not in \[0, 1\]/);
});
