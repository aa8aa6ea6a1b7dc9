import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { runner } from "./runner.js";

const file = new URL("../../data/configs/tbs-default.json", import.meta.url);

test("data/configs/tbs-default.json: valid params, the paper's grid (mode × force × memory × ecology), quick and full profiles", () => {
  const cfg = JSON.parse(readFileSync(file, "utf8"));
  assert.equal(cfg.mechanism, "tbs");
  assert.equal(cfg.model, "offline");
  const p = runner.paramsSchema.parse(cfg.params);
  // The config spells out the generating parameters; they equal the schema defaults the recovery test checks against.
  assert.deepEqual(p, runner.paramsSchema.parse({ agents: 6, intervals: 30 }));
  assert.deepEqual(Object.keys(cfg.grid), ["mode", "force", "memory", "ecology", "ablation"]);
  for (const [k, levels] of Object.entries(cfg.grid) as [string, string[]][]) for (const l of levels) runner.paramsSchema.parse({ ...cfg.params, [k]: l });
  assert.ok(cfg.profiles.quick && cfg.profiles.full);
});
