// The plot layer: figures are plotly.js specs built by small functions, shown inline in notebooks and saved for papers.
export type { Figure, Trace, Layout, PlotConfig, BaseOptions } from "./types.js";
export { paperLayout, makeFigure, FONT_FAMILY, PALETTE, type ThemeOptions } from "./theme.js";
export { lineChart, scatter, type LineSeries, type LineChartOptions, type ScatterSeries, type ScatterOptions } from "./lines.js";
export { barWithCI, histogram, type BarGroup, type BarOptions, type HistogramSeries, type HistogramOptions } from "./bars.js";
export { forestPlot, type ForestRow, type ForestOptions } from "./forest.js";
export { heatmap, type HeatmapOptions } from "./heatmap.js";
export { reliabilityDiagram, type ReliabilityBin, type ReliabilityCurve, type ReliabilityOptions } from "./reliability.js";
export { renderSVG, renderPNG, type RenderSize } from "./render.js";
export { save, paperSize, type SaveOptions, type FigureFormat } from "./save.js";
export { show } from "./show.js";
export { table, tableHtml, tableText, formatCell, type TableOptions, type TableValue } from "./table.js";
export { figureRows, figureCSV } from "./data.js";
export { closeBrowser as close, setBrowserIdle } from "./browser.js";
