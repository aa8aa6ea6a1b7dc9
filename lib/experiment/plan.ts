/**
 * Planning a run: config → validated params, config hash, cells and run folder, without running anything.
 * `--dry-run` stops here and adds the expected LLM calls, tokens and cost.
 */
import { isAbsolute, join, resolve } from "node:path";
import { ConfigError } from "../core/errors.js";
import type { MechanismRunner } from "../core/mechanism.js";
import {
  configErrorFrom, configHash, parseConfig, readConfigFile, resolveConfig,
  type ExperimentConfig, type ParsedConfig, type ProfileName, type ResolvedConfig,
} from "./config.js";
import { expandGrid, type Cell } from "./grid.js";
import { estimateCost, isOffline, specLabel } from "./model.js";
import { projectRoot } from "./project.js";
import { findRunner, loadRegistry, type Registry } from "./registry.js";

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
  // The mechanism's own check of the whole plan (combinations it refuses), before anything runs or is written.
  runner.checkPlan?.({ file: file ?? "(config object)", params, cells, llm: !isOffline(config.model) });
  const root = projectRoot(file);
  const dir = opts.out
    ? (isAbsolute(opts.out) ? opts.out : resolve(opts.out))
    : join(root, "data", "runs", `${config.name}-${hash.slice(0, 8)}`);
  return { given: parsed, config, runner, params, hash, cells, dir, root };
}

export interface DryRunReport {
  cells: number;
  model: string;
  /** Present for LLM models when the mechanism can estimate its cells. */
  expected?: { calls: number; inputTokens: number; outputTokens: number; costUsd?: number };
}

/**
 * The dry-run report of a plan: cell count and, for LLM models, the expected calls, tokens and cost. Spends nothing.
 * @example
 * (await dryRun(plan)).cells; // 12
 */
export async function dryRun(plan: RunPlan): Promise<DryRunReport> {
  const offline = isOffline(plan.config.model);
  const report: DryRunReport = {
    cells: plan.cells.length,
    model: offline ? plan.runner.offlineModelLabel : specLabel(plan.config.model),
  };
  if (offline || typeof plan.runner.estimateCell !== "function") return report;
  const total = { calls: 0, inputTokens: 0, outputTokens: 0 };
  for (const cell of plan.cells) {
    const e = plan.runner.estimateCell(plan.params, cell.condition);
    total.calls += e.calls;
    total.inputTokens += e.inputTokens;
    total.outputTokens += e.outputTokens;
  }
  const costUsd = await estimateCost(plan.config.model, total);
  report.expected = costUsd === undefined ? total : { ...total, costUsd };
  return report;
}

/** A few lines describing a dry run, for the terminal. */
export function formatDryRun(plan: RunPlan, report: DryRunReport): string {
  const lines = [
    `${plan.config.name} (${plan.config.mechanism}, profile ${plan.config.profile}, config ${plan.hash.slice(0, 8)})`,
    `  cells: ${report.cells} (${plan.config.grid.map(([f, l]) => `${f}×${l.length}`).concat(`seeds×${plan.config.seeds.length}`).join(" · ")})`,
    `  model: ${report.model}`,
    `  run folder: ${plan.dir}`,
  ];
  if (report.expected) {
    const e = report.expected;
    lines.push(`  expected LLM calls: ${e.calls}, input tokens: ${e.inputTokens}, output tokens: ${e.outputTokens}`);
    lines.push(`  expected cost: ${e.costUsd === undefined ? "unknown (no price for this model)" : `$${e.costUsd >= 1 ? e.costUsd.toFixed(2) : e.costUsd.toPrecision(2)} (llm price table)`}`);
  } else if (!isOffline(plan.config.model)) {
    lines.push("  expected LLM calls: unknown (the mechanism has no estimateCell)");
  } else {
    lines.push("  LLM calls: none (offline model)");
  }
  return lines.join("\n");
}
