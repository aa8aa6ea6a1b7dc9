import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { pilotMeanStep, pilotSeeds } from "./pilot.js";
import { CalibrationParamsSchema } from "./types.js";

test("the matching pilot runs on dev seeds the default config never reports, and is one value per judge, control and reference", async () => {
  const cfg = JSON.parse(readFileSync(new URL("../../data/configs/calibration-default.json", import.meta.url), "utf8"));
  const reported = [cfg.seeds, ...Object.values(cfg.profiles ?? {}).map((p) => (p as { seeds?: number[] }).seeds ?? [])].flat();
  assert.ok(pilotSeeds(20).every((s) => !reported.includes(s) && s > 10_000));
  const p = CalibrationParamsSchema.parse({ rounds: 8, matchPilotSeeds: 4 });
  const a = await pilotMeanStep(p, "isotonic");
  // what only changes the tables written does not change the pilot; the control and the judge do
  assert.equal(await pilotMeanStep({ ...p, detailTables: "control_none", trajectories: "all", shadows: false, protocol: "binary" }, "isotonic"), a);
  assert.notEqual(await pilotMeanStep({ ...p, control: "symmetric" }, "isotonic"), a);
  assert.notEqual(await pilotMeanStep({ ...p, offline: { ...p.offline, judge: { ...p.offline.judge, noiseSd: 2 } } }, "isotonic"), a);
});

test("the Platt-matched config is the default config with raw_matched matched to Platt: same seeds, params and profiles' seeds", () => {
  const read = (f: string) => JSON.parse(readFileSync(new URL(`../../data/configs/${f}`, import.meta.url), "utf8"));
  const [d, m] = [read("calibration-default.json"), read("calibration-matched-platt.json")];
  assert.deepEqual(m.seeds, d.seeds);
  assert.deepEqual({ ...m.params, matchedTo: "isotonic" }, d.params);
  assert.equal(m.params.matchedTo, "platt");
  assert.deepEqual(m.grid.protocol, ["raw_matched"]);
  assert.deepEqual(m.profiles.quick.seeds, d.profiles.quick.seeds);
});
