/**
 * An agent's Nous memory for the TBS memory level `nous` (the paper's future work: content-based retrieval, and
 * temporal decay with content reactivation). A thin adapter over the `lib/nous` engine, the one allowed dependency
 * between mechanisms:
 *
 * - `observe` ingests a statement the agent heard, or a private thought, as a Nous turn (offline rule extractor;
 *   one turn = one evidence id; time in turns is written as days, so `halfLifeTurns` is the engine's half-life).
 * - `retrieve(query, { maxTokens })` asks the engine for its BM25 evidence over the deltas of the entities the query
 *   reaches, then ranks the candidates by score × salience, salience = 2^(−(now − last active)/halfLifeTurns), where
 *   a memory becomes active when observed and again each time it is retrieved (content reactivation); it returns the
 *   best texts, most salient first, until `maxTokens` (o200k_base) are used.
 */
import { Memory } from "../nous/engine.js";
import { extractOffline } from "../nous/models/offline.js";
import { query } from "../nous/query.js";
import { countTokens } from "../llm/tokens.js";

export interface AgentMemory {
  observe(o: { text: string; speaker: string; time: number; kind: "heard" | "thought" }): void;
  retrieve(query: string, opts: { maxTokens: number }): string[];
  close(): void;
}

const DAY = 86_400_000;

/**
 * Opens an agent's memory (in this process by default).
 * @example const m = createAgentMemory({ owner: "Participant 1" }); m.observe({ text: "Costs matter.", speaker: "Participant 2", time: 1, kind: "heard" });
 */
export function createAgentMemory(opts: { owner: string; path?: string; halfLifeTurns?: number }): AgentMemory {
  const h = opts.halfLifeTurns ?? 8;
  const mem = Memory.open(opts.path ?? ":memory:", { halfLifeDays: h, k: 24 });
  const texts = new Map<string, string>();
  const active = new Map<string, number>();
  let now = 0;
  let n = 0;
  return {
    observe({ text, speaker, time, kind }) {
      const id = `${kind === "thought" ? "T" : "H"}${++n}`;
      now = Math.max(now, time);
      const turn = { id, speaker: kind === "thought" ? opts.owner : speaker, text, timestamp: time * DAY };
      mem.ingest(turn, extractOffline(turn));
      texts.set(id, text);
      active.set(id, time);
    },
    retrieve(q, { maxTokens }) {
      if (texts.size === 0) return [];
      const ctx = query(mem, q, { now: now * DAY });
      const ranked = ctx.evidence
        .map((e) => ({ id: e.evidenceId, score: e.score * Math.pow(2, -(now - (active.get(e.evidenceId) ?? 0)) / h) }))
        .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1));
      const out: string[] = [];
      let used = 0;
      for (const r of ranked) {
        const t = texts.get(r.id);
        if (t === undefined) continue;
        const k = countTokens(t).tokens;
        if (used + k > maxTokens) break;
        used += k;
        out.push(t);
        active.set(r.id, now);
      }
      return out;
    },
    close() {
      mem.close();
    },
  };
}
