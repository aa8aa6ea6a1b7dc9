/**
 * The gated mechanism as the experiment runner sees it: a cell is one (policy, scenario, …) × seed;
 * it runs `episodes` episodes on tasks generated from the seed and scenario only (so every policy
 * meets the same tasks: a paired design), or on the tasks of a task file, and writes the
 * `episodes` and `events` tables.
 */
import { z } from "zod";
import { ConfigError } from "../core/errors.js";
import type { CellContext, CellResult, Level, MechanismRunner } from "../core/mechanism.js";
import { createRng } from "../core/rng.js";
import { runEpisode, runEpisodeAsync } from "./episode.js";
import type { EpisodeResult } from "./episode.js";
import { FamilySchema, generateTask } from "./generator.js";
import { llmChat, llmJudge, promptTemplates } from "./models/llm.js";
import { OFFLINE_MODEL_LABEL, offlineJudge } from "./models/offline.js";
import { compileTask, loadTaskFile } from "./task.js";
import type { CompiledTask } from "./task.js";
import { POLICIES, SimParamsSchema } from "./types.js";
import { MinecraftParamsSchema, openMinecraftSession } from "./minecraft/session.js";

export const GatedParamsSchema = z.object({
  policy: z.enum(POLICIES).default("gated"),
  scenario: z.enum(["standard", "scarce"]).default("standard"),
  /** Episodes per cell. */
  episodes: z.number().int().positive().default(20),
  /** Task family (size, agents, materials); its scenario is the cell's. */
  family: FamilySchema.partial().default({}),
  /** A MindCraft task file to use instead of generated tasks (cycled over episodes). */
  taskFile: z.string().nullable().default(null),
  /** Episodes per cell whose event log is written (the first ones). */
  logEpisodes: z.number().int().nonnegative().default(2),
  sim: SimParamsSchema.default(SimParamsSchema.parse({})),
  /** Where episodes run: the block world (deterministic, fast) or a live Minecraft server (lib/gated/minecraft). */
  backend: z.enum(["blockworld", "minecraft"]).default("blockworld"),
  minecraft: MinecraftParamsSchema.optional(),
});
export type GatedParams = z.infer<typeof GatedParamsSchema>;

const cache = new Map<string, CompiledTask[]>();

function taskFor(p: GatedParams, seed: number, episode: number): CompiledTask {
  if (p.taskFile) {
    let tasks = cache.get(p.taskFile);
    if (!tasks) cache.set(p.taskFile, (tasks = loadTaskFile(p.taskFile)));
    return tasks[episode % tasks.length];
  }
  const spec = generateTask({ ...p.family, scenario: p.scenario }, createRng(seed).fork("gated-task", p.scenario, episode));
  return compileTask(`${p.scenario}_s${seed}_e${episode}`, spec);
}

/**
 * Merges a cell's condition into the params: top-level keys, `family.*` and `sim.*` keys.
 * @throws ConfigError for a factor the mechanism does not know.
 * @example
 * mergeCondition(params, { policy: "rigid", agents: 4, tLow: 0.2 }).family.agents; // 4
 */
export function mergeCondition(params: GatedParams, condition: Record<string, Level>): GatedParams {
  const out = { ...params, family: { ...params.family }, sim: { ...params.sim } } as GatedParams & Record<string, unknown>;
  for (const [k, v] of Object.entries(condition)) {
    if (k in GatedParamsSchema.shape) out[k] = v;
    else if (k in FamilySchema.shape) (out.family as Record<string, unknown>)[k] = v;
    else if (k in SimParamsSchema.shape) (out.sim as Record<string, unknown>)[k] = v;
    else throw new ConfigError({ path: ["grid", k], message: `unknown factor "${k}" for the gated mechanism`, fix: "use policy, scenario, a family option (agents, width, …) or a sim parameter (tLow, adjudicatorAccuracy, …)" });
  }
  return GatedParamsSchema.parse(out);
}

function rowsOf(ctx: CellContext<GatedParams>, p: GatedParams, model: string, i: number, r: EpisodeResult) {
  const base = { run_id: ctx.runId, seed: ctx.seed, model, backend: p.backend, policy: p.policy, scenario: p.scenario, episode: i };
  const episode = { ...base, ...r.metrics, adjudicator_accuracy: model === OFFLINE_MODEL_LABEL ? p.sim.adjudicatorAccuracy : null };
  const events = r.events ? r.events.map((e) => ({ ...base, ...e })) : [];
  return { episode, events };
}

export const runner: MechanismRunner<GatedParams> = {
  name: "gated",
  paramsSchema: GatedParamsSchema as unknown as z.ZodType<GatedParams>,
  tables: ["episodes", "events"],
  offlineModelLabel: OFFLINE_MODEL_LABEL,
  promptTemplates: { ...promptTemplates },
  estimateCell(params, condition) {
    const p = mergeCondition(params, condition);
    const gray = p.policy === "gated" || p.policy === "gated_no_partition" || p.policy === "gated_no_fallback" ? 3 : 0;
    const chat = p.policy === "free_chat" ? 55 : 0; // free-chat messages per 200-block episode in the offline model
    return { calls: (gray + chat) * p.episodes, inputTokens: (gray * 260 + chat * 110) * p.episodes, outputTokens: (gray * 40 + chat * 40) * p.episodes };
  },
  async runCell(ctx: CellContext<GatedParams>): Promise<CellResult> {
    const p = mergeCondition(ctx.params, ctx.condition);
    const episodes: Record<string, unknown>[] = [];
    const events: Record<string, unknown>[] = [];
    const llm = ctx.model.kind === "llm" ? llmJudge(ctx.model.llm, { seed: ctx.seed }) : null;
    const chat = ctx.model.kind === "llm" && p.policy === "free_chat" ? llmChat(ctx.model.llm, { seed: ctx.seed }) : undefined;
    const model = ctx.model.kind === "llm" ? ctx.model.llm.id : OFFLINE_MODEL_LABEL;
    const mc = p.backend === "minecraft" ? await openMinecraftSession(ctx.runId, Array.from({ length: p.episodes }, (_, i) => taskFor(p, ctx.seed, i)), p.minecraft) : null;
    try { for (let i = 0; i < p.episodes; i++) {
      if (ctx.signal?.aborted) throw ctx.signal.reason ?? new Error("aborted");
      const task = taskFor(p, ctx.seed, i);
      const erng = ctx.rng.fork("episode", i);
      const opts = { log: i < p.logEpisodes };
      const offline = llm ? null : offlineJudge(p.sim.adjudicatorAccuracy, erng.fork("judge"));
      const r = mc ? await mc.episode(task, p.policy, p.sim, erng, llm ?? (async (c) => offline!(c)), { ...opts, chat })
        : llm ? await runEpisodeAsync(task, p.policy, p.sim, erng, llm, { ...opts, chat }) : runEpisode(task, p.policy, p.sim, erng, offline!, opts);
      const rows = rowsOf(ctx, p, model, i, r);
      if (mc && "minecraft" in r) Object.assign(rows.episode, r.minecraft);
      episodes.push(rows.episode);
      for (const e of rows.events) events.push(e);
      ctx.progress?.((i + 1) / p.episodes);
    } } finally { await mc?.close(); }
    if (llm) {
      for (const rep of llm.repairs) {
        const blank = Object.fromEntries(Object.keys(events[0] ?? {}).map((k) => [k, null]));
        events.push({ ...blank, run_id: ctx.runId, seed: ctx.seed, model, policy: p.policy, scenario: p.scenario, episode: null,
          tick: rep.tick, agent: rep.agent, event: "repair", decision: rep.decision, via: rep.step, text: rep.raw });
      }
    }
    return {
      tables: { episodes, events },
      usage: llm ? {
        inputTokens: llm.calls.input + (chat?.calls.input ?? 0), outputTokens: llm.calls.output + (chat?.calls.output ?? 0),
        calls: llm.calls.n + (chat?.calls.n ?? 0),
      } : undefined,
    };
  },
};
