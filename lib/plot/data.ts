/**
 * The data behind a figure as a long table, one row per plotted point, for re-analysis (`plot.save` writes it as CSV
 * beside the SVG, PNG and PDF).
 *
 * Columns: `trace` (0-based), `name`, `type`, then those of `x`, `y`, `z`, `text`, `lower`/`upper` (a line's CI
 * ribbon, or a vertical error bar as bounds) and `x_lower`/`x_upper` (a horizontal error bar as bounds) that any
 * trace has. A heatmap gives one row per cell (`x` column label, `y` row label, `z` value).
 */
import { stringify } from "csv-stringify/sync";
import type { Figure, Trace } from "./types.js";

type Cell = string | number | null;
type Row = Record<string, Cell>;

function arr(v: unknown): unknown[] | undefined {
  return Array.isArray(v) ? v : ArrayBuffer.isView(v) && !(v instanceof DataView) ? Array.from(v as unknown as ArrayLike<number>) : undefined;
}

function cell(v: unknown): Cell {
  if (v === null || v === undefined) return null;
  if (typeof v === "number") return Number.isFinite(v) ? v : null;
  if (typeof v === "string") return v;
  return String(v);
}

/** Error-bar bounds of a value: [lower, upper] from plotly's `error_x`/`error_y` (`array`, `arrayminus`, `symmetric`). */
function bounds(err: unknown, values: unknown[], i: number): [Cell, Cell] | undefined {
  if (!err || typeof err !== "object") return undefined;
  const e = err as { array?: unknown; arrayminus?: unknown; symmetric?: boolean; visible?: boolean };
  if (e.visible === false) return undefined;
  const plus = arr(e.array), minus = e.symmetric === false ? arr(e.arrayminus) : arr(e.arrayminus) ?? plus;
  if (!plus) return undefined;
  const v = values[i];
  if (typeof v !== "number") return undefined;
  const p = plus[i], m = (minus ?? plus)[i];
  return [typeof m === "number" ? v - m : null, typeof p === "number" ? v + p : null];
}

/** A filled ribbon drawn as one closed path: x forward then backward, y upper then lower. */
function ribbon(t: Trace): { x: unknown[]; upper: unknown[]; lower: unknown[] } | undefined {
  if (t.fill !== "toself") return undefined;
  const x = arr(t.x), y = arr(t.y);
  if (!x || !y || x.length !== y.length || x.length % 2 !== 0) return undefined;
  const h = x.length / 2;
  for (let i = 0; i < h; i++) if (x[i] !== x[x.length - 1 - i]) return undefined;
  return { x: x.slice(0, h), upper: y.slice(0, h), lower: y.slice(h).reverse() };
}

/**
 * The figure's data as rows (see the module comment for the columns).
 *
 * @example
 * figureRows(lineChart([{ name: "a", x: [1, 2], y: [3, 4], lower: [2, 3], upper: [4, 5] }]));
 * // [{ trace: 1, name: "a", type: "scatter", x: 1, y: 3, lower: 2, upper: 4 }, { …, x: 2, y: 4, lower: 3, upper: 5 }]
 */
export function figureRows(fig: Figure): Row[] {
  const rows: Row[] = [];
  const ribbons = new Map<string, { x: unknown[]; upper: unknown[]; lower: unknown[] }>();
  fig.data.forEach((t) => {
    const r = ribbon(t);
    if (r && typeof t.legendgroup === "string") ribbons.set(t.legendgroup, r);
  });
  fig.data.forEach((t, ti) => {
    const base: Row = { trace: ti, name: cell(t.name), type: cell(t.type ?? "scatter") };
    const rib = ribbon(t);
    if (rib && typeof t.legendgroup === "string" && fig.data.some((u, j) => j !== ti && u.legendgroup === t.legendgroup && !ribbon(u))) return;
    if (rib) {
      rib.x.forEach((x, i) => rows.push({ ...base, x: cell(x), lower: cell(rib.lower[i]), upper: cell(rib.upper[i]) }));
      return;
    }
    const x = arr(t.x), y = arr(t.y), z = arr(t.z), text = arr(t.text);
    if (z && z.some((row) => Array.isArray(row))) {
      (z as unknown[][]).forEach((zr, i) => (arr(zr) ?? []).forEach((v, j) => {
        rows.push({ ...base, x: cell(x?.[j] ?? j), y: cell(y?.[i] ?? i), z: cell(v) });
      }));
      return;
    }
    const n = Math.max(x?.length ?? 0, y?.length ?? 0, z?.length ?? 0);
    const band = typeof t.legendgroup === "string" ? ribbons.get(t.legendgroup) : undefined;
    for (let i = 0; i < n; i++) {
      const row: Row = { ...base };
      if (x) row.x = cell(x[i]);
      if (y) row.y = cell(y[i]);
      if (z) row.z = cell(z[i]);
      if (text) row.text = cell(text[i]);
      const ey = y ? bounds(t.error_y, y, i) : undefined;
      if (ey) [row.lower, row.upper] = ey;
      const ex = x ? bounds(t.error_x, x, i) : undefined;
      if (ex) [row.x_lower, row.x_upper] = ex;
      if (band && x) {
        const k = band.x.indexOf(x[i]);
        if (k >= 0) { row.lower = cell(band.lower[k]); row.upper = cell(band.upper[k]); }
      }
      rows.push(row);
    }
  });
  return rows;
}

const ORDER = ["trace", "name", "type", "x", "y", "z", "text", "lower", "upper", "x_lower", "x_upper"];

/**
 * The figure's data as CSV (header row, RFC 4180 quoting, empty cells for missing values).
 *
 * @example
 * figureCSV(scatter([{ name: "items", x: [0.1, 0.5], y: [0.2, 0.4] }])).split("\n")[0]; // "trace,name,type,x,y"
 */
export function figureCSV(fig: Figure): string {
  const rows = figureRows(fig);
  const present = new Set(rows.flatMap((r) => Object.keys(r)));
  const cols = ORDER.filter((c) => present.has(c));
  return stringify(rows.map((r) => cols.map((c) => r[c] ?? "")), { header: true, columns: cols, cast: { number: (v) => String(v) } });
}
