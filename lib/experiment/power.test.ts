import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pairedPower, power, powerFromPairs, seedsForPower } from "./power.js";
import { runCli } from "../cli/capture.js";

test("paired t-test power equals R's power.t.test(type = \"paired\", strict = TRUE) (both tails)", () => {
  // R 4.x: power.t.test(n = 20, delta = 0.5, sd = 1, type = "paired", strict = TRUE)$power
  assert.ok(Math.abs(pairedPower(20, 0.5) - 0.564504418439084) < 1e-7);
  // power.t.test(n = 5, delta = 0.24, sd = 1, type = "paired", strict = TRUE)$power (strict = FALSE, one tail: 0.0622)
  assert.ok(Math.abs(pairedPower(5, 0.24) - 0.070585451326977) < 1e-7);
  // ceiling(power.t.test(power = 0.8, delta = 0.3, sd = 1, type = "paired", strict = TRUE)$n) = ceiling(89.1494)
  assert.equal(seedsForPower(0.3, 0.8), 90);
  assert.equal(seedsForPower(-0.3, 0.8), 90);
  assert.equal(seedsForPower(0, 0.8), null);
  assert.equal(pairedPower(30, 0), 0.05);
  const p = powerFromPairs([1, 2, 3, 5], [0, 1, 1, 2]);
  // differences 1, 1, 2, 3: mean 1.75, sd 0.9574
  assert.ok(Math.abs(p.d - 1.75 / 0.9574271077563381) < 1e-12);
});

const cfg = {
  name: "power-test", mechanism: "calibration", model: "offline",
  grid: { protocol: ["binary", "binary_matched", "isotonic"], control: ["none", "swap"] },
  seeds: [1, 2, 3, 4, 5, 6], params: { rounds: 8 },
};

test("power runs a pilot of only the contrasted cells and reports d, power and seeds; bad requests are refused first", async () => {
  const r = await power(cfg, { metric: "mean_abs_update", contrast: ["binary", "binary_matched"], fix: { control: "none" } });
  assert.equal(r.table, "results");
  assert.equal(r.factor, "protocol");
  assert.deepEqual(r.fixed, { control: "none" });
  assert.equal(r.n, 6);
  // binary steps 0.08/0.04 against 0.039: a large, certain difference
  assert.ok(r.meanDiff > 0.015 && r.d > 2 && r.power > 0.99 && r.seeds80! <= 4, JSON.stringify(r));
  await assert.rejects(power(cfg, { metric: "gamma_tv", contrast: ["binary", "isotonic"] }), /grid factor "control" has several levels \(none, swap\) and is not fixed[\s\S]*--fix control=<level>/);
  await assert.rejects(power(cfg, { metric: "gamma_tv", contrast: ["binary", "platt"], fix: { control: "none" } }), /no grid factor has both levels "binary" and "platt"/);
  await assert.rejects(power(cfg, { metric: "gamma_tv", contrast: ["binary", "isotonic"], fix: { control: "mute" } }), /"mute" is not a level of control; levels: none, swap/);
  await assert.rejects(power(cfg, { metric: "gamma_tv", contrast: ["binary", "isotonic"], table: "nope", fix: { control: "none" } }), /no table "nope"; its tables: results, weights/);
  await assert.rejects(power(cfg, { metric: "gamma_xx", contrast: ["binary", "isotonic"], fix: { control: "none" } }), /no column "gamma_xx"/);
});

test("agora power prints the report", async () => {
  const dir = mkdtempSync(join(tmpdir(), "agora-power-cli-"));
  const file = join(dir, "c.json");
  writeFileSync(file, JSON.stringify({ ...cfg, seeds: [1, 2, 3] }));
  const ok = await runCli(["power", file, "--metric", "mean_abs_update", "--contrast", "binary,binary_matched", "--fix", "control=none"]);
  assert.equal(ok.code, 0, ok.err);
  assert.match(ok.out, /power at N = 3: [\d.]+ %[\s\S]*seeds for 80 % power: \d+; for 90 %: \d+/);
  const bad = await runCli(["power", file, "--metric", "gamma_tv", "--contrast", "binary"]);
  assert.equal(bad.code, 2);
  assert.match(bad.err, /--contrast: expected two levels "a,b", got "binary"/);
});
