/**
 * What an audit returns and writes: one `ClaimResult` per claim (`claims.jsonl`), every hypercube point's estimate
 * (`points.jsonl`) and the sweep of each claim's deciding assumption (`sweeps.jsonl`).
 */
import type { AssumptionDecl, AuditSize, ClaimEstimate } from "../core/claims.js";
import type { Level } from "../core/level.js";
import type { ClaimClass, Magnitude, PointVerdict } from "./grade.js";

export interface NullResult extends ClaimEstimate {
  name: string;
  why: string;
  overrides: Record<string, unknown>;
  /** The whole CI within null value ± margin. */
  vanishes: boolean;
  /** Set when the null could not run (an LLM run refuses an offline-only null). */
  skipped?: string;
}

export interface SweepLevel {
  value: Level;
  isDefault: boolean;
  estimate: number;
  lower: number;
  upper: number;
  verdict: PointVerdict;
}

export interface ClaimResult {
  claim: string;
  statement: string;
  source: string;
  scale: string;
  direction: "+" | "-" | "0";
  nullValue: number;
  margin: number;
  paper: { value: number; ci?: [number, number]; text?: string } | null;
  model: string;
  profile: string;
  provisional: boolean;
  /** The default point: estimate, CI, p over the seeds of the audit. */
  default: ClaimEstimate & { verdict: PointVerdict };
  /** Holm-adjusted p over the audit's family, the level this claim is tested at, its power there and the seeds for 80 %. */
  pHolm: number;
  holmLevel: number;
  power: number;
  seedsFor80: number | null;
  family: number;
  nulls: NullResult[];
  space: {
    points: number;
    seedsPerPoint: number;
    holds: number;
    reversed: number;
    undecided: number;
    shareHolds: number;
    shareReversed: number;
    assumptions: string[];
  };
  /** The assumption that moves the estimate most, its importance among all, and its one-at-a-time sweep. */
  deciding: { assumption: string; path: string; importance: Record<string, number>; sweep: SweepLevel[] } | null;
  magnitude: Magnitude;
  class: ClaimClass;
  reason: string;
  /** Set for `input` claims: the parameter that sets the effect. */
  input: string | null;
}

export interface PointRow {
  claim: string;
  point: string;
  values: Record<string, Level>;
  seeds: number;
  estimate: number;
  lower: number;
  upper: number;
  verdict: PointVerdict;
}

export interface AuditResult {
  dir: string;
  config: string;
  mechanism: string;
  model: string;
  profile: string;
  provisional: boolean;
  size: AuditSize;
  assumptions: AssumptionDecl[];
  claims: ClaimResult[];
  points: PointRow[];
}
