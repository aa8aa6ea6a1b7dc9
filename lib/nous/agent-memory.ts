/**
 * A per-agent Nous memory for multi-agent simulations (the `nous` memory level of other mechanisms).
 *
 * An agent observes what it hears and what it thinks; each observation goes through the offline extractor into
 * the Nous engine (surprise, Bayesian dimension update, delta). Retrieval is by content: BM25 over the deltas of
 * the entities the query reaches in the entity graph (all deltas when it names none), each hit weighted by the
 * activation of its observation, and the beliefs of the dimensions the hits touch are rendered beside them.
 *
 * Time is counted in turns (the simulation's intervals). The engine's clock runs in days, so one turn is one day
 * of it, and the half-life of the beliefs' decay toward uniform is `halfLifeTurns` turns.
 *
 * Activation of an observation at time `now`: 2^(−(now − t_last)/halfLifeTurns), where t_last is the newest time
 * any of its facts was **reactivated by content**: a later observation of the same value of the same dimension
 * (entity, attribute) — a confirmation — brings an old observation back to full activation. An observation never
 * confirmed fades with its age.
 */
import { z } from "zod";
import { ConfigError } from "../core/errors.js";
import { countTokens } from "../llm/tokens.js";
import { Memory } from "./engine.js";
import { extractOffline } from "./models/offline.js";
import { linkEntities, reach } from "./query.js";
import { tokens } from "./retrieval/text.js";

const DAY_MS = 86_400_000;

export interface AgentMemoryOptions {
  /** The agent whose memory this is ("thought" observations are its own). */
  owner: string;
  /** SQLite file of the memory; ":memory:" (default) lives only in this process. Reopening a file restores it. */
  path?: string;
  /** Half-life, in turns, of activation and of the beliefs' decay toward uniform. Default 10. */
  halfLifeTurns?: number;
}

export interface Observation {
  text: string;
  /** Who said it (for "thought", normally the owner). */
  speaker: string;
  /** Turn (interval) number, non-decreasing across calls. */
  time: number;
  kind: "heard" | "thought";
}

export interface AgentMemory {
  readonly owner: string;
  /** Stores one observation (extraction, surprise, belief update, delta; one transaction). */
  observe(o: Observation): void;
  /**
   * The memory's answer to a query as lines of text, best first, within `maxTokens` tokens (o200k_base): belief
   * lines ("belief: Ann · workplace = library (0.71); also: bakery (0.29)") before the first observation of their
   * dimension, observations as "[turn 4, heard] Ann: …". Empty when nothing shares a content word with the query.
   */
  retrieve(query: string, opts: { maxTokens: number }): string[];
  close(): void;
}

const ObservationSchema = z.strictObject({
  text: z.string(),
  speaker: z.string().min(1),
  time: z.number().finite().nonnegative(),
  kind: z.enum(["heard", "thought"]),
});

const OptionsSchema = z.strictObject({
  owner: z.string().min(1),
  path: z.string().min(1).default(":memory:"),
  halfLifeTurns: z.number().positive().finite().default(10),
});

interface Item {
  id: string;
  time: number;
  kind: string;
  text: string;
  /** Newest time a fact of this observation was confirmed (content reactivation). */
  active: number;
}

/** Evidence id of an observation: `<kind>:<time>:<sequence>`. */
const parseId = (id: string): { kind: string; time: number } | undefined => {
  const m = /^(heard|thought):([0-9.e+-]+):\d+$/.exec(id);
  return m ? { kind: m[1], time: Number(m[2]) } : undefined;
};

/**
 * Creates (or reopens, for a file path) an agent's memory.
 *
 * @throws ConfigError for invalid options (the field is named).
 * @example
 * const m = createAgentMemory({ owner: "Ann" });
 * m.observe({ text: "I work at the bakery.", speaker: "Bob", time: 1, kind: "heard" });
 * m.retrieve("Where does Bob work?", { maxTokens: 200 });
 * // ["[turn 1, heard] Bob: I work at the bakery."]
 */
export function createAgentMemory(options: AgentMemoryOptions): AgentMemory {
  const parsed = OptionsSchema.safeParse(options);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError({ path: ["agentMemory", ...issue.path.map(String)], message: issue.message, fix: "createAgentMemory({ owner: string, path?: string, halfLifeTurns?: number > 0 })" });
  }
  const { owner, path, halfLifeTurns: h } = parsed.data;
  const mem = Memory.open(path, { halfLifeDays: h });
  const items = new Map<string, Item>();
  let seq = 0;
  let now = 0;
  // rebuild the observations of a reopened file from its delta log (the evidence ids carry kind and time)
  const rebuild = (from: number): void => {
    for (let i = from; i < mem.deltas.length; i++) {
      const d = mem.deltas[i];
      const p = parseId(d.evidenceId);
      if (!p) continue;
      if (!items.has(d.evidenceId)) {
        items.set(d.evidenceId, { id: d.evidenceId, time: p.time, kind: p.kind, text: d.evidence, active: p.time });
        seq++;
      }
      now = Math.max(now, p.time);
      // a confirmation reactivates the earlier observations of the same value of the same dimension
      for (const j of mem.dimensionDeltas(d.entity, d.attribute)) {
        const old = mem.deltas[j];
        if (old.observation !== d.observation || old.evidenceId === d.evidenceId) continue;
        const it = items.get(old.evidenceId);
        if (it && it.active < p.time) it.active = p.time;
      }
    }
  };
  rebuild(0);

  const activation = (it: Item): number => Math.pow(2, -(now - it.active) / h);

  return {
    owner,
    observe(o: Observation): void {
      const r = ObservationSchema.safeParse(o);
      if (!r.success) {
        const issue = r.error.issues[0];
        throw new ConfigError({ path: ["observation", ...issue.path.map(String)], message: issue.message, fix: "observe({ text: string, speaker: string, time: number ≥ 0, kind: \"heard\" | \"thought\" })" });
      }
      if (r.data.time < now) {
        throw new ConfigError({ path: ["observation", "time"], message: `time ${r.data.time} is before the memory's latest time ${now}`, fix: "observe in time order" });
      }
      const text = r.data.text.trim();
      if (text.length === 0) return;
      const id = `${r.data.kind}:${r.data.time}:${seq}`;
      const turn = { id, speaker: r.data.speaker, text, timestamp: r.data.time * DAY_MS };
      const from = mem.deltas.length;
      mem.ingest(turn, extractOffline(turn));
      rebuild(from);
    },
    retrieve(query: string, opts: { maxTokens: number }): string[] {
      if (!(opts.maxTokens >= 0)) throw new ConfigError({ path: ["retrieve", "maxTokens"], message: `must be a number ≥ 0, got ${String(opts.maxTokens)}`, fix: "pass { maxTokens: 500 }" });
      const linked = linkEntities(mem, query).filter((e) => e !== owner || /\b(i|me|my)\b/i.test(query));
      const reached = linked.length ? reach(mem, linked, mem.options.hops) : undefined;
      const hits = mem.index.search(tokens(query), 400);
      // the named entities' neighbourhood first (a boost), then everything else
      const scored: { it: Item; score: number; doc: number }[] = [];
      const best = new Map<string, number>();
      for (const hit of hits) {
        const d = mem.deltas[hit.doc];
        const it = items.get(d.evidenceId);
        if (!it) continue;
        const boost = reached?.has(mem.resolve(d.entity)) ? 2 : 1;
        const score = hit.score * boost * activation(it);
        const prev = best.get(it.id);
        if (prev !== undefined && scored[prev].score >= score) continue;
        if (prev !== undefined) scored[prev] = { it, score, doc: hit.doc };
        else {
          best.set(it.id, scored.length);
          scored.push({ it, score, doc: hit.doc });
        }
      }
      scored.sort((a, b) => b.score - a.score || a.doc - b.doc);
      const out: string[] = [];
      let used = 0;
      const push = (line: string): boolean => {
        const n = countTokens(line).tokens;
        if (used + n > opts.maxTokens) return false;
        out.push(line);
        used += n;
        return true;
      };
      const shownDims = new Set<string>();
      for (const { it, doc } of scored) {
        const d = mem.deltas[doc];
        const dk = `${d.entity}\u0000${d.attribute}`;
        if (!shownDims.has(dk) && mem.dimensionDeltas(d.entity, d.attribute).length > 1) {
          shownDims.add(dk);
          const b = mem.belief(d.entity, d.attribute, now * DAY_MS);
          if (b && b.length) {
            const alt = b.slice(1, 3).map((x) => `${x.value} (${x.p.toFixed(2)})`).join(", ");
            push(`belief: ${d.entity} · ${d.attribute} = ${b[0].value} (${b[0].p.toFixed(2)})${alt ? `; also: ${alt}` : ""}`);
          }
        }
        push(`[turn ${it.time}, ${it.kind}] ${it.text}`);
      }
      return out;
    },
    close(): void {
      mem.close();
    },
  };
}
