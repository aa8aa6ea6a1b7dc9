/**
 * Nous as a mechanism of the experiment runner. One cell = one ablation × seed, evaluated on the chosen split of
 * LoCoMo (or of the project's fixture, or of a belief-dynamics benchmark file in LoCoMo's format). Tables:
 * `answers` (one row per system × question), `deltas` (one row per delta, full model only), `extraction` (per
 * conversation: turns and last-resort extractions), `repairs` (LLM repair log).
 */
import { z } from "zod";
import { ConfigError } from "../core/errors.js";
import type { CellContext, CellResult, MechanismRunner } from "../core/mechanism.js";
import { applyCondition } from "../core/paths.js";
import { evaluateConversation, offlineWindowExtractor, SYSTEMS, type EvaluateOptions, type SystemName } from "./locomo/evaluate.js";
import { findLocomo, fixturePath, loadLocomo, type LocomoConversation } from "./locomo/data.js";
import { selectSplit, SPLITS } from "./locomo/splits.js";
import { LlmNous, promptTemplates } from "./models/llm.js";
import { answerOffline, extractOffline, OFFLINE_LABEL } from "./models/offline.js";
import { MemoryOverridesSchema, type MemoryOptionsInput } from "./types.js";
import { benchmarkColumns, benchmarkInstance, BENCHMARKS, type BenchmarkName } from "./benchmarks/instances.js";
import { parseLocomo } from "./locomo/data.js";
import { ExtractorParamsSchema } from "./extractor-params.js";
import { nousClaims } from "./claims.js";

export const ABLATIONS = ["none", "last-write-wins", "no-decay", "no-kinds", "no-confidence", "no-merges", "no-multi-valued", "no-hops", "two-hops", "no-graph"] as const;
export type Ablation = (typeof ABLATIONS)[number];

export const NousParamsSchema = z.strictObject({
  /** Path of locomo10.json (or a file in its format); null: $LOCOMO_PATH, then ../shared/data/locomo10.json, then the bundled fixture. */
  data: z.string().nullable().default(null),
  /** Which conversations: dev (rules are chosen here), test (reported), or all. */
  split: z.enum(SPLITS).default("dev"),
  /** Conversation ids (sample_id) within the split; null: all of the split. */
  conversations: z.array(z.string()).nullable().default(null),
  /** Keep only the first `limit` of the chosen conversations; null: all. */
  limit: z.number().int().positive().nullable().default(null),
  systems: z.array(z.enum(SYSTEMS)).default(["nous", "bm25", "not-mentioned", "constant-year", "full-context"]),
  /** Memory options over LOCOMO_MEMORY (600 tokens of rendered context per question, hops 1). */
  memory: MemoryOverridesSchema.default({}),
  ablation: z.enum(ABLATIONS).default("none"),
  /** Write the `deltas` table (full model only). */
  deltas: z.boolean().default(true),
  /** Turns per LLM extraction window (a session is cut into windows of at most this many turns). */
  window: z.number().int().positive().default(12),
  /** Score LLM runs with the LLM judge too (J score; role "scorer"). Ignored offline. */
  judge: z.boolean().default(false),
  /**
   * A balanced belief-dynamics instance instead of LoCoMo ("balanced-prereg", "balanced-pilot"; benchmarks/run.ts):
   * generated from its committed parameters; `data` and `split` are then ignored, `limit` still applies.
   */
  benchmark: z.enum(["none", ...(Object.keys(BENCHMARKS) as BenchmarkName[])] as [string, ...string[]]).default("none"),
  /** The offline extractor's thresholds: the confidence of a hedged or joking statement, and of a planned change. */
  extractor: ExtractorParamsSchema.default(ExtractorParamsSchema.parse({})),
});
export type NousParams = z.infer<typeof NousParamsSchema>;

/** Tokens of rendered context per question in the LoCoMo protocol, unless `memory.budgetTokens` says otherwise (null: k turns). */
export const LOCOMO_BUDGET = 600;
/**
 * Memory options of the LoCoMo protocol where they differ from the engine's defaults, chosen on the dev split:
 * hops 1 (dev F1 over categories 1–4 for hops 0 / 1 / 2: 16.55 / 16.56 / 16.54; the retrieved turns differ between
 * hops 0 and 1 on 23.9 % of dev questions and between hops 1 and 2 on 27.9 %: the two speakers are not linked, so a
 * question naming one reaches the other at two hops, through names both mentioned).
 */
export const LOCOMO_MEMORY = { budgetTokens: LOCOMO_BUDGET, hops: 1 } as const;

/** Memory options of an ablation. */
export function ablationOptions(base: MemoryOptionsInput, ablation: Ablation): MemoryOptionsInput {
  switch (ablation) {
    case "last-write-wins": return { ...base, updateRule: "last-write-wins" };
    case "no-decay": return { ...base, halfLifeDays: null };
    case "no-kinds": return { ...base, useKinds: false };
    case "no-confidence": return { ...base, useConfidence: false };
    case "no-merges": return { ...base, identityThreshold: 0 }; // a divergence is never below 0: identity resolution merges nothing
    case "no-multi-valued": return { ...base, thetaMin: null };
    case "no-hops": return { ...base, hops: 0 };
    case "two-hops": return { ...base, hops: 2 }; // not an ablation: the search one hop wider than the protocol's
    case "no-graph": return { ...base, graphBoost: 0 };
    default: return base;
  }
}

/** The data a run uses and how to name it in rows: the real file when found, else the fixture. */
export function resolveData(data: string | null): { path: string; source: string } {
  if (data !== null) {
    const p = findLocomo(data);
    if (!p) throw new ConfigError({ path: ["params", "data"], message: `LoCoMo file not found at ${data}`, fix: "run `agora locomo --download --data <path>`, or set params.data to null to use the bundled fixture" });
    if (p === fixturePath()) return { path: p, source: "fixture:locomo-mini" };
    return { path: p, source: /locomo10\.json$/.test(p) ? "locomo10" : `file:${p.split("/").pop()}` };
  }
  const found = findLocomo();
  return found ? { path: found, source: "locomo10" } : { path: fixturePath(), source: "fixture:locomo-mini" };
}

/** The conversations of a cell: data file, split, ids, limit. @throws ConfigError / DataError naming the file and ids. */
export function chooseConversations(p: NousParams): { convs: LocomoConversation[]; source: string; path: string } {
  if (p.benchmark !== "none") {
    const name = p.benchmark as BenchmarkName;
    const convs = parseLocomo(benchmarkInstance(name).data, BENCHMARKS[name]);
    return { convs: p.limit === null ? convs : convs.slice(0, p.limit), source: `benchmark:${name}`, path: BENCHMARKS[name] };
  }
  const { path, source } = resolveData(p.data);
  const all = loadLocomo(path);
  // a file that is neither locomo10 nor the fixture (a benchmark in LoCoMo's format) has no named splits
  const split = source.startsWith("file:") ? "all" : p.split;
  const chosen = selectSplit(all, split, source, path, p.conversations);
  return { convs: p.limit === null ? chosen : chosen.slice(0, p.limit), source, path };
}

async function runCell(ctx: CellContext<NousParams>): Promise<CellResult> {
  const p = NousParamsSchema.parse(applyCondition(ctx.params, ctx.condition));
  const { convs, source } = chooseConversations(p);
  const truth = p.benchmark !== "none" ? benchmarkInstance(p.benchmark as BenchmarkName).truth : undefined;
  const llm = ctx.model.kind === "llm" ? new LlmNous(ctx.model.llm, ctx.address) : undefined;
  const model = ctx.model.kind === "llm" ? ctx.model.llm.id : OFFLINE_LABEL;
  const systems: SystemName[] = p.ablation === "none" ? p.systems.filter((s) => s !== "full-context" || llm) : ["nous"];
  const extra = { run_id: ctx.runId, seed: ctx.seed, ablation: p.ablation, data: source, split: p.benchmark !== "none" ? "all" : p.split };
  const answers: Record<string, unknown>[] = [];
  const deltas: Record<string, unknown>[] = [];
  const extraction: Record<string, unknown>[] = [];
  for (const [i, conv] of convs.entries()) {
    if (ctx.signal?.aborted) throw ctx.signal.reason ?? new Error("aborted");
    const at = (x: { system: string; question: number }) => ({ conversation: conv.id, ...x });
    const opts: EvaluateOptions = {
      systems,
      memory: ablationOptions({ ...LOCOMO_MEMORY, ...p.memory }, p.ablation),
      extractor: llm ? (w) => llm.extractWindow(w) : offlineWindowExtractor((t, caption, c) => extractOffline(t, caption, c, p.extractor)),
      window: llm ? p.window : undefined,
      answerer: llm ? (c, x) => llm.answer(c, at(x)) : async (c) => answerOffline(c),
      fullContext: llm ? (tr, q, x) => llm.answerFull(tr, q, { conversation: conv.id, question: x.question }) : undefined,
      judge: llm && p.judge ? (q, a, pr, x) => llm.judge(q, a, pr, at(x)) : undefined,
      model,
      extra,
    };
    const r = await evaluateConversation(conv, opts);
    r.memory.close();
    answers.push(...(truth ? r.answers.map((row) => ({ ...row, ...benchmarkColumns(truth, row) })) : r.answers));
    extraction.push({ ...extra, model, conversation: conv.id, turns: r.extraction.turns, talked_about: r.extraction.fallbacks["talked about"] ?? 0, photo: r.extraction.fallbacks.photo ?? 0, merges: r.extraction.merges ?? 0 });
    if (p.deltas && p.ablation === "none") deltas.push(...r.deltas);
    ctx.progress?.((i + 1) / convs.length);
  }
  // calls run concurrently: sort the repair log so the table does not depend on which call finished first
  const repairs = (llm?.repairs ?? [])
    .slice()
    .sort((a, b) => a.step.localeCompare(b.step) || a.item.localeCompare(b.item) || a.problem.localeCompare(b.problem) || a.action.localeCompare(b.action))
    .map((x) => ({ ...extra, model, ...x }));
  return { tables: { answers, deltas, extraction, repairs }, usage: llm?.usage };
}

export const runner: MechanismRunner<NousParams> = {
  name: "nous",
  paramsSchema: NousParamsSchema as unknown as z.ZodType<NousParams>,
  tables: ["answers", "deltas", "extraction", "repairs"],
  offlineModelLabel: OFFLINE_LABEL,
  promptTemplates,
  runCell,
  claims: nousClaims,
};
