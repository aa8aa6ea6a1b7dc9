/**
 * The LLM path end to end against the local OpenAI-compatible test server: prompts → schema → parsed (and
 * repaired, with the repair logged) → table rows.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRng } from "../core/rng.js";
import { createModel } from "../llm/index.js";
import { startOpenAIServer } from "../llm/testing/openai-server.js";
import { fixturePath } from "./locomo/data.js";
import { promptTemplates } from "./models/llm.js";
import { runner } from "./runner.js";

function userText(body: { messages: { role: string; content: unknown }[] }): string {
  return body.messages.filter((m) => m.role === "user").map((m) => String(m.content)).join("\n");
}

test("nous on a language model: extraction and answers go through prompts, schemas and repair into rows", async () => {
  const server = await startOpenAIServer({
    respond(req) {
      const body = req.body as { messages: { role: string; content: unknown }[]; response_format?: { json_schema?: { name?: string } } };
      const text = userText(body);
      const schema = body.response_format?.json_schema?.name;
      if (schema === "triples") {
        // first person and an empty value: both must be repaired (and logged), never stored as they are
        const turn = /Turn: (.*)/.exec(text)?.[1] ?? "";
        const value = /violin/.test(turn) ? "violin" : /nurse/.test(turn) ? "nurse" : "";
        return { content: JSON.stringify({ triples: [{ entity: "I", attribute: " Job ", value }, { entity: "Dilys", attribute: "mood", value: "" }] }) };
      }
      if (schema === "answer") {
        if (/Question: What instrument does Dilys play\?/.test(text)) return { content: JSON.stringify({ answer: "violin" }) };
        if (/Question: What is the name of Dilys's cat\?/.test(text)) return { content: JSON.stringify({ answer: "" }) };
        return { content: JSON.stringify({ answer: "Not mentioned in the conversation" }) };
      }
      return undefined;
    },
  });
  try {
    const model = createModel(`openai-compatible:${server.baseURL}#test-model`, { env: {} });
    const params = runner.paramsSchema.parse({ data: fixturePath(), conversations: ["conv-2"] });
    const r = await runner.runCell({ runId: "ablation=none,seed=1", seed: 1, condition: { ablation: "none" }, params, model: { kind: "llm", llm: model }, rng: createRng(1) });
    const answers = r.tables.answers;
    // 10 questions × (nous, bm25, not-mentioned, full-context)
    assert.equal(answers.length, 40);
    assert.ok(answers.every((a) => a.model === model.id));
    const violin = answers.find((a) => a.system === "nous" && String(a.question).startsWith("What instrument"))!;
    assert.equal(violin.prediction, "violin");
    assert.equal(violin.f1, 1);
    // an empty answer was repaired into the abstention phrase, which scores 1 on the adversarial question
    const cat = answers.find((a) => a.system === "nous" && a.category === 5)!;
    assert.equal(cat.prediction, "Not mentioned in the conversation");
    assert.equal(cat.f1, 1);
    // repairs are logged: first-person entities replaced, empty values dropped, empty answers replaced
    const repairs = r.tables.repairs;
    assert.ok(repairs.some((x) => /first-person entity/.test(String(x.problem)) && /replaced by the speaker/.test(String(x.action))));
    assert.ok(repairs.some((x) => x.action === "dropped"));
    assert.ok(repairs.some((x) => x.step === "answer" && x.problem === "empty answer"));
    // the stored deltas hold only repaired triples, with the speaker as entity
    const deltas = r.tables.deltas;
    assert.ok(deltas.length > 0 && deltas.every((d) => d.entity !== "I" && String(d.observation).length > 0));
    assert.ok(deltas.some((d) => d.entity === "Dilys" && d.attribute === "job" && d.observation === "violin"));
    // the prompts sent are the exported templates, filled
    const sent = server.requests.map((q) => userText(q.body));
    assert.ok(sent.some((t) => t.startsWith(promptTemplates.extract.split("\n")[0]) && t.includes("Speaker: Chen")));
    assert.ok(sent.some((t) => t.includes("Beliefs (entity · attribute") && t.includes("Question: What instrument does Dilys play?")));
    assert.ok(sent.some((t) => t.startsWith("Here is a whole conversation") && t.includes("[Session 1, 11 January 2023]")));
    assert.equal(r.usage?.calls, 12 + 30); // one call per turn, one per question and LLM system
  } finally {
    await server.close();
  }
});
