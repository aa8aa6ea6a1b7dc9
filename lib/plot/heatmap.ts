import { makeFigure } from "./theme.js";
import type { BaseOptions, Figure } from "./types.js";
import { expectLength } from "./util.js";

/** Options of `heatmap`. */
export interface HeatmapOptions extends BaseOptions {
  /** Column labels (one per column of z). */
  x?: readonly (string | number)[];
  /** Row labels (one per row of z); the first row is drawn at the top. */
  y?: readonly (string | number)[];
  /** Colour range; default the data range. */
  zmin?: number;
  zmax?: number;
  /** plotly colour scale name or stops; default "Viridis". */
  colorscale?: string | [number, string][];
  /** Write each cell's value in the cell with this d3 format (e.g. ".2f"); default none. */
  valueFormat?: string;
  /** Colour bar title. */
  colorbarTitle?: string;
}

/**
 * A heatmap of a matrix `z[row][column]`, first row on top, optional values written in the cells.
 *
 * @throws {DataError} when rows differ in length or the labels do not match the matrix.
 * @example
 * heatmap([[0, 0.2], [0.2, 0]], { x: ["A", "B"], y: ["A", "B"], title: "JS distance between agents", valueFormat: ".2f" });
 */
export function heatmap(z: readonly (readonly number[])[], opts: HeatmapOptions = {}): Figure {
  const cols = z[0]?.length ?? 0;
  z.forEach((row, i) => expectLength("plot.heatmap", `z[${i}]`, row, cols));
  expectLength("plot.heatmap", "x", opts.x, cols);
  expectLength("plot.heatmap", "y", opts.y, z.length);
  const trace = {
    type: "heatmap",
    z: z.map((row) => [...row]),
    ...(opts.x ? { x: [...opts.x] } : {}),
    ...(opts.y ? { y: [...opts.y] } : {}),
    colorscale: opts.colorscale ?? "Viridis",
    ...(opts.zmin !== undefined ? { zmin: opts.zmin } : {}),
    ...(opts.zmax !== undefined ? { zmax: opts.zmax } : {}),
    ...(opts.valueFormat ? { texttemplate: `%{z:${opts.valueFormat}}`, textfont: { size: (opts.fontSize ?? 12) - 1 } } : {}),
    colorbar: { thickness: 14, ...(opts.colorbarTitle ? { title: { text: opts.colorbarTitle } } : {}) },
  };
  return makeFigure([trace], opts, {
    xaxis: { type: "category", showgrid: false, ticks: "" },
    yaxis: { type: "category", showgrid: false, ticks: "", autorange: "reversed" },
  });
}
