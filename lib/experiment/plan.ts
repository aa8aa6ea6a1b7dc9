/**
 * Planning a run: config → validated params, config hash, cells and run folder, without running anything.
 * `--dry-run` stops here and adds the expected LLM calls, tokens and cost (`dry-run.ts`).
 */
import { isAbsolute, join, resolve } from "node:path";
import { ConfigError } from "../core/errors.js";
import type { MechanismRunner } from "../core/mechanism.js";
import {
  configErrorFrom, configHash, parseConfig, readConfigFile, resolveConfig,
  type ExperimentConfig, type ModelSpec, type ParsedConfig, type ProfileName, type ResolvedConfig,
} from "./config.js";
import { expandGrid, type Cell } from "./grid.js";
import { checkGrid } from "./grid-check.js";
import { isOffline } from "./model.js";
import { projectRoot } from "./project.js";
import { findRunner, loadRegistry, type Registry } from "./registry.js";

export { dryRun, type DryRunReport, type DryRunOptions, type DryRunTotals } from "./dry-run.js";
export { formatDryRun } from "./dry-run-format.js";

export interface RunPlan {
  /** The config as validated, before its profile is applied. */
  given: ParsedConfig;
  config: ResolvedConfig;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  runner: MechanismRunner<any>;
  /** `params` after the mechanism's schema (defaults filled in). */
  params: unknown;
  /** Full SHA-256 hex of the config (see `configHash`). */
  hash: string;
  cells: Cell[];
  /** Absolute path of the run folder. */
  dir: string;
  /** The project root the default run folder is resolved against. */
  root: string;
}

export interface PlanOptions {
  profile?: ProfileName;
  out?: string;
  registry?: Registry;
}

/**
 * Loads, validates and expands a config.
 * @throws {ConfigError} for an invalid config, an unknown mechanism, params the mechanism refuses, or two cells with one id.
 * @example
 * const plan = await planRun("data/configs/tbs-default.json", { profile: "quick" });
 * plan.cells.length; // factors' levels multiplied, times the seeds
 */
export async function planRun(configPathOrObject: string | ExperimentConfig, opts: PlanOptions = {}): Promise<RunPlan> {
  const file = typeof configPathOrObject === "string" ? resolve(configPathOrObject) : undefined;
  const parsed = file ? readConfigFile(file) : parseConfig(configPathOrObject);
  const config = resolveConfig(parsed, opts.profile ?? "quick", file);
  const registry = opts.registry ?? (await loadRegistry());
  const runner = findRunner(registry, config.mechanism, file);
  const res = runner.paramsSchema.safeParse(config.params);
  if (!res.success) throw configErrorFrom(res.error.issues, file, ["params"]);
  const params = res.data;
  const unknown = unknownKeys(config.params, params);
  if (unknown.length) {
    const [path, allowed] = unknown[0];
    throw new ConfigError({ file, path: ["params", ...path], message: `unknown field${unknown.length > 1 ? ` (also: ${unknown.slice(1).map(([p]) => ["params", ...p].join(".")).join(", ")})` : ""}`,
      fix: allowed.length ? `remove it, or use one of: ${allowed.join(", ")}` : "remove it" });
  }
  checkGrid(config.grid, config.params, params, runner, file);
  const hash = configHash(config, params);
  const cells = expandGrid(config.grid, config.seeds);
  const seen = new Set<string>();
  for (const c of cells) {
    if (seen.has(c.runId)) {
      throw new ConfigError({ file, path: ["grid"], message: `two cells have the id "${c.runId}" (a repeated level or seed)`,
        fix: "list each level and each seed once" });
    }
    seen.add(c.runId);
  }
  const llm = !isOffline(config.model);
  if (llm) await checkModelSpec(config.model, file);
  runner.checkPlan?.({ file: file ?? "(config object)", params, cells: cells.map((c) => ({ runId: c.runId, condition: c.condition })), llm });
  const root = projectRoot(file);
  const dir = opts.out
    ? (isAbsolute(opts.out) ? opts.out : resolve(opts.out))
    : join(root, "data", "runs", `${config.name}-${hash.slice(0, 8)}`);
  return { given: parsed, config, runner, params, hash, cells, dir, root };
}

/**
 * Fields of `given` that the schema's output does not have: keys the schema does not know (zod strips unknown
 * keys of non-strict objects). Each with the keys allowed at that place. Arrays are compared element by element;
 * records (objects whose output keeps every key) pass.
 */
export function unknownKeys(given: unknown, parsed: unknown, path: (string | number)[] = []): [(string | number)[], string[]][] {
  const out: [(string | number)[], string[]][] = [];
  if (Array.isArray(given) && Array.isArray(parsed)) {
    given.forEach((g, i) => out.push(...unknownKeys(g, parsed[i], [...path, i])));
  } else if (isObject(given) && isObject(parsed)) {
    const allowed = Object.keys(parsed).sort();
    for (const [k, v] of Object.entries(given)) {
      if (v === undefined) continue;
      if (!(k in parsed)) out.push([[...path, k], allowed]);
      else out.push(...unknownKeys(v, parsed[k], [...path, k]));
    }
  }
  return out;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** The model spec's shape (provider, fields, types) is checked at plan time; the key and endpoint when connecting. */
async function checkModelSpec(spec: ModelSpec, file?: string): Promise<void> {
  let layer: { resolveSpec?: (s: unknown, env: Record<string, string>) => unknown };
  try {
    layer = (await import("../llm/index.js")) as typeof layer;
  } catch {
    return;
  }
  try {
    // placeholder keys: the shape is checked here, the real key when the run connects
    const env = { OPENAI_API_KEY: "placeholder", GEMINI_API_KEY: "placeholder", OPENAI_COMPATIBLE_API_KEY: "placeholder" };
    if (typeof layer.resolveSpec === "function") layer.resolveSpec(spec, env);
  } catch (err) {
    const e = err as { message?: string; fix?: string; field?: string };
    const first = (e.message ?? String(err)).split("\n  fix:")[0];
    throw new ConfigError({ file, path: ["model", ...(e.field && typeof spec === "object" ? [e.field] : [])], message: first, fix: e.fix });
  }
}
