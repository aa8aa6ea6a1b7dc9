/**
 * What messages do. The same handlers whatever the channel: a REQUEST_MATERIAL reaches its addressee (or,
 * broadcast, every teammate), a teammate with a true surplus offers it (CAN_SUPPLY) and walks it over (a transfer
 * effect), one without refuses (CANNOT_SUPPLY); DEPENDENCY_WAIT reprioritises the owner; REQUEST_HELP brings the
 * nearest teammate with a pickaxe; RESOLVE_CONFLICT asks the rival to hand back contested units its current level
 * does not need, or, about a contested cell, to settle who places it (CELL_SETTLED).
 *
 * Every answer to an escalation extends its deadline (`Problem.deadline`): `replyTimeout` ticks after the answer, and
 * past the arrival the answer announces; an answer never removes it. Conflicts a handler finds (a double-booked
 * surplus) are recorded in `w.found` and become problems at the end of the phase (decide.ts).
 */
import { send } from "./channel.js";
import { needUpTo } from "./gate.js";
import type { FoundConflict, Msg } from "./records.js";
import type { BlockWorld } from "./block-world.js";
import type { MessageType, Problem } from "./types.js";

/**
 * An answer to problem p's escalation arrived (or announced something due at `until`): the deadline moves to
 * `replyTimeout` ticks from now, and past `until`; a timeout is scheduled at the new deadline.
 * @example
 * answered(w, p, arrival); // p.deadline ≥ max(w.t + replyTimeout, arrival + 1)
 */
export function answered(w: BlockWorld, p: Problem, until = w.t): void {
  p.lastReplyAt = w.t;
  const d = Math.max(w.t + w.params.replyTimeout, until + 1);
  if (d <= p.deadline) return;
  p.deadline = d;
  w.schedule({ at: d, kind: "timeout", problem: p.id, attempt: p.escalations, from: -1, to: p.agent, item: -1, count: 0, causes: [] });
}

/**
 * Records a conflict over units (a double-booked surplus, a contested site resource): counted, logged, and queued to
 * become a `conflict` problem of agent a at the end of the phase.
 * @example
 * foundConflict(w, 0, m, 2, cell, "double_booked");
 */
export function foundConflict(w: BlockWorld, a: number, m: number, rival: number, cell: number, what: FoundConflict["what"]): void {
  w.counters.conflicts++;
  if (w.log) w.emit({ agent: a, event: "conflict", kind: "conflict", item: w.task.materials[m], via: String(rival), decision: what });
  if (!w.flags.rigid) w.found.push({ agent: a, item: m, rival, cell, what });
}

/**
 * Delivers a message to its handler (the same whatever the channel). Answers are sent from here.
 * @example
 * deliver(w, send(w, 0, "DEPENDENCY_WAIT", p, 1, cell));
 */
export function deliver(w: BlockWorld, msg: Msg): void {
  const p = msg.problem >= 0 ? w.problems[msg.problem] : null;
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
          foundConflict(w, a, m, promised.to, p ? p.cell : -1, "double_booked");
        }
      }
      if (giver >= 0) return supply(w, msg, giver, Math.min(units, best), p);
      const refuser = msg.to >= 0 ? msg.to : firstHolder(w, a, m);
      if (refuser < 0) return; // nobody holds any: the request times out
      return refuse(w, msg, refuser, p);
    }
    case "RESOLVE_CONFLICT": {
      if (msg.onCell) return settleCell(w, msg, p);
      const c = msg.to, m = msg.item;
      const level = p && p.cell >= 0 ? w.cellY(p.cell) : task.H;
      const spare = w.inv[c * w.nMat + m] - needUpTo(w, c, m, level);
      if (spare > 0 && task.canGive[c]) return supply(w, msg, c, Math.min(msg.count, spare), p);
      return refuse(w, msg, c, p);
    }
    case "DEPENDENCY_WAIT": {
      const o = msg.to;
      w.schedule({ problem: msg.problem, attempt: p ? p.escalations : 0, at: w.t + w.busy[o] + 1, kind: "priority", from: a, to: o, item: msg.item, count: 0, causes: [msg.id] });
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
      const at = start + travel + params.digTicks;
      if (p) { p.escalationCost += spend; answered(w, p, at); }
      const offer = send(w, helper, "CAN_SUPPLY", p, a, -1, 0, msg.id);
      w.schedule({ problem: msg.problem, attempt: p ? p.escalations : 0, at, kind: "unblock", from: helper, to: a, item: -1, count: 0, causes: [msg.id, offer.id] });
      return;
    }
    default:
      return; // answers and chatter have no handler: their effects are observed (see processEffects, watches)
  }
}

/** The addressee refuses (CANNOT_SUPPLY): the requester's fallback starts when the refusal reaches it. */
function refuse(w: BlockWorld, req: Msg, refuser: number, p: Problem | null): void {
  const no = send(w, refuser, "CANNOT_SUPPLY", p, req.from, req.item, 0, req.id);
  const at = w.t + w.busy[refuser] + 1;
  if (p) answered(w, p, at);
  w.schedule({ problem: req.problem, attempt: p ? p.escalations : 0, at, kind: "cannot", from: refuser, to: req.from, item: req.item, count: 0, causes: [no.id] });
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
  const at = w.t + w.busy[loser] + 1;
  if (p) answered(w, p, at);
  w.schedule({ problem: msg.problem, attempt: p ? p.escalations : 0, at, kind: "reassign", from: keeper, to: loser, item: c, count: 0, causes: [msg.id, settled.id] });
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
 * The giver hands k units of m to `to`, walking over (busy for the walk, the units leave its inventory now and land
 * when it arrives); the transfer is caused by `causes`, and it answers p's escalation.
 * @example
 * walkOver(w, 2, 0, m, 3, p, [request.id, offer.id]); // a transfer effect due when agent 2 reaches agent 0
 */
export function walkOver(w: BlockWorld, giver: number, to: number, m: number, k: number, p: Problem | null, causes: number[]): void {
  w.inv[giver * w.nMat + m] -= k;
  w.version++;
  const travel = Math.max(0, w.dist(to, giver) - 1);
  const start = w.t + w.busy[giver] + 1;
  const spend = 1 + travel + w.params.giveTicks;
  w.busy[giver] += spend;
  w.lost[giver] += spend;
  w.posX[giver] = w.posX[to];
  w.posZ[giver] = w.posZ[to];
  w.moved = true;
  const at = start + travel + w.params.giveTicks;
  if (p) { p.escalationCost += spend; answered(w, p, at); }
  w.schedule({ problem: p && p.agent === to ? p.id : -1, attempt: p ? p.escalations : 0, at, kind: "transfer", from: giver, to, item: m, count: k, causes });
}

/**
 * Sends a chat message written by a language model and delivers what its words amount to (parsed): a request,
 * an offer (a transfer, if the writer really has the units to spare), a call for help, a wait; else chatter.
 * @example
 * sayChat(w, req, "I need 4 glass, can anyone spare some?", parseChat(text, w.task.materials));
 */
export function sayChat(w: BlockWorld, req: { from: number; problem: number; about: number }, text: string,
  parsed: { type: MessageType; item: number; count: number; to: number } | null): Msg {
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

