/**
 * A world's state as plain JSON, to save a run in progress and continue it later (or elsewhere).
 */
import type { Rng } from "../core/rng.js";
import type { Counters, Decision, Effect, EscalationRecord, FoundConflict, Link, Msg, Watch } from "./records.js";
import { BlockWorld } from "./block-world.js";
import { ARRAY_FIELDS } from "./state.js";
import type { ArrayField } from "./state.js";
import type { CompiledTask } from "./task.js";
import type { PolicyFlags, Problem, SimParams } from "./types.js";

/** A world's state as plain JSON (the task, parameters, policy and random streams are not part of it). */
export interface WorldSnapshot {
  t: number; nPlaced: number; nextDisruption: number; version: number; acting: number;
  arrays: Record<ArrayField, number[]>;
  problems: Problem[]; active: number[]; effects: Effect[]; pending: number[]; counters: Counters;
  toJudge: number[]; decisions: Decision[]; found: FoundConflict[];
  msgs: Msg[]; links: Link[]; watches: Watch[]; escalations: EscalationRecord[];
}

/**
 * The state of a world as plain JSON.
 * @example
 * const snap = JSON.stringify(snapshotWorld(world));
 */
export function snapshotWorld(w: BlockWorld): WorldSnapshot {
  const arrays = {} as Record<ArrayField, number[]>;
  for (const k of ARRAY_FIELDS) arrays[k] = Array.from(w[k]);
  return {
    t: w.t, nPlaced: w.nPlaced, nextDisruption: w.nextDisruption, version: w.version, acting: w.acting, arrays,
    problems: w.problems.map((p) => ({ ...p })), active: w.active.slice(),
    effects: w.effects.map((e) => ({ ...e, causes: e.causes.slice() })), pending: w.pending.slice(), counters: { ...w.counters },
    toJudge: w.toJudge.slice(), decisions: w.decisions.map((d) => ({ ...d })), found: w.found.map((f) => ({ ...f })),
    msgs: w.msgs.map((m) => ({ ...m })), links: w.links.map((l) => ({ ...l })), watches: w.watches.map((x) => ({ ...x })),
    escalations: w.escalations.map((e) => ({ ...e })),
  };
}

/**
 * A world rebuilt from a snapshot of the same task. Random streams are the caller's: pass the ones to continue with.
 * @throws RangeError when the snapshot's arrays do not fit the task.
 * @example
 * const w2 = restoreWorld(task, params, policyFlags("rigid"), createRng(1), JSON.parse(snap));
 */
export function restoreWorld(task: CompiledTask, params: SimParams, flags: PolicyFlags, rng: Rng, snap: WorldSnapshot, log = false): BlockWorld {
  const w = new BlockWorld(task, params, flags, rng, log);
  for (const k of ARRAY_FIELDS) {
    if (snap.arrays[k].length !== w[k].length) throw new RangeError(`restoreWorld: ${k} has ${snap.arrays[k].length} values, the task needs ${w[k].length}`);
    (w[k] as Int32Array).set(snap.arrays[k]);
  }
  w.t = snap.t; w.nPlaced = snap.nPlaced; w.nextDisruption = snap.nextDisruption; w.version = snap.version; w.acting = snap.acting;
  w.problems = snap.problems.map((p) => ({ ...p }));
  w.active = snap.active.slice(); w.pending = snap.pending.slice();
  for (const e of snap.effects) w.schedule({ ...e, causes: e.causes.slice() });
  w.toJudge = snap.toJudge.slice(); w.decisions = snap.decisions.map((d) => ({ ...d })); w.found = snap.found.map((f) => ({ ...f }));
  w.counters = { ...snap.counters };
  w.msgs = snap.msgs.map((m) => ({ ...m })); w.links = snap.links.map((l) => ({ ...l })); w.watches = snap.watches.map((x) => ({ ...x }));
  w.escalations = snap.escalations.map((e) => ({ ...e }));
  return w;
}
