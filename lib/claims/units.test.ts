/**
 * The audit's parts: the hypercube, the estimates, the verdicts, power and the classes.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { AssumptionDecl, ClaimDecl } from "../core/claims.js";
import { createRng } from "../core/rng.js";
import { claimClass, magnitude, pointVerdict, tostP, unitsForPower, vanishes, zPower } from "./grade.js";
import { assumptionUnit, latinHypercube, sweepLevels } from "./lhs.js";
import { pairedContrast } from "./estimate.js";
import { decidingAssumption, importance } from "./space.js";

const decls: AssumptionDecl[] = [
  { name: "x", path: "p.x", kind: "continuous", range: [0, 10], default: 5, why: "t" },
  { name: "k", path: "p.k", kind: "discrete", levels: ["a", "b", "c"], default: "a", why: "t" },
  { name: "n", path: "p.n", kind: "integer", range: [1, 4], default: 2, why: "t" },
  { name: "s", path: "p.s", kind: "continuous", range: [0.01, 100], scale: "log", default: 1, why: "t" },
];

describe("Latin hypercube", () => {
  const pts = latinHypercube(decls, 30, createRng(1));
  it("puts one point in each stratum of every numeric dimension", () => {
    for (const name of ["x", "s"]) {
      const strata = pts.map((p) => Math.floor(p.unit[name] * 30)).sort((a, b) => a - b);
      assert.deepEqual(strata, Array.from({ length: 30 }, (_, i) => i));
    }
  });
  it("represents each discrete level equally", () => {
    const counts = { a: 0, b: 0, c: 0 } as Record<string, number>;
    for (const p of pts) counts[String(p.values.k)]++;
    assert.deepEqual(counts, { a: 10, b: 10, c: 10 });
  });
  it("keeps values in range (integers, log scale)", () => {
    assert.ok(pts.every((p) => Number.isInteger(p.values.n) && (p.values.n as number) >= 1 && (p.values.n as number) <= 4));
    assert.ok(pts.every((p) => (p.values.s as number) >= 0.01 && (p.values.s as number) <= 100));
    assert.ok(Math.abs(assumptionUnit(decls[3], 1) - 0.5) < 1e-12);
  });
  it("is deterministic in its seed", () => assert.deepEqual(latinHypercube(decls, 30, createRng(1)), pts));
  it("sweeps include the default", () => {
    assert.deepEqual(sweepLevels(decls[0], 5), [0, 2.5, 5, 7.5, 10]);
    assert.deepEqual(sweepLevels({ ...decls[0], default: 3 } as AssumptionDecl, 3), [0, 3, 5, 10]);
    // the audited config sets the assumption away from its declared default: the sweep holds the config's value instead
    assert.deepEqual(sweepLevels({ ...decls[0], default: 3 } as AssumptionDecl, 3, 7), [0, 5, 7, 10]);
    assert.deepEqual(sweepLevels(decls[1], 5), ["a", "b", "c"]);
  });
});

describe("estimates", () => {
  const rows = [1, 2, 3, 4].flatMap((seed) => [
    { seed, arm: "a", y: seed, conv: `c${seed % 2}` }, { seed, arm: "b", y: seed + 1 + (seed % 2) * 0.5, conv: `c${seed % 2}` },
  ]);
  it("a paired contrast is the t interval of the per-seed differences (R 4: t.test(c(1.5, 1, 1.5, 1)), to 1e-8)", () => {
    const e = pairedContrast(rows, "y", { factor: "arm", levels: ["a", "b"] });
    assert.equal(e.estimate, 1.25);
    assert.ok(Math.abs(e.lower - 0.7906534422) < 1e-8 && Math.abs(e.upper - 1.7093465578) < 1e-8, `${e.lower} ${e.upper}`);
    assert.ok(Math.abs(e.p - 0.003239037077) < 1e-9, String(e.p));
    assert.equal(e.unit, "seeds");
  });
  it("a clustered contrast is a two-stage bootstrap over the named unit", () => {
    const e = pairedContrast(rows, "y", { factor: "arm", levels: ["a", "b"], cluster: "conv" });
    assert.equal(e.n, 2);
    assert.match(e.unit, /conv/);
    assert.ok(e.lower <= 1.25 && e.upper >= 1.25);
  });
  it("an unknown column is an error naming it", () => assert.throws(() => pairedContrast(rows, "z", { factor: "arm", levels: ["a", "b"] }), /column "z"/));
});

describe("verdicts and classes", () => {
  const c = { direction: "+", margin: 0.1, nullValue: 0 } as ClaimDecl;
  it("holds, reversed, undecided", () => {
    assert.equal(pointVerdict(c, { lower: 0.1, upper: 0.2 }), "holds");
    assert.equal(pointVerdict(c, { lower: -0.2, upper: -0.1 }), "reversed");
    assert.equal(pointVerdict(c, { lower: -0.1, upper: 0.2 }), "undecided");
    assert.equal(pointVerdict({ ...c, direction: "0" }, { lower: -0.05, upper: 0.05 }), "holds");
    assert.equal(pointVerdict({ ...c, direction: "0" }, { lower: 0.01, upper: 0.5 }), "reversed");
  });
  it("a null removes an effect only when its whole CI is within the margin", () => {
    assert.equal(vanishes(c, { lower: -0.05, upper: 0.09 }), true);
    assert.equal(vanishes(c, { lower: -0.5, upper: 0.5 }), false);
  });
  it("the magnitude: inside the CI, overlapping the paper's CI, or direction only", () => {
    assert.equal(magnitude({ paper: { value: 3.34 } }, { lower: 2.78, upper: 3.2 }, "holds"), "direction only");
    assert.equal(magnitude({ paper: { value: 3.34, ci: [3.1, 3.6] } }, { lower: 2.78, upper: 3.2 }, "holds"), "reproduced");
    assert.equal(magnitude({}, { lower: 1, upper: 2 }, "holds"), "no paper value");
  });
  it("classes in the audit's order", () => {
    const base = { input: false, holdsAfterHolm: true, nullsVanish: true, shareHolds: 0.9, shareReversed: 0.05, points: 50 };
    assert.equal(claimClass({ ...base, input: true }), "input");
    assert.equal(claimClass({ ...base, holdsAfterHolm: false }), "not reproduced");
    assert.equal(claimClass({ ...base, shareReversed: 0 }), "built in");
    assert.equal(claimClass(base), "emergent");
    assert.equal(claimClass({ ...base, nullsVanish: false }), "assumption-dependent");
    assert.equal(claimClass({ ...base, shareHolds: 0.5 }), "assumption-dependent");
  });
  it("power at a z test (R 4: pnorm(0.5/0.2 - qnorm(0.975)) + pnorm(-0.5/0.2 - qnorm(0.975)) = 0.7054180011)", () => {
    assert.ok(Math.abs(zPower(0.5, 0.2, 0.05) - 0.7054180011) < 1e-8);
    assert.equal(unitsForPower(0.5, 0.2, 5, 0.05), 7);
    assert.ok(tostP(0, 0.01, 0, 0.05) < 1e-5 && tostP(0.2, 0.01, 0, 0.05) > 0.99);
  });
  it("the deciding assumption moves the estimates most", () => {
    const pts = latinHypercube(decls, 30, createRng(3));
    const est = pts.map((p) => 2 * p.unit.x + (p.values.k === "c" ? 0.5 : 0));
    const imp = importance(decls, pts, est);
    assert.equal(decidingAssumption(decls, imp)?.name, "x");
    assert.ok(Math.abs(imp.x - 2) < 0.3 && Math.abs(imp.k - 0.5) < 0.3, JSON.stringify(imp));
  });
});
