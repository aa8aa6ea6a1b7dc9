/**
 * glmer's first-stage deviance (`pirlsJointLme4`): PIRLS over (u, β) from a fixed start, stopped at a relative
 * change of 1e-7. Its value depends on the start, which is why the first stage's optimum, and the linear predictor
 * the second stage starts from, differ from those of the converged deviance (fixtures/glmm-tight-objective.json).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { RandomSystem } from "./glmm-system.js";
import { pirlsJoint, PirlsWork, type GlmmData } from "./pirls.js";
import { pirlsJointLme4, startEta } from "./pirls-lme4.js";
import { readCsv } from "./testing/fixtures.js";

const sim = readCsv("glmm-sim.csv", ["g", "h"]);
const levels = [...new Set(sim.map((r) => r.g as string))].sort();
const n = sim.length;
const d: GlmmData = {
  n, p: 2, y: Float64Array.from(sim, (r) => r.y as number),
  X: Float64Array.from(sim.flatMap((r) => [1, r.x as number])),
};
const sys = new RandomSystem(n, [{ k: 1, nLevels: levels.length, groupIndex: Int32Array.from(sim, (r) => levels.indexOf(r.g as string)), Z: [new Float64Array(n).fill(1)] }]);

function converged(theta: number): { laplace: number; eta: Float64Array } {
  sys.setTheta([theta]);
  const wk = new PirlsWork(n);
  const r = pirlsJoint(d, sys, new Float64Array(sys.q), new Float64Array(2), wk);
  return { laplace: r.laplace, eta: Float64Array.from(wk.eta) };
}

test("lme4's first-stage PIRLS: from glmer's start it stops short of the mode; from the mode it returns the converged deviance", () => {
  const theta = 0.8;
  const exact = converged(theta);
  sys.setTheta([theta]);
  const wk = new PirlsWork(n);
  const fromStart = pirlsJointLme4(d, sys, startEta(d), new Float64Array(sys.q), new Float64Array(2), wk);
  assert.ok(fromStart.converged && fromStart.iterations > 2, `iterations ${fromStart.iterations}`);
  // The effect: stopped at 1e-7 relative, the deviance is off the converged one by far more than rounding.
  const gap = Math.abs(fromStart.laplace - exact.laplace);
  assert.ok(gap > 1e-7 && gap < 1e-3, `lme4-stopped vs converged deviance: ${gap}`);
  // The null: started at the mode, the first update does not move it, so the same stopping rule gives the
  // converged deviance (the difference is the start, not the update).
  const fromMode = pirlsJointLme4(d, sys, exact.eta, new Float64Array(sys.q), new Float64Array(2), new PirlsWork(n));
  assert.ok(Math.abs(fromMode.laplace - exact.laplace) < 1e-9, `from the mode: ${fromMode.laplace} vs ${exact.laplace}`);
});
