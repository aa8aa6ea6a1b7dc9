/**
 * Nous as a mechanism of the experiment runner. One cell = one ablation × seed, evaluated on the chosen LoCoMo
 * conversations. Tables: `answers` (one row per system × question), `deltas` (one row per delta, full model
 * only), `repairs` (LLM repair log).
 */
import { z } from "zod";
import { ConfigError } from "../core/errors.js";
import type { CellContext, CellResult, MechanismRunner } from "../core/mechanism.js";
import { evaluateConversation, type EvaluateOptions, type SystemName } from "./locomo/evaluate.js";
import { findLocomo, fixturePath, loadLocomo, type LocomoConversation } from "./locomo/data.js";
import { LlmNous, promptTemplates } from "./models/llm.js";
import { answerOffline, extractOffline, OFFLINE_LABEL } from "./models/offline.js";
import { MemoryOptionsSchema, type MemoryOptionsInput } from "./types.js";

export const ABLATIONS = ["none", "last-write-wins", "no-decay", "no-multi-valued", "no-hops"] as const;
export type Ablation = (typeof ABLATIONS)[number];

export const NousParamsSchema = z.object({
  /** Path of locomo10.json; null: $LOCOMO_PATH, then ../shared/data/locomo10.json, then the bundled fixture. */
  data: z.string().nullable().default(null),
  /** Conversation ids (sample_id) to evaluate; null: all. */
  conversations: z.array(z.string()).nullable().default(null),
  /** Keep only the first `limit` of the chosen conversations; null: all. */
  limit: z.number().int().positive().nullable().default(null),
  systems: z.array(z.enum(["nous", "bm25", "not-mentioned", "full-context"])).default(["nous", "bm25", "not-mentioned", "full-context"]),
  memory: MemoryOptionsSchema.partial().default({}),
  ablation: z.enum(ABLATIONS).default("none"),
  /** Write the `deltas` table (full model only). */
  deltas: z.boolean().default(true),
});
export type NousParams = z.infer<typeof NousParamsSchema>;

/** Memory options of an ablation. */
export function ablationOptions(base: MemoryOptionsInput, ablation: Ablation): MemoryOptionsInput {
  switch (ablation) {
    case "last-write-wins": return { ...base, updateRule: "last-write-wins" };
    case "no-decay": return { ...base, halfLifeDays: null };
    case "no-multi-valued": return { ...base, thetaMin: null };
    case "no-hops": return { ...base, hops: 0 };
    default: return base;
  }
}

/** The data a run uses and how to name it in rows: the real file when found, else the fixture. */
export function resolveData(data: string | null): { path: string; source: string } {
  if (data !== null) {
    const p = findLocomo(data);
    if (!p) throw new ConfigError({ path: ["params", "data"], message: `LoCoMo file not found at ${data}`, fix: "run `agora locomo --download --data <path>`, or set params.data to null to use the bundled fixture" });
    return { path: p, source: p === fixturePath() ? "fixture:locomo-mini" : "locomo10" };
  }
  const found = findLocomo();
  return found ? { path: found, source: "locomo10" } : { path: fixturePath(), source: "fixture:locomo-mini" };
}

/** Picks conversations by id. @throws ConfigError naming unknown ids. */
export function selectConversations(all: LocomoConversation[], ids: string[] | null): LocomoConversation[] {
  if (ids === null) return all;
  const unknown = ids.filter((id) => !all.some((c) => c.id === id));
  if (unknown.length) throw new ConfigError({ path: ["params", "conversations"], message: `unknown conversation ids ${unknown.join(", ")}`, fix: `choose among ${all.map((c) => c.id).join(", ")}` });
  return all.filter((c) => ids.includes(c.id));
}

async function runCell(ctx: CellContext<NousParams>): Promise<CellResult> {
  const p = NousParamsSchema.parse({ ...ctx.params, ...ctx.condition });
  const { path, source } = resolveData(p.data);
  const chosen = selectConversations(loadLocomo(path), p.conversations);
  const convs = p.limit === null ? chosen : chosen.slice(0, p.limit);
  const llm = ctx.model.kind === "llm" ? new LlmNous(ctx.model.llm, ctx.seed) : undefined;
  const model = llm ? ctx.model.kind === "llm" ? ctx.model.llm.id : "" : OFFLINE_LABEL;
  const systems: SystemName[] = p.ablation === "none" ? p.systems.filter((s) => s !== "full-context" || llm) : ["nous"];
  const extra = { run_id: ctx.runId, seed: ctx.seed, ablation: p.ablation, data: source };
  const answers: Record<string, unknown>[] = [];
  const deltas: Record<string, unknown>[] = [];
  for (const [i, conv] of convs.entries()) {
    if (ctx.signal?.aborted) throw ctx.signal.reason ?? new Error("aborted");
    const opts: EvaluateOptions = {
      systems,
      memory: ablationOptions(p.memory, p.ablation),
      extractor: llm ? (t, c) => llm.extract(t, c) : async (t, c) => extractOffline(t, c),
      answerer: llm ? (c) => llm.answer(c) : async (c) => answerOffline(c),
      fullContext: llm ? (tr, q) => llm.answerFull(tr, q) : undefined,
      model,
      extra,
    };
    const r = await evaluateConversation(conv, opts);
    r.memory.close();
    answers.push(...r.answers);
    if (p.deltas && p.ablation === "none") deltas.push(...r.deltas);
    ctx.progress?.((i + 1) / convs.length);
  }
  // calls run concurrently: sort the repair log so the table does not depend on which call finished first
  const repairs = (llm?.repairs ?? [])
    .slice()
    .sort((a, b) => a.step.localeCompare(b.step) || a.item.localeCompare(b.item) || a.problem.localeCompare(b.problem) || a.action.localeCompare(b.action))
    .map((x) => ({ ...extra, model, ...x }));
  return { tables: { answers, deltas, repairs }, usage: llm?.usage };
}

export const runner: MechanismRunner<NousParams> = {
  name: "nous",
  paramsSchema: NousParamsSchema as unknown as z.ZodType<NousParams>,
  tables: ["answers", "deltas", "repairs"],
  offlineModelLabel: OFFLINE_LABEL,
  promptTemplates,
  estimateCell(params) {
    // about 300 turns and 100 questions per LoCoMo conversation; one call per turn, one per question and system
    const n = params.conversations?.length ?? 10;
    const calls = n * (300 + 100 * 3);
    return { calls, inputTokens: n * (300 * 250 + 100 * 900 + 100 * 25000), outputTokens: calls * 30 };
  },
  runCell,
};
