// `npx tsx bench/stats.ts`: mixed models on 100,000 rows and 2,000 groups (seeded simulation), ours
// against R's lme4 on the same data in the same run when Rscript is installed. Writes
// bench/results/stats.json with times, ratios (ours / lme4) and the process RSS growth.
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync, mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import v8 from "node:v8";
import { runInNewContext } from "node:vm";
import { join } from "node:path";
import { createRng } from "../lib/core/rng.js";
import { chooseProfiler, lmm } from "../lib/stats/lmm.js";
import { buildMixedDesign } from "../lib/stats/design.js";
import { sparseProfiler } from "../lib/stats/lmm-sparse.js";
import { schurProfiler } from "../lib/stats/lmm-schur.js";
import { simulateCrossed, simulateNestedRaters } from "./stats-crossed.js";

const N = 100_000, G = 2_000, SEED = 20261130;
/** Runs per model on each side (best kept): 3 for the linear models, 2 for the GLMMs (glmer takes 15–20 s a fit). */
const LMM_REPS = 3, GLMM_REPS = 2;

/**
 * y: linear with a random intercept and slope per group; w: logistic with a random intercept; s of s + f trials
 * (1–10): binomial counts with a random intercept; c: Poisson counts over an exposure e, with a random intercept.
 */
function simulate(): { x: Float64Array; t: Float64Array; g: string[]; y: Float64Array; w: Float64Array; s: Float64Array; f: Float64Array; c: Float64Array; e: Float64Array } {
  const rng = createRng(SEED);
  const b0 = Array.from({ length: G }, () => rng.normal(0, 0.8));
  const b1 = Array.from({ length: G }, () => rng.normal(0, 0.3));
  const x = new Float64Array(N), t = new Float64Array(N), y = new Float64Array(N), w = new Float64Array(N);
  const s = new Float64Array(N), f = new Float64Array(N), c = new Float64Array(N), e = new Float64Array(N);
  const g = new Array<string>(N);
  for (let i = 0; i < N; i++) {
    const k = i % G;
    g[i] = `g${k}`;
    x[i] = rng.normal(0, 1);
    t[i] = Math.floor(i / G) / 50;
    y[i] = 1 + 0.5 * x[i]! - 0.3 * t[i]! + b0[k]! + b1[k]! * x[i]! + rng.normal(0, 1);
    const eta = -0.5 + 0.8 * x[i]! + 0.4 * t[i]! + b0[k]!;
    const pr = 1 / (1 + Math.exp(-eta));
    w[i] = rng.uniform() < pr ? 1 : 0;
    const trials = 1 + rng.int(10);
    for (let k = 0; k < trials; k++) if (rng.uniform() < pr) s[i]++;
    f[i] = trials - s[i]!;
    e[i] = 0.5 + 3 * rng.uniform();
    const mu = e[i]! * Math.exp(0.2 + 0.3 * x[i]! - 0.2 * t[i]! + 0.5 * b0[k]!);
    // Poisson by inversion (means stay small here).
    let u = rng.uniform(), p = Math.exp(-mu), cum = p, k2 = 0;
    while (u > cum && k2 < 1000) { k2++; p *= mu / k2; cum += p; }
    c[i] = k2;
  }
  return { x, t, g, y, w, s, f, c, e };
}

/**
 * A full garbage collection, as R's `system.time(…, gcFirst = TRUE)` (its default) runs before timing: otherwise the
 * collector's concurrent work on garbage from earlier steps lands in the next run's CPU time.
 */
const collect: () => void = (() => {
  v8.setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc") as unknown;
  return typeof gc === "function" ? (gc as () => void) : () => {};
})();

/** Best wall-clock and best CPU (user + system) seconds over `reps` runs, each after a full collection. */
function time<T>(f: () => T, reps = 3): { seconds: number; cpu: number; value: T } {
  let best = Infinity, bestCpu = Infinity, value: T | undefined;
  for (let r = 0; r < reps; r++) {
    collect();
    const c0 = process.cpuUsage();
    const t0 = process.hrtime.bigint();
    value = f();
    best = Math.min(best, Number(process.hrtime.bigint() - t0) / 1e9);
    const c = process.cpuUsage(c0);
    bestCpu = Math.min(bestCpu, (c.user + c.system) / 1e6);
  }
  return { seconds: best, cpu: bestCpu, value: value! };
}

type Times = { wall: Record<string, number | null>; cpu: Record<string, number | null> };

function lme4Times(csv: string, withGlmm: boolean): Times | null {
  if (spawnSync("Rscript", ["--version"]).status !== 0) return null;
  const script = `suppressMessages(library(lme4)); d <- read.csv("${csv}"); d$g <- factor(d$g)
best <- function(expr, reps) {
  tt <- sapply(seq_len(reps), function(i) { s <- system.time(eval(expr)); c(s[["elapsed"]], s[["user.self"]] + s[["sys.self"]]) })
  c(min(tt[1, ]), min(tt[2, ]))
}
t1 <- best(quote(lmer(y ~ x + t + (1 | g), d)), ${LMM_REPS})
t2 <- best(quote(lmer(y ~ x + t + (1 + x | g), d)), ${LMM_REPS})
t3 <- ${withGlmm ? `best(quote(glmer(w ~ x + t + (1 | g), d, family = binomial)), ${GLMM_REPS})` : "c(NA, NA)"}
t4 <- ${withGlmm ? `best(quote(glmer(cbind(s, f) ~ x + t + (1 | g), d, family = binomial)), ${GLMM_REPS})` : "c(NA, NA)"}
t5 <- ${withGlmm ? `best(quote(glmer(c ~ x + t + offset(log(e)) + (1 | g), d, family = poisson)), ${GLMM_REPS})` : "c(NA, NA)"}
f <- function(x) ifelse(is.na(x), "null", sprintf("%.4f", x))
cat(sprintf('{"wall": {"intercept": %s, "slope": %s, "glmm": %s, "glmm-cbind": %s, "glmm-poisson": %s}, "cpu": {"intercept": %s, "slope": %s, "glmm": %s, "glmm-cbind": %s, "glmm-poisson": %s}}',
  f(t1[1]), f(t2[1]), f(t3[1]), f(t4[1]), f(t5[1]), f(t1[2]), f(t2[2]), f(t3[2]), f(t4[2]), f(t5[2])))`;
  const r = spawnSync("Rscript", ["-e", script], { encoding: "utf8" });
  if (r.status !== 0) { console.error(r.stderr); return null; }
  return JSON.parse(r.stdout.trim().split("\n").pop()!) as Times;
}

async function main(): Promise<void> {
  const sim = simulate();
  const data = { x: sim.x, t: sim.t, g: sim.g, y: sim.y, w: sim.w, s: sim.s, f: sim.f, c: sim.c, e: sim.e };
  const rss0 = process.memoryUsage().rss;
  const cases: Array<{ name: string; formula: string; run: () => unknown }> = [
    { name: "intercept", formula: "y ~ x + t + (1 | g)", run: () => lmm("y ~ x + t + (1 | g)", data) },
    { name: "slope", formula: "y ~ x + t + (1 + x | g)", run: () => lmm("y ~ x + t + (1 + x | g)", data) },
  ];
  const stats = (await import("../lib/stats/index.js")) as Record<string, unknown>;
  const glmm = stats.glmm as undefined | ((f: string, d: unknown, o: { family: "binomial" | "poisson" }) => unknown);
  if (typeof glmm === "function") {
    cases.push({ name: "glmm", formula: "w ~ x + t + (1 | g)", run: () => glmm("w ~ x + t + (1 | g)", data, { family: "binomial" }) });
    cases.push({ name: "glmm-cbind", formula: "cbind(s, f) ~ x + t + (1 | g)", run: () => glmm("cbind(s, f) ~ x + t + (1 | g)", data, { family: "binomial" }) });
    cases.push({ name: "glmm-poisson", formula: "c ~ x + t + offset(log(e)) + (1 | g)", run: () => glmm("c ~ x + t + offset(log(e)) + (1 | g)", data, { family: "poisson" }) });
  }
  const ours: Times = { wall: {}, cpu: {} };
  // Warm the JIT on a small slice first (lme4's compiled code needs no warm-up; R's times are best of 3).
  const slice = Object.fromEntries(Object.entries(data).map(([k, v]) => [k, v.slice(0, 5000)]));
  lmm("y ~ x + t + (1 | g)", slice);
  lmm("y ~ x + t + (1 + x | g)", slice);
  if (typeof glmm === "function") {
    glmm("w ~ x + t + (1 | g)", slice, { family: "binomial" });
    glmm("cbind(s, f) ~ x + t + (1 | g)", slice, { family: "binomial" });
    glmm("c ~ x + t + offset(log(e)) + (1 | g)", slice, { family: "poisson" });
  }
  for (const c of cases) {
    // One untimed run on the full data first: V8 compiles the hot loops for these sizes on background threads, which
    // would otherwise be counted in the first runs' CPU time (R's slower first run is absorbed by its best of N).
    c.run();
    const r = time(c.run, c.name.startsWith("glmm") ? GLMM_REPS : LMM_REPS);
    ours.wall[c.name] = r.seconds;
    ours.cpu[c.name] = r.cpu;
    console.log(`ours  ${c.formula.padEnd(38)} ${r.seconds.toFixed(3)} s wall, ${r.cpu.toFixed(3)} s CPU`);
  }
  const rssDeltaMB = (process.memoryUsage().rss - rss0) / 2 ** 20;
  const dir = mkdtempSync(join(tmpdir(), "agora-bench-"));
  const csv = join(dir, "sim.csv");
  const lines = ["y,x,t,g,w,s,f,c,e"];
  for (let i = 0; i < N; i++) lines.push(`${sim.y[i]},${sim.x[i]},${sim.t[i]},${sim.g[i]},${sim.w[i]},${sim.s[i]},${sim.f[i]},${sim.c[i]},${sim.e[i]}`);
  writeFileSync(csv, lines.join("\n") + "\n");
  const r = lme4Times(csv, "glmm" in ours.wall);
  rmSync(dir, { recursive: true, force: true });
  const ratio: Times = { wall: {}, cpu: {} };
  for (const c of cases) {
    for (const k of ["wall", "cpu"] as const) {
      const theirs = r?.[k][c.name] ?? null;
      ratio[k][c.name] = theirs ? ours[k][c.name]! / theirs : null;
    }
    const fmt = (v: number | null | undefined): string => (v == null ? "n/a" : v.toFixed(3));
    console.log(`lme4  ${c.formula.padEnd(38)} ${fmt(r?.wall[c.name])} s wall, ${fmt(r?.cpu[c.name])} s CPU   ours/lme4: wall ${fmt(ratio.wall[c.name])}, CPU ${fmt(ratio.cpu[c.name])}`);
  }
  console.log(`RSS growth during our fits: ${rssDeltaMB.toFixed(1)} MB`);
  const out = { n: N, groups: G, seed: SEED, oursSeconds: ours, lme4Seconds: r, ratio, rssDeltaMB: Number(rssDeltaMB.toFixed(1)),
    note: `best of ${LMM_REPS} runs for the linear models (${GLMM_REPS} for the GLMMs), on both sides; ours: full lmm()/glmm() call (design from columns, fit, Satterthwaite df), after a warm-up on 5,000 rows and one untimed run on the full data, each timed run after a full garbage collection (as R's system.time, gcFirst = TRUE); lme4: system.time of lmer()/glmer() only` };
  mkdirSync(new URL("./results/", import.meta.url), { recursive: true });
  writeFileSync(new URL("./results/stats.json", import.meta.url), JSON.stringify(out, null, 2) + "\n");
}

/**
 * `--sparse`: the sparse-Cholesky back end against the Schur back end and lmer on two designs: the 1,500 × 1,200
 * crossed design of stats-crossed.ts (`y ~ x + (1 + x | s) + (1 | it)`: the item block fills in, the case Schur is made
 * for) and a nested design with a crossed factor, 1,500 schools × 4 classes × 5 pupils with 30 raters
 * (`y ~ x + (1 | school:class) + (1 | school) + (1 | rater)`: the Schur block, schools and raters, is 1,530 × 1,530
 * and almost all zeros). For each: q, nnz(L), supernodes, the symbolic analysis time (pattern, AMD, analysis), the
 * numeric time per θ (factor, solves and profile; mean of 5 evaluations) for both back ends, and whole fits (ours
 * with `satterthwaite: false`, lmer without lmerTest, one run each). Writes bench/results/stats-sparse.json.
 */
async function sparseBench(): Promise<void> {
  type Design = { name: string; formula: string; cols: Record<string, unknown[] | Float64Array>; header: string[] };
  const crossedCols = simulateCrossed(1500, 1200, 40000);
  const nestedCols = simulateNestedRaters();
  const designs: Design[] = [
    { name: "crossed 1500 x 1200, 40000 rows", formula: "y ~ x + (1 + x | s) + (1 | it)", cols: crossedCols, header: ["y", "x", "s", "it"] },
    { name: "nested 1500 schools x 4 classes x 5 pupils, 30 crossed raters, 30000 rows", formula: "y ~ x + (1 | school:class) + (1 | school) + (1 | rater)",
      cols: nestedCols, header: ["y", "x", "school", "class", "rater"] },
  ];
  const hasR = spawnSync("Rscript", ["--version"]).status === 0;
  const dir = mkdtempSync(join(tmpdir(), "agora-bench-"));
  const results: unknown[] = [];
  for (const dsg of designs) {
    const design = buildMixedDesign(dsg.formula, dsg.cols as never);
    const t0 = process.hrtime.bigint();
    const sp = sparseProfiler(design);
    const symbolicMs = Number(process.hrtime.bigint() - t0) / 1e6;
    const fitSparse = time(() => lmm(dsg.formula, dsg.cols as never, { satterthwaite: false, solver: "sparse", progress: false }), 1);
    const fitSchur = time(() => lmm(dsg.formula, dsg.cols as never, { satterthwaite: false, solver: "schur", progress: false }), 1);
    const theta = fitSparse.value.theta;
    const perTheta = (pr: { evaluate(t: readonly number[]): unknown }): number => {
      const t1 = process.hrtime.bigint();
      for (let k = 0; k < 5; k++) pr.evaluate(theta.map((v) => v * (1 + (k + 1) * 1e-6)));
      return Number(process.hrtime.bigint() - t1) / 5e6;
    };
    const sparseMs = perTheta(sp);
    const t2 = process.hrtime.bigint();
    const sc = schurProfiler(design);
    const schurSetupMs = Number(process.hrtime.bigint() - t2) / 1e6;
    const schurMs = perTheta(sc);
    let q2 = 0;
    for (const t of design.reTerms.slice(1)) q2 += t.nLevels * t.termNames.length;
    const side = (f: typeof fitSparse) => ({ wall: f.seconds, cpu: f.cpu, evals: f.value.optimizer.evals, backend: f.value.optimizer.backend, logLik: f.value.logLik });
    type LmerSide = { wall: number; cpu: number; evals: number; logLik: number };
    let lmer = null as LmerSide | null;
    if (hasR) {
      const csv = join(dir, "d.csv"), n = design.n;
      const colsOut = dsg.header.map((h) => dsg.cols[h]!);
      writeFileSync(csv, [dsg.header.join(","), ...Array.from({ length: n }, (_, i) => colsOut.map((c) => String(c[i])).join(","))].join("\n") + "\n");
      const script = `suppressMessages(library(lme4)); d <- read.csv("${csv}"); st <- system.time(m <- lmer(${dsg.formula}, d)); cat(sprintf('{"wall": %.4f, "cpu": %.4f, "evals": %d, "logLik": %.8f}', st[["elapsed"]], st[["user.self"]] + st[["sys.self"]], m@optinfo$feval, as.numeric(logLik(m))))`;
      const out = spawnSync("Rscript", ["-e", script], { encoding: "utf8" });
      if (out.status === 0) lmer = JSON.parse(out.stdout.trim().split("\n").pop()!) as LmerSide;
    }
    const row = {
      design: dsg.name, formula: dsg.formula, rows: design.n, q: sp.q, q2, nnzL: sp.symbolic.nnzL, supernodes: sp.symbolic.ns, maxFront: sp.symbolic.maxFront,
      symbolicMs: Number(symbolicMs.toFixed(1)), sparsePerThetaMs: Number(sparseMs.toFixed(2)), schurSetupMs: Number(schurSetupMs.toFixed(1)), schurPerThetaMs: Number(schurMs.toFixed(2)),
      autoBackend: chooseProfiler(design, "auto").kind,
      fits: { sparse: side(fitSparse), schur: side(fitSchur), lmer },
    };
    console.log(`${dsg.name}: ${dsg.formula}`);
    console.log(`  q ${row.q} (q2 ${q2}), nnz(L) ${row.nnzL}, ${row.supernodes} supernodes (largest front ${row.maxFront}); symbolic ${row.symbolicMs} ms; per θ: sparse ${row.sparsePerThetaMs} ms, Schur ${row.schurPerThetaMs} ms; auto picks ${row.autoBackend}`);
    console.log(`  fits: sparse ${fitSparse.seconds.toFixed(2)} s (${row.fits.sparse.evals} evals), Schur ${fitSchur.seconds.toFixed(2)} s (${row.fits.schur.evals} evals), lmer ${lmer ? `${lmer.wall.toFixed(2)} s (${lmer.evals} evals)` : "n/a"}; logLik sparse ${row.fits.sparse.logLik.toFixed(6)}, Schur ${row.fits.schur.logLik.toFixed(6)}, lmer ${lmer?.logLik.toFixed(6) ?? "n/a"}`);
    results.push(row);
  }
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(new URL("./results/", import.meta.url), { recursive: true });
  writeFileSync(new URL("./results/stats-sparse.json", import.meta.url), JSON.stringify({ seed: SEED + 2, results,
    note: "one run each; symbolic = sparseProfiler() (ZᵀZ pattern, AMD, analysis); per θ = mean of 5 evaluations near the optimum; fits: ours lmm(satterthwaite: false) with the back end forced, lmer without lmerTest; wall seconds, CPU = user + system" }, null, 2) + "\n");
}

if (process.argv.includes("--sparse")) sparseBench().catch((e) => { console.error(e); process.exit(1); });
else main().catch((e) => { console.error(e); process.exit(1); });
