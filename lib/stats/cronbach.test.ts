import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { cronbachAlpha } from "./cronbach.js";
import { DataError, StatsError } from "../core/errors.js";

const here = new URL("./fixtures/", import.meta.url);

/** Minimal CSV reader for the fixtures (no commas inside fields): numeric columns by name. */
function readCsv(name: string): Record<string, number[]> {
  const [head, ...lines] = readFileSync(new URL(name, here), "utf8").trim().split(/\r?\n/);
  const cols = head!.split(",").map((s) => s.replace(/"/g, ""));
  const out: Record<string, number[]> = Object.fromEntries(cols.map((c) => [c, []]));
  for (const line of lines) line.split(",").forEach((v, j) => out[cols[j]!]!.push(Number(v.replace(/"/g, ""))));
  return out;
}

interface AlphaCase {
  items: string[];
  raw_alpha: number;
  std_alpha: number;
  alpha_if_dropped?: Record<string, number>;
  feldt95: { lower: number; upper: number };
  n: number;
  data: string;
}
const ref = JSON.parse(readFileSync(new URL("alpha-reference.json", here), "utf8")) as { cases: AlphaCase[] };
const close = (a: number, b: number, tol: number, what: string) =>
  assert.ok(Math.abs(a - b) <= tol, `${what}: got ${a}, expected ${b} (tolerance ${tol})`);

// Expected numbers: R psych 2.2.9 psych::alpha (fixtures/alpha-reference.json); alpha within 1e-9 absolute.
// Feldt limits: R 4.2.2 qf() with psych::alpha.ci's formula; 1e-8 (jstat's F quantile is accurate to ~1e-9).
for (const c of ref.cases) {
  test(`cronbachAlpha matches psych::alpha on ${c.data} [${c.items.join(", ")}]`, () => {
    const data = readCsv(c.data);
    const r = cronbachAlpha(Object.fromEntries(c.items.map((it) => [it, data[it]!])));
    assert.equal(r.k, c.items.length);
    assert.equal(r.n, c.n);
    close(r.alpha, c.raw_alpha, 1e-9, "raw alpha");
    close(r.stdAlpha, c.std_alpha, 1e-9, "standardised alpha");
    for (const [it, v] of Object.entries(c.alpha_if_dropped ?? {})) close(r.alphaIfDropped[it]!, v, 1e-9, `alpha without ${it}`);
    close(r.ci.lower, c.feldt95.lower, 1e-8, "Feldt lower");
    close(r.ci.upper, c.feldt95.upper, 1e-8, "Feldt upper");
    assert.equal(r.ci.method, "Feldt");
    assert.equal(r.ci.level, 0.95);
  });
}

test("cronbachAlpha accepts rows × items and names items item1..k", () => {
  const cols = { a: [1, 2, 3, 4, 5], b: [2, 2, 3, 5, 4], c: [1, 3, 3, 4, 6] };
  const rows = cols.a.map((_, i) => [cols.a[i]!, cols.b[i]!, cols.c[i]!]);
  const byCol = cronbachAlpha(cols);
  const byRow = cronbachAlpha(rows);
  assert.equal(byRow.alpha, byCol.alpha);
  assert.deepEqual(byRow.items, ["item1", "item2", "item3"]);
  assert.ok(byCol.ci.lower < byCol.alpha && byCol.alpha < byCol.ci.upper);
});

test("cronbachAlpha drops incomplete rows with a count, NaN alpha-if-dropped for two items", () => {
  const r = cronbachAlpha({ a: [1, 2, NaN, 4, 5], b: [2, 1, 3, 5, 4] });
  assert.equal(r.n, 4);
  assert.equal(r.nDropped, 1);
  assert.ok(Number.isNaN(r.alphaIfDropped.a!));
});

test("cronbachAlpha rejects degenerate input with clear errors", () => {
  assert.throws(() => cronbachAlpha({ a: [1, 2, 3] }), DataError);
  assert.throws(() => cronbachAlpha([[1, 2], [3]]), DataError);
  assert.throws(() => cronbachAlpha({ a: [1, 2, 3], b: [2, 2, 2] }), StatsError);
  assert.throws(() => cronbachAlpha({ a: [1, 2], b: [2, 3] }, { level: 1.5 }));
});
