/**
 * Parameter recovery of the offline model (20 seeds × {Willing, Rotation} × 12 agents × 40 intervals).
 * Generating values: lib/tbs/params.ts defaults (offline.willingness: intercept −0.5, dissonance 0.35 and silence −0.45
 * per 0.1 of the latent appraisal, willingModeShift −0.3, agentSd 0.8).
 * Tolerances (stated here, measured bias in lib/tbs/README.md): slopes within 20 % of the configured value; mode shift
 * and intercept within 0.15; agent SD within 0.15. The remaining bias comes from feedback (agents who speak more
 * acquire a private–public gap, so D is not independent of the agent effect), not from the fit.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { recoverParameters } from "./recovery.js";

test("stats.glmm recovers the generating parameters on the latent scale; item-index slopes are attenuated", async () => {
  const { estimates, summary } = await recoverParameters({ seeds: Array.from({ length: 20 }, (_, i) => i + 1) });
  const by = Object.fromEntries(summary.map((s) => [s.term, s]));
  for (const t of ["dissonance", "silence"] as const) {
    const s = by[t];
    assert.ok(Math.abs(s.latentBias) <= 0.2 * Math.abs(s.truth), `${t}: latent mean ${s.latentMean.toFixed(3)} vs ${s.truth} (tolerance 20 %)`);
    assert.ok(Math.abs(s.itemsMean) < Math.abs(s.latentMean), `${t}: item-index slope ${s.itemsMean.toFixed(3)} is attenuated`);
    assert.equal(Math.sign(s.itemsMean), Math.sign(s.truth), `${t}: attenuation keeps the sign`);
    const seeds = new Set(estimates.map((e) => e.seed));
    let smaller = 0;
    for (const seed of seeds) {
      const lat = estimates.find((e) => e.seed === seed && e.scale === "latent")![t];
      const itm = estimates.find((e) => e.seed === seed && e.scale === "items")![t];
      if (Math.abs(itm) < Math.abs(lat)) smaller++;
    }
    assert.ok(smaller >= 18, `${t}: attenuated in ${smaller}/20 seeds (expected ≥ 18)`);
  }
  assert.ok(Math.abs(by.modewilling.latentBias) <= 0.15, `mode shift ${by.modewilling.latentMean.toFixed(3)} vs −0.3`);
  assert.ok(Math.abs(by.intercept.latentBias) <= 0.15, `intercept ${by.intercept.latentMean.toFixed(3)} vs −0.5`);
  assert.ok(Math.abs(by.agentSd.latentBias) <= 0.15, `agent SD ${by.agentSd.latentMean.toFixed(3)} vs 0.8`);
});
