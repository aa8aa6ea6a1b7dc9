/** Figures of the calibration study, as plotly specs (see lib/plot). */
import { barWithCI } from "../plot/bars.js";
import { heatmap } from "../plot/heatmap.js";
import { reliabilityDiagram } from "../plot/reliability.js";
import { scatter } from "../plot/lines.js";
import type { Figure } from "../plot/types.js";
import { compareProtocols, meanWeights, perSeed, reliability } from "./analysis.js";

type Row = Record<string, unknown>;

/** The paper's reported γ values (labelled as the paper's, GLM5.2 judge / DeepSeek-V4-Pro executor). */
export const PAPER_GAMMA = { gamma_tv: { binary: 0.924, calibrated: 0.744 }, gamma_vt: { binary: 1.58, calibrated: 0.806 } };

/** Per-seed points and means ± 95 % t interval of a metric by protocol, with the paper's values as dashed lines. */
export function protocolFigure(results: readonly Row[], metric: "gamma_tv" | "gamma_vt" | "jsd_tv" | "jsd_vt" | "gamma_tt", model: string, control = "none"): Figure {
  const cmp = compareProtocols(results, metric, control);
  const fig = barWithCI(["binary", "calibrated"], [{
    name: `mean ± 95% CI (${model})`,
    values: [cmp.binary.mean, cmp.calibrated.mean],
    lower: [cmp.binary.lower, cmp.calibrated.lower],
    upper: [cmp.binary.upper, cmp.calibrated.upper],
  }], { title: `${metric} by protocol, control: ${control} (${model})`, yTitle: metric, width: 560, height: 460 });
  for (const protocol of ["binary", "calibrated"]) {
    const pts = perSeed(results, metric, protocol, control);
    fig.data.push({
      type: "scatter", mode: "markers", name: "per seed", legendgroup: "seeds", showlegend: protocol === "binary",
      x: pts.map(() => protocol), y: pts.map((p) => p.value), text: pts.map((p) => `seed ${p.seed}`),
      marker: { color: "#222", size: 6, symbol: "circle-open" },
    });
  }
  // The legend names every layer: the model's means, its per-seed points and the paper's reference values.
  fig.layout.showlegend = true;
  fig.layout.legend = { ...(fig.layout.legend as object), orientation: "h", x: 0, y: -0.18, xanchor: "left", yanchor: "top" };
  const paper = (PAPER_GAMMA as Record<string, { binary: number; calibrated: number }>)[metric];
  if (paper) {
    fig.data.push({
      type: "scatter", mode: "lines+markers", name: "paper's values (LLM judge, not this model)",
      x: ["binary", "calibrated"], y: [paper.binary, paper.calibrated],
      line: { dash: "dash", color: "#c0392b", width: 1.5 }, marker: { symbol: "diamond", size: 8, color: "#c0392b" },
    });
  }
  return fig;
}

/** Heatmap of mean strategy weights (strategies × phases) for one protocol. */
export function weightsHeatmap(weights: readonly Row[], protocol: string, model: string, control = "none"): Figure {
  const m = meanWeights(weights, protocol, control);
  return heatmap(m.z, {
    x: m.phases, y: m.strategies, zmin: 0, zmax: Math.max(0.3, ...m.z.flat().filter(Number.isFinite)),
    valueFormat: ".2f", colorbarTitle: "weight",
    title: `Mean strategy weights per phase, ${protocol} (${model})`, width: 560, height: 480,
  });
}

/** Reliability diagram of the judge's raw, isotonic-calibrated and Platt confidences (calibrated protocol). */
export function reliabilityFigure(judgements: readonly Row[], model: string, control = "none"): Figure {
  const rows = judgements.filter((j) => j.protocol === "calibrated" && j.control === control);
  const curves = (["raw_confidence", "calibrated_confidence", "platt_confidence"] as const).map((col) => {
    const r = reliability(rows, col);
    return {
      name: `${col.replace("_confidence", "")} (ECE ${r.ece.toFixed(3)}, Brier ${r.brier.toFixed(3)})`,
      bins: r.bins.filter((b) => b.count > 0).map((b) => ({ confidence: b.meanConfidence!, accuracy: b.observed!, count: b.count })),
    };
  });
  return reliabilityDiagram(curves, { title: `Judge reliability before and after calibration (${model})`, xTitle: "stated P(candidate better)", yTitle: "observed share candidate better", width: 600, height: 440 });
}

/** Paired differences (calibrated − binary) with 95 % CIs per metric and control. */
export function differencesFigure(results: readonly Row[], metrics: readonly string[], controls: readonly string[], model: string): Figure {
  const groups = controls.map((control) => {
    const cmps = metrics.map((m) => compareProtocols(results, m, control));
    return {
      name: control,
      values: cmps.map((c) => c.difference.mean),
      lower: cmps.map((c) => c.difference.lower),
      upper: cmps.map((c) => c.difference.upper),
    };
  });
  return barWithCI([...metrics], groups, { title: `Calibrated − binary, paired by seed, by control (${model})`, yTitle: "difference (95% CI)", width: 720, height: 420 });
}

/** Raw stated confidences against their calibrated values. */
export function calibrationMapFigure(judgements: readonly Row[], model: string): Figure {
  const rows = judgements.filter((j) => j.protocol === "calibrated" && j.control === "none" && j.calibrated_confidence !== null);
  return scatter([{ name: "judgements", x: rows.map((r) => Number(r.raw_confidence)), y: rows.map((r) => Number(r.calibrated_confidence)) }],
    { title: `Sliding-window isotonic map: raw → calibrated confidence (${model})`, xTitle: "raw", yTitle: "calibrated", width: 520, height: 420 });
}
