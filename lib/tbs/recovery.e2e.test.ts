/**
 * Parameter recovery of the offline model on a reduced grid (the full grid, 17 points × 20 seeds, is run by
 * scripts/tbs-recovery.ts and read by notebook 01). Each replicate: a Willing and a Rotation run, 12 agents × 40
 * intervals. The latent-scale fit (the rule's own linear predictor, lib/tbs/recovery.ts) must recover the generating
 * values: the recovered-vs-true slope's 95 % CI contains 1; where the generating value is 0, the estimates' CI
 * includes 0. The item-index fit is what an analysis of the observed indices would report: it is attenuated. On 24
 * replicates this is weaker than the full-grid criterion (|slope - 1| < 0.1 as well, lib/tbs/README.md, "Parameter
 * recovery").
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { recoverGrid, recoverySlopes, type RecoveryPoint } from "./recovery.js";

test("recovery on the latent scale over a grid of generating values; the null b_D = 0 is recovered as 0; item-index slopes are attenuated", async () => {
  const points: RecoveryPoint[] = [
    { bD: 0, bS: -0.45, wC: 1.2, wP: 1.5 },
    { bD: 0.5, bS: 0, wC: 1.2, wP: 1.5 },
    { bD: 0.8, bS: -0.45, wC: 1.2, wP: 1.5 },
  ];
  const est = await recoverGrid({ seeds: [1, 2, 3, 4, 5, 6, 7, 8], points });
  const slopes = recoverySlopes(est);
  const s = (scale: string, term: string) => slopes.find((x) => x.scale === scale && x.term === term)!;
  for (const term of ["bD", "bS"]) {
    const l = s("latent", term);
    assert.ok(l.lower <= 1 && l.upper >= 1, `latent ${term}: slope ${l.slope.toFixed(3)} [${l.lower.toFixed(3)}, ${l.upper.toFixed(3)}] contains 1`);
  }
  const items = s("items", "bD");
  assert.ok(items.upper < 1, `item-index b_D slope ${items.slope.toFixed(3)} [${items.lower.toFixed(3)}, ${items.upper.toFixed(3)}] is attenuated`);
  const nullD = est.filter((e) => e.scale === "latent" && e.term === "bD" && e.truth === 0).map((e) => e.estimate);
  const m = nullD.reduce((a, b) => a + b, 0) / nullD.length;
  const sd = Math.sqrt(nullD.reduce((a, b) => a + (b - m) ** 2, 0) / (nullD.length - 1));
  const half = 2.365 * (sd / Math.sqrt(nullD.length)); // t(0.975, 7)
  assert.ok(m - half < 0 && m + half > 0, `b_D = 0: mean latent estimate ${m.toFixed(3)} ± ${half.toFixed(3)} includes 0`);
});
