/**
 * Running an episode to its end and measuring it. The same loop serves the offline model (the
 * adjudicator answers at once) and a language model (the loop awaits it between ticks): gray-zone
 * cases queue in `world.pending` and are settled before the next tick.
 */
import type { Rng } from "../core/rng.js";
import { chatFacts, summary } from "./case.js";
import type { AsyncJudge, ChatWriter, SyncJudge, Verdict } from "./case.js";
import { ecrOf } from "./channel.js";
import { applyDecision, flush } from "./decide.js";
import { continueTick, planTransfers, step } from "./engine.js";
import { INITIATING, resend, sayChat } from "./handlers.js";
import { parseChat } from "./models/chat-parse.js";
import { offlineJudge } from "./models/offline.js";
import { policyFlags } from "./policies.js";
import type { EscalationRecord, EventRow, Msg } from "./records.js";
import { BlockWorld } from "./block-world.js";
import type { CompiledTask } from "./task.js";
import type { SimParams } from "./types.js";
import { judgeEscalations, outcomeOf } from "./uer.js";
import type { Outcome } from "./uer.js";

/** Per-episode metrics (one row of the `episodes` table, without run-level columns). */
export interface EpisodeMetrics {
  task: string; agents: number; blocks: number;
  success: boolean; score: number; completion_steps: number;
  problems: number; resolved_local: number; escalated: number; escalations: number; unnecessary: number; conflicts: number;
  /** Cells two agents planned at the start; gate judgments of conflicts in the gray zone; of those, escalated by the adjudicator. */
  contested_cells: number; conflict_gray: number; conflict_gray_escalated: number;
  lrr: number | null; uer: number | null; ecr: number | null;
  messages: number; effective_messages: number; tokens: number; adjudications: number;
}

export interface EpisodeResult {
  metrics: EpisodeMetrics; events: EventRow[] | null; messages: Msg[];
  /** Every escalation with both branches of its counterfactual. */
  escalations: EscalationRecord[];
  /** The factual run's outcome (completion tick or timeout, blocks placed, agent-ticks lost). */
  outcome: Outcome;
}

export interface EpisodeOptions {
  /** Keep the event log. */
  log?: boolean;
  /** Also roll out the escalate branch at every escalation (`EscalationRecord.cf_same_*`): the counterfactual's null check. */
  nullCheck?: boolean;
  /** Replaces decisions before they are carried out (a what-if replay of the episode); see `BlockWorld.override`. */
  override?: BlockWorld["override"];
}

function apply(w: BlockWorld, id: number, v: Verdict): void {
  const p = w.problems[id];
  w.counters.adjudications++;
  w.counters.tokens += v.tokens ?? w.params.tokensAdjudication;
  if (p.kind === "conflict" && v.decision === "escalate") w.counters.conflictsGrayEscalated++;
  if (w.log) w.emit({ agent: p.agent, event: "adjudicate", problem: id, kind: p.kind, decision: v.decision, via: v.repaired ? "repaired" : null });
  applyDecision(w, p, v.decision);
}

function start(task: CompiledTask, policy: string, params: SimParams, rng: Rng, opts: EpisodeOptions): BlockWorld {
  const w = new BlockWorld(task, params, policyFlags(policy), rng, opts.log ?? false);
  w.nullCheck = opts.nullCheck ?? false;
  w.override = opts.override ?? null;
  if (w.flags.rigid) planTransfers(w);
  return w;
}

const running = (w: BlockWorld) => w.t < w.task.timeout && w.nPlaced < w.task.cells.length;

function settle(w: BlockWorld, judge: SyncJudge): void {
  while (w.pending.length) {
    const id = w.pending.shift()!;
    if (w.problems[id].status === "open") apply(w, id, judge(summary(w, id)));
  }
}

/**
 * Gives a world its counterfactual branch runner: a fork, taken where a decision is carried out, carries out the
 * rest of that phase's decisions, finishes its tick as the factual run does, and is run to the end of its episode with
 * the offline judge (the same keyed stream as the factual offline judge, so both branches decide alike where their
 * cases agree).
 * @example
 * attachBranchRunner(w, offlineJudge(0.85, rng.fork("judge")));
 */
export function attachBranchRunner(w: BlockWorld, branchJudge: SyncJudge): void {
  w.runBranch = (c: BlockWorld) => {
    flush(c);
    continueTick(c);
    settle(c, branchJudge);
    while (running(c)) {
      step(c);
      settle(c, branchJudge);
    }
  };
}

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
 * const r = continueEpisode(restoreWorld(task, params, flags, rng, snap), judge);
 */
export function continueEpisode(w: BlockWorld, judge: SyncJudge, branchJudge: SyncJudge = judge): EpisodeResult {
  if (!w.runBranch) attachBranchRunner(w, branchJudge);
  while (running(w)) {
    step(w);
    settle(w, judge);
  }
  return finish(w);
}

/**
 * Runs one episode whose gray-zone cases go to an asynchronous adjudicator (a language model).
 * @example
 * const r = await runEpisodeAsync(task, "gated", params, rng, llmJudge(model));
 */
export async function runEpisodeAsync(task: CompiledTask, policy: string, params: SimParams, rng: Rng, judge: AsyncJudge,
  opts: EpisodeOptions & { chat?: ChatWriter; observe?: (w: BlockWorld) => Promise<void> } = {}): Promise<EpisodeResult> {
  const w = start(task, policy, params, rng, opts);
  attachBranchRunner(w, offlineJudge(params.adjudicatorAccuracy, rng.fork("judge")));
  if (opts.chat && w.flags.freeChat) w.chatSink = [];
  await opts.observe?.(w); // another backend carries out what the world holds at the start (the Minecraft world)
  while (running(w)) {
    step(w);
    if (w.chatSink && w.chatSink.length) {
      // the language model writes each message; what its words say is parsed and delivered (requests, offers, help, waits)
      for (const req of w.chatSink.splice(0)) {
        const r = await opts.chat!(req, chatFacts(w, req));
        const parsed = parseChat(r.text, w.task.materials);
        const msg = sayChat(w, req, r.text, parsed);
        w.counters.tokens += r.tokens - params.tokensChat;
        if (w.log) w.emit({ agent: req.from, event: "chat_text", msg_type: msg.type, kind: req.kind, item: req.subject, text: r.text, msg: msg.id });
      }
    }
    while (w.pending.length) {
      const id = w.pending.shift()!;
      if (w.problems[id].status === "open") apply(w, id, await judge(summary(w, id, true)));
    }
    await opts.observe?.(w); // and what each tick changed
  }
  return finish(w);
}

/**
 * Replays the exchanges of a message log (the messages that start one: requests, waits, help, chat) through a
 * channel: a world of the task whose agents never escalate by themselves receives each logged message at the
 * start of its tick; answers and effects come from this world's handlers. With zero reading and writing costs the
 * channels differ only in who reads, so a message log gives the same ECR through free chat and the gated protocol.
 * @example
 * replayLog(task, "free_chat", params, createRng(1), run.messages).ecr;
 */
export function replayLog(task: CompiledTask, channel: string, params: SimParams, rng: Rng, log: readonly Msg[]): EpisodeMetrics {
  const w = new BlockWorld(task, params, { ...policyFlags(channel), decide: "never" }, rng, false);
  const todo = log.filter((m) => INITIATING.includes(m.type));
  let i = 0;
  while (running(w)) {
    while (i < todo.length && todo[i].tick <= w.t) resend(w, todo[i++]);
    step(w);
  }
  return finish(w).metrics;
}

function finish(w: BlockWorld): EpisodeResult {
  let local = 0, escalated = 0;
  for (const p of w.problems) {
    if (p.status === "open" || p.status === "escalated") p.status = "unresolved";
    if (p.status === "resolved_local") local++;
    if (p.escalations > 0) escalated++;
  }
  const records = judgeEscalations(w);
  let unnecessary = 0;
  for (const r of records) {
    if (!r.necessary) unnecessary++;
    if (w.log) {
      const { tick, agent, problem, kind, attempt: _a, at: _t, cf_same_ticks: _s, cf_same_blocks: _b, cf_same_agent_ticks: _g, ...cf } = r;
      w.log.push({ ...blankRow(), tick, agent, event: "escalation", problem, kind, decision: r.necessary ? "necessary" : "unnecessary", ...cf });
    }
  }
  const blocks = w.task.cells.length;
  const success = w.nPlaced === blocks;
  const c = w.counters;
  const { ecr, effective } = ecrOf(w.msgs, w.links, w.params.ecrWindowTicks);
  return {
    escalations: records,
    outcome: outcomeOf(w),
    metrics: {
      task: w.task.id, agents: w.n, blocks, success, score: w.blueprintScore(), completion_steps: success ? w.t : w.task.timeout,
      problems: w.problems.length, resolved_local: local, escalated, escalations: records.length, unnecessary, conflicts: c.conflicts,
      contested_cells: w.contested, conflict_gray: c.conflictsGray, conflict_gray_escalated: c.conflictsGrayEscalated,
      lrr: w.problems.length ? local / w.problems.length : null, uer: records.length ? unnecessary / records.length : null,
      ecr, messages: c.messages, effective_messages: effective, tokens: c.tokens, adjudications: c.adjudications,
    },
    events: w.log,
    messages: w.msgs,
  };
}

function blankRow(): EventRow {
  return {
    tick: 0, agent: 0, event: "", problem: null, kind: null, S: null, C: null, R: null, I: null, L: null, H: null, decision: null,
    via: null, msg_type: null, item: null, count: null, cost: null, text: null, msg: null,
    cf_escalate_ticks: null, cf_local_ticks: null, cf_escalate_blocks: null, cf_local_blocks: null,
    cf_escalate_agent_ticks: null, cf_local_agent_ticks: null, necessary: null,
  };
}
