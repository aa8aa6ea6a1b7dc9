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
import type { CellContext } from "../../core/mechanism.js";
import type { LanguageModel, Usage } from "../../core/model.js";
import { turnText, type SessionWindow } from "../locomo/evaluate.js";
import type { Extraction } from "../engine.js";
import { renderContext } from "../query.js";
import { formatDate } from "../query.js";
import { TripleSchema, type QueryContext, type Triple } from "../types.js";

export const promptTemplates = {
  extract:
    "You maintain a memory of facts about the people in a conversation between {speakers}.\n" +
    "Session date: {date}\n" +
    "Memory keys already in use (entity · attribute), most recent first:\n{keys}\n\n" +
    "Turns of this session (id, speaker, text):\n{turns}\n\n" +
    "For each turn, list the facts it states as (entity, attribute, value) triples. The entity is a person or thing " +
    "by name (the speaker's name, never 'I'; a person the speaker names when the fact is about them). Reuse an " +
    "attribute already in use for the same kind of fact, so that a change (a new job, a move) lands on the same " +
    "(entity, attribute) and contradicts the old value; otherwise use a short noun (job, workplace, home, hobby, pet, " +
    "family, relationship, plan, possession, event, travel, preference, identity, education, health). The value is a " +
    "short phrase; a negated fact starts with 'not '. Questions, jokes and hypotheticals are not facts. Return one " +
    "entry per turn id, with an empty list for a turn that states no fact.",
  answer:
    "Answer the question from the memory below. Beliefs give each (entity, attribute) its most probable value now, " +
    "with alternatives; evidence gives the turns. Give a short answer (a few words), no explanation. For questions " +
    "about time, give the date. If the memory does not contain the answer, reply exactly \"Not mentioned in the conversation\".\n\n" +
    "{context}\n\nQuestion: {question}",
  fullContext:
    "Here is a whole conversation between two people, with session dates.\n\n{transcript}\n\n" +
    "Answer the question in a few words, no explanation. For questions about time, give the date. If the conversation " +
    "does not contain the answer, reply exactly \"Not mentioned in the conversation\".\n\nQuestion: {question}",
  judge:
    "You grade answers of a conversational memory benchmark. Decide whether the predicted answer conveys the same " +
    "core fact as the gold answer (different wording, a more specific or more general phrase of the same fact, or the " +
    "same date written differently all count as correct; a different fact, a contradiction, or an abstention when " +
    "there is an answer are wrong).\n\nQuestion: {question}\nGold answer: {answer}\nPredicted answer: {prediction}",
} as const;

/** The extractor's reply on the wire (lenient; repaired and validated after). */
export const ExtractionReplySchema = z.object({
  triples: z.array(z.object({ entity: z.string(), attribute: z.string(), value: z.string() })),
});
/** The window extractor's reply on the wire: one entry per turn id. */
export const WindowReplySchema = z.object({
  turns: z.array(z.object({ id: z.string(), triples: ExtractionReplySchema.shape.triples })),
});
/** The judge's reply on the wire. */
export const JudgeReplySchema = z.object({ verdict: z.enum(["CORRECT", "WRONG"]) });
/** The answerer's reply on the wire. */
export const AnswerReplySchema = z.object({ answer: z.string() });

export interface Repair {
  step: "extract" | "answer" | "judge";
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

/** Where a call sits in the study: the cell's `address` function (roles extractor, answerer, scorer). */
export type Addresser = CellContext["address"];

/**
 * An LLM-backed window extractor, answerer, full-context answerer and judge sharing one repair log and usage count.
 * Every call carries its address (`extractor` per window, `answerer` and `scorer` per question and system); no seed
 * is passed (the llm layer derives it from the address). A call that fails after the llm layer's retries rejects.
 */
export class LlmNous {
  readonly repairs: Repair[] = [];
  readonly usage: Usage & { calls: number } = { inputTokens: 0, outputTokens: 0, calls: 0 };
  constructor(private readonly model: LanguageModel, private readonly address: Addresser) {}

  private count(u: Usage): void {
    this.usage.inputTokens += u.inputTokens;
    this.usage.outputTokens += u.outputTokens;
    this.usage.calls++;
  }

  /** The extraction prompt of a window. */
  static extractPrompt(w: SessionWindow): string {
    return fill(promptTemplates.extract, {
      speakers: w.speakers.join(" and "),
      date: formatDate(w.turns[0].timestamp),
      keys: w.keys.length ? w.keys.map((k) => `- ${k.entity} · ${k.attribute}`).join("\n") : "(none yet)",
      turns: w.turns.map((t) => `(${t.id}) ${t.speaker}: ${turnText(t)}`).join("\n"),
    });
  }

  /** Extracts triples from a session window (prompt `extract`, schema `WindowReplySchema`, then repair per turn). */
  async extractWindow(w: SessionWindow): Promise<Extraction[]> {
    const r = await this.model.generate({
      messages: [{ role: "user", content: LlmNous.extractPrompt(w) }], schema: WindowReplySchema, schemaName: "window_triples", temperature: 0,
      tag: "nous.extract", address: this.address("extractor", { step: `${w.conversation}/w${w.index}` }),
    });
    this.count(r.usage);
    const byId = new Map<string, z.infer<typeof ExtractionReplySchema>["triples"]>();
    for (const [i, t] of (r.data?.turns ?? []).entries()) {
      if (!w.turns.some((x) => x.id === t.id)) {
        this.repairs.push({ step: "extract", item: `${w.conversation}/w${w.index}.turns.${i}`, problem: `unknown turn id "${t.id}"`, action: "dropped" });
        continue;
      }
      byId.set(t.id, [...(byId.get(t.id) ?? []), ...t.triples]);
    }
    return w.turns.map((t) => {
      const { triples, repairs } = repairTriples({ triples: byId.get(t.id) ?? [] }, t.speaker);
      this.repairs.push(...repairs.map((x) => ({ ...x, item: `${w.conversation}/${t.id}.${x.item}` })));
      const mentions = [...new Set(triples.map((x) => x.entity).filter((e) => e !== t.speaker && !w.speakers.includes(e)))];
      return { triples, mentions };
    });
  }

  /** Answers from a query context (prompt `answer`). */
  async answer(ctx: QueryContext, at: { conversation: string; question: number; system: string }): Promise<string> {
    return this.ask(fill(promptTemplates.answer, { context: renderContext(ctx), question: ctx.question }), "nous.answer", ctx.question, at);
  }

  /** Answers from the whole transcript (prompt `fullContext`). */
  async answerFull(transcript: string, question: string, at: { conversation: string; question: number }): Promise<string> {
    return this.ask(fill(promptTemplates.fullContext, { transcript, question }), "nous.full-context", question, { ...at, system: "full-context" });
  }

  /** The J score of one prediction: 1 when the judge says CORRECT (prompt `judge`, role scorer). */
  async judge(question: string, answer: string, prediction: string, at: { conversation: string; question: number; system: string }): Promise<number> {
    const r = await this.model.generate({
      messages: [{ role: "user", content: fill(promptTemplates.judge, { question, answer, prediction }) }], schema: JudgeReplySchema, schemaName: "verdict",
      temperature: 0, tag: "nous.judge", address: this.address("scorer", { step: `${at.conversation}/q${at.question}`, agent: at.system }),
    });
    this.count(r.usage);
    return r.data?.verdict === "CORRECT" ? 1 : 0;
  }

  private async ask(content: string, tag: string, question: string, at: { conversation: string; question: number; system: string }): Promise<string> {
    const r = await this.model.generate({
      messages: [{ role: "user", content }], schema: AnswerReplySchema, schemaName: "answer", temperature: 0, tag,
      address: this.address("answerer", { step: `${at.conversation}/q${at.question}`, agent: at.system }),
    });
    this.count(r.usage);
    const { answer, repairs } = repairAnswer(r.data ?? { answer: "" });
    this.repairs.push(...repairs.map((x) => ({ ...x, item: `${tag}: ${question}` })));
    return answer;
  }
}
