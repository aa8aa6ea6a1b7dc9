/**
 * Turn allocation of one interval (MECHANISMS.md §1).
 *
 * - Willing mode: candidates are the willing agents; the speaker is the candidate with the lowest time_cost
 *   (ties: lowest agent index).
 * - Rotation mode: a fixed cyclic order (agent index order); the scheduled agent (v − 1) mod N speaks if willing.
 * - Force Speak: if no one would speak, the orchestrator forces one (Willing: lowest time_cost overall; Rotation: the
 *   scheduled agent) and marks it `forced`. No Force Speak: silence is a valid outcome.
 * Agents whose reasoning failed (state null) are never selected.
 */
export interface Intention {
  willing: boolean;
  timeCost: number;
  /** False when the agent's reasoning failed in this interval. */
  ok: boolean;
}

export interface TurnDecision {
  speaker: number | null;
  forced: boolean;
  /** Rotation mode: the scheduled agent. */
  scheduled: number | null;
}

/**
 * Resolves who speaks in interval v.
 * @example resolveTurn("willing", "noforce", [{willing:true,timeCost:3,ok:true},{willing:true,timeCost:2,ok:true}], 1) // speaker 1
 */
export function resolveTurn(mode: "willing" | "rotation", force: "force" | "noforce", intents: Intention[], v: number): TurnDecision {
  if (mode === "rotation") {
    const scheduled = (v - 1) % intents.length;
    const it = intents[scheduled];
    if (it.ok && it.willing) return { speaker: scheduled, forced: false, scheduled };
    if (force === "force" && it.ok) return { speaker: scheduled, forced: true, scheduled };
    return { speaker: null, forced: false, scheduled };
  }
  const pick = (onlyWilling: boolean) => {
    let best = -1;
    for (let i = 0; i < intents.length; i++) {
      const it = intents[i];
      if (!it.ok || (onlyWilling && !it.willing)) continue;
      if (best < 0 || it.timeCost < intents[best].timeCost) best = i;
    }
    return best;
  };
  const w = pick(true);
  if (w >= 0) return { speaker: w, forced: false, scheduled: null };
  if (force === "force") {
    const f = pick(false);
    if (f >= 0) return { speaker: f, forced: true, scheduled: null };
  }
  return { speaker: null, forced: false, scheduled: null };
}
