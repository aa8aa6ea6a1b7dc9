import type { BaseOptions, Figure, Layout, Trace } from "./types.js";

/** The font stack of every figure: DejaVu Sans (Debian `fonts-dejavu-core`), then common sans fallbacks. */
export const FONT_FAMILY = "DejaVu Sans, Liberation Sans, Arial, sans-serif";

/** A colour-blind-safe qualitative palette (Okabe & Ito, 2008), in trace order. */
export const PALETTE = ["#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9", "#F0E442", "#000000"];

/** Options of the paper theme. */
export interface ThemeOptions {
  /** Base font size (axis ticks and legend); default 12. Titles are 2 points larger. */
  fontSize?: number;
  /** Width in CSS pixels; default 640. */
  width?: number;
  /** Height in CSS pixels; default 400. */
  height?: number;
}

/**
 * The paper theme: white background, light grid, DejaVu Sans, the Okabe–Ito palette, compact margins.
 *
 * @example
 * paperLayout({ fontSize: 10 }).font; // { family: "DejaVu Sans, …", size: 10, color: "#222" }
 */
export function paperLayout(opts: ThemeOptions = {}): Layout {
  const size = opts.fontSize ?? 12;
  const axis = {
    showline: true,
    linecolor: "#444",
    ticks: "outside",
    gridcolor: "#e5e5e5",
    zeroline: false,
    automargin: true,
    title: { font: { size: size + 1 } },
  };
  return {
    font: { family: FONT_FAMILY, size, color: "#222" },
    colorway: PALETTE,
    paper_bgcolor: "#ffffff",
    plot_bgcolor: "#ffffff",
    width: opts.width ?? 640,
    height: opts.height ?? 400,
    margin: { l: 64, r: 24, t: 56, b: 56 },
    legend: { bgcolor: "rgba(255,255,255,0.8)" },
    xaxis: { ...axis },
    yaxis: { ...axis },
  };
}

/** The config of every figure: no plotly logo, static-friendly. */
export const DEFAULT_CONFIG = { displaylogo: false, responsive: false } as const;

/**
 * Assembles a figure from traces, the paper theme and builder options; `extra` is merged over the layout
 * (one level deep for `xaxis` and `yaxis`).
 *
 * @example
 * makeFigure([{ type: "bar", x: ["a"], y: [1] }], { title: "Counts" }).layout.title; // { text: "Counts", … }
 */
export function makeFigure(data: Trace[], opts: BaseOptions, extra: Layout = {}): Figure {
  const base = paperLayout(opts);
  const layout: Layout = { ...base, ...extra };
  for (const key of ["xaxis", "yaxis"] as const) {
    const title = key === "xaxis" ? opts.xTitle : opts.yTitle;
    layout[key] = {
      ...(base[key] as object),
      ...(title !== undefined ? { title: { text: title, font: { size: (opts.fontSize ?? 12) + 1 } } } : {}),
      ...((extra[key] as object | undefined) ?? {}),
    };
  }
  if (opts.title !== undefined) {
    layout.title = { text: opts.title, x: 0.02, xanchor: "left", font: { size: (opts.fontSize ?? 12) + 2 } };
  }
  return { data, layout, config: { ...DEFAULT_CONFIG } };
}
