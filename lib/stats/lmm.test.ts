/**
 * lmm() against R: lme4 1.1-31 + lmerTest 3.1-3 on R 4.2.2 (fixtures/lmm-reference.json, copied from the
 * project's reference set). Tolerances (relative unless said): fixed effects and sigma 1e-5, standard
 * errors 1e-4, logLik/AIC/BIC 1e-4 absolute (AIC, BIC: 2e-4), Satterthwaite df 1e-3, p-values 5e-3
 * (they inherit the df's numerical-derivative error), θ 1e-4 × max(1, |θ|) (lme4 stops its optimiser earlier than we do), variance components 1e-4,
 * conditional modes 1e-4.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { lmm } from "./lmm.js";
import { readCsv, readJson } from "./testing/fixtures.js";
import { buildMixedDesign } from "./design.js";
import { blockProfiler } from "./lmm-deviance.js";
import { denseProfiler } from "./lmm-dense.js";
import { schurProfiler } from "./lmm-schur.js";
import { mergedProfiler } from "./lmm-merged.js";
import { satterthwaite } from "./lmm-satterthwaite.js";
import { tTestP } from "./distributions.js";
import { absClose, relClose } from "./testing/compare.js";

interface RefFit {
  formula: string; data: string; REML: boolean;
  fixef: Record<string, number>; se: Record<string, number>; df: Record<string, number>; p: Record<string, number>;
  theta: number | number[]; sigma: number; logLik: number; deviance_or_REMLcrit: number; AIC: number; BIC: number; nobs: number;
  varcorr: Array<{ grp: string; var1: string | null; var2: string | null; vcov: number; sdcor: number }>;
  ranef_first_group: Record<string, number>;
}
const ref = readJson<{ lmm: RefFit[]; multi: RefFit[]; panel_lmm: RefFit[] }>("lmm-reference.json");
const data: Record<string, Record<string, unknown>[]> = {
  "sleepstudy.csv": readCsv("lmm-sleepstudy.csv", ["Subject"]),
  "panel.csv": readCsv("lmm-panel.csv", ["agent_id"]),
  "penicillin.csv": readCsv("lmm-penicillin.csv"),
  "pastes.csv": readCsv("lmm-pastes.csv"),
};
/** The reference's factor coding (r-reference README): reference levels rotation, noforce, latest. */
const levels = { mode: ["rotation", "willing"], force: ["noforce", "force"], memory: ["latest", "sampling", "summary"] };


function checkFit(r: RefFit): void {
  const f = lmm(r.formula, data[r.data]!, { reml: r.REML, levels });
  const tag = `${r.formula} (${r.REML ? "REML" : "ML"})`;
  for (const [k, v] of Object.entries(r.fixef)) relClose(f.fixef[k], v, 1e-5, `${tag} fixef ${k}`);
  for (const [k, v] of Object.entries(r.se)) relClose(f.se[k], v, 1e-4, `${tag} se ${k}`);
  for (const [k, v] of Object.entries(r.df)) relClose(f.df[k], v, 1e-3, `${tag} df ${k}`);
  for (const [k, v] of Object.entries(r.p)) relClose(f.p[k], v, 5e-3, `${tag} p ${k}`);
  relClose(f.sigma, r.sigma, 1e-5, `${tag} sigma`);
  [r.theta].flat().forEach((v, i) => absClose(f.theta[i]!, v, 1e-4 * Math.max(1, Math.abs(v)), `${tag} theta[${i}]`));
  absClose(f.logLik, r.logLik, 1e-4, `${tag} logLik`);
  // The optimum is at least as good as lme4's (its optimiser stops a little earlier).
  assert.ok(f.logLik >= r.logLik - 1e-9, `${tag}: logLik ${f.logLik} below lme4's ${r.logLik}`);
  absClose(f.aic, r.AIC, 2e-4, `${tag} AIC`);
  absClose(f.bic, r.BIC, 2e-4, `${tag} BIC`);
  absClose((r.REML ? f.remlCriterion : f.deviance)!, r.deviance_or_REMLcrit, 2e-4, `${tag} criterion`);
  assert.equal(f.nobs, r.nobs);
  for (const v of r.varcorr) {
    const m = f.varcorr.find((w) => w.grp === v.grp && w.var1 === v.var1 && w.var2 === v.var2);
    assert.ok(m, `${tag}: varcorr row ${v.grp}/${v.var1}/${v.var2} missing`);
    relClose(m.sdcor, v.sdcor, 1e-4, `${tag} varcorr ${v.grp} ${v.var1} ${v.var2 ?? ""}`);
  }
  const first = Object.values(f.ranef)[0]![0]!.values;
  for (const [k, v] of Object.entries(r.ranef_first_group)) relClose(first[k], v, 1e-4, `${tag} ranef ${k}`);
  assert.equal(f.singular, false);
}

for (const r of [...ref.lmm, ...ref.multi, ref.panel_lmm[0]!]) {
  test(`lmm matches lme4/lmerTest: ${r.formula} (${r.data}, ${r.REML ? "REML" : "ML"})`, () => checkFit(r));
}

test("lmm: singular fit on the panel is flagged and reaches the optimum (R lme4 bobyqa, rhoend 1e-10)", () => {
  const r = ref.panel_lmm[1]!;
  const bob = readJson<{ fixef: Record<string, number>; se: Record<string, number>; theta: number[]; sigma: number; REMLcrit: number }>("lmm-singular-bobyqa.json");
  const f = lmm(r.formula, data["panel.csv"]!, { levels });
  assert.equal(f.singular, true);
  // lme4's default optimizer (nloptwrap) stops at REML criterion −4018.855 here; bobyqa and ours reach −4020.048.
  absClose(f.remlCriterion!, bob.REMLcrit, 1e-6, "REML criterion");
  assert.ok(f.remlCriterion! < r.deviance_or_REMLcrit);
  for (const [k, v] of Object.entries(bob.fixef)) relClose(f.fixef[k], v, 1e-5, `fixef ${k}`);
  for (const [k, v] of Object.entries(bob.se)) relClose(f.se[k], v, 1e-4, `se ${k}`);
  relClose(f.sigma, bob.sigma, 1e-5, "sigma");
  bob.theta.forEach((v, i) => absClose(f.theta[i]!, v, 1e-5, `theta[${i}]`));
});

test("lmm: deviance and Satterthwaite df at lme4's own θ for the singular fit equal lmerTest's (1e-9 abs, 1e-3 rel)", () => {
  const r = ref.panel_lmm[1]!;
  const d = buildMixedDesign(r.formula, data["panel.csv"]!, { levels });
  const prof = blockProfiler(d);
  const theta = r.theta as number[];
  const pr = prof.evaluate(theta);
  const m = d.n - d.p;
  const crit = pr.ldL2 + pr.ldRX2 + m * (1 + Math.log((2 * Math.PI * pr.pwrss) / m));
  absClose(crit, r.deviance_or_REMLcrit, 1e-7, "REML criterion at R's θ");
  const s = satterthwaite({ profiler: prof, theta, sigma: r.sigma, n: d.n, p: d.p, reml: true });
  d.fixefNames.forEach((nm, j) => relClose(s.df[j], r.df[nm]!, 1e-3, `df ${nm}`));
  d.fixefNames.forEach((nm, j) => relClose(pr.beta[j], r.fixef[nm]!, 1e-6, `fixef ${nm}`));
  const j = d.fixefNames.indexOf("modewilling");
  relClose(tTestP(r.fixef.modewilling! / r.se.modewilling!, s.df[j]!), r.p.modewilling!, 1e-3, "p modewilling");
});

test("lmm: block and dense back ends agree (sleepstudy, random slopes)", () => {
  const d = buildMixedDesign("Reaction ~ Days + (Days | Subject)", data["sleepstudy.csv"]!);
  const a = blockProfiler(d).evaluate([0.9, 0.02, 0.2]), b = denseProfiler(d).evaluate([0.9, 0.02, 0.2]);
  relClose(a.ldL2, b.ldL2, 1e-12, "ldL2");
  relClose(a.pwrss, b.pwrss, 1e-10, "pwrss");
  relClose(a.beta[1]!, b.beta[1]!, 1e-12, "beta");
});

test("lmm: drops incomplete rows with a count, as na.omit", () => {
  const rows = data["sleepstudy.csv"]!.map((r, i) => (i % 30 === 0 ? { ...r, Reaction: null } : r));
  const f = lmm("Reaction ~ Days + (1 | Subject)", rows, { satterthwaite: false });
  assert.equal(f.nDropped, 6);
  assert.equal(f.nobs, 174);
});

test("lmm: degenerate input gets a clear error", () => {
  const rows = data["sleepstudy.csv"]!;
  assert.throws(() => lmm("Reaction ~ Days + (1 | g)", rows.map((r) => ({ ...r, g: "one" }))), /single level/);
  assert.throws(() => lmm("Reaction ~ Days + k + (1 | Subject)", rows.map((r) => ({ ...r, k: 3 })), { rankDeficient: "error" }), /constant/);
  assert.throws(() => lmm("Reaction ~ Days", rows), /no random-effect term/);
  assert.throws(() => lmm("Reaction ~ Days + (1 | Subject)", rows, { REML: false } as never), /REML/);
  assert.throws(() => lmm("Reaction ~ Days + Days2 + (1 | Subject)", rows.map((r) => ({ ...r, Days2: 2 * (r.Days as number) })), { rankDeficient: "error" }), /linear combination/);
  // By default the dependent column is dropped, as lme4 does, and the fit is the one without it.
  const dropped = lmm("Reaction ~ Days + Days2 + (1 | Subject)", rows.map((r) => ({ ...r, Days2: 2 * (r.Days as number) })));
  const plain = lmm("Reaction ~ Days + (1 | Subject)", rows);
  assert.deepEqual(dropped.droppedColumns, ["Days2"]);
  assert.deepEqual(dropped.fixef, plain.fixef);
});

test("formatLmm prints the criterion, random and fixed effects", async () => {
  const { formatLmm } = await import("./format.js");
  const text = formatLmm(lmm("Reaction ~ Days + (Days | Subject)", data["sleepstudy.csv"]!));
  assert.match(text, /REML criterion: 1743\.628/);
  assert.match(text, /Subject\s+\(Intercept\) ~ Days/);
  assert.match(text, /Days\s+10\.47\s+1\.546\s+17\.00/);
});

test("lmm on data simulated in R: 3×3 random slopes, crossed slopes + intercepts, ML with interactions (R lme4 bobyqa)", () => {
  const extra = readJson<{ fits: Array<{ formula: string; REML: boolean; fixef: Record<string, number>; se: Record<string, number>; theta: number[]; sigma: number; logLik: number; singular: boolean }> }>("lmm-extra.json");
  const rows = readCsv("lmm-extra.csv");
  for (const r of extra.fits) {
    const f = lmm(r.formula, rows, { reml: r.REML, levels: { f: ["lo", "mid", "hi"] }, satterthwaite: false });
    for (const [k, v] of Object.entries(r.fixef)) relClose(f.fixef[k], v, 1e-5, `${r.formula} fixef ${k}`);
    for (const [k, v] of Object.entries(r.se)) relClose(f.se[k], v, 1e-4, `${r.formula} se ${k}`);
    relClose(f.sigma, r.sigma, 1e-5, `${r.formula} sigma`);
    absClose(f.logLik, r.logLik, 1e-4, `${r.formula} logLik`);
    r.theta.forEach((v, i) => absClose(f.theta[i]!, v, 1e-4 * Math.max(1, Math.abs(v)), `${r.formula} theta[${i}]`));
    assert.equal(f.singular, r.singular);
  }
});

test("lmm: a response with a large mean (Reaction + 1e6) moves only the intercept (invariance, 1e-7)", () => {
  const rows = data["sleepstudy.csv"]!;
  const a = lmm("Reaction ~ Days + (Days | Subject)", rows, { satterthwaite: false });
  const b = lmm("Reaction ~ Days + (Days | Subject)", rows.map((r) => ({ ...r, Reaction: (r.Reaction as number) + 1e6 })), { satterthwaite: false });
  relClose(b.fixef["(Intercept)"]! - 1e6, a.fixef["(Intercept)"]!, 1e-7, "intercept");
  relClose(b.fixef.Days, a.fixef.Days!, 1e-7, "slope");
  relClose(b.sigma, a.sigma, 1e-7, "sigma");
  absClose(b.logLik, a.logLik, 1e-6, "logLik");
});

test("lmm: Schur-complement and dense back ends agree on crossed terms with slopes (1e-10)", () => {
  const d = buildMixedDesign("y ~ x + z + f + (1 + x | g) + (1 + z | h)", readCsv("lmm-extra.csv"));
  const theta = [0.9, 0.1, 0.4, 0.7, -0.2, 0.5];
  const a = schurProfiler(d).evaluate(theta), b = denseProfiler(d).evaluate(theta);
  relClose(a.ldL2, b.ldL2, 1e-10, "ldL2");
  relClose(a.pwrss, b.pwrss, 1e-10, "pwrss");
  a.beta.forEach((v, j) => relClose(v, b.beta[j]!, 1e-10, `beta ${j}`));
  const ua = schurProfiler(d).ranef(theta, a.beta), ub = denseProfiler(d).ranef(theta, b.beta);
  ua.forEach((v, j) => absClose(v, ub[j]!, 1e-10, `b ${j}`));
});

test("lmm: uncorrelated terms (Days || Subject) match lme4 1.1-31 on R 4.2.2 (θ 1e-5, fixef 1e-5, se 1e-4, logLik 1e-6)", () => {
  // R: lmer(Reaction ~ Days + (Days || Subject), sleepstudy) → theta 0.979896527914, 0.234231225347;
  // se 6.88538081724, 1.55956909807; logLik −871.834646791.
  const f = lmm("Reaction ~ Days + (Days || Subject)", data["sleepstudy.csv"]!);
  absClose(f.theta[0]!, 0.979896527914, 1e-5, "theta[0]");
  absClose(f.theta[1]!, 0.234231225347, 1e-5, "theta[1]");
  relClose(f.fixef.Days, 10.4672859596, 1e-5, "fixef Days");
  relClose(f.se["(Intercept)"], 6.88538081724, 1e-4, "se (Intercept)");
  relClose(f.se.Days, 1.55956909807, 1e-4, "se Days");
  absClose(f.logLik, -871.834646791, 1e-6, "logLik");
  assert.equal(f.optimizer.backend, "block");
  // The merged block solver agrees with the general one.
  const d = buildMixedDesign("Reaction ~ Days + (Days || Subject)", data["sleepstudy.csv"]!);
  const a = mergedProfiler(d).evaluate([0.8, 0.3]), b = schurProfiler(d).evaluate([0.8, 0.3]);
  relClose(a.pwrss, b.pwrss, 1e-10, "pwrss");
  relClose(a.ldL2, b.ldL2, 1e-10, "ldL2");
  const ua = mergedProfiler(d).ranef([0.8, 0.3], a.beta), ub = schurProfiler(d).ranef([0.8, 0.3], b.beta);
  ua.forEach((v, j) => absClose(v, ub[j]!, 1e-9, `b ${j}`));
});

test("lmm: the sparse Schur path equals the dense factor on three crossed factors with slopes and unbalanced cells (1e-10)", () => {
  let s = 11;
  const r = (): number => ((s = (s * 16807) % 2147483647) / 2147483647);
  const rows = Array.from({ length: 600 }, () => ({ a: `a${Math.floor(r() * 40)}`, b: `b${Math.floor(r() * 15)}`, c: `c${Math.floor(r() * 6)}`, x: r() * 2 - 1, y: r() * 3 }));
  const d = buildMixedDesign("y ~ x + (1 + x | a) + (1 + x | b) + (1 | c)", rows);
  const theta = [0.7, 0.2, 0.5, 1.1, -0.3, 0.4, 0.8];
  const a = schurProfiler(d).evaluate(theta), b = denseProfiler(d).evaluate(theta);
  relClose(a.ldL2, b.ldL2, 1e-10, "ldL2");
  relClose(a.pwrss, b.pwrss, 1e-10, "pwrss");
  a.beta.forEach((v, j) => relClose(v, b.beta[j]!, 1e-10, `beta ${j}`));
  const ua = schurProfiler(d).ranef(theta, a.beta), ub = denseProfiler(d).ranef(theta, b.beta);
  ua.forEach((v, j) => absClose(v, ub[j]!, 1e-9, `b ${j}`));
});
