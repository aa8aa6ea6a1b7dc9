/**
 * TBS figures as plotly specs (`plot.Figure`). Every title names the model that produced the data.
 */
import { barWithCI, forestPlot, heatmap, lineChart, scatter, type Figure } from "../plot/index.js";
import { makeFigure, PALETTE } from "../plot/theme.js";
import type { Trace } from "../plot/types.js";
import type { GlmmResult } from "../stats/index.js";
import { meanBy, type Row } from "./analysis.js";
import type { RecoveryEstimate, RecoverySlope } from "./recovery.js";

/**
 * Mean index (± 1.96 SE) by interval for each level of a condition factor.
 * @example indexTrajectories(rows, "dissonance_index", "mode", "offline:tbs-cognitive-v1")
 */
export function indexTrajectories(rows: Row[], index: "dissonance_index" | "silence_index", factor: string, model: string): Figure {
  const series = meanBy(rows, index, factor).map((g) => ({
    name: `${factor} = ${g.level}`,
    x: g.interval,
    y: g.mean,
    lower: g.mean.map((m, i) => m - 1.96 * g.se[i]),
    upper: g.mean.map((m, i) => m + 1.96 * g.se[i]),
  }));
  const what = index === "dissonance_index" ? "Dissonance index" : "Silence-pressure index";
  return lineChart(series, { title: `${what} by interval and ${factor}<br><sup>${model}</sup>`, xTitle: "interval", yTitle: what, markers: false });
}

/**
 * Forest plot of the odds ratios of a logistic GLMM (intercept left out), log axis.
 * @example oddsRatioForest(willingnessModel(rows), "offline:tbs-cognitive-v1")
 */
export function oddsRatioForest(fit: GlmmResult, model: string, title = "Willingness to speak: odds ratios per 0.1 of the index"): Figure {
  const rows = fit.fixefNames
    .filter((n) => n !== "(Intercept)")
    .map((n) => ({ label: n, estimate: fit.oddsRatio[n].estimate, lower: fit.oddsRatio[n].lower, upper: fit.oddsRatio[n].upper }));
  return forestPlot(rows, { title: `${title}<br><sup>${model}</sup>`, xTitle: "odds ratio (95% Wald CI)", log: true });
}

/**
 * Floor share by persona: the fraction of that persona's agent-intervals in which it spoke, by mode.
 * @example speakingShareFigure(rows, "offline:tbs-cognitive-v1")
 */
export function speakingShareFigure(rows: Row[], model: string): Figure {
  const personas = [...new Set(rows.map((r) => r.persona as string))];
  const modes = [...new Set(rows.map((r) => r.mode as string))].sort();
  const groups = modes.map((mode) => {
    const vals = personas.map((p) => {
      const xs = rows.filter((r) => r.persona === p && r.mode === mode);
      const k = xs.filter((r) => r.spoke).length;
      const n = xs.length || 1;
      const q = k / n;
      const se = Math.sqrt((q * (1 - q)) / n);
      return [q, Math.max(0, q - 1.96 * se), q + 1.96 * se];
    });
    return { name: `mode = ${mode}`, values: vals.map((v) => v[0]), lower: vals.map((v) => v[1]), upper: vals.map((v) => v[2]) };
  });
  return barWithCI(personas, groups, { title: `Speaking rate by persona and mode<br><sup>${model}</sup>`, yTitle: "P(spoke) per agent-interval" });
}

/**
 * Parameter recovery over the grid: the mean estimate per grid point (over seeds) against the generating value, on the
 * latent scale (the rule's own linear predictor, u_i known) and on the item indices, with the identity line (perfect recovery).
 */
export function recoveryFigure(est: RecoveryEstimate[], model: string): Figure {
  const series = (["latent", "items"] as const).flatMap((scale) =>
    (["bD", "bS"] as const).map((term) => {
      const pts = new Map<string, { truth: number; sum: number; n: number }>();
      for (const e of est.filter((x) => x.scale === scale && x.term === term)) {
        const k = `${e.point}`;
        const p = pts.get(k) ?? { truth: e.truth, sum: 0, n: 0 };
        p.sum += e.estimate;
        p.n++;
        pts.set(k, p);
      }
      const xs = [...pts.values()];
      return { name: `${term === "bD" ? "b_D (dissonance)" : "b_S (silence)"}, ${scale === "latent" ? "latent fit (u_i known)" : "item-index fit"}`, x: xs.map((p) => p.truth), y: xs.map((p) => p.sum / p.n) };
    }),
  );
  return scatter(series, { title: `Parameter recovery over the grid: mean estimate vs generating value<br><sup>${model}</sup>`, xTitle: "generating value (logit per 0.1)", yTitle: "mean estimate over seeds", identity: true });
}

/**
 * A transcript excerpt as a plotly table: interval, speaker, private state (stance, indices, strategy, willing) and
 * the utterance, with the monologue of the speaker beside it.
 */
export function transcriptTable(states: Row[], utterances: Row[], runId: string, from: number, to: number, model: string): Figure {
  const us = utterances.filter((u) => u.run_id === runId && (u.interval as number) >= from && (u.interval as number) <= to);
  const stateOf = (u: Row) => states.find((s) => s.run_id === runId && s.interval === u.interval && s.agent_id === u.agent_id);
  const cols: string[][] = [[], [], [], [], []];
  for (const u of us) {
    const s = stateOf(u);
    cols[0].push(String(u.interval));
    cols[1].push(`${u.persona}${u.forced ? " (forced)" : ""}`);
    cols[2].push(s ? `stance ${s.private_stance} → said ${u.expressed_stance}; D ${(s.dissonance_index as number).toFixed(2)}, S ${(s.silence_index as number).toFixed(2)}; ${u.strategy}` : "");
    cols[3].push(String(u.text ?? ""));
    cols[4].push(String(s?.monologue ?? ""));
  }
  return {
    data: [
      {
        type: "table",
        columnwidth: [40, 110, 170, 260, 260],
        header: { values: ["v", "speaker", "private state", "utterance", "monologue"], align: "left", font: { size: 11 } },
        cells: { values: cols, align: "left", font: { size: 10 }, height: 22 },
      },
    ],
    layout: { title: { text: `Transcript excerpt, intervals ${from}–${to}<br><sup>${runId} · ${model}</sup>` }, width: 1000, height: 110 + 70 * us.length, margin: { l: 10, r: 10, t: 70, b: 10 } },
  } as Figure;
}

/**
 * The sensitivity map of P(spoke | willing)'s odds ratio (Willing vs Rotation) over assumed willingness intercepts
 * (columns) and numbers of agents (rows).
 */
export function orSensitivityFigure(cells: { intercept: number; agents: number; or: number }[], model: string): Figure {
  const xs = [...new Set(cells.map((c) => c.intercept))].sort((a, b) => a - b);
  const ys = [...new Set(cells.map((c) => c.agents))].sort((a, b) => a - b);
  const z = ys.map((a) => xs.map((b) => cells.find((c) => c.agents === a && c.intercept === b)?.or ?? NaN));
  return heatmap(z, {
    x: xs.map((b) => `b0 = ${b}`),
    y: ys.map((a) => `${a} agents`),
    title: `Odds ratio of P(spoke | willing), Willing vs Rotation, by assumed intercept and group size<br><sup>${model}</sup>`,
    valueFormat: ".2f",
    colorbarTitle: "OR",
  });
}

/**
 * Recovered-vs-generating slopes by horizon (intervals per run) with their 95 % CIs, for the fit with u_i known and
 * the one with u_i estimated; the band is the criterion's |slope − 1| < 0.1.
 */
export function recoveryHorizonFigure(slopes: RecoverySlope[], model: string): Figure {
  const hs = [...new Set(slopes.map((s) => s.intervals))].sort((a, b) => a - b);
  const data: Trace[] = [];
  let k = 0;
  for (const scale of ["latent", "latent-re"] as const) {
    for (const term of ["bD", "bS"] as const) {
      const ss = hs.map((h) => slopes.find((s) => s.scale === scale && s.term === term && s.intervals === h)!).filter(Boolean);
      data.push({
        type: "scatter",
        mode: "lines+markers",
        name: `${term === "bD" ? "b_D" : "b_S"}, ${scale === "latent" ? "u_i known" : "u_i estimated"}`,
        x: ss.map((s) => s.intervals + (k - 1.5) * 0.8),
        y: ss.map((s) => s.slope),
        error_y: { type: "data", symmetric: false, array: ss.map((s) => s.upper - s.slope), arrayminus: ss.map((s) => s.slope - s.lower), color: PALETTE[k] },
        line: { color: PALETTE[k], dash: scale === "latent" ? "solid" : "dot" },
        marker: { color: PALETTE[k], size: 7 },
      });
      k++;
    }
  }
  const band = [0.9, 1, 1.1].map((y) => ({ type: "line", xref: "paper", x0: 0, x1: 1, y0: y, y1: y, line: { color: y === 1 ? "#555" : "#aaa", dash: "dot", width: 1 } }));
  return makeFigure(data, { title: `Recovered-vs-generating slope by run length (95 % CI; criterion: CI contains 1, |slope − 1| < 0.1)<br><sup>${model}</sup>`, xTitle: "intervals per run", yTitle: "slope of recovered on generating value" }, { shapes: band });
}

