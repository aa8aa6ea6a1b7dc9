/**
 * Nous's figures, as plotly specs (`plot.Figure`). Titles name the model that produced the data.
 */
import { barWithCI, histogram, lineChart } from "../plot/index.js";
import type { Figure } from "../plot/index.js";
import { decay } from "./dimension.js";

type Row = Record<string, unknown>;

/**
 * Belief trajectory of one dimension: the posterior probability of each value after each delta.
 * `deltas` are rows of the `deltas` table (with a JSON `posterior` column) or `Delta` objects.
 */
export function beliefTrajectoryFigure(deltas: Row[], opts: { entity: string; attribute: string; model: string }): Figure {
  const mine = deltas.filter((d) => d.entity === opts.entity && d.attribute === opts.attribute);
  const posts = mine.map((d) => (typeof d.posterior === "string" ? JSON.parse(d.posterior) : d.posterior) as { value: string; p: number }[]);
  const values = [...new Set(posts.flatMap((p) => p.map((x) => x.value)))].filter((v) => v !== "…").slice(0, 6);
  const x = mine.map((d, i) => `${i + 1}: ${String(d.evidence_id ?? d.evidenceId ?? "")}`);
  const series = values.map((v) => ({ name: v, x, y: posts.map((p) => p.find((e) => e.value === v)?.p ?? 0) }));
  return lineChart(series, {
    title: `Belief in ${opts.entity} · ${opts.attribute} after each observation<br><sub>${opts.model}</sub>`,
    xTitle: "delta (order : evidence turn)",
    yTitle: "posterior probability",
  });
}

/** Distribution of delta surprise (bits). */
export function surpriseHistogram(deltas: Row[], opts: { model: string; bins?: number }): Figure {
  const values = deltas.map((d) => Number(d.surprise)).filter(Number.isFinite);
  return histogram([{ name: "surprise", values }], {
    title: `Surprise of stored deltas, −log2 P(obs | D)<br><sub>${opts.model}</sub>`,
    xTitle: "surprise (bits)",
    bins: opts.bins ?? 40,
  });
}

/**
 * Decay curves: probability of a dimension's mode over days without update, for several half-lives, starting
 * from p = `p0` over `vocabulary` values (the closed form p ← w·p + (1 − w)/|V|, w = 2^(−Δt/h)).
 */
export function decayCurvesFigure(halfLives: number[], opts: { days?: number; p0?: number; vocabulary?: number } = {}): Figure {
  const days = opts.days ?? 365;
  const p0 = opts.p0 ?? 0.9;
  const n = opts.vocabulary ?? 4;
  const counts: Record<string, number> = { mode: p0 * 10 };
  for (let i = 1; i < n; i++) counts[`v${i}`] = ((1 - p0) / (n - 1)) * 10;
  const x = Array.from({ length: 53 }, (_, i) => Math.round((i * days) / 52));
  const series = halfLives.map((h) => ({
    name: `half-life ${h} d`,
    x,
    y: x.map((t) => {
      const c = decay(counts, t * 86_400_000, h);
      return c.mode / 10;
    }),
  }));
  return lineChart(series, {
    title: `Entropy decay toward uniform: P(mode) without updates<br><sub>|V| = ${n}; equation of the memory, no data</sub>`,
    xTitle: "days since last update",
    yTitle: "P(mode)",
  });
}

/** Grouped bars of a metric per LoCoMo category, one group per system (rows from `categoryTable`). */
export function categoryBarsFigure(table: Row[], opts: { metric: "f1" | "context_recall" | "set_f1"; model: string; categories?: number[] }): Figure {
  const cats = opts.categories ?? [1, 2, 3, 4, 5];
  const names = cats.map((c) => String(table.find((r) => Number(r.category) === c)?.category_name ?? c));
  const systems = [...new Set(table.map((r) => String(r.system)))];
  const groups = systems
    .map((s) => {
      const get = (c: number) => table.find((r) => r.system === s && Number(r.category) === c);
      const values = cats.map((c) => Number(get(c)?.[opts.metric] ?? NaN));
      if (values.every((v) => !Number.isFinite(v))) return undefined;
      const withCI = opts.metric === "f1";
      return {
        name: s,
        values: values.map((v) => (Number.isFinite(v) ? v : 0)),
        ...(withCI ? { lower: cats.map((c) => Number(get(c)?.f1_lower ?? 0)), upper: cats.map((c) => Number(get(c)?.f1_upper ?? 0)) } : {}),
      };
    })
    .filter((g): g is NonNullable<typeof g> => g !== undefined);
  const label = opts.metric === "f1" ? "LoCoMo token F1 (official scorer)" : opts.metric === "set_f1" ? "set F1 (A-MEM/Mem0 scorer)" : "context recall";
  return barWithCI(names, groups, { title: `${label} by category<br><sub>${opts.model}</sub>`, yTitle: `${label} (%)` });
}

/** Grouped bars of current-value F1 per benchmark scenario, one group per variant (rows from `scenarioTable`). */
export function scenarioBarsFigure(table: Row[], variants: readonly string[], opts: { model: string; instance: string }): Figure {
  const names = table.map((r) => `${r.scenario} (n ${r.n})`);
  const groups = variants.map((v) => ({ name: v, values: table.map((r) => Number(r[v] ?? 0)) }));
  return barWithCI(names, groups, { title: `Current values by scenario, ${opts.instance}<br><sub>${opts.model}</sub>`, yTitle: "LoCoMo token F1 (%)" });
}
