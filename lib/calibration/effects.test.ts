// The offline model's calibration and bias findings, each beside its null; they fail when the finding does not hold.
// Sizes and seeds: the calibration rule (cv choice, margin 0.005, 60 prior pairs) was chosen on dev seeds 3001–3040
// and is reported here on 4001–4040; the bias-recovery sizes were chosen on dev seeds 2001–2240 (label ranking: every
// block of 30–80 seeds had a lower bound above 0; verbosity: only blocks of 80) and are tested on 601–680.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRng } from "../core/rng.js";
import { pairedDifferenceCI } from "../stats/intervals.js";
import { pooledCalibration } from "./pooled.js";
import { biasAttribution, biasRecovery } from "./bias.js";
import { runCells } from "./cells.js";
import { CalibrationParamsSchema } from "./types.js";

const seeds = (first: number, n: number) => Array.from({ length: n }, (_, i) => first + i);
const FAST = { shadows: false, trajectories: "none" };

test("calibration calibrates: with the default over-confident judge the isotonic and Platt protocols' ECE and Brier are below the raw ones", async () => {
  for (const protocol of ["isotonic", "platt"]) {
    const { judgements } = await runCells([protocol], ["none"], seeds(4001, 40), FAST);
    const [raw, cal] = pooledCalibration(judgements, ["calibrated_confidence"], createRng(7), { reps: 1000 });
    assert.ok(cal.eceDiffCI[1] < 0 && cal.brierDiffCI[1] < 0, `${protocol}: ECE ${cal.ece} vs raw ${raw.ece}, diff CI ${cal.eceDiffCI}; Brier diff CI ${cal.brierDiffCI}`);
  }
});

test("a calibrator that does no harm: with a Bayes-perfect judge the calibrated ECE is not worse than raw (upper bound ≤ 0.005 on 40 seeds)", async () => {
  for (const protocol of ["isotonic", "platt"]) {
    const { judgements } = await runCells([protocol], ["none"], seeds(4001, 40), { ...FAST, offline: { judge: { kind: "bayes" } } });
    const [raw, cal] = pooledCalibration(judgements, ["calibrated_confidence"], createRng(8), { reps: 1000 });
    assert.ok(raw.ece < 0.02, `raw ECE of the Bayes-perfect judge ${raw.ece}`);
    assert.ok(cal.eceDiffCI[1] <= 0.005, `${protocol}: ECE ${cal.ece} vs raw ${raw.ece}, diff CI ${cal.eceDiffCI}`);
    assert.ok(cal.brierDiffCI[1] <= 0.002, `${protocol}: Brier diff CI ${cal.brierDiffCI}`);
  }
  // The fitted value alone (no choice) does harm this judge: the choice is what removes it.
  const { judgements } = await runCells(["isotonic"], ["none"], seeds(4001, 40), { ...FAST, calibrationChoice: "always", priorPairs: 20, offline: { judge: { kind: "bayes" } } });
  const [, always] = pooledCalibration(judgements, ["calibrated_confidence"], createRng(8), { reps: 1000 });
  assert.ok(always.eceDiffCI[0] > 0, `always-fit ECE diff CI ${always.eceDiffCI}`);
});

test("the seed's calibrator (isotonic on the phase's last 10 pairs, no prior) raises the ECE of the default judge", async () => {
  const { judgements } = await runCells(["isotonic"], ["none"], seeds(501, 12), { trajectories: "none" });
  const [raw, seed] = pooledCalibration(judgements, ["iso_seed"], createRng(7), { reps: 1000 });
  assert.ok(seed.eceDiffCI[0] > 0, `iso_seed ECE ${seed.ece} vs raw ${raw.ece}, diff CI ${seed.eceDiffCI}`);
});

test("bias attribution recovers the ranking of each configured per-strategy bias, and the position bias as a win share; with no bias its control changes nothing", async () => {
  const { weights, results } = await runCells(["binary"], ["none", "hide_names", "truncate", "swap"], seeds(601, 80), { ...FAST, detailTables: "control_none" });
  const offline = CalibrationParamsSchema.parse({}).offline;
  for (const r of biasRecovery(weights, "binary", offline, createRng(3), { reps: 1000 })) {
    assert.ok(r.lower > 0, `${r.bias}: Spearman ${r.rho} [${r.lower}, ${r.upper}] over ${r.seeds} seeds`);
  }
  const label40 = biasRecovery(weights.filter((w) => Number(w.seed) <= 640), "binary", offline, createRng(3), { reps: 1000 })[0];
  assert.ok(label40.lower > 0, `label at 40 seeds: ${label40.rho} [${label40.lower}, ${label40.upper}]`);
  const share = (c: string) => results.filter((r) => r.control === c).sort((a, b) => Number(a.seed) - Number(b.seed)).map((r) => Number(r.win_share));
  const position = pairedDifferenceCI(share("none"), share("swap"));
  assert.ok(position.lower > 0, `win share none − swap = ${position.mean} [${position.lower}, ${position.upper}]`);
  // Null: without the bias its control is the same cell (common random numbers), so nothing is attributed.
  const none = await runCells(["binary"], ["none", "hide_names", "truncate"], seeds(601, 5), { ...FAST, offline: { judge: { labelScale: 0, verbosityBias: 0 } } });
  assert.ok(biasAttribution(none.weights, "binary").every((r) => r.shift === 0), "a control that removes an absent bias shifts no weight");
});
