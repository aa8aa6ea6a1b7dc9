/**
 * Profile intervals of a linear mixed model, as lme4's `profile()` and `confint(method = "profile")`: the model is
 * refitted by maximum likelihood; each parameter is held at v and the ML deviance minimised over all the others.
 * The variance parameters are lme4's `sdcor` scale: per term the standard deviations and correlations (`.sig01`,
 * `.sig02`, … in θ's order, a correlation where θ has an element below the diagonal), then the residual `.sigma`;
 * holding one, the others and σ are free (sd ≥ 0, correlation in [−1, 1]) with β profiled out, the deviance
 * ldL2 + pwrss/σ² + n log(2πσ²) at θ = chol(Σ/σ²). A fixed effect β_j held at v moves x_j·v into the response and
 * the deviance is profiled over θ (and σ, β₋ⱼ).
 */
import { ConfigError, StatsError } from "../core/errors.js";
import type { MixedDesign } from "./design.js";
import { blockProfiler, type Profiler } from "./lmm-deviance.js";
import { mergedProfiler, sameGrouping } from "./lmm-merged.js";
import { schurProfiler } from "./lmm-schur.js";
import { designOf, refitML, type LmmFit } from "./lmm.js";
import type { ProfiledParameter } from "./profile-core.js";
import { minimizeFrom, warmStarts } from "./profile-min.js";
import { sdPositions, sdcorToTheta, thetaToSdcor } from "./sdcor.js";

function profilerFor(d: MixedDesign): Profiler {
  return d.reTerms.length === 1 ? blockProfiler(d) : sameGrouping(d) ? mergedProfiler(d) : schurProfiler(d);
}

/** A copy of the design with fixed column j held at b (moved into the response) and dropped from X. */
function withoutColumn(d: MixedDesign, j: number, b: number): MixedDesign {
  const { n, p, X } = d;
  const q = p - 1;
  const X2 = new Float64Array(n * q);
  const y2 = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    y2[i] = d.y[i]! - X[i * p + j]! * b;
    for (let a = 0, c = 0; a < p; a++) if (a !== j) X2[i * q + c++] = X[i * p + a]!;
  }
  return { ...d, y: y2, X: X2, p: q, fixefNames: d.fixefNames.filter((_, a) => a !== j) };
}

/**
 * The profiles of an lmm fit's parameters (names as lme4's `oldNames = TRUE`), each with its estimate, bounds and
 * rise D(v) − D̂ (`profile-core.ts` finds the interval's ends).
 *
 * @throws {StatsError} for a fit not made by `lmm` in this process.
 * @throws {ConfigError} for a parameter name that is not one of the fit's.
 * @example
 * lmmProfiles(lmm("Reaction ~ Days + (Days | Subject)", sleepstudy)).get(".sig02")!.rise(0.5); // the correlation held at 0.5
 */
export function lmmProfiles(fit0: LmmFit, parm?: readonly string[]): Map<string, ProfiledParameter> {
  const fit = refitML(fit0);
  const d = designOf(fit);
  if (!d) throw new StatsError("confint: the fit was not made by lmm() in this process", "fit the model with lmm()");
  const { n } = d;
  const base = profilerFor(d);
  const sizes = d.reTerms.map((t) => t.termNames.length);
  const isSd = sdPositions(sizes);
  const nv = isSd.length;
  const sigNames = isSd.map((_, k) => `.sig${String(k + 1).padStart(2, "0")}`);
  const names = [...sigNames, ".sigma", ...d.fixefNames];
  const wanted = parm ?? names;
  for (const p of wanted) if (!names.includes(p)) throw new ConfigError({ path: ["confint options", "parm"], message: `no parameter "${p}"`, fix: `choose from ${names.join(", ")}` });
  const D0 = -2 * fit.logLik;
  const sigma0 = fit.sigma;
  const w0 = [...thetaToSdcor(fit.theta, sizes, sigma0), sigma0];
  const LOG2PI = Math.log(2 * Math.PI);
  // ML deviance at (sd, cor, σ) with β profiled out; +∞ where the correlations make no covariance matrix.
  const devW = (w: readonly number[]): number => {
    const s = Math.abs(w[nv]!);
    const th = s > 0 ? sdcorToTheta(w.slice(0, nv), sizes, s) : undefined;
    if (!th) return Infinity;
    const e = base.evaluate(th);
    return e.ldL2 + e.pwrss / (s * s) + n * (LOG2PI + 2 * Math.log(s));
  };
  // The deviance depends on the standard deviations' and σ's absolute values only: the free ones need no bound.
  const lowerW = [...isSd.map((sd) => (sd ? -Infinity : -1)), -Infinity];
  const upperW = [...isSd.map((sd) => (sd ? Infinity : 1)), Infinity];
  const profDev = (pr: Profiler, th: readonly number[]): number => {
    const e = pr.evaluate(th);
    return e.ldL2 + n * (1 + Math.log((2 * Math.PI * e.pwrss) / n));
  };
  // Any real θ gives a covariance matrix (flipping a column of a term's factor leaves it unchanged), so the minimum
  // over unbounded θ is the one over lme4's box (diagonals ≥ 0).
  const thetaFree = fit.theta.map(() => -Infinity), thetaUp = fit.theta.map(() => Infinity);

  const out = new Map<string, ProfiledParameter>();
  for (const name of names.filter((nm) => wanted.includes(nm))) {
    const i = names.indexOf(name);
    let rise: (v: number) => number;
    let estimate: number, lower = -Infinity, upper = Infinity, step: number;
    if (i <= nv) {
      // A variance parameter: the others (and σ) free.
      const others = w0.map((_, k) => k).filter((k) => k !== i);
      const warm = warmStarts(others.map((k) => w0[k]!));
      rise = (v) => {
        const f = (x: number[]): number => { const w = [...w0]; w[i] = v; others.forEach((k, a) => { w[k] = x[a]!; }); return devW(w); };
        const r = minimizeFrom(f, warm.from(v), others.map((k) => lowerW[k]!), others.map((k) => upperW[k]!));
        warm.keep(v, r.x, r.B);
        return r.f - D0;
      };
      estimate = w0[i]!; lower = i === nv || isSd[i] ? 0 : -1; upper = i === nv || isSd[i] ? Infinity : 1;
      step = i < nv && !isSd[i] ? 0.1 : Math.max(estimate, 0.05 * sigma0) * 0.3;
    } else {
      const j = i - nv - 1;
      const warm = warmStarts([...fit.theta]);
      rise = (v) => {
        const pr = profilerFor(withoutColumn(d, j, v));
        const r = minimizeFrom((th) => profDev(pr, th), warm.from(v), thetaFree, thetaUp);
        warm.keep(v, r.x, r.B);
        return r.f - D0;
      };
      estimate = fit.fixef[name]!; step = fit.se[name]!;
    }
    out.set(name, { estimate, lower, upper, step, rise });
  }
  return out;
}
