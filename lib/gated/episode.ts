/**
 * Running an episode to its end and measuring it. The same loop serves the offline model (the
 * adjudicator answers at once) and a language model (the loop awaits it between ticks): gray-zone
 * cases queue in `world.pending` and are settled before the next tick.
 */
import type { Rng } from "../core/rng.js";
import { believedDist, believedInv, believedTool, computeFactors, hasOtherWork, scoreOf } from "./gate.js";
import { applyDecision, planTransfers, step } from "./engine.js";
import { offlineJudge } from "./models/offline.js";
import { policyFlags } from "./policies.js";
import { parseChat } from "./models/chat-parse.js";
import { ecrOf, INITIATING, resend, sayChat } from "./protocol.js";
import { judgeEscalations } from "./uer.js";
import type { CompiledTask } from "./task.js";
import type { Factors, ProblemKind, SimParams } from "./types.js";
import { BlockWorld } from "./world.js";
import type { ChatRequest, EventRow, Msg } from "./world.js";

/** What the bounded adjudicator sees: a compact summary of the case, never the free-form history. */
export interface CaseSummary {
  tick: number;
  agent: number;
  /** The problem's id and its escalation attempt (a judge's random draw is keyed by them). */
  problem: number;
  attempt: number;
  kind: ProblemKind;
  /** Material name (missing_material, conflict over units) or cell "x,y,z" (dependency_block: the support; contested cell); null otherwise. */
  subject: string | null;
  factors: Factors;
  S: number;
  tLow: number;
  tHigh: number;
  /** The agent's own estimate of its local recovery cost in ticks (−20·ln L), Infinity when L = 0. */
  localCostEstimate: number;
  failedEscalations: number;
  /** The facts of the case as the agent knows them (its beliefs), for a language-model adjudicator (absent offline). */
  facts?: CaseFacts;
}

/** Who needs what, where, and what the agent believes of its teammates. */
export interface CaseFacts {
  /** The agent's position and the blocked cell (world coordinates; null if none). */
  position: [number, number, number];
  cell: [number, number, number] | null;
  /** Units of the material the agent holds and still needs (missing_material, conflict). */
  holds: number | null; needs: number | null;
  /** Units the site still has to collect (missing_material, conflict). */
  site: number | null;
  /** For each teammate: what the agent believes it holds of the material (or null), its believed distance, a pickaxe. */
  teammates: { agent: number; holds: number | null; distance: number; pickaxe: boolean }[];
  /** conflict: the rival agent; dependency_block: the owner of the support. */
  other: number | null;
  /** The material in question (of the cell, for a dependency or a contested cell), or null. */
  material: string | null;
  /** A conflict over a contested cell (the rival also plans the block and is heading for it). */
  contestedCell: boolean;
  hasOtherWork: boolean;
}

export type Verdict = { decision: "local" | "escalate"; tokens?: number; repaired?: boolean; raw?: string };
export type SyncJudge = (c: CaseSummary) => Verdict;
export type AsyncJudge = (c: CaseSummary) => Promise<Verdict>;

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

export interface EpisodeResult { metrics: EpisodeMetrics; events: EventRow[] | null; messages: Msg[] }

export interface EpisodeOptions { log?: boolean }

/** Writes the text of a free-chat message (a language model) from the writer's facts; returns the text and the tokens it used. */
export type ChatWriter = (req: ChatRequest, facts: string) => Promise<{ text: string; tokens: number }>;

/**
 * What the writer of a chat message knows: its own holdings of the material in question, its need, the site's units,
 * its position; for a reply, who asked and for what.
 * @example
 * chatFacts(w, req); // "You are agent 1 at (3, 0, -2). Agent 0 has a problem: missing_material (glass). You hold 12 glass and need 4 …"
 */
export function chatFacts(w: BlockWorld, req: ChatRequest): string {
  const p = req.problem >= 0 ? w.problems[req.problem] : null;
  const a = req.from;
  const [x, y, z] = w.position(a);
  const parts = [`You are agent ${a} at (${x}, ${y}, ${z}), tick ${w.t}.`];
  parts.push(req.about === a ? `You have a problem: ${req.kind} (${req.subject ?? "-"}).` : `Agent ${req.about} has a problem: ${req.kind} (${req.subject ?? "-"}).`);
  if (p && (p.kind === "missing_material" || p.kind === "conflict") && !p.onCell) {
    const m = p.target;
    parts.push(`You hold ${w.inv[a * w.nMat + m]} ${w.task.materials[m]} and your remaining blocks need ${w.need[a * w.nMat + m]}; the site has ${w.pool[m]} left to collect.`);
    if (req.about !== a) parts.push(`Agent ${req.about} holds ${w.inv[req.about * w.nMat + m]} and needs ${w.need[req.about * w.nMat + m]}.`);
  }
  if (p && p.kind === "dependency_block") parts.push(`The support block belongs to agent ${w.plannerOf(p.target)} and is not placed yet.`);
  if (p && p.onCell) parts.push(`Agent ${p.rival} also plans to place the block at (${worldPos(w, p.target).join(", ")}) and is heading for it.`);
  if (p && (p.kind === "path_blocked" || p.kind === "tool_missing")) parts.push(`You ${w.tools[a] > 0 ? "have" : "have no"} pickaxe.`);
  return parts.join(" ");
}

function worldPos(w: BlockWorld, c: number): [number, number, number] {
  const o = w.task.origin;
  return [o[0] + w.cellX(c), o[1] + w.cellY(c), o[2] + w.cellZ(c)];
}

/**
 * The case summary of an open problem (factors, score, and the facts as the agent believes them).
 * @example
 * summary(w, id).facts.teammates;
 */
export function summary(w: BlockWorld, id: number, withFacts = false): CaseSummary {
  const p = w.problems[id];
  const a = p.agent;
  const f = computeFactors(w, p, p.cell);
  const mat = (p.kind === "missing_material" || p.kind === "conflict") && !p.onCell;
  let subject: string | null = null;
  if (mat) subject = w.task.materials[p.target];
  if (p.kind === "dependency_block" || p.onCell) subject = worldPos(w, p.target).join(",");
  const base = {
    tick: w.t, agent: a, problem: p.id, attempt: p.escalations, kind: p.kind, subject, factors: f, S: scoreOf(f, w.params.weights),
    tLow: w.params.tLow, tHigh: w.params.tHigh, localCostEstimate: f.L > 0 ? -20 * Math.log(f.L) : Infinity,
    failedEscalations: p.failures,
  };
  if (!withFacts) return base;
  const m = p.kind === "dependency_block" || p.onCell ? w.task.cellMat[p.target] : mat ? p.target : -1;
  const teammates: CaseFacts["teammates"] = [];
  for (let b = 0; b < w.n; b++) {
    if (b === a) continue;
    teammates.push({ agent: b, holds: m >= 0 ? believedInv(w, a, b, m) : null, distance: believedDist(w, a, b), pickaxe: believedTool(w, a, b) });
  }
  const facts: CaseFacts = {
    position: w.position(a), cell: p.cell >= 0 ? worldPos(w, p.cell) : null,
    holds: mat ? w.inv[a * w.nMat + p.target] : null, needs: mat ? w.need[a * w.nMat + p.target] : null,
    site: mat ? w.pool[p.target] : null, teammates,
    other: p.kind === "conflict" ? p.rival : p.kind === "dependency_block" ? w.plannerOf(p.target) : null,
    hasOtherWork: hasOtherWork(w, a, p.cell),
    material: m >= 0 ? w.task.materials[m] : null, contestedCell: p.onCell === true,
  };
  return { ...base, facts };
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
 * Gives a world its counterfactual branch runner: a fork is run to the end of its episode with the offline judge
 * (the same keyed stream as the factual offline judge, so both branches decide alike where their cases agree).
 * @example
 * attachBranchRunner(w, offlineJudge(0.85, rng.fork("judge")));
 */
export function attachBranchRunner(w: BlockWorld, branchJudge: SyncJudge): void {
  w.runBranch = (c: BlockWorld) => {
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
 * const r = continueEpisode(BlockWorld.restore(task, params, flags, rng, snap), judge);
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
      const { tick, agent, problem, kind, ...cf } = r;
      w.log.push({ ...blankRow(), tick, agent, event: "escalation", problem, kind, decision: r.necessary ? "necessary" : "unnecessary", ...cf });
    }
  }
  const blocks = w.task.cells.length;
  const success = w.nPlaced === blocks;
  const c = w.counters;
  const { ecr, effective } = ecrOf(w.msgs, w.links, w.params.ecrWindowTicks);
  return {
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
