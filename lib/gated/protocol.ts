/**
 * The public coordination channel and the two ways out of a problem: local recovery and escalation.
 *
 * Cost model of messages (offline), in agent-ticks:
 * - a typed protocol message is read by its addressees only, at `protocolReadTicks` each (partitioned state);
 * - without the partition every agent reads every message at ⌈chatReadTicks/2⌉;
 * - a free-chat message costs its writer 1 tick and every reader `chatReadTicks`; with probability
 *   `chatDeviationProb` a reader turns it into a coordination event and replans (`replanTicks`).
 * A message is effective when it changed the system's state: a transfer, a reprioritised block,
 * a block reported done, a supply refusal that triggered the fallback, help that unblocked a path.
 */
import { shortfall } from "./gate.js";
import type { MessageType, Problem } from "./types.js";
import type { BlockWorld } from "./world.js";

/**
 * Sends one message and charges its reading cost to the readers (and to the problem, if any).
 * @example
 * send(w, 1, "CAN_SUPPLY", true, p, 0, m, 5);
 */
export function send(w: BlockWorld, from: number, type: MessageType, effective: boolean, p: Problem | null, to = -1, item = -1, count = 0): void {
  const { params, flags } = w;
  w.counters.messages++;
  if (effective) w.counters.effective++;
  w.counters.tokens += flags.freeChat ? params.tokensChat : params.tokensProtocol;
  let cost = 0;
  const charge = (b: number, ticks: number) => {
    if (ticks <= 0) return;
    w.busy[b] += ticks;
    w.lost[b] += ticks;
    cost += ticks;
  };
  if (flags.freeChat) {
    charge(from, 1);
    for (let b = 0; b < w.n; b++) {
      if (b === from) continue;
      charge(b, params.chatReadTicks);
      if (w.rng.uniform() < params.chatDeviationProb) charge(b, params.replanTicks);
    }
  } else if (!flags.partition) {
    for (let b = 0; b < w.n; b++) if (b !== from) charge(b, Math.ceil(params.chatReadTicks / 2));
  } else if (to >= 0) {
    charge(to, params.protocolReadTicks);
  } else {
    for (let b = 0; b < w.n; b++) if (b !== from) charge(b, params.protocolReadTicks);
  }
  if (p) p.escalationCost += cost;
  if (w.flags.freeChat && w.chatSink && !w.inRollout) {
    w.chatSink.push({ tick: w.t, from, type, kind: p ? p.kind : null, subject: item >= 0 ? itemName(w, p, item) : null });
  }
  if (w.log) {
    if (w.log) w.emit({ agent: from, event: "message", msg_type: type, problem: p ? p.id : null, kind: p ? p.kind : null,
      item: item >= 0 ? itemName(w, p, item) : null, count: count || null, cost, decision: effective ? "effective" : "no_effect" });
  }
}

function itemName(w: BlockWorld, p: Problem | null, item: number): string {
  return p && p.kind === "dependency_block" ? `cell:${item}` : w.task.materials[item] ?? String(item);
}

/**
 * Local recovery of a problem, as far as the world allows: collect (or craft a substitute for) the missing
 * units from the site's resources, dig or detour around a blocked path (crafting a pickaxe first if the
 * agent may craft), or keep working elsewhere while a dependency waits.
 * @example
 * localRecover(world, problem); // the agent is busy for the recovery's ticks
 */
export function localRecover(w: BlockWorld, p: Problem): void {
  const a = p.agent;
  const { params, task } = w;
  let cost = 0;
  if (p.kind === "missing_material") {
    const m = p.target;
    const k = task.canCollect[a] ? Math.min(shortfall(w, a, m), w.pool[m]) : 0;
    if (k > 0) {
      w.pool[m] -= k;
      w.inv[a * w.nMat + m] += k;
      cost = k * params.collectTicks;
      p.via = "local";
    }
  } else if (p.kind === "path_blocked" || p.kind === "tool_missing") {
    if (w.tools[a] > 0) cost = params.digTicks;
    else if (task.canCraft[a]) { cost = params.craftToolTicks + params.digTicks; w.tools[a] = 1; }
    else cost = params.detourTicks;
    w.blocked[a] = 0;
    p.via = "local";
  }
  w.busy[a] += cost;
  w.lost[a] += cost;
  w.version++;
  if (w.log) w.emit({ agent: a, event: cost > 0 ? "local_recovery" : "defer", problem: p.id, kind: p.kind, cost });
}

/**
 * Opens the public channel for a problem: the request, the teammates' replies, and the scheduled
 * effects (transfer, help, reprioritisation, or a refusal/timeout that triggers the fallback).
 * @example
 * escalate(w, p); // p.status === "escalated"; a reply timeout is scheduled
 */
export function escalate(w: BlockWorld, p: Problem): void {
  const a = p.agent;
  const { params, task } = w;
  p.status = "escalated";
  p.escalations++;
  p.escalatedAt = w.t;
  p.lastReplyAt = -1;
  const attempt = p.escalations;
  const base = { problem: p.id, attempt, to: a, item: -1, count: 0 };
  w.effects.push({ ...base, at: w.t + params.replyTimeout, kind: "timeout", from: -1 });
  if (p.kind === "missing_material") {
    const m = p.target;
    const units = shortfall(w, a, m);
    send(w, a, "REQUEST_MATERIAL", false, p, -1, m, units);
    let giver = -1, best = 0;
    for (let b = 0; b < w.n; b++) {
      if (b === a || !task.canGive[b]) continue;
      const s = w.inv[b * w.nMat + m] - w.need[b * w.nMat + m];
      if (s > best || (s === best && s > 0 && giver >= 0 && w.dist(a, b) < w.dist(a, giver))) { best = s; giver = b; }
    }
    if (w.flags.freeChat) {
      for (let b = 0; b < w.n; b++) if (b !== a && b !== giver) send(w, b, "CHAT", false, p);
    }
    if (giver >= 0) {
      const k = Math.min(units, best);
      w.inv[giver * w.nMat + m] -= k; // in hand, on the way
      w.version++;
      const travel = Math.max(0, w.dist(a, giver) - 1);
      const start = w.t + w.busy[giver] + 1;
      const spend = 1 + travel + params.giveTicks;
      w.busy[giver] += spend;
      w.lost[giver] += spend;
      p.escalationCost += spend;
      w.posX[giver] = w.posX[a];
      w.posZ[giver] = w.posZ[a];
      p.lastReplyAt = w.t;
      send(w, giver, "CAN_SUPPLY", true, p, a, m, k);
      w.effects.push({ ...base, at: start + travel + params.giveTicks, kind: "transfer", from: giver, item: m, count: k });
    } else {
      let first = true;
      for (let b = 0; b < w.n; b++) {
        if (b === a || w.inv[b * w.nMat + m] <= 0) continue;
        send(w, b, "CANNOT_SUPPLY", first, p, a, m);
        if (first) w.effects.push({ ...base, at: w.t + w.busy[b] + 1, kind: "cannot", from: b, item: m });
        first = false;
      }
    }
  } else if (p.kind === "dependency_block") {
    const o = task.owner[p.target];
    send(w, a, "DEPENDENCY_WAIT", false, p, o, p.target);
    w.effects.push({ ...base, at: w.t + w.busy[o] + 1, kind: "priority", from: a, to: o, item: p.target });
  } else {
    send(w, a, "REQUEST_HELP", false, p);
    let helper = -1;
    for (let b = 0; b < w.n; b++) {
      if (b !== a && w.tools[b] > 0 && !w.blocked[b] && (helper < 0 || w.dist(a, b) < w.dist(a, helper))) helper = b;
    }
    if (helper >= 0) {
      const travel = w.dist(a, helper);
      const start = w.t + w.busy[helper] + 1;
      const spend = 1 + travel + params.digTicks;
      w.busy[helper] += spend;
      w.lost[helper] += spend;
      p.escalationCost += spend;
      p.lastReplyAt = w.t;
      send(w, helper, "CAN_SUPPLY", true, p, a);
      w.effects.push({ ...base, at: start + travel + params.digTicks, kind: "unblock", from: helper });
    }
  }
}

/**
 * CANNOT_SUPPLY or a timeout: with the fallback, the history penalty rises and the agent recovers locally.
 * @example
 * failEscalation(w, p, "cannot"); // p.failures + 1, local recovery started
 */
export function failEscalation(w: BlockWorld, p: Problem, why: "cannot" | "timeout"): void {
  p.status = "open";
  if (w.log) w.emit({ agent: p.agent, event: "fallback", problem: p.id, kind: p.kind, decision: why, via: w.flags.fallback ? "local" : "retry" });
  if (!w.flags.fallback) return;
  p.failures++;
  localRecover(w, p);
}

/**
 * Applies the effects due at this tick (replies, transfers, help, timeouts).
 * @example
 * processEffects(w); // called by step() before the agents act
 */
export function processEffects(w: BlockWorld): void {
  if (w.effects.length === 0) return;
  let any = false;
  for (const e of w.effects) if (e.at <= w.t) { any = true; break; }
  if (!any) return;
  const due = w.effects.filter((e) => e.at <= w.t);
  w.effects = w.effects.filter((e) => e.at > w.t);
  w.version++;
  for (const e of due) {
    const p = e.problem >= 0 ? w.problems[e.problem] : null;
    const live = p !== null && p.status === "escalated" && p.escalations === e.attempt;
    if (e.kind === "transfer") {
      w.inv[e.to * w.nMat + e.item] += e.count;
      w.dirInv[e.from * w.nMat + e.item] -= e.count;
      w.dirInv[e.to * w.nMat + e.item] += e.count;
      if (p) {
        p.via = "remote";
        // a partial supply answers the request; what is still missing is judged again
        if (p.status === "escalated" && w.inv[e.to * w.nMat + e.item] < w.need[e.to * w.nMat + e.item]) p.status = "open";
      }
      send(w, e.from, "TRANSFER_DONE", true, p, e.to, e.item, e.count);
      if (w.log) w.emit({ agent: e.to, event: "transfer", problem: p ? p.id : null, item: w.task.materials[e.item], count: e.count, via: String(e.from) });
    } else if (e.kind === "unblock") {
      if (w.blocked[e.to] && p) p.via = "remote";
      w.blocked[e.to] = 0;
    } else if (e.kind === "priority") {
      if (live && !w.placed[e.item]) {
        w.priority[e.to] = e.item;
        p.lastReplyAt = w.t;
        p.via = "remote";
        w.counters.effective++; // the DEPENDENCY_WAIT changed the owner's plan
      }
    } else if (live && (e.kind === "cannot" || (e.kind === "timeout" && (p.lastReplyAt < 0 || p.kind === "dependency_block")))) {
      failEscalation(w, p, e.kind);
    }
  }
}
