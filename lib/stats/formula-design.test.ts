/**
 * The formula parser and design builder against R's `terms()` / `model.matrix()` conventions
 * (expected names and orders as R 4.2.2 prints them for the same formulas).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { parseFormula } from "./formula.js";
import { buildMixedDesign } from "./design.js";
import { minimize } from "./optimize.js";

const rows = [
  { y: 1.0, x: 0.5, f: "b", m: "u", g: "s1", h: "k1" },
  { y: 2.1, x: 1.5, f: "a", m: "v", g: "s1", h: "k2" },
  { y: 2.9, x: 2.0, f: "c", m: "u", g: "s2", h: "k1" },
  { y: 4.2, x: 3.5, f: "a", m: "u", g: "s2", h: "k2" },
  { y: 5.1, x: 4.0, f: "b", m: "v", g: "s3", h: "k1" },
  { y: 5.8, x: 6.0, f: "c", m: "v", g: "s3", h: "k2" },
  { y: 7.2, x: 6.5, f: "b", m: "u", g: "s1", h: "k1" },
  { y: 8.1, x: 7.0, f: "a", m: "v", g: "s2", h: "k2" },
];

test("parser: terms ordered by degree, variables by first appearance, random terms and nesting", () => {
  const f = parseFormula("y ~ x * f + m + (1 + x | g) + (1 | g/h)");
  assert.deepEqual(f.terms, [["x"], ["f"], ["m"], ["x", "f"]]);
  assert.equal(f.intercept, true);
  assert.deepEqual(f.random.map((r) => r.groupName), ["g", "g", "h:g"]);
  assert.deepEqual(parseFormula("y ~ (1 | a:b)").random[0]!.groupName, "a:b");
  assert.deepEqual(parseFormula("y ~ b + a + a:b - 1").terms, [["b"], ["a"], ["b", "a"]]);
  assert.equal(parseFormula("y ~ 0 + x").intercept, false);
  const dbl = parseFormula("y ~ x + (1 + x || g)").random;
  assert.deepEqual(dbl.map((r) => [r.intercept, r.terms, r.groupName]), [[true, [], "g"], [false, [["x"]], "g"]]);
  assert.throws(() => parseFormula("y x"), /formula/);
  assert.throws(() => parseFormula("y ~ (x | g"), /expected/);
});

test("design: treatment contrasts and R's coefficient names (R: colnames(model.matrix(y ~ x * f + m)))", () => {
  const d = buildMixedDesign("y ~ x * f + m", rows);
  assert.deepEqual(d.fixefNames, ["(Intercept)", "x", "fb", "fc", "mv", "x:fb", "x:fc"]);
  assert.equal(d.p, 7);
  assert.equal(d.X[0 * 7 + 2], 1); // row 1 has f = b
  assert.equal(d.X[0 * 7 + 5], 0.5); // x:fb = 0.5 × 1
});

test("design: levels option sets the reference; -1 gives one column per level; factor:factor interactions", () => {
  assert.deepEqual(buildMixedDesign("y ~ f", rows, { levels: { f: ["c", "a", "b"] } }).fixefNames, ["(Intercept)", "fa", "fb"]);
  assert.deepEqual(buildMixedDesign("y ~ f - 1", rows).fixefNames, ["fa", "fb", "fc"]);
  assert.throws(() => buildMixedDesign("y ~ f", rows, { levels: { f: ["a", "b"] } }), /"c" .* not among the levels/);
  assert.deepEqual(buildMixedDesign("y ~ f * m", rows).fixefNames, ["(Intercept)", "fb", "fc", "mv", "fb:mv", "fc:mv"]);
});

test("design: random-effect terms with lme4's names, order and level coding", () => {
  const d = buildMixedDesign("y ~ x + (1 + x | g) + (1 | g:h)", rows);
  // lme4 orders terms by decreasing number of levels: g:h (6 combinations) before g (3).
  assert.deepEqual(d.reTerms.map((t) => [t.group, t.nLevels]), [["g:h", 6], ["g", 3]]);
  assert.deepEqual(d.reTerms[1]!.termNames, ["(Intercept)", "x"]);
  assert.deepEqual(d.reTerms[0]!.levels.slice(0, 2), ["s1:k1", "s1:k2"]);
  assert.deepEqual(Array.from(d.reTerms[1]!.groupIndex), [0, 0, 1, 1, 2, 2, 0, 1]);
  // Unused grouping levels are dropped, as lme4 does.
  const e = buildMixedDesign("y ~ x + (1 | g)", rows, { levels: { g: ["s0", "s1", "s2", "s3"] } });
  assert.deepEqual(e.reTerms[0]!.levels, ["s1", "s2", "s3"]);
  assert.deepEqual(Array.from(e.reTerms[0]!.groupIndex), [0, 0, 1, 1, 2, 2, 0, 1]);
});

test("design: inputs as rows, columns or a DataFrame-like table give the same design", () => {
  const cols = { y: rows.map((r) => r.y), x: rows.map((r) => r.x), f: rows.map((r) => r.f) };
  const df = { columns: ["y", "x", "f"], values: rows.map((r) => [r.y, r.x, r.f]) };
  const a = buildMixedDesign("y ~ x + f", rows), b = buildMixedDesign("y ~ x + f", cols), c = buildMixedDesign("y ~ x + f", df);
  assert.deepEqual(Array.from(a.X), Array.from(b.X));
  assert.deepEqual(Array.from(a.X), Array.from(c.X));
});

test("design: missing values dropped with a count; degenerate designs refused (or dropped) with the column named", () => {
  const withNA = rows.map((r, i) => (i === 2 ? { ...r, x: NaN } : i === 5 ? { ...r, f: null } : i === 6 ? { ...r, y: "NA" } : r));
  const d = buildMixedDesign("y ~ x + f", withNA);
  assert.equal(d.nDropped, 3);
  assert.equal(d.n, 5);
  assert.throws(() => buildMixedDesign("y ~ x + z", rows), /no such column/);
  assert.throws(() => buildMixedDesign("y ~ x + c", rows.map((r) => ({ ...r, c: 1 })), { rankDeficient: "error" }), /"c" is constant/);
  assert.throws(() => buildMixedDesign("y ~ x + x2", rows.map((r) => ({ ...r, x2: r.x * 3 })), { rankDeficient: "error" }), /"x2" is a linear combination/);
  assert.deepEqual(buildMixedDesign("y ~ x + x2", rows.map((r) => ({ ...r, x2: r.x * 3 }))).droppedColumns, ["x2"], "dropped by default, as R");
  assert.throws(() => buildMixedDesign("y ~ x + (1 | k)", rows.map((r) => ({ ...r, k: "one" }))), /single level/);
});

test("optimize: bounded minimum on the boundary and in the interior (exact answers)", () => {
  const a = minimize(([u, v]) => (u! - 1) ** 2 + (v! + 2) ** 2 + u! * v!, [0.5, 0.5], { lower: [0, 0] });
  // With v held at 0 the minimum over u ≥ 0 is u = 1.
  assert.ok(Math.abs(a.x[0]! - 1) < 1e-7 && a.x[1]! < 1e-12, `got ${a.x}`);
  const b = minimize(([u, v]) => 100 * (v! - u! * u!) ** 2 + (1 - u!) ** 2, [-1.2, 1]);
  assert.ok(Math.abs(b.x[0]! - 1) < 1e-6 && Math.abs(b.x[1]! - 1) < 1e-6, `Rosenbrock: ${b.x}`);
});
