/**
 * The group part of an agent's memory (the shared transcript) and its three retrieval modes.
 *
 * - Latest(n): the events of the n most recent intervals.
 * - Sampling: k events drawn without replacement with weight w ∝ (age + 1)^(−a), age in intervals (long-tailed, recent-favouring).
 * - Summary: events older than `keep` intervals are folded into a running summary; the latest `keep` intervals stay verbatim.
 *   The offline summary is a lossy aggregate: it keeps the count of compressed statements and the mean stance of the
 *   majority side only (minority statements are lost, as a compressing summary drops the less-repeated view).
 *   With an LLM, each agent's summary is written by the model, iteratively (engine.ts, models/llm.ts); the offline
 *   aggregate and its template text never enter an LLM prompt.
 *
 * The Monologue part (own private reasoning) and the Self part (persona card, own public statements) are per agent
 * and live in the engine's agent records.
 */
import type { Rng } from "../core/rng.js";
import type { GroupEvent } from "./types.js";
import type { MemoryOptions } from "./params.js";

/** `nous`: each agent retrieves by content from its own Nous memory (engine.ts); the group transcript is still kept. */
export type MemoryMode = "latest" | "sampling" | "summary" | "nous";

/** The lossy aggregate of compressed history. */
export interface SummaryState {
  /** Intervals < `upTo` are compressed. */
  upTo: number;
  /** Number of statements compressed. */
  count: number;
  /** Mean stance of the majority side of the compressed statements (0 when none). */
  stance: number;
  /** Running sums by side, for the lossy aggregate. */
  support: { n: number; sum: number };
  oppose: { n: number; sum: number };
  /** Text of the summary (template offline; written by the model with an LLM). */
  text: string;
}

/** What one agent recalls of the group in one interval. */
export interface Recall {
  events: GroupEvent[];
  summary?: { text: string; stance: number; weight: number };
}

/** The shared group transcript with retrieval. Serialisable: `toJSON()` / `GroupMemory.fromJSON()`. */
export class GroupMemory {
  readonly events: GroupEvent[] = [];
  summary: SummaryState = { upTo: 1, count: 0, stance: 0, support: { n: 0, sum: 0 }, oppose: { n: 0, sum: 0 }, text: "" };

  constructor(readonly mode: MemoryMode, readonly opts: MemoryOptions) {}

  add(e: GroupEvent): void {
    this.events.push(e);
  }

  /**
   * Folds events older than `keep` intervals (relative to the coming interval v) into the summary.
   * Returns the events newly compressed, so an LLM can rewrite the summary text from them.
   */
  compress(v: number): GroupEvent[] {
    const cut = v - this.opts.summaryKeep;
    if (this.mode !== "summary" || cut <= this.summary.upTo) return [];
    const fresh = this.events.filter((e) => e.interval >= this.summary.upTo && e.interval < cut);
    const s = this.summary;
    for (const e of fresh) {
      if (e.stance > 0) (s.support.n++, (s.support.sum += e.stance));
      else if (e.stance < 0) (s.oppose.n++, (s.oppose.sum += e.stance));
    }
    s.count += fresh.length;
    s.upTo = cut;
    const major = s.support.n >= s.oppose.n ? s.support : s.oppose;
    s.stance = major.n > 0 ? major.sum / major.n : 0;
    if (fresh.length > 0 || !s.text) s.text = offlineSummaryText(s);
    return fresh;
  }

  /** Recall for the coming interval v (events of intervals < v only). */
  recall(v: number, rng: Rng | undefined, latestCache?: GroupEvent[]): Recall {
    const o = this.opts;
    if (this.mode === "latest") return { events: latestCache ?? this.since(v - o.latestN) };
    if (this.mode === "summary") {
      const events = this.since(Math.max(this.summary.upTo, v - o.summaryKeep));
      const s = this.summary;
      return s.count > 0 ? { events, summary: { text: s.text, stance: s.stance, weight: Math.min(s.count, o.summaryCap) } } : { events };
    }
    if (!rng) throw new Error("GroupMemory.recall: sampling mode needs an rng");
    return { events: this.sample(v, rng) };
  }

  /** Events of intervals ≥ from (in transcript order). */
  since(from: number): GroupEvent[] {
    const ev = this.events;
    let i = ev.length;
    while (i > 0 && ev[i - 1].interval >= from) i--;
    return ev.slice(i);
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

  toJSON(): { mode: MemoryMode; opts: MemoryOptions; events: GroupEvent[]; summary: SummaryState } {
    return { mode: this.mode, opts: this.opts, events: this.events, summary: this.summary };
  }

  static fromJSON(j: ReturnType<GroupMemory["toJSON"]>): GroupMemory {
    const m = new GroupMemory(j.mode, j.opts);
    m.events.push(...j.events);
    m.summary = structuredClone(j.summary);
    return m;
  }
}

/** The offline model's template text of the aggregate (used only to size offline cost estimates). */
export function offlineSummaryText(s: SummaryState): string {
  if (s.count === 0) return "";
  const side = s.stance > 0 ? "supporting" : s.stance < 0 ? "opposing" : "undecided about";
  return `Earlier in the hearing, ${s.count} statements were made, mostly ${side} the mandate (typical stance ${s.stance.toFixed(1)}).`;
}
