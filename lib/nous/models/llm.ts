/**
 * Nous with a language model: an extractor (turn → triples) and an answerer (context → short answer), each a
 * prompt template, a zod schema for the reply, and a validated repair step whose every change is logged.
 *
 * The wire schemas are lenient (any strings) so that a reply the provider accepts always reaches the repair step:
 * repair trims, drops empty fields, maps first-person entities ("I", "me") to the speaker, caps the number of
 * triples, and then validates with the strict schema (`TripleSchema`). What repair changed is returned in
 * `repairs`, which the runner writes to the `repairs` table.
 */
import { z } from "zod";
import type { LanguageModel, Usage } from "../../core/model.js";
import type { Extraction } from "../engine.js";
import { renderContext } from "../query.js";
import { formatDate } from "../query.js";
import { TripleSchema, type QueryContext, type Triple, type Turn } from "../types.js";

export const promptTemplates = {
  extract:
    "You maintain a memory of facts about people in a conversation.\n" +
    "Date: {date}\nSpeaker: {speaker}\nTurn: {text}\n{caption}\n" +
    "List the facts this turn states as (entity, attribute, value) triples. The entity is a person or thing by name " +
    "(use the speaker's name, never 'I'); the attribute is a short noun or verb phrase (e.g. 'job', 'lives in', " +
    "'visited', 'hobby'); the value is a short phrase. Put dates in the value when the turn gives a time. " +
    "Return an empty list when the turn states no fact.",
  answer:
    "Answer the question from the memory below. Give a short answer (a few words), no explanation. For questions " +
    "about time, give the date. If the memory does not contain the answer, reply exactly \"Not mentioned in the conversation\".\n\n" +
    "{context}\n\nQuestion: {question}",
  fullContext:
    "Here is a whole conversation between two people, with session dates.\n\n{transcript}\n\n" +
    "Answer the question in a few words, no explanation. For questions about time, give the date. If the conversation " +
    "does not contain the answer, reply exactly \"Not mentioned in the conversation\".\n\nQuestion: {question}",
} as const;

/** The extractor's reply on the wire (lenient; repaired and validated after). */
export const ExtractionReplySchema = z.object({
  triples: z.array(z.object({ entity: z.string(), attribute: z.string(), value: z.string() })),
});
/** The answerer's reply on the wire. */
export const AnswerReplySchema = z.object({ answer: z.string() });

export interface Repair {
  step: "extract" | "answer";
  item: string;
  problem: string;
  action: string;
}

/** Fills `{name}` slots of a template. */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (m, k: string) => (k in values ? values[k] : m));
}

const FIRST_PERSON = new Set(["i", "me", "myself", "speaker", "user"]);
const MAX_TRIPLES = 8;

/**
 * The repair step of extraction: returns valid triples and the list of changes made.
 *
 * @example
 * repairTriples({ triples: [{ entity: "I", attribute: " Job ", value: "nurse" }] }, "Chen");
 * // { triples: [{ entity: "Chen", attribute: "job", value: "nurse" }], repairs: [ {problem: "first-person entity", …} ] }
 */
export function repairTriples(reply: z.infer<typeof ExtractionReplySchema>, speaker: string): { triples: Triple[]; repairs: Repair[] } {
  const repairs: Repair[] = [];
  const triples: Triple[] = [];
  reply.triples.forEach((t, i) => {
    const item = `triples.${i}`;
    let entity = t.entity.trim();
    const attribute = t.attribute.trim().toLowerCase().replace(/\s+/g, " ");
    const value = t.value.trim().replace(/\s+/g, " ");
    if (FIRST_PERSON.has(entity.toLowerCase())) {
      repairs.push({ step: "extract", item, problem: `first-person entity "${entity}"`, action: `replaced by the speaker "${speaker}"` });
      entity = speaker;
    }
    if (attribute !== t.attribute || value !== t.value) repairs.push({ step: "extract", item, problem: "untrimmed or mixed-case attribute", action: "normalised" });
    const parsed = TripleSchema.safeParse({ entity, attribute, value });
    if (!parsed.success) {
      repairs.push({ step: "extract", item, problem: parsed.error.issues.map((x) => `${x.path.join(".")}: ${x.message}`).join("; "), action: "dropped" });
      return;
    }
    if (triples.length >= MAX_TRIPLES) {
      repairs.push({ step: "extract", item, problem: `more than ${MAX_TRIPLES} triples`, action: "dropped" });
      return;
    }
    triples.push(parsed.data);
  });
  return { triples, repairs };
}

/** The repair step of answering: an empty answer becomes the abstention phrase. */
export function repairAnswer(reply: z.infer<typeof AnswerReplySchema>): { answer: string; repairs: Repair[] } {
  const answer = reply.answer.trim().replace(/\s+/g, " ");
  if (answer.length > 0) return { answer, repairs: [] };
  return { answer: "Not mentioned in the conversation", repairs: [{ step: "answer", item: "answer", problem: "empty answer", action: "replaced by the abstention phrase" }] };
}

/** An LLM-backed extractor, answerer and full-context answerer sharing one repair log and usage count. */
export class LlmNous {
  readonly repairs: Repair[] = [];
  readonly usage: Usage & { calls: number } = { inputTokens: 0, outputTokens: 0, calls: 0 };
  constructor(private readonly model: LanguageModel, private readonly seed?: number) {}

  private count(u: Usage): void {
    this.usage.inputTokens += u.inputTokens;
    this.usage.outputTokens += u.outputTokens;
    this.usage.calls++;
  }

  /** Extracts triples from a turn (prompt `extract`, schema `ExtractionReplySchema`, then repair). */
  async extract(turn: Turn, caption?: string): Promise<Extraction> {
    const content = fill(promptTemplates.extract, {
      date: formatDate(turn.timestamp), speaker: turn.speaker, text: turn.text, caption: caption ? `Shared photo: ${caption}` : "",
    });
    const r = await this.model.generate({ messages: [{ role: "user", content }], schema: ExtractionReplySchema, schemaName: "triples", temperature: 0, seed: this.seed, tag: "nous.extract" });
    this.count(r.usage);
    const { triples, repairs } = repairTriples(r.data ?? { triples: [] }, turn.speaker);
    this.repairs.push(...repairs.map((x) => ({ ...x, item: `${turn.id}.${x.item}` })));
    const mentions = [...new Set(triples.map((t) => t.entity).filter((e) => e !== turn.speaker))];
    return { triples, mentions };
  }

  /** Answers from a query context (prompt `answer`). */
  async answer(ctx: QueryContext): Promise<string> {
    return this.ask(fill(promptTemplates.answer, { context: renderContext(ctx), question: ctx.question }), "nous.answer", ctx.question);
  }

  /** Answers from the whole transcript (prompt `fullContext`). */
  async answerFull(transcript: string, question: string): Promise<string> {
    return this.ask(fill(promptTemplates.fullContext, { transcript, question }), "nous.full-context", question);
  }

  private async ask(content: string, tag: string, question: string): Promise<string> {
    const r = await this.model.generate({ messages: [{ role: "user", content }], schema: AnswerReplySchema, schemaName: "answer", temperature: 0, seed: this.seed, tag });
    this.count(r.usage);
    const { answer, repairs } = repairAnswer(r.data ?? { answer: "" });
    this.repairs.push(...repairs.map((x) => ({ ...x, item: `${tag}: ${question}` })));
    return answer;
  }
}
