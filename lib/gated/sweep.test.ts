import { test } from "node:test";
import assert from "node:assert/strict";
import { sweepParam } from "./sweep.js";

test("a sweep runs every level × policy × scenario on the same tasks, deterministically", () => {
  const opts = { policies: ["free_chat", "gated"], episodes: 3, family: { width: 6, depth: 6 } };
  const a = sweepParam("chatReadTicks", [0, 2], opts);
  assert.equal(a.length, 2 * 2 * 2 * 3);
  assert.deepEqual(a, sweepParam("chatReadTicks", [0, 2], opts));
  const steps = (level: number) => a.filter((r) => r.policy === "free_chat" && r.level === level).reduce((s, r) => s + Number(r.completion_steps), 0);
  assert.ok(steps(2) >= steps(0), "reading costs never speed free chat up");
  assert.throws(() => sweepParam("chatReadTicks", [-1], opts));
});

test("the Latin hypercube puts exactly one point in each stratum of every assumption, within its range", async () => {
  const { ASSUMPTIONS, latinHypercube } = await import("./sweep.js");
  const { createRng } = await import("../core/rng.js");
  const n = 20;
  const pts = latinHypercube(n, ASSUMPTIONS, createRng(4));
  assert.equal(pts.length, n);
  for (const a of ASSUMPTIONS) {
    const v = pts.map((p) => p[a.name]);
    assert.ok(v.every((x) => x >= a.lo && x <= a.hi), a.name);
    if (a.integer) {
      // an integer range of k values gets n/k points per value
      const k = a.hi - a.lo + 1;
      for (let x = a.lo; x <= a.hi; x++) assert.equal(v.filter((y) => y === x).length, n / k, `${a.name}=${x}`);
    } else {
      const strata = new Set(v.map((x) => Math.min(n - 1, Math.floor(((x - a.lo) / (a.hi - a.lo)) * n))));
      assert.ok(strata.size >= n - 1, `${a.name}: ${strata.size} strata`); // rounding to 3 decimals may move a point across a boundary
    }
  }
  assert.deepEqual(latinHypercube(n, ASSUMPTIONS, createRng(4)), pts, "seeded");
});

test("directions are computed separately per region", async () => {
  const { directionsByRegion } = await import("./sweep.js");
  const row = (point: number, policy: string, scenario: string, success: boolean, cs: number) =>
    ({ model: "m", point, policy, scenario, episode: 0, success, completion_steps: cs, lrr: 0.5, uer: 0.5, ecr: 0.5, messages: 1, x: point });
  const rows = [];
  for (const p of [0, 1]) {
    // region "a" (point 0): the gate holds under scarcity; region "b" (point 1): it collapses
    rows.push(row(p, "gated", "standard", true, 100), row(p, "gated", "scarce", p === 0, 120));
    for (const b of ["free_chat", "rigid"]) rows.push(row(p, b, "standard", true, 110), row(p, b, "scarce", false, 130));
  }
  const out = directionsByRegion(rows, (r) => (r.point === 0 ? "a" : "b"));
  const tsr = (region: string) => out.find((r) => r.region === region && r.claim === "TSR robust under scarcity")!.agrees;
  assert.equal(tsr("a"), true);
  assert.equal(tsr("b"), false);
});
