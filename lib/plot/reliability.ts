import { makeFigure } from "./theme.js";
import type { BaseOptions, Figure, Trace } from "./types.js";
import { colorAt, withAlpha } from "./util.js";

/** One bin of a reliability diagram: mean stated confidence, observed accuracy, number of items. */
export interface ReliabilityBin {
  confidence: number;
  accuracy: number;
  count: number;
}

/** One calibration curve (e.g. one model or one condition). */
export interface ReliabilityCurve {
  name: string;
  bins: readonly ReliabilityBin[];
}

/** Options of `reliabilityDiagram`. */
export interface ReliabilityOptions extends BaseOptions {
  /** Show the item counts per bin as bars on a right-hand axis; default true. */
  counts?: boolean;
}

/**
 * A reliability diagram: observed accuracy against stated confidence per bin, the diagonal of perfect
 * calibration, and the number of items per bin as translucent bars on a right-hand axis.
 *
 * @example
 * reliabilityDiagram([{ name: "verbal", bins: [{ confidence: 0.15, accuracy: 0.3, count: 12 }, { confidence: 0.85, accuracy: 0.7, count: 40 }] }],
 *   { title: "Calibration (offline:calibration-v1)" });
 */
export function reliabilityDiagram(curves: readonly ReliabilityCurve[], opts: ReliabilityOptions = {}): Figure {
  const showCounts = opts.counts ?? true;
  const data: Trace[] = [];
  if (showCounts) {
    curves.forEach((c, i) =>
      data.push({
        type: "bar",
        name: `${c.name} (n)`,
        x: c.bins.map((b) => b.confidence),
        y: c.bins.map((b) => b.count),
        yaxis: "y2",
        width: 0.04,
        marker: { color: withAlpha(colorAt(i), 0.25) },
        showlegend: false,
        hovertemplate: "n = %{y}<extra></extra>",
      }),
    );
  }
  data.push({
    type: "scatter",
    mode: "lines",
    name: "perfect calibration",
    x: [0, 1],
    y: [0, 1],
    line: { color: "#888", dash: "dash", width: 1 },
    hoverinfo: "skip",
  });
  curves.forEach((c, i) =>
    data.push({
      type: "scatter",
      mode: "lines+markers",
      name: c.name,
      x: c.bins.map((b) => b.confidence),
      y: c.bins.map((b) => b.accuracy),
      text: c.bins.map((b) => `n = ${b.count}`),
      line: { color: colorAt(i), width: 2 },
      marker: { size: 7 },
    }),
  );
  const size = opts.fontSize ?? 12;
  return makeFigure(data, { xTitle: "stated confidence", yTitle: "observed accuracy", ...opts }, {
    xaxis: { range: [0, 1], dtick: 0.2 },
    yaxis: { range: [0, 1], dtick: 0.2 },
    ...(showCounts
      ? {
          yaxis2: {
            overlaying: "y",
            side: "right",
            showgrid: false,
            rangemode: "tozero",
            tickmode: "auto",
            nticks: 6,
            title: { text: "items per bin", font: { size: size + 1 } },
            automargin: true,
          },
        }
      : {}),
    legend: { x: 0.02, y: 0.98, bgcolor: "rgba(255,255,255,0.8)" },
  });
}
