/**
 * The group part of an agent's memory (the shared transcript) and its three retrieval modes. Windows are counted in
 * statements, not intervals, so every protocol's prompt holds the same window whatever its statements per round.
 *
 * - Latest(n): the n most recent statements.
 * - Sampling: k statements drawn without replacement with weight w ∝ (age + 1)^(−a), age in intervals (long-tailed,
 *   recent-favouring).
 * - Summary: all but the latest `keep` statements are folded into a running summary; those `keep` stay verbatim.
 *   The offline summary is a lossy aggregate, one or more pseudo-events of total weight min(count, cap) whose stances
 *   are set by the summary kind (`offline.summary.kind`): the majority side's mean only, each side's mean weighted by
 *   its share, or a recency-weighted mean of everything compressed. With an LLM, each agent's summary is written by
 *   the model, iteratively (engine.ts, models/llm.ts); the offline aggregate and its template text never enter a prompt.
 *
 * The Monologue part (own private reasoning) and the Self part (persona card, own public statements) are per agent
 * and live in the engine's agent records.
 */
import type { Rng } from "../core/rng.js";
import type { GroupEvent, Recall, SummaryPart } from "./types.js";

export type { Recall, SummaryPart } from "./types.js";
import type { MemoryOptions, OfflineParams } from "./params.js";

/** `nous`, `nous-recency`: each agent recalls from its own Nous memory (nous-memory.ts); the transcript is still kept. */
export type MemoryMode = "latest" | "sampling" | "summary" | "nous" | "nous-recency";

/** What the offline summary keeps (`offline.summary`). */
export type SummaryModel = OfflineParams["summary"];


/** The lossy aggregate of compressed history. */
export interface SummaryState {
  /** Statements [0, upTo) of the transcript are compressed. */
  upTo: number;
  /** Number of statements compressed (= upTo). */
  count: number;
  /** Running sums by side (support > 0, neutral 0, oppose < 0). */
  sides: Record<"support" | "neutral" | "oppose", { n: number; sum: number }>;
  /** Recency-weighted sums: Σ 2^(−age/halfLife)·stance and Σ 2^(−age/halfLife), age in statements from the newest. */
  recency: { sum: number; weight: number };
  /** The pseudo-events the offline model recalls (empty when nothing is compressed). */
  parts: SummaryPart[];
  /** Text of the aggregate (template; used only to size offline cost estimates). */
  text: string;
}


const sideOf = (stance: number): "support" | "neutral" | "oppose" => (stance > 0 ? "support" : stance < 0 ? "oppose" : "neutral");

/** The empty aggregate. */
export function emptySummary(): SummaryState {
  return { upTo: 0, count: 0, sides: { support: { n: 0, sum: 0 }, neutral: { n: 0, sum: 0 }, oppose: { n: 0, sum: 0 } }, recency: { sum: 0, weight: 0 }, parts: [], text: "" };
}

/**
 * The pseudo-events of an aggregate under a summary kind, of total weight min(count, cap).
 * @example summaryParts(s, { kind: "both-sides", cap: 6, halfLife: 5 }) // [{ stance: 2, weight: 4.5 }, { stance: -2, weight: 1.5 }]
 */
export function summaryParts(s: SummaryState, model: SummaryModel): SummaryPart[] {
  if (s.count === 0) return [];
  const total = Math.min(s.count, model.cap);
  const { support, neutral, oppose } = s.sides;
  if (model.kind === "majority") {
    const major = support.n >= oppose.n ? support : oppose;
    return [{ stance: major.n > 0 ? major.sum / major.n : 0, weight: total }];
  }
  if (model.kind === "recency") return [{ stance: s.recency.weight > 0 ? s.recency.sum / s.recency.weight : 0, weight: total }];
  return [support, neutral, oppose].filter((g) => g.n > 0).map((g) => ({ stance: g.sum / g.n, weight: (total * g.n) / s.count }));
}

/** The shared group transcript with retrieval. Serialisable: `toJSON()` / `GroupMemory.fromJSON()`. */
export class GroupMemory {
  readonly events: GroupEvent[] = [];
  summary: SummaryState = emptySummary();

  constructor(readonly mode: MemoryMode, readonly opts: MemoryOptions, readonly summaryModel: SummaryModel) {}

  add(e: GroupEvent): void {
    this.events.push(e);
  }

  /**
   * Folds every statement but the latest `summaryKeep` into the summary. Returns the statements newly compressed,
   * so an LLM agent can rewrite its own summary from them.
   */
  compress(): GroupEvent[] {
    const cut = this.events.length - this.opts.summaryKeep;
    const s = this.summary;
    if (this.mode !== "summary" || cut <= s.upTo) return [];
    const fresh = this.events.slice(s.upTo, cut);
    const h = this.summaryModel.halfLife;
    const decay = Math.pow(2, -fresh.length / h);
    s.recency.sum *= decay;
    s.recency.weight *= decay;
    fresh.forEach((e, k) => {
      const side = s.sides[sideOf(e.stance)];
      side.n++;
      side.sum += e.stance;
      const w = Math.pow(2, -(fresh.length - 1 - k) / h);
      s.recency.sum += w * e.stance;
      s.recency.weight += w;
    });
    s.count += fresh.length;
    s.upTo = cut;
    s.parts = summaryParts(s, this.summaryModel);
    s.text = offlineSummaryText(s);
    return fresh;
  }

  /** Recall for the coming interval v (statements of intervals < v only). */
  recall(v: number, rng: Rng | undefined): Recall {
    const o = this.opts;
    if (this.mode === "latest") return { events: this.last(o.latestN) };
    if (this.mode === "summary") {
      const events = this.events.slice(this.summary.upTo);
      const s = this.summary;
      return s.count > 0 ? { events, summary: { text: s.text, parts: s.parts } } : { events };
    }
    if (!rng) throw new Error("GroupMemory.recall: sampling mode needs an rng");
    return { events: this.sample(v, rng) };
  }

  /** The n most recent statements (in transcript order). */
  last(n: number): GroupEvent[] {
    return this.events.slice(Math.max(0, this.events.length - n));
  }

  /** The interval of the oldest statement still verbatim under Summary memory (Infinity when none is). */
  verbatimFrom(): number {
    return this.summary.upTo < this.events.length ? this.events[this.summary.upTo].interval : Infinity;
  }

  private cumV = -1;
  private cum: number[] = [];

  /** k events without replacement, weight (age + 1)^(−a); cumulative weights are shared by all agents of an interval. */
  private sample(v: number, rng: Rng): GroupEvent[] {
    const ev = this.events;
    const k = Math.min(this.opts.sampleK, ev.length);
    if (k === ev.length) return ev.slice();
    if (this.cumV !== v || this.cum.length !== ev.length) {
      this.cum = new Array(ev.length);
      let acc = 0;
      for (let i = 0; i < ev.length; i++) {
        acc += Math.pow(v - 1 - ev[i].interval + 1, -this.opts.sampleDecay);
        this.cum[i] = acc;
      }
      this.cumV = v;
    }
    const total = this.cum[this.cum.length - 1];
    const picked = new Set<number>();
    // Rejection of repeats is exact for sampling without replacement proportional to weight (successive draws).
    for (let guard = 0; picked.size < k && guard < 1000 * k; guard++) {
      const r = rng.uniform() * total;
      let lo = 0, hi = this.cum.length - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (this.cum[mid] > r) hi = mid;
        else lo = mid + 1;
      }
      picked.add(lo);
    }
    return [...picked].sort((a, b) => a - b).map((i) => ev[i]);
  }

  toJSON(): { mode: MemoryMode; opts: MemoryOptions; summaryModel: SummaryModel; events: GroupEvent[]; summary: SummaryState } {
    return { mode: this.mode, opts: this.opts, summaryModel: this.summaryModel, events: this.events, summary: this.summary };
  }

  static fromJSON(j: ReturnType<GroupMemory["toJSON"]>): GroupMemory {
    const m = new GroupMemory(j.mode, j.opts, j.summaryModel);
    m.events.push(...j.events);
    m.summary = structuredClone(j.summary);
    return m;
  }
}

/** The offline model's template text of the aggregate (used only to size offline cost estimates). */
export function offlineSummaryText(s: SummaryState): string {
  if (s.count === 0) return "";
  const stance = (x: number) => `${x > 0 ? "supporting" : x < 0 ? "opposing" : "undecided about"} the mandate (typical stance ${x.toFixed(1)})`;
  return `Earlier in the hearing, ${s.count} statements were made: ${s.parts.map((p) => `${p.weight.toFixed(1)} parts ${stance(p.stance)}`).join("; ")}.`;
}

/** What an agent recalled of the others' statements in one interval, counted against the topic's agenda. */
export interface RecallCounts {
  /** The others' statements recalled (a summary's parts not counted). */
  recalled: number;
  /** Of those, said while an item of the current item's theme was on the table (0 without an agenda). */
  onTheme: number;
  /** Of those, said under an earlier item of the same theme: brought back across a gap (0 without an agenda). */
  returning: number;
}

/**
 * Counts agent `self`'s recalled statements of others, by when they were said relative to the agenda.
 * @example recallCounts(events, 0, (v) => agendaAt(topic, v), 25) // { recalled: 4, onTheme: 3, returning: 1 }
 */
export function recallCounts(events: GroupEvent[], self: number, itemAt: (v: number) => { id: string; theme: string } | undefined, v: number): RecallCounts {
  const now = itemAt(v);
  let recalled = 0, onTheme = 0, returning = 0;
  for (const e of events) {
    if (e.agent === self) continue;
    recalled++;
    const then = now ? itemAt(e.interval) : undefined;
    if (!now || !then || then.theme !== now.theme) continue;
    onTheme++;
    if (then.id !== now.id) returning++;
  }
  return { recalled, onTheme, returning };
}
