/**
 * Sensitivity of the offline model's results to the costs it had to assume, run in-process (no run folder):
 * one-parameter sweeps, a Latin-hypercube design over the assumptions (reading and deviation costs of chat, the
 * judge's accuracy, timeout slack, disruption rate, the share of contested boundary cells), the paper's directions per
 * region of that space, and the full gate against each ablation with intervals.
 */
import { createRng } from "../core/rng.js";
import type { Rng } from "../core/rng.js";
import { bootstrapMean } from "../stats/intervals.js";
import { ABLATIONS, directions, summarize } from "./analysis.js";
import { runEpisode } from "./episode.js";
import { generateTask } from "./generator.js";
import type { Family } from "./generator.js";
import { OFFLINE_MODEL_LABEL, offlineJudge } from "./models/offline.js";
import { compileTask } from "./task.js";
import { SimParamsSchema } from "./types.js";
import type { SimParams } from "./types.js";

export interface SweepOptions {
  policies: string[];
  scenarios?: ("standard" | "scarce")[];
  episodes?: number;
  seed?: number;
  family?: Partial<Family>;
  base?: Partial<SimParams>;
}

/**
 * Runs every policy × scenario × level of one simulator parameter on the same tasks, offline.
 * Rows: `model, param, level, policy, scenario, episode, success, completion_steps, uer, lrr, ecr, messages`.
 * @throws ZodError when a level is invalid for the parameter.
 * @example
 * sweepParam("chatReadTicks", [0, 1, 2], { policies: ["free_chat", "gated"], episodes: 40 });
 */
export function sweepParam(param: keyof SimParams, levels: readonly number[], opts: SweepOptions): Record<string, unknown>[] {
  const rows: Record<string, unknown>[] = [];
  const seed = opts.seed ?? 1;
  for (const scenario of opts.scenarios ?? ["standard", "scarce"]) {
    const tasks = Array.from({ length: opts.episodes ?? 40 }, (_, i) =>
      compileTask(`${scenario}_${i}`, generateTask({ ...opts.family, scenario }, createRng(seed).fork("sweep-task", scenario, i))));
    for (const level of levels) {
      const params = SimParamsSchema.parse({ ...opts.base, [param]: level });
      for (const policy of opts.policies) {
        tasks.forEach((task, i) => {
          const rng = createRng(seed).fork("sweep", String(param), level, policy, i);
          const m = runEpisode(task, policy, params, rng, offlineJudge(params.adjudicatorAccuracy, rng.fork("judge"))).metrics;
          rows.push({ model: OFFLINE_MODEL_LABEL, param, level, policy, scenario, episode: i, success: m.success,
            completion_steps: m.completion_steps, uer: m.uer, lrr: m.lrr, ecr: m.ecr, messages: m.messages });
        });
      }
    }
  }
  return rows;
}

/** A cost assumption varied by the sensitivity analysis: a sim parameter or a task-family option, with its range. */
export interface Assumption { name: string; where: "sim" | "family"; lo: number; hi: number; integer?: boolean }

/** The assumptions of the offline model the paper's directions might rest on, with the ranges the analysis covers. */
export const ASSUMPTIONS: readonly Assumption[] = [
  { name: "chatReadTicks", where: "sim", lo: 0, hi: 3, integer: true },
  { name: "chatDeviationProb", where: "sim", lo: 0, hi: 0.5 },
  { name: "adjudicatorAccuracy", where: "sim", lo: 0.5, hi: 1 },
  { name: "timeoutFactor", where: "family", lo: 1.6, hi: 4 },
  { name: "disruptionRate", where: "family", lo: 0, hi: 6 },
  { name: "contestedCells", where: "sim", lo: 0, hi: 1 },
];

/**
 * A Latin-hypercube design: n points, each assumption's range cut into n strata, one point per stratum, strata
 * paired across assumptions by independent random permutations (seeded).
 * @example
 * latinHypercube(50, ASSUMPTIONS, createRng(1)); // [{ chatReadTicks: 2, chatDeviationProb: 0.13, … }, …]
 */
export function latinHypercube(n: number, dims: readonly Assumption[], rng: Rng): Record<string, number>[] {
  const pts: Record<string, number>[] = Array.from({ length: n }, () => ({}));
  for (const d of dims) {
    const perm = Array.from({ length: n }, (_, i) => i);
    for (let i = n - 1; i > 0; i--) { const j = rng.int(i + 1); [perm[i], perm[j]] = [perm[j], perm[i]]; }
    for (let i = 0; i < n; i++) {
      const u = (perm[i] + rng.uniform()) / n;
      const v = d.lo + u * (d.hi - d.lo);
      pts[i][d.name] = d.integer ? Math.min(d.hi, Math.floor(d.lo + u * (d.hi - d.lo + 1))) : Math.round(v * 1000) / 1000;
    }
  }
  return pts;
}

/**
 * Runs every policy × scenario on `episodes` generated tasks at each design point (tasks depend on the point's family
 * options, the scenario and the episode only, so policies are paired within a point). Offline, in-process.
 * Rows: the point's id and values, `policy, scenario, episode, success, completion_steps, lrr, uer, ecr, messages`.
 * @example
 * sensitivityRun(latinHypercube(50, ASSUMPTIONS, rng), { policies: ["free_chat", "rigid", "gated"], episodes: 8 });
 */
/** A row of the sensitivity tables (plain values, displayable as a table). */
export type SensitivityRow = Record<string, string | number | boolean | null>;

export function sensitivityRun(points: readonly Record<string, number>[], opts: SweepOptions): SensitivityRow[] {
  const rows: SensitivityRow[] = [];
  const seed = opts.seed ?? 1;
  const where = new Map(ASSUMPTIONS.map((a) => [a.name, a.where]));
  points.forEach((pt, k) => {
    const sim: Record<string, number> = {}, fam: Record<string, number> = {};
    for (const [name, v] of Object.entries(pt)) (where.get(name) === "family" ? fam : sim)[name] = v;
    const params = SimParamsSchema.parse({ ...opts.base, ...sim });
    for (const scenario of opts.scenarios ?? ["standard", "scarce"]) {
      for (let i = 0; i < (opts.episodes ?? 8); i++) {
        const task = compileTask(`p${k}_${scenario}_${i}`, generateTask({ ...opts.family, ...fam, scenario }, createRng(seed).fork("lhs-task", k, scenario, i)));
        for (const policy of opts.policies) {
          const rng = createRng(seed).fork("lhs", k, policy, scenario, i);
          const m = runEpisode(task, policy, params, rng, offlineJudge(params.adjudicatorAccuracy, rng.fork("judge"))).metrics;
          rows.push({ model: OFFLINE_MODEL_LABEL, point: k, ...pt, policy, scenario, episode: i, success: m.success,
            completion_steps: m.completion_steps, lrr: m.lrr, uer: m.uer, ecr: m.ecr, messages: m.messages });
        }
      }
    }
  });
  return rows;
}

/**
 * The paper's directions computed separately in each region of the assumption space (`regionOf` names a row's region).
 * @example
 * directionsByRegion(rows, (r) => (Number(r.chatReadTicks) >= 1 ? "costly reading" : "free reading"));
 */
export function directionsByRegion(rows: SensitivityRow[], regionOf: (r: SensitivityRow) => string): SensitivityRow[] {
  const regions = new Map<string, SensitivityRow[]>();
  for (const r of rows) {
    const k = regionOf(r);
    if (!regions.has(k)) regions.set(k, []);
    regions.get(k)!.push(r);
  }
  const out: SensitivityRow[] = [];
  for (const [region, rs] of [...regions].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    const points = new Set(rs.map((r) => r.point)).size;
    for (const d of directions(summarize(rs))) out.push({ region, points, claim: d.claim, agrees: d.agrees, simulator: d.simulator });
  }
  return out;
}

/**
 * The full gate against each ablation on paired episodes (same seed, scenario, episode): mean differences
 * (ablation − gate) in TSR (pp), CS (steps), UER (pp) and messages with percentile-bootstrap 95 % intervals, and
 * whether any interval excludes 0.
 * @example
 * ablationDiffs(run.tables.episodes, "scarce");
 */
export function ablationDiffs(episodes: Record<string, unknown>[], scenario: string, seed = 2026): SensitivityRow[] {
  const key = (r: Record<string, unknown>) => `${r.seed}|${r.episode}`;
  const gate = new Map(episodes.filter((r) => r.policy === "gated" && r.scenario === scenario).map((r) => [key(r), r]));
  const out: SensitivityRow[] = [];
  for (const ab of ABLATIONS) {
    const pairs = episodes.filter((r) => r.policy === ab && r.scenario === scenario && gate.has(key(r))).map((r) => [r, gate.get(key(r))!] as const);
    if (pairs.length === 0) continue;
    const rng = createRng(seed).fork("ablation", ab, scenario);
    const diff = (f: (r: Record<string, unknown>) => number | null, scale: number) => {
      const v = pairs.map(([a, g]) => { const x = f(a), y = f(g); return x === null || y === null ? NaN : (x - y) * scale; }).filter(Number.isFinite);
      return bootstrapMean(v, rng.fork(String(scale), v.length));
    };
    const num = (k: string) => (r: Record<string, unknown>) => (typeof r[k] === "number" ? (r[k] as number) : null);
    const d = {
      tsr: diff((r) => (r.success ? 1 : 0), 100), cs: diff(num("completion_steps"), 1), uer: diff(num("uer"), 100), messages: diff(num("messages"), 1),
    };
    const fmt = (x: { mean: number; lower: number; upper: number }) => `${x.mean >= 0 ? "+" : ""}${x.mean.toFixed(1)} [${x.lower.toFixed(1)}, ${x.upper.toFixed(1)}]`;
    const excludes0 = (x: { lower: number; upper: number }) => x.lower > 0 || x.upper < 0;
    out.push({
      ablation: ab, scenario, pairs: pairs.length, "ΔTSR pp": fmt(d.tsr), "ΔCS": fmt(d.cs), "ΔUER pp": fmt(d.uer), "Δmessages": fmt(d.messages),
      differs: Object.values(d).some(excludes0),
    });
  }
  return out;
}
