/**
 * The assumption space: a Latin hypercube over declared assumptions, and one-at-a-time sweeps.
 *
 * Each dimension's n points fall one per stratum [k/n, (k+1)/n) of the unit interval (a seeded permutation of the
 * strata, a seeded position inside each). A continuous assumption maps u to its range (linearly, or log-linearly for
 * `scale: "log"`); an integer one rounds that; a discrete one takes level ⌊u·L⌋, so with n points each of its L levels
 * is taken ⌊n/L⌋ or ⌈n/L⌉ times (equally often when L divides n).
 */
import type { AssumptionDecl } from "../core/claims.js";
import type { Level } from "../core/level.js";
import type { Rng } from "../core/rng.js";

export interface DesignPoint {
  /** "lhs-01" … */
  id: string;
  /** Assumption name → value. */
  values: Record<string, Level>;
  /** Assumption name → position in the unit interval (for importance and plots). */
  unit: Record<string, number>;
}

/**
 * The value of an assumption at position u ∈ [0, 1).
 * @example assumptionValue({ kind: "discrete", levels: ["a", "b", "c"], … }, 0.5) // "b"
 * @example assumptionValue({ kind: "continuous", range: [1, 100], scale: "log", … }, 0.5) // 10
 */
export function assumptionValue(a: AssumptionDecl, u: number): Level {
  const v = Math.min(Math.max(u, 0), 1);
  if (a.kind === "discrete") return a.levels[Math.min(a.levels.length - 1, Math.floor(v * a.levels.length))];
  const [lo, hi] = a.range;
  if (a.kind === "integer") return Math.min(hi, Math.max(lo, Math.round(lo - 0.5 + v * (hi - lo + 1))));
  if (a.scale === "log") return Math.exp(Math.log(lo) + v * (Math.log(hi) - Math.log(lo)));
  return lo + v * (hi - lo);
}

/**
 * The inverse of `assumptionValue` for a value (the default, a sweep level): its position in [0, 1].
 * @example assumptionUnit({ kind: "continuous", range: [0, 2], default: 1, … }, 1) // 0.5
 */
export function assumptionUnit(a: AssumptionDecl, value: Level): number {
  if (a.kind === "discrete") {
    const i = a.levels.findIndex((l) => l === value);
    return i < 0 ? NaN : (i + 0.5) / a.levels.length;
  }
  const [lo, hi] = a.range;
  const v = Number(value);
  if (hi === lo) return 0.5;
  if (a.kind === "continuous" && a.scale === "log") return (Math.log(v) - Math.log(lo)) / (Math.log(hi) - Math.log(lo));
  return (v - lo) / (hi - lo);
}

/**
 * `n` points of a Latin hypercube over `assumptions`, deterministic in `rng`.
 * @example latinHypercube(decls, 50, createRng(7).fork("lhs")).length // 50
 */
export function latinHypercube(assumptions: readonly AssumptionDecl[], n: number, rng: Rng): DesignPoint[] {
  const width = String(n).length < 2 ? 2 : String(n).length;
  const points: DesignPoint[] = Array.from({ length: n }, (_, i) => ({ id: `lhs-${String(i + 1).padStart(width, "0")}`, values: {}, unit: {} }));
  for (const a of assumptions) {
    const r = rng.fork("assumption", a.name);
    const strata = r.shuffle(Array.from({ length: n }, (_, k) => k));
    for (let i = 0; i < n; i++) {
      // discrete levels: the stratum's midpoint, so the level counts are exactly balanced
      const u = a.kind === "discrete" ? (strata[i] + 0.5) / n : (strata[i] + r.uniform()) / n;
      points[i].unit[a.name] = u;
      points[i].values[a.name] = assumptionValue(a, u);
    }
  }
  return points;
}

/**
 * The levels of a one-at-a-time sweep of one assumption: every level of a discrete one; `levels` evenly spaced
 * positions of a numeric one (integers deduplicated), with the audit's default point included: `at`, the value the
 * audited config gives the assumption (a config may set it away from the schema's default), else the declared default.
 * @example sweepLevels({ kind: "continuous", range: [0, 1], default: 0.3, … }, 5) // [0, 0.25, 0.3, 0.5, 0.75, 1]
 * @example sweepLevels({ kind: "continuous", range: [0, 1], default: 0.3, … }, 5, 0.6) // [0, 0.25, 0.5, 0.6, 0.75, 1]
 */
export function sweepLevels(a: AssumptionDecl, levels: number, at?: Level): Level[] {
  if (a.kind === "discrete") return [...a.levels];
  const out = new Set<number>();
  for (let k = 0; k < levels; k++) out.add(Number(assumptionValue(a, levels === 1 ? 0.5 : k / (levels - 1))));
  out.add(typeof at === "number" && Number.isFinite(at) ? at : a.default);
  return [...out].sort((x, y) => x - y);
}
