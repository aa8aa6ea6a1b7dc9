import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { matchedStepPilot, PILOT_SEEDS } from "./pilot.js";
import { MATCHED_STEP_DEFAULT } from "./types.js";

test("binary_matched's step is the dev pilot's isotonic mean |update|, on seeds the default config never reports", async () => {
  const { matchedStep } = await matchedStepPilot();
  assert.equal(Number(matchedStep.toFixed(3)), MATCHED_STEP_DEFAULT);
  const cfg = JSON.parse(readFileSync(new URL("../../data/configs/calibration-default.json", import.meta.url), "utf8"));
  const reported = [cfg.seeds, ...Object.values(cfg.profiles ?? {}).map((p) => (p as { seeds?: number[] }).seeds ?? [])].flat();
  assert.ok(PILOT_SEEDS.every((s) => !reported.includes(s)));
});
