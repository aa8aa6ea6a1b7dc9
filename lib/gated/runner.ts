/**
 * The gated mechanism as the experiment runner sees it: a cell is one (policy, scenario, …) × seed;
 * it runs `episodes` episodes on tasks generated from the seed and scenario only (so every policy
 * meets the same tasks: a paired design), or on the tasks of a task file, and writes the
 * `episodes` and `events` tables.
 */
import { existsSync } from "node:fs";
import { isAbsolute, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { ConfigError } from "../core/errors.js";
import { cellAddresser } from "../core/mechanism.js";
import type { CellContext, CellResult, Level, MechanismRunner } from "../core/mechanism.js";
import { applyCondition } from "../core/paths.js";
import { createRng } from "../core/rng.js";
import { gatedClaims } from "./claims.js";
import { runEpisode, runEpisodeAsync } from "./episode.js";
import type { EpisodeResult } from "./episode.js";
import { FamilySchema, TaskFamilySchema, generateTask } from "./generator.js";
import { llmChat, llmJudge, promptTemplates } from "./models/llm.js";
import { OFFLINE_MODEL_LABEL, offlineJudge } from "./models/offline.js";
import { compileTask, loadTaskFile } from "./task.js";
import type { CompiledTask } from "./task.js";
import { POLICIES, SimParamsSchema } from "./types.js";
import { MinecraftParamsSchema, openMinecraftSession } from "./minecraft/session.js";

export const GatedParamsSchema = z.strictObject({
  policy: z.enum(POLICIES).default("gated"),
  scenario: z.enum(["standard", "scarce"]).default("standard"),
  /** Episodes per cell. */
  episodes: z.number().int().positive().default(20),
  /** Task family (size, agents, materials, the scenario's assumptions); its scenario is the cell's. */
  family: TaskFamilySchema.prefault({}),
  /** A MindCraft task file to use instead of generated tasks (cycled over episodes). */
  taskFile: z.string().nullable().default(null),
  /** How a task file's humans (`human_count`) take part: scripted participants, or absent (see lib/gated/roster.ts). */
  humans: z.enum(["scripted", "absent"]).default("scripted"),
  /** Episodes per cell whose event log is written (the first ones). */
  logEpisodes: z.number().int().nonnegative().default(2),
  sim: SimParamsSchema.default(SimParamsSchema.parse({})),
  /** Where episodes run: the block world (deterministic, fast) or a live Minecraft server (lib/gated/minecraft). */
  backend: z.enum(["blockworld", "minecraft"]).default("blockworld"),
  minecraft: MinecraftParamsSchema.optional(),
  /**
   * The counterfactual's null check: at every escalation also roll out the decision that was taken (escalate) on a
   * fork of the same state, and count the escalations whose outcome differs from the factual run (`null_mismatches`,
   * with `null_checked` and `null_in_tick`, those decided inside a tick). Doubles the rollouts; off by default.
   */
  nullCheck: z.boolean().default(false),
  /** On a language model: the sampling temperature of the adjudicator and of free chat's writer. */
  llm: z.strictObject({
    adjudicatorTemperature: z.number().min(0).max(2).default(0),
    chatTemperature: z.number().min(0).max(2).default(0.7),
  }).prefault({}),
});
export type GatedParams = z.infer<typeof GatedParamsSchema>;

const cache = new Map<string, CompiledTask[]>();
const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** A task file's path: as given when absolute or found from the working folder, else from the project root (notebooks run in notebooks/). */
function taskPath(file: string): string {
  if (isAbsolute(file) || existsSync(file)) return file;
  const fromRoot = resolve(ROOT, file);
  return existsSync(fromRoot) ? fromRoot : file;
}

function taskFor(p: GatedParams, seed: number, episode: number): CompiledTask {
  if (p.taskFile) {
    const key = `${p.humans}:${p.taskFile}`;
    let tasks = cache.get(key);
    if (!tasks) cache.set(key, (tasks = loadTaskFile(taskPath(p.taskFile), { humans: p.humans })));
    return tasks[episode % tasks.length];
  }
  const spec = generateTask({ ...p.family, scenario: p.scenario }, createRng(seed).fork("gated-task", p.scenario, episode));
  return compileTask(`${p.scenario}_s${seed}_e${episode}`, spec);
}

/**
 * Merges a cell's condition into the params: top-level keys, bare `family` and `sim` options, and dotted paths
 * (`sim.tLow`, `sim.weights.C`).
 * @throws ConfigError for a factor the mechanism does not know.
 * @example
 * mergeCondition(params, { policy: "rigid", agents: 4, tLow: 0.2 }).family.agents; // 4
 */
export function mergeCondition(params: GatedParams, condition: Record<string, Level>): GatedParams {
  const dotted = Object.fromEntries(Object.entries(condition).filter(([k]) => k.includes(".")));
  const base = applyCondition(params, dotted);
  const out = { ...base, family: { ...base.family }, sim: { ...base.sim } } as GatedParams & Record<string, unknown>;
  for (const [k, v] of Object.entries(condition)) {
    if (k.includes(".")) continue;
    if (k in GatedParamsSchema.shape) out[k] = v;
    else if (k in FamilySchema.shape) (out.family as Record<string, unknown>)[k] = v;
    else if (k in SimParamsSchema.shape) (out.sim as Record<string, unknown>)[k] = v;
    else throw new ConfigError({ path: ["grid", k], message: `unknown factor "${k}" for the gated mechanism`, fix: "use policy, scenario, a family option (agents, width, …) or a sim parameter (tLow, adjudicatorAccuracy, …)" });
  }
  return GatedParamsSchema.parse(out);
}

function rowsOf(ctx: CellContext<GatedParams>, p: GatedParams, model: string, i: number, r: EpisodeResult) {
  const base = { run_id: ctx.runId, seed: ctx.seed, model, backend: p.backend, policy: p.policy, scenario: p.scenario, episode: i };
  const episode = { ...base, ...r.metrics, adjudicator_accuracy: model === OFFLINE_MODEL_LABEL ? p.sim.adjudicatorAccuracy : null,
    ...("minecraft" in r ? (r.minecraft as object) : {}), // the live server's columns (lib/gated/minecraft)
    ...(p.nullCheck ? nullColumns(r) : {}) };
  // the cell's other grid factors as columns (chatReadTicks, contestedCells, …), where the row has no such column
  for (const [k, v] of Object.entries(ctx.condition)) if (!(k in episode)) (episode as Record<string, unknown>)[k] = v;
  const events = r.events ? r.events.map((e) => ({ ...base, ...e })) : [];
  return { episode, events };
}

/** The null check's columns: escalations checked, those decided inside a tick, those whose re-run differs. */
function nullColumns(r: EpisodeResult) {
  const same = (e: EpisodeResult["escalations"][number]) =>
    e.cf_same_ticks === e.cf_escalate_ticks && e.cf_same_blocks === e.cf_escalate_blocks && e.cf_same_agent_ticks === e.cf_escalate_agent_ticks;
  return { null_checked: r.escalations.length, null_in_tick: r.escalations.filter((e) => e.at <= r.metrics.agents).length,
    null_mismatches: r.escalations.filter((e) => !same(e)).length };
}

/** Sim parameters that only the offline model reads: varying them on a language model means nothing. */
const OFFLINE_ONLY = ["adjudicatorAccuracy"] as const;
/** Family options that only change scarce tasks. */
const SCARCE_ONLY = ["shortfall", "siteMargin"] as const;

export const runner: MechanismRunner<GatedParams> = {
  name: "gated",
  paramsSchema: GatedParamsSchema as unknown as z.ZodType<GatedParams>,
  tables: ["episodes", "events"],
  offlineModelLabel: OFFLINE_MODEL_LABEL,
  gridFactors: [...Object.keys(FamilySchema.shape), ...Object.keys(SimParamsSchema.shape)],
  promptTemplates: { ...promptTemplates },
  claims: gatedClaims,
  nondeterminism(plan) {
    const live = plan.cells.filter((c) => mergeCondition(plan.params, c.condition).backend === "minecraft").length;
    return live === 0 ? [] : [
      `${live} of ${plan.cells.length} cells run on a live Minecraft server: bot physics, the network and the server's clock make their completion times (and any action that times out) vary between runs; block-world cells reproduce byte for byte`,
    ];
  },
  checkPlan(plan) {
    const varied = (k: string) => new Set(plan.cells.map((c) => JSON.stringify(c.condition[k]))).size > 1;
    for (const k of OFFLINE_ONLY) {
      if (plan.llm && varied(k)) {
        throw new ConfigError({ file: plan.file, path: ["grid", k], message: `${k} is a parameter of the offline judge; with a language model the adjudicator is the model, so its levels would be identical cells`, fix: `remove ${k} from the grid, or run with "model": "offline"` });
      }
    }
    for (const c of plan.cells) {
      const p = mergeCondition(plan.params, c.condition);
      if (p.sim.tLow >= p.sim.tHigh) {
        throw new ConfigError({ file: plan.file, path: ["grid"], message: `cell ${c.runId}: tLow ${p.sim.tLow} ≥ tHigh ${p.sim.tHigh} leaves no gray zone and no local band`, fix: "keep tLow below tHigh" });
      }
      for (const k of SCARCE_ONLY) {
        if (k in c.condition && p.scenario !== "scarce" && !p.taskFile) {
          throw new ConfigError({ file: plan.file, path: ["grid", k], message: `cell ${c.runId}: family.${k} only changes scarce tasks, but the scenario is ${p.scenario}`, fix: `vary ${k} with "scenario": ["scarce"] only` });
        }
      }
    }
  },
  async runCell(ctx: CellContext<GatedParams>): Promise<CellResult> {
    const p = mergeCondition(ctx.params, ctx.condition);
    const episodes: Record<string, unknown>[] = [];
    const events: Record<string, unknown>[] = [];
    const llmModel = ctx.model.kind === "llm" ? ctx.model.llm : null;
    const model = llmModel ? llmModel.id : OFFLINE_MODEL_LABEL;
    const usage = { inputTokens: 0, outputTokens: 0, calls: 0 };
    const mc = p.backend === "minecraft" ? await openMinecraftSession(ctx.runId, Array.from({ length: p.episodes }, (_, i) => taskFor(p, ctx.seed, i)), p.minecraft) : null;
    try { for (let i = 0; i < p.episodes; i++) {
      if (ctx.signal?.aborted) throw ctx.signal.reason ?? new Error("aborted");
      const task = taskFor(p, ctx.seed, i);
      const erng = ctx.rng.fork("episode", i);
      const opts = { log: i < p.logEpisodes, nullCheck: p.nullCheck };
      let r: EpisodeResult;
      if (llmModel) {
        // every call is addressed by episode and tick, agent, and the case (or the message's place in its tick)
        const judge = llmJudge(llmModel, (c) => ctx.address("adjudicator", { step: `e${i}.t${c.tick}`, agent: c.agent, sample: c.problem }), p.llm.adjudicatorTemperature);
        const chat = p.policy === "free_chat" ? llmChat(llmModel, (req) => ctx.address("chatter", { step: `e${i}.t${req.tick}`, agent: req.from }), p.llm.chatTemperature) : undefined;
        r = mc ? await mc.episode(task, p.policy, p.sim, erng, judge, { ...opts, chat }) : await runEpisodeAsync(task, p.policy, p.sim, erng, judge, { ...opts, chat });
        for (const c of [judge.calls, chat?.calls]) {
          if (!c) continue;
          usage.inputTokens += c.input; usage.outputTokens += c.output; usage.calls += c.n;
        }
        const rows = rowsOf(ctx, p, model, i, r);
        episodes.push(rows.episode);
        for (const e of rows.events) events.push(e);
        for (const rep of judge.repairs) {
          events.push({ ...blankEvent(rows.events[0]), run_id: ctx.runId, seed: ctx.seed, model, policy: p.policy, scenario: p.scenario, episode: i,
            tick: rep.tick, agent: rep.agent, event: "repair", decision: rep.decision, via: rep.step, text: rep.raw });
        }
      } else {
        const offline = offlineJudge(p.sim.adjudicatorAccuracy, erng.fork("judge"));
        r = mc ? await mc.episode(task, p.policy, p.sim, erng, async (c) => offline(c), opts) : runEpisode(task, p.policy, p.sim, erng, offline, opts);
        const rows = rowsOf(ctx, p, model, i, r);
        episodes.push(rows.episode);
        for (const e of rows.events) events.push(e);
      }
      ctx.progress?.((i + 1) / p.episodes);
    } } finally { await mc?.close(); }
    return { tables: { episodes, events }, usage: llmModel ? usage : undefined };
  },
};

function blankEvent(like: Record<string, unknown> | undefined): Record<string, unknown> {
  return Object.fromEntries(Object.keys(like ?? {}).map((k) => [k, null]));
}

/** The address function a test gives a cell it runs directly. */
export const testAddress = (cellKey: string, seed: number) => cellAddresser("gated", cellKey, seed);
