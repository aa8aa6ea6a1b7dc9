/**
 * Planning a run: config → validated params, config hash, cells and run folder, without running anything.
 * `--dry-run` stops here and adds the expected LLM calls, tokens and cost.
 */
import { isAbsolute, join, resolve } from "node:path";
import { ConfigError } from "../core/errors.js";
import type { Level, MechanismRunner } from "../core/mechanism.js";
import {
  configErrorFrom, configHash, parseConfig, readConfigFile, resolveConfig,
  type ExperimentConfig, type ModelSpec, type ParsedConfig, type ProfileName, type ResolvedConfig,
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
  const unknown = unknownKeys(config.params, params);
  if (unknown.length) {
    const [path, allowed] = unknown[0];
    throw new ConfigError({ file, path: ["params", ...path], message: `unknown field${unknown.length > 1 ? ` (also: ${unknown.slice(1).map(([p]) => ["params", ...p].join(".")).join(", ")})` : ""}`,
      fix: allowed.length ? `remove it, or use one of: ${allowed.join(", ")}` : "remove it" });
  }
  checkGridLevels(config.grid, config.params, runner, file);
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

/**
 * Each grid factor that names a parameter (`mode`, `family.timeoutFactor`) is checked level by level through the
 * mechanism's schema, so a bad level fails at plan time, before any cell runs or a folder exists.
 */
function checkGridLevels(grid: [string, Level[]][], rawParams: Record<string, unknown>, runner: MechanismRunner<unknown>, file?: string): void {
  const defaults = runner.paramsSchema.safeParse(rawParams);
  if (!defaults.success) return;
  for (const [factor, levels] of grid) {
    const path = factor.split(".");
    if (!hasPath(defaults.data, path)) continue;
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
}

function hasPath(obj: unknown, path: string[]): boolean {
  let cur = obj;
  for (const k of path) {
    if (!isObject(cur) || !(k in cur)) return false;
    cur = cur[k];
  }
  return true;
}

function setPath(obj: Record<string, unknown>, path: string[], value: unknown): Record<string, unknown> {
  let cur = obj;
  for (const k of path.slice(0, -1)) {
    if (!isObject(cur[k])) cur[k] = {};
    cur = cur[k] as Record<string, unknown>;
  }
  cur[path[path.length - 1]] = value;
  return obj;
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

export interface DryRunReport {
  cells: number;
  model: string;
  /** Cells already ok in the run folder (a resume skips them; they cost nothing). */
  done?: number;
  /**
   * For LLM models: the expected calls, input tokens (rendered prompts, counted with the model's tokenizer) and
   * cost of the cells still to run, from a sample of cells run against a recording stand-in model. Calls whose
   * number depends on the replies (gated adjudications) vary across the sample: `callsRange` spans it.
   * Output tokens are the stand-in's replies' and only indicative. Assumes no replay-cache hits.
   */
  expected?: {
    calls: number; callsRange: [number, number]; inputTokens: number; outputTokens: number; costUsd?: number;
    sampledCells: number; tokenizer: string; approximateTokens: boolean; byRole: Record<string, { calls: number; inputTokens: number }>;
  };
}

export interface DryRunOptions {
  /** Prices in USD per million tokens by `provider:model`, over the llm layer's table. */
  prices?: Record<string, { input: number; output: number; cachedInput?: number }>;
  /** Most cells run against the stand-in (default 24): one per condition, two seeds where the cap allows. */
  maxSampleCells?: number;
}

/**
 * The dry-run report of a plan: cell count and, for LLM models, the expected calls, tokens and cost, measured by
 * running a sample of cells through the mechanism's own control flow against a stand-in model. Spends nothing and
 * writes nothing.
 * @example
 * (await dryRun(plan)).expected?.calls; // 47376
 */
export async function dryRun(plan: RunPlan, opts: DryRunOptions = {}): Promise<DryRunReport> {
  const offline = isOffline(plan.config.model);
  const report: DryRunReport = {
    cells: plan.cells.length,
    model: offline ? plan.runner.offlineModelLabel : specLabel(plan.config.model),
  };
  if (offline) return report;
  const { readCells } = await import("./store.js");
  const stored = readCells(plan.dir);
  const todo = plan.cells.filter((c) => {
    const rec = stored.get(c.runId);
    return !(rec && rec.configHash === plan.hash && (rec.health ?? "ok") === "ok");
  });
  report.done = plan.cells.length - todo.length;
  const label = specLabel(plan.config.model);
  const [provider, ...rest] = label.split(":");
  const modelName = rest.join(":");
  const { countRequestTokens, countTokens } = await import("../llm/tokens.js");
  const { standInModel } = await import("./stand-in.js");
  const { cellAddresser } = await import("../core/mechanism.js");
  const { createRng } = await import("../core/rng.js");

  // The sample: each condition's first seed, then its second, up to the cap, conditions spread evenly.
  const byKey = new Map<string, Cell[]>();
  for (const c of plan.cells) byKey.set(c.key, [...(byKey.get(c.key) ?? []), c]);
  const keys = [...byKey.keys()];
  const cap = Math.max(1, opts.maxSampleCells ?? 24);
  const pickedKeys = keys.length <= cap ? keys : Array.from({ length: cap }, (_, i) => keys[Math.floor((i * keys.length) / cap)]);
  const sample: Cell[] = pickedKeys.map((k) => byKey.get(k)![0]);
  for (const k of pickedKeys) {
    if (sample.length >= cap) break;
    const second = byKey.get(k)![1];
    if (second) sample.push(second);
  }

  const perKey = new Map<string, { calls: number; input: number; output: number }[]>();
  const byRole: Record<string, { calls: number; inputTokens: number }> = {};
  let approximate = false;
  let tokenizer = "";
  for (const cell of sample) {
    const m = standInModel(label, cell.seed);
    await plan.runner.runCell({
      runId: cell.runId, seed: cell.seed, condition: { ...cell.condition }, params: structuredClone(plan.params),
      model: { kind: "llm", llm: m }, rng: createRng(cell.seed).fork(plan.config.mechanism, cell.runId),
      address: cellAddresser(plan.config.mechanism, cell.key, cell.seed),
    });
    let input = 0;
    let output = 0;
    for (const call of m.calls) {
      const t = countRequestTokens(call.system, call.messages, provider, modelName);
      approximate ||= t.approximate;
      tokenizer = t.encoding;
      input += t.tokens;
      output += countTokens(call.reply, provider, modelName).tokens;
      const role = call.address?.split("/")[3] ?? call.tag ?? "call";
      byRole[role] ??= { calls: 0, inputTokens: 0 };
      byRole[role].calls++;
      byRole[role].inputTokens += t.tokens;
    }
    perKey.set(cell.key, [...(perKey.get(cell.key) ?? []), { calls: m.calls.length, input, output }]);
  }
  const all = [...perKey.values()].flat();
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  const fallback = { calls: mean(all.map((x) => x.calls)), input: mean(all.map((x) => x.input)), output: mean(all.map((x) => x.output)),
    lo: Math.min(...all.map((x) => x.calls)), hi: Math.max(...all.map((x) => x.calls)) };
  const total = { calls: 0, lo: 0, hi: 0, input: 0, output: 0 };
  for (const c of todo) {
    const xs = perKey.get(c.key);
    const e = xs ? { calls: mean(xs.map((x) => x.calls)), input: mean(xs.map((x) => x.input)), output: mean(xs.map((x) => x.output)),
      lo: Math.min(...xs.map((x) => x.calls)), hi: Math.max(...xs.map((x) => x.calls)) } : fallback;
    total.calls += e.calls;
    total.lo += e.lo;
    total.hi += e.hi;
    total.input += e.input;
    total.output += e.output;
  }
  const scale = sample.length ? todo.length / sample.length : 0;
  for (const r of Object.values(byRole)) {
    r.calls = Math.round(r.calls * scale);
    r.inputTokens = Math.round(r.inputTokens * scale);
  }
  const expected: NonNullable<DryRunReport["expected"]> = {
    calls: Math.round(total.calls), callsRange: [Math.round(total.lo), Math.round(total.hi)],
    inputTokens: Math.round(total.input), outputTokens: Math.round(total.output),
    sampledCells: sample.length, tokenizer, approximateTokens: approximate, byRole,
  };
  const costUsd = await estimateCost(plan.config.model, { inputTokens: expected.inputTokens, outputTokens: expected.outputTokens }, opts.prices);
  if (costUsd !== undefined) expected.costUsd = costUsd;
  report.expected = expected;
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
    if (report.done) lines.push(`  already ok in the run folder: ${report.done} cells (a resume skips them)`);
    const range = e.callsRange[0] !== e.callsRange[1] ? ` (range over the sample ${e.callsRange[0]}–${e.callsRange[1]}: the number depends on the replies)` : "";
    lines.push(`  expected LLM calls: ${e.calls}${range}`);
    lines.push(`    by role: ${Object.entries(e.byRole).map(([r, v]) => `${r} ${v.calls}`).join(", ")}`);
    lines.push(`  expected input tokens: ${e.inputTokens} (${e.tokenizer}${e.approximateTokens ? ", approximate: not this model's tokenizer" : ""}); output tokens ≈ ${e.outputTokens} (indicative)`);
    lines.push(`  expected cost: ${e.costUsd === undefined ? "unknown (no price for this model; pass --price provider:model=in,out)" : `$${e.costUsd >= 1 ? e.costUsd.toFixed(2) : e.costUsd.toPrecision(2)}`}`);
    lines.push(`  measured on ${e.sampledCells} sampled cells run against a stand-in model; assumes no replay-cache hits`);
  } else if (!isOffline(plan.config.model)) {
    lines.push("  expected LLM calls: unknown");
  } else {
    lines.push("  LLM calls: none (offline model)");
  }
  return lines.join("\n");
}
