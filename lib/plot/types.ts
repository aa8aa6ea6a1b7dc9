/**
 * The figure type of the plot layer: a plain plotly.js spec, serialisable as JSON.
 * Builders return it; `show` and `save` consume it; callers may edit it like any object.
 */

/** One plotly.js trace (`{ type: "scatter", x, y, … }`). Kept open: plotly has hundreds of attributes. */
export type Trace = Record<string, unknown>;

/** A plotly.js layout (`{ title, xaxis, yaxis, … }`). */
export type Layout = Record<string, unknown>;

/** A plotly.js config (`{ displaylogo, responsive, … }`). */
export type PlotConfig = Record<string, unknown>;

/** A figure: the plotly.js spec `{ data, layout, config? }`. */
export interface Figure {
  data: Trace[];
  layout: Layout;
  config?: PlotConfig;
}

/** Options shared by every builder. */
export interface BaseOptions {
  /** Figure title: what it shows and which model produced the data, e.g. "Recall by condition (offline:tbs-cognitive-v1)". */
  title?: string;
  /** x-axis title. */
  xTitle?: string;
  /** y-axis title. */
  yTitle?: string;
  /** Width in CSS pixels (96 per inch); default 640. */
  width?: number;
  /** Height in CSS pixels; default 400. */
  height?: number;
  /** Base font size in points of the theme; default 12. */
  fontSize?: number;
}
