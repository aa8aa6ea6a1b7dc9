/**
 * The LLM path end to end against the local OpenAI-compatible test server: window prompts with the memory's keys →
 * schema → parsed (and repaired, with the repair logged) → table rows; every call addressed (extractor, answerer,
 * scorer), none seeded; a failed call fails the cell.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { cellAddresser } from "../core/mechanism.js";
import type { CallAddress, GenerateRequest, LanguageModel } from "../core/model.js";
import { createRng } from "../core/rng.js";
import { createModel } from "../llm/index.js";
import { countRequestTokens } from "../llm/tokens.js";
import { startOpenAIServer } from "../llm/testing/openai-server.js";
import { fixturePath } from "./locomo/data.js";
import { promptTemplates } from "./models/llm.js";
import { runner } from "./runner.js";

function userText(body: { messages: { role: string; content: unknown }[] }): string {
  return body.messages.filter((m) => m.role === "user").map((m) => String(m.content)).join("\n");
}

/** Records what the mechanism asks of the model (address, seed) before passing the request on. */
function recording(model: LanguageModel): { model: LanguageModel; requests: GenerateRequest[] } {
  const requests: GenerateRequest[] = [];
  return { requests, model: { id: model.id, generate: (r) => (requests.push(r), model.generate(r)) } };
}

const cellOf = (llm: LanguageModel, over: Record<string, unknown> = {}) =>
  runner.runCell({
    runId: "ablation=none,seed=1", seed: 1, condition: { ablation: "none" },
    params: runner.paramsSchema.parse({ data: fixturePath(), split: "test", window: 4, judge: true, ...over }),
    model: { kind: "llm", llm }, rng: createRng(1), address: cellAddresser("nous", "ablation=none", 1),
  });

/** The experiment layer's dry run of one nous cell with these params (stand-in model, nothing sent). */
async function dryRunOf(params: Record<string, unknown>) {
  const { dryRun, planRun } = await import("../experiment/plan.js");
  const plan = await planRun({ name: "nous-dry", mechanism: "nous", model: "openai:gpt-4o-mini", grid: { ablation: ["none"] }, seeds: [1], params });
  return (await dryRun(plan)).expected!;
}

test("nous on a language model: window extraction with the memory's keys, answers and judge, all addressed, into rows", async () => {
  const server = await startOpenAIServer({
    respond(req) {
      const body = req.body as { messages: { role: string; content: unknown }[]; response_format?: { json_schema?: { name?: string } } };
      const text = userText(body);
      const schema = body.response_format?.json_schema?.name;
      const usage = { prompt_tokens: countRequestTokens(undefined, [{ role: "user", content: text }]).tokens, completion_tokens: 10 };
      const reply = respond(text, schema);
      return reply && { ...reply, usage };
    },
  });
  function respond(text: string, schema: string | undefined): { content: string } | undefined {
      if (schema === "window_triples") {
        // one entry per turn id; a first-person entity and an empty value must be repaired (and logged)
        const ids = [...text.matchAll(/^\((D\d+:\d+)\) (\w+): (.*)$/gm)];
        return {
          content: JSON.stringify({
            turns: ids.map(([, id, , said]) => ({
              id,
              triples: /violin/.test(said) ? [{ entity: "I", attribute: " Hobby ", value: "violin" }] : /nurse/.test(said) ? [{ entity: "Chen", attribute: "job", value: "nurse" }, { entity: "Dilys", attribute: "mood", value: "" }] : [],
            })).concat([{ id: "D99:1", triples: [] }]),
          }),
        };
      }
      if (schema === "answer") {
        if (/Question: What instrument does Dilys play\?/.test(text)) return { content: JSON.stringify({ answer: "violin" }) };
        if (/Question: What is the name of Dilys's cat\?/.test(text)) return { content: JSON.stringify({ answer: "" }) };
        return { content: JSON.stringify({ answer: "Not mentioned in the conversation" }) };
      }
      if (schema === "verdict") return { content: JSON.stringify({ verdict: /Predicted answer: violin/.test(text) ? "CORRECT" : "WRONG" }) };
      return undefined;
  }
  try {
    const rec = recording(createModel(`openai-compatible:${server.baseURL}#test-model`, { env: {} }));
    const r = await cellOf(rec.model);
    const answers = r.tables.answers;
    // 10 questions × (nous, bm25, not-mentioned, constant-year, full-context)
    assert.equal(answers.length, 50);
    assert.ok(answers.every((a) => a.model === rec.model.id));
    const violin = answers.find((a) => a.system === "nous" && String(a.question).startsWith("What instrument"))!;
    assert.equal(violin.prediction, "violin");
    assert.equal(violin.f1, 1);
    assert.equal(violin.j_score, 1);
    assert.equal(answers.find((a) => a.system === "bm25" && String(a.question).startsWith("What is Chen's job"))!.j_score, 0);
    assert.ok(answers.filter((a) => a.category === 5).every((a) => a.j_score === null));
    const cat = answers.find((a) => a.system === "nous" && a.category === 5)!;
    assert.equal(cat.prediction, "Not mentioned in the conversation");
    // repairs logged: first-person entity, empty value dropped, unknown turn id dropped, empty answer replaced
    const repairs = r.tables.repairs;
    assert.ok(repairs.some((x) => /first-person entity/.test(String(x.problem))));
    assert.ok(repairs.some((x) => /unknown turn id "D99:1"/.test(String(x.problem))));
    assert.ok(repairs.some((x) => x.step === "answer" && x.problem === "empty answer"));
    const deltas = r.tables.deltas;
    assert.ok(deltas.some((d) => d.entity === "Dilys" && d.attribute === "hobby" && d.observation === "violin"));
    // prompts: windows of at most 4 turns; the second window of a conversation lists the keys already in memory
    const sent = rec.requests.map((q) => String(q.messages[0].content));
    const windows = sent.filter((t) => t.startsWith(promptTemplates.extract.split("{")[0]));
    assert.equal(windows.length, 4); // conv-2: sessions of 6 and 6 turns → 2 + 2 windows
    assert.ok(windows.every((w) => [...w.matchAll(/^\(D\d+:\d+\)/gm)].length <= 4));
    assert.match(windows[0], /\(none yet\)/);
    assert.match(windows[1], /- Chen · job/);
    // addresses: every call has one, with the role it plays; none passes a seed; no two calls share one
    assert.ok(rec.requests.every((q) => q.seed === undefined && typeof q.address === "object"));
    const roles = new Set(rec.requests.map((q) => (q.address as CallAddress).role));
    assert.deepEqual([...roles].sort(), ["answerer", "extractor", "scorer"]);
    const keys = rec.requests.map((q) => JSON.stringify(q.address));
    assert.equal(new Set(keys).size, keys.length);
    // usage: 4 windows + 10 questions × 3 LLM systems + judge verdicts on 9 non-adversarial questions × 5 systems
    const byRole = (role: string) => rec.requests.filter((q) => (q.address as CallAddress).role === role).length;
    assert.deepEqual([byRole("extractor"), byRole("answerer"), byRole("scorer")], [4, 30, 45]);
    assert.equal(answers.filter((a) => a.j_score !== null).length, 45, "verdict rows");
    assert.equal(r.usage?.calls, 4 + 30 + 45);
    // the dry run (the experiment layer's: this control flow on a stand-in model) counts the same calls
    const est = await dryRunOf({ data: fixturePath(), split: "test", window: 4, judge: true });
    assert.equal(est.calls, r.usage?.calls);
  } finally {
    await server.close();
  }
});

test("a failed call fails the cell: no silent rows", async () => {
  const server = await startOpenAIServer({
    respond(req) {
      const schema = (req.body as { response_format?: { json_schema?: { name?: string } } }).response_format?.json_schema?.name;
      if (schema === "window_triples") return { content: JSON.stringify({ turns: [] }) };
      return { status: 400, body: { error: { message: "bad request", type: "invalid_request_error" } } };
    },
  });
  try {
    const model = createModel(`openai-compatible:${server.baseURL}#test-model`, { env: {} });
    await assert.rejects(cellOf(model, { judge: false }));
  } finally {
    await server.close();
  }
});

test("dry-run within ±20 % of the calls and input tokens of a real-size conversation (local test server, one fact per turn)", async () => {
  const { mkdtempSync, writeFileSync, rmSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const { join } = await import("node:path");
  const { benchmarkInstance } = await import("./benchmarks/instances.js");
  // one conversation of the project's benchmark: long enough that every context fills its token budget
  const dir = mkdtempSync(join(tmpdir(), "nous-dry-"));
  const file = join(dir, "one.json");
  const one = (benchmarkInstance("balanced-pilot").data as { qa: unknown[] }[]).slice(0, 1);
  writeFileSync(file, JSON.stringify(one));
  // extraction replies name one fact per turn, as a model would, so that the memory fills and the prompts carry keys
  // and full contexts; the server's default replies answer the questions
  const ATTRS = ["home", "workplace", "hobby", "event", "pet"];
  const server = await startOpenAIServer({
    respond(req) {
      const body = req.body as { messages: { role: string; content: unknown }[]; response_format?: { json_schema?: { name?: string } } };
      if (body.response_format?.json_schema?.name !== "window_triples") return undefined;
      const turns = [...userText(body).matchAll(/^\((D\d+:\d+)\) (\w+): (.*)$/gm)];
      return { content: JSON.stringify({ turns: turns.map(([, id, speaker, said], i) => ({ id, triples: [{ entity: speaker, attribute: ATTRS[i % ATTRS.length], value: said.split(" ").slice(-2).join(" ") }] })) }) };
    },
  });
  try {
    const rec = recording(createModel(`openai-compatible:${server.baseURL}#test-model`, { env: {} }));
    const over = { data: file, systems: ["nous", "bm25", "full-context"], window: 12, judge: false };
    const r = await cellOf(rec.model, over);
    assert.equal(r.tables.answers.length, 3 * one[0].qa.length);
    const est = await dryRunOf({ ...over, split: "test" });
    assert.equal(est.calls, r.usage?.calls);
    // input tokens as a provider with OpenAI's encoding counts them (the test server only counts characters / 4)
    const sent = rec.requests.reduce((n, q) => n + countRequestTokens(q.system, q.messages).tokens, 0);
    const ratio = est.inputTokens / sent;
    const byRole = (role: string) => rec.requests.filter((q) => (q.address as CallAddress).role === role).reduce((n, q) => n + countRequestTokens(q.system, q.messages).tokens, 0);
    const full = rec.requests.filter((q) => (q.address as CallAddress).agent === "full-context").reduce((n, q) => n + countRequestTokens(q.system, q.messages).tokens, 0);
    assert.ok(ratio > 0.8 && ratio < 1.2, `estimated input tokens ${est.inputTokens} vs ${sent} sent (extractor ${byRole("extractor")} in ${rec.requests.filter((q) => (q.address as CallAddress).role === "extractor").length} calls, answerer ${byRole("answerer")}, of which full-context ${full})`);
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test("against the random test server (seeded replies, 5xx and 429 faults): the cell completes through retries, rows are whole", async () => {
  const server = await startOpenAIServer({ random: { seed: 11, failureRate: 0.1, rate429: 0.05 } });
  try {
    const model = createModel(`openai-compatible:${server.baseURL}#test-model`, { env: {} });
    const r = await cellOf(model, { judge: true });
    assert.equal(r.tables.answers.length, 50);
    assert.ok(r.tables.answers.every((a) => typeof a.prediction === "string" && (a.category === 5 ? a.j_score === null : a.j_score === 0 || a.j_score === 1)));
  } finally {
    await server.close();
  }
});
