/**
 * `--dry-run`: what an LLM run will cost, measured on the mechanism's own control flow, not guessed.
 *
 * A sample of cells (each condition's first seed, then a second, at most 24 cells) runs against a recording
 * stand-in model (`stand-in.ts`) whose replies are valid under each request's schema and as long as the output
 * model says (`output-model.ts`), so later prompts grow with the replies they quote. Every rendered request is
 * counted as the provider bills it (`countRequest`: text with the model's tokenizer, images at the provider's
 * published rule, the response schema as sent), per condition, scaled to the cells still to run, and priced.
 * The sample runs three times: short replies, the declared output model, and every reply at its longest
 * (`maxTokens` or the role's default); the report's estimate is the declared one (the longest when nothing is
 * declared) with the short–long range beside it. Nothing is sent and nothing is written.
 */
import { ConfigError } from "../core/errors.js";
import type { Cell } from "./grid.js";
import { checkPrices, estimateCost, isOffline, specLabel } from "./model.js";
import { replyLength, type OutputDefaults, type OutputModel, type OutputSource } from "./output-model.js";
import { measureSample, type DryRunPlan, type PassResult } from "./dry-run-pass.js";

export type { DryRunPlan } from "./dry-run-pass.js";

/** Calls, tokens and cost of the cells still to run under one assumption about reply lengths. */
export interface DryRunTotals {
  calls: number;
  /** Fewest and most calls per condition over the sample, summed: calls that depend on the replies vary. */
  callsRange: [number, number];
  inputTokens: number;
  outputTokens: number;
  costUsd?: number;
}

/** Image parts of the cells still to run, grouped by size. */
export interface DryRunImages {
  parts: number;
  tokens: number;
  items: { width: number; height: number; parts: number; tokensEach: number; rule: string }[];
}

export interface DryRunReport {
  cells: number;
  model: string;
  /** Cells already ok in the run folder (a resume skips them; they cost nothing). */
  done?: number;
  /**
   * For LLM models: the expected calls, tokens and cost of the cells still to run under the output model (declared
   * lengths; undeclared roles at their longest), with the range from short to long replies. Assumes no cache hits.
   */
  expected?: DryRunTotals & {
    sampledCells: number;
    tokenizer: string;
    approximateTokens: boolean;
    /** Input tokens by part: prompt text (with framing), images, response schemas. */
    textTokens: number;
    imageTokens: number;
    schemaTokens: number;
    images: DryRunImages;
    byRole: Record<string, { calls: number; inputTokens: number; outputTokens: number; imageTokens: number; schemaTokens: number }>;
    /**
     * Each role's replies: the length the output model asked for (`target`, output tokens per call, the mean where
     * calls differ), where it came from, and the length the stand-in's replies had (`tokens`: below the target
     * when the role's schema allows no longer reply, e.g. an enum and a number).
     */
    outputModel: Record<string, { tokens: number; target: number; source: OutputSource }>;
    range: { short: DryRunTotals; long: DryRunTotals };
  };
}

export interface DryRunOptions {
  /** Prices in USD per million tokens by `provider:model`, over the llm layer's table. */
  prices?: Record<string, { input: number; output: number; cachedInput?: number }>;
  /** Most cells run against the stand-in (default 24): one per condition, two seeds where the cap allows. */
  maxSampleCells?: number;
  /** Declared reply lengths by role (output tokens), over the config's `dryRun.outputTokens`. */
  outputTokens?: OutputModel;
  /** Where `outputTokens` came from, for errors (default "--assume-output-tokens"). */
  outputTokensFrom?: string;
}

/**
 * The dry-run report of a plan: cell count and, for LLM models, the expected calls, tokens and cost.
 * @throws {ConfigError} for a declared reply length of a role no call has, or a price for another model.
 * @example
 * (await dryRun(plan, { outputTokens: { speaker: 150 } })).expected?.range; // { short: {…}, long: {…} }
 */
export async function dryRun(plan: DryRunPlan, opts: DryRunOptions = {}): Promise<DryRunReport> {
  const offline = isOffline(plan.config.model);
  const report: DryRunReport = { cells: plan.cells.length, model: offline ? plan.runner.offlineModelLabel : specLabel(plan.config.model) };
  if (offline) return report;
  await checkPrices(plan.config.model, opts.prices, plan.config.file);
  const { readCells } = await import("./store.js");
  const stored = readCells(plan.dir);
  const todo = plan.cells.filter((c) => {
    const rec = stored.get(c.runId);
    return !(rec && rec.configHash === plan.hash && (rec.health ?? "ok") === "ok");
  });
  report.done = plan.cells.length - todo.length;
  const { ROLE_OUTPUT_TOKENS, DEFAULT_OUTPUT_TOKENS } = await import("../llm/roles.js");
  const defaults: OutputDefaults = { byRole: ROLE_OUTPUT_TOKENS, fallback: DEFAULT_OUTPUT_TOKENS };
  const declared: OutputModel = { ...(plan.config.outputTokens ?? {}), ...(opts.outputTokens ?? {}) };
  const sample = sampleCells(plan.cells, opts.maxSampleCells ?? 24);

  const short = await measureSample(plan, sample, undefined);
  const roles = new Set(short.calls.map((c) => c.role));
  const unknown = Object.keys(declared).filter((r) => !roles.has(r));
  if (unknown.length) {
    const fromFlag = unknown.some((r) => opts.outputTokens?.[r] !== undefined);
    throw new ConfigError({
      file: fromFlag ? undefined : plan.config.file,
      path: fromFlag ? [opts.outputTokensFrom ?? "--assume-output-tokens"] : ["dryRun", "outputTokens", unknown[0]],
      message: `the output model names role "${unknown[0]}"${unknown.length > 1 ? ` (also: ${unknown.slice(1).join(", ")})` : ""}, which no call of this run has`,
      fix: `declare one of the run's roles: ${[...roles].sort().join(", ")}`,
    });
  }
  const long = await measureSample(plan, sample, (c) => replyLength(c.role, c.maxTokens, {}, defaults).tokens);
  const assumed = Object.keys(declared).length ? await measureSample(plan, sample, (c) => replyLength(c.role, c.maxTokens, declared, defaults).tokens) : long;

  const scaleTo = (pass: PassResult) => scale(pass, todo, sample.length);
  const [s, l, a] = [scaleTo(short), scaleTo(long), scaleTo(assumed)];
  const priced = async (t: DryRunTotals): Promise<DryRunTotals> => {
    const costUsd = await estimateCost(plan.config.model, t, opts.prices);
    return costUsd === undefined ? t : { ...t, costUsd };
  };
  const outputModel: Record<string, { tokens: number; target: number; source: OutputSource }> = {};
  for (const c of assumed.calls) {
    const r = replyLength(c.role, c.maxTokens, declared, defaults);
    const n = assumed.byRole[c.role].calls;
    const o = (outputModel[c.role] ??= { tokens: assumed.byRole[c.role].outputTokens / n, target: 0, source: r.source });
    o.target += r.tokens / n;
  }
  for (const o of Object.values(outputModel)) {
    o.tokens = Math.round(o.tokens);
    o.target = Math.round(o.target);
  }
  report.expected = {
    ...(await priced(a.totals)),
    sampledCells: sample.length, tokenizer: assumed.tokenizer, approximateTokens: assumed.approximate,
    textTokens: a.textTokens, imageTokens: a.images.tokens, schemaTokens: a.schemaTokens, images: a.images, byRole: a.byRole,
    outputModel, range: { short: await priced(s.totals), long: await priced(l.totals) },
  };
  return report;
}

/** The sample: each condition's first seed, then its second, up to the cap, conditions spread evenly. */
function sampleCells(cells: Cell[], maxCells: number): Cell[] {
  const byKey = new Map<string, Cell[]>();
  for (const c of cells) byKey.set(c.key, [...(byKey.get(c.key) ?? []), c]);
  const keys = [...byKey.keys()];
  const cap = Math.max(1, maxCells);
  const picked = keys.length <= cap ? keys : Array.from({ length: cap }, (_, i) => keys[Math.floor((i * keys.length) / cap)]);
  const sample = picked.map((k) => byKey.get(k)![0]);
  for (const k of picked) {
    if (sample.length >= cap) break;
    const second = byKey.get(k)![1];
    if (second) sample.push(second);
  }
  return sample;
}

/** A pass over the sample scaled to the cells still to run (each condition by its own sampled cells' mean). */
function scale(pass: PassResult, todo: Cell[], sampled: number) {
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  const all = [...pass.perKey.values()].flat();
  const t = { calls: 0, lo: 0, hi: 0, input: 0, output: 0 };
  for (const c of todo) {
    const xs = pass.perKey.get(c.key) ?? all;
    t.calls += mean(xs.map((x) => x.calls));
    t.lo += Math.min(...xs.map((x) => x.calls));
    t.hi += Math.max(...xs.map((x) => x.calls));
    t.input += mean(xs.map((x) => x.input));
    t.output += mean(xs.map((x) => x.output));
  }
  const k = sampled ? todo.length / sampled : 0;
  const round = (x: number) => Math.round(x * k);
  const byRole = Object.fromEntries(Object.entries(pass.byRole).map(([r, v]) => [r,
    { calls: round(v.calls), inputTokens: round(v.inputTokens), outputTokens: round(v.outputTokens), imageTokens: round(v.imageTokens), schemaTokens: round(v.schemaTokens) }]));
  const items = [...pass.images.values()].map((i) => ({ ...i, parts: round(i.parts) })).sort((x, y) => y.parts * y.tokensEach - x.parts * x.tokensEach);
  return {
    totals: { calls: Math.round(t.calls), callsRange: [Math.round(t.lo), Math.round(t.hi)] as [number, number], inputTokens: Math.round(t.input), outputTokens: Math.round(t.output) },
    byRole,
    textTokens: round(pass.textTokens),
    schemaTokens: round(pass.schemaTokens),
    images: { parts: items.reduce((n, i) => n + i.parts, 0), tokens: items.reduce((n, i) => n + i.parts * i.tokensEach, 0), items },
  };
}
