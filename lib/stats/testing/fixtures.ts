/** Test helpers: read the reference CSV and JSON fixtures of `lib/stats/fixtures/`; seeded test matrices. */
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

/** A seeded symmetric positive-definite n × n matrix G Gᵀ/m + I (G: n × m, uniform on ±½), row-major, both triangles. */
export function seededSpd(n: number, m: number, seed: number): Float64Array {
  let s = seed;
  const r = (): number => ((s = (s * 16807) % 2147483647) / 2147483647 - 0.5);
  const G = Float64Array.from({ length: n * m }, r);
  const A = new Float64Array(n * n);
  for (let i = 0; i < n; i++) for (let j = 0; j <= i; j++) {
    let t = 0;
    for (let k = 0; k < m; k++) t += G[i * m + k]! * G[j * m + k]!;
    A[i * n + j] = A[j * n + i] = t / m + (i === j ? 1 : 0);
  }
  return A;
}

