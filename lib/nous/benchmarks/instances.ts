/**
 * The instances of the balanced belief-dynamics benchmark (a committed parameter file each) and the columns a
 * benchmark row gains (its question's scenario, cue, attribute and kind). The runner reads them (params.benchmark).
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { generateBalanced, truthOf, type BalancedTruth } from "./balanced.js";

const at = (f: string) => fileURLToPath(new URL(`../../../data/benchmarks/${f}`, import.meta.url));

/**
 * The instances, by name: `balanced-pilot` (sized the pre-registered one; nothing is tested on it), `balanced-prereg`
 * (data/benchmarks/balanced-prereg.md) and `balanced-quick` (8 conversations for the quick claims audit).
 */
export const BENCHMARKS = { "balanced-pilot": at("balanced-pilot.params.json"), "balanced-prereg": at("balanced-prereg.params.json"), "balanced-quick": at("balanced-quick.params.json") } as const;
export type BenchmarkName = keyof typeof BENCHMARKS;

/** An instance's conversations (LoCoMo JSON) and truth, generated from its committed parameters. */
export function benchmarkInstance(name: BenchmarkName): { data: unknown[]; truth: BalancedTruth[] } {
  const path = BENCHMARKS[name];
  return generateBalanced(JSON.parse(readFileSync(path, "utf8")), path);
}

/** The columns a benchmark row gains: its question's scenario, its family (noise: jokes; change: changes and endings; null: stable values and relatives), cue, attribute and kind. */
export function benchmarkColumns(truth: readonly BalancedTruth[], row: Record<string, unknown>): Record<string, unknown> {
  const t = truthOf(truth, String(row.conversation), String(row.question));
  const scenario = t?.scenario ?? "?";
  const family = scenario.startsWith("joke") ? "noise" : scenario.startsWith("change") || scenario === "ended-then-new" ? "change" : "null";
  return { scenario, family, cued: t?.cued ?? null, attribute: t?.attribute ?? null, kind: Number(row.category) === 1 ? "history" : "current" };
}

