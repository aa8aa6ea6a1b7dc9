/**
 * What the deciders see. The bounded adjudicator sees a compact case summary (the factors, the score, and, for a
 * language model, the facts of the problem as the agent believes them), never the free-form history; the writer of a
 * free-chat message sees its own holdings and the problem it answers. Types shared by the episode loop and the models.
 */
import { believedDist, believedInv, believedTool, computeFactors, hasOtherWork, scoreOf } from "./gate.js";
import type { ChatRequest } from "./records.js";
import type { BlockWorld } from "./block-world.js";
import type { Factors, ProblemKind } from "./types.js";

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
