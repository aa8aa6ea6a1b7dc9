/**
 * The LoCoMo evaluation of one conversation: ingest it turn by turn at session times, answer every question with
 * each system, score each answer. Systems, with the same retrieval budget k (distinct source turns):
 * `nous` (the memory), `bm25` (BM25 over raw turns), `not-mentioned` (a constant abstention, which scores 1 on
 * every category-5 question), and `full-context` (the whole conversation; language models only).
 */
import { Memory, type Extraction } from "../engine.js";
import { query, formatDate } from "../query.js";
import { Bm25Index } from "../retrieval/bm25.js";
import { STOPWORDS, tokens } from "../retrieval/text.js";
import { bleu1, setF1 } from "../scoring/comparable.js";
import { locomoF1 } from "../scoring/locomo-f1.js";
import type { EvidenceItem, MemoryOptionsInput, QueryContext, Turn } from "../types.js";
import { CATEGORY_NAMES, type LocomoConversation, type LocomoTurn } from "./data.js";

export type SystemName = "nous" | "bm25" | "not-mentioned" | "full-context";
export const NOT_MENTIONED = "Not mentioned in the conversation";

export type Extractor = (turn: Turn, caption?: string) => Promise<Extraction>;
export type Answerer = (ctx: QueryContext) => Promise<string>;
/** Answers a question from the whole conversation transcript (full-context baseline). */
export type FullContextAnswerer = (transcript: string, question: string) => Promise<string>;

export interface EvaluateOptions {
  systems: SystemName[];
  memory: MemoryOptionsInput;
  extractor: Extractor;
  answerer: Answerer;
  fullContext?: FullContextAnswerer;
  /** The `model` column. */
  model: string;
  /** Memory file for the conversation (default: in memory only). */
  dbPath?: string;
  /** Language-model calls in flight at once (extraction, answers); default 8. Rows do not depend on it. */
  concurrency?: number;
  /** Extra columns on every row (run_id, seed, condition values). */
  extra?: Record<string, unknown>;
}

export interface ConversationResult {
  answers: Record<string, unknown>[];
  deltas: Record<string, unknown>[];
  memory: Memory;
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
 * depend on which call finished first).
 */
export async function mapPool<T, R>(items: readonly T[], limit: number, fn: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return out;
}

/**
 * Ingests a conversation into a memory, turn by turn (one transaction each). Extraction does not depend on the
 * memory, so up to `concurrency` turns are extracted at once (language models); ingestion stays in turn order.
 */
export async function ingestConversation(mem: Memory, conv: LocomoConversation, extractor: Extractor, concurrency = 1): Promise<void> {
  const extracted = await mapPool(conv.turns, concurrency, (t) => extractor({ id: t.id, speaker: t.speaker, text: t.text, timestamp: t.timestamp }, t.caption));
  let session = -1;
  for (const [i, t] of conv.turns.entries()) {
    const turn: Turn = { id: t.id, speaker: t.speaker, text: turnText(t), timestamp: t.timestamp };
    const ex = extracted[i];
    if (t.session !== session) {
      // the two speakers talk to each other: the first turn of a session links them in the graph
      session = t.session;
      const other = conv.speakers.find((s) => s !== t.speaker);
      ex.mentions = [...(ex.mentions ?? []), ...(other ? [other] : [])];
    }
    mem.ingest(turn, ex);
  }
}

/** A BM25 index over a conversation's raw turns (the `bm25` baseline). */
export class TurnIndex {
  private readonly index = new Bm25Index();
  private readonly turns: LocomoTurn[];
  constructor(turns: LocomoTurn[]) {
    this.turns = turns;
    for (const t of turns) this.index.add(tokens(`${t.speaker}: ${turnText(t)}`));
  }
  /** The k best turns as evidence items (attribute "turn"; observation: the turn's words not in the question). */
  retrieve(question: string, k: number): QueryContext {
    const q = new Set(tokens(question));
    const evidence: EvidenceItem[] = this.index.search([...q], k).map((h) => {
      const t = this.turns[h.doc];
      const novel = turnText(t).split(/[^\p{L}\p{N}'-]+/u).filter((w) => w.length > 2 && !STOPWORDS.has(w.toLowerCase()) && !q.has(tokens(w)[0] ?? ""));
      return { deltaId: h.doc, evidenceId: t.id, entity: t.speaker, attribute: "turn", observation: novel.slice(0, 5).join(" ") || t.text, timestamp: t.timestamp, text: `${t.speaker}: ${turnText(t)}`, score: h.score };
    });
    return { question, linked: [], reached: {}, facts: [], evidence, sourceIds: evidence.map((e) => e.evidenceId) };
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
 * rows (one per delta written by Nous).
 *
 * @example
 * const r = await evaluateConversation(conv, { systems: ["nous", "bm25"], memory: {}, extractor, answerer, model: "offline:nous-rules-v1" });
 */
export async function evaluateConversation(conv: LocomoConversation, o: EvaluateOptions): Promise<ConversationResult> {
  const mem = Memory.open(o.dbPath ?? ":memory:", o.memory);
  const concurrency = o.concurrency ?? 8;
  await ingestConversation(mem, conv, o.extractor, concurrency);
  mem.resolveIdentities();
  const k = mem.options.k;
  const now = mem.latestTimestamp();
  const turnIndex = o.systems.includes("bm25") ? new TurnIndex(conv.turns) : undefined;
  const full = o.systems.includes("full-context") && o.fullContext ? transcript(conv) : undefined;
  const perQuestion = await mapPool(conv.questions, concurrency, async (q) => {
    const rows: Record<string, unknown>[] = [];
    for (const system of o.systems) {
      let prediction: string;
      let retrieved: string[] | null = null;
      if (system === "nous") {
        const ctx = query(mem, q.question, { now });
        prediction = await o.answerer(ctx);
        retrieved = ctx.sourceIds;
      } else if (system === "bm25") {
        const ctx = turnIndex!.retrieve(q.question, k);
        prediction = await o.answerer(ctx);
        retrieved = ctx.sourceIds;
      } else if (system === "full-context") {
        if (!o.fullContext || full === undefined) continue;
        prediction = await o.fullContext(full, q.question);
      } else {
        prediction = NOT_MENTIONED;
      }
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
        context_recall: retrieved ? contextRecall(q.evidence, retrieved) : null,
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
  return { answers, deltas, memory: mem };
}
