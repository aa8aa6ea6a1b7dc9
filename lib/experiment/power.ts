/**
 * Power of a paired contrast between two levels of a grid factor, for any mechanism: a pilot run of the config
 * (only the two levels and one level of each other factor, in a temporary run folder), the paired effect size
 * d = mean(a − b) / sd(a − b) over the pilot's seeds with its approximate standard error, and, at the level the
 * contrast is tested at (α, or α/k under Bonferroni or Holm over k tests), the power at the N that will be run (the
 * config's N unless given) and the seeds needed for 80 % and 90 % power.
 *
 * Holm's step-down procedure tests the smallest of k p-values at α/k and the largest at α, so a contrast's Holm level
 * depends on the other tests' p-values; the power reported for Holm is at α/k (the level every rank passes, a lower
 * bound), with the power at α beside it (an upper bound).
 *
 * Power is exact for the paired t test given d: 1 − F(t_crit; n − 1, d√n) + F(−t_crit; n − 1, d√n), F the
 * noncentral t distribution function (jstat), t_crit the 1 − α/2 quantile of t with n − 1 df; it equals R's
 * power.t.test(type = "paired", strict = TRUE) (R's default strict = FALSE drops the lower tail). It treats the pilot's d as the true effect, so the seeds needed inherit the pilot's
 * uncertainty: the interval of d is reported beside them.
 */
import { createRequire } from "node:module";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ConfigError } from "../core/errors.js";
import type { Level } from "../core/mechanism.js";
import { parseConfig, readConfigFile, resolveConfig, type ExperimentConfig, type ProfileName } from "./config.js";
import { load } from "./load.js";
import { planRun } from "./plan.js";
import type { Registry } from "./registry.js";
import { runExperiment } from "./run.js";

const require = createRequire(import.meta.url);
const { jStat } = require("jstat") as {
  jStat: {
    studentt: { inv(p: number, df: number): number };
    noncentralt: { cdf(x: number, df: number, ncp: number): number };
    normal: { inv(p: number, mean: number, sd: number): number };
  };
};

export interface PowerOptions {
  /** The column of the table to compare. */
  metric: string;
  /** The two levels [a, b]; the effect is a − b, paired by seed. */
  contrast: [string, string];
  /** The table (default: the mechanism's first table, its main one). */
  table?: string;
  /** The grid factor holding both levels (default: the one factor that does). */
  factor?: string;
  /** Levels of the other grid factors, e.g. { control: "none" }; a factor not fixed is held at its first level. */
  fix?: Record<string, string>;
  /**
   * Profile of the config: the pilot's seeds (unless `seeds`) come from it (default quick), and so does the N that is
   * evaluated when the profile is given (default: the config's N under the `full` profile).
   */
  profile?: ProfileName;
  /** Seeds of the pilot (default: the config's seeds under the profile); a dev range keeps the pilot off the reported seeds. */
  seeds?: number[];
  /** The N (seeds) to report the power at (default: the config's, see `profile`). */
  n?: number;
  /** Two-sided familywise level (default 0.05). */
  alpha?: number;
  /** Multiplicity correction over k tests: the contrast is tested at α/k (Holm: at α/k to α by rank, see above). */
  correction?: { method: "holm" | "bonferroni"; k: number };
  /** Run folder of the pilot (default: a temporary folder, removed afterwards). */
  out?: string;
  concurrency?: number;
  registry?: Registry;
}

export interface PowerResult {
  mechanism: string;
  table: string;
  metric: string;
  factor: string;
  contrast: [string, string];
  fixed: Record<string, Level>;
  /** Factors not fixed by the caller, held at their first level. */
  heldAtFirst: Record<string, Level>;
  model: string;
  /** Seeds of the pilot, paired. */
  seeds: number[];
  /** Pairs in the pilot. */
  n: number;
  /** The N the power is reported at, and where it came from. */
  nEval: number;
  nSource: string;
  meanA: number;
  meanB: number;
  /** Mean and SD of the paired differences a − b. */
  meanDiff: number;
  sdDiff: number;
  /** Paired effect size d = meanDiff / sdDiff, its standard error √(1/n + d²/(2n)) and a 95 % normal interval. */
  d: number;
  seD: number;
  dLower: number;
  dUpper: number;
  /** The familywise level, the correction and the level of this contrast's test (α, or α/k). */
  alpha: number;
  correction: { method: "none" | "holm" | "bonferroni"; k: number };
  level: number;
  /** Power of the paired t test at `level` with `nEval` pairs. */
  power: number;
  /** Holm only: the power at α, the level of the last step (an upper bound). */
  powerUpper: number | null;
  /** Seeds needed for 80 % and 90 % power at `level` (null when d = 0). */
  seeds80: number | null;
  seeds90: number | null;
  method: string;
}

/**
 * Power of a two-sided paired t test with n pairs and effect size d at level α (noncentral t).
 * @example pairedPower(20, 0.5) // 0.5645044… (R: power.t.test(n = 20, delta = 0.5, sd = 1, type = "paired", strict = TRUE))
 */
export function pairedPower(n: number, d: number, alpha = 0.05): number {
  if (!(n >= 2)) return NaN;
  const df = n - 1;
  const t = jStat.studentt.inv(1 - alpha / 2, df);
  const ncp = Math.abs(d) * Math.sqrt(n);
  if (ncp === 0) return alpha;
  return 1 - jStat.noncentralt.cdf(t, df, ncp) + jStat.noncentralt.cdf(-t, df, ncp);
}

/**
 * The smallest number of pairs with power ≥ `target` (null when d = 0 or more than `max` would be needed).
 * @example seedsForPower(0.3, 0.8) // 90 (R: ceiling(power.t.test(power = .8, delta = .3, type = "paired")$n))
 */
export function seedsForPower(d: number, target: number, alpha = 0.05, max = 1_000_000): number | null {
  if (!(Math.abs(d) > 0)) return null;
  if (pairedPower(2, d, alpha) >= target) return 2;
  let hi = 4;
  while (pairedPower(hi, d, alpha) < target) {
    hi *= 2;
    if (hi > max) return null;
  }
  let lo = hi / 2;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (pairedPower(mid, d, alpha) >= target) hi = mid;
    else lo = mid;
  }
  return hi;
}

/** Effect size and power from paired values a_i, b_i (same seed order). */
export function powerFromPairs(a: readonly number[], b: readonly number[], alpha = 0.05) {
  if (a.length !== b.length) throw new ConfigError({ message: `power: ${a.length} vs ${b.length} values; pairs must match` });
  const n = a.length;
  if (n < 2) throw new ConfigError({ message: `power: the pilot gave ${n} paired seed(s); at least 2 are needed`, fix: "give the config (or --seeds) at least two seeds" });
  const diff = a.map((v, i) => v - b[i]);
  const meanDiff = diff.reduce((s, v) => s + v, 0) / n;
  const sdDiff = Math.sqrt(diff.reduce((s, v) => s + (v - meanDiff) ** 2, 0) / (n - 1));
  const d = sdDiff > 0 ? meanDiff / sdDiff : meanDiff === 0 ? 0 : Infinity;
  const seD = Math.sqrt(1 / n + (d * d) / (2 * n));
  return {
    n, meanA: a.reduce((s, v) => s + v, 0) / n, meanB: b.reduce((s, v) => s + v, 0) / n, meanDiff, sdDiff, d, seD,
    dLower: d - 1.959963984540054 * seD, dUpper: d + 1.959963984540054 * seD,
    power: pairedPower(n, d, alpha), seeds80: seedsForPower(d, 0.8, alpha), seeds90: seedsForPower(d, 0.9, alpha),
  };
}

/**
 * Runs the pilot of a config for one contrast and returns the effect size and the power at the N to be run.
 * Grid factors the caller does not fix are held at their first level (`heldAtFirst`).
 * @throws {ConfigError} for an unknown table, factor, level or column, a bad level, correction or N, before anything runs.
 * @example
 * const p = await power("data/configs/calibration-default.json", { metric: "gamma_tv_excess", contrast: ["isotonic", "binary"],
 *   seeds: Array.from({ length: 30 }, (_, i) => 9101 + i), correction: { method: "holm", k: 24 } });
 * p.power;   // power at the config's N (profile full) at level 0.05/24
 * p.seeds80; // seeds for 80 % power at that level
 */
export async function power(config: string | ExperimentConfig, opts: PowerOptions): Promise<PowerResult> {
  const file = typeof config === "string" ? config : undefined;
  const parsed = file ? readConfigFile(file) : parseConfig(config);
  const resolved = resolveConfig(parsed, opts.profile ?? "quick", file);
  const plan = await planRun(config, { profile: opts.profile, registry: opts.registry });
  const table = opts.table ?? plan.runner.tables[0];
  if (!plan.runner.tables.includes(table)) {
    throw new ConfigError({ file, path: ["--table"], message: `mechanism ${resolved.mechanism} has no table "${table}"; its tables: ${plan.runner.tables.join(", ")}` });
  }
  const [a, b] = opts.contrast;
  if (a === b) throw new ConfigError({ path: ["--contrast"], message: `the two levels are the same ("${a}")`, fix: "give two different levels, e.g. --contrast isotonic,binary" });
  const holding = resolved.grid.filter(([, levels]) => levels.some((l) => String(l) === a) && levels.some((l) => String(l) === b)).map(([f]) => f);
  const factor = opts.factor ?? (holding.length === 1 ? holding[0] : undefined);
  if (!factor) {
    throw new ConfigError({
      file, path: ["--factor"],
      message: holding.length === 0
        ? `no grid factor has both levels "${a}" and "${b}"; factors: ${resolved.grid.map(([f, l]) => `${f} (${l.join(", ")})`).join("; ")}`
        : `several grid factors have both levels: ${holding.join(", ")}`,
      fix: "name the factor with --factor",
    });
  }
  const factorLevels = resolved.grid.find(([f]) => f === factor)?.[1];
  if (!factorLevels) throw new ConfigError({ file, path: ["--factor"], message: `no grid factor "${factor}"; factors: ${resolved.grid.map(([f]) => f).join(", ")}` });
  const level = (f: string, levels: Level[], v: string): Level => {
    const hit = levels.find((l) => String(l) === v);
    if (hit === undefined) throw new ConfigError({ file, path: ["grid", f], message: `"${v}" is not a level of ${f}; levels: ${levels.join(", ")}` });
    return hit;
  };
  const grid: Record<string, Level[]> = {};
  const fixed: Record<string, Level> = {};
  const heldAtFirst: Record<string, Level> = {};
  for (const k of Object.keys(opts.fix ?? {})) {
    if (!resolved.grid.some(([f]) => f === k)) throw new ConfigError({ file, path: ["--fix"], message: `"${k}" is not a grid factor; factors: ${resolved.grid.map(([f]) => f).join(", ")}` });
    if (k === factor) throw new ConfigError({ path: ["--fix"], message: `"${k}" is the contrasted factor and cannot be fixed` });
  }
  for (const [f, levels] of resolved.grid) {
    if (f === factor) {
      grid[f] = [level(f, levels, a), level(f, levels, b)];
    } else if (opts.fix?.[f] !== undefined) {
      fixed[f] = level(f, levels, opts.fix[f]);
      grid[f] = [fixed[f]];
    } else {
      fixed[f] = levels[0];
      if (levels.length > 1) heldAtFirst[f] = levels[0];
      grid[f] = [levels[0]];
    }
  }
  const { level: testLevel, correction } = correctedLevel(opts.alpha ?? 0.05, opts.correction);
  if (opts.n !== undefined && !(Number.isInteger(opts.n) && opts.n >= 2)) throw new ConfigError({ path: ["--n"], message: `expected an integer N ≥ 2, got ${opts.n}` });
  const evalProfile = opts.profile ?? "full";
  const nEval = opts.n ?? resolveConfig(parsed, evalProfile, file).seeds.length;
  const nSource = opts.n !== undefined ? "given" : `the config's seeds under profile ${evalProfile}`;
  const seeds = opts.seeds ?? resolved.seeds;
  const pilot: ExperimentConfig = {
    name: `${resolved.name}-power`, mechanism: resolved.mechanism, model: resolved.model, grid, seeds, params: resolved.params,
  };
  const dir = opts.out ?? mkdtempSync(join(tmpdir(), "agora-power-"));
  try {
    const res = await runExperiment(pilot, { out: dir, concurrency: opts.concurrency, registry: opts.registry, resume: opts.out !== undefined });
    if (res.failed > 0) {
      const first = res.manifest.cells.find((c) => c.status === "failed");
      throw new ConfigError({ file, message: `${res.failed} pilot cells failed; first: ${first?.runId}: ${first?.error?.message}` });
    }
    const rows = load(dir).tables[table] ?? [];
    const values = (lv: Level) => {
      const m = new Map<number, number>();
      for (const r of rows) {
        if (String(r[factor]) !== String(lv)) continue;
        if (!(opts.metric in r)) {
          throw new ConfigError({ path: ["--metric"], message: `table ${table} has no column "${opts.metric}"; columns: ${Object.keys(r).join(", ")}` });
        }
        m.set(Number(r.seed), Number(r[opts.metric]));
      }
      return m;
    };
    const va = values(grid[factor][0]);
    const vb = values(grid[factor][1]);
    const paired = [...va.keys()].filter((s) => vb.has(s) && Number.isFinite(va.get(s)!) && Number.isFinite(vb.get(s)!)).sort((x, y) => x - y);
    const est = powerFromPairs(paired.map((s) => va.get(s)!), paired.map((s) => vb.get(s)!), testLevel);
    return {
      mechanism: resolved.mechanism, table, metric: opts.metric, factor, contrast: [a, b], fixed, heldAtFirst, model: res.manifest.model,
      seeds: paired, ...est, nEval, nSource, alpha: opts.alpha ?? 0.05, correction, level: testLevel,
      power: pairedPower(nEval, est.d, testLevel),
      powerUpper: correction.method === "holm" ? pairedPower(nEval, est.d, opts.alpha ?? 0.05) : null,
      method: "two-sided paired t test, power from the noncentral t distribution (jstat), d from the pilot",
    };
  } finally {
    if (opts.out === undefined) rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The level one contrast is tested at: α, or α/k under Bonferroni or (at its first step) Holm over k tests.
 * @throws {ConfigError} for α outside (0, 1) or k below 1.
 * @example correctedLevel(0.05, { method: "holm", k: 24 }).level // 0.0020833…
 */
export function correctedLevel(alpha: number, correction?: { method: "holm" | "bonferroni"; k: number }): { level: number; correction: PowerResult["correction"] } {
  if (!(alpha > 0 && alpha < 1)) throw new ConfigError({ path: ["--alpha"], message: `expected a level in (0, 1), got ${alpha}` });
  if (!correction) return { level: alpha, correction: { method: "none", k: 1 } };
  if (!(Number.isInteger(correction.k) && correction.k >= 1)) {
    throw new ConfigError({ path: [`--${correction.method}`], message: `expected the number of tests (an integer ≥ 1), got ${correction.k}` });
  }
  return { level: alpha / correction.k, correction };
}

/** A plain-text report of a power result. */
export function formatPower(p: PowerResult): string {
  const f = (x: number, d = 3) => (Number.isFinite(x) ? x.toFixed(d) : String(x));
  const fixed = Object.entries(p.fixed).map(([k, v]) => `${k}=${v}`).join(", ");
  const held = Object.entries(p.heldAtFirst).map(([k, v]) => `${k} at its first level, ${v}`).join("; ");
  const range = (xs: number[]) => (xs.length > 1 && xs[xs.length - 1] - xs[0] === xs.length - 1 ? `${xs[0]}–${xs[xs.length - 1]}` : xs.join(", "));
  const level = p.correction.method === "none" ? `α = ${p.alpha}` : p.correction.method === "bonferroni"
    ? `Bonferroni over ${p.correction.k} tests: level ${f(p.level, 5)}`
    : `Holm over ${p.correction.k} tests: level ${f(p.level, 5)} at its first step (a lower bound; ${f(100 * p.powerUpper!, 1)} % at its last, α = ${p.alpha})`;
  return [
    `power of ${p.metric} (${p.table}): ${p.factor} ${p.contrast[0]} − ${p.contrast[1]}${fixed ? `, ${fixed}` : ""} · ${p.model}`,
    ...(held ? [`  not fixed by --fix, held: ${held}`] : []),
    `  pilot: ${p.n} paired seeds (${range(p.seeds)}); mean ${p.contrast[0]} ${f(p.meanA, 4)}, ${p.contrast[1]} ${f(p.meanB, 4)}; difference ${f(p.meanDiff, 4)} (sd ${f(p.sdDiff, 4)})`,
    `  paired effect size d = ${f(p.d)} (se ${f(p.seD)}, 95 % CI [${f(p.dLower)}, ${f(p.dUpper)}])`,
    `  power at N = ${p.nEval} (${p.nSource}): ${f(100 * p.power, 1)} % (${level}, two-sided)`,
    `  seeds for 80 % power at that level: ${p.seeds80 ?? "—"}; for 90 %: ${p.seeds90 ?? "—"}`,
    `  method: ${p.method}`,
  ].join("\n");
}
