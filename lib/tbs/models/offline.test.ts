import { test } from "node:test";
import assert from "node:assert/strict";
import { createRng } from "../../core/rng.js";
import { runTbs } from "../run.js";

test("logged latent columns satisfy the model's equations (README: S = min(1, g_S·f·M), D = min(1, w_C·d_C + w_P·d_P))", async () => {
  const { states } = await runTbs({ agents: 6, intervals: 25, force: "force" }, { rng: createRng(9) });
  for (const r of states) {
    const S = Math.min(1, 2 * (r.fear as number) * (r.minority as number));
    assert.ok(Math.abs((r.latent_silence as number) - S) < 1e-12);
    const D = Math.min(1, 1.2 * (r.climate_gap as number) + 1.5 * (r.public_gap as number));
    assert.ok(Math.abs((r.latent_dissonance as number) - D) < 1e-12);
    assert.equal(r.private_stance, Math.max(-3, Math.min(3, Math.round(r.latent_stance as number))));
    assert.equal(r.strategy === "withhold", !r.willing_to_speak);
  }
});

test("items are unbiased noisy readings of the latent appraisal away from the scale ends (mean error within 0.1 item points)", async () => {
  const { states } = await runTbs({ agents: 40, intervals: 40 }, { rng: createRng(4) });
  const mid = states.filter((r) => (r.latent_dissonance as number) > 0.3 && (r.latent_dissonance as number) < 0.7);
  assert.ok(mid.length > 200, `enough mid-range rows (${mid.length})`);
  const err = mid.reduce((a, r) => a + ((r.dissonance_tension as number) - (1 + 6 * (r.latent_dissonance as number))), 0) / mid.length;
  assert.ok(Math.abs(err) < 0.1, `mean reading error ${err.toFixed(3)}`);
});

test("willingness rises with latent dissonance and falls with silence pressure (raw rates, 40 agents × 40 intervals)", async () => {
  const { states } = await runTbs({ agents: 40, intervals: 40 }, { rng: createRng(5) });
  const rate = (f: (r: Record<string, unknown>) => boolean) => {
    const xs = states.filter(f);
    return xs.filter((r) => r.willing_to_speak).length / xs.length;
  };
  assert.ok(rate((r) => (r.latent_dissonance as number) > 0.4) > rate((r) => (r.latent_dissonance as number) < 0.1));
  assert.ok(rate((r) => (r.latent_silence as number) > 0.4) < rate((r) => (r.latent_silence as number) < 0.1));
});
