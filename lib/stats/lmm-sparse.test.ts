/**
 * lmm() with the sparse-Cholesky back end (lmm-sparse.ts) against R: the crossed fixtures
 * (fixtures/lmm-crossed.R), the multi-term fits of the lmm tests (Penicillin, Pastes: lmm-reference.json;
 * lmm-extra.json) with the back end forced, and fixtures/lmm-sparse.R, a design the Schur back end refuses
 * (classes in sessions, a random intercept and slope per class, crossed raters: 12,060 random effects, 6,040 beside
 * the largest term; lme4 1.1-31, lmerTest 3.1-3, default lmer control), which the automatic choice fits with the
 * sparse back end. Tolerances as lmm-crossed.test.ts: fixed effects and σ 1e-5 relative, standard errors 1e-4,
 * θ 1e-4 × max(1, |θ|) absolute, logLik 2e-4 absolute and at least lme4's − 1e-9, Satterthwaite df 1e-3.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { chooseProfiler, lmm, refitML } from "./lmm.js";
import { anova } from "./anova.js";
import { readCsv, readJson } from "./testing/fixtures.js";
import { buildMixedDesign } from "./design.js";
import { denseProfiler } from "./lmm-dense.js";
import { schurProfiler } from "./lmm-schur.js";
import { sparseProfiler } from "./lmm-sparse.js";
import { createRng } from "../core/rng.js";
import { absClose, relClose } from "./testing/compare.js";

interface Ref {
  formula: string; REML: boolean; fixef: Record<string, number>; se: Record<string, number>; df?: Record<string, number>;
  theta: number | number[]; sigma: number; logLik: number;
}
function check(r: Ref, rows: Record<string, unknown>[], opts: Parameters<typeof lmm>[2], backend: string): void {
  const tag = `${r.formula} (${r.REML ? "REML" : "ML"})`;
  const f = lmm(r.formula, rows, { reml: r.REML, satterthwaite: r.df !== undefined, ...opts });
  assert.equal(f.optimizer.backend, backend);
  for (const [k, v] of Object.entries(r.fixef)) relClose(f.fixef[k], v, 1e-5, `${tag} fixef ${k}`);
  for (const [k, v] of Object.entries(r.se)) relClose(f.se[k], v, 1e-4, `${tag} se ${k}`);
  for (const [k, v] of Object.entries(r.df ?? {})) relClose(f.df[k], v, 1e-3, `${tag} df ${k}`);
  relClose(f.sigma, r.sigma, 1e-5, `${tag} sigma`);
  [r.theta].flat().forEach((v, i) => absClose(f.theta[i]!, v, 1e-4 * Math.max(1, Math.abs(v)), `${tag} theta[${i}]`));
  absClose(f.logLik, r.logLik, 2e-4, `${tag} logLik`);
  assert.ok(f.logLik >= r.logLik - 1e-9, `${tag}: logLik ${f.logLik} below lme4's ${r.logLik}`);
  assert.ok(f.convergence.ok, `${tag}: scaled gradient ${f.convergence.scaledGradient}`);
}

const crossed = readJson<{ fits: Ref[] }>("lmm-crossed.json");
const crossedRows = readCsv("lmm-crossed.csv", ["s", "it", "site"]);
for (const r of crossed.fits) {
  test(`lmm sparse back end = lmer (crossed): ${r.formula} (${r.REML ? "REML" : "ML"})`, () => check(r, crossedRows, { solver: "sparse" }, "sparse"));
}

const reference = readJson<{ multi: Array<Ref & { data: string; df: Record<string, number> }> }>("lmm-reference.json");
const refData: Record<string, Record<string, unknown>[]> = { "penicillin.csv": readCsv("lmm-penicillin.csv"), "pastes.csv": readCsv("lmm-pastes.csv") };
for (const r of reference.multi) {
  test(`lmm sparse back end = lmer (${r.data}): ${r.formula} (${r.REML ? "REML" : "ML"})`, () => check(r, refData[r.data]!, { solver: "sparse" }, "sparse"));
}
const extra = readJson<{ fits: Ref[] }>("lmm-extra.json");
const extraRows = readCsv("lmm-extra.csv");
for (const r of extra.fits.filter((f) => (f.formula.match(/\|/g) ?? []).length > 1)) {
  test(`lmm sparse back end = lmer (lmm-extra): ${r.formula}`, () => check(r, extraRows, { solver: "sparse", levels: { f: ["lo", "mid", "hi"] } }, "sparse"));
}

const big = readJson<{ fits: Array<Ref & { q: number }> }>("lmm-sparse.json");
const bigRows = readCsv("lmm-sparse.csv", ["class", "session", "rater"]);
for (const r of big.fits) {
  test(`lmm beyond the Schur limit = lmer (sparse back end chosen): ${r.formula} (${r.REML ? "REML" : "ML"})`, () => check(r, bigRows, {}, "sparse"));
}

test("lmm sparse: the Schur back end refuses the large design; the sparse profile equals the dense one at lme4's θ", () => {
  const d = buildMixedDesign(big.fits[0]!.formula, bigRows);
  assert.equal(d.reTerms.reduce((s, t) => s + t.nLevels * t.termNames.length, 0), big.fits[0]!.q);
  assert.throws(() => schurProfiler(d), /exceed the solver's limit/);
  // lme4's θ for the crossed fits; for three random effects per level (lmm-extra), a θ with correlations.
  const cases: Array<[string, Record<string, unknown>[], number[]]> = [
    ["y ~ x + (1 + x | s) + (1 | it) + (1 | site)", crossedRows, crossed.fits.find((f) => f.formula === "y ~ x + (1 + x | s) + (1 | it) + (1 | site)")!.theta as number[]],
    ["y ~ x + (1 + x | s) + (1 + x | it)", crossedRows, crossed.fits.find((f) => f.formula === "y ~ x + (1 + x | s) + (1 + x | it)")!.theta as number[]],
    ["y ~ x + z + (1 + x + z | g) + (1 + x | h)", extraRows, [0.9, 0.2, -0.1, 0.7, 0.3, 0.5, 0.6, -0.2, 0.4]],
  ];
  for (const [formula, rows, theta] of cases) {
    const dd = buildMixedDesign(formula, rows);
    const sp = sparseProfiler(dd), de = denseProfiler(dd);
    const a = sp.evaluate(theta), b = de.evaluate(theta);
    absClose(a.ldL2, b.ldL2, 1e-9, `${formula} log|L|²`);
    absClose(a.ldRX2, b.ldRX2, 1e-9, `${formula} log|RX|²`);
    relClose(a.pwrss, b.pwrss, 1e-11, `${formula} r²`);
    a.beta.forEach((v, j) => absClose(v, b.beta[j]!, 1e-10, `${formula} β[${j}]`));
    const ua = sp.ranef(theta, a.beta), ub = de.ranef(theta, b.beta);
    ua.forEach((v, j) => absClose(v, ub[j]!, 1e-10, `${formula} b[${j}]`));
  }
});

test("lmm sparse: the automatic choice takes the sparse factor for nested terms and keeps Schur where the item block fills in (null)", () => {
  const nested = buildMixedDesign("y ~ x + (1 | class:session) + (1 | class)", bigRows);
  const pr = chooseProfiler(nested, "auto");
  assert.equal(pr.kind, "sparse");
  // Nested terms: L keeps the pattern of the tree (no fill), far below the 3,010² Schur block.
  const q = pr.q;
  assert.equal(q, 6020 + 3010);
  assert.ok((pr as ReturnType<typeof sparseProfiler>).symbolic.nnzL <= 2 * q, `nnz(L) ${(pr as ReturnType<typeof sparseProfiler>).symbolic.nnzL}`);
  // Subjects × items (400 × 300, 30 items a subject): after the subjects the item block is dense, so Schur.
  const rng = createRng(18), rows: Record<string, unknown>[] = [];
  for (let s = 0; s < 400; s++) {
    const items = new Set<number>();
    while (items.size < 30) items.add(rng.int(300));
    for (const it of items) rows.push({ s: `s${s}`, it: `i${it}`, y: rng.normal() });
  }
  const cross = buildMixedDesign("y ~ 1 + (1 | s) + (1 | it)", rows);
  assert.equal(chooseProfiler(cross, "auto").kind, "schur");
  assert.equal(chooseProfiler(cross, "sparse").kind, "sparse");
  assert.equal(chooseProfiler(cross, "dense").kind, "dense");
  assert.throws(() => lmm("y ~ 1 + (1 | s) + (1 | it)", rows, { solver: "cholmod" as never }), /solver/);
});

test("lmm sparse: forced on one term it equals the block back end (sleepstudy random slopes); refitML and anova use it", () => {
  const sleep = readCsv("lmm-sleepstudy.csv", ["Subject"]);
  const a = lmm("Reaction ~ Days + (Days | Subject)", sleep, { solver: "sparse" });
  const b = lmm("Reaction ~ Days + (Days | Subject)", sleep);
  assert.equal(a.optimizer.backend, "sparse");
  assert.equal(b.optimizer.backend, "block");
  absClose(a.logLik, b.logLik, 1e-8, "logLik");
  for (const k of a.fixefNames) { relClose(a.fixef[k], b.fixef[k]!, 1e-6, `fixef ${k}`); relClose(a.se[k], b.se[k]!, 1e-5, `se ${k}`); relClose(a.df[k], b.df[k]!, 1e-4, `df ${k}`); }
  const r0 = a.ranef.Subject![0]!.values, r1 = b.ranef.Subject![0]!.values;
  for (const k of Object.keys(r1)) absClose(r0[k]!, r1[k]!, 1e-4 * Math.max(1, Math.abs(r1[k]!)), `ranef ${k}`);
  absClose(refitML(a).logLik, refitML(b).logLik, 1e-8, "refitML logLik");
  // The likelihood-ratio test of the slope's random part, both models on the sparse back end, equals the block one.
  const a0 = lmm("Reaction ~ Days + (1 | Subject)", sleep, { solver: "sparse" }), b0 = lmm("Reaction ~ Days + (1 | Subject)", sleep);
  const ta = anova(a0, a), tb = anova(b0, b);
  absClose(ta.chisq, tb.chisq, 1e-6, "anova χ²");
});
