import { test } from "node:test";
import assert from "node:assert/strict";
import { createRng } from "../core/rng.js";
import { binaryUpdate, calibratedUpdate, renormalise, rouletteSample } from "./weights.js";
import { brierScore, couplingGamma, expectedCalibrationError, uncertainShare, weightsJsd } from "./metrics.js";
import { inflateSync } from "node:zlib";
import { SlidingIsotonic, plattFit, selectPairs, plattCalibrate, type CalibrationPair } from "./calibrators.js";
import { repairJudgement, truncateKeepingAnswer } from "./models/llm.js";
import { runCell } from "./cells.js";
import { STRATEGIES } from "./types.js";
import { makeTasks, taskImage } from "./tasks.js";
import { encodePNG } from "./png.js";

const cell = runCell;

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

test("a cell is deterministic per seed, its weights are distributions and it logs every phase", async () => {
  const a = await cell("isotonic", "swap", 3, { rounds: 12 });
  const b = await cell("isotonic", "swap", 3, { rounds: 12 });
  const c = await cell("isotonic", "swap", 4, { rounds: 12 });
  assert.equal(JSON.stringify(a), JSON.stringify(b));
  assert.notEqual(JSON.stringify(a.tables.results), JSON.stringify(c.tables.results));
  for (const phase of ["A", "B", "A2", "B2", "Ar", "Br", "C", "D", "TT", "VV", "TT2", "VV2", "Cr", "Dr"]) {
    const ws = a.tables.weights.filter((r) => r.phase === phase).map((r) => r.weight as number);
    assert.equal(ws.length, STRATEGIES.length, phase);
    assert.ok(ws.every((x) => x >= 0.0009 && Number.isFinite(x)));
    assert.ok(Math.abs(ws.reduce((s, x) => s + x, 0) - 1) < 1e-12);
  }
  assert.equal(a.tables.judgements.length, 14 * 12);
  assert.equal(a.tables.trajectories.length, 4 * 12);
  const r = a.tables.results[0];
  assert.equal(r.model, "offline:calibration-judge-v2");
  assert.equal(r.gamma_tv_norm, (r.gamma_tv as number) - (r.floor_gamma_v as number));
  assert.equal(r.gamma_vt_norm, (r.gamma_vt as number) - (r.floor_gamma_t as number));
  assert.equal(r.gamma_tv_excess, (r.gamma_tv as number) - (r.floor_gamma_v_matched as number));
  for (const k of ["gamma_vv", "floor_gamma_t", "floor_gamma_v", "gamma_tv_random", "gamma_vt_random", "floor_gamma_t_matched"]) assert.ok(Number.isFinite(r[k] as number), k);
  // detailTables "control_none": a cell of another control writes no judgements or trajectories
  const quiet = await cell("isotonic", "swap", 3, { rounds: 12, detailTables: "control_none" });
  assert.equal(quiet.tables.judgements.length + quiet.tables.trajectories.length, 0);
  assert.deepEqual(quiet.tables.results, a.tables.results);
});

test("window kinds select the seed's sliding window, every earlier pair, or the strategy's pairs", () => {
  const pair = (c: number, y: 0 | 1, strategy: string): CalibrationPair => ({ c, y, strategy, position: 1, lengthDiff: 0 });
  const prior = [pair(0.1, 0, "a"), pair(0.9, 1, "b")];
  const own = Array.from({ length: 12 }, (_, i) => pair(i / 12, (i % 2) as 0 | 1, i % 3 === 0 ? "a" : "b"));
  assert.deepEqual(selectPairs("sliding", 10, prior, own, "a"), own.slice(2));
  assert.equal(selectPairs("expanding", 10, prior, own, "a").length, 14);
  assert.ok(selectPairs("per_strategy", 10, prior, own, "a").every((p) => p.strategy === "a"));
  assert.equal(selectPairs("per_strategy", 10, prior, own, "a").length, 5);
  // covariates: a position effect in the outcomes is learnt by the Platt calibrator with the position covariate
  const rng = createRng(4);
  const pairs: CalibrationPair[] = Array.from({ length: 600 }, () => {
    const position = rng.bernoulli(0.5) ? 1 : 0;
    const c = 0.5;
    return { c, position: position as 0 | 1, lengthDiff: 0, strategy: "a", y: rng.bernoulli(position ? 0.8 : 0.3) ? 1 : 0 };
  });
  pairs[0].c = 0.55; // two distinct confidences
  const inA = plattCalibrate(pairs, { c: 0.5, position: 1, lengthDiff: 0, strategy: "a" }, ["position"]);
  const inB = plattCalibrate(pairs, { c: 0.5, position: 0, lengthDiff: 0, strategy: "a" }, ["position"]);
  assert.ok(Math.abs(inA - 0.8) < 0.06 && Math.abs(inB - 0.3) < 0.06, `${inA} ${inB}`);
});

test("truncation keeps the final answer", () => {
  const text = "x".repeat(900) + "\nFinal answer: 42";
  const cut = truncateKeepingAnswer(text, 500);
  assert.equal(Array.from(cut).length, 500);
  assert.ok(cut.endsWith("\nFinal answer: 42"));
  assert.equal(truncateKeepingAnswer("short\nFinal answer: 1", 500), "short\nFinal answer: 1");
});

test("visual tasks are PNG images that decode to the grid's colours", () => {
  const png = encodePNG(2, 1, Uint8Array.from([255, 0, 0, 0, 0, 255]));
  assert.deepEqual([...png.slice(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const task = makeTasks("visual", 1, createRng(1))[0];
  const img = Buffer.from(taskImage(task)!);
  const width = img.readUInt32BE(16);
  assert.equal(width, task.grid!.size * 24 + 1);
  const idatLen = img.readUInt32BE(33);
  assert.equal(img.toString("ascii", 37, 41), "IDAT");
  const raw = inflateSync(img.subarray(41, 41 + idatLen));
  // the centre pixel of cell (0, 0)
  const px = raw.subarray(12 * (1 + width * 3) + 1 + 12 * 3, 12 * (1 + width * 3) + 1 + 12 * 3 + 3);
  const colour = task.grid!.cells[0];
  assert.deepEqual([...px], colour ? { red: [214, 39, 40], blue: [31, 119, 180], green: [44, 160, 44], yellow: [240, 200, 20] }[colour] : [255, 255, 255]);
  assert.equal(taskImage(makeTasks("text", 1, createRng(1))[0]), undefined);
});

test("task difficulty puts the offline executor's accuracy at 50–70 % in both modalities", async () => {
  const rows = (await Promise.all([1, 2, 3, 4].map((s) => cell("binary", "none", s)))).flatMap((r) => r.tables.judgements);
  for (const modality of ["text", "visual"]) {
    const xs = rows.filter((j) => j.evaluator === "judge" && String(j.task_id).startsWith(modality)).flatMap((j) => [j.candidate_correct, j.baseline_correct]);
    const acc = xs.filter(Boolean).length / xs.length;
    assert.ok(acc >= 0.5 && acc <= 0.7, `${modality} accuracy ${acc}`);
  }
});
