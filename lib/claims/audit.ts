/**
 * The claims audit: for each claim of a config's mechanism, the default's estimate, its nulls, the share of the
 * assumption space where it holds, the deciding assumption's sweep, the magnitude check, Holm over the family, power
 * at that level, and a class. See README.md in this folder.
 */
import type { AssumptionDecl, ClaimDecl, ClaimEstimate, ClaimTables } from "../core/claims.js";
import { ConfigError } from "../core/errors.js";
import { getPath } from "../core/paths.js";
import { createRng } from "../core/rng.js";
import type { ExperimentConfig } from "../experiment/config.js";
import { readManifest } from "../experiment/manifest.js";
import { block, runBlocks, type Block } from "./execute.js";
import { pointVerdict, vanishes, type PointVerdict } from "./grade.js";
import { gradeFamily } from "./grade-family.js";
import { latinHypercube, sweepLevels, type DesignPoint } from "./lhs.js";
import { writeAudit } from "./output.js";
import { claimAssumptions, planAudit, type AuditOptions, type AuditPlan, type DesignGroup } from "./plan.js";
import { defaultWorkers } from "./pool.js";
import { decidingAssumption, importance } from "./space.js";
import type { AuditResult, NullResult, PointRow, SweepLevel } from "./types.js";
import { claimEstimate } from "./estimate.js";

/** Seed of the hypercube's draws: the design is the same on every machine and every rerun. */
export const AUDIT_SEED = 2_606;

type Estimated = ClaimEstimate & { verdict: PointVerdict; error?: string };

/**
 * Runs (or resumes) the audit of every claim of the config's mechanism and writes it to the audit folder.
 * @throws {ConfigError} for a bad declaration or option, before anything runs (names the claims file and field).
 * @example
 * const a = await audit("data/configs/tbs-default.json", { profile: "quick" });
 * a.claims.map((c) => [c.claim, c.class]);
 */
export async function audit(config: string | ExperimentConfig, opts: AuditOptions = {}): Promise<AuditResult> {
  const plan = await planAudit(config, opts);
  const log = opts.log ?? (() => undefined);
  const workers = opts.workers ?? (plan.customRegistry || plan.llm ? 1 : defaultWorkers());
  const run = (blocks: Block[]) => runBlocks(plan, blocks, { workers, concurrency: opts.concurrency });
  const analyses = plan.decl.analyses ?? {};
  const estimate = (c: ClaimDecl, t: ClaimTables): Estimated => {
    try {
      const e = claimEstimate(c, t, analyses);
      return { ...e, verdict: pointVerdict(c, e) };
    } catch (err) {
      return { estimate: NaN, lower: NaN, upper: NaN, p: NaN, se: NaN, n: 0, unit: "", verdict: "undecided", error: (err as Error).message };
    }
  };

  // 1. the default point and the nulls
  log(`claims audit of ${plan.config.name} (${plan.profile}${plan.provisional ? ", provisional" : ""}): ${plan.claims.length} claims in ${plan.groups.length} designs`);
  const defaults = new Map<DesignGroup, Block>();
  const nullBlocks = new Map<string, Block | string>();
  for (const g of plan.groups) {
    defaults.set(g, await block(plan, g, "default", {}, plan.defaultSeeds));
    for (const c of g.claims) {
      for (const n of c.nulls) {
        try {
          nullBlocks.set(`${c.id}\u0001${n.name}`, await block(plan, g, `null:${n.name}`, n.overrides, plan.defaultSeeds));
        } catch (err) {
          if (!(plan.llm && err instanceof ConfigError)) throw err;
          nullBlocks.set(`${c.id}\u0001${n.name}`, `not run on a language model: ${err.message.split("\n")[0]}`);
        }
      }
    }
  }
  const first = await run([...defaults.values(), ...[...nullBlocks.values()].filter((b): b is Block => typeof b !== "string")]);
  const model = readManifest([...defaults.values()][0].dir)?.model ?? plan.runner.offlineModelLabel;
  const defaultEst = new Map<ClaimDecl, Estimated>();
  const nulls = new Map<ClaimDecl, NullResult[]>();
  for (const g of plan.groups) {
    for (const c of g.claims) {
      const d = estimate(c, first.get(defaults.get(g)!)!);
      if (d.error) throw new ConfigError({ file: plan.decl.file, path: ["claims", c.id, "metric"], message: `the default point gives no estimate: ${d.error}` });
      defaultEst.set(c, d);
      nulls.set(c, c.nulls.map((n) => {
        const b = nullBlocks.get(`${c.id}\u0001${n.name}`)!;
        if (typeof b === "string") return { name: n.name, why: n.why, overrides: n.overrides, ...nanEstimate(), vanishes: false, skipped: b };
        const e = estimate(c, first.get(b)!);
        return { name: n.name, why: n.why, overrides: n.overrides, ...strip(e), vanishes: vanishes(c, e) };
      }));
    }
  }

  // 2. the Latin hypercube over each claim's assumptions
  const size = plan.size;
  const seedsPerPoint = new Map<DesignGroup, number[]>();
  for (const g of plan.groups) {
    const need = Math.max(...g.claims.map((c) => neededSeeds(defaultEst.get(c)!, c, size.minSeedsPerPoint, size.maxSeedsPerPoint)));
    seedsPerPoint.set(g, Array.from({ length: need }, (_, i) => plan.defaultSeeds[0] + i));
  }
  const designs = new Map<string, { assumptions: AssumptionDecl[]; points: DesignPoint[] }>();
  const designOf = (c: ClaimDecl) => {
    const as = claimAssumptions(c, plan.assumptions);
    const key = as.map((a) => a.name).join("\u0001");
    if (!designs.has(key)) designs.set(key, { assumptions: as, points: as.length && size.points > 0 ? latinHypercube(as, size.points, createRng(AUDIT_SEED).fork("lhs", plan.config.mechanism, key)) : [] });
    return designs.get(key)!;
  };
  const pointBlocks = new Map<string, Block>();
  for (const g of plan.groups) {
    for (const c of g.claims) {
      const d = designOf(c);
      for (const p of d.points) {
        const k = `${g.key}\u0001${p.id}\u0001${d.assumptions.map((a) => a.name).join("|")}`;
        if (!pointBlocks.has(k)) pointBlocks.set(k, await block(plan, g, p.id, overridesOf(p, d.assumptions), seedsPerPoint.get(g)!));
      }
    }
  }
  log(`  default and nulls done; ${pointBlocks.size} hypercube runs (${size.points} points${plan.provisional ? ", a reduced design" : ""})`);
  const second = await run([...pointBlocks.values()]);
  const points: PointRow[] = [];
  const spaceOf = new Map<ClaimDecl, { ests: Estimated[]; design: { assumptions: AssumptionDecl[]; points: DesignPoint[] } }>();
  for (const g of plan.groups) {
    for (const c of g.claims) {
      const d = designOf(c);
      const ests = d.points.map((p) => estimate(c, second.get(pointBlocks.get(`${g.key}\u0001${p.id}\u0001${d.assumptions.map((a) => a.name).join("|")}`)!)!));
      d.points.forEach((p, i) => points.push({ claim: c.id, point: p.id, values: p.values, seeds: seedsPerPoint.get(g)!.length, ...strip(ests[i]), verdict: ests[i].verdict }));
      spaceOf.set(c, { ests, design: d });
    }
  }

  // 3. the one-at-a-time sweep of each claim's deciding assumption
  const decidingOf = new Map<ClaimDecl, { a: AssumptionDecl; imp: Record<string, number> }>();
  const sweepBlocks = new Map<string, Block>();
  const sweepSeeds = size.sweepSeeds === undefined ? plan.defaultSeeds : Array.from({ length: size.sweepSeeds }, (_, i) => plan.defaultSeeds[0] + i);
  for (const g of plan.groups) {
    for (const c of g.claims) {
      const s = spaceOf.get(c)!;
      const imp = importance(s.design.assumptions, s.design.points, s.ests.map((e) => e.estimate));
      const a = decidingAssumption(s.design.assumptions, imp);
      if (!a) continue;
      decidingOf.set(c, { a, imp });
      for (const v of sweepLevels(a, size.sweepLevels)) {
        const k = `${g.key}\u0001${a.name}\u0001${String(v)}`;
        if (!sweepBlocks.has(k)) sweepBlocks.set(k, await block(plan, g, `sweep:${a.name}=${String(v)}`, { [a.path]: v }, sweepSeeds));
      }
    }
  }
  log(`  hypercube done; ${sweepBlocks.size} sweep runs`);
  const third = await run([...sweepBlocks.values()]);
  const sweeps = new Map<ClaimDecl, SweepLevel[]>();
  for (const g of plan.groups) {
    for (const c of g.claims) {
      const dec = decidingOf.get(c);
      if (!dec) continue;
      const defaultValue = getPath(plan.defaults, dec.a.path);
      sweeps.set(c, sweepLevels(dec.a, size.sweepLevels).map((v) => {
        const e = estimate(c, third.get(sweepBlocks.get(`${g.key}\u0001${dec.a.name}\u0001${String(v)}`)!)!);
        return { value: v, isDefault: String(v) === String(defaultValue), estimate: e.estimate, lower: e.lower, upper: e.upper, verdict: e.verdict };
      }));
    }
  }

  // 4. grade the family and write
  const claims = gradeFamily(plan, model, { defaultEst, nulls, spaceOf, decidingOf, sweeps, seedsPerPoint });
  const result: AuditResult = {
    dir: plan.outDir, config: plan.config.name, mechanism: plan.config.mechanism, model, profile: plan.profile, provisional: plan.provisional,
    size, assumptions: plan.assumptions, claims, points,
  };
  writeAudit(plan, result);
  log(`  written to ${plan.outDir}`);
  return result;
}

/** Seeds per point for 80 % power to detect the default effect at α = 0.05, within the audit size's bounds. */
function neededSeeds(e: ClaimEstimate, c: ClaimDecl, min: number, max: number): number {
  const se = e.se > 0 ? e.se : (e.upper - e.lower) / (2 * 1.959963984540054);
  const delta = e.estimate - (c.nullValue ?? 0);
  if (c.direction === "0" || !(se > 0) || !(Math.abs(delta) > 0)) return max;
  const z = 1.959963984540054 + 0.8416212335729143;
  return Math.min(max, Math.max(min, Math.ceil(e.n * ((z * se) / Math.abs(delta)) ** 2)));
}

function overridesOf(p: DesignPoint, assumptions: readonly AssumptionDecl[]): Record<string, unknown> {
  return Object.fromEntries(assumptions.map((a) => [a.path, p.values[a.name]]));
}

function nanEstimate(): ClaimEstimate {
  return { estimate: NaN, lower: NaN, upper: NaN, p: NaN, se: NaN, n: 0, unit: "" };
}

function strip(e: Estimated): ClaimEstimate {
  return { estimate: e.estimate, lower: e.lower, upper: e.upper, p: e.p, se: e.se, n: e.n, unit: e.unit };
}

export type { AuditPlan };
