/**
 * What an audit would run and pay for, before it runs: the design points (default, nulls, hypercube points, sweep), the
 * cells, and on a language model the calls, tokens and cost measured by the experiment layer's dry run of each point.
 * Seeds per hypercube point depend on the default's effect, which is not known yet: the dry run assumes the audit
 * size's maximum (an upper bound), and the sweep's length as that of the assumption with the most levels.
 */
import type { ExperimentConfig } from "../experiment/config.js";
import { dryRun, planRun } from "../experiment/plan.js";
import { ConfigError } from "../core/errors.js";
import { block, type Block } from "./execute.js";
import { latinHypercube, sweepLevels } from "./lhs.js";
import { claimAssumptions, planAudit, type AuditOptions } from "./plan.js";
import { createRng } from "../core/rng.js";
import { AUDIT_SEED } from "./audit.js";

export interface AuditDryRun {
  config: string;
  model: string;
  profile: string;
  points: number;
  runs: { default: number; nulls: number; hypercube: number; sweep: number };
  cells: number;
  /** LLM runs: summed over every design point's dry run (an upper bound: maximal seeds per point). */
  expected?: { calls: number; inputTokens: number; outputTokens: number; costUsd?: number };
  skippedNulls: string[];
}

/**
 * The audit's size and, on a language model, its expected calls and cost. Writes nothing, spends nothing.
 * @example (await auditDryRun("study-llm.json", { points: 6 })).expected?.costUsd
 */
export async function auditDryRun(config: string | ExperimentConfig, opts: AuditOptions & { prices?: Record<string, { input: number; output: number; cachedInput?: number }> } = {}): Promise<AuditDryRun> {
  const plan = await planAudit(config, opts);
  const maxSeeds = Array.from({ length: plan.size.maxSeedsPerPoint }, (_, i) => plan.defaultSeeds[0] + i);
  const runs = { default: 0, nulls: 0, hypercube: 0, sweep: 0 };
  const blocks: Block[] = [];
  const skippedNulls: string[] = [];
  for (const g of plan.groups) {
    blocks.push(await block(plan, g, "default", {}, plan.defaultSeeds));
    runs.default++;
    for (const c of g.claims) {
      for (const n of c.nulls) {
        try {
          blocks.push(await block(plan, g, `null:${n.name}`, n.overrides, plan.defaultSeeds));
          runs.nulls++;
        } catch (err) {
          if (!(err instanceof ConfigError)) throw err;
          skippedNulls.push(`${c.id}: ${n.name}`);
        }
      }
      const as = claimAssumptions(c, plan.assumptions);
      if (as.length && plan.size.points > 0) {
        for (const p of latinHypercube(as, plan.size.points, createRng(AUDIT_SEED).fork("lhs", plan.config.mechanism, as.map((a) => a.name).join("\u0001")))) {
          blocks.push(await block(plan, g, p.id, Object.fromEntries(as.map((a) => [a.path, p.values[a.name]])), maxSeeds));
          runs.hypercube++;
        }
        const longest = as.reduce((best, a) => (sweepLevels(a, plan.size.sweepLevels).length > sweepLevels(best, plan.size.sweepLevels).length ? a : best));
        for (const v of sweepLevels(longest, plan.size.sweepLevels)) {
          blocks.push(await block(plan, g, `sweep:${longest.name}=${String(v)}`, { [longest.path]: v }, plan.size.sweepSeeds === undefined ? plan.defaultSeeds : Array.from({ length: plan.size.sweepSeeds }, (_, i) => plan.defaultSeeds[0] + i)));
          runs.sweep++;
        }
      }
    }
  }
  const unique = [...new Map(blocks.map((b) => [b.dir, b])).values()];
  let cells = 0;
  const expected = plan.llm ? { calls: 0, inputTokens: 0, outputTokens: 0, costUsd: 0 as number | undefined } : undefined;
  for (const b of unique) {
    const rp = await planRun(b.config, { registry: plan.registry, out: b.dir });
    cells += rp.cells.length;
    if (expected) {
      const r = await dryRun(rp, { prices: opts.prices });
      expected.calls += r.expected?.calls ?? 0;
      expected.inputTokens += r.expected?.inputTokens ?? 0;
      expected.outputTokens += r.expected?.outputTokens ?? 0;
      expected.costUsd = r.expected?.costUsd === undefined || expected.costUsd === undefined ? undefined : expected.costUsd + r.expected.costUsd;
    }
  }
  return { config: plan.config.name, model: plan.llm ? String(plan.config.model) : plan.runner.offlineModelLabel, profile: plan.profile, points: plan.size.points,
    runs, cells, ...(expected ? { expected } : {}), skippedNulls };
}
