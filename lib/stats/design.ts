/**
 * Design matrices as R's `model.matrix` builds them, and the random-effects structure of a mixed
 * model as lme4's `lFormula` builds it.
 *
 * Factors are coded with treatment contrasts (reference = first level). In a term, a factor is
 * coded by contrasts when the term without it is also in the model (the empty term counting as the
 * intercept), and by one indicator per level otherwise: R's rule, so `y ~ 0 + f` gives one column
 * per level. Within an interaction, the first variable varies fastest; names follow R
 * (`memorysampling`, `interval:memorysummary`).
 */
import { DataError, StatsError } from "../core/errors.js";
import { parseFormula, type ParsedFormula, type Term } from "./formula.js";
import { buildFrame, droppedMessage, type DataInput, type DroppedRows, type Frame, type FrameOptions } from "./frame.js";

/** Columns of a design matrix with R's names. */
export interface DesignColumns {
  names: string[];
  cols: Float64Array[];
}

/** One random-effect term `(lhs | group)` after building. */
export interface ReTerm {
  /** The grouping factor's name as lme4 prints it (`"Subject"`, `"cask:batch"`). */
  group: string;
  /** Names of the columns of the term's model matrix (`["(Intercept)", "Days"]`). */
  termNames: string[];
  nLevels: number;
  /** The group's levels; `groupIndex[i]` indexes this array. */
  levels: string[];
  /** Row → level index. */
  groupIndex: Int32Array;
  /** One column per term name, each of length n: the value multiplying that random effect in each row. */
  Zcols: Float64Array[];
}

/** A mixed model's design. `X` is row-major: element (i, j) is `X[i * p + j]`. */
export interface MixedDesign {
  y: Float64Array;
  /** Fixed-effects design, row-major n × p. */
  X: Float64Array;
  n: number;
  p: number;
  fixefNames: string[];
  /** Random-effect terms ordered as lme4 orders them: by decreasing number of levels (stable). */
  reTerms: ReTerm[];
  /** Rows dropped for missing values (as R's `na.omit`). */
  nDropped: number;
  /** Why rows were dropped, by variable. */
  dropped: DroppedRows;
  /** Warnings to report with the fit (dropped rows). */
  warnings: string[];
  /** Values of the extra numeric variables asked for (weights, offsets, cbind's second column), in the rows used. */
  extra: Map<string, Float64Array>;
  /** Row numbers (in the input) used. */
  rows: Int32Array;
  /**
   * Fixed-effect columns left out because they were constant, all zero or a linear combination of earlier
   * columns (as lme4: "fixed-effect model matrix is rank deficient so dropping …"; R's `lm` shows them as NA).
   */
  droppedColumns: string[];
  response: string;
  /** The parsed formula. */
  formula: ParsedFormula;
}

/** Options of the design builders. */
export interface DesignOptions extends FrameOptions {
  /**
   * Fixed-effect columns that are constant (beside an intercept), all zero or linear combinations of earlier
   * columns: `"drop"` them, as R does (the default), or `"error"`: refuse the design, naming the first one.
   */
  rankDeficient?: "drop" | "error";
}

/** A fixed-effect column left out of a design, and why. */
export interface DroppedColumn {
  index: number;
  name: string;
  reason: "all zero" | "constant" | "linear combination";
}

/**
 * Model-matrix columns for `terms` (plus the intercept) over a frame.
 *
 * @throws {StatsError} when a factor in the model has a single level.
 * @example
 * const f = parseFormula("y ~ x * g");
 * modelColumns(f.terms, f.intercept, frame).names; // ["(Intercept)", "x", "gb", "x:gb"]
 */
export function modelColumns(terms: readonly Term[], intercept: boolean, frame: Frame): DesignColumns {
  const names: string[] = [];
  const cols: Float64Array[] = [];
  const n = frame.n;
  if (intercept) { names.push("(Intercept)"); cols.push(new Float64Array(n).fill(1)); }
  const hasTerm = (vars: readonly string[]): boolean =>
    vars.length === 0 ? intercept : terms.some((t) => t.length === vars.length && t.every((v) => vars.includes(v)));
  for (const term of terms) {
    let partNames: string[] = [""];
    let partCols: Float64Array[] = [];
    for (const v of term) {
      const fv = frame.vars.get(v)!;
      let vNames: string[];
      let vCols: Float64Array[];
      if (fv.kind === "numeric") {
        vNames = [v];
        vCols = [fv.values];
      } else {
        if (fv.levels.length < 2) {
          throw new StatsError(`factor "${v}" has a single level ("${fv.levels[0]}") in the rows used`, `drop "${v}" from the formula or check the data`);
        }
        const contrasts = hasTerm(term.filter((u) => u !== v));
        const used = contrasts ? fv.levels.slice(1) : fv.levels;
        const offset = contrasts ? 1 : 0;
        vNames = used.map((l) => v + l);
        vCols = used.map(() => new Float64Array(n));
        for (let i = 0; i < n; i++) { const j = fv.codes[i]! - offset; if (j >= 0) vCols[j]![i] = 1; }
      }
      if (partNames.length === 1 && partNames[0] === "") {
        // First variable of the term: its columns as they are (never mutated later).
        partNames = vNames;
        partCols = vCols;
        continue;
      }
      const nextNames: string[] = [];
      const nextCols: Float64Array[] = [];
      // The earlier variables vary fastest.
      for (let b = 0; b < vNames.length; b++) {
        for (let a = 0; a < partNames.length; a++) {
          nextNames.push(partNames[a] === "" ? vNames[b]! : `${partNames[a]}:${vNames[b]}`);
          const c = new Float64Array(n);
          const pa = partCols[a]!, vb = vCols[b]!;
          for (let i = 0; i < n; i++) c[i] = pa[i]! * vb[i]!;
          nextCols.push(c);
        }
      }
      partNames = nextNames;
      partCols = nextCols;
    }
    names.push(...partNames);
    cols.push(...partCols);
  }
  return { names, cols };
}

/**
 * Checks a design for constant columns (beside an intercept), all-zero columns and linear dependence. Columns are
 * taken in order, so of two dependent columns the later one is reported, as R's pivoted QR does.
 *
 * @param mode `"error"` throws on the first such column; `"drop"` returns them all (checking each later column
 *   against the columns kept).
 * @throws {StatsError} in `"error"` mode, naming the first column that is constant, all zero, or a combination of
 *   earlier ones.
 * @example
 * checkDesign({ names: ["(Intercept)", "k"], cols: [ones, Float64Array.of(2, 2, 2)] }, "fixed effects", "error");
 * // StatsError: fixed effects: column "k" is constant (2) in the rows used, …
 * checkDesign({ names: ["(Intercept)", "k"], cols: [ones, Float64Array.of(2, 2, 2)] }); // → [{ index: 1, name: "k", reason: "constant" }]
 */
export function checkDesign(d: DesignColumns, what = "fixed effects", mode: "drop" | "error" = "drop"): DroppedColumn[] {
  const p = d.cols.length;
  const n = p > 0 ? d.cols[0]!.length : 0;
  const hasIntercept = d.names[0] === "(Intercept)";
  const dropped: DroppedColumn[] = [];
  const out = new Uint8Array(p);
  for (let j = hasIntercept ? 1 : 0; j < p; j++) {
    const c = d.cols[j]!;
    let mn = Infinity, mx = -Infinity;
    for (let i = 0; i < n; i++) { if (c[i]! < mn) mn = c[i]!; if (c[i]! > mx) mx = c[i]!; }
    if (mx === 0 && mn === 0) {
      if (mode === "error") throw new StatsError(`${what}: column "${d.names[j]}" is all zero in the rows used`, "drop the term or the unused factor level");
      dropped.push({ index: j, name: d.names[j]!, reason: "all zero" });
      out[j] = 1;
    } else if (hasIntercept && mx === mn) {
      if (mode === "error") {
        throw new StatsError(`${what}: column "${d.names[j]}" is constant (${mx}) in the rows used, so it duplicates the intercept`, "drop the term from the formula");
      }
      dropped.push({ index: j, name: d.names[j]!, reason: "constant" });
      out[j] = 1;
    }
  }
  // Left-looking Cholesky of the scaled cross-product over the columns kept so far; a tiny pivot marks a column
  // that depends on earlier kept columns.
  const scale = new Float64Array(p);
  for (let j = 0; j < p; j++) { let s = 0; const c = d.cols[j]!; for (let i = 0; i < n; i++) s += c[i]! * c[i]!; scale[j] = Math.sqrt(s) || 1; }
  const gram = (a: number, b: number): number => {
    let s = 0; const ca = d.cols[a]!, cb = d.cols[b]!;
    for (let i = 0; i < n; i++) s += ca[i]! * cb[i]!;
    return s / (scale[a]! * scale[b]!);
  };
  const L = new Float64Array(p * p);
  const kept: number[] = [];
  for (let j = 0; j < p; j++) {
    if (out[j]) continue;
    let s = gram(j, j);
    for (let ki = 0; ki < kept.length; ki++) {
      const k = kept[ki]!;
      let t = gram(j, k);
      for (let mi = 0; mi < ki; mi++) { const m = kept[mi]!; t -= L[j * p + m]! * L[k * p + m]!; }
      const l = t / L[k * p + k]!;
      L[j * p + k] = l;
      s -= l * l;
    }
    if (s < 1e-10) {
      if (mode === "error") {
        throw new StatsError(`${what}: column "${d.names[j]}" is a linear combination of earlier columns (rank-deficient design)`,
          "drop a redundant term or merge factor levels that never vary independently");
      }
      dropped.push({ index: j, name: d.names[j]!, reason: "linear combination" });
      continue;
    }
    L[j * p + j] = Math.sqrt(s);
    kept.push(j);
  }
  return dropped.sort((a, b) => a.index - b.index);
}

/** Columns to a row-major matrix. */
export function toRowMajor(cols: readonly Float64Array[], n: number): Float64Array {
  const p = cols.length;
  const X = new Float64Array(n * p);
  for (let j = 0; j < p; j++) { const c = cols[j]!; for (let i = 0; i < n; i++) X[i * p + j] = c[i]!; }
  return X;
}

/** The variables of a parsed formula and which of them are grouping factors. */
export function formulaVariables(f: ParsedFormula): { names: string[]; groups: string[] } {
  const used = new Set<string>([f.response]);
  for (const t of f.terms) for (const v of t) used.add(v);
  const groups = new Set<string>();
  for (const r of f.random) { for (const t of r.terms) for (const v of t) used.add(v); for (const g of r.group) { used.add(g); groups.add(g); } }
  return { names: f.variables.filter((v) => used.has(v)), groups: [...groups] };
}

/** The response as numbers; a two-level factor becomes 0/1 (second level = 1), as R's glm does. */
export function responseValues(frame: Frame, name: string): Float64Array {
  const v = frame.vars.get(name)!;
  if (v.kind === "numeric") return v.values;
  if (v.levels.length !== 2) throw new StatsError(`response "${name}" is a factor with ${v.levels.length} levels`, "use a numeric response (or a two-level factor for a binomial model)");
  return Float64Array.from(v.codes);
}

function groupFactor(frame: Frame, vars: string[]): { levels: string[]; index: Int32Array } {
  if (vars.length === 1) {
    const v = frame.vars.get(vars[0]!)!;
    if (v.kind !== "factor") throw new StatsError(`grouping variable "${vars[0]}" is not a factor`, "use a string or integer id column");
    // Unused levels (given in `levels`, or emptied by dropped rows) are dropped, as lme4 does.
    const used = new Uint8Array(v.levels.length);
    for (let i = 0; i < frame.n; i++) used[v.codes[i]!] = 1;
    if (used.every((u) => u === 1)) return { levels: v.levels, index: v.codes };
    const to = new Int32Array(v.levels.length).fill(-1);
    const levels: string[] = [];
    v.levels.forEach((l, j) => { if (used[j]) { to[j] = levels.length; levels.push(l); } });
    return { levels, index: v.codes.map((c) => to[c]!) };
  }
  // Levels of an interaction `b:a` combine with the first variable of the name varying slowest.
  const fs = vars.map((name) => frame.vars.get(name)!) as Array<{ kind: "factor"; levels: string[]; codes: Int32Array }>;
  const keyOf = (i: number): number => { let k = 0; for (const f of fs) k = k * f.levels.length + f.codes[i]!; return k; };
  const used = new Set<number>();
  for (let i = 0; i < frame.n; i++) used.add(keyOf(i));
  const keys = [...used].sort((a, b) => a - b);
  const pos = new Map(keys.map((k, j) => [k, j] as const));
  const levels = keys.map((k) => {
    const parts: string[] = [];
    for (let f = fs.length - 1; f >= 0; f--) { const L = fs[f]!.levels.length; parts.unshift(fs[f]!.levels[k % L]!); k = Math.floor(k / L); }
    return parts.join(":");
  });
  const index = new Int32Array(frame.n);
  for (let i = 0; i < frame.n; i++) index[i] = pos.get(keyOf(i))!;
  return { levels, index };
}

/**
 * Builds the response, the fixed-effects design and the random-effect terms of a mixed-model formula.
 * Also serves fixed-only formulas (`reTerms` is then empty).
 *
 * Fixed-effect columns that are constant, all zero or dependent on earlier ones are dropped and listed in
 * `droppedColumns` (as lme4), unless `opts.rankDeficient` is `"error"`.
 *
 * @throws {StatsError} for a single-level factor or grouping factor, a constant or dependent fixed column (with
 *   `rankDeficient: "error"`), or a grouping factor with as many levels as observations.
 * @example
 * const d = buildMixedDesign("Reaction ~ Days + (Days | Subject)", rows);
 * d.fixefNames; // ["(Intercept)", "Days"]
 * d.reTerms[0].termNames; // ["(Intercept)", "Days"]
 */
export function buildMixedDesign(formula: string, data: DataInput, opts: DesignOptions = {}, extraVars: readonly string[] = []): MixedDesign {
  const f = parseFormula(formula);
  const { names: used, groups } = formulaVariables(f);
  const names = [...used, ...extraVars.filter((v) => !used.includes(v))];
  const frame = buildFrame(data, names, groups, opts);
  const extra = new Map<string, Float64Array>();
  for (const v of extraVars) {
    const fv = frame.vars.get(v)!;
    if (fv.kind !== "numeric") throw new DataError({ field: v, message: `"${v}" must be numeric (it is used as a weight, an offset or a count)`, fix: `give "${v}" numbers` });
    extra.set(v, fv.values);
  }
  const y = responseValues(frame, f.response);
  const fixed = modelColumns(f.terms, f.intercept, frame);
  if (fixed.cols.length === 0) throw new StatsError(`formula "${formula}": no fixed effects`, "keep the intercept or add a predictor");
  const dropped = checkDesign(fixed, "fixed effects", opts.rankDeficient ?? "drop");
  if (dropped.length) {
    const gone = new Set(dropped.map((c) => c.index));
    fixed.names = fixed.names.filter((_, j) => !gone.has(j));
    fixed.cols = fixed.cols.filter((_, j) => !gone.has(j));
  }
  if (fixed.cols.length === 0) throw new StatsError(`formula "${formula}": every fixed-effect column was dropped (${dropped.map((c) => `"${c.name}": ${c.reason}`).join(", ")})`, "check the predictors in the rows used");
  const reTerms: ReTerm[] = f.random.map((r) => {
    const g = groupFactor(frame, r.group);
    if (g.levels.length < 2) {
      throw new StatsError(`grouping factor "${r.groupName}" has a single level in the rows used`, "a random effect needs at least two groups; drop the term");
    }
    if (g.levels.length >= frame.n) {
      throw new StatsError(`grouping factor "${r.groupName}" has ${g.levels.length} levels for ${frame.n} observations`, "each group needs more than one observation on average; drop the random term");
    }
    const z = modelColumns(r.terms, r.intercept, frame);
    if (z.cols.length === 0) throw new StatsError(`random term for "${r.groupName}" has no columns`, "write (1 | g) or (1 + x | g)");
    return { group: r.groupName, termNames: z.names, nLevels: g.levels.length, levels: g.levels, groupIndex: g.index, Zcols: z.cols };
  });
  const order = reTerms.map((t, k) => ({ t, k })).sort((a, b) => b.t.nLevels - a.t.nLevels || a.k - b.k).map((x) => x.t);
  return {
    y, X: toRowMajor(fixed.cols, frame.n), n: frame.n, p: fixed.cols.length, fixefNames: fixed.names,
    reTerms: order, extra, rows: frame.rows, nDropped: frame.nDropped, dropped: frame.dropped, warnings: [droppedMessage(frame.dropped, frame.n + frame.nDropped)].filter((w): w is string => w !== undefined),
    droppedColumns: dropped.map((c) => c.name), response: f.response, formula: f,
  };
}
