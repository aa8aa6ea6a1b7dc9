/**
 * A grid is checked against the mechanism before anything runs: every factor must name something the mechanism
 * reads (a parameter, a dotted path into one, or a factor it declares in `gridFactors`), and every level of a
 * parameter factor must pass the mechanism's schema. A misspelt factor (`forse`) would otherwise run cells that
 * differ only in their names and pay for each.
 */
import { ConfigError } from "../core/errors.js";
import { hasPath, setPath } from "../core/paths.js";
import type { Level, MechanismRunner } from "../core/mechanism.js";

/**
 * Refuses a grid factor the mechanism does not read, naming the file, `grid.<factor>`, the closest allowed factor
 * and the allowed ones; checks each level of a parameter factor through the schema (`grid.<factor>.<i>`).
 * @throws {ConfigError} for the first unknown factor or invalid level.
 * @example
 * checkGrid([["forse", ["force"]]], {}, defaults, tbsRunner, "study.json");
 * // ConfigError: study.json: grid.forse: "forse" names no parameter or factor of tbs (did you mean "force"?)
 */
export function checkGrid(grid: [string, Level[]][], rawParams: Record<string, unknown>, defaults: unknown, runner: MechanismRunner<unknown>, file?: string): void {
  const declared = new Set(runner.gridFactors ?? []);
  for (const [factor, levels] of grid) {
    const path = factor.split(".");
    if (hasPath(defaults, path)) checkLevels(factor, path, levels, rawParams, runner, file);
    else if (!declared.has(factor)) throw unknownFactor(factor, defaults, runner, file);
  }
}

function unknownFactor(factor: string, defaults: unknown, runner: MechanismRunner<unknown>, file?: string): ConfigError {
  const params = isObject(defaults) ? Object.keys(defaults) : [];
  const candidates = [...params, ...leafPaths(defaults), ...(runner.gridFactors ?? [])];
  const near = closest(factor, candidates);
  const nested = leafPaths(defaults).find((p) => p.includes("."));
  const allowed = [
    params.length ? `a parameter (${params.join(", ")})` : undefined,
    nested ? `a dotted path into one (e.g. ${nested})` : undefined,
    runner.gridFactors?.length ? `a factor ${runner.name} reads (${runner.gridFactors.join(", ")})` : undefined,
  ].filter(Boolean);
  return new ConfigError({
    file, path: ["grid", factor],
    message: `"${factor}" names no parameter or factor of ${runner.name}${near ? ` (did you mean "${near}"?)` : ""}: its cells would differ only in their names`,
    fix: allowed.length ? `a grid factor is ${allowed.join(", or ")}` : `${runner.name} takes no grid factors; remove the grid`,
  });
}

function checkLevels(factor: string, path: string[], levels: Level[], rawParams: Record<string, unknown>, runner: MechanismRunner<unknown>, file?: string): void {
  levels.forEach((level, i) => {
    const trial = setPath(structuredClone(rawParams), path, level);
    const r = runner.paramsSchema.safeParse(trial);
    if (!r.success) {
      const issue = r.error.issues.find((x) => x.path.join(".") === factor) ?? r.error.issues[0];
      throw new ConfigError({ file, path: ["grid", factor, i], message: `level ${JSON.stringify(level)} is not a valid ${factor}: ${issue.message}`,
        fix: `use a level that params.${factor} accepts` });
    }
  });
}

/** Every path to a value inside `obj` (objects descended, arrays and scalars are leaves), dotted. */
function leafPaths(obj: unknown, prefix = ""): string[] {
  if (!isObject(obj)) return [];
  const out: string[] = [];
  for (const [k, v] of Object.entries(obj)) {
    const p = prefix ? `${prefix}.${k}` : k;
    if (isObject(v) && Object.keys(v).length) out.push(...leafPaths(v, p));
    else if (prefix) out.push(p);
  }
  return out;
}

/** The candidate within edit distance 2 (or a third of the name) of `name`, or that it begins, if any. */
function closest(name: string, candidates: string[]): string | undefined {
  let best: string | undefined;
  let bestD = Math.max(2, Math.floor(name.length / 3)) + 1;
  for (const c of candidates) {
    const d = name.length >= 3 && c.toLowerCase().startsWith(name.toLowerCase()) ? 1 : distance(name.toLowerCase(), c.toLowerCase());
    if (d < bestD) {
      best = c;
      bestD = d;
    }
  }
  return best;
}

function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length];
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
