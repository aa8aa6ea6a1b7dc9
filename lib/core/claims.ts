/**
 * A finding as data: what a mechanism declares so that the claims audit (`lib/claims`) can ask every finding the
 * same questions (a null that must remove it, every assumption of the offline model varied, Holm across the
 * notebook, power at that level, and a computed class).
 *
 * Mechanisms declare their claims in `lib/<mechanism>/claims.ts` with these types only (the mechanism does not import
 * the experiment layer or the audit), and attach them to their runner as `runner.claims`.
 *
 * Paths: `path` fields are dotted paths into the mechanism's `params` (`offline.itemNoise`, `sim.chatWriteTicks`),
 * the same paths a config's `params` uses. Contrast factors are grid factors as the mechanism's runner reads them.
 */
import type { ZodType } from "zod";
import type { Level } from "./level.js";

/** Rows of a run's tables, by table name (what `experiment.load(dir).tables` holds). */
export type ClaimTables = Record<string, Record<string, unknown>[]>;

/**
 * One assumption of the offline model (a cost, rate, accuracy, noise or modelling choice), or a parameter of the
 * mechanism under test (`role: "mechanism"`), with the range the audit's Latin hypercube draws it from.
 */
export type AssumptionDecl = {
  /** Short name shown in tables and figures ("chat write cost"). */
  name: string;
  /** Dotted path into params ("sim.chatWriteTicks"). */
  path: string;
  /** Why the default is what it is (a source, a calibration, or "convention"). */
  why: string;
  /** "offline" (default): an assumption of the offline model; "mechanism": a parameter of the mechanism under test. */
  role?: "offline" | "mechanism";
} & (
  | { kind: "continuous"; range: [number, number]; scale?: "linear" | "log"; default: number }
  | { kind: "integer"; range: [number, number]; default: number }
  | { kind: "discrete"; levels: Level[]; default: Level }
);

/** What a claim measures. */
export type ClaimMetric =
  /** A column of a table, averaged over the rows of each unit (`where` filters rows first). */
  | { table: string; column: string; where?: Record<string, Level> }
  /** An analysis the mechanism registers in `MechanismClaims.analyses` (e.g. a GLMM odds ratio). */
  | { analysis: string; options?: Record<string, unknown> };

/** Which comparison the claim is about. */
export type ClaimContrast =
  /**
   * Level `levels[1]` minus level `levels[0]` of a grid factor. Paired by seed (the default) or by the columns in
   * `pairBy` (e.g. ["seed", "question_id"]); the interval is over seeds (t), or, with `cluster` naming a column
   * (e.g. "conversation"), a two-stage paired bootstrap: clusters, then units within them.
   */
  | { factor: string; levels: [Level, Level]; pairBy?: string[]; cluster?: string }
  /** A term the analysis returns (e.g. "diss10"); the analysis computes the estimate and its interval. */
  | { term: string };

/** An override under which the effect must vanish (its estimate within ± `margin` of the null value). */
export interface ClaimNull {
  name: string;
  /** Param paths → values (e.g. { ablation: "no-competition" } or { "sim.chatWriteTicks": 0 }). */
  overrides: Record<string, unknown>;
  /** Why the effect must vanish here. */
  why: string;
}

/** The estimate an analysis returns, on the scale where `nullValue` means no effect. */
export interface ClaimEstimate {
  estimate: number;
  lower: number;
  upper: number;
  /** Two-sided p-value against the null value. */
  p: number;
  /** Standard error (for power); NaN when only an interval is known. */
  se: number;
  /** Units the interval is over (seeds, conversations). */
  n: number;
  unit: string;
}

/** An analysis: the claim's estimate from the tables of the cells of one design point. */
export type ClaimAnalysis = (tables: ClaimTables, opts: { term?: string; options?: Record<string, unknown> }) => ClaimEstimate;

export interface ClaimDecl {
  /** Stable id, unique in the mechanism ("summary-silence-slope"). */
  id: string;
  /** The paper's statement, in words. */
  statement: string;
  /** Where the paper says it. */
  source: { paper: string; where: string };
  metric: ClaimMetric;
  contrast: ClaimContrast;
  /**
   * The cells the claim runs on besides the contrast: grid factors held at several levels (averaged over) and params
   * (e.g. { intervals: 40 }). Factors not named keep the params' value.
   */
  design?: { grid?: Record<string, Level[]>; params?: Record<string, unknown> };
  /**
   * The paper's direction on the estimate's scale: "+" (above the null value), "-" (below), or "0" (the paper reports
   * no effect: holds when the interval lies within ± margin).
   */
  direction: "+" | "-" | "0";
  /** The null value of the estimate's scale (0 for differences and log-odds; default 0). */
  nullValue?: number;
  /** The paper's number on the estimate's scale, with its interval where the paper gives one. */
  paper?: { value: number; ci?: [number, number]; text?: string };
  /** How the estimate is shown ("difference in TSR", "log odds ratio"). */
  scale: string;
  /** Overrides under which the effect must vanish. At least one, except for `direction: "0"` and `input` claims. */
  nulls: ClaimNull[];
  /** Equivalence margin: the effect vanishes where the whole interval lies within null value ± margin. */
  margin: number;
  /** Names of the assumptions the hypercube varies for this claim (default: every declared assumption). */
  assumptions?: string[];
  /** The params path of the parameter that sets this effect, when one does: the claim's class is then `input`. */
  input?: string;
}

/** Sizes of the audit's design in one profile. */
export interface AuditSize {
  /** Latin hypercube points over the assumptions. */
  points: number;
  /** Seeds at the default point and under each null (default: the config's seeds under the profile). */
  seeds?: number;
  /** Bounds on the seeds per hypercube point (chosen for 80 % power to detect the default effect). */
  minSeedsPerPoint: number;
  maxSeedsPerPoint: number;
  /** Levels of the one-at-a-time sweep of the deciding assumption (discrete: all its levels). */
  sweepLevels: number;
  /** Seeds at each sweep level (default: `seeds`, as at the default point). */
  sweepSeeds?: number;
  /** Params merged over the config's in every cell of the audit (e.g. fewer episodes in the quick profile). */
  params?: Record<string, unknown>;
}

/** What a mechanism declares for the claims audit: `runner.claims`. */
export interface MechanismClaims {
  /** The file that declares them ("lib/tbs/claims.ts"), named in errors. */
  file: string;
  /**
   * The offline model's parameter schemas, each with the params path of its root ("offline", "sim"). Every numeric
   * or enumerated parameter of these schemas must be an assumption, or a documented constant in `constants`.
   */
  offlineSchemas: { path: string; schema: ZodType }[];
  /** Params paths of offline-model parameters held fixed on purpose, with why (a definition, not an assumption). */
  constants: Record<string, string>;
  assumptions: AssumptionDecl[];
  /** On an LLM run the assumptions are the run's model settings (e.g. temperature); params paths as above. */
  llmAssumptions?: AssumptionDecl[];
  claims: ClaimDecl[];
  analyses?: Record<string, ClaimAnalysis>;
  /** Audit sizes by profile name ("quick", "full"); the audit uses `full` for profiles not listed except `quick`. */
  audit: { quick: AuditSize; full: AuditSize } & Record<string, AuditSize>;
}
