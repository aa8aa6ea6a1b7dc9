/** Figures of the calibration study, as plotly specs (see lib/plot). Every title names the model. */
import { barWithCI } from "../plot/bars.js";
import { heatmap } from "../plot/heatmap.js";
import { reliabilityDiagram } from "../plot/reliability.js";
import { lineChart } from "../plot/lines.js";
import type { Figure } from "../plot/types.js";
import { meanCI } from "../stats/intervals.js";
import { contrast, meanTrajectory, meanWeights, perSeed, reliability } from "./analysis.js";
import { runningCalibration } from "./pooled.js";

type Row = Record<string, unknown>;

/** Mean ± 95 % t interval of a metric per protocol, with the per-seed points. */
export function protocolFigure(results: readonly Row[], metric: string, model: string, protocols: readonly string[], control = "none"): Figure {
  const cis = protocols.map((p) => meanCI(perSeed(results, metric, p, control).map((x) => x.value)));
  const fig = barWithCI([...protocols], [{
    name: `mean ± 95% CI (${model})`,
    values: cis.map((c) => c.mean), lower: cis.map((c) => c.lower), upper: cis.map((c) => c.upper),
  }], { title: `${metric} by protocol, control: ${control} (${model})`, yTitle: metric, width: 720, height: 440 });
  fig.data.push({
    type: "scatter", mode: "markers", name: "per seed",
    x: protocols.flatMap((p) => perSeed(results, metric, p, control).map(() => p)),
    y: protocols.flatMap((p) => perSeed(results, metric, p, control).map((x) => x.value)),
    marker: { color: "#222", size: 4, symbol: "circle-open", opacity: 0.5 },
  });
  fig.layout.showlegend = true;
  return fig;
}

/** Paired differences (a − b) with 95 % t intervals, one bar group per metric, one category per contrast. */
export function contrastFigure(results: readonly Row[], contrasts: readonly { a: string; b: string }[], metrics: readonly string[], model: string, control = "none"): Figure {
  const cats = contrasts.map((c) => `${c.a} − ${c.b}`);
  const groups = metrics.map((m) => {
    const cs = contrasts.map((c) => contrast(results, m, c.a, c.b, control).difference);
    return { name: m, values: cs.map((c) => c.mean), lower: cs.map((c) => c.lower), upper: cs.map((c) => c.upper) };
  });
  return barWithCI(cats, groups, { title: `Decomposition, paired by seed, control ${control} (${model})`, yTitle: "difference (95% CI)", width: 820, height: 460 });
}

/** Coupling above the history-matched floor per protocol (γ_TV and γ_VT), mean with 95 % t intervals. */
export function excessFigure(results: readonly Row[], protocols: readonly string[], model: string, control = "none"): Figure {
  const groups = (["gamma_tv_excess", "gamma_vt_excess"] as const).map((m) => {
    const cis = protocols.map((p) => meanCI(perSeed(results, m, p, control).map((x) => x.value)));
    return { name: m === "gamma_tv_excess" ? "γ_TV − floor (T→V)" : "γ_VT − floor (V→T)", values: cis.map((c) => c.mean), lower: cis.map((c) => c.lower), upper: cis.map((c) => c.upper) };
  });
  const n = perSeed(results, "gamma_tv_excess", protocols[0], control).length;
  return barWithCI([...protocols], groups, { title: `Coupling above the noise floor, control ${control}, N = ${n} (${model})`, yTitle: "γ minus the history-matched floor (95% CI)", width: 820, height: 440 });
}

/** γ next to its floors (the history-matched one, B′ → B with R rounds, and the random evaluator carried over), per protocol. */
export function floorFigure(results: readonly Row[], protocols: readonly string[], model: string, direction: "tv" | "vt" = "tv", control = "none"): Figure {
  const cols = direction === "tv" ? ["gamma_tv", "floor_gamma_v_matched", "floor_gamma_v", "gamma_tv_random"] : ["gamma_vt", "floor_gamma_t_matched", "floor_gamma_t", "gamma_vt_random"];
  const groups = cols.map((m) => {
    const cis = protocols.map((p) => meanCI(perSeed(results, m, p, control).map((x) => x.value)));
    return { name: m, values: cis.map((c) => c.mean), lower: cis.map((c) => c.lower), upper: cis.map((c) => c.upper) };
  });
  return barWithCI([...protocols], groups, { title: `γ_${direction.toUpperCase()} and its noise floors (${model})`, yTitle: "γ (mean, 95% CI)", width: 820, height: 440 });
}

/** Heatmap of mean strategy weights (strategies × phases) for one protocol. */
export function weightsHeatmap(weights: readonly Row[], protocol: string, model: string, control = "none"): Figure {
  const m = meanWeights(weights, protocol, control, ["A", "B", "C", "D", "TT", "VV"]);
  return heatmap(m.z, {
    x: m.phases, y: m.strategies, zmin: 0, zmax: Math.max(0.3, ...m.z.flat().filter(Number.isFinite)),
    valueFormat: ".2f", colorbarTitle: "weight",
    title: `Mean weights per phase, ${protocol} (${model})`, width: 640, height: 480,
  });
}

/** Reliability diagram of confidence columns (raw and calibrated) over a run's judgements. */
export function reliabilityFigure(judgements: readonly Row[], columns: readonly string[], model: string): Figure {
  const curves = columns.map((col) => {
    const r = reliability(judgements, col);
    return {
      name: `${col} (ECE ${r.ece.toFixed(3)}, Brier ${r.brier.toFixed(3)})`,
      bins: r.bins.filter((b) => b.count > 0).map((b) => ({ confidence: b.meanConfidence!, accuracy: b.observed!, count: b.count })),
    };
  });
  return reliabilityDiagram(curves, { title: `Judge reliability, raw and calibrated (${model})`, xTitle: "P(candidate better)", yTitle: "observed share candidate better", width: 640, height: 460 });
}

/** ECE against the number of pairs the calibrator had, per column. */
export function runningCalibrationFigure(judgements: readonly Row[], columns: readonly string[], steps: readonly number[], model: string): Figure {
  // bins without judgements are left out (stage 1 ends at R pairs, stage 2 starts with stage 1's pairs)
  const rc = runningCalibration(judgements, columns, steps).filter((r) => r.n > 0);
  return lineChart(columns.map((c) => ({ name: c, x: rc.map((r) => r.k), y: rc.map((r) => r.ece[c]) })), {
    title: `ECE by pairs available to the calibrator (${model})`, xTitle: "pairs available (bin upper edge)", yTitle: "ECE", width: 720, height: 420,
  });
}

/** Mean weight of each strategy over the rounds of a phase. */
export function trajectoryFigure(trajectories: readonly Row[], protocol: string, phase: string, model: string, control = "none"): Figure {
  const t = meanTrajectory(trajectories, protocol, phase, control);
  return lineChart(t.series.map((s) => ({ name: s.strategy, x: t.rounds, y: s.mean })), {
    markers: false, title: `Mean weights over phase ${phase}, ${protocol} (${model})`, xTitle: "round", yTitle: "weight", width: 720, height: 440,
  });
}

/** Weight shift explained by each bias (none − control), per strategy, with 95 % intervals. */
export function biasFigure(attribution: readonly Row[], model: string, phase = "A"): Figure {
  const strategies = [...new Set(attribution.map((r) => String(r.strategy)))];
  const biases = [...new Set(attribution.map((r) => String(r.bias)))];
  const groups = biases.map((b) => {
    const rows = strategies.map((s) => attribution.find((r) => r.strategy === s && r.bias === b)!);
    return { name: `${b} bias`, values: rows.map((r) => Number(r.shift)), lower: rows.map((r) => Number(r.ci_lower)), upper: rows.map((r) => Number(r.ci_upper)) };
  });
  const where = phase === "own" ? "each strategy in its own modality's phase" : `phase ${phase}`;
  return barWithCI(strategies, groups, { title: `Weight shift per judge bias, ${where} (${model})`, yTitle: "weight(none) − weight(control)", width: 860, height: 460 });
}
