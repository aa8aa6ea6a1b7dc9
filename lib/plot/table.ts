/**
 * Tables in notebooks: rows of records shown as an HTML table (with a plain-text copy for consoles and text-only
 * front ends). The HTML is sent as a `display_data` output, so a saved notebook keeps a static copy that renders on
 * GitHub, in nbconvert HTML and in untrusted notebooks (no scripts, no styles beyond inline ones).
 */
import { ConfigError } from "../core/errors.js";
import { kernelDisplay, type DisplayBundle } from "./kernel.js";

/** A cell value of a table row. */
export type TableValue = string | number | boolean | bigint | null | undefined;

/** Options of {@link table}. */
export interface TableOptions {
  /** Caption above the table: what it shows and which model or run produced it. */
  title?: string;
  /** Significant digits of non-integer numbers (default 4, as R's `summary` prints coefficients). */
  digits?: number;
  /** Columns to show, in order (default: every key, in order of first appearance). */
  columns?: readonly string[];
}

/**
 * One number as text: integers in full, other finite numbers to `digits` significant digits (scientific below
 * 1e-4 or from 1e6 in magnitude), NA for a missing or non-finite value.
 *
 * @example
 * formatCell(0.000012345, 3); // "1.23e-5"
 * formatCell(12.3456, 3);     // "12.3"
 * formatCell(NaN);            // "NA"
 */
export function formatCell(v: TableValue, digits = 4): string {
  if (v === null || v === undefined) return "NA";
  if (typeof v === "number") {
    if (Number.isNaN(v)) return "NA";
    if (!Number.isFinite(v)) return v > 0 ? "Inf" : "-Inf";
    if (Number.isInteger(v) && Math.abs(v) < 1e15) return String(v);
    const a = Math.abs(v);
    if (a !== 0 && (a < 1e-4 || a >= 1e6)) return v.toExponential(digits - 1).replace(/\.?0+e/, "e").replace("e+", "e");
    const s = v.toPrecision(digits);
    return s.includes("e") ? String(Number(s)) : s;
  }
  return String(v);
}

function columnsOf(rows: readonly Record<string, TableValue>[], cols?: readonly string[]): string[] {
  if (cols) return [...cols];
  const seen = new Set<string>();
  for (const r of rows) for (const k of Object.keys(r)) seen.add(k);
  return [...seen];
}

function escapeHtml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

function checkOptions(rows: unknown, opts: TableOptions): number {
  if (!Array.isArray(rows)) {
    throw new ConfigError({ path: ["rows"], message: "plot.table expects an array of row objects", fix: "pass rows like [{ term: \"x\", estimate: 1.2 }]" });
  }
  const known = new Set(["title", "digits", "columns"]);
  for (const k of Object.keys(opts)) {
    if (!known.has(k)) throw new ConfigError({ path: ["table options", k], message: `unknown option "${k}"`, fix: "use title, digits or columns" });
  }
  const digits = opts.digits ?? 4;
  if (!Number.isInteger(digits) || digits < 1 || digits > 15) {
    throw new ConfigError({ path: ["table options", "digits"], message: `digits must be an integer from 1 to 15 (got ${String(opts.digits)})` });
  }
  return digits;
}

function isNumeric(rows: readonly Record<string, TableValue>[], c: string): boolean {
  let any = false;
  for (const r of rows) {
    const v = r[c];
    if (v === null || v === undefined) continue;
    if (typeof v !== "number" && typeof v !== "bigint") return false;
    any = true;
  }
  return any;
}

/**
 * The plain-text rendering: title, a header, one line per row; numeric columns right-aligned.
 *
 * @example
 * tableText([{ term: "x", p: 0.0123 }], { title: "Tests" });
 * // "Tests\nterm       p\nx     0.0123"
 */
export function tableText(rows: readonly Record<string, TableValue>[], opts: TableOptions = {}): string {
  const digits = checkOptions(rows, opts);
  const cols = columnsOf(rows, opts.columns);
  const num = cols.map((c) => isNumeric(rows, c));
  const cells = rows.map((r) => cols.map((c) => formatCell(r[c], digits)));
  const widths = cols.map((c, j) => Math.max(c.length, ...cells.map((r) => r[j]!.length)));
  const line = (r: string[]): string => r.map((s, j) => (num[j] ? s.padStart(widths[j]!) : s.padEnd(widths[j]!))).join("  ").trimEnd();
  return [...(opts.title ? [opts.title] : []), line(cols), ...cells.map(line)].join("\n");
}

/**
 * The HTML rendering: a `<table>` with a caption, a header row and one row per record; numbers right-aligned in a
 * tabular font. Inline styles only, so the copy saved in the notebook renders the same everywhere.
 */
export function tableHtml(rows: readonly Record<string, TableValue>[], opts: TableOptions = {}): string {
  const digits = checkOptions(rows, opts);
  const cols = columnsOf(rows, opts.columns);
  const num = cols.map((c) => isNumeric(rows, c));
  const cellStyle = (j: number): string => `padding:2px 8px;text-align:${num[j] ? "right" : "left"}${num[j] ? ";font-variant-numeric:tabular-nums" : ""}`;
  const head = cols.map((c, j) => `<th style="${cellStyle(j)};border-bottom:1px solid #444">${escapeHtml(c)}</th>`).join("");
  const body = rows.map((r) => `<tr>${cols.map((c, j) => `<td style="${cellStyle(j)}">${escapeHtml(formatCell(r[c], digits))}</td>`).join("")}</tr>`).join("\n");
  const caption = opts.title ? `<caption style="caption-side:top;text-align:left;font-weight:bold;padding:4px 0">${escapeHtml(opts.title)}</caption>` : "";
  return `<table class="agora-table" style="border-collapse:collapse;font-size:13px">${caption}\n<thead><tr>${head}</tr></thead>\n<tbody>\n${body}\n</tbody></table>`;
}

/** The display bundle of a table: `text/html` and its `text/plain` fallback. */
export function tableBundle(rows: readonly Record<string, TableValue>[], opts: TableOptions = {}): DisplayBundle {
  return { data: { "text/html": tableHtml(rows, opts), "text/plain": tableText(rows, opts) }, metadata: {} };
}

/**
 * Shows rows as a table. In a tslab notebook: one display output with the HTML table and a text fallback (saved in
 * the notebook). Elsewhere: prints the text table.
 *
 * @throws {ConfigError} when `rows` is not an array, on an unknown option or digits outside 1–15.
 * @example
 * plot.table(stats.summaryTable(fit), { title: "Fixed effects (REML, Satterthwaite df)", digits: 3 });
 */
export function table(rows: readonly Record<string, TableValue>[], opts: TableOptions = {}): void {
  const bundle = tableBundle(rows, opts);
  const display = kernelDisplay();
  if (display) display(bundle);
  else console.log(bundle.data["text/plain"]);
}
