/**
 * Reading the assumption space: which assumption moves a claim's estimate most across the hypercube.
 *
 * Importance of a numeric assumption: |slope| of the least-squares line of the point estimates on the assumption's
 * position in [0, 1] (the change across its whole range); of a discrete one: the spread (max − min) of the mean
 * estimate per level. Marginal, not joint: with fewer points than assumptions a joint fit is not identified, and the
 * one-at-a-time sweep of the winner then shows its effect with the others at their defaults.
 */
import type { AssumptionDecl } from "../core/claims.js";
import type { DesignPoint } from "./lhs.js";

/**
 * Importance of each assumption (same units as the estimate) from points with finite estimates.
 * @example importance(decls, points, estimates) // { "chat write cost": 0.62, "judge accuracy": 0.03, … }
 */
export function importance(assumptions: readonly AssumptionDecl[], points: readonly DesignPoint[], estimates: readonly number[]): Record<string, number> {
  const out: Record<string, number> = {};
  const ok = points.map((p, i) => [p, estimates[i]] as const).filter(([, e]) => Number.isFinite(e));
  for (const a of assumptions) {
    if (ok.length < 2) {
      out[a.name] = NaN;
      continue;
    }
    if (a.kind === "discrete") {
      const byLevel = new Map<string, number[]>();
      for (const [p, e] of ok) byLevel.set(String(p.values[a.name]), [...(byLevel.get(String(p.values[a.name])) ?? []), e]);
      const means = [...byLevel.values()].map((v) => v.reduce((s, x) => s + x, 0) / v.length);
      out[a.name] = means.length < 2 ? 0 : Math.max(...means) - Math.min(...means);
    } else {
      const x = ok.map(([p]) => p.unit[a.name]), y = ok.map(([, e]) => e);
      const mx = mean(x), my = mean(y);
      let sxy = 0, sxx = 0;
      for (let i = 0; i < x.length; i++) {
        sxy += (x[i] - mx) * (y[i] - my);
        sxx += (x[i] - mx) ** 2;
      }
      out[a.name] = sxx > 0 ? Math.abs(sxy / sxx) : 0;
    }
  }
  return out;
}

/**
 * The assumption with the largest importance (ties: declaration order), or undefined when none is finite.
 * @example decidingAssumption(decls, { a: 0.1, b: 0.4 }) // the declaration of b
 */
export function decidingAssumption(assumptions: readonly AssumptionDecl[], imp: Record<string, number>): AssumptionDecl | undefined {
  let best: AssumptionDecl | undefined;
  for (const a of assumptions) {
    const v = imp[a.name];
    if (Number.isFinite(v) && (best === undefined || v > imp[best.name])) best = a;
  }
  return best;
}

function mean(v: readonly number[]): number {
  return v.reduce((s, x) => s + x, 0) / v.length;
}
