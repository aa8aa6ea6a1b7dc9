/**
 * The coordination channel and the two ways out of a problem: local recovery and escalation.
 *
 * Messages are objects (`Msg`) with an id. What a message does is decided by its content, by the same
 * handlers whatever the channel: a REQUEST_MATERIAL reaches its addressee (or, broadcast, every teammate),
 * a teammate with a true surplus offers it (CAN_SUPPLY) and walks it over (a transfer effect), one without
 * refuses (CANNOT_SUPPLY); DEPENDENCY_WAIT reprioritises the owner; REQUEST_HELP brings the nearest teammate
 * with a pickaxe; RESOLVE_CONFLICT asks the rival to hand back contested units its current level does not need.
 * The channel decides only who reads a message and what reading costs (offline, in agent-ticks):
 * - partition: a typed message is read by its addressee only (all teammates if broadcast), at `protocolReadTicks`;
 * - no partition: every agent reads every message at ⌈chatReadTicks/2⌉ (one shared, always-true public state);
 * - free chat: the writer spends 1 tick, every reader `chatReadTicks`, and with probability `chatDeviationProb`
 *   a reader replans (`replanTicks`).
 * Readers update their beliefs from what they read (inventories from REQUEST/CANNOT_SUPPLY/TRANSFER_DONE,
 * the sender's position from every message).
 *
 * Effects carry the ids of the messages that caused them; a message is effective when an effect it caused
 * follows within `ecrWindowTicks` (see `ecrOf`).
 */
import { cellName, detectConflict } from "./engine.js";
import { believedDist, believedInv, needUpTo, shortfall } from "./gate.js";
import type { MessageType, Problem } from "./types.js";
import type { BlockWorld, ChatRequest, Link, Msg } from "./world.js";

/** Whether agent b reads message m. */
function reads(w: BlockWorld, m: Msg, b: number): boolean {
  if (b === m.from) return false;
  if (w.flags.freeChat || !w.flags.partition) return true;
  return m.to < 0 || m.to === b;
}

/**
 * Sends one message: charges its reading cost, updates the readers' beliefs, logs it. Returns it (with its id).
 * @example
 * const req = send(w, 0, "REQUEST_MATERIAL", p, 2, m, 5);
 */
export function send(w: BlockWorld, from: number, type: MessageType, p: Problem | null, to = -1, item = -1, count = 0, replyTo = -1): Msg {
  const { params, flags } = w;
  const msg: Msg = { id: w.msgs.length, tick: w.t, type, from, to, item, count, problem: p ? p.id : -1, replyTo };
  w.msgs.push(msg);
  w.counters.messages++;
  w.counters.tokens += flags.freeChat ? params.tokensChat : params.tokensProtocol;
  let cost = 0;
  if (flags.freeChat) cost += charge(w, from, params.chatWriteTicks);
  const n = w.n;
  for (let b = 0; b < n; b++) {
    if (!reads(w, msg, b)) continue;
    if (flags.freeChat) {
      cost += charge(w, b, params.chatReadTicks);
      if (params.chatDeviationProb > 0 && w.keyed.u(w.t, b, msg.id, 1) < params.chatDeviationProb) cost += charge(w, b, params.replanTicks);
    } else if (!flags.partition) cost += charge(w, b, Math.ceil(params.chatReadTicks / 2));
    else cost += charge(w, b, params.protocolReadTicks);
    observe(w, msg, b);
  }
  if (p) p.escalationCost += cost;
  if (w.log) {
    w.emit({ agent: from, event: "message", msg_type: type, problem: p ? p.id : null, kind: p ? p.kind : null,
      item: item >= 0 ? itemName(w, p, item) : null, count: count || null, cost, msg: msg.id, via: to >= 0 ? String(to) : "all" });
  }
  return msg;
}

/** Agent b loses `ticks` (reading, writing, replanning); returns them. */
function charge(w: BlockWorld, b: number, ticks: number): number {
  if (ticks <= 0) return 0;
  w.busy[b] += ticks;
  w.lost[b] += ticks;
  return ticks;
}

/** What reader b learns from a message: the sender's position, and inventories the content states. */
function observe(w: BlockWorld, m: Msg, b: number): void {
  const n = w.n, nm = w.nMat;
  const k = b * n + m.from;
  w.belX[k] = w.posX[m.from];
  w.belZ[k] = w.posZ[m.from];
  if (m.item < 0) return;
  if (m.type === "REQUEST_MATERIAL") w.belInv[k * nm + m.item] = w.inv[m.from * nm + m.item];
  else if (m.type === "CANNOT_SUPPLY") {
    const i = k * nm + m.item;
    w.belInv[i] = Math.min(w.belInv[i], w.need[m.from * nm + m.item]);
  } else if (m.type === "TRANSFER_DONE") {
    const gi = k * nm + m.item, ri = (b * n + m.to) * nm + m.item;
    w.belInv[gi] = Math.max(0, w.belInv[gi] - m.count);
    if (m.to !== b) w.belInv[ri] += m.count;
  }
}

function itemName(w: BlockWorld, p: Problem | null, item: number, onCell = false): string {
  if (onCell || (p && p.onCell)) return cellName(w, item);
  return p && p.kind === "dependency_block" ? `cell:${item}` : w.task.materials[item] ?? String(item);
}

/** Records that the messages `causes` changed the world or a plan at this tick. */
export function link(w: BlockWorld, causes: readonly number[], effect: Link["effect"]): void {
  if (w.inRollout) return; // a counterfactual branch is judged by its outcome, not its messages
  for (const msg of causes) {
    w.links.push({ msg, tick: w.t, effect });
    if (w.log) w.emit({ agent: w.msgs[msg].from, event: "effect", msg, msg_type: w.msgs[msg].type, decision: effect });
  }
}

/**
 * The effective communication ratio of a message log: messages with an effect they caused within `window`
 * ticks of being sent, over all messages. Null without messages.
 * @example
 * ecrOf(w.msgs, w.links, 20); // 0.61
 */
export function ecrOf(msgs: readonly Msg[], links: readonly Link[], window: number): { ecr: number | null; effective: number } {
  const hit = new Uint8Array(msgs.length);
  let effective = 0;
  for (const l of links) {
    if (hit[l.msg] || l.tick - msgs[l.msg].tick > window) continue;
    hit[l.msg] = 1;
    effective++;
  }
  return { ecr: msgs.length ? effective / msgs.length : null, effective };
}

/**
 * Local recovery of a problem, as far as the world allows: collect the missing units from the site's
 * resources (when another agent is after the same short resource, that is a conflict), dig or detour around
 * a blocked path (crafting a pickaxe first if the agent may craft), or keep working elsewhere while a dependency waits.
 * @example
 * localRecover(world, problem); // the agent is busy for the recovery's ticks
 */
export function localRecover(w: BlockWorld, p: Problem): void {
  const a = p.agent;
  const { params, task } = w;
  let cost = 0;
  if (p.onCell) {
    // a contested cell: keep it in the plan and race the rival for it (see `contested` in engine.ts)
    p.via = "local";
  } else if (p.kind === "missing_material" || p.kind === "conflict") {
    const m = p.target;
    const want = shortfall(w, a, m);
    const k = task.canCollect[a] ? Math.min(want, w.pool[m]) : 0;
    if (k < want && p.kind === "missing_material" && w.pool[m] > 0) {
      // the site's resource is short and contested: someone else is after the same material
      for (const id of w.active) {
        const q = w.problems[id];
        if (q.agent !== a && (q.kind === "missing_material" || q.kind === "conflict") && q.target === m) {
          conflict(w, a, m, q.agent, p.cell, "site_resource");
          break;
        }
      }
    }
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

/** Registers a conflict (double-booked surplus, contested site resource) and sends it through the gate as a problem. */
function conflict(w: BlockWorld, a: number, m: number, rival: number, cell: number, what: "double_booked" | "site_resource"): void {
  w.counters.conflicts++;
  if (w.log) w.emit({ agent: a, event: "conflict", kind: "conflict", item: w.task.materials[m], via: String(rival), decision: what });
  detectConflict(w, a, m, rival, cell);
}

/** The teammate agent a believes has the largest surplus of m (nearest on ties), or −1. */
function believedGiver(w: BlockWorld, a: number, m: number): number {
  let giver = -1, best = 0;
  for (let b = 0; b < w.n; b++) {
    if (b === a) continue;
    const s = believedInv(w, a, b, m) - w.need[b * w.nMat + m];
    if (s > best || (s === best && s > 0 && giver >= 0 && believedDist(w, a, b) < believedDist(w, a, giver))) { best = s; giver = b; }
  }
  return giver;
}

/**
 * Free chat with a language model: what the writer wants to say is queued (the words come from the model
 * between ticks, see `sayChat`); the request is not sent until then. Teammates' replies are queued too.
 */
function queueChat(w: BlockWorld, p: Problem): void {
  const a = p.agent;
  const item = p.kind === "missing_material" || p.kind === "conflict" ? p.target : p.kind === "dependency_block" ? p.target : -1;
  const type: MessageType = p.kind === "missing_material" ? "REQUEST_MATERIAL" : p.kind === "conflict" ? "RESOLVE_CONFLICT"
    : p.kind === "dependency_block" ? "DEPENDENCY_WAIT" : "REQUEST_HELP";
  w.chatSink!.push({ tick: w.t, from: a, type, kind: p.kind, subject: item >= 0 ? itemName(w, p, item) : null, msg: -1, problem: p.id, about: a });
  for (let b = 0; b < w.n; b++) {
    if (b !== a) w.chatSink!.push({ tick: w.t, from: b, type: "CHAT", kind: p.kind, subject: item >= 0 ? itemName(w, p, item) : null, msg: -1, problem: p.id, about: a });
  }
}

/**
 * Sends a chat message written by a language model and delivers what its words amount to (parsed): a request,
 * an offer (a transfer, if the writer really has the units to spare), a call for help, a wait; else chatter.
 * @example
 * sayChat(w, req, "I need 4 glass, can anyone spare some?", parseChat(text, w.task.materials));
 */
export function sayChat(w: BlockWorld, req: ChatRequest, text: string, parsed: { type: MessageType; item: number; count: number; to: number } | null): Msg {
  const p = req.problem >= 0 ? w.problems[req.problem] : null;
  const from = req.from;
  if (!parsed) {
    const m = send(w, from, "CHAT", p, -1, -1, 0);
    m.text = text;
    return m;
  }
  if (parsed.type === "CAN_SUPPLY") {
    const to = parsed.to >= 0 && parsed.to < w.n && parsed.to !== from ? parsed.to : req.about !== from ? req.about : -1;
    const m = send(w, from, "CAN_SUPPLY", p, to, parsed.item, parsed.count);
    m.text = text;
    const spare = w.inv[from * w.nMat + parsed.item] - w.need[from * w.nMat + parsed.item];
    if (to >= 0 && spare > 0 && w.task.canGive[from]) {
      const want = Math.max(1, w.need[to * w.nMat + parsed.item] - w.inv[to * w.nMat + parsed.item]);
      const k = Math.min(spare, parsed.count > 0 ? parsed.count : want, want);
      walkOver(w, from, to, parsed.item, k, p, [m.id]);
    }
    return m;
  }
  let to = parsed.to >= 0 && parsed.to < w.n && parsed.to !== from ? parsed.to : -1;
  let item = parsed.item, count = parsed.count;
  if (parsed.type === "DEPENDENCY_WAIT") {
    if (!p || p.kind !== "dependency_block") { const m = send(w, from, "CHAT", p); m.text = text; return m; }
    item = p.target; to = w.plannerOf(p.target);
  }
  if (parsed.type === "REQUEST_MATERIAL" && count <= 0) count = Math.max(1, w.need[from * w.nMat + item] - w.inv[from * w.nMat + item]);
  const m = send(w, from, parsed.type, p && p.agent === from ? p : null, to, item, count);
  m.text = text;
  deliver(w, m);
  return m;
}

/** The giver hands k units of m to `to`, walking over; the transfer is caused by `causes`. */
function walkOver(w: BlockWorld, giver: number, to: number, m: number, k: number, p: Problem | null, causes: number[]): void {
  w.inv[giver * w.nMat + m] -= k;
  w.version++;
  const travel = Math.max(0, w.dist(to, giver) - 1);
  const start = w.t + w.busy[giver] + 1;
  const spend = 1 + travel + w.params.giveTicks;
  w.busy[giver] += spend;
  w.lost[giver] += spend;
  w.posX[giver] = w.posX[to];
  w.posZ[giver] = w.posZ[to];
  if (p) { p.escalationCost += spend; p.lastReplyAt = w.t; }
  w.effects.push({ problem: p && p.agent === to ? p.id : -1, attempt: p ? p.escalations : 0, at: start + travel + w.params.giveTicks, kind: "transfer",
    from: giver, to, item: m, count: k, causes });
}

/**
 * Opens the channel for a problem: the request goes out and is delivered to its readers, whose
 * handlers answer (offers, refusals, transfers, help, reprioritisation); a reply timeout is scheduled.
 * Under the partition a material request is addressed to the teammate the agent believes can give; free chat
 * and the shared state broadcast it; in free chat every other teammate also answers with chatter.
 * @example
 * escalate(w, p); // p.status === "escalated"
 */
export function escalate(w: BlockWorld, p: Problem): void {
  const a = p.agent;
  p.status = "escalated";
  p.escalations++;
  p.escalatedAt = w.t;
  p.lastReplyAt = -1;
  w.effects.push({ at: w.t + w.params.replyTimeout, kind: "timeout", problem: p.id, attempt: p.escalations, from: -1, to: a, item: -1, count: 0, causes: [] });
  if (w.chatSink && w.flags.freeChat && !w.inRollout) return queueChat(w, p);
  let msg: Msg;
  if (p.kind === "missing_material") {
    const to = w.flags.partition ? believedGiver(w, a, p.target) : -1;
    msg = send(w, a, "REQUEST_MATERIAL", p, to, p.target, shortfall(w, a, p.target));
  } else if (p.kind === "conflict") {
    msg = send(w, a, "RESOLVE_CONFLICT", p, p.rival, p.target, p.onCell ? 1 : shortfall(w, a, p.target));
    if (p.onCell) msg.onCell = true;
  } else if (p.kind === "dependency_block") {
    msg = send(w, a, "DEPENDENCY_WAIT", p, w.plannerOf(p.target), p.target);
  } else {
    msg = send(w, a, "REQUEST_HELP", p);
  }
  if (w.flags.freeChat) {
    for (let b = 0; b < w.n; b++) if (b !== a) send(w, b, "CHAT", p, -1, -1, 0, msg.id);
  }
  deliver(w, msg);
}

/**
 * Delivers a message to its handler (the same whatever the channel). Answers are sent from here.
 * @example
 * deliver(w, send(w, 0, "DEPENDENCY_WAIT", p, 1, cell));
 */
export function deliver(w: BlockWorld, msg: Msg): void {
  const p = msg.problem >= 0 ? w.problems[msg.problem] : null;
  const attempt = p ? p.escalations : 0;
  const base = { problem: msg.problem, attempt, to: msg.from, item: msg.item, count: 0 };
  const { params, task } = w;
  const a = msg.from;
  switch (msg.type) {
    case "REQUEST_MATERIAL": {
      const m = msg.item, units = msg.count;
      let giver = -1, best = 0;
      for (let b = 0; b < w.n; b++) {
        if (b === a || (msg.to >= 0 && b !== msg.to) || !task.canGive[b]) continue;
        const s = w.inv[b * w.nMat + m] - w.need[b * w.nMat + m];
        if (s > best || (s === best && s > 0 && giver >= 0 && w.dist(a, b) < w.dist(a, giver))) { best = s; giver = b; }
      }
      // double-booked surplus: what the addressee could give is promised to someone else
      const asked = msg.to >= 0 ? msg.to : giver;
      if (best < units && asked >= 0) {
        const promised = w.effects.find((e) => e.kind === "transfer" && e.from === asked && e.item === m && e.to !== a);
        if (promised) {
          // the refusal tells the requester where the units go: it now believes the rival holds them
          if (w.flags.partition) w.belInv[(a * w.n + promised.to) * w.nMat + m] += promised.count;
          conflict(w, a, m, promised.to, p ? p.cell : -1, "double_booked");
        }
      }
      if (giver >= 0) return supply(w, msg, giver, Math.min(units, best), p);
      const refuser = msg.to >= 0 ? msg.to : firstHolder(w, a, m);
      if (refuser < 0) return; // nobody holds any: the request times out
      const no = send(w, refuser, "CANNOT_SUPPLY", p, a, m, 0, msg.id);
      if (p) p.lastReplyAt = w.t;
      w.effects.push({ ...base, at: w.t + w.busy[refuser] + 1, kind: "cannot", from: refuser, causes: [no.id] });
      return;
    }
    case "RESOLVE_CONFLICT": {
      if (msg.onCell) return settleCell(w, msg, p);
      const c = msg.to, m = msg.item;
      const level = p && p.cell >= 0 ? w.cellY(p.cell) : task.H;
      const spare = w.inv[c * w.nMat + m] - needUpTo(w, c, m, level);
      if (spare > 0 && task.canGive[c]) return supply(w, msg, c, Math.min(msg.count, spare), p);
      const no = send(w, c, "CANNOT_SUPPLY", p, a, m, 0, msg.id);
      if (p) p.lastReplyAt = w.t;
      w.effects.push({ ...base, at: w.t + w.busy[c] + 1, kind: "cannot", from: c, causes: [no.id] });
      return;
    }
    case "DEPENDENCY_WAIT": {
      const o = msg.to;
      w.effects.push({ ...base, at: w.t + w.busy[o] + 1, kind: "priority", from: a, to: o, causes: [msg.id] });
      return;
    }
    case "REQUEST_HELP": {
      let helper = -1;
      for (let b = 0; b < w.n; b++) {
        if (b !== a && w.tools[b] > 0 && !w.blocked[b] && (helper < 0 || w.dist(a, b) < w.dist(a, helper))) helper = b;
      }
      if (helper < 0) return;
      const travel = w.dist(a, helper);
      const start = w.t + w.busy[helper] + 1;
      const spend = 1 + travel + params.digTicks;
      w.busy[helper] += spend;
      w.lost[helper] += spend;
      if (p) { p.escalationCost += spend; p.lastReplyAt = w.t; }
      const offer = send(w, helper, "CAN_SUPPLY", p, a, -1, 0, msg.id);
      w.effects.push({ ...base, at: start + travel + params.digTicks, kind: "unblock", from: helper, causes: [msg.id, offer.id] });
      return;
    }
    default:
      return; // answers and chatter have no handler: their effects are observed (see processEffects, watches)
  }
}

/**
 * The rival's answer to a RESOLVE_CONFLICT over a contested cell: the cell stays with whichever of the two can place
 * it sooner (holds a unit of its material, fewer steps to reach it; ties to the rival, who headed for it first); the
 * other drops it from its plan when it reads the answer (CELL_SETTLED, then a `reassign` effect).
 */
function settleCell(w: BlockWorld, msg: Msg, p: Problem | null): void {
  const a = msg.from, r = msg.to, c = msg.item;
  if (w.placed[c] || !w.plansCell(r, c) || !w.plansCell(a, c)) return; // nothing left to settle: the request times out
  const m = w.task.cellMat[c];
  const eta = (x: number) => w.inv[x * w.nMat + m] > 0
    ? Math.max(0, Math.max(Math.abs(w.cellX(c) - w.posX[x]), Math.abs(w.cellZ(c) - w.posZ[x])) - w.params.reach) : Infinity;
  const ea = eta(a), er = eta(r);
  const keeper = ea < er ? a : er < ea ? r : ea < Infinity ? r : w.task.owner[c] === a ? a : r;
  const loser = keeper === a ? r : a;
  const settled = send(w, r, "CELL_SETTLED", p, a, c, keeper, msg.id);
  settled.onCell = true;
  if (p) p.lastReplyAt = w.t;
  w.effects.push({ problem: msg.problem, attempt: p ? p.escalations : 0, at: w.t + w.busy[loser] + 1, kind: "reassign",
    from: keeper, to: loser, item: c, count: 0, causes: [msg.id, settled.id] });
}

function firstHolder(w: BlockWorld, a: number, m: number): number {
  for (let b = 0; b < w.n; b++) if (b !== a && w.inv[b * w.nMat + m] > 0) return b;
  return -1;
}


/** The giver offers k units and walks them over: CAN_SUPPLY now, the transfer when it arrives. */
function supply(w: BlockWorld, req: Msg, giver: number, k: number, p: Problem | null): void {
  const offer = send(w, giver, "CAN_SUPPLY", p, req.from, req.item, k, req.id);
  walkOver(w, giver, req.from, req.item, k, p, [req.id, offer.id]);
}

/**
 * CANNOT_SUPPLY or a timeout: with the fallback, the history penalty rises and the agent recovers locally
 * (a replan caused by the refusal, if there was one).
 * @example
 * failEscalation(w, p, "cannot", [msgId]); // p.failures + 1, local recovery started
 */
export function failEscalation(w: BlockWorld, p: Problem, why: "cannot" | "timeout", causes: readonly number[] = []): void {
  p.status = "open";
  if (w.log) w.emit({ agent: p.agent, event: "fallback", problem: p.id, kind: p.kind, decision: why, via: w.flags.fallback ? "local" : "retry" });
  if (!w.flags.fallback) return;
  p.failures++;
  link(w, causes, "replan");
  localRecover(w, p);
}

/**
 * Applies the effects due at this tick (transfers, help, reprioritisation, refusals, timeouts) and links each to its causes.
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
  const n = w.n, nm = w.nMat;
  for (const e of due) {
    const p = e.problem >= 0 ? w.problems[e.problem] : null;
    const live = p !== null && p.status === "escalated" && p.escalations === e.attempt;
    if (e.kind === "transfer") {
      w.inv[e.to * nm + e.item] += e.count;
      link(w, e.causes, "transfer");
      if (p) {
        p.via = "remote";
        // a partial supply answers the request; what is still missing is judged again
        if (p.status === "escalated" && w.inv[e.to * nm + e.item] < w.need[e.to * nm + e.item]) p.status = "open";
      }
      // the two parties know the transfer happened
      const gr = (e.from * n + e.to) * nm + e.item, rg = (e.to * n + e.from) * nm + e.item;
      w.belInv[gr] += e.count;
      w.belInv[rg] = Math.max(0, w.belInv[rg] - e.count);
      const done = send(w, e.from, "TRANSFER_DONE", p, e.to, e.item, e.count, e.causes[e.causes.length - 1] ?? -1);
      if (!w.inRollout) w.watches.push({ msg: done.id, agent: e.to, kind: "material", item: e.item, until: w.t + w.params.ecrWindowTicks });
      if (w.log) w.emit({ agent: e.to, event: "transfer", problem: p ? p.id : null, item: w.task.materials[e.item], count: e.count, via: String(e.from) });
    } else if (e.kind === "reassign") {
      // a settled contested cell: the loser drops it from its plan
      if (w.dropCell(e.to, e.item)) {
        if (p) p.via = "remote";
        link(w, e.causes, "reassign");
      }
    } else if (e.kind === "unblock") {
      if (w.blocked[e.to]) {
        if (p) p.via = "remote";
        link(w, e.causes, "unblock");
      }
      w.blocked[e.to] = 0;
    } else if (e.kind === "priority") {
      // a wait with no problem behind it (a replayed or parsed message) still reprioritises
      if ((p === null || live) && !w.placed[e.item]) {
        w.priority[e.to] = e.item;
        if (p) { p.lastReplyAt = w.t; p.via = "remote"; }
        link(w, e.causes, "reprioritise");
      }
    } else if (live && (e.kind === "cannot" || (e.kind === "timeout" && (p.lastReplyAt < 0 || p.kind === "dependency_block")))) {
      failEscalation(w, p, e.kind === "cannot" ? "cannot" : "timeout", e.causes);
    }
  }
}

/**
 * An agent placed cell c: messages whose effect was to make this possible (the material a TRANSFER_DONE
 * announced, the support a DEPENDENCY_DONE reported) are linked; expired watches are dropped.
 * @example
 * observePlacement(w, a, c);
 */
export function observePlacement(w: BlockWorld, a: number, c: number): void {
  if (w.watches.length === 0) return;
  const m = w.task.cellMat[c], b = w.task.below[c];
  let keep = 0;
  for (let i = 0; i < w.watches.length; i++) {
    const x = w.watches[i];
    if (x.until < w.t) continue;
    if (x.agent === a && ((x.kind === "material" && x.item === m) || (x.kind === "support" && x.item === b))) {
      link(w, [x.msg], x.kind === "material" ? "material_used" : "dependency_resolved");
      continue;
    }
    w.watches[keep++] = x;
  }
  w.watches.length = keep;
}

/** Message types that start an exchange (answers are produced by the handlers, not replayed). */
export const INITIATING: readonly MessageType[] = ["REQUEST_MATERIAL", "RESOLVE_CONFLICT", "DEPENDENCY_WAIT", "REQUEST_HELP", "CHAT"];

/**
 * Re-sends a message of another run through this world's channel and delivers it (its problem context is not
 * carried over). Used to replay one message log through different channels.
 * @example
 * resend(w, logged); // the same content; answers and effects from this world's handlers
 */
export function resend(w: BlockWorld, m: Msg): Msg {
  const msg = send(w, m.from, m.type, null, m.to, m.item, m.count);
  if (m.onCell) msg.onCell = true;
  deliver(w, msg);
  return msg;
}
