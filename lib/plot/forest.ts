import { makeFigure } from "./theme.js";
import type { BaseOptions, Figure } from "./types.js";
import { colorAt } from "./util.js";
import { DataError } from "../core/errors.js";

/** One row of a forest plot: an estimate and its CI. */
export interface ForestRow {
  label: string;
  estimate: number;
  lower: number;
  upper: number;
}

/** Options of `forestPlot`. */
export interface ForestOptions extends BaseOptions {
  /** Log-scaled x axis (odds ratios, rate ratios); default false. */
  log?: boolean;
  /** Position of the vertical reference line; default 1 on a log axis, 0 on a linear one. `null` for none. */
  reference?: number | null;
}

/**
 * A forest plot: one row per estimate (first row on top), a point and a horizontal CI, a dashed reference line.
 *
 * @throws {DataError} when a bound lies on the wrong side of its estimate, or a value is not positive on a log axis.
 * @example
 * forestPlot([{ label: "diss10:modewilling", estimate: 1.8, lower: 1.2, upper: 2.7 }],
 *   { title: "Odds ratios, GLMM (offline:gated-v1)", xTitle: "odds ratio", log: true });
 */
export function forestPlot(rows: readonly ForestRow[], opts: ForestOptions = {}): Figure {
  for (const r of rows) {
    if (!(r.lower <= r.estimate && r.estimate <= r.upper)) {
      throw new DataError({
        file: "plot.forestPlot",
        field: r.label,
        message: `CI [${r.lower}, ${r.upper}] does not contain the estimate ${r.estimate}`,
        fix: "pass lower ≤ estimate ≤ upper (on the scale of the axis, e.g. exponentiate log-odds for a log axis)",
      });
    }
    if (opts.log && !(r.lower > 0)) {
      throw new DataError({
        file: "plot.forestPlot",
        field: r.label,
        message: `lower bound ${r.lower} is not positive on a log axis`,
        fix: "pass ratios (exp of the coefficients) or use { log: false }",
      });
    }
  }
  const labels = rows.map((r) => r.label);
  const reference = opts.reference === undefined ? (opts.log ? 1 : 0) : opts.reference;
  const trace = {
    type: "scatter",
    mode: "markers",
    name: "estimate",
    x: rows.map((r) => r.estimate),
    y: labels,
    marker: { color: colorAt(0), size: 9, symbol: "square" },
    error_x: {
      type: "data",
      symmetric: false,
      array: rows.map((r) => r.upper - r.estimate),
      arrayminus: rows.map((r) => r.estimate - r.lower),
      color: colorAt(0),
      thickness: 1.5,
      width: 0,
    },
    hovertemplate: "%{y}: %{x:.3g}<extra></extra>",
  };
  const height = opts.height ?? Math.max(240, 120 + 36 * rows.length);
  return makeFigure([trace], { ...opts, height }, {
    showlegend: false,
    xaxis: { type: opts.log ? "log" : "linear" },
    yaxis: { type: "category", autorange: "reversed", categoryorder: "array", categoryarray: labels, ticks: "" },
    shapes:
      reference === null
        ? []
        : [{ type: "line", xref: "x", yref: "paper", x0: reference, x1: reference, y0: 0, y1: 1, line: { color: "#666", dash: "dash", width: 1 } }],
  });
}
