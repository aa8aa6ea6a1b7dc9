import { makeFigure } from "./theme.js";
import type { BaseOptions, Figure, Trace } from "./types.js";
import { colorAt, expectLength } from "./util.js";

/** One group of bars (one colour), with optional CI bounds per category. */
export interface BarGroup {
  name: string;
  values: readonly number[];
  lower?: readonly number[];
  upper?: readonly number[];
}

/** Options of `barWithCI`. */
export interface BarOptions extends BaseOptions {
  /** Horizontal bars; default false. */
  horizontal?: boolean;
}

/**
 * Grouped bars with asymmetric error bars from CI bounds (`lower ≤ value ≤ upper`).
 *
 * @throws {DataError} when a group does not have one value (and bound) per category.
 * @example
 * barWithCI(["willing", "unwilling"], [{ name: "gpt-4o-mini", values: [0.62, 0.31], lower: [0.55, 0.25], upper: [0.69, 0.37] }],
 *   { title: "Agreement by mode (offline:gated-v1)", yTitle: "share" });
 */
export function barWithCI(categories: readonly string[], groups: readonly BarGroup[], opts: BarOptions = {}): Figure {
  const n = categories.length;
  const data: Trace[] = groups.map((g, i) => {
    expectLength("plot.barWithCI", `${g.name}.values`, g.values, n);
    expectLength("plot.barWithCI", `${g.name}.lower`, g.lower, n);
    expectLength("plot.barWithCI", `${g.name}.upper`, g.upper, n);
    const error =
      g.lower && g.upper
        ? {
            type: "data",
            symmetric: false,
            array: g.values.map((v, j) => g.upper![j]! - v),
            arrayminus: g.values.map((v, j) => v - g.lower![j]!),
            color: "#333",
            thickness: 1.2,
            width: 4,
          }
        : undefined;
    const cat = [...categories];
    const val = [...g.values];
    return {
      type: "bar",
      name: g.name,
      marker: { color: colorAt(i) },
      ...(opts.horizontal
        ? { orientation: "h", y: cat, x: val, ...(error ? { error_x: error } : {}) }
        : { x: cat, y: val, ...(error ? { error_y: error } : {}) }),
    };
  });
  return makeFigure(data, opts, { barmode: "group", bargap: 0.25, showlegend: groups.length > 1 });
}

/** One distribution of a histogram. */
export interface HistogramSeries {
  name: string;
  values: readonly number[];
}

/** Options of `histogram`. */
export interface HistogramOptions extends BaseOptions {
  /** Maximum number of bins; default plotly's choice. */
  bins?: number;
  /** "count" (default) or "probability" (each series sums to 1). */
  normalize?: "count" | "probability";
}

/**
 * Histograms of one or more distributions, overlaid with transparency when there are several.
 *
 * @example
 * histogram([{ name: "confidence", values: [0.2, 0.8, 0.9] }], { title: "Stated confidence", bins: 10 });
 */
export function histogram(series: readonly HistogramSeries[], opts: HistogramOptions = {}): Figure {
  const data: Trace[] = series.map((s, i) => ({
    type: "histogram",
    name: s.name,
    x: [...s.values],
    marker: { color: colorAt(i), line: { color: "#fff", width: 0.5 } },
    opacity: series.length > 1 ? 0.6 : 1,
    ...(opts.bins ? { nbinsx: opts.bins } : {}),
    ...(opts.normalize === "probability" ? { histnorm: "probability" } : {}),
  }));
  return makeFigure(data, { yTitle: opts.normalize === "probability" ? "probability" : "count", ...opts }, {
    barmode: "overlay",
    showlegend: series.length > 1,
  });
}
