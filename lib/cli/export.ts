/**
 * `agora export <run folder> [--format csv] [--out <dir>] [--tables a,b]`: writes every table of a run folder as a
 * CSV file for re-analysis elsewhere (R's `read.csv` reads them as they are): a header of every column in order of
 * first appearance, numbers in full precision, booleans as TRUE/FALSE, missing values (null, absent, NaN) as NA,
 * nested values as JSON text. Files go to `<run folder>/csv/<table>.csv` unless `--out` says otherwise.
 */
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { stringify } from "csv-stringify/sync";
import { ConfigError } from "../core/errors.js";
import { load } from "../experiment/load.js";
import { parse } from "./args.js";
import { io } from "./io.js";

export const EXPORT_HELP = `agora export <run folder> [--format csv] [--out <dir>] [--tables <a,b,...>]
    Write each table of a run folder as CSV (default into <run folder>/csv/): one file per table, a header row,
    numbers in full precision, TRUE/FALSE, NA for missing values, nested values as JSON.
`;

/** One cell as CSV text (R's conventions: NA for missing, TRUE/FALSE). */
export function csvCell(v: unknown): string {
  if (v === null || v === undefined) return "NA";
  if (typeof v === "number") return Number.isNaN(v) ? "NA" : v === Infinity ? "Inf" : v === -Infinity ? "-Inf" : String(v);
  if (typeof v === "boolean") return v ? "TRUE" : "FALSE";
  if (typeof v === "string") return v;
  if (typeof v === "bigint") return v.toString();
  return JSON.stringify(v);
}

/**
 * Rows as CSV text: columns in order of first appearance across all rows.
 * @example tableCSV([{ a: 1, b: null }, { a: 2.5, c: true }]) // "a,b,c\n1,NA,NA\n2.5,NA,TRUE\n"
 */
export function tableCSV(rows: readonly Record<string, unknown>[]): string {
  const cols: string[] = [];
  const seen = new Set<string>();
  for (const r of rows) for (const k of Object.keys(r)) if (!seen.has(k)) { seen.add(k); cols.push(k); }
  return stringify(rows.map((r) => cols.map((c) => csvCell(r[c]))), { header: true, columns: cols });
}

/**
 * Runs `agora export` and returns the exit code.
 * @throws {ConfigError} for a missing folder argument, an unknown format or table; {DataError} when the folder is not a run folder.
 */
export async function exportRun(argv: string[]): Promise<number> {
  const { values, positionals } = parse("export", argv, {
    format: { type: "string" }, out: { type: "string" }, tables: { type: "string" }, help: { type: "boolean", short: "h" },
  });
  if (values.help) { io.out(EXPORT_HELP); return 0; }
  if (positionals.length !== 1) throw new ConfigError({ message: `expected one run folder, got ${positionals.length}`, fix: "agora export data/runs/<name>-<hash> --format csv" });
  const format = values.format ?? "csv";
  if (format !== "csv") throw new ConfigError({ path: ["--format"], message: `unknown format "${format}"`, fix: "use --format csv" });
  const run = load(positionals[0]!);
  const names = Object.keys(run.tables);
  const wanted = values.tables ? values.tables.split(",").map((s) => s.trim()).filter(Boolean) : names;
  for (const t of wanted) if (!names.includes(t)) throw new ConfigError({ path: ["--tables"], message: `no table "${t}" in ${run.dir}`, fix: `tables: ${names.join(", ")}` });
  const out = resolve(values.out ?? join(run.dir, "csv"));
  mkdirSync(out, { recursive: true });
  for (const t of wanted) {
    const file = join(out, `${t}.csv`);
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, tableCSV(run.tables[t]!));
    renameSync(tmp, file);
    io.out(`${relative(process.cwd(), file) || file}  (${run.tables[t]!.length} rows)\n`);
  }
  return 0;
}
