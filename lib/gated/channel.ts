/**
 * The coordination channel: messages as objects with an id, who reads them and what reading costs, what readers learn
 * from them (their beliefs), and the causal links from messages to the changes they caused (ECR).
 *
 * The channel decides only who reads a message and what reading costs (offline, in agent-ticks):
 * - partition: a typed message is read by its addressee only (all teammates if broadcast), at `protocolReadTicks`;
 * - no partition: every agent reads every message at ⌈chatReadTicks/2⌉ (one shared, always-true public state);
 * - free chat: the writer spends `chatWriteTicks`, every reader `chatReadTicks`, and with probability
 *   `chatDeviationProb` a reader replans (`replanTicks`).
 * Readers update their beliefs from what they read (inventories from REQUEST/CANNOT_SUPPLY/TRANSFER_DONE, the
 * sender's position from every message). What a message does is decided by its content (handlers.ts).
 */
import type { Link, Msg } from "./records.js";
import type { BlockWorld } from "./block-world.js";
import type { MessageType, Problem } from "./types.js";

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

/**
 * How the log names a message's item: a material, or a cell for dependencies and contested cells.
 * @example
 * itemName(w, p, 2); // "glass", or "cell:4,0,7" for a contested cell
 */
export function itemName(w: BlockWorld, p: Problem | null, item: number, onCell = false): string {
  if (onCell || (p && p.onCell)) return w.cellName(item);
  return p && p.kind === "dependency_block" ? `cell:${item}` : w.task.materials[item] ?? String(item);
}

/**
 * Records that the messages `causes` changed the world or a plan at this tick (the causal links behind ECR; nothing
 * in a counterfactual branch).
 * @example
 * link(w, [request.id, offer.id], "transfer");
 */
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
