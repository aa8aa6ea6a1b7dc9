/**
 * The response of a `glmm` as the families need it: y (proportions for `cbind(s, f)`), the rows' total weights, the
 * trials of a `cbind` response and the offset (from `offset()` terms and the `offset` option), each checked against
 * the family, with errors naming the row and the fix.
 */
import { ConfigError, DataError, StatsError } from "../core/errors.js";
import type { MixedDesign } from "./design.js";
import type { FamilyCode } from "./glmm-family.js";
import { exprName } from "./glmm-formula.js";

/** The response, weights, trials and offset of a GLMM's rows. */
export interface GlmmResponse {
  y: Float64Array;
  /** Total prior weights (for `cbind`, prior weight × trials); undefined = 1. */
  wt?: Float64Array;
  /** Trials of a `cbind(s, f)` response. */
  trials?: Float64Array;
  offset?: Float64Array;
  /** The response as written (`cbind(s, f)` or the column). */
  resp: string;
}

/**
 * Builds and checks the response of a GLMM.
 *
 * @throws {ConfigError} weights or offsets given per row with the wrong length
 * @throws {DataError} negative or non-finite weights, counts that are not whole numbers, values outside the family
 * @throws {StatsError} a response that is 0 (or 1) in every row
 * @example
 * glmmResponse(design, { offsets: [], cbind: ["s", "fail"] }, { family: "binomial" }, 0);
 */
export function glmmResponse(design: MixedDesign, sp: { cbind?: [string, string]; offsets: string[] },
  o: { family: "binomial" | "poisson"; weights?: string | readonly number[]; offset?: string | readonly number[] }, fam: FamilyCode): GlmmResponse {
  const { n } = design;
  let y = design.y;
  const perRow = (what: string, v: readonly number[]): Float64Array => {
    const total = design.rows.length + design.nDropped;
    if (v.length !== total) throw new ConfigError({ path: ["glmm options", what], message: `${v.length} values for ${total} rows`, fix: `give one ${what} per input row, or the name of a column` });
    return Float64Array.from(design.rows, (r) => v[r]!);
  };
  let wt: Float64Array | undefined = typeof o.weights === "string" ? design.extra.get(o.weights)! : o.weights ? perRow("weights", o.weights) : undefined;
  if (wt) for (let i = 0; i < n; i++) if (!(wt[i]! >= 0 && Number.isFinite(wt[i]!))) throw new DataError({ field: "weights", message: `weight ${wt[i]} in row ${design.rows[i]! + 1}`, fix: "weights must be finite and non-negative" });
  let offset: Float64Array | undefined;
  const addOffset = (v: Float64Array): void => { if (!offset) offset = Float64Array.from(v); else for (let i = 0; i < n; i++) offset[i] += v[i]!; };
  for (const name of sp.offsets) addOffset(design.extra.get(name)!);
  if (typeof o.offset === "string") addOffset(design.extra.get(exprName(o.offset))!);
  else if (o.offset) addOffset(perRow("offset", o.offset));
  const resp = sp.cbind ? `cbind(${sp.cbind.join(", ")})` : design.response;
  const where = (i: number): string => `row ${design.rows[i]! + 1}`;
  let trials: Float64Array | undefined;
  if (sp.cbind) {
    // cbind(s, f): y = s / (s + f) with s + f trials (times any prior weights), as glm's binomial family.
    const s = y, f = design.extra.get(sp.cbind[1])!;
    y = new Float64Array(n);
    const w = new Float64Array(n);
    trials = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const a = s[i]!, b = f[i]!;
      if (!(a >= 0 && b >= 0 && Number.isInteger(a) && Number.isInteger(b))) {
        throw new DataError({ field: resp, message: `${where(i)} has ${a} successes and ${b} failures`, fix: "cbind(successes, failures) needs non-negative whole numbers" });
      }
      const m = a + b;
      trials[i] = m;
      y[i] = m > 0 ? a / m : 0;
      w[i] = m * (wt ? wt[i]! : 1);
    }
    wt = w;
  }
  let sumY = 0, sumW = 0, allOne = true;
  for (let i = 0; i < n; i++) {
    const v = y[i]!, w = wt ? wt[i]! : 1;
    if (fam === 0) {
      if (!(v >= 0 && v <= 1)) throw new DataError({ field: resp, message: `${where(i)} has the value ${v}; the binomial family needs 0/1${wt ? " or a proportion" : ""}`, fix: wt ? "give proportions with weights = trials, or cbind(successes, failures)" : "code the outcome as 0/1, true/false or a two-level factor; for counts out of n use cbind(successes, failures)" });
      if (!wt && v !== 0 && v !== 1) throw new DataError({ field: resp, message: `${where(i)} has the value ${v}; a proportion needs the numbers of trials`, fix: "pass weights (the trials), or use cbind(successes, failures)" });
      if (v * w > 0 && v < 1) allOne = false;
      if (v < 1 && w > 0) allOne = false;
    } else if (!(v >= 0 && Number.isInteger(v))) {
      throw new DataError({ field: resp, message: `${where(i)} has the value ${v}; the Poisson family needs counts (whole numbers ≥ 0)`, fix: "pass counts; for rates, model the count with offset(log(exposure))" });
    }
    sumY += v * w; sumW += w;
  }
  if (sumY === 0) throw new StatsError(`glmm: the response "${resp}" is 0 in every row`, fam === 0 ? "a binomial model needs both outcomes in the data" : "a Poisson model needs some non-zero counts");
  if (fam === 0 && allOne) throw new StatsError(`glmm: the response "${resp}" is 1 in every row (no failures)`, "a binomial model needs both outcomes in the data");
  void sumW;
  return { y, resp, ...(wt ? { wt } : {}), ...(trials ? { trials } : {}), ...(offset ? { offset } : {}) };
}
