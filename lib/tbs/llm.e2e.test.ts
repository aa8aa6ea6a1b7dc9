/**
 * End to end against the local OpenAI-compatible test server: prompts → schema → parsed → table rows.
 * The server answers with schema-valid JSON generated from each request's response_format, or a custom reply.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRng } from "../core/rng.js";
import { createModel } from "../llm/create.js";
import { startOpenAIServer } from "../llm/testing/openai-server.js";
import { runTbs } from "./run.js";
import { runner } from "./runner.js";
import { internalStateSchema } from "./types.js";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const systemOf = (body: any): string => (body?.messages ?? []).map((m: { content?: unknown }) => String(m.content ?? "")).join("\n");

test("LLM agents: every agent reasons each interval, concurrently; the speaker's reply becomes an utterance row", async () => {
  let inFlight = 0;
  let maxInFlight = 0;
  const server = await startOpenAIServer({
    latencyMs: 30,
    respond: async () => {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise((r) => setTimeout(r, 20));
      inFlight--;
      return undefined; // the default schema-valid reply
    },
  });
  try {
    const llm = createModel("openai-compatible:" + server.baseURL + "#test-model");
    const res = await runTbs({ agents: 4, intervals: 4, memory: "summary", force: "force", memoryOptions: { summaryKeep: 1 } }, { llm, rng: createRng(1), meta: { run_id: "llm", seed: 1 } });
    assert.equal(res.states.length, 16);
    for (const row of res.states) {
      assert.equal(row.model, "openai-compatible:test-model");
      assert.equal(row.error, null);
      internalStateSchema.parse(row);
      assert.ok((row.tokens_in as number) > 0, "tokens are counted");
      assert.equal(row.latent_dissonance, null, "LLM rows have no latent appraisals");
    }
    assert.equal(res.utterances.length, 4, "Force Speak: one utterance per interval");
    for (const u of res.utterances) assert.equal(typeof u.text, "string");
    const bodies = server.requests.map((r) => systemOf(r.body));
    assert.equal(bodies.filter((b) => b.includes("You think privately")).length, 16, "one reasoning call per agent per interval");
    assert.equal(bodies.filter((b) => b.includes("You have the floor")).length, 4, "only the speaker runs the speech module");
    assert.ok(bodies.some((b) => b.includes("Summarise the hearing")), "Summary memory asks the model for a summary");
    assert.ok(maxInFlight >= 4, `reasoning calls of an interval run concurrently (max in flight ${maxInFlight})`);
  } finally {
    await server.close();
  }
});

test("bad replies: out-of-range items are repaired and logged; an unknown strategy or a failed call keeps the agent's row with an error", async () => {
  const valid = { perceived_inconsistency: 2, dissonance_tension: 2, tension_reduction_motivation: 2, perceived_opinion_climate: 3, perceived_isolation_risk: 3, strategy: "defend", willing_to_speak: true, time_cost: 1, private_stance: 2, monologue: "ok" };
  const server = await startOpenAIServer({
    respond: (req) => {
      const text = systemOf(req.body);
      if (!text.includes("You think privately")) return undefined;
      if (text.includes("You are Utility representative")) return { content: JSON.stringify({ ...valid, perceived_isolation_risk: 9, time_cost: 3 }) };
      if (text.includes("You are Homeowner advocate")) return { content: JSON.stringify({ ...valid, strategy: "dance" }) };
      if (text.includes("You are Home builder")) return { status: 500, body: { error: { message: "boom", type: "server_error" } } };
      return { content: JSON.stringify({ ...valid, time_cost: 5 }) };
    },
  });
  try {
    const llm = createModel({ provider: "openai-compatible", baseURL: server.baseURL, model: "test-model", maxRetries: 0, maxReasks: 0 });
    const res = await runTbs({ agents: 4, intervals: 2, ecology: "balanced-stakeholders" }, { llm, rng: createRng(1) });
    assert.equal(res.states.length, 8, "no agent's row is dropped");
    const by = (p: string) => res.states.filter((r) => r.persona === p);
    for (const r of by("utility-representative")) {
      assert.equal(r.perceived_isolation_risk, 7);
      assert.match((r.repairs as string[]).join(";"), /perceived_isolation_risk: 9 → 7/);
    }
    for (const r of by("homeowner-advocate")) {
      assert.equal(r.strategy, null);
      assert.match(r.error as string, /unknown strategy "dance"/);
    }
    for (const r of by("home-builder")) {
      assert.match(r.error as string, /llm call failed/);
      assert.equal(r.selected, false);
    }
    assert.ok(res.states.filter((r) => r.persona === "utility-representative").every((r) => r.selected), "lowest time_cost among valid willing agents wins");
  } finally {
    await server.close();
  }
});

test("the runner exports its prompt templates", () => {
  assert.deepEqual(Object.keys(runner.promptTemplates ?? {}).sort(), ["reason_system", "reason_user", "speak_system", "speak_user", "summary_user"]);
});

test("through the experiment runner: an LLM config's cells write states and utterances tables labelled with the model", async () => {
  const { runExperiment, load } = await import("../experiment/index.js");
  const { mkdtempSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const { join } = await import("node:path");
  const server = await startOpenAIServer();
  try {
    const out = join(mkdtempSync(join(tmpdir(), "tbs-llm-")), "run");
    const res = await runExperiment(
      {
        name: "tbs-llm-e2e",
        mechanism: "tbs",
        model: "openai-compatible:" + server.baseURL + "#test-model",
        grid: { mode: ["willing", "rotation"] },
        seeds: [1],
        params: { agents: 3, intervals: 2, force: "force" },
      },
      { out },
    );
    assert.equal(res.failed, 0);
    const run = load(res.dir);
    assert.equal(run.tables.states.length, 12);
    assert.equal(run.tables.utterances.length, 4);
    assert.ok(run.tables.states.every((r) => r.model === "openai-compatible:test-model" && r.error === null));
    assert.deepEqual([...new Set(run.tables.states.map((r) => r.mode))].sort(), ["rotation", "willing"]);
  } finally {
    await server.close();
  }
});

test("a failed summary call keeps the previous summary and is logged in that interval's rows", async () => {
  const server = await startOpenAIServer({
    respond: (req) => (systemOf(req.body).includes("Summarise the hearing") ? { status: 500, body: { error: { message: "down", type: "server_error" } } } : undefined),
  });
  try {
    const llm = createModel({ provider: "openai-compatible", baseURL: server.baseURL, model: "test-model", maxRetries: 0 });
    const res = await runTbs({ agents: 3, intervals: 4, memory: "summary", force: "force", memoryOptions: { summaryKeep: 1 } }, { llm, rng: createRng(2) });
    assert.equal(res.states.length, 12);
    assert.ok(res.states.some((r) => (r.repairs as string[]).some((x) => /summary memory: model call failed/.test(x))));
  } finally {
    await server.close();
  }
});
