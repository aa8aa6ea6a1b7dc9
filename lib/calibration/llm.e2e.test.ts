// The calibration study's LLM path end to end, against a local OpenAI-compatible server that returns
// schema-valid replies: prompts → schema (strict JSON schema in response_format) → parsed replies → table rows.
import { test } from "node:test";
import assert from "node:assert/strict";
import { startOpenAIServer } from "../llm/testing/openai-server.js";
import { createModel } from "../llm/create.js";
import { createRng } from "../core/rng.js";
import { runCalibrationCell } from "./runner.js";

test("a calibrated cell runs on an OpenAI-compatible server: executor and judge prompts, schemas and rows", async () => {
  let judgeCalls = 0;
  const server = await startOpenAIServer({
    respond: (req) => {
      const body = req.body as { messages: { role: string; content: string }[]; response_format?: { json_schema?: { name: string } } };
      const name = body.response_format?.json_schema?.name;
      if (name === "judgement") {
        judgeCalls++;
        // Every third judgement states a percentage: the repair step must rescale and log it.
        const confidence = judgeCalls % 3 === 0 ? 70 : 0.35;
        return { content: JSON.stringify({ preferred: confidence > 0.5 ? "A" : "B", confidence }) };
      }
      if (name === "answer") {
        const task = body.messages.find((m) => m.role === "user")!.content;
        // Right on text tasks, wrong on grid tasks, so ground truth is sometimes known and sometimes a tie.
        return { content: JSON.stringify({ reasoning: "counted", answer: task.includes("grid") ? "999" : "0" }) };
      }
      return undefined;
    },
  });
  try {
    const llm = createModel(`openai-compatible:${server.baseURL}#test-model`);
    const res = await runCalibrationCell({
      runId: "protocol=calibrated,control=hide_names,seed=1",
      seed: 1,
      condition: { protocol: "calibrated", control: "hide_names" },
      params: { rounds: 3, tasksPerModality: 2 } as never,
      model: { kind: "llm", llm },
      rng: createRng(1),
    });
    // 5 phases × 3 rounds × (2 answers + 1 judgement)
    assert.equal(server.requests.length, 45);
    const judgeReqs = server.requests.filter((r) => (r.body as { response_format?: { json_schema?: { name: string } } }).response_format?.json_schema?.name === "judgement");
    assert.equal(judgeReqs.length, 15);
    const schema = (judgeReqs[0].body as { response_format: { json_schema: { strict: boolean; schema: { required: string[] } } } }).response_format.json_schema;
    assert.equal(schema.strict, true);
    assert.deepEqual([...schema.schema.required].sort(), ["confidence", "preferred"]);
    const userPrompt = (judgeReqs[0].body as { messages: { role: string; content: string }[] }).messages.find((m) => m.role === "user")!.content;
    assert.match(userPrompt, /Answer A:\n/);
    assert.doesNotMatch(userPrompt, /strategy:/, "hide_names must hide strategy names from the judge");

    const row = res.tables.results[0];
    assert.equal(row.model, "openai-compatible:test-model");
    assert.equal(row.protocol, "calibrated");
    assert.equal(res.tables.judgements.length, 15);
    assert.equal(row.repairs, 5);
    const repaired = res.tables.judgements.filter((j) => j.repair !== null);
    assert.ok(repaired.every((j) => /percentage/.test(String(j.repair))));
    assert.ok(res.tables.judgements.every((j) => Number(j.raw_confidence) >= 0 && Number(j.raw_confidence) <= 1));
    assert.equal(res.tables.weights.length, 5 * 11);
    assert.ok(res.tables.weights.every((w) => Number.isFinite(Number(w.weight))));
  } finally {
    await server.close();
  }
});
