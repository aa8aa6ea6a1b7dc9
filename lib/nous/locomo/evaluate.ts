/**
 * The LoCoMo evaluation of one conversation: ingest it session by session, answer every question with each system,
 * score each answer. Systems, with the same budget: `nous` (the memory), `bm25` (BM25 over raw turns), the floors
 * `not-mentioned` (a constant abstention, which scores 1 on every category-5 question) and `constant-year` (the year
 * of the conversation's first session, whatever the question), and `full-context` (language models only).
 *
 * The budget is tokens (o200k_base) of the rendered context when `budgetTokens` is set: each system adds its own
 * items (Nous: evidence turns with their beliefs; BM25: turns) until the budget is full, so both contexts hold about
 * the same number of tokens (`context_tokens` column). Without it, both take k distinct turns.
 */
import { Memory, type Extraction } from "../engine.js";
import { evidenceLine, query, formatDate, tokensOf } from "../query.js";
import { Bm25Index } from "../retrieval/bm25.js";
import { STOPWORDS, tokens } from "../retrieval/text.js";
import { bleu1, setF1 } from "../scoring/comparable.js";
import { locomoF1 } from "../scoring/locomo-f1.js";
import { nousStateRecall } from "../scoring/nous-state-recall.js";
import { countTokens } from "../../llm/tokens.js";
import { renderContext } from "../query.js";
import type { EvidenceItem, MemoryOptionsInput, QueryContext, Turn } from "../types.js";
import type { SessionContext } from "../models/extractor.js";
import { nextSession } from "../models/referents.js";
import { questionStates } from "../models/offline.js";
import { CATEGORY_NAMES, type LocomoConversation, type LocomoTurn } from "./data.js";

export const SYSTEMS = ["nous", "bm25", "not-mentioned", "constant-year", "full-context"] as const;
export type SystemName = (typeof SYSTEMS)[number];
export const NOT_MENTIONED = "Not mentioned in the conversation";

/** A window of consecutive turns of one session, as an extractor sees it. */
export interface SessionWindow {
  conversation: string;
  session: number;
  /** Window number within the conversation (0, 1, …). */
  index: number;
  turns: LocomoTurn[];
  speakers: string[];
  /**
   * (entity, attribute) keys the memory holds before this window, most recently updated first (at most 80); read
   * from the memory when first asked for (the offline extractor never asks).
   */
  readonly keys: { entity: string; attribute: string }[];
  /** The offline extractor's per-session context (speakers, last person named); shared by a session's windows. */
  context: SessionContext;
}
/** Extracts one Extraction per turn of a window. */
export type WindowExtractor = (w: SessionWindow) => Promise<(Extraction & { fallback?: string })[]>;
export type Answerer = (ctx: QueryContext, at: { system: string; question: number }) => Promise<string>;
/** Answers a question from the whole conversation transcript (full-context baseline). */
export type FullContextAnswerer = (transcript: string, question: string, at: { question: number }) => Promise<string>;
/** An LLM judge: 1 when the prediction means the answer, else 0 (the J score). */
export type Judge = (question: string, answer: string, prediction: string, at: { system: string; question: number }) => Promise<number>;

export interface EvaluateOptions {
  systems: readonly SystemName[];
  memory: MemoryOptionsInput;
  extractor: WindowExtractor;
  /** Turns per extraction window (a session is cut into windows of at most this many turns); default: whole sessions. */
  window?: number;
  answerer: Answerer;
  fullContext?: FullContextAnswerer;
  judge?: Judge;
  /** The `model` column. */
  model: string;
  /** Memory file for the conversation (default: in memory only). */
  dbPath?: string;
  /** Language-model calls in flight at once (answers); default 8. Rows do not depend on it. */
  concurrency?: number;
  /** Extra columns on every row (run_id, seed, condition values). */
  extra?: Record<string, unknown>;
}

export interface ConversationResult {
  answers: Record<string, unknown>[];
  deltas: Record<string, unknown>[];
  memory: Memory;
  /** Turns whose extraction fell back to a last resort, by kind, the number of turns, and identity merges. */
  extraction: { turns: number; fallbacks: Record<string, number>; merges?: number };
}

/** The text of a turn as stored and retrieved: the words said, and the photo shared if any. */
export function turnText(t: LocomoTurn): string {
  return t.caption ? `${t.text} [shares a photo: ${t.caption}]` : t.text;
}

/** Context recall: the share of the question's evidence ids among the retrieved source turns (null without evidence). */
export function contextRecall(evidence: readonly string[], retrieved: readonly string[]): number | null {
  if (evidence.length === 0) return null;
  const got = new Set(retrieved);
  return evidence.filter((e) => got.has(e)).length / evidence.length;
}

/**
 * Maps `items` through `fn` with at most `limit` calls in flight; results keep the input order (so rows do not
 * depend on which call finished first). The first failure rejects the whole map (after the calls in flight end).
 */
export async function mapPool<T, R>(items: readonly T[], limit: number, fn: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  let failed = false;
  const worker = async (): Promise<void> => {
    while (next < items.length && !failed) {
      const i = next++;
      try {
        out[i] = await fn(items[i], i);
      } catch (e) {
        failed = true;
        throw e;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return out;
}

/** The windows of a conversation: each session cut into runs of at most `size` turns. */
export function sessionWindows(conv: LocomoConversation, size = Infinity): { session: number; turns: LocomoTurn[] }[] {
  const out: { session: number; turns: LocomoTurn[] }[] = [];
  for (const t of conv.turns) {
    const last = out[out.length - 1];
    if (last && last.session === t.session && last.turns.length < size) last.turns.push(t);
    else out.push({ session: t.session, turns: [t] });
  }
  return out;
}

/** The memory's (entity, attribute) keys, most recently updated first. */
export function memoryKeys(mem: Memory, max = 80): { entity: string; attribute: string }[] {
  const out: { entity: string; attribute: string }[] = [];
  const seen = new Set<string>();
  for (let i = mem.deltas.length - 1; i >= 0 && out.length < max; i--) {
    const d = mem.deltas[i];
    const e = mem.resolve(d.entity);
    const k = `${e}\u0000${d.attribute}`;
    if (seen.has(k) || d.attribute === "talked about") continue;
    seen.add(k);
    out.push({ entity: e, attribute: d.attribute });
  }
  return out;
}

/**
 * Ingests a conversation into a memory, window by window in turn order (one transaction per window). A window's
 * extractor sees the keys the memory already holds, so the windows run one after another.
 * The graph gets only what was extracted (relations, mentions), and every turn carries the conversation's speakers as
 * its participants, so the two speakers are never linked to each other.
 */
export async function ingestConversation(mem: Memory, conv: LocomoConversation, extractor: WindowExtractor, window?: number): Promise<ConversationResult["extraction"]> {
  const fallbacks: Record<string, number> = {};
  let context: SessionContext = { speakers: [...conv.speakers] };
  let session = -1;
  for (const [index, w] of sessionWindows(conv, window).entries()) {
    if (w.session !== session) {
      session = w.session;
      context = nextSession(context, conv.speakers);
    }
    let keys: SessionWindow["keys"] | undefined;
    const extracted = await extractor({ conversation: conv.id, session: w.session, index, turns: w.turns, speakers: [...conv.speakers], get keys() { return (keys ??= memoryKeys(mem)); }, context });
    if (extracted.length !== w.turns.length) throw new Error(`extractor returned ${extracted.length} extractions for ${w.turns.length} turns (${conv.id}, window ${index})`);
    for (const ex of extracted) if (ex.fallback) fallbacks[ex.fallback] = (fallbacks[ex.fallback] ?? 0) + 1;
    mem.ingestAll(w.turns.map((t, i) => ({ turn: { id: t.id, speaker: t.speaker, text: turnText(t), timestamp: t.timestamp }, extraction: { ...extracted[i], participants: conv.speakers } })));
  }
  return { turns: conv.turns.length, fallbacks };
}

/** A BM25 index over a conversation's raw turns (the `bm25` baseline). */
export class TurnIndex {
  private readonly index = new Bm25Index();
  private readonly turns: LocomoTurn[];
  constructor(turns: LocomoTurn[]) {
    this.turns = turns;
    for (const t of turns) this.index.add(tokens(`${t.speaker}: ${turnText(t)}`));
  }
  /**
   * The best turns as evidence items (attribute "turn"; observation: the turn's words not in the question): k of
   * them, or as many as fit in `budgetTokens` tokens of rendered context.
   */
  retrieve(question: string, k: number, budgetTokens: number | null = null): QueryContext {
    const q = new Set(tokens(question));
    const evidence: EvidenceItem[] = [];
    let used = budgetTokens === null ? 0 : tokensOf("Evidence (date, turn id, text):");
    for (const h of this.index.search([...q], budgetTokens === null ? k : 400)) {
      const t = this.turns[h.doc];
      const novel = turnText(t).split(/[^\p{L}\p{N}'-]+/u).filter((w) => w.length > 2 && !STOPWORDS.has(w.toLowerCase()) && !q.has(tokens(w)[0] ?? ""));
      const item: EvidenceItem = { deltaId: h.doc, evidenceId: t.id, entity: t.speaker, attribute: "turn", observation: novel.slice(0, 5).join(" ") || t.text, timestamp: t.timestamp, text: `${t.speaker}: ${turnText(t)}`, score: h.score };
      if (budgetTokens !== null) {
        const cost = tokensOf(evidenceLine(item));
        if (used + cost > budgetTokens) continue;
        used += cost;
        evidence.push(item);
        if (budgetTokens - used < 12) break;
      } else evidence.push(item);
    }
    const ctx: QueryContext = { question, linked: [], reached: {}, facts: [], evidence, sourceIds: evidence.map((e) => e.evidenceId) };
    if (budgetTokens !== null) ctx.tokens = used;
    return ctx;
  }
}

/** The whole conversation as a dated transcript (full-context baseline). */
export function transcript(conv: LocomoConversation): string {
  const out: string[] = [];
  let session = -1;
  for (const t of conv.turns) {
    if (t.session !== session) {
      session = t.session;
      out.push(`\n[Session ${session}, ${formatDate(t.timestamp)}]`);
    }
    out.push(`(${t.id}) ${t.speaker}: ${turnText(t)}`);
  }
  return out.join("\n").trim();
}

/**
 * Evaluates the systems on one conversation; returns `answers` rows (one per system × question) and `deltas`
 * rows (one per delta written by Nous). Any failed call (extraction, answer, judge) rejects the evaluation.
 *
 * @example
 * const r = await evaluateConversation(conv, { systems: ["nous", "bm25"], memory: {}, extractor, answerer, model: "offline:nous-nlp-v2" });
 */
export async function evaluateConversation(conv: LocomoConversation, o: EvaluateOptions): Promise<ConversationResult> {
  const mem = Memory.open(o.dbPath ?? ":memory:", o.memory);
  const concurrency = o.concurrency ?? 8;
  let extraction: ConversationResult["extraction"];
  try {
    extraction = await ingestConversation(mem, conv, o.extractor, o.window);
  } catch (e) {
    mem.close();
    throw e;
  }
  extraction.merges = mem.resolveIdentities().length;
  const k = mem.options.k;
  const budget = mem.options.budgetTokens;
  const now = mem.latestTimestamp();
  const year = String(new Date(conv.turns[0]?.timestamp ?? 0).getUTCFullYear());
  const turnIndex = o.systems.includes("bm25") ? new TurnIndex(conv.turns) : undefined;
  const full = o.systems.includes("full-context") && o.fullContext ? transcript(conv) : undefined;
  const perQuestion = await mapPool(conv.questions, concurrency, async (q) => {
    const rows: Record<string, unknown>[] = [];
    for (const system of o.systems) {
      let prediction: string;
      let ctx: QueryContext | undefined;
      if (system === "nous") {
        ctx = query(mem, q.question, { now, stateAttributes: questionStates(q.question) });
        prediction = await o.answerer(ctx, { system, question: q.index });
      } else if (system === "bm25") {
        ctx = turnIndex!.retrieve(q.question, k, budget);
        prediction = await o.answerer(ctx, { system, question: q.index });
      } else if (system === "full-context") {
        if (!o.fullContext || full === undefined) continue;
        prediction = await o.fullContext(full, q.question, { question: q.index });
      } else if (system === "constant-year") {
        prediction = year;
      } else {
        prediction = NOT_MENTIONED;
      }
      const retrieved = ctx ? ctx.sourceIds : null;
      const judged = o.judge && q.category !== 5 ? await o.judge(q.question, q.answer, prediction, { system, question: q.index }) : null;
      rows.push({
        ...o.extra,
        model: o.model,
        system,
        conversation: conv.id,
        question_index: q.index,
        category: q.category,
        category_name: CATEGORY_NAMES[q.category],
        question: q.question,
        prediction,
        answer: q.answer,
        f1: locomoF1(prediction, q.answer, q.category),
        set_f1: q.category === 5 ? null : setF1(prediction, q.answer),
        bleu1: q.category === 5 ? null : bleu1(prediction, q.answer),
        j_score: judged,
        context_recall: retrieved ? contextRecall(q.evidence, retrieved) : null,
        nous_state_recall: ctx && q.category !== 5 ? nousStateRecall(renderContext(ctx), q.answer) : null,
        context_tokens: ctx && budget !== null ? countTokens(renderContext(ctx)).tokens : null,
        graph_excluded: ctx?.excluded ?? null,
        evidence: q.evidence.join(" "),
        retrieved: retrieved ? retrieved.join(" ") : null,
      });
    }
    return rows;
  });
  const answers = perQuestion.flat();
  const deltas = mem.store.allDeltas().map((d) => ({
    ...o.extra,
    model: o.model,
    conversation: conv.id,
    delta_id: d.id,
    entity: d.entity,
    attribute: d.attribute,
    observation: d.observation,
    surprise: d.surprise,
    timestamp: new Date(d.timestamp).toISOString(),
    evidence_id: d.evidenceId,
    p_obs_prior: d.prior.find((x) => x.value === d.observation)?.p ?? 0,
    p_obs_posterior: d.posterior.find((x) => x.value === d.observation)?.p ?? 0,
    posterior: JSON.stringify(d.posterior.slice(0, 6)),
  }));
  return { answers, deltas, memory: mem, extraction };
}

/** The offline window extractor: the NLP extractor turn by turn, with the session's context. */
export function offlineWindowExtractor(extract: (t: Turn, caption: string | undefined, ctx: SessionContext) => Extraction & { fallback?: string }): WindowExtractor {
  return async (w) => w.turns.map((t) => extract({ id: t.id, speaker: t.speaker, text: t.text, timestamp: t.timestamp }, t.caption, w.context));
}
