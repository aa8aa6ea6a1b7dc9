/**
 * Figures of a gated run, as plotly specs built with the plot layer. Every title names the model
 * that produced the data (pass it in `model`).
 */
import { barWithCI, histogram, scatter } from "../plot/index.js";
import type { Figure } from "../plot/index.js";
import type { SummaryRow } from "./analysis.js";

type Row = Record<string, unknown>;

/**
 * One metric by policy (categories) and scenario (groups), with its 95 % interval.
 * @example
 * metricBars(summary, "tsr", "Task success rate", "offline:gated-cost-v1 (parametric model)");
 */
export function metricBars(rows: SummaryRow[], metric: "tsr" | "cs" | "lrr" | "uer" | "ecr", label: string, model: string): Figure {
  const policies = [...new Set(rows.map((r) => r.policy))];
  const scenarios = [...new Set(rows.map((r) => r.scenario))];
  const pick = (p: string, s: string, suffix: "" | "_lo" | "_hi") => {
    const r = rows.find((x) => x.policy === p && x.scenario === s);
    const v = r ? (r[`${metric}${suffix}` as keyof SummaryRow] as number) : NaN;
    return Number.isFinite(v) ? v : 0;
  };
  return barWithCI(policies, scenarios.map((s) => ({
    name: s,
    values: policies.map((p) => pick(p, s, "")),
    lower: policies.map((p) => Math.min(pick(p, s, "_lo"), pick(p, s, ""))),
    upper: policies.map((p) => Math.max(pick(p, s, "_hi"), pick(p, s, ""))),
  })), { title: `${label} by policy and scenario — ${model}`, yTitle: label, width: 820, height: 420 });
}

/**
 * Distribution of the escalation score S at the gate, by the gate's decision, with T_low and T_high.
 * @example
 * scoreDistribution(events.filter((e) => e.policy === "gated"), 0.15, 0.9, model);
 */
export function scoreDistribution(events: Row[], tLow: number, tHigh: number, model: string): Figure {
  const gate = events.filter((e) => e.event === "gate" && typeof e.S === "number");
  const by = (d: string) => gate.filter((e) => e.decision === d).map((e) => e.S as number);
  const series = [
    { name: "local (S ≤ T_low)", values: by("local") },
    { name: "gray zone → adjudicator", values: by("adjudicate") },
    { name: "escalate (S ≥ T_high)", values: by("escalate") },
  ].filter((s) => s.values.length > 0);
  const fig = histogram(series, { title: `Escalation scores at the gate — ${model}`, xTitle: "S", yTitle: "problems", width: 820 });
  const all = series.flatMap((x) => x.values);
  const lo = Math.min(tLow, ...all), hi = Math.max(tHigh, ...all);
  for (const t of fig.data) t.xbins = { start: lo, end: hi + 1e-9, size: (hi - lo) / 40 || 0.05 }; // shared bins across decisions
  const line = (x: number) => ({ type: "line", x0: x, x1: x, yref: "paper", y0: 0, y1: 1, line: { dash: "dash", width: 1.5, color: "#444" } });
  fig.layout.shapes = [line(tLow), line(tHigh)];
  fig.layout.annotations = [
    { x: tLow, y: 1.02, yref: "paper", text: "T_low", showarrow: false },
    { x: tHigh, y: 1.02, yref: "paper", text: "T_high", showarrow: false },
  ];
  return fig;
}

const KINDS: [string, (e: Row) => boolean, number][] = [
  ["disruption", (e) => e.event === "disruption", 0.3],
  ["problem detected", (e) => e.event === "detect", 0.2],
  ["kept local", (e) => (e.event === "gate" && e.decision === "local") || e.event === "local_recovery", 0.1],
  ["escalated", (e) => (e.event === "gate" && e.decision === "escalate") || (e.event === "adjudicate" && e.decision === "escalate"), 0],
  ["message", (e) => e.event === "message", -0.1],
  ["transfer", (e) => e.event === "transfer", -0.2],
  ["fallback", (e) => e.event === "fallback", -0.3],
];

/**
 * Timeline of one episode: events by tick and agent (offset vertically by kind).
 * @example
 * timeline(events.filter((e) => e.run_id === id && e.episode === 0), "gated, scarce, seed 1", model);
 */
export function timeline(events: Row[], label: string, model: string): Figure {
  const series = KINDS.map(([name, test, dy]) => {
    const rows = events.filter(test);
    return {
      name,
      x: rows.map((e) => e.tick as number),
      y: rows.map((e) => (e.agent as number) + dy),
      text: rows.map((e) => [e.event, e.kind, e.msg_type, e.decision, e.item].filter(Boolean).join(" ")),
    };
  }).filter((s) => s.x.length > 0);
  const fig = scatter(series, { title: `Episode timeline (${label}) — ${model}`, xTitle: "tick", yTitle: "agent", width: 900, height: 380, markerSize: 6 });
  fig.layout.yaxis = { ...(fig.layout.yaxis as Record<string, unknown> | undefined), dtick: 1 };
  return fig;
}
