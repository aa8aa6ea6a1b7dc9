/** Test helpers: read the reference CSV and JSON fixtures of `lib/stats/fixtures/`. */
import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";

const dir = new URL("../fixtures/", import.meta.url);

/** A fixture CSV as row objects; numeric-looking fields become numbers, except in `asText` columns. */
export function readCsv(name: string, asText: readonly string[] = []): Record<string, unknown>[] {
  const rows = parse(readFileSync(new URL(name, dir), "utf8"), { columns: true }) as Record<string, string>[];
  return rows.map((r) => {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(r)) out[k] = asText.includes(k) || v.trim() === "" || !Number.isFinite(Number(v)) ? (v === "NA" ? null : v) : Number(v);
    return out;
  });
}

/** A fixture JSON file. */
export function readJson<T = unknown>(name: string): T {
  return JSON.parse(readFileSync(new URL(name, dir), "utf8")) as T;
}
