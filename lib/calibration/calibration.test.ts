import { test } from "node:test";
import assert from "node:assert/strict";
import { createRng } from "../core/rng.js";
import { binaryUpdate, calibratedUpdate, renormalise, rouletteSample, uniformWeights } from "./weights.js";
import { brierScore, couplingGamma, expectedCalibrationError, uncertainShare, weightsJsd } from "./metrics.js";
import { SlidingIsotonic, plattFit } from "./calibrators.js";
import { repairJudgement } from "./models/llm.js";
import { runCalibrationCell } from "./runner.js";
import { STRATEGIES } from "./types.js";

const wT = { a: 0.6, b: 0.3, c: 0.1 };
const wV = { a: 0.2, b: 0.5, c: 0.3 };
const wTV = { a: 0.4, b: 0.4, c: 0.2 };
const wVT = { a: 0.5, b: 0.3, c: 0.2 };

test("γ on the hand-computed case (values computed by hand, exact to double precision)", () => {
  assert.equal(couplingGamma(wTV, wV), 0.39735970711951313);
  assert.equal(couplingGamma(wVT, wT), 0.20851441405707477);
  // aligned by name, not by key order
  assert.equal(couplingGamma({ c: 0.2, b: 0.4, a: 0.4 }, wV), 0.39735970711951313);
  assert.throws(() => couplingGamma({ a: 0.5, d: 0.5 }, { a: 0.5, b: 0.5 }), /different strategy sets \(only in one: d, b\)/);
});

test("JSD between weight vectors in nats: hand case and bounds", () => {
  // m = (.3,.3) vs p=(.6,0)... : JSD([1,0],[0,1]) = ln 2
  assert.equal(weightsJsd({ a: 1, b: 0 }, { a: 0, b: 1 }), Math.LN2);
  assert.equal(weightsJsd(wT, wT), 0);
  const j = weightsJsd(wV, wTV);
  // ½Σ p log(p/m) + ½Σ q log(q/m), m = (.3, .45, .25)
  const m = [0.3, 0.45, 0.25];
  const expected = 0.5 * (0.2 * Math.log(0.2 / m[0]) + 0.5 * Math.log(0.5 / m[1]) + 0.3 * Math.log(0.3 / m[2])) +
    0.5 * (0.4 * Math.log(0.4 / m[0]) + 0.4 * Math.log(0.4 / m[1]) + 0.2 * Math.log(0.2 / m[2]));
  assert.ok(Math.abs(j - expected) < 1e-15);
});

test("binary update: +0.08 on a win, −0.04 on a loss, floor 0.001, renormalised", () => {
  const w = { a: 0.5, b: 0.3, c: 0.2 };
  const win = binaryUpdate(w, "a", true, 0.08, 0.04);
  assert.ok(Math.abs(win.a - 0.58 / 1.08) < 1e-15 && Math.abs(win.b - 0.3 / 1.08) < 1e-15);
  const loss = binaryUpdate(w, "c", false, 0.08, 0.04);
  assert.ok(Math.abs(loss.c - 0.16 / 0.96) < 1e-15);
  const floored = binaryUpdate({ a: 0.98, b: 0.01, c: 0.01 }, "b", false, 0.08, 0.04);
  assert.ok(floored.b > 0 && Math.abs(Object.values(floored).reduce((s, x) => s + x, 0) - 1) < 1e-15);
  assert.ok(Math.abs(floored.b - 0.001 / (0.98 + 0.001 + 0.01)) < 1e-15);
});

test("calibrated update: α·(2c − 1), zero at c = 0.5, errors on bad confidences", () => {
  const w = { a: 0.5, b: 0.5 };
  assert.deepEqual(calibratedUpdate(w, "a", 0.5, 0.08), { a: 0.5, b: 0.5 });
  const up = calibratedUpdate(w, "a", 0.75, 0.08);
  assert.ok(Math.abs(up.a - 0.54 / 1.04) < 1e-15);
  assert.throws(() => calibratedUpdate(w, "a", 1.2, 0.08), /outside \[0, 1\]/);
  assert.throws(() => calibratedUpdate(w, "a", NaN, 0.08), /outside/);
  assert.throws(() => calibratedUpdate(w, "z", 0.5, 0.08), /unknown strategy "z"/);
  assert.throws(() => renormalise({ a: NaN, b: 1 }), /not a finite number/);
});

test("roulette sampling follows the weights", () => {
  const rng = createRng(5);
  const counts: Record<string, number> = { a: 0, b: 0 };
  for (let i = 0; i < 20000; i++) counts[rouletteSample({ a: 0.2, b: 0.8 }, rng)]++;
  assert.ok(Math.abs(counts.b / 20000 - 0.8) < 0.015);
});

test("sliding isotonic calibrator is the identity until two distinct confidences and both outcomes", () => {
  const cal = new SlidingIsotonic(10);
  cal.observe(0.7, 1);
  cal.observe(0.7, 0);
  assert.equal(cal.calibrate(0.9), 0.9); // one distinct confidence
  cal.observe(0.9, 1);
  assert.equal(cal.calibrate(0.9), 1); // fitted: {0.7: 0.5, 0.9: 1}
  assert.ok(Math.abs(cal.calibrate(0.8) - 0.75) < 1e-12); // linear interpolation between thresholds
  for (let i = 0; i < 10; i++) cal.observe(0.6, 1); // window slides: only outcome 1 left
  assert.equal(cal.calibrate(0.3), 0.3);
});

test("Platt fit recovers a known logistic relation", () => {
  const rng = createRng(9);
  const c: number[] = [];
  const y: (0 | 1)[] = [];
  for (let i = 0; i < 5000; i++) {
    const p = 0.05 + 0.9 * rng.uniform();
    c.push(p);
    const z = 0.5 * Math.log(p / (1 - p)) + 0.3;
    y.push(rng.uniform() < 1 / (1 + Math.exp(-z)) ? 1 : 0);
  }
  const { a, b } = plattFit(c, y);
  assert.ok(Math.abs(a - 0.5) < 0.08 && Math.abs(b - 0.3) < 0.08, `a=${a} b=${b}`);
});

test("ECE, Brier and the uncertain share on small cases", () => {
  assert.equal(brierScore([1, 0], [1, 0]), 0);
  assert.equal(brierScore([0.5], [1]), 0.25);
  assert.ok(Math.abs(expectedCalibrationError([0.9, 0.9, 0.1, 0.1], [1, 0, 0, 0]) - 0.25) < 1e-12); // ½·|0.9 − 0.5| + ½·|0.1 − 0|
  assert.equal(uncertainShare([0.4, 0.5, 0.61, 0.1]), 0.5);
  assert.equal(uncertainShare([]), null);
});

test("judge replies: percentages repaired and logged, out-of-range refused", () => {
  assert.deepEqual(repairJudgement({ preferred: "A", confidence: 0.7 }), { judgement: { preferred: "A", confidence: 0.7 } });
  const r = repairJudgement({ preferred: "B", confidence: 30 });
  assert.equal(r.judgement.confidence, 0.3);
  assert.match(r.repair!, /percentage/);
  assert.throws(() => repairJudgement({ preferred: "A", confidence: -2 }), /outside \[0, 1\]/);
});

test("a cell is deterministic per seed and its weights are valid distributions", async () => {
  const run = (seed: number) =>
    runCalibrationCell({ runId: "t", seed, condition: { protocol: "calibrated", control: "swap" }, params: { rounds: 12 } as never, model: { kind: "offline" }, rng: createRng(seed) });
  const a = await run(3);
  const b = await run(3);
  const c = await run(4);
  assert.equal(JSON.stringify(a), JSON.stringify(b));
  assert.notEqual(JSON.stringify(a.tables.results), JSON.stringify(c.tables.results));
  for (const phase of ["A", "B", "C", "D", "TT"]) {
    const ws = a.tables.weights.filter((r) => r.phase === phase).map((r) => r.weight as number);
    assert.equal(ws.length, STRATEGIES.length);
    assert.ok(ws.every((x) => x >= 0.0009 && Number.isFinite(x)));
    assert.ok(Math.abs(ws.reduce((s, x) => s + x, 0) - 1) < 1e-12);
  }
  assert.equal(a.tables.judgements.length, 5 * 12);
  assert.equal(a.tables.results[0].model, "offline:calibration-judge-v1");
});
