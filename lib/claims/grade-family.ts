/**
 * Grading the audit's family: Holm over every claim's test at the default, power at each claim's Holm level, the
 * magnitude check and the class, one `ClaimResult` per claim in declaration order.
 */
import type { AssumptionDecl, ClaimDecl, ClaimEstimate } from "../core/claims.js";
import { pAdjust } from "../stats/padjust.js";
import { classReason, claimClass, magnitude, tostP, unitsForPower, zPower, type PointVerdict } from "./grade.js";
import type { DesignPoint } from "./lhs.js";
import type { AuditPlan, DesignGroup } from "./plan.js";
import type { ClaimResult, NullResult, SweepLevel } from "./types.js";

export const ALPHA = 0.05;

type Estimated = ClaimEstimate & { verdict: PointVerdict };

export interface FamilyInputs {
  defaultEst: Map<ClaimDecl, Estimated>;
  nulls: Map<ClaimDecl, NullResult[]>;
  spaceOf: Map<ClaimDecl, { ests: Estimated[]; design: { assumptions: AssumptionDecl[]; points: DesignPoint[] } }>;
  decidingOf: Map<ClaimDecl, { a: AssumptionDecl; imp: Record<string, number> }>;
  sweeps: Map<ClaimDecl, SweepLevel[]>;
  seedsPerPoint: Map<DesignGroup, number[]>;
}

/** The standard error of an estimate, from its interval where the analysis gives none. */
export function seOf(e: ClaimEstimate): number {
  return e.se > 0 ? e.se : (e.upper - e.lower) / (2 * 1.959963984540054);
}

/** The p-value a claim is tested with: the contrast's (direction ±), or the equivalence test's (direction 0). */
export function testP(c: ClaimDecl, e: ClaimEstimate): number {
  return c.direction === "0" ? tostP(e.estimate, seOf(e), c.nullValue ?? 0, c.margin) : e.p;
}

/**
 * One result per claim, graded together.
 * @example gradeFamily(plan, "offline:tbs-cognitive-v1", inputs).map((r) => r.class)
 */
export function gradeFamily(plan: AuditPlan, model: string, f: FamilyInputs): ClaimResult[] {
  const claims = plan.claims;
  const ps = claims.map((c) => testP(c, f.defaultEst.get(c)!));
  const adjusted = pAdjust(ps, "holm");
  // Holm's step-down level of each claim: α / (m − rank), rank 0 for the smallest p
  const order = ps.map((p, i) => [Number.isFinite(p) ? p : Infinity, i] as const).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const m = claims.length;
  const level = new Array<number>(m);
  order.forEach(([, i], rank) => (level[i] = ALPHA / (m - rank)));
  return claims.map((c, i) => {
    const d = f.defaultEst.get(c)!;
    const group = plan.groups.find((g) => g.claims.includes(c))!;
    const space = f.spaceOf.get(c)!;
    const counts = { holds: 0, reversed: 0, undecided: 0 };
    for (const e of space.ests) counts[e.verdict]++;
    const points = space.ests.length;
    const shareHolds = points ? counts.holds / points : 0, shareReversed = points ? counts.reversed / points : 0;
    const nullsVanish = f.nulls.get(c)!.filter((n) => !n.skipped).every((n) => n.vanishes);
    const holdsAfterHolm = adjusted[i] < ALPHA && d.verdict === "holds";
    const inputs = { input: c.input !== undefined, holdsAfterHolm, nullsVanish, shareHolds, shareReversed, points };
    const cls = claimClass(inputs);
    const dec = f.decidingOf.get(c);
    const se = seOf(d), delta = d.estimate - (c.nullValue ?? 0);
    const seeds80 = c.direction === "0" ? Infinity : unitsForPower(delta, se, d.n, level[i]);
    return {
      claim: c.id, statement: c.statement, source: `${c.source.paper}, ${c.source.where}`, scale: c.scale, direction: c.direction,
      nullValue: c.nullValue ?? 0, margin: c.margin, paper: c.paper ?? null, model, profile: plan.profile, provisional: plan.provisional,
      default: d, pHolm: adjusted[i], holmLevel: level[i], power: c.direction === "0" ? NaN : zPower(delta, se, level[i]),
      seedsFor80: Number.isFinite(seeds80) ? seeds80 : null, family: m,
      nulls: f.nulls.get(c)!,
      space: { points, seedsPerPoint: f.seedsPerPoint.get(group)!.length, ...counts, shareHolds, shareReversed, assumptions: space.design.assumptions.map((a) => a.name) },
      deciding: dec ? { assumption: dec.a.name, path: dec.a.path, importance: dec.imp, sweep: f.sweeps.get(c) ?? [] } : null,
      magnitude: magnitude(c, d, d.verdict),
      class: cls,
      reason: classReason(cls, inputs, dec?.a.name),
      input: c.input ?? null,
    };
  });
}
