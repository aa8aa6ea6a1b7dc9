import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { cronbachAlpha, omegaTotal } from "./cronbach.js";
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

test("cronbachAlpha with use: \"complete\" drops incomplete rows with a count; two items give psych's alpha-if-dropped", () => {
  const r = cronbachAlpha({ a: [1, 2, NaN, 4, 5], b: [2, 1, 3, 5, 4] }, { use: "complete" });
  assert.equal(r.n, 5);
  assert.equal(r.nComplete, 4);
  assert.equal(r.nDropped, 1);
  // psych, two items: alpha without a = C[a,b] / C[b,b] (here on rows 1, 2, 4, 5).
  close(r.alphaIfDropped.a!, (8 / 3) / (10 / 3), 1e-12, "alpha without a");
});

test("cronbachAlpha rejects degenerate input with clear errors", () => {
  assert.throws(() => cronbachAlpha({ a: [1, 2, 3] }), DataError);
  assert.throws(() => cronbachAlpha([[1, 2], [3]]), DataError);
  assert.throws(() => cronbachAlpha({ a: [1, 2, 3], b: [2, 2, 2] }), DataError); // b dropped (no variance): one item left
  assert.throws(() => cronbachAlpha({ a: [1, 2, 3], b: [2, 2, 2] }, { constant: "error" }), StatsError);
  assert.throws(() => cronbachAlpha({ a: [1, 2], b: [2, 3] }, { level: 1.5 }));
});

// Raw data with psych's coding (A1 reverse-keyed) and 8 % of cells missing (set.seed(18); fixtures/alpha-psych-raw.json
// made by R 4.2.2 psych 2.2.9 alpha() and omega(x, nfactors = 1), read back from alpha-bfi-raw-missing.csv).
interface RawCase {
  raw_alpha: number; std_alpha: number; average_r: number;
  alpha_drop: Record<string, number>; std_alpha_drop: Record<string, number>; r_drop: Record<string, number>;
  raw_r: Record<string, number>; std_r: Record<string, number>; item_n: Record<string, number>;
  feldt: { lower: number; upper: number }; warnings: string[];
}
const rawRef = JSON.parse(readFileSync(new URL("alpha-psych-raw.json", here), "utf8")) as Record<string, RawCase> & { omega: { omega_tot: number } };
function readRaw(): Record<string, (number | null)[]> {
  const [head, ...lines] = readFileSync(new URL("alpha-bfi-raw-missing.csv", here), "utf8").trim().split(/\r?\n/);
  const cols = head!.split(",").map((s) => s.replace(/"/g, ""));
  const out: Record<string, (number | null)[]> = Object.fromEntries(cols.map((c) => [c, []]));
  // Missing cells are empty in the file; read them as null, "" and "NA" in turn so that every spelling is exercised.
  let m = 0;
  for (const line of lines) line.split(",").forEach((v, j) => out[cols[j]!]!.push(v === "" ? ([null, "", "NA"][m++ % 3] as null) : Number(v)));
  return out;
}
const raw = readRaw();

function checkCase(tag: string, r: ReturnType<typeof cronbachAlpha>, c: RawCase): void {
  close(r.alpha, c.raw_alpha, 1e-9, `${tag} raw_alpha`);
  close(r.stdAlpha, c.std_alpha, 1e-9, `${tag} std.alpha`);
  close(r.averageR, c.average_r, 1e-9, `${tag} average_r`);
  for (const it of r.items) {
    const key = Object.keys(c.alpha_drop).find((k) => k.replace(/-$/, "") === it)!;
    assert.equal(key.endsWith("-"), r.itemStats[it]!.key === -1, `${tag} ${it} key`);
    close(r.alphaIfDropped[it]!, c.alpha_drop[key]!, 1e-9, `${tag} alpha.drop ${it}`);
    close(r.itemStats[it]!.stdAlphaIfDropped, c.std_alpha_drop[key]!, 1e-9, `${tag} std.alpha drop ${it}`);
    close(r.rDrop[it]!, c.r_drop[key]!, 1e-9, `${tag} r.drop ${it}`);
    close(r.itemStats[it]!.rawR, c.raw_r[key]!, 1e-9, `${tag} raw.r ${it}`);
    close(r.itemStats[it]!.stdR, c.std_r[key]!, 1e-9, `${tag} std.r ${it}`);
    assert.equal(r.itemStats[it]!.n, c.item_n[key]);
  }
  close(r.ci.lower, c.feldt.lower, 1e-8, `${tag} Feldt lower`);
  close(r.ci.upper, c.feldt.upper, 1e-8, `${tag} Feldt upper`);
}

test("cronbachAlpha = psych::alpha on raw data with missing cells and a reverse-keyed item (pairwise default)", () => {
  const r = cronbachAlpha(raw);
  assert.equal(r.use, "pairwise");
  assert.equal(r.nDropped, 0);
  checkCase("default", r, rawRef.default!);
  assert.deepEqual(r.reversed, []);
  assert.equal(r.warnings.length, 1);
  assert.match(r.warnings[0]!, /Some items \(A1\) were negatively correlated with the total scale and probably should be reversed/);
});

test("cronbachAlpha: checkKeys reverses A1 with psych's warning; keys by name or sign give the same", () => {
  const ck = cronbachAlpha(raw, { checkKeys: true });
  checkCase("check.keys", ck, rawRef.checkKeys!);
  assert.deepEqual(ck.reversed, ["A1"]);
  assert.match(ck.warnings[0]!, /automatically reversed/);
  const byName = cronbachAlpha(raw, { keys: ["A1"] });
  checkCase("keys names", byName, rawRef.keysNames!);
  assert.deepEqual(byName.warnings, []);
  checkCase("keys record", cronbachAlpha(raw, { keys: { A1: -1 } }), rawRef.keysNames!);
});

test("cronbachAlpha: use = \"complete\" is listwise, as psych's use = \"complete\"", () => {
  const c = cronbachAlpha(raw, { use: "complete" });
  checkCase("complete", c, rawRef.complete!);
  assert.equal(c.nDropped, c.n - c.nComplete);
  assert.ok(c.nDropped > 0);
  checkCase("complete keys", cronbachAlpha(raw, { use: "complete", keys: [-1, 1, 1, 1, 1] }), rawRef.completeKeys!);
});

test("omegaTotal = psych::omega(x, nfactors = 1)$omega.tot to 1e-6 (minres on pairwise correlations, flipped A1)", () => {
  const om = omegaTotal(raw);
  close(om.omegaTotal, rawRef.omega.omega_tot, 1e-6, "omega.tot");
  assert.deepEqual(om.reversed, ["A1"]);
  assert.ok(om.loadings.A1! < 0 && om.loadings.A3! > 0);
  // Null: items with no common factor (independent noise) have ω near 0.
  let s = 7;
  const rnd = (): number => ((s = (s * 16807) % 2147483647) / 2147483647);
  const noise = Object.fromEntries(["a", "b", "c", "d"].map((k) => [k, Array.from({ length: 4000 }, () => rnd())]));
  assert.ok(omegaTotal(noise).omegaTotal < 0.1);
  assert.ok(Math.abs(cronbachAlpha(noise).alpha) < 0.05);
});

test("cronbachAlpha: strict options, stray text and missing spellings", () => {
  assert.throws(() => cronbachAlpha(raw, { reverse: ["A1"] } as never), /unrecognized key|reverse/i);
  assert.throws(() => cronbachAlpha(raw, { keys: ["B7"] }), /no item named "B7"/);
  assert.throws(() => cronbachAlpha(raw, { keys: [1, -1] }), /2 signs for 5 items/);
  assert.throws(() => cronbachAlpha({ a: [1, 2, "x", 4], b: [2, 1, 3, 5] }), /item "a" holds "x" in row 3/);
  const a = cronbachAlpha({ a: [1, 2, null, 4, 5, ""], b: [2, 1, 3, 5, 4, "NA"] }, { use: "complete" });
  assert.equal(a.nComplete, 4);
  assert.equal(a.nDropped, 2);
});
