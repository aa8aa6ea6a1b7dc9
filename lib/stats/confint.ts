/**
 * Confidence intervals of mixed-model parameters, as lme4's `confint(fit, method = "Wald" | "profile")`.
 *
 * Wald: β̂ ± z·se for the fixed effects (lmm and glmm).
 * Profile: the likelihood-ratio interval of each parameter, as lme4's `profile()`: for each parameter held at v the
 * deviance is minimised over all the others, and the interval is where the signed root ζ = ±√(D(v) − D̂) reaches ±z
 * (`profile-lmm.ts`: ML refit, standard deviations, correlations and σ, fixed effects; `profile-glmm.ts`: the Laplace
 * deviance over standard deviations, correlations and fixed effects). Parameters are named as lme4's
 * `oldNames = TRUE`: `.sig01`, `.sig02`, … (θ's order: per term the standard deviations and, below them, the
 * correlations), `.sigma` (lmm), then the fixed effects. lme4 interpolates its profile with splines; here each end
 * is a root of the exact profile.
 */
import { z } from "zod";
import { ConfigError } from "../core/errors.js";
import { normalQuantile } from "./distributions.js";
import type { GlmmResult } from "./glmm.js";
import type { LmmFit } from "./lmm.js";
import { profileEnd, type ProfiledParameter } from "./profile-core.js";
import { glmmProfiles } from "./profile-glmm.js";
import { lmmProfiles } from "./profile-lmm.js";

/** Options of {@link confint}. */
export interface ConfintOptions {
  /** `"wald"` (default for glmm) or `"profile"` (default for lmm; lme4's default for both). */
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

/**
 * Confidence intervals, one row per parameter.
 *
 * @throws {ConfigError} on an unknown option or parameter name.
 * @throws {StatsError} for a profile of a fit not made by `lmm` or `glmm` in this process.
 * @example
 * confint(fit, { method: "profile" }); // [{ parm: ".sig01", … }, { parm: ".sigma", … }, { parm: "(Intercept)", … }, …]
 * confint(fit, { method: "wald", parm: ["Days"], level: 0.9 });
 * confint(glmmFit, { method: "profile", parm: [".sig01", "x"] });
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
  const target = zq * zq;
  return [...profilesOf(fit, r.data.parm)].map(([parm, par]) => ({ parm, estimate: par.estimate, lower: profileEnd(par, target, -1), upper: profileEnd(par, target, 1), level, method: "profile" as const }));
}

function profilesOf(fit: LmmFit | GlmmResult, parm?: readonly string[]): Map<string, ProfiledParameter> {
  return "reml" in fit ? lmmProfiles(fit, parm) : glmmProfiles(fit, parm);
}

/**
 * The signed square root of the profile's rise, ζ(v) = sign(v − v̂)·√(D(v) − D̂), at given values of one parameter:
 * what lme4's `profile(fit)` tabulates as `.zeta` (the interval's ends are where it reaches ±z).
 *
 * @throws {ConfigError} for a parameter that is not the fit's; {StatsError} for a fit not made in this process.
 * @example
 * profileZeta(fit, ".sig01", [0.5, 0.6]); // [-1.87…, -0.62…]
 */
export function profileZeta(fit: LmmFit | GlmmResult, parm: string, values: readonly number[]): number[] {
  const par = profilesOf(fit, [parm]).get(parm)!;
  return values.map((v) => Math.sign(v - par.estimate) * Math.sqrt(Math.max(0, par.rise(v))));
}

function select(rows: ConfintRow[], parm: readonly string[] | undefined, names: string[]): ConfintRow[] {
  if (!parm) return rows;
  for (const p of parm) if (!names.includes(p)) throw new ConfigError({ path: ["confint options", "parm"], message: `no parameter "${p}"`, fix: `choose from ${names.join(", ")}` });
  return rows.filter((x) => parm.includes(x.parm));
}
