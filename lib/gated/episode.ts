/**
 * Running an episode to its end and measuring it. The same loop serves the offline model (the
 * adjudicator answers at once) and a language model (the loop awaits it between ticks): gray-zone
 * cases queue in `world.pending` and are settled before the next tick.
 */
import type { Rng } from "../core/rng.js";
import { computeFactors, scoreOf } from "./gate.js";
import { applyDecision, planTransfers, step } from "./engine.js";
import { policyFlags } from "./policies.js";
import { isUnnecessary } from "./uer.js";
import type { CompiledTask } from "./task.js";
import type { Factors, ProblemKind, SimParams } from "./types.js";
import { World } from "./world.js";
import type { ChatRequest, EventRow } from "./world.js";

/** What the bounded adjudicator sees: a compact summary of the case, never the free-form history. */
export interface CaseSummary {
  tick: number;
  agent: number;
  kind: ProblemKind;
  /** Material name (missing_material) or support cell "x,y,z" (dependency_block); null otherwise. */
  subject: string | null;
  factors: Factors;
  S: number;
  tLow: number;
  tHigh: number;
  /** The agent's own estimate of its local recovery cost in ticks (−20·ln L), Infinity when L = 0. */
  localCostEstimate: number;
  failedEscalations: number;
}

export type Verdict = { decision: "local" | "escalate"; tokens?: number; repaired?: boolean; raw?: string };
export type SyncJudge = (c: CaseSummary) => Verdict;
export type AsyncJudge = (c: CaseSummary) => Promise<Verdict>;

/** Per-episode metrics (one row of the `episodes` table, without run-level columns). */
export interface EpisodeMetrics {
  task: string; agents: number; blocks: number;
  success: boolean; score: number; completion_steps: number;
  problems: number; resolved_local: number; escalated: number; unnecessary: number;
  lrr: number | null; uer: number | null; ecr: number | null;
  messages: number; effective_messages: number; tokens: number; adjudications: number;
}

export interface EpisodeResult { metrics: EpisodeMetrics; events: EventRow[] | null }

export interface EpisodeOptions { log?: boolean }

/** Writes the text of a free-chat message (a language model); returns the text and the tokens it used. */
export type ChatWriter = (req: ChatRequest) => Promise<{ text: string; tokens: number }>;

function summary(w: World, id: number): CaseSummary {
  const p = w.problems[id];
  const f = computeFactors(w, p, p.cell);
  let subject: string | null = null;
  if (p.kind === "missing_material") subject = w.task.materials[p.target];
  if (p.kind === "dependency_block") subject = `${w.cellX(p.target)},${w.cellY(p.target)},${w.cellZ(p.target)}`;
  return {
    tick: w.t, agent: p.agent, kind: p.kind, subject, factors: f, S: scoreOf(f, w.params.weights),
    tLow: w.params.tLow, tHigh: w.params.tHigh, localCostEstimate: f.L > 0 ? -20 * Math.log(f.L) : Infinity,
    failedEscalations: p.failures,
  };
}

function apply(w: World, id: number, v: Verdict): void {
  const p = w.problems[id];
  w.counters.adjudications++;
  w.counters.tokens += v.tokens ?? w.params.tokensAdjudication;
  if (w.log) w.emit({ agent: p.agent, event: "adjudicate", problem: id, kind: p.kind, decision: v.decision, via: v.repaired ? "repaired" : null });
  applyDecision(w, p, v.decision);
}

function start(task: CompiledTask, policy: string, params: SimParams, rng: Rng, opts: EpisodeOptions): World {
  const w = new World(task, params, policyFlags(policy), rng, opts.log ?? false);
  if (w.flags.rigid) planTransfers(w);
  return w;
}

const running = (w: World) => w.t < w.task.timeout && w.nPlaced < w.task.cells.length;

/**
 * Runs one episode with a synchronous adjudicator (the offline noisy judge).
 * @throws ConfigError for an unknown policy.
 * @example
 * const r = runEpisode(task, "gated", params, rng.fork("ep", 0), offlineJudge(0.85, rng.fork("judge")));
 * r.metrics.success; r.metrics.uer;
 */
export function runEpisode(task: CompiledTask, policy: string, params: SimParams, rng: Rng, judge: SyncJudge, opts: EpisodeOptions = {}): EpisodeResult {
  return continueEpisode(start(task, policy, params, rng, opts), judge);
}

/**
 * Runs a world (new, or restored from a snapshot) to the end of its episode and measures it.
 * @example
 * const r = continueEpisode(World.restore(task, params, flags, rng, snap), judge);
 */
export function continueEpisode(w: World, judge: SyncJudge): EpisodeResult {
  while (running(w)) {
    step(w);
    while (w.pending.length) {
      const id = w.pending.shift()!;
      if (w.problems[id].status === "open") apply(w, id, judge(summary(w, id)));
    }
  }
  return finish(w);
}

/**
 * Runs one episode whose gray-zone cases go to an asynchronous adjudicator (a language model).
 * @example
 * const r = await runEpisodeAsync(task, "gated", params, rng, llmJudge(model));
 */
export async function runEpisodeAsync(task: CompiledTask, policy: string, params: SimParams, rng: Rng, judge: AsyncJudge,
  opts: EpisodeOptions & { chat?: ChatWriter; observe?: (w: World) => Promise<void> } = {}): Promise<EpisodeResult> {
  const w = start(task, policy, params, rng, opts);
  if (opts.chat && w.flags.freeChat) w.chatSink = [];
  await opts.observe?.(w); // another backend carries out what the world holds at the start (the Minecraft world)
  while (running(w)) {
    step(w);
    if (w.chatSink && w.chatSink.length) {
      // the message's effect is already in the world (the cost model); the language model writes its words, whose tokens replace the estimate
      for (const req of w.chatSink.splice(0)) {
        const r = await opts.chat!(req);
        w.counters.tokens += r.tokens - params.tokensChat;
        if (w.log) w.emit({ agent: req.from, event: "chat_text", msg_type: req.type, kind: req.kind, item: req.subject, text: r.text });
      }
    }
    while (w.pending.length) {
      const id = w.pending.shift()!;
      if (w.problems[id].status === "open") apply(w, id, await judge(summary(w, id)));
    }
    await opts.observe?.(w); // and what each tick changed
  }
  return finish(w);
}

function finish(w: World): EpisodeResult {
  let local = 0, escalated = 0, unnecessary = 0;
  for (const p of w.problems) {
    if (p.status === "open" || p.status === "escalated") p.status = "unresolved";
    if (p.status === "resolved_local") local++;
    if (p.escalations > 0) {
      escalated++;
      p.unnecessary = isUnnecessary(p);
      if (p.unnecessary) unnecessary++;
      if (w.log) w.emit({ agent: p.agent, event: "judged", problem: p.id, kind: p.kind, decision: p.unnecessary ? "unnecessary" : "necessary",
        cost: p.escalationCost, local_cost: Number.isFinite(p.localCost) ? p.localCost : null });
    }
  }
  const blocks = w.task.cells.length;
  const success = w.nPlaced === blocks;
  const c = w.counters;
  return {
    metrics: {
      task: w.task.id, agents: w.n, blocks, success, score: w.blueprintScore(), completion_steps: success ? w.t : w.task.timeout,
      problems: w.problems.length, resolved_local: local, escalated, unnecessary,
      lrr: w.problems.length ? local / w.problems.length : null, uer: escalated ? unnecessary / escalated : null,
      ecr: c.messages ? Math.min(1, c.effective / c.messages) : null,
      messages: c.messages, effective_messages: c.effective, tokens: c.tokens, adjudications: c.adjudications,
    },
    events: w.log,
  };
}
