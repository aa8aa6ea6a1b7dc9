import { test } from "node:test";
import assert from "node:assert/strict";
import { passesFrom, recoveryComparison, recoverySlopes, type RecoveryEstimate } from "./recovery.js";

/** Estimates that lie exactly on estimate = slope·truth (± a tiny alternating jitter), at one horizon. */
function line(intervals: number, scale: RecoveryEstimate["scale"], slope: number): RecoveryEstimate[] {
  return [-0.45, -0.1, 0, 0.2, 0.5, 0.8].flatMap((truth, k) => [1, 2].map((seed) => ({ point: `p${k}`, seed, intervals, scale, term: "bS" as const, truth, estimate: slope * truth + (seed === 1 ? 1e-3 : -1e-3), se: 0.1 })));
}

test("recoveryComparison sets the u_i-estimated fit beside the u_i-known one per horizon, with how much a miss misses; passesFrom finds the horizon from which it passes", () => {
  const est = [...line(40, "latent", 1), ...line(40, "latent-re", 1.15), ...line(80, "latent", 1), ...line(80, "latent-re", 1.05), ...line(120, "latent", 1), ...line(120, "latent-re", 1.0)];
  const rows = recoveryComparison(recoverySlopes(est));
  assert.deepEqual(rows.map((r) => r.intervals), [40, 80, 120]);
  assert.ok(rows.every((r) => r.known.pass));
  assert.ok(!rows[0].estimated.pass && Math.abs(rows[0].miss - (rows[0].estimated.lower - 1)) < 1e-9, "the CI excludes 1 by more than the slope exceeds the tolerance");
  assert.equal(rows[1].estimated.pass, false, "1.05 with a tight CI that excludes 1 fails");
  assert.equal(passesFrom(recoverySlopes(est), "latent-re", "bS"), 120);
  assert.equal(passesFrom(recoverySlopes(est), "latent", "bS"), 40);
  assert.equal(passesFrom(recoverySlopes([...line(40, "latent-re", 1), ...line(80, "latent-re", 1.2)]), "latent-re", "bS"), undefined, "fails at the longest horizon");
});
