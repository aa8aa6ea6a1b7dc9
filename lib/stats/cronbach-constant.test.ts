/**
 * α and ω with items psych drops, against R 4.2.2, psych 2.2.9 (fixtures/alpha-constant.R → alpha-constant.json):
 * the bfi A1–A5 data with missing cells (alpha-bfi-raw-missing.csv) plus K, constant 4 with every 7th row missing,
 * and S, scored in row 1 only. psych::alpha drops both with a warning each ("Item = K had no variance and was
 * deleted"); psych::omega fails on them, so ω is compared with psych::omega on the kept items. Tolerances as
 * cronbach.test.ts: α, α-if-dropped, r.drop, raw.r, std.r 1e-9; Feldt 1e-8; ω 1e-6.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { cronbachAlpha, omegaTotal } from "./cronbach.js";
import { StatsError } from "../core/errors.js";
import { readCsv, readJson } from "./testing/fixtures.js";

interface Case {
  raw_alpha: number; std_alpha: number; average_r: number; items: string[];
  alpha_drop: Record<string, number>; r_drop: Record<string, number>; raw_r: Record<string, number>; std_r: Record<string, number>;
  item_n: Record<string, number>; feldt: { lower: number; upper: number }; warnings: string[];
}
const ref = readJson<{ default: Case; checkKeys: Case; complete: Case; omega_kept: { omega_tot: number } }>("alpha-constant.json");
const rows = readCsv("alpha-bfi-raw-missing.csv");
const items: Record<string, (number | null)[]> = Object.fromEntries(["A1", "A2", "A3", "A4", "A5"].map((k) => [k, rows.map((r) => r[k] as number | null)]));
items.K = rows.map((_, i) => ((i + 1) % 7 === 0 ? null : 4));
items.S = rows.map((_, i) => (i === 0 ? 2 : null));
const close = (a: number, b: number, tol: number, what: string): void => assert.ok(Math.abs(a - b) <= tol, `${what}: got ${a}, expected ${b}`);

function check(tag: string, r: ReturnType<typeof cronbachAlpha>, c: Case): void {
  assert.deepEqual(r.dropped, ["K", "S"]);
  assert.deepEqual(r.items, ["A1", "A2", "A3", "A4", "A5"]);
  assert.equal(r.k, 5);
  close(r.alpha, c.raw_alpha, 1e-9, `${tag} raw_alpha`);
  close(r.stdAlpha, c.std_alpha, 1e-9, `${tag} std.alpha`);
  close(r.averageR, c.average_r, 1e-9, `${tag} average_r`);
  for (const it of r.items) {
    const key = c.items.find((k) => k.replace(/-$/, "") === it)!;
    close(r.alphaIfDropped[it]!, c.alpha_drop[key]!, 1e-9, `${tag} alpha.drop ${it}`);
    close(r.rDrop[it]!, c.r_drop[key]!, 1e-9, `${tag} r.drop ${it}`);
    close(r.itemStats[it]!.rawR, c.raw_r[key]!, 1e-9, `${tag} raw.r ${it}`);
    close(r.itemStats[it]!.stdR, c.std_r[key]!, 1e-9, `${tag} std.r ${it}`);
    assert.equal(r.itemStats[it]!.n, c.item_n[key]);
  }
  close(r.ci.lower, c.feldt.lower, 1e-8, `${tag} Feldt lower`);
  close(r.ci.upper, c.feldt.upper, 1e-8, `${tag} Feldt upper`);
  // psych warns once per dropped item, naming it, before its other warnings.
  assert.equal(c.warnings.filter((w) => /had no variance and was deleted/.test(w)).length, 2);
  assert.match(r.warnings[0]!, /^Item "K" had no variance \(every score is 4\) and was dropped/);
  assert.match(r.warnings[1]!, /^Item "S" had one score and was dropped/);
  assert.equal(r.warnings.length, c.warnings.length);
}

test("cronbachAlpha drops items without variance with a warning naming them, = psych::alpha (pairwise, check.keys, complete)", () => {
  check("default", cronbachAlpha(items), ref.default);
  check("check.keys", cronbachAlpha(items, { checkKeys: true }), ref.checkKeys);
  check("complete", cronbachAlpha(items, { use: "complete" }), ref.complete);
  // Keys given per item follow their items when others are dropped (psych stops on this with non-conformable matrices).
  const bySign = cronbachAlpha(items, { keys: [-1, 1, 1, 1, 1, 1, 1] });
  const byName = cronbachAlpha(items, { keys: ["A1"] });
  assert.deepEqual(bySign.reversed, ["A1"]);
  assert.equal(bySign.alpha, byName.alpha);
});

test("omegaTotal drops items without variance with a warning, = psych::omega on the kept items", () => {
  const om = omegaTotal(items);
  assert.deepEqual(om.dropped, ["K", "S"]);
  assert.equal(om.k, 5);
  assert.match(om.warnings.join("\n"), /Item "K" had no variance/);
  close(om.omegaTotal, ref.omega_kept.omega_tot, 1e-6, "omega.tot");
});

test("constant: \"error\" refuses an item without variance, naming it; too few items left is an error", () => {
  assert.throws(() => cronbachAlpha(items, { constant: "error" }), (e: unknown) => e instanceof StatsError && /item "K" has no variance \(every score is 4\)/.test(e.message));
  assert.throws(() => omegaTotal(items, { constant: "error" }), /item "K" has no variance/);
  assert.throws(() => cronbachAlpha({ a: [1, 2, 3], k: [2, 2, 2] }), /1 item\(s\) left after dropping "k" \(no variance\)/);
  assert.throws(() => omegaTotal({ a: [1, 2, 3], b: [3, 1, 2], k: [2, 2, 2] }), /2 item\(s\) left after dropping "k"/);
  assert.throws(() => cronbachAlpha(items, { constant: "keep" as "drop" }), /constant/);
});
