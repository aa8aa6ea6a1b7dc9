// The protocols' update rules, the shuffled permutation, the matched steps' bookkeeping and the plan checks.
import { test } from "node:test";
import assert from "node:assert/strict";
import type { LanguageModel } from "../core/model.js";
import { runCell } from "./cells.js";
import { cvPrefersFit } from "./protocols.js";
import { runCalibrationCell, runner } from "./runner.js";
import { CalibrationParamsSchema, PROTOCOLS } from "./types.js";
import { cellAddresser } from "../core/mechanism.js";
import { createRng } from "../core/rng.js";

type Row = Record<string, unknown>;
const SHORT = { rounds: 10 };

test("every protocol's update rule: binary ±α, binary_matched ±step, raw_matched s·α(2c − 1), the others α(2c − 1)", async () => {
  for (const protocol of PROTOCOLS) {
    const res = await runCell(protocol, "none", 2, SHORT);
    const r = res.tables.results[0];
    for (const j of res.tables.judgements) {
      const u = j.update as number;
      const c = j.used_confidence as number;
      if (protocol === "binary") assert.ok(u === 0.08 || u === -0.04);
      else if (protocol === "binary_matched") assert.equal(Math.abs(u), r.matched_value);
      else if (protocol === "raw_matched") assert.ok(Math.abs(u - (r.matched_value as number) * 0.08 * (2 * c - 1)) < 1e-15);
      else assert.ok(Math.abs(u - 0.08 * (2 * c - 1)) < 1e-15, protocol);
      if (protocol === "raw" || protocol === "raw_matched") assert.equal(j.used_confidence, j.raw_confidence);
      if (protocol === "isotonic" || protocol === "platt") assert.equal(j.used_confidence, j.calibrated_confidence);
      if (protocol.startsWith("binary")) assert.equal(j.raw_confidence, null, "binary protocols ask for no confidence");
    }
    assert.equal(r.matched_to, protocol.endsWith("_matched") ? "isotonic" : null);
  }
});

test("shuffled uses the isotonic protocol's confidences of the same phase and seed, each exactly once (a permutation)", async () => {
  const iso = (await runCell("isotonic", "none", 3, SHORT)).tables.judgements;
  const shu = (await runCell("shuffled", "none", 3, SHORT)).tables.judgements;
  for (const phase of ["A", "B", "Ar", "C", "Dr"]) {
    const a = iso.filter((j) => j.phase === phase).map((j) => Number(j.used_confidence)).sort();
    const b = shu.filter((j) => j.phase === phase).map((j) => Number(j.used_confidence)).sort();
    assert.deepEqual(b, a, phase);
  }
  // the order is not the isotonic run's: the value a judgement uses is not its own
  const own = shu.filter((j) => j.evaluator === "judge" && j.used_confidence === j.calibrated_confidence).length;
  assert.ok(own < shu.length / 3, `${own} of ${shu.length} shuffled judgements used their own calibrated value`);
});

test("matched protocols: the step comes from the dev pilot of the reference under the cell's own control; explicit values win", async () => {
  const none = (await runCell("binary_matched", "none", 1, SHORT)).tables.results[0];
  const sym = (await runCell("binary_matched", "symmetric", 1, SHORT)).tables.results[0];
  // under the symmetric control the isotonic protocol steps with α = 0.06 instead of 0.08: its matched step is smaller
  assert.ok((sym.matched_value as number) < 0.85 * (none.matched_value as number), `${sym.matched_value} vs ${none.matched_value}`);
  const platt = (await runCell("binary_matched", "none", 1, { ...SHORT, matchedTo: "platt" })).tables.results[0];
  assert.equal(platt.matched_to, "platt");
  assert.notEqual(platt.matched_value, none.matched_value);
  const fixed = await runCell("binary_matched", "none", 1, { ...SHORT, matchedStep: 0.05 });
  assert.ok(fixed.tables.judgements.every((j) => Math.abs(j.update as number) === 0.05));
  const scaled = (await runCell("raw_matched", "none", 1, { ...SHORT, matchedScale: 0.5 })).tables.results[0];
  assert.equal(scaled.matched_value, 0.5);
});

test("cv choice: the fitted value is used only when its prequential Brier score beat the raw confidence's by the margin", () => {
  const pair = (c: number, y: 0 | 1, fit?: number) => ({ c, y, position: 1 as const, lengthDiff: 0, strategy: "a", ...(fit !== undefined ? { fit } : {}) });
  // raw 0.9 for outcomes 1, 0: Brier (0.01 + 0.81)/2 = 0.41; fit 0.5: 0.25 → gain 0.16 per pair
  assert.equal(cvPrefersFit([pair(0.9, 1, 0.5), pair(0.9, 0, 0.5)], 0.005), true);
  assert.equal(cvPrefersFit([pair(0.9, 1, 0.5), pair(0.9, 0, 0.5)], 0.2), false);
  assert.equal(cvPrefersFit([pair(0.6, 1, 0.9), pair(0.4, 0, 0.1)], 0), true);
  assert.equal(cvPrefersFit([pair(0.9, 1, 0.6), pair(0.1, 0, 0.4)], 0), false);
  assert.equal(cvPrefersFit([pair(0.9, 1)], 0), false, "pairs without a prequential fit say nothing");
});

test("protocols: alias calibrated = isotonic; unknown names, the removed calibrator and bad windows are errors naming the allowed values", () => {
  assert.equal(CalibrationParamsSchema.parse({ protocol: "calibrated" }).protocol, "isotonic");
  assert.throws(() => CalibrationParamsSchema.parse({ protocol: "calibratd" }), /unknown protocol \\?"calibratd\\?"; allowed: binary, binary_matched, raw, raw_matched, isotonic, platt, shuffled/);
  assert.throws(() => CalibrationParamsSchema.parse({ protocol: "calibrated", calibrator: "isotonic" }), /params.calibrator was removed/);
  assert.throws(() => CalibrationParamsSchema.parse({ windowKind: "rolling" }), /sliding, expanding, per_strategy/);
  assert.throws(() => CalibrationParamsSchema.parse({ control: "mute" }), /none, symmetric, truncate, swap, hide_names/);
  assert.throws(() => CalibrationParamsSchema.parse({ matchedTo: "shuffled" }), /raw, isotonic, platt/);
  assert.throws(() => CalibrationParamsSchema.parse({ offline: { judge: { noise: 1 } } }), /noise/);
});

const plan = (cells: { runId: string; condition: Row }[], params: Row = {}, llm = false) => ({ file: "x.json", params: params as never, llm, cells: cells as never });

test("plan checks: bad grid levels, duplicate protocols and matched protocols on an LLM without a step are refused before anything runs", () => {
  assert.throws(() => runner.checkPlan!(plan([{ runId: "protocol=isotonc,seed=1", condition: { protocol: "isotonc" } }])), /x\.json: grid\.protocol: unknown protocol "isotonc"; allowed:/);
  const dup = ["calibrated", "isotonic"].flatMap((protocol) => [1, 2].map((seed) => ({ runId: `protocol=${protocol},seed=${seed}`, condition: { protocol } })));
  assert.throws(() => runner.checkPlan!(plan(dup)), /x\.json: grid\.protocol: cells protocol=calibrated,seed=1 and protocol=isotonic,seed=1 are the same cell[\s\S]*keep one of the two levels/);
  const distinct = ["binary", "isotonic"].map((protocol) => ({ runId: `protocol=${protocol},seed=1`, condition: { protocol } }));
  assert.doesNotThrow(() => runner.checkPlan!(plan(distinct)));
  const matched = [{ runId: "protocol=raw_matched,seed=1", condition: { protocol: "raw_matched" } }];
  assert.throws(() => runner.checkPlan!(plan(matched, {}, true)), /x\.json: params\.matchedScale: raw_matched on a language model needs params\.matchedScale/);
  assert.doesNotThrow(() => runner.checkPlan!(plan(matched, { matchedScale: 0.8 }, true)));
  assert.doesNotThrow(() => runner.checkPlan!(plan(matched, {}, false)));
});

test("a matched protocol on a language model without its step fails before any call", async () => {
  let calls = 0;
  const llm = { id: "test:none", generate: async () => { calls++; throw new Error("no call expected"); } } as unknown as LanguageModel;
  await assert.rejects(runCalibrationCell({
    runId: "protocol=binary_matched,control=none,seed=1", seed: 1, condition: { protocol: "binary_matched", control: "none" }, params: {} as never,
    model: { kind: "llm", llm }, rng: createRng(1), address: cellAddresser("calibration", "protocol=binary_matched,control=none", 1),
  }), /params\.matchedStep: binary_matched on a language model needs params\.matchedStep/);
  assert.equal(calls, 0);
});
