/**
 * The query pipeline: link the entities a question names, breadth-first search over the entity graph (up to
 * `hops`), the top deltas of reached entities by BM25 as evidence (k distinct source turns), and the states of
 * their dimensions as fact lines (mode, probability, alternatives, and multi-valued recall: every value whose
 * delta surprise exceeded θ_min).
 */
import { countTokens } from "../llm/tokens.js";
import type { Memory } from "./engine.js";
import { tokens } from "./retrieval/text.js";
import type { EvidenceItem, FactLine, QueryContext } from "./types.js";

/** Everyday words for one relation ("mum", "mom", "mother"), each to the others. */
const RELATION_WORDS = new Map<string, string[]>();
for (const group of [["mum", "mom", "mother", "mam", "ma", "mummy", "mommy"], ["dad", "father", "papa", "daddy", "pa"], ["sister", "sis"], ["brother", "bro"], ["grandmother", "grandma", "gran", "granny", "nan", "nana"], ["grandfather", "grandpa", "grandad", "granddad"], ["partner", "girlfriend", "boyfriend", "husband", "wife", "fiance", "fiancee", "fiancé", "fiancée", "spouse"], ["flatmate", "roommate", "housemate"], ["neighbour", "neighbor"]])
  for (const w of group) RELATION_WORDS.set(w, group.filter((x) => x !== w));

/**
 * Entities named in a text (whole words, up to three-word names, case-insensitive), canonical, longest names first:
 * "Zara's dad" before "Zara" when the memory holds both, and before both the person Zara named as her dad ("my dad
 * Tom": Tom), when there is one.
 */
export function linkEntities(mem: Memory, text: string): string[] {
  const raw = text.toLowerCase().replace(/[’]/g, "'").split(/[^\p{L}\p{N}'-]+/u).filter(Boolean);
  const words = raw.map((w) => w.replace(/'s$/, ""));
  const found: string[] = [];
  // "Wei's sister" when Wei named her ("my sister Jiamin"): the named person, first
  for (let i = 0; i + 1 < raw.length; i++) {
    if (!raw[i].endsWith("'s")) continue;
    const holder = mem.names.get(words[i]);
    if (holder === undefined) continue;
    for (const attribute of ["family", "relationship"]) {
      for (const { value } of mem.belief(holder, attribute) ?? []) {
        const [relation, ...rest] = value.split(" ");
        const name = rest.length ? mem.names.get(rest.join(" ").toLowerCase()) : undefined;
        if (relation.toLowerCase() === words[i + 1] && name !== undefined && !found.includes(mem.resolve(name))) found.push(mem.resolve(name));
      }
    }
  }
  for (let n = 3; n >= 1; n--) {
    for (let i = 0; i + n <= words.length; i++) {
      // "Tyler's mum" when Tyler said "my mom" ("my mother", "my mam"): a relation by any of its everyday words
      const alike = n >= 2 && raw[i + n - 2].endsWith("'s") ? (RELATION_WORDS.get(words[i + n - 1]) ?? []).map((w) => mem.names.get([...raw.slice(i, i + n - 1), w].join(" "))).find((x) => x !== undefined) : undefined;
      const name = mem.names.get(raw.slice(i, i + n).join(" ")) ?? mem.names.get(words.slice(i, i + n).join(" ")) ?? alike;
      if (name !== undefined) {
        const c = mem.resolve(name);
        if (!found.includes(c)) found.push(c);
      }
    }
  }
  // "Sam" when the speaker named "my brother" Sam in passing ("my brother's moving to Dubai" "sam?? for real"): the
  // relation's own entity, after the named one
  const named = found.filter((f) => !f.includes("'s ") && !f.includes(" "));
  if (named.length) {
    for (const holder of new Set(mem.names.values())) {
      for (const attribute of ["family", "relationship"]) {
        for (const { value } of mem.belief(holder, attribute) ?? []) {
          const [relation, ...rest] = value.split(" ");
          if (!rest.length || !named.some((n) => n.toLowerCase() === rest.join(" ").toLowerCase())) continue;
          const rel = mem.names.get(`${holder.toLowerCase()}'s ${relation.toLowerCase()}`);
          if (rel !== undefined && !found.includes(mem.resolve(rel))) found.push(mem.resolve(rel));
        }
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
  /** Token budget of the rendered context (replaces k); null: use k. */
  budgetTokens?: number | null;
  graphBoost?: number;
  /** Evidence slots (of k) filled from the dimensions of the best evidence before the rest of the BM25 list. */
  dimensionSlots?: number;
  /** Whether a home or workplace question's unused budget is filled with the other turns (MemoryOptions.fillBudget). */
  fillBudget?: boolean;
  /** Time the question is asked (ms); beliefs are decayed to it. Default: the newest delta's time. */
  now?: number;
  /**
   * Attributes whose beliefs about the entities the question names are rendered first, as fact lines, whatever the
   * evidence search finds (the state the question asks about: home, workplace, job). Default: none.
   */
  stateAttributes?: readonly string[];
}

/** The evidence the question's words found (not the turns that fill the budget they left). */
export const lexicalEvidence = (ctx: QueryContext): EvidenceItem[] => (ctx.evidence.some((e) => e.filled) ? ctx.evidence.filter((e) => !e.filled) : ctx.evidence);

/** Attributes that are a last resort of the offline extractor, not a belief about anything. */
export const FALLBACK_ATTRIBUTES = new Set(["talked about", "photo", "shared photo"]);

const lineTokens = new Map<string, number>();
/** Tokens (o200k_base) of one line of rendered context, cached. */
export function tokensOf(line: string): number {
  let n = lineTokens.get(line);
  if (n === undefined) {
    n = countTokens(line).tokens; // a newline merges with the next line's first token ("\n-")
    if (lineTokens.size < 500_000) lineTokens.set(line, n);
  }
  return n;
}

const BELIEFS_HEADER = "Beliefs (entity · attribute: mode (probability); alternatives; values ever recalled):";
const EVIDENCE_HEADER = "Evidence (date, turn id, text):";

/**
 * Builds the context an answerer sees for a question: BM25 over all deltas, each score multiplied by
 * 1 + graphBoost·2^(−h) when its entity is h hops from an entity the question names (a boost, never a filter),
 * then distinct source turns in that order, with the belief of each evidence's dimension (when it has more than
 * one delta) as a fact line, until k turns or the token budget is reached. A question about a home or a workplace
 * then gets what its words left of a token budget filled with the other turns, latest first (`fillBudget`), each
 * marked `filled` and given no fact line.
 *
 * @example
 * const ctx = query(mem, "Where does Ann work?");
 * ctx.facts[0]; // { entity: "Ann", attribute: "workplace", mode: "library", p: 0.67, … }
 */
export function query(mem: Memory, question: string, opts: QueryOptions = {}): QueryContext {
  const o = mem.options;
  const k = opts.k ?? o.k;
  const budget = opts.budgetTokens === undefined ? o.budgetTokens : opts.budgetTokens;
  const hops = opts.hops ?? o.hops;
  const boost = opts.graphBoost ?? o.graphBoost;
  const now = opts.now ?? mem.latestTimestamp();
  const linked = linkEntities(mem, question);
  const reached = linked.length ? reach(mem, linked, hops) : undefined;
  let excluded = 0;
  if (reached) {
    let inReach = 0;
    for (const e of reached.keys()) inReach += mem.entityDeltaCount.get(e) ?? 0;
    excluded = mem.deltas.length - inReach;
  }
  const raw = mem.index.search(tokens(question), 400);
  const hits = reached && boost > 0
    ? raw.map((h) => {
        const hop = reached.get(mem.resolve(mem.deltas[h.doc].entity));
        return hop === undefined ? h : { doc: h.doc, score: h.score * (1 + boost * Math.pow(2, -hop)) };
      }).sort((x, y) => y.score - x.score || x.doc - y.doc)
    : raw;
  const evidence: EvidenceItem[] = [];
  const facts: FactLine[] = [];
  const factKeys = new Set<string>();
  const seen = new Set<string>();
  let used = budget === null ? 0 : tokensOf(EVIDENCE_HEADER);
  // the beliefs of the named entities about the states the question asks for, before any evidence
  const states: FactLine[] = [];
  for (const e of linked.slice(0, 2)) {
    for (const a of opts.stateAttributes ?? []) {
      const f = mem.dimensionState(e, a) ? factLine(mem, e, a, now) : undefined;
      if (!f) continue;
      const cost = tokensOf(renderFact(f)) + (states.length === 0 ? tokensOf(BELIEFS_HEADER) + 1 : 0);
      if (budget !== null && used + cost > budget) continue;
      used += budget === null ? 0 : cost;
      states.push(f);
      factKeys.add(`${f.entity}\u0000${a}`);
    }
  }
  // … and their beliefs about the other of home and workplace (not rendered, no cost; see QueryContext.counterparts)
  const asked = opts.stateAttributes ?? [];
  const counterparts = linked.slice(0, 2).flatMap((e) => asked.flatMap((a) => {
    const other = a === "home" ? "workplace" : a === "workplace" ? "home" : undefined;
    return other && !asked.includes(other) && mem.dimensionState(e, other) ? [factLine(mem, e, other, now)!] : [];
  }));
  const full = (): boolean => (budget === null ? evidence.length >= k : budget - used < 12);
  const take = (doc: number, score: number, filled = false): void => {
    const d = mem.deltas[doc];
    if (seen.has(d.evidenceId) || full()) return;
    const fk = `${mem.resolve(d.entity)}\u0000${d.attribute}`;
    const item: EvidenceItem = { deltaId: d.id, evidenceId: d.evidenceId, entity: mem.resolve(d.entity), attribute: d.attribute, observation: d.observation, timestamp: d.timestamp, text: d.evidence, score, ...(filled ? { filled } : {}) };
    // the evidence line alone must fit before its fact line is worth computing
    const lineCost = budget === null ? 0 : tokensOf(evidenceLine(item));
    if (budget !== null && used + lineCost > budget) return;
    const f = !filled && !factKeys.has(fk) && !FALLBACK_ATTRIBUTES.has(d.attribute) && mem.dimensionDeltas(d.entity, d.attribute).length > 1 ? factLine(mem, d.entity, d.attribute, now) : undefined;
    if (budget !== null) {
      // a fact line costs its line, and the beliefs header (and a blank line) with the first fact
      const cost = lineCost + (f ? tokensOf(renderFact(f)) + (facts.length === 0 && states.length === 0 ? tokensOf(BELIEFS_HEADER) + 1 : 0) : 0);
      if (used + cost > budget) return;
      used += cost;
    }
    seen.add(d.evidenceId);
    evidence.push(item);
    if (f) {
      factKeys.add(fk);
      facts.push(f);
    }
  };
  const slots = budget === null ? Math.min(opts.dimensionSlots ?? o.dimensionSlots, k - 1) : 0;
  for (const h of hits) {
    if (evidence.length >= k - slots && budget === null) break;
    take(h.doc, h.score);
  }
  if (slots > 0) {
    // aggregation over the dimensions of the best evidence: their other deltas, most surprising first
    const scoreOf = new Map(hits.map((h) => [h.doc, h.score]));
    for (const e of evidence.slice()) {
      if (FALLBACK_ATTRIBUTES.has(e.attribute)) continue;
      const idx = mem.dimensionDeltas(e.entity, e.attribute).slice().sort((a, b) => mem.deltas[b].surprise - mem.deltas[a].surprise || a - b);
      for (const i of idx) take(i, scoreOf.get(i) ?? 0);
    }
    for (const h of hits) take(h.doc, h.score);
  }
  // a home or a workplace asked for: what the question's words left of the budget goes to the other turns, latest
  // first (a short conversation fits whole; the place may be told in words the question does not use: "Concentrix
  // pa rin, still on the US telco account")
  if (budget !== null && (opts.fillBudget ?? o.fillBudget) && (opts.stateAttributes ?? []).some((a) => a === "home" || a === "workplace")) for (let i = mem.deltas.length - 1; i >= 0 && !full(); i--) take(i, 0, true);
  const ctx: QueryContext = {
    question,
    linked,
    reached: Object.fromEntries(reached ?? []),
    facts: [...states, ...facts],
    states,
    ...(counterparts.length ? { counterparts } : {}),
    evidence,
    speakers: [...mem.speakers],
    sourceIds: evidence.map((e) => e.evidenceId),
    excluded,
  };
  // the sum of the cached line counts (a newline merges with the next line's first token, so this is the count of
  // the rendered context give or take a token; the LoCoMo rows record the exact count)
  if (budget !== null) ctx.tokens = used;
  return ctx;
}

const FOLDED = new Set(["home", "workplace", "origin"]);

/** The fact line of one dimension at time `now`. */
export function factLine(mem: Memory, entity: string, attribute: string, now: number): FactLine | undefined {
  const state = mem.dimensionState(entity, attribute);
  if (!state) return undefined;
  const o = mem.options;
  const raw = state.distributionAt(now, o.halfLifeDays, o.decayTarget);
  // runs of words fold only in the states of places and organisations (a dimension of topics holds hundreds of values)
  const runs = FOLDED.has(attribute);
  const to = shortFormTargets(raw.map((d) => d.value), runs) ?? ((v: string) => v);
  const dist = foldShortForms(raw, runs);
  const idx = mem.dimensionDeltas(entity, attribute);
  const recalled: string[] = [];
  if (o.thetaMin !== null) {
    // multi-valued recall (MECHANISMS.md §4): the dimension's first value, then every value whose delta had S ≥ θ_min
    idx.forEach((i, j) => {
      const d = mem.deltas[i];
      if ((j === 0 || d.surprise >= o.thetaMin!) && !recalled.includes(d.observation)) recalled.push(d.observation);
    });
  }
  const mode = dist[0];
  const sources = idx.map((i) => mem.deltas[i]).filter((d) => to(d.observation) === mode.value).map((d) => d.evidenceId);
  const line: FactLine = { entity: mem.resolve(entity), attribute, mode: mode.value, p: mode.p, alternatives: dist.slice(1, 4), recalled, sources: [...new Set(sources)] };
  if (state.unnamed.size) line.unnamed = [...new Set([...state.unnamed].map(to))];
  // a place known to lie within another ("Salthill" within "Galway"): the containing place, by its own belief
  if (attribute === "home" || attribute === "origin") {
    const within: Record<string, string> = {};
    for (const v of [mode, ...line.alternatives]) {
      // held in the spelling first seen ("connewitz"), the place may be known as "Connewitz"
      const c = (mem.belief(v.value, "within", now) ?? mem.belief(mem.names.get(v.value.toLowerCase()) ?? v.value, "within", now))?.[0]?.value;
      if (c && c !== v.value) within[v.value] = c;
    }
    if (Object.keys(within).length) line.within = within;
  }
  return line;
}

const SMALL_WORD = /^(?:of|the|and|de|da|do|du|des|la|le|&)$/i;

/** The initials of a name's words, its small words left out: "University of Ibadan" → "ui", "São Paulo" → "sp". */
const initials = (v: string): string => v.split(/[\s-]+/).filter((w) => !SMALL_WORD.test(w)).map((w) => w[0]).join("").toLowerCase();

/** The initials of every word, small words too: "Cagayan de Oro" → "cdo". */
const allInitials = (v: string): string => v.split(/[\s-]+/).filter(Boolean).map((w) => w[0]).join("").toLowerCase();

/**
 * Whether the words of `short` (two or more) name a run of the words of `long` with some of them shortened: a word
 * the same, a word's first three letters or more ("Makati Med" for "Makati Medical Center"), or capitals that are the
 * initials of the next words ("Air NZ" for "Air New Zealand").
 */
export function abbreviates(short: string, long: string): boolean {
  const s = short.split(/\s+/).filter(Boolean);
  const l = long.replace(/^(?:the|a|an) /i, "").split(/\s+/).filter(Boolean);
  if (s.length < 2) return false;
  const from = (i: number, j: number, shortened: boolean): boolean => {
    if (i === s.length) return shortened;
    const w = s[i];
    if (j >= l.length) return false;
    if (w.toLowerCase() === l[j].toLowerCase() && from(i + 1, j + 1, shortened)) return true;
    if (w.length >= 3 && w.length < l[j].length && l[j].toLowerCase().startsWith(w.toLowerCase()) && from(i + 1, j + 1, true)) return true;
    if (/^\p{Lu}{2,5}$/u.test(w)) {
      for (let e = j + 2; e <= l.length; e++) {
        const run = l.slice(j, e).join(" ");
        if ((initials(run) === w.toLowerCase() || allInitials(run) === w.toLowerCase()) && from(i + 1, e, true)) return true;
      }
    }
    return false;
  };
  return l.some((_, j) => from(0, j, false));
}

const nameWords = (v: string): string[] => v.toLowerCase().replace(/^(?:the|a|an) /, "").split(/[\s-]+/).filter(Boolean);

/**
 * Whether `short` names the same thing as the longer `long` the way chat shortens a name: its initials ("DB" for
 * "Deutsche Bahn", "CDO" for "Cagayan de Oro"), its words shortened ("Air NZ", "Makati Med"), or a run of its words ("Kestrel Ridge", "the clinic" and "Miramar" for "Kestrel Ridge Vet
 * Clinic" and "Hotel Miramar").
 */
export function shortFormOf(short: string, long: string): boolean {
  // the same name in lower case ("connewitz" for "Connewitz")
  if (short !== long && short.toLowerCase() === long.toLowerCase()) return short === short.toLowerCase();
  if (/^\p{Lu}{2,5}$/u.test(short)) return long.includes(" ") && (initials(long) === short.toLowerCase() || allInitials(long) === short.toLowerCase());
  if (abbreviates(short, long)) return true;
  // one word clipped, with chat's -y, -ie or -o ("Obs" for "Observatory", "Bara" for "Chris Hani Baragwanath",
  // "Freo" for "Fremantle", "Brissy" for "Brisbane")
  if (/^\p{Lu}\p{Ll}{2,}$/u.test(short)) {
    const w = short.toLowerCase();
    const base = w.replace(/(?:ie|y|o)$/, "").replace(/(\p{Ll})\1$/u, "$1");
    if (nameWords(long).some((x) => (x.length >= w.length + 2 && x.startsWith(w)) || (base !== w && base.length >= 3 && x.length >= base.length + 3 && x.startsWith(base)))) return true;
  }
  const s = nameWords(short);
  const l = nameWords(long);
  if (s.length === 0 || s.length >= l.length) return false;
  for (let i = 0; i + s.length <= l.length; i++) if (s.every((w, j) => w === l[i + j])) return true;
  return false;
}

/**
 * The full name each value of a dimension stands for, "not X" included; undefined when no value is a short form.
 */
export function shortFormTargets(values: readonly string[], runs = true): ((v: string) => string) | undefined {
  // without runs of words, only initials fold: nothing to do unless a value is written as initials
  if (!runs && !values.some((v) => /^\p{Lu}{2,5}$/u.test(v))) return undefined;
  const names = [...new Set(values.map((v) => (v.startsWith("not ") ? v.slice(4) : v)))];
  const target = new Map<string, string>();
  for (const v of names) {
    if (!runs && !/^\p{Lu}{2,5}$/u.test(v)) continue;
    const longer = names.filter((l) => shortFormOf(v, l)).sort((a, b) => nameWords(b).length - nameWords(a).length);
    if (longer.length && longer.every((l) => l === longer[0] || shortFormOf(l, longer[0]))) target.set(v, longer[0]);
  }
  if (target.size === 0) return undefined;
  return (v) => (v.startsWith("not ") && target.has(v.slice(4)) ? `not ${target.get(v.slice(4))}` : target.get(v) ?? v);
}

/**
 * A value written as a short form of another value of the same dimension (its initials, or a run of its words) is
 * that value: its probability joins the full name's, and an ending of the short form ("not clinic") is an ending of
 * the full name. A short form that fits two names that do not nest is left alone. With `runs` false, only initials
 * fold.
 *
 * @example
 * foldShortForms([{ value: "DB", p: 0.6 }, { value: "Deutsche Bahn", p: 0.4 }]); // [{ value: "Deutsche Bahn", p: 1 }]
 * foldShortForms([{ value: "clinic", p: 0.5 }, { value: "Kestrel Ridge Vet Clinic", p: 0.3 }, { value: "Kestrel Ridge", p: 0.2 }]);
 * // [{ value: "Kestrel Ridge Vet Clinic", p: 1 }]
 */
export function foldShortForms<T extends { value: string; p: number }>(dist: T[], runs = true): T[] {
  const to = shortFormTargets(dist.map((d) => d.value), runs);
  if (to === undefined) return dist;
  const out = new Map<string, T>();
  for (const d of dist) {
    const t = to(d.value);
    const cur = out.get(t);
    out.set(t, cur ? { ...cur, p: cur.p + d.p } : { ...d, value: t });
  }
  return [...out.values()].sort((a, b) => b.p - a.p);
}

/** One fact line as rendered for the answerer. */
export function renderFact(f: FactLine): string {
  const alt = f.alternatives.map((a) => `${a.value} (${a.p.toFixed(2)})`).join(", ");
  const rec = f.recalled.length > 1 ? `; all values: ${f.recalled.join(" | ")}` : "";
  const inside = f.within ? Object.entries(f.within).map(([v, c]) => `${v} is in ${c}`).join(", ") : "";
  return `- ${f.entity} · ${f.attribute}: ${f.mode} (${f.p.toFixed(2)})${alt ? `; alternatives: ${alt}` : ""}${rec}${inside ? `; ${inside}` : ""}`;
}

/** One evidence line as rendered for the answerer. */
export function evidenceLine(e: EvidenceItem): string {
  return `- [${formatDate(e.timestamp)}] (${e.evidenceId}) ${e.text}`;
}

/** Renders a context as the text an answerer reads: fact lines, then dated evidence. */
export function renderContext(ctx: QueryContext): string {
  const lines: string[] = [];
  if (ctx.facts.length) lines.push(BELIEFS_HEADER, ...ctx.facts.map(renderFact), "");
  lines.push(EVIDENCE_HEADER, ...ctx.evidence.map(evidenceLine));
  return lines.join("\n");
}

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** "7 May 2023": LoCoMo's way of writing a date. */
export function formatDate(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}
