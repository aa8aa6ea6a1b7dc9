/**
 * Properties of the mechanism that could fail: each effect is checked where its channel is open and where it is
 * switched off (then it must vanish).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRng } from "../core/rng.js";
import { prepare, competitionContrast, type Row } from "./analysis.js";
import { runTbs } from "./run.js";
import type { TbsParamsInput } from "./params.js";

async function paired(p: TbsParamsInput, seeds: number[]): Promise<Row[]> {
  const rows: Row[] = [];
  for (const seed of seeds) for (const mode of ["willing", "rotation"] as const) {
    const r = await runTbs({ ...p, mode }, { rng: createRng(seed), meta: { run_id: `mode=${mode},seed=${seed}`, seed } });
    rows.push(...prepare(r.states).rows);
  }
  return rows;
}

test("competition for the floor makes the Willing/Rotation differences in willingness; no-competition removes them (CI includes 0)", async () => {
  const seeds = [1, 2, 3, 4, 5, 6];
  const on = competitionContrast(await paired({ agents: 8, intervals: 30 }, seeds));
  const off = competitionContrast(await paired({ agents: 8, intervals: 30, ablation: "no-competition" }, seeds));
  // With competition the appraisals weigh less in Willing mode (π < 1): the slope differences exclude 0.
  assert.ok(on.dissonance.upper < 0, `dissonance slope, Willing − Rotation: ${JSON.stringify(on.dissonance)}`);
  assert.ok(on.silence.lower > 0, `silence slope, Willing − Rotation: ${JSON.stringify(on.silence)}`);
  for (const k of ["dissonance", "silence", "level"] as const) {
    assert.ok(off[k].lower < 0 && off[k].upper > 0, `no-competition, ${k}: ${JSON.stringify(off[k])}`);
  }
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

test("Self memory makes dissonance rise once an agent has spoken, with speaking assigned by the turn order; no-self-memory removes the rise", async () => {
  const { speakingEffect } = await import("./results.js");
  // Rotation with Force Speak: the scheduled agent always speaks, so in intervals 2..N who has spoken is set by the
  // turn order; with 12 agents drawn by share from six cards the personas are shuffled, so the order is random.
  const rows = async (ablation: "none" | "no-self-memory") => {
    const out: Row[] = [];
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const r = await runTbs({ agents: 12, intervals: 12, mode: "rotation", force: "force", ablation, costSamplePerInterval: 0 }, { rng: createRng(seed), meta: { run_id: `${ablation},seed=${seed}`, seed } });
      out.push(...prepare(r.states).rows);
    }
    return out;
  };
  const withSelf = await rows("none"), without = await rows("no-self-memory");
  const on = speakingEffect(withSelf);
  const off = speakingEffect(without);
  assert.ok(on.lower > 0, `with Self memory: ${JSON.stringify(on)}`);
  // Without it no rise remains: the CI does not lie above 0 and is below the effect with Self memory.
  assert.ok(off.lower <= 0, `no-self-memory: ${JSON.stringify(off)}`);
  assert.ok(off.upper < on.lower, `no-self-memory ${JSON.stringify(off)} vs Self memory ${JSON.stringify(on)}`);
  // The ablation closes only its channel: the part of latent D that flows through the perceived climate (w_C·d_C;
  // after speaking, one voice fewer is heard) changes alike with and without Self memory.
  const { parseParams } = await import("./run.js");
  const wC = parseParams({}).offline.wClimate;
  const climate = (rs: Row[]) => speakingEffect(rs.map((r) => ({ ...r, dissonance_index: wC * (r.climate_gap as number) })));
  const cOn = climate(withSelf), cOff = climate(without);
  assert.ok(cOn.lower < cOff.upper && cOff.lower < cOn.upper, `climate part: ${JSON.stringify(cOn)} vs ${JSON.stringify(cOff)}`);
});
