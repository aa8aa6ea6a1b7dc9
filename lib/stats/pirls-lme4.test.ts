/**
 * glmer's first-stage deviance (`pirlsJointLme4`): PIRLS over (u, β) from a fixed start, stopped at a relative
 * change of 1e-7. Its value depends on the start, which is why the first stage's optimum, and the linear predictor
 * the second stage starts from, differ from those of the converged deviance (fixtures/glmm-tight-objective.json).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { RandomSystem } from "./glmm-system.js";
import { linearPredictor, pirlsJoint, PirlsWork, type GlmmData, type PirlsResult } from "./pirls.js";
import { invLink, laplaceLme4, pirlsJointLme4, startEta } from "./pirls-lme4.js";
import { glmIrls, jointStart, laplaceLme4Scalar, pirlsJointLme4Scalar, rowData, scalarStart } from "./pirls-scalar.js";
import { ylogyOf } from "./glmm-family.js";
import { emStep } from "./glmm-fit.js";
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

/** The three kinds of response the kernels handle: 0/1, proportions with trials as weights, counts with an offset. */
function kernelCases(): Array<{ name: string; d: GlmmData; sys: RandomSystem }> {
  const sysOf = (g: string[]): RandomSystem => {
    const lv = [...new Set(g)].sort();
    return new RandomSystem(g.length, [{ k: 1, nLevels: lv.length, groupIndex: Int32Array.from(g, (v) => lv.indexOf(v)), Z: [new Float64Array(g.length).fill(1)] }]);
  };
  const agg = readCsv("glmm-agg.csv", ["g", "f"]);
  const yAgg = Float64Array.from(agg, (r) => (r.s as number) / (r.n as number));
  const pois = readCsv("glmm-poisson.csv", ["g"]);
  const yPois = Float64Array.from(pois, (r) => r.y as number);
  return [
    { name: "0/1", d, sys: sysOf(sim.map((r) => r.g as string)) },
    { name: "proportions", sys: sysOf(agg.map((r) => r.g as string)), d: {
      n: agg.length, p: 2, y: yAgg, X: Float64Array.from(agg.flatMap((r) => [1, r.x as number])),
      wt: Float64Array.from(agg, (r) => r.n as number), ylogy: ylogyOf(0, yAgg) } },
    { name: "proportions, weights with more than 64 values (log1p per row)", sys: sysOf(agg.map((r) => r.g as string)), d: {
      n: agg.length, p: 2, y: yAgg, X: Float64Array.from(agg.flatMap((r) => [1, r.x as number])),
      wt: Float64Array.from(agg, (r, i) => (r.n as number) * (1 + i / 1000)), ylogy: ylogyOf(0, yAgg) } },
    { name: "counts", sys: sysOf(pois.map((r) => r.g as string)), d: {
      n: pois.length, p: 2, y: yPois, X: Float64Array.from(pois.flatMap((r) => [1, r.x as number])), family: 1,
      offset: Float64Array.from(pois, (r) => Math.log(r.t as number)), ylogy: ylogyOf(1, yPois) } },
  ];
}

/** max |a − b| / max(1, |b|) over the elements. */
function relDiff(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let m = 0;
  for (let i = 0; i < b.length; i++) m = Math.max(m, Math.abs(a[i]! - b[i]!) / Math.max(1, Math.abs(b[i]!)));
  return m;
}

test("one scalar term: the fused kernels give glmer's PIRLS of both stages (bit for bit for counts, to rounding where the binomial deviance sums logs of products)", () => {
  for (const { name, d: dc, sys: s } of kernelCases()) {
    const rd = rowData(dc);
    const eta0 = startEta(dc);
    const run = (theta: number, scalar: boolean): { r: PirlsResult; u: Float64Array; beta: Float64Array; eta: Float64Array } => {
      s.setTheta([theta]);
      const u = new Float64Array(s.q), beta = new Float64Array(dc.p), wk = new PirlsWork(dc.n);
      const r = scalar ? pirlsJointLme4Scalar(rd, s, jointStart(rd, eta0), u, beta, wk) : pirlsJointLme4(dc, s, eta0, u, beta, wk);
      return { r, u, beta, eta: wk.eta };
    };
    const general = run(0.7, false), fused = run(0.7, true);
    assert.ok(general.r.iterations > 2, `${name}: ${general.r.iterations} iterations`);
    assert.equal(fused.r.iterations, general.r.iterations, name);
    if (dc.family === 1 || !rd.weightClass) {
      assert.equal(fused.r.laplace, general.r.laplace, name);
      assert.deepEqual(fused.beta, general.beta, name);
      assert.deepEqual(fused.u, general.u, name);
      assert.deepEqual(fused.eta, general.eta, name);
    } else {
      assert.ok(Math.abs(fused.r.laplace - general.r.laplace) <= 1e-13 * general.r.laplace, `${name}: ${fused.r.laplace} vs ${general.r.laplace}`);
      for (const k of ["beta", "u", "eta"] as const) assert.ok(relDiff(fused[k], general[k]) < 1e-11, `${name} ${k}: ${relDiff(fused[k], general[k])}`);
    }
    // The comparison can fail: a θ 1e-6 away gives another deviance.
    assert.ok(Math.abs(run(0.7 + 1e-6, true).r.laplace - general.r.laplace) > 1e-9 * general.r.laplace, name);

    // Second stage from lp0 = the first stage's linear predictor, at β moved off the first stage's estimate.
    const lp0 = Float64Array.from(general.eta), mu0 = invLink(dc, lp0);
    const beta = Array.from(general.beta, (v, j) => v + 0.05 * (j + 1));
    const wk = new PirlsWork(dc.n);
    linearPredictor(dc, beta, wk.off);
    s.setTheta([0.9]);
    const ref = laplaceLme4(dc, s, lp0, mu0, new Float64Array(s.q), wk);
    // Z is the constant 1 here: with zConst, counts take μ = exp(Xβ + offset)·exp(θu_g), factored.
    for (const zConst of [false, true]) {
      rd.zConst = zConst;
      const got = laplaceLme4Scalar(rd, s, scalarStart(rd, s, lp0, mu0), 0.9, beta, new Float64Array(s.q), new PirlsWork(dc.n));
      assert.equal(got.iterations, ref.iterations, name);
      assert.ok(Math.abs(got.laplace - ref.laplace) < 1e-10 * Math.abs(ref.laplace), `${name}, zConst ${zConst}: ${got.laplace} vs ${ref.laplace}`);
      assert.ok(Math.abs(got.devSum - ref.devSum) < 1e-10 * Math.abs(ref.devSum), `${name}, zConst ${zConst}: ${got.devSum} vs ${ref.devSum}`);
    }
    rd.zConst = false;
  }
});

test("stage 1's Newton start: one EM step from lme4's θ = 1 lands near the first-stage optimum", () => {
  const { d: dc, sys: s } = kernelCases()[0]!;
  const rd = rowData(dc);
  const at = (theta: number): { laplace: number; u: Float64Array; eta: Float64Array } => {
    s.setTheta([theta]);
    const u = new Float64Array(s.q), wk = new PirlsWork(dc.n);
    const r = pirlsJointLme4Scalar(rd, s, jointStart(rd, startEta(dc)), u, new Float64Array(dc.p), wk);
    return { laplace: r.laplace, u, eta: Float64Array.from(wk.eta) };
  };
  // The first-stage optimum by a fine grid search (the deviance is smooth and unimodal here).
  let best = { theta: 0, f: Infinity };
  for (let t = 0.05; t <= 2; t += 0.0025) { const f = at(t).laplace; if (f < best.f) best = { theta: t, f }; }
  const one = at(1);
  const em = emStep(s, 1, one.u, rd, one.eta);
  assert.ok(Math.abs(em - best.theta) < 0.5 * Math.abs(1 - best.theta), `EM step ${em}, optimum ≈ ${best.theta}`);
  assert.ok(at(em).laplace < one.laplace, "the EM step lowers the first-stage deviance");
});

test("the fixed-effects start: glmIrls is pirlsJoint without random effects (bit for bit for counts, to rounding for the binomial)", () => {
  for (const { name, d: dc } of kernelCases()) {
    const none = new RandomSystem(dc.n, []);
    const b1 = new Float64Array(dc.p), w1 = new PirlsWork(dc.n);
    const ref = pirlsJoint(dc, none, new Float64Array(0), b1, w1);
    const b2 = new Float64Array(dc.p), w2 = new PirlsWork(dc.n);
    const got = glmIrls(rowData(dc), b2, w2);
    assert.ok(ref.converged && got.converged && ref.iterations > 3, `${name}: ${ref.iterations} iterations`);
    assert.equal(got.iterations, ref.iterations, name);
    if (dc.family === 1 || !rowData(dc).weightClass) {
      assert.equal(got.devSum, ref.devSum, name);
      assert.deepEqual(b2, b1, name);
      assert.deepEqual(w2.eta, w1.eta, name);
    } else {
      assert.ok(Math.abs(got.devSum - ref.devSum) <= 1e-13 * ref.devSum, `${name}: ${got.devSum} vs ${ref.devSum}`);
      assert.ok(relDiff(b2, b1) < 1e-11 && relDiff(w2.eta, w1.eta) < 1e-11, `${name}: β ${relDiff(b2, b1)}, η ${relDiff(w2.eta, w1.eta)}`);
    }
  }
});
