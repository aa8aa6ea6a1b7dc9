/**
 * The instances of the balanced belief-dynamics benchmark (a committed parameter file each) and the columns a
 * benchmark row gains (its question's scenario, cue, attribute and kind). The runner reads them (params.benchmark).
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { generateBalanced, truthOf, type BalancedTruth } from "./balanced.js";

const at = (f: string) => fileURLToPath(new URL(`../../../data/benchmarks/${f}`, import.meta.url));

/** The instances, by name: `balanced-pilot` (sized the other; nothing is tested on it) and `balanced-prereg`. */
export const BENCHMARKS = { "balanced-pilot": at("balanced-pilot.params.json"), "balanced-prereg": at("balanced-prereg.params.json") } as const;
export type BenchmarkName = keyof typeof BENCHMARKS;

/** An instance's conversations (LoCoMo JSON) and truth, generated from its committed parameters. */
export function benchmarkInstance(name: BenchmarkName): { data: unknown[]; truth: BalancedTruth[] } {
  const path = BENCHMARKS[name];
  return generateBalanced(JSON.parse(readFileSync(path, "utf8")), path);
}

/** The columns a benchmark row gains: its question's scenario, cue and kind. */
export function benchmarkColumns(truth: readonly BalancedTruth[], row: Record<string, unknown>): Record<string, unknown> {
  const t = truthOf(truth, String(row.conversation), String(row.question));
  return { scenario: t?.scenario ?? "?", cued: t?.cued ?? null, attribute: t?.attribute ?? null, kind: Number(row.category) === 1 ? "history" : "current" };
}

