/**
 * Profile intervals of a generalised linear mixed model, as lme4's `profile()` of a glmer fit: every parameter, the
 * random-effect standard deviations and correlations (`.sig01`, … in θ's order; σ is 1) and the fixed effects, is
 * held at v in turn and the Laplace deviance the fit minimised (its stage-2 objective) is minimised over all the
 * others; the interval's ends are where it has risen by z². Fits made with `rescale: true` are profiled on the
 * original scale (β = T β′, the held β_j fixing one coordinate of β′).
 */
import { ConfigError, StatsError } from "../core/errors.js";
import { glmmInternalsOf, type GlmmResult } from "./glmm.js";
import type { ProfiledParameter } from "./profile-core.js";
import { minimizeFrom, warmStarts } from "./profile-min.js";
import { sdPositions, sdcorToTheta, thetaToSdcor } from "./sdcor.js";

/**
 * The profiles of a glmm fit's parameters, named as lme4's `confint(fit, method = "profile", oldNames = TRUE)`, each
 * with its estimate, bounds and rise D(v) − D̂.
 *
 * @throws {StatsError} for a fit not made by `glmm` in this process.
 * @throws {ConfigError} for a parameter name that is not one of the fit's.
 * @example
 * glmmProfiles(glmm("cbind(s, f) ~ x + (1 | g)", rows, { family: "binomial" })).get("x")!.rise(0.5);
 */
export function glmmProfiles(fit: GlmmResult, parm?: readonly string[]): Map<string, ProfiledParameter> {
  const inn = glmmInternalsOf(fit);
  if (!inn) throw new StatsError("confint: the fit was not made by glmm() in this process", "fit the model with glmm()");
  const { core, reTerms } = inn;
  const p = fit.fixefNames.length;
  const T = inn.T ?? Float64Array.from({ length: p * p }, (_, k) => (k % (p + 1) === 0 ? 1 : 0));
  const sizes = reTerms.map((t) => t.termNames.length);
  const isSd = sdPositions(sizes);
  const nv = isSd.length;
  const sigNames = isSd.map((_, k) => `.sig${String(k + 1).padStart(2, "0")}`);
  const names = [...sigNames, ...fit.fixefNames];
  const wanted = parm ?? names;
  for (const nm of wanted) if (!names.includes(nm)) throw new ConfigError({ path: ["confint options", "parm"], message: `no parameter "${nm}"`, fix: `choose from ${names.join(", ")}` });
  // The fit's parameters: sd/cor, then β′ (the coordinates the deviance takes; β′ = β without rescaling).
  const w0 = thetaToSdcor(core.theta, sizes);
  const b0 = [...core.beta];
  const dev = (w: readonly number[], b: readonly number[]): number => {
    const th = sdcorToTheta(w, sizes);
    return th ? core.deviance([...th, ...b]) : Infinity;
  };
  const D0 = Math.min(core.laplace, dev(w0, b0));
  // The deviance depends on a standard deviation's absolute value only, so the free ones need no bound.
  const lowerW = isSd.map((sd) => (sd ? -Infinity : -1)), upperW = isSd.map((sd) => (sd ? Infinity : 1));

  const out = new Map<string, ProfiledParameter>();
  for (const name of names.filter((nm) => wanted.includes(nm))) {
    const i = names.indexOf(name);
    let rise: (v: number) => number, lower = -Infinity, upper = Infinity, step: number, estimate: number;
    if (i < nv) {
      const others = w0.map((_, k) => k).filter((k) => k !== i);
      const warm = warmStarts([...others.map((k) => w0[k]!), ...b0]);
      rise = (v) => {
        const f = (x: number[]): number => { const w = [...w0]; w[i] = v; others.forEach((k, a) => { w[k] = x[a]!; }); return dev(w, x.slice(others.length)); };
        const r = minimizeFrom(f, warm.from(v), [...others.map((k) => lowerW[k]!), ...b0.map(() => -Infinity)], [...others.map((k) => upperW[k]!), ...b0.map(() => Infinity)]);
        warm.keep(v, r.x, r.B);
        return r.f - D0;
      };
      estimate = w0[i]!; lower = isSd[i] ? 0 : -1; upper = upperW[i]!;
      step = isSd[i] ? Math.max(estimate, 0.05) * 0.3 : 0.1;
    } else {
      // β_j = Σ_k T_jk β′_k held at v: β′_j follows from the other β′.
      const j = i - nv;
      const ob = b0.map((_, k) => k).filter((k) => k !== j);
      const warm = warmStarts([...w0, ...ob.map((k) => b0[k]!)]);
      rise = (v) => {
        const f = (x: number[]): number => {
          const b = [...b0];
          let s = v;
          ob.forEach((k, a) => { b[k] = x[nv + a]!; s -= T[j * p + k]! * b[k]!; });
          b[j] = s / T[j * p + j]!;
          return dev(x.slice(0, nv), b);
        };
        const r = minimizeFrom(f, warm.from(v), [...lowerW, ...ob.map(() => -Infinity)], [...upperW, ...ob.map(() => Infinity)]);
        warm.keep(v, r.x, r.B);
        return r.f - D0;
      };
      estimate = fit.fixef[name]!; step = fit.se[name]!;
    }
    out.set(name, { estimate, lower, upper, step, rise });
  }
  return out;
}
