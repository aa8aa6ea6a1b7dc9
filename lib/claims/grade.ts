/**
 * Grading a claim: where its direction holds, whether a null removes it, whether the paper's number is reproduced,
 * the power of its test at its Holm level, and its class.
 */
import type { ClaimDecl, ClaimEstimate } from "../core/claims.js";
import { normalQuantile, normalTestP } from "../stats/distributions.js";

/** Where the paper's direction stands at one point: the CI excludes the null value that way, the other way, or neither. */
export type PointVerdict = "holds" | "reversed" | "undecided";

/**
 * The verdict of one estimate for a claim. Direction "0": holds when the CI lies within ± margin of the null value,
 * reversed when it excludes the null value.
 * @example pointVerdict({ direction: "+", margin: 0.01 } as ClaimDecl, { lower: 0.1, upper: 0.3 } as ClaimEstimate) // "holds"
 */
export function pointVerdict(claim: Pick<ClaimDecl, "direction" | "margin" | "nullValue">, e: Pick<ClaimEstimate, "lower" | "upper">): PointVerdict {
  const n0 = claim.nullValue ?? 0;
  if (!Number.isFinite(e.lower) || !Number.isFinite(e.upper)) return "undecided";
  if (claim.direction === "0") {
    if (e.lower > n0 - claim.margin && e.upper < n0 + claim.margin) return "holds";
    return e.lower > n0 || e.upper < n0 ? "reversed" : "undecided";
  }
  const above = e.lower > n0, below = e.upper < n0;
  if ((claim.direction === "+" && above) || (claim.direction === "-" && below)) return "holds";
  if ((claim.direction === "+" && below) || (claim.direction === "-" && above)) return "reversed";
  return "undecided";
}

/**
 * A null removes the effect when its whole CI lies within null value ± margin (an equivalence test: a wide CI does not
 * pass by being wide).
 * @example vanishes({ margin: 0.05 } as ClaimDecl, { lower: -0.02, upper: 0.03 } as ClaimEstimate) // true
 */
export function vanishes(claim: Pick<ClaimDecl, "margin" | "nullValue">, e: Pick<ClaimEstimate, "lower" | "upper">): boolean {
  const n0 = claim.nullValue ?? 0;
  return Number.isFinite(e.lower) && Number.isFinite(e.upper) && e.lower >= n0 - claim.margin && e.upper <= n0 + claim.margin;
}

export type Magnitude = "reproduced" | "direction only" | "not reproduced" | "no paper value";

/**
 * The magnitude check: reproduced only when our CI contains the paper's value (or overlaps the paper's CI); a
 * same-direction estimate whose CI excludes it is "direction only".
 * @example magnitude({ direction: "+", paper: { value: 3.34 } } as ClaimDecl, { estimate: 3, lower: 2.78, upper: 3.2 } as ClaimEstimate, "holds") // "direction only"
 */
export function magnitude(claim: Pick<ClaimDecl, "paper">, e: Pick<ClaimEstimate, "lower" | "upper">, verdict: PointVerdict): Magnitude {
  if (!claim.paper) return "no paper value";
  const { value, ci } = claim.paper;
  const overlaps = ci ? e.lower <= ci[1] && e.upper >= ci[0] : e.lower <= value && e.upper >= value;
  if (overlaps) return "reproduced";
  return verdict === "holds" ? "direction only" : "not reproduced";
}

export type ClaimClass = "input" | "not reproduced" | "built in" | "emergent" | "assumption-dependent";

export interface ClassInputs {
  /** The claim names the parameter that sets it. */
  input: boolean;
  /** Holds at the default after Holm (adjusted p < α and the direction right). */
  holdsAfterHolm: boolean;
  /** Every null removes it (vacuously true with no nulls). */
  nullsVanish: boolean;
  /** Shares of the hypercube's points. */
  shareHolds: number;
  shareReversed: number;
  points: number;
}

/**
 * The class, in the audit's order: input; not reproduced; built in (reversed at no point); emergent (holds at the
 * default, vanishes under every null, holds in ≥ 80 % of the space); assumption-dependent (the rest).
 * @example claimClass({ input: false, holdsAfterHolm: true, nullsVanish: true, shareHolds: 0.9, shareReversed: 0.02, points: 50 }) // "emergent"
 */
export function claimClass(c: ClassInputs): ClaimClass {
  if (c.input) return "input";
  if (!c.holdsAfterHolm) return "not reproduced";
  if (c.points > 0 && c.shareReversed === 0) return "built in";
  if (c.nullsVanish && c.shareHolds >= 0.8) return "emergent";
  return "assumption-dependent";
}

/** Why a claim got its class, in one sentence. */
export function classReason(cls: ClaimClass, c: ClassInputs, deciding: string | undefined): string {
  const pct = (x: number) => `${Math.round(100 * x)} %`;
  switch (cls) {
    case "input": return "a parameter of the model sets this effect";
    case "not reproduced": return "the default's test fails after Holm (or points the other way)";
    case "built in": return `reversed at none of ${c.points} points of the assumption space (holds at ${pct(c.shareHolds)})`;
    case "emergent": return `holds at ${pct(c.shareHolds)} of the space, reversed at ${pct(c.shareReversed)}, removed by its null${c.points ? "" : "s"}`;
    default: {
      const parts = [`holds at ${pct(c.shareHolds)} of the space, reversed at ${pct(c.shareReversed)}`];
      if (!c.nullsVanish) parts.push("a null does not remove it");
      if (deciding) parts.push(`most moved by ${deciding}`);
      return parts.join("; ");
    }
  }
}

/**
 * Power of a two-sided z test at level α for an effect of `delta` with standard error `se` (the estimate taken as the
 * true effect): Φ(|δ|/se − z) + Φ(−|δ|/se − z), z = Φ⁻¹(1 − α/2).
 * @example zPower(0.5, 0.2, 0.05) // 0.705…
 */
export function zPower(delta: number, se: number, alpha: number): number {
  if (!(se > 0) || !Number.isFinite(delta)) return NaN;
  const z = normalQuantile(1 - alpha / 2);
  const ncp = Math.abs(delta) / se;
  return phi(ncp - z) + phi(-ncp - z);
}

/**
 * Units (seeds) for 80 % power at level α, from an estimate with standard error `se` at `n` units (se ∝ 1/√n).
 * @example unitsForPower(0.5, 0.2, 5, 0.05) // 7
 */
export function unitsForPower(delta: number, se: number, n: number, alpha: number, target = 0.8): number {
  if (!(se > 0) || !(Math.abs(delta) > 0)) return Infinity;
  const z = normalQuantile(1 - alpha / 2) + normalQuantile(target);
  return Math.max(2, Math.ceil(n * ((z * se) / Math.abs(delta)) ** 2));
}

/** Φ(x), the standard normal distribution function, from the two-sided tail P(|Z| ≥ |x|). */
function phi(x: number): number {
  const tail = normalTestP(x) / 2;
  return x < 0 ? tail : 1 - tail;
}

/**
 * p-value of the two one-sided tests (TOST) that the effect lies within null value ± margin (normal approximation):
 * max(P(Z ≥ (est − (n0 − m))/se), P(Z ≤ (est − (n0 + m))/se)). Small when the estimate is tightly inside the margin.
 * @example tostP(0, 0.01, 0, 0.05) // ≈ 2.9e-7
 */
export function tostP(estimate: number, se: number, nullValue: number, margin: number): number {
  if (!(se > 0)) return Math.abs(estimate - nullValue) < margin ? 0 : 1;
  const lowerTail = 1 - phi((estimate - (nullValue - margin)) / se);
  const upperTail = phi((estimate - (nullValue + margin)) / se);
  return Math.max(lowerTail, upperTail);
}
