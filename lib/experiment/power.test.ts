import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { correctedLevel, pairedPower, power, powerFromPairs, seedsForPower } from "./power.js";
import { runCli } from "../cli/capture.js";
import { parseSeeds } from "../cli/power.js";

test("paired t-test power equals R's power.t.test(type = \"paired\", strict = TRUE) (both tails), at corrected levels too", () => {
  // R 4.x: power.t.test(n = 20, delta = 0.5, sd = 1, type = "paired", strict = TRUE)$power
  assert.ok(Math.abs(pairedPower(20, 0.5) - 0.564504418439084) < 1e-7);
  // power.t.test(n = 5, delta = 0.24, sd = 1, type = "paired", strict = TRUE)$power (strict = FALSE, one tail: 0.0622)
  assert.ok(Math.abs(pairedPower(5, 0.24) - 0.070585451326977) < 1e-7);
  // ceiling(power.t.test(power = 0.8, delta = 0.3, sd = 1, type = "paired", strict = TRUE)$n) = ceiling(89.1494)
  assert.equal(seedsForPower(0.3, 0.8), 90);
  assert.equal(seedsForPower(-0.3, 0.8), 90);
  assert.equal(seedsForPower(0, 0.8), null);
  assert.equal(pairedPower(30, 0), 0.05);
  // power.t.test(n = 30, delta = 0.5, sd = 1, sig.level = 0.05/24, type = "paired", strict = TRUE)$power
  assert.ok(Math.abs(pairedPower(30, 0.5, 0.05 / 24) - 0.287874042885393) < 1e-7);
  // ceiling(power.t.test(power = 0.8, delta = 0.5, sd = 1, sig.level = 0.05/24, type = "paired", strict = TRUE)$n)
  assert.equal(seedsForPower(0.5, 0.8, 0.05 / 24), 67);
  const p = powerFromPairs([1, 2, 3, 5], [0, 1, 1, 2]);
  // differences 1, 1, 2, 3: mean 1.75, sd 0.9574
  assert.ok(Math.abs(p.d - 1.75 / 0.9574271077563381) < 1e-12);
  assert.equal(correctedLevel(0.05, { method: "holm", k: 24 }).level, 0.05 / 24);
  assert.equal(correctedLevel(0.1, { method: "bonferroni", k: 4 }).level, 0.025);
  assert.throws(() => correctedLevel(0.05, { method: "holm", k: 0 }), /--holm: expected the number of tests/);
  assert.throws(() => correctedLevel(1.5), /--alpha: expected a level in \(0, 1\)/);
});

const cfg = {
  name: "power-test", mechanism: "calibration", model: "offline",
  grid: { protocol: ["binary", "binary_matched", "isotonic"], control: ["none", "swap"] },
  seeds: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], params: { rounds: 8, shadows: false },
  profiles: { quick: { seeds: [1, 2, 3] } },
};

test("power pilots only the contrasted cells, holds unfixed factors at their first level, and reports the power at the config's N and level", async () => {
  const r = await power(cfg, { metric: "mean_abs_update", contrast: ["binary", "binary_matched"], seeds: [11, 12, 13, 14, 15, 16] });
  assert.equal(r.table, "results");
  assert.equal(r.factor, "protocol");
  assert.deepEqual(r.fixed, { control: "none" });
  assert.deepEqual(r.heldAtFirst, { control: "none" });
  assert.deepEqual(r.seeds, [11, 12, 13, 14, 15, 16]);
  assert.equal(r.n, 6);
  // the config's N (its seeds under the full profile), not the pilot's
  assert.equal(r.nEval, 10);
  assert.equal(r.level, 0.05);
  // binary steps 0.08/0.04 against a matched step near 0.04: a large, certain difference
  assert.ok(r.meanDiff > 0.01 && r.d > 2 && r.power > 0.99 && r.seeds80! <= 4, JSON.stringify(r));
  const h = await power(cfg, { metric: "gamma_tv", contrast: ["binary", "isotonic"], fix: { control: "swap" }, n: 40, correction: { method: "holm", k: 12 } });
  assert.deepEqual(h.heldAtFirst, {});
  assert.deepEqual(h.seeds, [1, 2, 3], "the quick profile's seeds are the default pilot");
  assert.equal(h.nEval, 40);
  assert.equal(h.level, 0.05 / 12);
  assert.ok(Math.abs(h.power - pairedPower(40, h.d, 0.05 / 12)) < 1e-15 && Math.abs(h.powerUpper! - pairedPower(40, h.d, 0.05)) < 1e-15);
  assert.equal(h.seeds80, seedsForPower(h.d, 0.8, 0.05 / 12));
  await assert.rejects(power(cfg, { metric: "gamma_tv", contrast: ["binary", "platt"] }), /no grid factor has both levels "binary" and "platt"/);
  await assert.rejects(power(cfg, { metric: "gamma_tv", contrast: ["binary", "isotonic"], fix: { control: "mute" } }), /"mute" is not a level of control; levels: none, swap/);
  await assert.rejects(power(cfg, { metric: "gamma_tv", contrast: ["binary", "isotonic"], table: "nope" }), /no table "nope"; its tables: results, weights/);
  await assert.rejects(power(cfg, { metric: "gamma_xx", contrast: ["binary", "isotonic"] }), /no column "gamma_xx"/);
  await assert.rejects(power(cfg, { metric: "gamma_tv", contrast: ["binary", "isotonic"], n: 1 }), /--n: expected an integer N ≥ 2/);
});

test("agora power: --seeds ranges, --n, --holm / --bonferroni, --profile full; the report names the level, the N and the held factors", async () => {
  const dir = mkdtempSync(join(tmpdir(), "agora-power-cli-"));
  const file = join(dir, "c.json");
  writeFileSync(file, JSON.stringify(cfg));
  assert.deepEqual(parseSeeds("1,4-6"), [1, 4, 5, 6]);
  assert.throws(() => parseSeeds("9-3"), /--seeds: expected seeds as integers or ranges/);
  const ok = await runCli(["power", file, "--metric", "mean_abs_update", "--contrast", "binary,binary_matched", "--seeds", "21-24", "--holm", "6"]);
  assert.equal(ok.code, 0, ok.err);
  assert.match(ok.out, /not fixed by --fix, held: control at its first level, none/);
  assert.match(ok.out, /pilot: 4 paired seeds \(21–24\)/);
  assert.match(ok.out, /power at N = 10 \(the config's seeds under profile full\): [\d.]+ % \(Holm over 6 tests: level 0\.00833 at its first step/);
  assert.match(ok.out, /seeds for 80 % power at that level: \d+; for 90 %: \d+/);
  const full = await runCli(["power", file, "--metric", "mean_abs_update", "--contrast", "binary,binary_matched", "--profile", "full", "--bonferroni", "2", "--n", "12", "--json"]);
  assert.equal(full.code, 0, full.err);
  const j = JSON.parse(full.out);
  assert.equal(j.n, 10, "the full profile's seeds are the pilot");
  assert.equal(j.nEval, 12);
  assert.equal(j.level, 0.025);
  const bad = await runCli(["power", file, "--metric", "gamma_tv", "--contrast", "binary"]);
  assert.equal(bad.code, 2);
  assert.match(bad.err, /--contrast: expected two levels "a,b", got "binary"/);
  const both = await runCli(["power", file, "--metric", "gamma_tv", "--contrast", "binary,isotonic", "--holm", "2", "--bonferroni", "2"]);
  assert.equal(both.code, 2);
  assert.match(both.err, /give one correction/);
});
