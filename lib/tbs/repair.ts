/**
 * The validated repair step for replies of a language model.
 *
 * A reply that fails `internalStateSchema` (or `utteranceSchema`) is repaired only in ways that keep its meaning:
 * numbers written as strings are read, items outside 1..7 and stances outside −3..3 are rounded and clamped,
 * strategy synonyms are mapped to the six strategies, "yes"/"no" become booleans, a non-positive time_cost becomes 0.01 s,
 * a missing monologue becomes "". Every change is described in `repairs` (written to the row). Anything else, such as
 * an unknown strategy or a missing item, is an error naming the field; the result is validated again after repair.
 * Expected failures are returned, not thrown.
 */
import { calledUtteranceSchema, internalStateSchema, SPEAKING_STRATEGIES, STRATEGIES, TIME_COST_MAX, utteranceSchema, type CalledUtterance, type InternalState, type Strategy, type Utterance } from "./types.js";

export type Repaired<T> = { ok: true; value: T; repairs: string[] } | { ok: false; error: string; repairs: string[] };

const SYNONYMS: Record<string, Strategy> = {
  defense: "defend", defending: "defend", maintain: "defend", assert: "defend", advocate: "defend",
  qualifying: "qualify", hedge: "qualify", nuance: "qualify", caveat: "qualify",
  converging: "converge", concede: "converge", compromise: "converge", agree: "converge", accommodate: "converge",
  challenging: "challenge", counter: "challenge", rebut: "challenge", dispute: "challenge", disagree: "challenge", attack: "challenge",
  bridging: "bridge", mediate: "bridge", "common ground": "bridge", reconcile: "bridge",
  withholding: "withhold", silent: "withhold", silence: "withhold", "stay silent": "withhold", wait: "withhold", pass: "withhold", listen: "withhold", none: "withhold",
};

/** Extracts the first JSON object from a reply (code fences and surrounding prose are ignored). */
export function extractJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    const start = text.indexOf("{");
    const end = text.lastIndexOf("}");
    if (start < 0 || end <= start) throw new Error("reply contains no JSON object");
    return JSON.parse(text.slice(start, end + 1));
  }
}

function num(obj: Record<string, unknown>, key: string, lo: number, hi: number, repairs: string[], int = true): void {
  let v = obj[key];
  if (typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v))) {
    repairs.push(`${key}: string "${v}" read as a number`);
    v = Number(v);
  }
  if (typeof v !== "number" || !Number.isFinite(v)) return;
  let w = int ? Math.round(v) : v;
  w = Math.min(hi, Math.max(lo, w));
  if (w !== v) repairs.push(`${key}: ${v} → ${w} (allowed ${lo}..${hi}${int ? ", integer" : ""})`);
  obj[key] = w;
}

/**
 * Repairs and validates an internal-state reply.
 * @example repairState({ ...valid, perceived_isolation_risk: 9 }) // ok, repairs: ["perceived_isolation_risk: 9 → 7 …"]
 */
export function repairState(input: unknown): Repaired<InternalState> {
  const repairs: string[] = [];
  if (!input || typeof input !== "object" || Array.isArray(input)) return { ok: false, error: "reply is not a JSON object", repairs };
  const o: Record<string, unknown> = { ...(input as Record<string, unknown>) };
  for (const k of ["perceived_inconsistency", "dissonance_tension", "tension_reduction_motivation", "perceived_opinion_climate", "perceived_isolation_risk"]) num(o, k, 1, 7, repairs);
  num(o, "private_stance", -3, 3, repairs);
  if (typeof o.time_cost === "string" && Number.isFinite(Number(o.time_cost))) {
    repairs.push(`time_cost: string "${o.time_cost}" read as a number`);
    o.time_cost = Number(o.time_cost);
  }
  if (typeof o.time_cost === "number" && !(o.time_cost > 0)) {
    repairs.push(`time_cost: ${o.time_cost} → 0.01 (must be > 0)`);
    o.time_cost = 0.01;
  }
  if (typeof o.time_cost === "number" && o.time_cost > TIME_COST_MAX) {
    repairs.push(`time_cost: ${o.time_cost} → ${TIME_COST_MAX} (at most ${TIME_COST_MAX} s)`);
    o.time_cost = TIME_COST_MAX;
  }
  if (typeof o.willing_to_speak === "string") {
    const s = o.willing_to_speak.trim().toLowerCase();
    if (["true", "yes", "y", "1"].includes(s)) (o.willing_to_speak = true), repairs.push(`willing_to_speak: "${s}" → true`);
    else if (["false", "no", "n", "0"].includes(s)) (o.willing_to_speak = false), repairs.push(`willing_to_speak: "${s}" → false`);
  }
  if (typeof o.strategy === "string" && !(STRATEGIES as readonly string[]).includes(o.strategy)) {
    const s = o.strategy.trim().toLowerCase();
    const mapped = (STRATEGIES as readonly string[]).includes(s) ? (s as Strategy) : SYNONYMS[s];
    if (!mapped) return { ok: false, error: `strategy: unknown strategy "${o.strategy}" (allowed: ${STRATEGIES.join(", ")})`, repairs };
    repairs.push(`strategy: "${o.strategy}" → ${mapped}`);
    o.strategy = mapped;
  }
  if (o.monologue === undefined || o.monologue === null) {
    repairs.push("monologue: missing → empty string");
    o.monologue = "";
  }
  const r = internalStateSchema.safeParse(o);
  if (!r.success) {
    const i = r.error.issues[0];
    return { ok: false, error: `${i.path.join(".") || "reply"}: ${i.message}`, repairs };
  }
  return { ok: true, value: r.data, repairs };
}

/** Repairs and validates a speech reply (expressed_stance rounded and clamped to −3..3). */
export function repairUtterance(input: unknown): Repaired<Utterance> {
  const repairs: string[] = [];
  if (!input || typeof input !== "object" || Array.isArray(input)) return { ok: false, error: "reply is not a JSON object", repairs };
  const o: Record<string, unknown> = { ...(input as Record<string, unknown>) };
  num(o, "expressed_stance", -3, 3, repairs);
  const r = utteranceSchema.safeParse(o);
  if (!r.success) {
    const i = r.error.issues[0];
    return { ok: false, error: `${i.path.join(".") || "reply"}: ${i.message}`, repairs };
  }
  return { ok: true, value: r.data, repairs };
}

/**
 * Repairs and validates the reply of a speaker who did not choose to speak: strategy synonyms are mapped (a
 * `withhold` is an error: the speaker must speak), and expressed_stance is rounded and clamped.
 */
export function repairCalledUtterance(input: unknown): Repaired<CalledUtterance> {
  const repairs: string[] = [];
  if (!input || typeof input !== "object" || Array.isArray(input)) return { ok: false, error: "reply is not a JSON object", repairs };
  const o: Record<string, unknown> = { ...(input as Record<string, unknown>) };
  num(o, "expressed_stance", -3, 3, repairs);
  if (typeof o.strategy === "string" && !(SPEAKING_STRATEGIES as readonly string[]).includes(o.strategy)) {
    const s = o.strategy.trim().toLowerCase();
    const mapped = (STRATEGIES as readonly string[]).includes(s) ? (s as Strategy) : SYNONYMS[s];
    if (!mapped || mapped === "withhold") return { ok: false, error: `strategy: "${o.strategy}" is not a speaking strategy (allowed: ${SPEAKING_STRATEGIES.join(", ")})`, repairs };
    repairs.push(`strategy: "${o.strategy}" → ${mapped}`);
    o.strategy = mapped;
  }
  const r = calledUtteranceSchema.safeParse(o);
  if (!r.success) {
    const i = r.error.issues[0];
    return { ok: false, error: `${i.path.join(".") || "reply"}: ${i.message}`, repairs };
  }
  return { ok: true, value: r.data, repairs };
}
