/**
 * Benchmark: the logistic GLMM on 100,000 rows and 2,000 groups, `w ~ x + t + (1 | g)`; the goal is at most 0.1× the
 * time of lme4's glmer on the same rows (`--with-r` measures it in the same run; bench/stats.ts does the same for
 * three GLMMs).
 * Simulated with a seeded Rng: x ~ N(0, 1), t ~ U(0, 1), b_g ~ N(0, 0.8²), P(w = 1) = logit⁻¹(−0.5 + 0.7x − 0.4t + b_g).
 * Run: node --import tsx bench/glmm-quick.ts [--rows N] [--groups G] [--csv path] [--with-r]   → writes bench/results/glmm-quick.json
 * `--csv path` also writes the simulated data; `--with-r` then times lme4's glmer on the same rows (needs Rscript
 * with lme4). Wall and CPU seconds are both reported: on a busy machine the CPU time is the steadier number.
 */
import { spawnSync } from "node:child_process";
import { writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cpus } from "node:os";
import { createRng } from "../lib/core/rng.js";
import { glmm } from "../lib/stats/glmm.js";

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}

function simulate(rows: number, groups: number, seed: number): { x: Float64Array; t: Float64Array; g: string[]; w: Float64Array } {
  const rng = createRng(seed);
  const b = Array.from({ length: groups }, () => rng.normal(0, 0.8));
  const x = new Float64Array(rows), t = new Float64Array(rows), w = new Float64Array(rows);
  const g = new Array<string>(rows);
  for (let i = 0; i < rows; i++) {
    const k = i % groups;
    g[i] = `g${String(k).padStart(5, "0")}`;
    x[i] = rng.normal(0, 1);
    t[i] = rng.uniform();
    const eta = -0.5 + 0.7 * x[i]! - 0.4 * t[i]! + b[k]!;
    w[i] = rng.uniform() < 1 / (1 + Math.exp(-eta)) ? 1 : 0;
  }
  return { x, t, g, w };
}

/** glmer's wall and CPU seconds on the CSV, or null when R or lme4 is missing. */
function timeGlmer(csv: string): { seconds: number; cpuSeconds: number } | null {
  const script = `suppressMessages(library(lme4)); d <- read.csv("${csv}"); d$g <- factor(d$g)
t <- system.time(m <- glmer(w ~ x + t + (1 | g), data = d, family = binomial))
cat(sprintf('{"seconds": %.3f, "cpuSeconds": %.3f}', t[["elapsed"]], t[["user.self"]] + t[["sys.self"]]))`;
  const res = spawnSync("Rscript", ["-e", script], { encoding: "utf8" });
  if (res.status !== 0) return null;
  try { return JSON.parse(res.stdout.trim().split("\n").pop()!) as { seconds: number; cpuSeconds: number }; } catch { return null; }
}

function main(): void {
  const rows = Number(arg("rows", "100000"));
  const groups = Number(arg("groups", "2000"));
  const data = simulate(rows, groups, 20261130);
  const withR = process.argv.includes("--with-r");
  const csv = arg("csv", withR ? join(tmpdir(), "agora-glmm-quick.csv") : "");
  if (csv) {
    const lines = ["w,x,t,g"];
    for (let i = 0; i < rows; i++) lines.push(`${data.w[i]},${data.x[i]},${data.t[i]},${data.g[i]}`);
    writeFileSync(csv, lines.join("\n") + "\n");
  }
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const fit = glmm("w ~ x + t + (1 | g)", data, { family: "binomial" });
  const seconds = (performance.now() - t0) / 1000;
  const c1 = process.cpuUsage(c0);
  const cpuSeconds = (c1.user + c1.system) / 1e6;
  const lme4 = withR ? timeGlmer(csv) : null;
  const mem = process.memoryUsage();
  console.log(`glmm w ~ x + t + (1 | g): ${rows} rows, ${groups} groups: ${seconds.toFixed(2)} s (CPU ${cpuSeconds.toFixed(2)} s); evals ${JSON.stringify(fit.evals)}`);
  if (lme4) console.log(`lme4 glmer on the same rows: ${lme4.seconds.toFixed(2)} s (CPU ${lme4.cpuSeconds.toFixed(2)} s); ratio ${(seconds / lme4.seconds).toFixed(3)} (CPU ${(cpuSeconds / lme4.cpuSeconds).toFixed(3)})`);
  console.log(`  fixef ${JSON.stringify(fit.fixef)}  se ${JSON.stringify(fit.se)}  theta ${fit.theta.map((v) => v.toFixed(5))}  logLik ${fit.logLik.toFixed(4)}`);
  const out = {
    benchmark: "stats.glmm logistic random intercept",
    formula: "w ~ x + t + (1 | g)",
    rows, groups,
    target: "at most 0.1x lme4's glmer on the same rows (needs --with-r)",
    node: process.version,
    cpu: cpus()[0]?.model ?? "unknown",
    seconds: Math.round(seconds * 1000) / 1000,
    cpuSeconds: Math.round(cpuSeconds * 1000) / 1000,
    lme4,
    ratio: lme4 ? Math.round((seconds / lme4.seconds) * 1000) / 1000 : null,
    evals: fit.evals,
    rssMB: Math.round(mem.rss / 1e6),
    fixef: fit.fixef,
    se: fit.se,
    theta: fit.theta,
    logLik: fit.logLik,
    pass: lme4 ? seconds <= lme4.seconds / 10 : null,
  };
  mkdirSync(new URL("./results/", import.meta.url), { recursive: true });
  writeFileSync(new URL("./results/glmm-quick.json", import.meta.url), JSON.stringify(out, null, 2) + "\n");
}

main();
