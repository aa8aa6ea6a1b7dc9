import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { pilotMeanStep, pilotSeeds } from "./pilot.js";
import { CalibrationParamsSchema } from "./types.js";
import { NULL_JUDGE, calibrationClaims } from "./claims.js";

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

test("the companion configs are the default config's study: Platt-matched raw_matched on the same seeds, the bias controls on its first 80", () => {
  const read = (f: string) => JSON.parse(readFileSync(new URL(`../../data/configs/${f}`, import.meta.url), "utf8"));
  const [d, m, c] = [read("calibration-default.json"), read("calibration-matched-platt.json"), read("calibration-controls.json")];
  assert.deepEqual(m.seeds, d.seeds);
  assert.deepEqual({ ...m.params, matchedTo: "isotonic" }, d.params);
  assert.equal(m.params.matchedTo, "platt");
  assert.deepEqual(m.grid.protocol, ["raw_matched"]);
  assert.deepEqual(c.params, d.params);
  assert.deepEqual(c.seeds, d.seeds.slice(0, d.params.detailSeeds));
  assert.deepEqual(c.grid.control, ["none", "hide_names", "truncate", "swap"]);
  for (const x of [m, c]) assert.deepEqual(x.profiles.quick.seeds, d.profiles.quick.seeds);
  assert.deepEqual(m.profiles.reduced.seeds, d.profiles.reduced.seeds);
});

test("the null config is the default study under the uninformative judge, at the audit's null size (600 seeds: 80 % power for 0.05)", () => {
  const read = (f: string) => JSON.parse(readFileSync(new URL(`../../data/configs/${f}`, import.meta.url), "utf8"));
  const [d, n] = [read("calibration-default.json"), read("calibration-null.json")];
  const { detailSeeds: _ds, ...base } = d.params;
  assert.deepEqual(n.params, { ...base, shadows: false, trajectories: "none", detailTables: "none", weights: "none", ...NULL_JUDGE });
  assert.deepEqual(n.seeds, Array.from({ length: calibrationClaims.audit.full.seeds! }, (_, i) => i + 1));
  assert.deepEqual(n.grid, { protocol: ["binary", "raw_matched", "isotonic"], control: ["none"] });
});
