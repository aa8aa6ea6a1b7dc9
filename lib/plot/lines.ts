import { makeFigure } from "./theme.js";
import type { BaseOptions, Figure, Trace } from "./types.js";
import { colorAt, expectLength, withAlpha } from "./util.js";

/** One line of a line chart, with an optional confidence band `[lower, upper]` drawn as a ribbon. */
export interface LineSeries {
  name: string;
  x: readonly (number | string)[];
  y: readonly number[];
  lower?: readonly number[];
  upper?: readonly number[];
  /** Dashed line (e.g. a reference or a baseline). */
  dash?: boolean;
}

/** Options of `lineChart`. */
export interface LineChartOptions extends BaseOptions {
  /** Show point markers on the lines; default true. */
  markers?: boolean;
}

/**
 * A line chart: one line per series, each with an optional translucent CI ribbon in the line's colour.
 *
 * @throws {DataError} when `y`, `lower` or `upper` do not have one value per `x`.
 * @example
 * lineChart([{ name: "recall", x: [1, 2, 3], y: [0.5, 0.6, 0.7], lower: [0.4, 0.5, 0.6], upper: [0.6, 0.7, 0.8] }],
 *   { title: "Recall by session (offline:tbs-cognitive-v1)", xTitle: "session", yTitle: "recall" });
 */
export function lineChart(series: readonly LineSeries[], opts: LineChartOptions = {}): Figure {
  const data: Trace[] = [];
  series.forEach((s, i) => {
    const n = s.x.length;
    expectLength("plot.lineChart", `${s.name}.y`, s.y, n);
    expectLength("plot.lineChart", `${s.name}.lower`, s.lower, n);
    expectLength("plot.lineChart", `${s.name}.upper`, s.upper, n);
    const color = colorAt(i);
    if (s.lower && s.upper) {
      data.push({
        type: "scatter",
        mode: "lines",
        x: [...s.x, ...[...s.x].reverse()],
        y: [...s.upper, ...[...s.lower].reverse()],
        fill: "toself",
        fillcolor: withAlpha(color, 0.18),
        line: { width: 0, color },
        hoverinfo: "skip",
        showlegend: false,
        legendgroup: s.name,
        name: `${s.name} CI`,
      });
    }
    data.push({
      type: "scatter",
      mode: opts.markers === false ? "lines" : "lines+markers",
      name: s.name,
      legendgroup: s.name,
      x: [...s.x],
      y: [...s.y],
      line: { color, width: 2, ...(s.dash ? { dash: "dash" } : {}) },
      marker: { size: 6 },
    });
  });
  return makeFigure(data, opts, { showlegend: series.length > 1 });
}

/** One group of points of a scatter plot. */
export interface ScatterSeries {
  name: string;
  x: readonly number[];
  y: readonly number[];
  /** Hover label per point. */
  text?: readonly string[];
}

/** Options of `scatter`. */
export interface ScatterOptions extends BaseOptions {
  /** Marker size in pixels; default 7. */
  markerSize?: number;
  /** Draw the identity line y = x across the data range (for predicted-vs-observed plots). */
  identity?: boolean;
}

/**
 * A scatter plot: one marker trace per series, optionally with the identity line.
 *
 * @throws {DataError} when `y` or `text` do not have one value per `x`.
 * @example
 * scatter([{ name: "items", x: [0.1, 0.5], y: [0.2, 0.4] }], { title: "Predicted vs observed", identity: true });
 */
export function scatter(series: readonly ScatterSeries[], opts: ScatterOptions = {}): Figure {
  const data: Trace[] = series.map((s, i) => {
    expectLength("plot.scatter", `${s.name}.y`, s.y, s.x.length);
    expectLength("plot.scatter", `${s.name}.text`, s.text, s.x.length);
    return {
      type: "scatter",
      mode: "markers",
      name: s.name,
      x: [...s.x],
      y: [...s.y],
      ...(s.text ? { text: [...s.text] } : {}),
      marker: { color: colorAt(i), size: opts.markerSize ?? 7, opacity: 0.8 },
    };
  });
  if (opts.identity) {
    const all = series.flatMap((s) => [...s.x, ...s.y]).filter(Number.isFinite);
    const lo = Math.min(...all);
    const hi = Math.max(...all);
    data.push({
      type: "scatter",
      mode: "lines",
      name: "y = x",
      x: [lo, hi],
      y: [lo, hi],
      line: { color: "#888", dash: "dash", width: 1 },
      hoverinfo: "skip",
    });
  }
  return makeFigure(data, opts, { showlegend: data.length > 1 });
}
