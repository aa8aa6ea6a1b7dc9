/**
 * confint against R 4.2.2 lme4 1.1-31 `confint(fit, method = "profile" | "Wald", oldNames = TRUE)` on scalar terms
 * (correlated terms and GLMMs: confint-profile.test.ts)
 * (fixtures/confint-reference.json). Profile ends within 1e-3 relative (lme4 interpolates its profiles with
 * splines; here each end is a root of the exact profile); Wald ends within 1e-5 relative (they inherit the standard
 * errors, which match lme4 to 1e-5 or better).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { confint } from "./confint.js";
import { lmm } from "./lmm.js";
import { glmm } from "./glmm.js";
import { readCsv, readJson } from "./testing/fixtures.js";

interface Ref { name: string; REML: boolean; formula: string; data: string; rows: string[]; lower: number[]; upper: number[]; lower90: number[]; upper90: number[]; wald_lower: (number | null)[]; wald_upper: (number | null)[] }
const ref = readJson<{ fits: Ref[] }>("confint-reference.json");
const data: Record<string, Record<string, unknown>[]> = {
  "lmm-sleepstudy.csv": readCsv("lmm-sleepstudy.csv", ["Subject"]),
  "lmm-penicillin.csv": readCsv("lmm-penicillin.csv", ["plate", "sample"]),
};
const rel = (a: number, b: number, tol: number, what: string): void =>
  assert.ok(Math.abs(a - b) <= tol * Math.max(Math.abs(b), 1e-3), `${what}: got ${a}, expected ${b}`);

for (const r of ref.fits) {
  test(`confint profile and Wald = lme4: ${r.name}`, () => {
    const fit = lmm(r.formula, data[r.data]!, { reml: r.REML, satterthwaite: false });
    const prof = confint(fit, { method: "profile" });
    assert.deepEqual(prof.map((x) => x.parm), r.rows);
    prof.forEach((x, i) => {
      rel(x.lower, r.lower[i]!, 1e-3, `${x.parm} lower`);
      rel(x.upper, r.upper[i]!, 1e-3, `${x.parm} upper`);
    });
    const p90 = confint(fit, { method: "profile", level: 0.9, parm: [r.rows.at(-1)!] });
    rel(p90[0]!.lower, r.lower90.at(-1)!, 1e-3, "90% lower");
    rel(p90[0]!.upper, r.upper90.at(-1)!, 1e-3, "90% upper");
    const wald = confint(fit, { method: "wald" });
    wald.forEach((x) => {
      const i = r.rows.indexOf(x.parm);
      rel(x.lower, r.wald_lower[i]!, 1e-5, `Wald ${x.parm} lower`);
      rel(x.upper, r.wald_upper[i]!, 1e-5, `Wald ${x.parm} upper`);
    });
  });
}

test("confint: strict options, unknown parameters, glmm Wald by default", () => {
  const sleep = data["lmm-sleepstudy.csv"]!;
  const fit = lmm("Reaction ~ Days + (1 | Subject)", sleep, { satterthwaite: false });
  assert.throws(() => confint(fit, { method: "boot" as "wald" }), /method/);
  assert.throws(() => confint(fit, { parm: ["Dayz"] }), /no parameter "Dayz"/);
  const g = glmm("hi ~ Days + (1 | Subject)", sleep.map((r) => ({ ...r, hi: Number((r.Reaction as number) > 300) })), { family: "binomial" });
  const w = confint(g);
  assert.equal(w[1]!.method, "wald");
  assert.ok(Math.abs(w[1]!.upper - (g.fixef.Days! + 1.959963984540054 * g.se.Days!)) < 1e-12);
});
