// `npm run bench -- stats-crossed`: lmm on crossed and nested designs against lmer in the same run, then the sparse
// back end's benchmark (`bench/stats.ts --sparse`, in its own process). Designs, each simulated with a fixed seed:
//   crossed-A  the 1,500 subjects × 1,200 items of bench/stats.ts's crossed data (40,000 rows, each a random
//              (subject, item) pair; no subject slope, so lmer needs about 116 evaluations for the slope model);
//   crossed-B  the same layout with a subject slope of SD 0.3 correlated 0.3 with the intercept (lmer converges in
//              about 60 evaluations);
//   nested-R   1,500 schools × 4 classes × 5 pupils with 30 crossed raters (30,000 rows);
//   nested-D   300 districts × 5 schools × 4 classes × 8 pupils (48,000 rows), `(1 | district/school/class)`.
// Ours is the whole lmm() call (design, structure, start, optimisation, lme4's convergence check) with
// satterthwaite: false, after one run on the same data that is recorded (`first`) but not compared (as bench/stats.ts,
// V8 compiles the hot loops during it), then the best of 2; lmer is plain lme4 (lmerTest not loaded), system.time of
// the lmer() call, best of 2. CPU = user + system.
// `--only crossed-B,nested-D` runs some designs. Writes bench/results/stats-crossed.json.
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync, mkdirSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createRng } from "../lib/core/rng.js";
import { lmm } from "../lib/stats/lmm.js";

const SEED = 20261130;
type Cols = Record<string, string[] | Float64Array>;

/**
 * S subjects × I items, NR rows, each a random (subject, item) pair: y = 0.3 + 0.5x + b_s + c_s·x + b_i + e with
 * b_s ~ N(0, 0.6²), b_i ~ N(0, 0.4²), c_s ~ N(0, slopeSd²) correlated ρ with b_s, x and e standard normal. With
 * slopeSd 0 it draws exactly the numbers of the original crossed benchmark (seed SEED + 1).
 */
export function simulateCrossed(S: number, I: number, NR: number, seed = SEED + 1, slopeSd = 0, rho = 0): Cols {
  const rng = createRng(seed);
  const bs = Array.from({ length: S }, () => rng.normal(0, 0.6)), bi = Array.from({ length: I }, () => rng.normal(0, 0.4));
  const cs = slopeSd > 0 ? bs.map((b) => slopeSd * (rho * (b / 0.6) + Math.sqrt(1 - rho * rho) * rng.normal(0, 1))) : bs.map(() => 0);
  const s: string[] = [], it: string[] = [], x = new Float64Array(NR), y = new Float64Array(NR);
  for (let r = 0; r < NR; r++) {
    const a = rng.int(S), b = rng.int(I);
    s.push(`s${a}`); it.push(`i${b}`);
    x[r] = rng.normal(0, 1);
    y[r] = 0.3 + 0.5 * x[r]! + bs[a]! + cs[a]! * x[r]! + bi[b]! + rng.normal(0, 1);
  }
  return { y, x, s, it };
}

/** Schools × classes × pupils with crossed raters (seed SEED + 2, as the sparse benchmark). */
export function simulateNestedRaters(rng = createRng(SEED + 2)): Cols {
  const SC = 1500, CL = 4, PU = 5, RA = 30, NR = SC * CL * PU;
  const bsc = Array.from({ length: SC }, () => rng.normal(0, 0.5)), bcl = Array.from({ length: SC * CL }, () => rng.normal(0, 0.7));
  const bra = Array.from({ length: RA }, () => rng.normal(0, 0.3));
  const school: string[] = [], cls: string[] = [], rater: string[] = [], x = new Float64Array(NR), y = new Float64Array(NR);
  for (let r = 0; r < NR; r++) {
    const sc = Math.floor(r / (CL * PU)), c = Math.floor(r / PU), ra = rng.int(RA);
    school.push(`sc${sc}`); cls.push(`c${c % CL}`); rater.push(`r${ra}`);
    x[r] = rng.normal(0, 1);
    y[r] = 1 + 0.4 * x[r]! + bsc[sc]! + bcl[c]! + bra[ra]! + rng.normal(0, 1);
  }
  return { y, x, school, class: cls, rater };
}

/** Districts × schools × classes × pupils, three nested random intercepts (seed SEED + 4). */
function simulateNestedDistricts(): Cols {
  const rng = createRng(SEED + 4);
  const D = 300, SC = 5, CL = 4, PU = 8, NR = D * SC * CL * PU;
  const bd = Array.from({ length: D }, () => rng.normal(0, 0.4)), bs = Array.from({ length: D * SC }, () => rng.normal(0, 0.5));
  const bc = Array.from({ length: D * SC * CL }, () => rng.normal(0, 0.6));
  const district: string[] = [], school: string[] = [], cls: string[] = [], x = new Float64Array(NR), y = new Float64Array(NR);
  for (let r = 0; r < NR; r++) {
    const c = Math.floor(r / PU), s = Math.floor(c / CL), d = Math.floor(s / SC);
    district.push(`d${d}`); school.push(`s${s % SC}`); cls.push(`c${c % CL}`);
    x[r] = rng.normal(0, 1);
    y[r] = 2 + 0.3 * x[r]! + bd[d]! + bs[s]! + bc[c]! + rng.normal(0, 1);
  }
  return { y, x, district, school, class: cls };
}

interface Design { name: string; formulas: string[]; cols: () => Cols }
const designs: Design[] = [
  { name: "crossed-A", formulas: ["y ~ x + (1 | s) + (1 | it)", "y ~ x + (1 + x | s) + (1 | it)"], cols: () => simulateCrossed(1500, 1200, 40000) },
  { name: "crossed-B", formulas: ["y ~ x + (1 | s) + (1 | it)", "y ~ x + (1 + x | s) + (1 | it)"], cols: () => simulateCrossed(1500, 1200, 40000, SEED + 3, 0.3, 0.3) },
  { name: "nested-R", formulas: ["y ~ x + (1 | school:class) + (1 | school) + (1 | rater)"], cols: () => simulateNestedRaters() },
  { name: "nested-D", formulas: ["y ~ x + (1 | district/school/class)"], cols: () => simulateNestedDistricts() },
];

type Side = { wall: number; cpu: number; evals: number; logLik: number; theta: number[]; backend?: string; first?: { wall: number; cpu: number } };

/** One untimed-for-the-ratio first run (recorded as `first`: V8 compiles the hot loops during it), then the best of 2. */
function ours(formula: string, cols: Cols): Side {
  let best: Side | undefined, first: { wall: number; cpu: number } | undefined;
  for (let r = 0; r < 3; r++) {
    const c0 = process.cpuUsage(), t0 = process.hrtime.bigint();
    const fit = lmm(formula, cols as never, { satterthwaite: false, progress: false });
    const wall = Number(process.hrtime.bigint() - t0) / 1e9, c = process.cpuUsage(c0);
    const side = { wall, cpu: (c.user + c.system) / 1e6, evals: fit.optimizer.evals, logLik: fit.logLik, theta: fit.theta, backend: fit.optimizer.backend };
    if (r === 0) { first = { wall: side.wall, cpu: side.cpu }; continue; }
    if (!best || side.wall < best.wall) best = side;
  }
  return { ...best!, first: first! };
}

function lmer(formula: string, csv: string): Side | null {
  if (spawnSync("Rscript", ["--version"]).status !== 0) return null;
  const script = `suppressMessages(library(lme4)); d <- read.csv("${csv}")
best <- NULL
for (r in 1:2) { st <- system.time(m <- lmer(${formula}, d)); if (is.null(best) || st[["elapsed"]] < best[1]) best <- c(st[["elapsed"]], st[["user.self"]] + st[["sys.self"]], m@optinfo$feval) }
cat(sprintf('{"wall": %.4f, "cpu": %.4f, "evals": %d, "logLik": %.8f, "theta": [%s]}', best[1], best[2], as.integer(best[3]), as.numeric(logLik(m)), paste(sprintf("%.8f", getME(m, "theta")), collapse = ", ")))`;
  const out = spawnSync("Rscript", ["-e", script], { encoding: "utf8" });
  return out.status === 0 ? (JSON.parse(out.stdout.trim().split("\n").pop()!) as Side) : null;
}

async function main(): Promise<void> {
  const oi = process.argv.indexOf("--only");
  const only = oi >= 0 ? process.argv[oi + 1]!.split(",") : undefined;
  const dir = mkdtempSync(join(tmpdir(), "agora-bench-"));
  const results: unknown[] = [];
  for (const dsg of designs.filter((d) => !only || only.includes(d.name))) {
    const cols = dsg.cols();
    const names = Object.keys(cols), n = cols[names[0]!]!.length;
    const csv = join(dir, `${dsg.name}.csv`);
    writeFileSync(csv, [names.join(","), ...Array.from({ length: n }, (_, i) => names.map((k) => String(cols[k]![i])).join(","))].join("\n") + "\n");
    for (const formula of dsg.formulas) {
      const load0 = loadavg()[0]!;
      const o = ours(formula, cols);
      const l = lmer(formula, csv);
      const ratio = l ? { wall: o.wall / l.wall, cpu: o.cpu / l.cpu } : null;
      const row = { design: dsg.name, rows: n, formula, ours: o, lmer: l, ratio, logLikDiff: l ? o.logLik - l.logLik : null,
        thetaMaxDiff: l ? Math.max(...o.theta.map((v, k) => Math.abs(v - l.theta[k]!))) : null, loadAverage: [load0, loadavg()[0]!] };
      const f = (v: number | undefined | null, d = 2): string => (v == null ? "n/a" : v.toFixed(d));
      console.log(`${dsg.name} ${formula} (${n} rows): ours ${f(o.wall)} s wall, ${f(o.cpu)} s CPU (first run ${f(o.first?.wall)} / ${f(o.first?.cpu)}), ${o.evals} evals (${o.backend}); lmer ${f(l?.wall)} s wall, ${f(l?.cpu)} s CPU, ${l?.evals ?? "n/a"} evals; ours/lmer wall ${f(ratio?.wall, 3)}, CPU ${f(ratio?.cpu, 3)}; logLik ours − lmer ${row.logLikDiff?.toExponential(2) ?? "n/a"}; load ${load0.toFixed(1)}–${loadavg()[0]!.toFixed(1)}`);
      results.push(row);
    }
  }
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(new URL("./results/", import.meta.url), { recursive: true });
  if (!only) {
    writeFileSync(new URL("./results/stats-crossed.json", import.meta.url), JSON.stringify({ seed: SEED, results,
      note: "best of 2 runs on each side, in the same run, ours after a first run (recorded as first); ours lmm(satterthwaite: false) (design, structure, start, optimisation, convergence check); lmer without lmerTest (system.time of lmer()); CPU = user + system; evals: ours are the optimiser's (its start's two included, the convergence check's not), lmer's its optimiser's feval (its checkConv's deriv12 not counted either); loadAverage: 1-minute load before and after the pair" }, null, 2) + "\n");
    const sparse = spawnSync(process.execPath, ["--import", "tsx", fileURLToPath(new URL("./stats.ts", import.meta.url)), "--sparse"], { stdio: "inherit" });
    if (sparse.status !== 0) process.exit(1);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) main().catch((e) => { console.error(e); process.exit(1); });
