/**
 * The audit's files: `claims.jsonl` (one graded claim per line), `points.jsonl` (every hypercube point's estimate),
 * `sweeps.jsonl`, `nulls.jsonl` and `audit.json` (profile, sizes, assumptions, model). No clock times: the same
 * config, profile and code give byte-identical files.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { writeFileAtomic } from "../experiment/store.js";
import type { AuditPlan } from "./plan.js";
import type { AuditResult } from "./types.js";

const lines = (rows: readonly unknown[]) => rows.map((r) => JSON.stringify(r)).join("\n") + (rows.length ? "\n" : "");

/** Writes the audit's files into `plan.outDir`. */
export function writeAudit(plan: AuditPlan, result: AuditResult): void {
  mkdirSync(result.dir, { recursive: true });
  writeFileAtomic(join(result.dir, "claims.jsonl"), lines(result.claims.map(({ deciding, nulls, ...rest }) => ({
    ...rest, nulls: nulls.map((n) => ({ name: n.name, estimate: n.estimate, lower: n.lower, upper: n.upper, vanishes: n.vanishes, skipped: n.skipped ?? null })),
    deciding: deciding ? { assumption: deciding.assumption, path: deciding.path, importance: deciding.importance } : null,
  }))));
  writeFileAtomic(join(result.dir, "points.jsonl"), lines(result.points));
  writeFileAtomic(join(result.dir, "sweeps.jsonl"), lines(result.claims.flatMap((c) => (c.deciding?.sweep ?? []).map((s) => ({ claim: c.claim, assumption: c.deciding!.assumption, ...s })))));
  writeFileAtomic(join(result.dir, "nulls.jsonl"), lines(result.claims.flatMap((c) => c.nulls.map((n) => ({ claim: c.claim, ...n })))));
  writeFileAtomic(join(result.dir, "audit.json"), JSON.stringify({
    format: "agora-claims/1", config: plan.config.name, file: plan.file ?? null, mechanism: plan.config.mechanism, model: result.model,
    profile: plan.profile, provisional: plan.provisional, size: plan.size, defaultSeeds: plan.defaultSeeds, claimsFile: plan.decl.file,
    assumptions: plan.assumptions, designs: plan.groups.map((g) => ({ key: g.key, grid: g.grid, params: g.params, claims: g.claims.map((c) => c.id) })),
  }, null, 2) + "\n");
}
