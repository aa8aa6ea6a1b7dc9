/**
 * The language-model adjudicator of the gray zone. It sees the compact case summary (never the
 * free-form history: the public channel is closed), answers with a schema, and a bounded repair step
 * rescues replies that miss the schema; every repair is logged. An unrepairable reply falls back to
 * staying local (the bounded adjudicator never blocks the episode).
 */
import { z } from "zod";
import type { CallAddress, LanguageModel } from "../../core/model.js";
import type { AsyncJudge, CaseSummary, ChatWriter, Verdict } from "../case.js";
import type { ChatRequest } from "../records.js";

export const VerdictSchema = z.object({
  decision: z.enum(["local", "escalate"]),
  reason: z.string().max(600),
});
export type VerdictReply = z.infer<typeof VerdictSchema>;

export const promptTemplates = {
  adjudicator_system: [
    "You are the bounded adjudicator of a team of construction agents in a block world.",
    "An agent met a structured problem. Escalating opens the public channel: teammates lose action windows",
    "reading and answering. Staying local means the agent recovers by itself (collect, craft, dig, detour, work elsewhere).",
    "Escalate only when coordination clearly pays: a teammate can fix it cheaply and a local fix is costly or impossible.",
    'Answer with JSON: {"decision": "local" | "escalate", "reason": "<one sentence>"}.',
  ].join("\n"),
  adjudicator_user: [
    "Problem: {{kind}} ({{subject}}), agent {{agent}}, tick {{tick}}.",
    "Facts as agent {{agent}} knows them: it stands at {{position}}{{cell}}.{{holding}}",
    "What it believes of its teammates: {{teammates}}.{{other}} Other work it can do meanwhile: {{otherWork}}.",
    "Factors in [0,1]: criticality C={{C}}, coordination advantage R={{R}}, downstream impact I={{I}},",
    "local recoverability L={{L}}, history penalty H={{H}} ({{failed}} failed escalations).",
    "Score S={{S}} lies in the gray zone ({{tLow}}, {{tHigh}}). Estimated local recovery cost: {{localCost}} ticks.",
    "Decide: local or escalate?",
  ].join("\n"),
  free_chat_system: [
    "You are one of several agents building a structure together in a block world. You talk freely with your teammates",
    "in a shared chat: tell them what is happening and what you need, or answer them. Keep it to one or two sentences.",
  ].join("\n"),
  free_chat_user: [
    "{{facts}}",
    "{{task}} Write your chat message now. If you need something, say what and how many; if you can give, say what,",
    "how many and to which agent (\"I can give 5 glass to agent 0\").",
  ].join("\n"),
} as const;

const fmt = (v: number) => (Number.isFinite(v) ? v.toFixed(2) : "unbounded");

/**
 * The user prompt for a case (the template with its fields filled in).
 * @example
 * renderCase(summary); // "Problem: missing_material (glass), agent 1, tick 12. …"
 */
export function renderCase(c: CaseSummary): string {
  const fields: Record<string, string> = {
    kind: c.kind, subject: c.subject ?? "-", agent: String(c.agent), tick: String(c.tick),
    C: fmt(c.factors.C), R: fmt(c.factors.R), I: fmt(c.factors.I), L: fmt(c.factors.L), H: fmt(c.factors.H),
    failed: String(c.failedEscalations), S: fmt(c.S), tLow: fmt(c.tLow), tHigh: fmt(c.tHigh), localCost: fmt(c.localCostEstimate),
    ...factFields(c),
  };
  return promptTemplates.adjudicator_user.replace(/\{\{(\w+)\}\}/g, (_, k: string) => fields[k] ?? "");
}

function factFields(c: CaseSummary): Record<string, string> {
  const f = c.facts;
  if (!f) return { position: "?", cell: "", holding: "", teammates: "unknown", other: "", otherWork: "unknown" };
  const mat = f.material ?? c.subject ?? "the material";
  const holding = f.holds !== null ? ` It holds ${f.holds} ${mat}, its remaining blocks need ${f.needs}, the site has ${f.site} to collect.` : "";
  const teammates = f.teammates.map((t) => `agent ${t.agent} ${t.holds !== null ? `holds ${t.holds} ${mat}, ` : ""}${t.distance} cells away${t.pickaxe ? ", has a pickaxe" : ""}`).join("; ");
  const other = f.other === null ? "" : f.contestedCell ? ` Agent ${f.other} also plans to place this block (${mat}) and is heading for it.`
    : c.kind === "conflict" ? ` The rival for these units is agent ${f.other}.` : ` The support belongs to agent ${f.other}.`;
  return {
    position: `(${f.position.join(", ")})`, cell: f.cell ? `, the blocked block is at (${f.cell.join(", ")})` : "", holding, teammates, other,
    otherWork: f.hasOtherWork ? "yes" : "no",
  };
}

export type RepairResult = { ok: true; reply: VerdictReply; step: "json" | "normalised" | "keyword" } | { ok: false };

/**
 * Bounded repair of a reply that missed the schema: the first JSON object in the text, then the same
 * with normalised keys and values, then a single unambiguous keyword. Each candidate is validated by
 * `VerdictSchema` before it is accepted.
 * @example
 * repairVerdict('Sure! {"Decision": "Escalate"}'); // { ok: true, reply: { decision: "escalate", reason: "" }, step: "normalised" }
 */
export function repairVerdict(text: string): RepairResult {
  const match = text.match(/\{[\s\S]*\}/);
  if (match) {
    try {
      const obj = JSON.parse(match[0]) as Record<string, unknown>;
      const direct = VerdictSchema.safeParse(obj);
      if (direct.success) return { ok: true, reply: direct.data, step: "json" };
      const lower: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(obj)) lower[k.toLowerCase()] = v;
      const d = String(lower.decision ?? "").toLowerCase().trim();
      const decision = /escal|public|communicat/.test(d) ? "escalate" : /local|stay|self/.test(d) ? "local" : d;
      const fixed = VerdictSchema.safeParse({ decision, reason: String(lower.reason ?? "").slice(0, 600) });
      if (fixed.success) return { ok: true, reply: fixed.data, step: "normalised" };
    } catch {
      // not JSON: try the keyword step
    }
  }
  const esc = /\bescalat/i.test(text), loc = /\b(local|stay)\b/i.test(text);
  if (esc !== loc) {
    const r = VerdictSchema.safeParse({ decision: esc ? "escalate" : "local", reason: text.slice(0, 200) });
    if (r.success) return { ok: true, reply: r.data, step: "keyword" };
  }
  return { ok: false };
}

/**
 * A free-chat writer backed by a language model: the text of each broadcast or reply (no schema: free text).
 * @example
 * const chat = llmChat(model, (req) => ctx.address("chatter", { step: req.tick, agent: req.from })); (await chat(req, facts)).text;
 */
export function llmChat(model: LanguageModel, address: (req: ChatRequest) => CallAddress, temperature = 0.7): ChatWriter & { calls: { input: number; output: number; n: number } } {
  const calls = { input: 0, output: 0, n: 0 };
  let k = 0;
  const chat = async (req: ChatRequest, facts: string) => {
    const task = req.about === req.from ? "Tell your teammates about your problem." : `Answer agent ${req.about}.`;
    const fields: Record<string, string> = { facts, task };
    const r = await model.generate({
      system: promptTemplates.free_chat_system,
      messages: [{ role: "user", content: promptTemplates.free_chat_user.replace(/\{\{(\w+)\}\}/g, (_, key: string) => fields[key] ?? "") }],
      temperature, maxTokens: 120, tag: "gated.free_chat", address: { ...address(req), sample: k++ },
    });
    calls.n++; calls.input += r.usage.inputTokens; calls.output += r.usage.outputTokens;
    return { text: r.text.slice(0, 500), tokens: r.usage.inputTokens + r.usage.outputTokens };
  };
  return Object.assign(chat, { calls });
}

/** One logged repair (or a failed one). */
export interface RepairLog { tick: number; agent: number; raw: string; step: string; decision: string }

/**
 * An adjudicator backed by a language model; `repairs` collects the repair log.
 * @example
 * const j = llmJudge(model, (c) => ctx.address("adjudicator", { step: c.tick, agent: c.agent })); (await j(summary)).decision;
 */
export function llmJudge(model: LanguageModel, address: (c: CaseSummary) => CallAddress, temperature = 0): AsyncJudge & { repairs: RepairLog[]; calls: { input: number; output: number; n: number } } {
  const repairs: RepairLog[] = [];
  const calls = { input: 0, output: 0, n: 0 };
  const judge = async (c: CaseSummary): Promise<Verdict> => {
    let text = "";
    let tokens = 0;
    try {
      const r = await model.generate({
        system: promptTemplates.adjudicator_system,
        messages: [{ role: "user", content: renderCase(c) }],
        schema: VerdictSchema, schemaName: "gate_verdict", temperature, tag: "gated.adjudicate", address: address(c),
      });
      calls.n++; calls.input += r.usage.inputTokens; calls.output += r.usage.outputTokens;
      tokens = r.usage.inputTokens + r.usage.outputTokens;
      const ok = VerdictSchema.safeParse(r.data);
      if (ok.success) return { decision: ok.data.decision, tokens, raw: r.text };
      text = r.text;
    } catch (e) {
      const raw = (e as { raw?: unknown }).raw;
      if (typeof raw !== "string") throw e;
      calls.n++;
      text = raw;
    }
    const fixed = repairVerdict(text);
    const decision = fixed.ok ? fixed.reply.decision : "local";
    repairs.push({ tick: c.tick, agent: c.agent, raw: text.slice(0, 500), step: fixed.ok ? fixed.step : "failed:stay_local", decision });
    return { decision, tokens, repaired: true, raw: text };
  };
  return Object.assign(judge, { repairs, calls });
}
