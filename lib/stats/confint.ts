/**
 * Confidence intervals of mixed-model parameters, as lme4's `confint(fit, method = "Wald" | "profile")`.
 *
 * Wald: β̂ ± z·se for the fixed effects (lmm and glmm).
 * Profile (lmm): the likelihood-ratio interval of each parameter, as lme4's `profile()`: the model is refitted by
 * maximum likelihood, and for each parameter the ML deviance is minimised over all the others with that parameter
 * held fixed; the interval is where the signed root ζ = ±√(D(v) − D̂) reaches ±z. Parameters are named as lme4's
 * `oldNames = TRUE`: `.sig01`, `.sig02`, … (standard deviations of the random-effect terms, in lme4's θ order),
 * `.sigma` (residual), then the fixed effects. lme4 interpolates its profile with splines; here each end is found
 * by root finding on the exact profile (they agree to about 1e-3). Profiles are computed for models whose
 * random-effect terms are all scalar (random intercepts, uncorrelated slopes); terms with correlations are refused.
 */
import { z } from "zod";
import { ConfigError, StatsError } from "../core/errors.js";
import type { MixedDesign } from "./design.js";
import { normalQuantile } from "./distributions.js";
import type { GlmmResult } from "./glmm.js";
import { blockProfiler, type Profiler } from "./lmm-deviance.js";
import { mergedProfiler, sameGrouping } from "./lmm-merged.js";
import { schurProfiler } from "./lmm-schur.js";
import { designOf, refitML, type LmmFit } from "./lmm.js";
import { minimize } from "./optimize.js";

/** Options of {@link confint}. */
export interface ConfintOptions {
  /** `"wald"` (default for glmm) or `"profile"` (default for lmm, as lme4's default). */
  method?: "wald" | "profile";
  /** Parameters to give (names as in the result); default all. */
  parm?: readonly string[];
  /** Confidence level (default 0.95). */
  level?: number;
}

/** One interval. */
export interface ConfintRow {
  parm: string;
  estimate: number;
  lower: number;
  upper: number;
  level: number;
  method: "wald" | "profile";
}

const schema = z.strictObject({
  method: z.enum(["wald", "profile"]).optional(),
  parm: z.array(z.string()).optional(),
  level: z.number().gt(0).lt(1).default(0.95),
});

function profilerFor(d: MixedDesign): Profiler {
  return d.reTerms.length === 1 ? blockProfiler(d) : sameGrouping(d) ? mergedProfiler(d) : schurProfiler(d);
}

/**
 * Confidence intervals, one row per parameter.
 *
 * @throws {ConfigError} on an unknown option or parameter name.
 * @throws {StatsError} for a profile of a glmm, or of an lmm with correlated random effects, or of a fit not made
 *   by `lmm` in this process.
 * @example
 * confint(fit, { method: "profile" }); // [{ parm: ".sig01", … }, { parm: ".sigma", … }, { parm: "(Intercept)", … }, …]
 * confint(fit, { method: "wald", parm: ["Days"], level: 0.9 });
 */
export function confint(fit: LmmFit | GlmmResult, opts: ConfintOptions = {}): ConfintRow[] {
  const r = schema.safeParse(opts);
  if (!r.success) {
    const issue = r.error.issues[0]!;
    throw new ConfigError({ path: ["confint options", ...issue.path.map(String)], message: issue.message, fix: 'options are method ("wald" | "profile"), parm (names) and level (0–1)' });
  }
  const { level } = r.data;
  const isLmm = "reml" in fit;
  const method = r.data.method ?? (isLmm ? "profile" : "wald");
  const zq = normalQuantile(1 - (1 - level) / 2);
  if (method === "wald") {
    const rows = fit.fixefNames.map((n) => ({ parm: n, estimate: fit.fixef[n]!, lower: fit.fixef[n]! - zq * fit.se[n]!, upper: fit.fixef[n]! + zq * fit.se[n]!, level, method }));
    return select(rows, r.data.parm, rows.map((x) => x.parm));
  }
  if (!isLmm) throw new StatsError("confint: profile intervals are available for lmm fits only", 'use { method: "wald" } for a glmm');
  return profileLmm(fit, zq, level, r.data.parm);
}

function select(rows: ConfintRow[], parm: readonly string[] | undefined, names: string[]): ConfintRow[] {
  if (!parm) return rows;
  for (const p of parm) if (!names.includes(p)) throw new ConfigError({ path: ["confint options", "parm"], message: `no parameter "${p}"`, fix: `choose from ${names.join(", ")}` });
  return rows.filter((x) => parm.includes(x.parm));
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

function profileLmm(fit0: LmmFit, zq: number, level: number, parm: readonly string[] | undefined): ConfintRow[] {
  const fit = refitML(fit0);
  const d = designOf(fit);
  if (!d) throw new StatsError("confint: the fit was not made by lmm() in this process", "fit the model with lmm()");
  if (d.reTerms.some((t) => t.termNames.length > 1)) {
    throw new StatsError("confint: profile intervals are implemented for scalar random-effect terms only (here a term has correlated effects)",
      'use { method: "wald" } for the fixed effects, or uncorrelated terms such as (1 | g) + (0 + x | g)');
  }
  const { n } = d;
  const base = profilerFor(d);
  const K = d.reTerms.length;
  const sigNames = d.reTerms.map((_, k) => `.sig${String(k + 1).padStart(2, "0")}`);
  const names = [...sigNames, ".sigma", ...d.fixefNames];
  const wanted = parm ?? names;
  for (const p of wanted) if (!names.includes(p)) throw new ConfigError({ path: ["confint options", "parm"], message: `no parameter "${p}"`, fix: `choose from ${names.join(", ")}` });
  const D0 = -2 * fit.logLik;
  const theta0 = fit.theta;
  const sigma0 = fit.sigma;
  const LOG2PI = Math.log(2 * Math.PI);
  // ML deviance at (θ, σ) with β profiled out.
  const devAt = (pr: Profiler, th: readonly number[], sigma: number): number => {
    const e = pr.evaluate(th);
    return e.ldL2 + e.pwrss / (sigma * sigma) + n * (LOG2PI + 2 * Math.log(sigma));
  };
  const profDev = (pr: Profiler, th: readonly number[]): number => {
    const e = pr.evaluate(th);
    return e.ldL2 + n * (1 + Math.log((2 * Math.PI * e.pwrss) / n));
  };
  const opt = (f: (x: number[]) => number, x0: number[], lower: number[]): number =>
    x0.length === 0 ? f([]) : minimize(f, x0, { lower, ftol: 1e-12, xtol: 1e-9, maxEval: 4000 }).f;

  /** Minimum ML deviance with parameter `name` held at v. */
  const profile = (name: string, v: number): number => {
    const k = sigNames.indexOf(name);
    if (k >= 0) {
      // σ_k = v: free log σ and the other θ; θ_k = v / σ.
      const others = theta0.map((_, j) => j).filter((j) => j !== k);
      return opt((x) => {
        const s = Math.exp(x[0]!);
        const th = [...theta0];
        th[k] = v / s;
        others.forEach((j, a) => { th[j] = x[a + 1]!; });
        return devAt(base, th, s);
      }, [Math.log(sigma0), ...others.map((j) => theta0[j]!)], [-Infinity, ...others.map(() => 0)]);
    }
    if (name === ".sigma") return opt((th) => devAt(base, th, v), [...theta0], theta0.map(() => 0));
    const j = d.fixefNames.indexOf(name);
    const pr = profilerFor(withoutColumn(d, j, v));
    return opt((th) => profDev(pr, th), [...theta0], theta0.map(() => 0));
  };
  const estimate = (name: string): number => {
    const k = sigNames.indexOf(name);
    if (k >= 0) return theta0[k]! * sigma0;
    if (name === ".sigma") return sigma0;
    return fit.fixef[name]!;
  };
  const scale = (name: string): number => (name.startsWith(".") ? Math.max(estimate(name), 0.05 * sigma0) * 0.3 : fit.se[name]!);
  const target = zq * zq;
  const end = (name: string, dir: 1 | -1): number => {
    const v0 = estimate(name);
    const isSd = name.startsWith(".");
    const g = (v: number): number => profile(name, v) - D0 - target;
    // Bracket: step out until the deviance rise passes z² (an SD's lower end may be 0).
    let lo = v0, step = scale(name), hi = v0 + dir * step, ghi = g(hi);
    for (let it = 0; ghi < 0 && it < 60; it++) {
      lo = hi; step *= 2; hi = v0 + dir * step;
      if (isSd && hi <= 0) { hi = 0; ghi = g(0); if (ghi < 0) return 0; break; }
      ghi = g(hi);
    }
    if (isSd && dir < 0 && hi < 0) { hi = 0; ghi = g(0); if (ghi < 0) return 0; }
    let glo = g(lo) ;
    // Illinois regula falsi on g(lo) < 0 < g(hi).
    let side = 0;
    for (let it = 0; it < 100; it++) {
      const m = hi - (ghi * (hi - lo)) / (ghi - glo);
      const gm = g(m);
      if (Math.abs(gm) < 1e-9 || Math.abs(hi - lo) < 1e-10 * Math.max(1, Math.abs(m))) return m;
      if ((gm < 0) === (glo < 0)) { lo = m; glo = gm; if (side === -1) ghi /= 2; side = -1; }
      else { hi = m; ghi = gm; if (side === 1) glo /= 2; side = 1; }
    }
    return hi - (ghi * (hi - lo)) / (ghi - glo);
  };
  void K;
  return names.filter((nm) => wanted.includes(nm)).map((nm) => ({ parm: nm, estimate: estimate(nm), lower: end(nm, -1), upper: end(nm, 1), level, method: "profile" as const }));
}
