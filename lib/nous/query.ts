/**
 * The query pipeline: link the entities a question names, breadth-first search over the entity graph (up to
 * `hops`), the top deltas of reached entities by BM25 as evidence (k distinct source turns), and the states of
 * their dimensions as fact lines (mode, probability, alternatives, and multi-valued recall: every value whose
 * delta surprise exceeded θ_min).
 */
import type { Memory } from "./engine.js";
import { tokens } from "./retrieval/text.js";
import type { EvidenceItem, FactLine, QueryContext } from "./types.js";

/** Entities named in a text (whole words, up to three-word names, case-insensitive), canonical, in order. */
export function linkEntities(mem: Memory, text: string): string[] {
  const words = text.toLowerCase().split(/[^\p{L}\p{N}'-]+/u).map((w) => w.replace(/'s$/, "")).filter(Boolean);
  const found: string[] = [];
  for (let n = 3; n >= 1; n--) {
    for (let i = 0; i + n <= words.length; i++) {
      const name = mem.names.get(words.slice(i, i + n).join(" "));
      if (name !== undefined) {
        const c = mem.resolve(name);
        if (!found.includes(c)) found.push(c);
      }
    }
  }
  return found;
}

/** Breadth-first search from `seeds` up to `hops` edges; returns entity → hop distance. */
export function reach(mem: Memory, seeds: string[], hops: number): Map<string, number> {
  const dist = new Map<string, number>();
  let frontier = seeds.slice();
  for (const s of seeds) dist.set(s, 0);
  for (let h = 1; h <= hops && frontier.length > 0; h++) {
    const next: string[] = [];
    for (const e of frontier) {
      for (const nb of mem.adjacency.get(e) ?? []) {
        const c = mem.resolve(nb);
        if (!dist.has(c)) {
          dist.set(c, h);
          next.push(c);
        }
      }
    }
    frontier = next;
  }
  return dist;
}

/** Options of one query; unset fields take the memory's options. */
export interface QueryOptions {
  k?: number;
  hops?: number;
  /** Evidence slots (of k) filled from the dimensions of the best evidence before the rest of the BM25 list. */
  dimensionSlots?: number;
  /** Time the question is asked (ms); beliefs are decayed to it. Default: the newest delta's time. */
  now?: number;
}

/**
 * Builds the context an answerer sees for a question.
 *
 * @example
 * const ctx = query(mem, "Where does Ann work?");
 * ctx.facts[0]; // { entity: "Ann", attribute: "work", mode: "bakery", p: 1, … }
 */
export function query(mem: Memory, question: string, opts: QueryOptions = {}): QueryContext {
  const o = mem.options;
  const k = opts.k ?? o.k;
  const hops = opts.hops ?? o.hops;
  const now = opts.now ?? mem.latestTimestamp();
  const linked = linkEntities(mem, question);
  const reached = linked.length ? reach(mem, linked, hops) : undefined;
  const accept = reached ? (doc: number) => reached.has(mem.resolve(mem.deltas[doc].entity)) : undefined;
  const hits = mem.index.search(tokens(question), k * 8, accept);
  const evidence: EvidenceItem[] = [];
  const seen = new Set<string>();
  const take = (doc: number, score: number): void => {
    const d = mem.deltas[doc];
    if (seen.has(d.evidenceId) || evidence.length >= k) return;
    seen.add(d.evidenceId);
    evidence.push({ deltaId: d.id, evidenceId: d.evidenceId, entity: d.entity, attribute: d.attribute, observation: d.observation, timestamp: d.timestamp, text: d.evidence, score });
  };
  const slots = Math.min(opts.dimensionSlots ?? o.dimensionSlots, k - 1);
  for (const h of hits) {
    if (evidence.length >= k - slots) break;
    take(h.doc, h.score);
  }
  if (slots > 0) {
    // aggregation over the dimensions of the best evidence: their other deltas, most surprising first
    const scoreOf = new Map(hits.map((h) => [h.doc, h.score]));
    for (const e of evidence.slice()) {
      if (e.attribute === "talked about") continue;
      const idx = mem.dimensionDeltas(e.entity, e.attribute).slice().sort((a, b) => mem.deltas[b].surprise - mem.deltas[a].surprise || a - b);
      for (const i of idx) take(i, scoreOf.get(i) ?? 0);
    }
  }
  for (const h of hits) take(h.doc, h.score);
  const facts: FactLine[] = [];
  const factKeys = new Set<string>();
  for (const e of evidence) {
    const fk = `${e.entity}\u0000${e.attribute}`;
    if (factKeys.has(fk)) continue;
    factKeys.add(fk);
    const f = factLine(mem, e.entity, e.attribute, now);
    if (f) facts.push(f);
  }
  return {
    question,
    linked,
    reached: Object.fromEntries(reached ?? []),
    facts,
    evidence,
    sourceIds: evidence.map((e) => e.evidenceId),
  };
}

/** The fact line of one dimension at time `now`. */
export function factLine(mem: Memory, entity: string, attribute: string, now: number): FactLine | undefined {
  const state = mem.dimensionState(entity, attribute);
  if (!state) return undefined;
  const o = mem.options;
  const dist = state.distributionAt(now, o.halfLifeDays);
  const idx = mem.dimensionDeltas(entity, attribute);
  const recalled: string[] = [];
  if (o.thetaMin !== null) {
    for (const i of idx) {
      const d = mem.deltas[i];
      if (d.surprise > o.thetaMin && !recalled.includes(d.observation)) recalled.push(d.observation);
    }
  }
  const mode = dist[0];
  const sources = idx.map((i) => mem.deltas[i]).filter((d) => d.observation === mode.value).map((d) => d.evidenceId);
  return { entity, attribute, mode: mode.value, p: mode.p, alternatives: dist.slice(1, 4), recalled, sources: [...new Set(sources)] };
}

/** Renders a context as the text an answerer reads: fact lines, then dated evidence. */
export function renderContext(ctx: QueryContext): string {
  const lines: string[] = ["Beliefs (entity · attribute: mode (probability); alternatives; values ever recalled):"];
  for (const f of ctx.facts) {
    const alt = f.alternatives.map((a) => `${a.value} (${a.p.toFixed(2)})`).join(", ");
    const rec = f.recalled.length > 1 ? `; all values: ${f.recalled.join(" | ")}` : "";
    lines.push(`- ${f.entity} · ${f.attribute}: ${f.mode} (${f.p.toFixed(2)})${alt ? `; alternatives: ${alt}` : ""}${rec}`);
  }
  lines.push("", "Evidence (date, turn id, text):");
  for (const e of ctx.evidence) lines.push(`- [${formatDate(e.timestamp)}] (${e.evidenceId}) ${e.text}`);
  return lines.join("\n");
}

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** "7 May 2023": LoCoMo's way of writing a date. */
export function formatDate(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}
