/**
 * Properties of the mechanism that could fail: each rule-test ablation moves the effect that flows through the path
 * it removes, and its placebo (same code, same draws, no change in information) moves nothing, with enough seeds
 * that a placebo moving the effect by half of it would fail (lib/tbs/ablations.ts declares the margins).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRng } from "../core/rng.js";
import { prepare, competitionContrast, type Row } from "./analysis.js";
import { ablationTests, RULE_TESTS, type AblationTestRow } from "./ablations.js";
import { runTbs } from "./run.js";
import type { TbsParamsInput } from "./params.js";

async function paired(p: TbsParamsInput, seeds: number[]): Promise<Row[]> {
  const rows: Row[] = [];
  for (const seed of seeds) for (const mode of ["willing", "rotation"] as const) {
    const r = await runTbs({ costSamplePerInterval: 0, ...p, mode }, { rng: createRng(seed), meta: { run_id: `mode=${mode},seed=${seed}`, seed } });
    rows.push(...prepare(r.states).rows);
  }
  return rows;
}

const seeds = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
const show = (r: AblationTestRow) =>
  `${r.ablation}: none ${r.none.toFixed(4)}, placebo ${r.placebo_estimate.toFixed(4)}, ablation ${r.ablation_estimate.toFixed(4)}; moved ${r.moved.toFixed(4)} [${r.moved_lower.toFixed(4)}, ${r.moved_upper.toFixed(4)}]; placebo − none ${r.placebo_shift.toFixed(4)} [${r.placebo_lower.toFixed(4)}, ${r.placebo_upper.toFixed(4)}] (margin ± ${r.margin})`;

for (const [spec, n] of [[RULE_TESTS[0], 30], [RULE_TESTS[1], 30], [RULE_TESTS[2], 12], [RULE_TESTS[3], 12]] as const) {
  test(`${spec.ablation} moves "${spec.effect}"; ${spec.placebo} moves nothing (${n} seeds)`, async () => {
    const [r] = await ablationTests({ seeds: seeds(n), specs: [spec] });
    assert.ok(r.moves, `the ablation moves the effect: ${show(r)}`);
    assert.ok(r.placebo_null, `the placebo moves nothing: ${show(r)}`);
    // "Moves nothing" could have failed: the placebo's interval is narrower than the margin on each side.
    assert.ok(r.placebo_upper - r.placebo_lower < 2 * r.margin, show(r));
    // And the ablation removes most of the effect, not a sliver of it.
    assert.ok(Math.abs(r.ablation_estimate) < 0.6 * Math.abs(r.none), show(r));
  });
}

test("no-competition removes the Willing/Rotation differences in level and slopes (u_i known: the rule's form), at a size that detects a level difference of 0.1 on the logit scale", async () => {
  // 12 agents × 40 intervals × 2 modes × 70 seeds: the level's SE must be ≤ 0.1/(1.96 + 0.84) for 80 % power.
  const off = competitionContrast(await paired({ agents: 12, intervals: 40, ablation: "no-competition" }, seeds(70)), "known");
  const se = (c: { lower: number; upper: number }) => (c.upper - c.lower) / 3.919928;
  assert.ok(se(off.level) <= 0.1 / 2.8, `level SE ${se(off.level).toFixed(4)}`);
  for (const k of ["dissonance", "silence", "level"] as const) {
    assert.ok(off[k].lower < 0 && off[k].upper > 0, `no-competition, ${k}: ${JSON.stringify(off[k])}`);
    assert.ok(off[k].upper - off[k].lower < 0.2, `no-competition, ${k}: narrow enough that a difference of 0.1 would exclude 0 most of the time: ${JSON.stringify(off[k])}`);
  }
  // With competition (π < 1 multiplies both slopes in Willing mode) the slopes differ, at a tenth of that size.
  const on = competitionContrast(await paired({ agents: 12, intervals: 40 }, seeds(7)), "known");
  assert.ok(on.dissonance.upper < 0, `dissonance slope, Willing − Rotation: ${JSON.stringify(on.dissonance)}`);
  assert.ok(on.silence.lower > 0, `silence slope, Willing − Rotation: ${JSON.stringify(on.silence)}`);
});

test("P(spoke | willing): in Rotation a willing agent speaks only on its turn (≈ 1/N); Willing mode beats it, by an odds ratio that depends on N", async () => {
  const { expressionGivenIntention } = await import("./analysis.js");
  for (const agents of [4, 10]) {
    const ex = expressionGivenIntention(await paired({ agents, intervals: 30 }, [1, 2, 3]));
    const rot = ex.byMode.find((m) => m.mode === "rotation")!;
    assert.ok(rot.lower < 1 / agents && rot.upper > 1 / agents, `${agents} agents: Rotation P(spoke|willing) ${rot.p} [${rot.lower}, ${rot.upper}] vs 1/N`);
    assert.ok(ex.oddsRatio.lower > 1, `${agents} agents: OR ${JSON.stringify(ex.oddsRatio)}`);
  }
});

test("term-zeroing no-self-memory (offline: d_P = 0) removes the rise of dissonance after speaking; the climate part of D changes alike with and without it", async () => {
  const { speakingEffect } = await import("./results.js");
  // Rotation with Force Speak: the scheduled agent always speaks, so in intervals 2..N who has spoken is set by the
  // turn order; with 12 agents drawn by share from six cards the personas are shuffled, so the order is random.
  const rows = async (ablation: "none" | "no-self-memory") => {
    const out: Row[] = [];
    for (const seed of seeds(8)) {
      const r = await runTbs({ agents: 12, intervals: 12, mode: "rotation", force: "force", ablation, costSamplePerInterval: 0 }, { rng: createRng(seed), meta: { run_id: `${ablation},seed=${seed}`, seed } });
      out.push(...prepare(r.states).rows);
    }
    return out;
  };
  const withSelf = await rows("none"), without = await rows("no-self-memory");
  const on = speakingEffect(withSelf);
  const off = speakingEffect(without);
  assert.ok(on.lower > 0, `with Self memory: ${JSON.stringify(on)}`);
  assert.ok(off.lower <= 0, `no-self-memory: ${JSON.stringify(off)}`);
  assert.ok(off.upper < on.lower, `no-self-memory ${JSON.stringify(off)} vs Self memory ${JSON.stringify(on)}`);
  const { parseParams } = await import("./run.js");
  const wC = parseParams({}).offline.wClimate;
  const climate = (rs: Row[]) => speakingEffect(rs.map((r) => ({ ...r, dissonance_index: wC * (r.climate_gap as number) })));
  const cOn = climate(withSelf), cOff = climate(without);
  assert.ok(cOn.lower < cOff.upper && cOff.lower < cOn.upper, `climate part: ${JSON.stringify(cOn)} vs ${JSON.stringify(cOff)}`);
});
