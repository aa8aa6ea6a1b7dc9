// Tests of the study's claims on the offline model, each beside its null: they fail when the claim does not hold.
import { test } from "node:test";
import assert from "node:assert/strict";
import { cellAddresser } from "../core/mechanism.js";
import { createRng } from "../core/rng.js";
import { biasAttribution, contrast, pooledCalibration, spearman } from "./analysis.js";
import { runStudy } from "./engine.js";
import type { Answer, Executor, Judge } from "./models/types.js";
import { offlineTruth } from "./models/offline.js";
import { runCalibrationCell } from "./runner.js";
import { CalibrationParamsSchema, PROTOCOLS, STRATEGIES } from "./types.js";

type Row = Record<string, unknown>;
const SEEDS = Array.from({ length: 16 }, (_, i) => 501 + i);

async function cells(protocols: readonly string[], controls: readonly string[], seeds: readonly number[], params: Record<string, unknown> = {}) {
  const out: Record<string, Row[]> = { results: [], weights: [], judgements: [] };
  for (const protocol of protocols) for (const control of controls) for (const seed of seeds) {
    const key = `protocol=${protocol},control=${control}`;
    const r = await runCalibrationCell({
      runId: `${key},seed=${seed}`, seed, condition: { protocol, control }, params: params as never,
      model: { kind: "offline" }, rng: createRng(seed), address: cellAddresser("calibration", key, seed),
    });
    for (const t of Object.keys(out)) out[t].push(...r.tables[t]);
  }
  return out;
}

const includesZero = (ci: { lower: number; upper: number }) => ci.lower <= 0 && ci.upper >= 0;

test("noise floor: with equal quality and no biases no protocol's normalised coupling differs from binary_matched, though raw γ does", async () => {
  // equal quality: every strategy has mean 0 in both modalities and no strategy × task effect; no judge biases
  const offline = { taskSd: 0, quality: Object.fromEntries(STRATEGIES.map((s) => [s, { text: 0, visual: 0 }])), judge: { labelBias: {}, positionBias: 0, verbosityBias: 0 } };
  const { results } = await cells(PROTOCOLS, ["none"], SEEDS, { offline });
  // 5 protocols × 4 columns = 20 comparisons: Bonferroni-corrected intervals (familywise 95 %)
  const level = 1 - 0.05 / 20;
  for (const p of PROTOCOLS.filter((p) => p !== "binary_matched")) {
    for (const m of ["gamma_tv_norm", "gamma_vt_norm", "gamma_tv_excess", "gamma_vt_excess"]) {
      const c = contrast(results, m, p, "binary_matched", "none", level);
      assert.ok(includesZero(c.difference), `${m}: ${p} − binary_matched = ${c.difference.mean} [${c.difference.lower}, ${c.difference.upper}]`);
    }
  }
  // Without the floor the step size alone separates the protocols: binary's larger steps give a larger γ_TV.
  const raw = contrast(results, "gamma_tv", "binary", "binary_matched");
  assert.ok(raw.difference.lower > 0, `γ_TV binary − binary_matched = ${raw.difference.mean} [${raw.difference.lower}, ${raw.difference.upper}]`);
});

test("calibration calibrates: with the default miscalibrated judge the isotonic (expanding) ECE is below the raw ECE, CI excluding 0", async () => {
  const { judgements } = await cells(["isotonic"], ["none"], SEEDS);
  const [raw, cal, sliding, platt] = pooledCalibration(judgements, ["calibrated_confidence", "iso_seed", "platt_expanding"], createRng(7), { reps: 400 });
  assert.equal(raw.column, "raw_confidence");
  assert.ok(cal.eceDiffCI[1] < 0, `ECE ${cal.ece} vs raw ${raw.ece}, diff CI ${cal.eceDiffCI}`);
  assert.ok(platt.eceDiffCI[1] < 0 && platt.brierDiffCI[1] < 0, `Platt: ECE diff CI ${platt.eceDiffCI}, Brier diff CI ${platt.brierDiffCI}`);
  // The seed's 10-pair sliding window does not calibrate: its ECE is above the raw judge's.
  assert.ok(sliding.eceDiffCI[0] > 0, `sliding ECE ${sliding.ece} vs raw ${raw.ece}, diff CI ${sliding.eceDiffCI}`);
});

/** A Bayes-perfect judge: qualities are N(0, σ²/2), the judge sees d + e and states P(d > 0 | d + e) exactly. */
function bayesModels(seed: number) {
  const sigma = 1;
  const noise = 1;
  const rng = createRng(seed).fork("bayes");
  const executor: Executor = {
    async answer(task, strategy, at): Promise<Answer> {
      const quality = rng.fork("q", at.phase, at.round, at.role).normal(0, sigma / Math.SQRT2);
      return { strategy, quality, length: 800, text: "" };
    },
  };
  const judge: Judge = {
    async judge(input) {
      const y = input.a.quality! - input.b.quality! + rng.fork("e", input.phase, input.round).normal(0, noise);
      const v = sigma ** 2 + noise ** 2;
      const pA = normalCdf((y * sigma ** 2) / v / Math.sqrt((sigma ** 2 * noise ** 2) / v));
      return { judgement: input.wantConfidence ? { preferred: pA >= 0.5 ? "A" : "B", confidence: pA } : { preferred: pA >= 0.5 ? "A" : "B" } };
    },
  };
  return { executor, judge, truth: offlineTruth };
}
function normalCdf(z: number): number {
  // Abramowitz–Stegun 7.1.26 on erf (|error| < 1.5e-7)
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const erf = 1 - (((((1.061405429 * t - 1.453152027) * t) + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-x * x);
  return z >= 0 ? 0.5 * (1 + erf) : 0.5 * (1 - erf);
}

test("with a Bayes-perfect judge the calibrated confidence is no worse than the raw one (and raw is calibrated)", async () => {
  const judgements: Row[] = [];
  for (const seed of SEEDS) {
    const p = CalibrationParamsSchema.parse({ protocol: "isotonic" });
    const res = await runStudy(p, bayesModels(seed), createRng(seed));
    judgements.push(...res.judgements.map((j) => ({ ...j, seed })));
  }
  const [raw, cal] = pooledCalibration(judgements, ["calibrated_confidence"], createRng(8), { reps: 400 });
  assert.ok(raw.ece < 0.03, `raw ECE of the perfect judge ${raw.ece}`);
  // no worse: the calibrated − raw ECE interval does not lie above 0.02 (a calibrator fitted on finite pairs adds
  // estimation noise of that order, where the seed's sliding window added 0.15)
  assert.ok(cal.eceDiffCI[0] <= 0.02, `ECE ${cal.ece} vs raw ${raw.ece}, diff CI ${cal.eceDiffCI}`);
});

test("bias attribution recovers the configured label and verbosity rankings; with no biases nothing is attributed", async () => {
  const seeds = SEEDS;
  const { weights } = await cells(["binary"], ["none", "hide_names", "truncate"], seeds);
  const attr = biasAttribution(weights.map((w) => w), "binary", "A").filter((r) => r.bias !== "position");
  const label = attr.filter((r) => r.bias === "label");
  const configured = CalibrationParamsSchema.parse({}).offline;
  const lb = STRATEGIES.map((s) => configured.judge.labelBias[s] ?? 0);
  const rhoLabel = spearman(lb, STRATEGIES.map((s) => Number(label.find((r) => r.strategy === s)!.shift)));
  assert.ok(rhoLabel > 0.6, `label: Spearman ${rhoLabel}`);
  const verb = attr.filter((r) => r.bias === "verbosity");
  const rhoVerb = spearman(STRATEGIES.map((s) => configured.length[s]), STRATEGIES.map((s) => Number(verb.find((r) => r.strategy === s)!.shift)));
  assert.ok(rhoVerb > 0.5, `verbosity: Spearman ${rhoVerb}`);

  const none = await cells(["binary"], ["none", "hide_names"], seeds, { offline: { judge: { labelBias: {} } } });
  const nullLabel = biasAttribution(none.weights, "binary", "A").filter((r) => r.bias === "label");
  const significant = nullLabel.filter((r) => Number(r.ci_lower) > 0 || Number(r.ci_upper) < 0);
  assert.ok(significant.length <= 1, `with no label bias ${significant.length} strategies shifted: ${JSON.stringify(significant)}`);
});
