/**
 * The two ways out of a problem, and what follows from them: local recovery (collect, dig, detour, craft, or keep
 * working elsewhere), escalation (the request goes out on the channel, with a deadline), the fallback after a refusal
 * or a deadline passed, and the effects due at each tick (transfers arriving, help, reprioritisation, reassignment).
 */
import { itemName, link, send } from "./channel.js";
import { believedDist, believedInv, shortfall } from "./gate.js";
import { answered, deliver, foundConflict } from "./handlers.js";
import type { Effect, Msg } from "./records.js";
import type { BlockWorld } from "./block-world.js";
import type { MessageType, Problem } from "./types.js";

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
    // a contested cell: keep it in the plan and race the rival for it (see `contested` in turn.ts)
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
          foundConflict(w, a, m, q.agent, p.cell, "site_resource");
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
 * Who answers a free-chat broadcast of agent a with chatter (a CHAT with no content), by the offline model's
 * `replyChatter` rule: every teammate ("all"), the teammate nearest the writer ("nearest"), or nobody ("none").
 */
function chatterers(w: BlockWorld, a: number): number[] {
  const rule = w.params.replyChatter;
  if (rule === "none") return [];
  const others: number[] = [];
  for (let b = 0; b < w.n; b++) if (b !== a) others.push(b);
  if (rule === "all" || others.length === 0) return others;
  let best = others[0];
  for (const b of others) if (w.dist(a, b) < w.dist(a, best)) best = b;
  return [best];
}

/**
 * Free chat with a language model: what the writer wants to say is queued (the words come from the model
 * between ticks, see `sayChat`); the request is not sent until then. The teammates who answer (`replyChatter`) are queued too.
 */
function queueChat(w: BlockWorld, p: Problem): void {
  const a = p.agent;
  const item = p.kind === "missing_material" || p.kind === "conflict" ? p.target : p.kind === "dependency_block" ? p.target : -1;
  const type: MessageType = p.kind === "missing_material" ? "REQUEST_MATERIAL" : p.kind === "conflict" ? "RESOLVE_CONFLICT"
    : p.kind === "dependency_block" ? "DEPENDENCY_WAIT" : "REQUEST_HELP";
  w.chatSink!.push({ tick: w.t, from: a, type, kind: p.kind, subject: item >= 0 ? itemName(w, p, item) : null, msg: -1, problem: p.id, about: a });
  for (const b of chatterers(w, a)) {
    w.chatSink!.push({ tick: w.t, from: b, type: "CHAT", kind: p.kind, subject: item >= 0 ? itemName(w, p, item) : null, msg: -1, problem: p.id, about: a });
  }
}

/**
 * Opens the channel for a problem: the request goes out and is delivered to its readers, whose
 * handlers answer (offers, refusals, transfers, help, reprioritisation); its deadline is scheduled (a timeout).
 * Under the partition a material request is addressed to the teammate the agent believes can give; free chat
 * and the shared state broadcast it; in free chat teammates also answer with chatter (`replyChatter`).
 * @example
 * escalate(w, p); // p.status === "escalated"
 */
export function escalate(w: BlockWorld, p: Problem): void {
  const a = p.agent;
  p.status = "escalated";
  p.escalations++;
  p.escalatedAt = w.t;
  p.lastReplyAt = -1;
  p.deadline = w.t + w.params.replyTimeout;
  w.schedule({ at: p.deadline, kind: "timeout", problem: p.id, attempt: p.escalations, from: -1, to: a, item: -1, count: 0, causes: [] });
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
  if (w.flags.freeChat) for (const b of chatterers(w, a)) send(w, b, "CHAT", p, -1, -1, 0, msg.id);
  deliver(w, msg);
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
 * processEffects(w); // called at the start of every tick, before the agents act
 */
export function processEffects(w: BlockWorld): void {
  if (w.t < w.nextEffectAt) return;
  // split in place: what is due now, in order, and what stays (and when the next of those is due)
  const all = w.effects;
  const due: Effect[] = [];
  let keep = 0, next = Infinity;
  for (let i = 0; i < all.length; i++) {
    const e = all[i];
    if (e.at <= w.t) due.push(e);
    else { all[keep++] = e; if (e.at < next) next = e.at; }
  }
  all.length = keep;
  w.nextEffectAt = next;
  const n = w.n, nm = w.nMat;
  for (const e of due) {
    const p = e.problem >= 0 ? w.problems[e.problem] : null;
    const live = p !== null && p.status === "escalated" && p.escalations === e.attempt;
    if (e.kind === "transfer") {
      w.inv[e.to * nm + e.item] += e.count;
      w.version++;
      link(w, e.causes, "transfer");
      if (p) p.via = "remote"; // a supply that leaves the agent short reopens the problem (resolveProblems)
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
        w.blocked[e.to] = 0;
        w.version++;
      }
    } else if (e.kind === "priority") {
      // a wait with no problem behind it (a replayed or parsed message) still reprioritises
      if ((p === null || live) && !w.placed[e.item]) {
        w.priority[e.to] = e.item;
        w.version++;
        if (p) { answered(w, p); p.via = "remote"; }
        link(w, e.causes, "reprioritise");
      }
    } else if (live && (e.kind === "cannot" || (e.kind === "timeout" && w.t >= p.deadline))) {
      // a refusal, or the deadline passed with the problem still there (a reply extends the deadline, never removes it)
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
