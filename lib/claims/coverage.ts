/**
 * Does a mechanism declare every parameter of its offline model? Each numeric, enumerated or boolean leaf of the
 * schemas it names (`offlineSchemas`) must be a declared assumption or a documented constant; constants must name
 * real parameters; each assumption's default must be its schema's default.
 */
import type { MechanismClaims } from "../core/claims.js";
import { schemaLeaves } from "./schema-leaves.js";

/**
 * The problems, one sentence each (empty when the declarations cover the offline model).
 * @example coverageProblems(runner.claims) // ["lib/tbs/claims.ts: offline.itemNoise is neither an assumption nor a documented constant"]
 */
export function coverageProblems(decl: MechanismClaims): string[] {
  const out: string[] = [];
  const leaves = decl.offlineSchemas.flatMap((s) => schemaLeaves(s.schema, s.path));
  const assumed = new Map(decl.assumptions.map((a) => [a.path, a]));
  const leafPaths = new Set(leaves.map((l) => l.path));
  for (const l of leaves) {
    const a = assumed.get(l.path);
    if (!a && !(l.path in decl.constants)) {
      out.push(`${decl.file}: ${l.path} is neither an assumption nor a documented constant`);
      continue;
    }
    if (a && l.default !== undefined && !sameValue(a.default, l.default)) {
      out.push(`${decl.file}: assumption "${a.name}" declares default ${JSON.stringify(a.default)} but ${l.path}'s schema default is ${JSON.stringify(l.default)}`);
    }
    if (a && l.path in decl.constants) out.push(`${decl.file}: ${l.path} is both an assumption and a constant`);
  }
  for (const p of Object.keys(decl.constants)) {
    if (!leafPaths.has(p)) out.push(`${decl.file}: constant ${p} is not a parameter of the named offline-model schemas`);
    if (!decl.constants[p].trim()) out.push(`${decl.file}: constant ${p} has no reason`);
  }
  for (const a of decl.assumptions) if (!a.why.trim()) out.push(`${decl.file}: assumption "${a.name}" does not say why its default`);
  return out;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (typeof a === "number" && typeof b === "number") return Math.abs(a - b) <= 1e-12 * Math.max(1, Math.abs(b));
  return a === b;
}
