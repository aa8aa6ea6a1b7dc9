/**
 * End to end against the local OpenAI- and Gemini-protocol test servers: prompts → schema → parsed → table rows,
 * call addresses, iterative per-agent Summary memory, forced speakers, and failures that fail the cell.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRng } from "../core/rng.js";
import { cellAddresser } from "../core/mechanism.js";
import type { GenerateRequest, LanguageModel } from "../core/model.js";
import { createModel } from "../llm/create.js";
import { startOpenAIServer } from "../llm/testing/openai-server.js";
import { startGeminiServer } from "../llm/testing/gemini-server.js";
import { runTbs } from "./run.js";
import { runner } from "./runner.js";
import { internalStateSchema } from "./types.js";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const textOf = (body: any): string => (body?.messages ?? []).map((m: { content?: unknown }) => String(m.content ?? "")).join("\n");
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const schemaName = (body: any): string | undefined => body?.response_format?.json_schema?.name;

/** Records every request a model receives (addresses and seeds as the mechanism sent them). */
function recording(inner: LanguageModel): { llm: LanguageModel; requests: GenerateRequest[] } {
  const requests: GenerateRequest[] = [];
  return { requests, llm: { id: inner.id, generate: (req) => (requests.push(req), inner.generate(req)) } };
}

test("LLM agents: every agent reasons each interval, concurrently, under an address; only the speaker speaks; monologue is the schema's first property", async () => {
  let inFlight = 0;
  let maxInFlight = 0;
  const server = await startOpenAIServer({
    latencyMs: 30,
    respond: async () => {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise((r) => setTimeout(r, 20));
      inFlight--;
      return undefined;
    },
  });
  try {
    const { llm, requests } = recording(createModel("openai-compatible:" + server.baseURL + "#test-model"));
    const res = await runTbs({ agents: 4, intervals: 4, force: "force" }, { llm, rng: createRng(1), address: cellAddresser("tbs", "force=force", 1), meta: { run_id: "llm", seed: 1 } });
    assert.equal(res.states.length, 16);
    for (const row of res.states) {
      assert.equal(row.model, "openai-compatible:test-model");
      internalStateSchema.parse(row);
      assert.ok((row.tokens_in as number) > 0, "tokens are counted");
      assert.equal(row.latent_dissonance, null, "LLM rows have no latent appraisals");
    }
    assert.equal(res.utterances.length, 4, "Force Speak: one utterance per interval");
    for (const r of requests) {
      assert.equal(r.seed, undefined, "no seed: the llm layer derives it from the address");
      assert.ok(r.address && typeof r.address === "object");
    }
    const addr = requests.map((r) => r.address as { role: string; step: number; agent: number; cell: string });
    assert.equal(addr.filter((a) => a.role === "reasoner").length, 16);
    assert.equal(new Set(addr.filter((a) => a.role === "reasoner").map((a) => `${a.step}/${a.agent}`)).size, 16, "reasoning calls differ in address");
    assert.deepEqual(addr.filter((a) => a.role === "speaker").map((a) => a.step), [1, 2, 3, 4]);
    assert.ok(addr.every((a) => a.cell === "force=force"));
    const reasonBodies = server.requests.filter((r) => schemaName(r.body) === "internal_state");
    assert.equal(reasonBodies.length, 16);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const props = Object.keys((reasonBodies[0].body as any).response_format.json_schema.schema.properties);
    assert.equal(props[0], "monologue", `first property sent: ${props.join(", ")}`);
    assert.ok(maxInFlight >= 4, `reasoning calls of an interval run concurrently (max in flight ${maxInFlight})`);
    const costs = res.costs.reduce((a, c) => a + (c.input_tokens as number), 0);
    assert.equal(costs, res.usage.inputTokens, "the costs table sums the calls' reported usage");
    assert.ok(res.costs.every((c) => c.token_source === "llm-usage"));
  } finally {
    await server.close();
  }
});

test("Summary memory is per agent and iterative: summary call k+1 of an agent contains its reply k, and no offline text enters a prompt", async () => {
  let n = 0;
  const replies = new Map<string, string>();
  const server = await startOpenAIServer({
    respond: (req) => {
      const t = textOf(req.body);
      if (!t.includes("Update your private memory")) return undefined;
      const who = /Participant (\d+)\)/.exec(t)![1];
      const text = `SUMMARY-${++n} of participant ${who}: the room argued about costs.`;
      replies.set(`${who}:${n}`, text);
      return { content: text };
    },
  });
  try {
    const llm = createModel("openai-compatible:" + server.baseURL + "#test-model");
    const res = await runTbs({ agents: 3, intervals: 6, memory: "summary", force: "force", memoryOptions: { summaryKeep: 1 } }, { llm, rng: createRng(2) });
    assert.equal(res.states.length, 18);
    const bodies = server.requests.map((r) => textOf(r.body));
    const summaryBodies = bodies.filter((b) => b.includes("Update your private memory"));
    assert.equal(summaryBodies.length, 3 * 4, "each of 3 agents rewrites its summary in intervals 3..6");
    for (const who of ["1", "2", "3"]) {
      const mine = summaryBodies.filter((b) => b.includes(`(Participant ${who})`));
      const mineReplies = [...replies.entries()].filter(([k]) => k.startsWith(`${who}:`)).map(([, v]) => v);
      assert.equal(mine.length, 4);
      assert.ok(mine[0].includes("Your previous summary:\n(none yet)"));
      for (let k = 0; k + 1 < mine.length; k++) assert.ok(mine[k + 1].includes(mineReplies[k]), `agent ${who}: summary call ${k + 2} contains reply ${k + 1}`);
      for (const other of ["1", "2", "3"].filter((x) => x !== who)) assert.ok(!mine.some((b) => b.includes(`of participant ${other}:`)), "an agent sees only its own summary");
      assert.ok(mine.slice(1).every((b) => /Your private states in those intervals:\n- \[interval \d+\] thought:/.test(b)), "its own internal states are compressed too");
    }
    // The reasoning prompts of later intervals carry the agent's own latest summary.
    const late = bodies.filter((b) => b.includes("Interval 6 of the hearing"));
    assert.ok(late.every((b) => /Your summary of the earlier discussion: SUMMARY-\d+ of participant (\d)/.test(b)));
    for (const b of bodies) assert.ok(!/Earlier in the hearing|\[offline template\]|typical stance/.test(b), "no offline text in any prompt");
  } finally {
    await server.close();
  }
});

test("sequential protocol: summary calls follow the turn order (only the agent whose turn it is rewrites its summary, folding everything compressed since its last turn)", async () => {
  const server = await startOpenAIServer();
  try {
    const { llm, requests } = recording(createModel("openai-compatible:" + server.baseURL + "#test-model"));
    const res = await runTbs({ agents: 3, intervals: 6, protocol: "sequential", memory: "summary", memoryOptions: { summaryKeep: 1 } }, { llm, rng: createRng(4) });
    assert.equal(res.utterances.length, 6);
    const summaries = requests.filter((r) => (r.address as { role: string }).role === "summarizer").map((r) => r.address as { step: number; agent: number });
    // Statement k is made in interval k; with one kept verbatim, k − 2 are compressed when interval k opens.
    assert.deepEqual(summaries.map((a) => [a.step, a.agent]), [[3, 2], [4, 0], [5, 1], [6, 2]]);
    // (the random server's replies echo their prompt, so a summary call is told by its system line)
    const bodies = server.requests.map((r) => textOf(r.body)).filter((b) => b.includes("You keep a private running memory"));
    assert.match(bodies[3], /New statements \(intervals 2-4\)/, "agent 3 folds statements 2..4 at its second turn");
    assert.equal(res.costs.reduce((a, c) => a + (c.summarizer_calls as number), 0), 4);
  } finally {
    await server.close();
  }
});

test("every protocol's prompt holds the same window of statements, by count (Latest(5): five statements, whether a round has one or four)", async () => {
  const server = await startOpenAIServer();
  try {
    const llm = createModel("openai-compatible:" + server.baseURL + "#test-model");
    await runTbs({ agents: 4, intervals: 3, protocol: "hierarchical" }, { llm, rng: createRng(1) });
    await runTbs({ agents: 4, intervals: 8, force: "force" }, { llm, rng: createRng(1) });
    const reasoning = (interval: number) => server.requests.map((r) => textOf(r.body)).filter((b) => b.includes(`Interval ${interval} of the hearing`));
    const statements = (b: string) => (b.match(/^- \[interval \d+\] /gm) ?? []).length;
    const h = reasoning(3).filter((b) => b.includes("every participant gives a statement"));
    const t = reasoning(8).filter((b) => b.includes("Among those who ask"));
    assert.equal(h.length, 4);
    assert.equal(t.length, 4);
    for (const b of [...h, ...t]) assert.equal(statements(b.split("Your own earlier private thoughts")[0]), 5, b);
  } finally {
    await server.close();
  }
});

test("a forced speaker chooses its strategy and utterance in its own reply", async () => {
  const unwilling = { monologue: "I would rather listen.", perceived_inconsistency: 2, dissonance_tension: 2, tension_reduction_motivation: 2, perceived_opinion_climate: 6, perceived_isolation_risk: 6, strategy: "withhold", willing_to_speak: false, time_cost: 4, private_stance: -1 };
  const server = await startOpenAIServer({
    respond: (req) => {
      const name = schemaName(req.body);
      if (name === "internal_state") return { content: JSON.stringify(unwilling) };
      if (name === "called_utterance") return { content: JSON.stringify({ strategy: "bridge", utterance: "Perhaps both sides can agree on a phased start.", expressed_stance: 0 }) };
      return undefined;
    },
  });
  try {
    const llm = createModel("openai-compatible:" + server.baseURL + "#test-model");
    const res = await runTbs({ agents: 3, intervals: 2, force: "force", mode: "rotation" }, { llm, rng: createRng(1) });
    assert.equal(res.utterances.length, 2);
    for (const u of res.utterances) {
      assert.equal(u.forced, true);
      assert.equal(u.strategy, "bridge", "the model's strategy, not a default");
      assert.equal(u.text, "Perhaps both sides can agree on a phased start.");
    }
    const speak = server.requests.filter((r) => schemaName(r.body) === "called_utterance").map((r) => textOf(r.body));
    assert.ok(speak.every((t) => t.includes("the chair asks you to say something") && t.includes("Choose how to respond now")));
  } finally {
    await server.close();
  }
});

test("a failed call (after retries) fails the run instead of writing a silent row; a repairable reply is repaired and logged", async () => {
  const valid = { monologue: "ok", perceived_inconsistency: 2, dissonance_tension: 2, tension_reduction_motivation: 2, perceived_opinion_climate: 3, perceived_isolation_risk: 3, strategy: "defend", willing_to_speak: true, time_cost: 1, private_stance: 2 };
  const repairing = await startOpenAIServer({
    respond: (req) => (schemaName(req.body) === "internal_state" ? { content: JSON.stringify({ ...valid, perceived_isolation_risk: 9 }) } : undefined),
  });
  try {
    const llm = createModel({ provider: "openai-compatible", baseURL: repairing.baseURL, model: "test-model", maxRetries: 0, maxReasks: 0 });
    const res = await runTbs({ agents: 2, intervals: 1 }, { llm, rng: createRng(1) });
    for (const r of res.states) {
      assert.equal(r.perceived_isolation_risk, 7);
      assert.match((r.repairs as string[]).join(";"), /perceived_isolation_risk: 9 → 7/);
    }
  } finally {
    await repairing.close();
  }
  for (const [what, respond] of [
    ["a 500 on reasoning", (b: unknown) => (schemaName(b) === "internal_state" && textOf(b).includes("Participant 2.") ? { status: 500, body: { error: { message: "boom", type: "server_error" } } } : undefined)],
    ["a 500 on summary", (b: unknown) => (textOf(b).includes("Update your private memory") ? { status: 500, body: { error: { message: "down", type: "server_error" } } } : undefined)],
    ["an unknown strategy", (b: unknown) => (schemaName(b) === "internal_state" ? { content: JSON.stringify({ ...valid, strategy: "dance" }) } : undefined)],
  ] as const) {
    const server = await startOpenAIServer({ respond: (req) => respond(req.body) });
    try {
      const llm = createModel({ provider: "openai-compatible", baseURL: server.baseURL, model: "test-model", maxRetries: 0, maxReasks: 0 });
      await assert.rejects(runTbs({ agents: 3, intervals: 4, memory: "summary", force: "force", memoryOptions: { summaryKeep: 1 } }, { llm, rng: createRng(1) }), /boom|down|dance|strategy/, what);
    } finally {
      await server.close();
    }
  }
});

test("the Gemini protocol: the same run, with schema-valid replies and every call addressed", async () => {
  const server = await startGeminiServer();
  try {
    const { llm, requests } = recording(createModel({ provider: "gemini", model: "gemini-test", baseURL: server.baseURL, apiKey: "k" }));
    const res = await runTbs({ agents: 3, intervals: 3, mode: "rotation", force: "force", memory: "summary", memoryOptions: { summaryKeep: 1 } }, { llm, rng: createRng(1) });
    assert.equal(res.states.length, 9);
    assert.equal(res.utterances.length, 3);
    assert.ok(requests.every((r) => r.address && r.seed === undefined));
    assert.deepEqual([...new Set(requests.map((r) => (r.address as { role: string }).role))].sort(), ["reasoner", "speaker", "summarizer"]);
  } finally {
    await server.close();
  }
});

test("nous memory on the LLM path: the reasoning prompt carries what the agent retrieved by content", async () => {
  const server = await startOpenAIServer();
  try {
    const llm = createModel("openai-compatible:" + server.baseURL + "#test-model");
    await runTbs({ agents: 3, intervals: 4, memory: "nous", force: "force" }, { llm, rng: createRng(1) });
    const late = server.requests.map((r) => textOf(r.body)).filter((b) => b.includes("Interval 4 of the hearing"));
    assert.equal(late.length, 3);
    assert.ok(late.every((b) => /\[turn [123], (heard|thought)\]/.test(b)), "retrieved memories are in the prompt");
  } finally {
    await server.close();
  }
});

test("random test server with faults: retried calls complete the run; a call that keeps failing fails the cell in the experiment runner", async () => {
  const { runExperiment } = await import("../experiment/index.js");
  const { mkdtempSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const { join } = await import("node:path");
  const flaky = await startOpenAIServer({ random: { seed: 7, failureRate: 0.1, rate429: 0.05, retryAfterS: 0, latencyMs: [0, 5] } });
  try {
    const llm = createModel({ provider: "openai-compatible", baseURL: flaky.baseURL, model: "test-model", maxRetries: 8 });
    const res = await runTbs({ agents: 4, intervals: 5, memory: "summary", force: "force", memoryOptions: { summaryKeep: 1 } }, { llm, rng: createRng(3) });
    assert.equal(res.states.length, 20);
    assert.ok(res.utterances.every((u) => typeof u.text === "string" && (u.text as string).length > 0));
    assert.ok(res.states.every((r) => r.monologue !== null));
    assert.ok((flaky.stats.byStatus["500"] ?? 0) > 0 && (flaky.stats.byStatus["429"] ?? 0) > 0, `faults were served: ${JSON.stringify(flaky.stats.byStatus)}`);
  } finally {
    await flaky.close();
  }
  const down = await startOpenAIServer({ random: { seed: 1, failureRate: 1 } });
  try {
    const out = join(mkdtempSync(join(tmpdir(), "tbs-down-")), "run");
    const res = await runExperiment(
      { name: "tbs-down", mechanism: "tbs", model: { provider: "openai-compatible", baseURL: down.baseURL, model: "test-model", maxRetries: 0 }, seeds: [1], params: { agents: 2, intervals: 1 } },
      { out },
    );
    assert.equal(res.failed, 1, "the cell is marked failed, not written as silent rows");
  } finally {
    await down.close();
  }
});

test("the runner exports its prompt templates", () => {
  assert.ok(["reason_system", "reason_user", "speak_system", "speak_user", "summary_system", "summary_user", "turn_willing", "turn_rotation"].every((k) => k in (runner.promptTemplates ?? {})));
});

test("through the experiment runner: an LLM config's cells write states, utterances and costs, with cell addresses", async () => {
  const { runExperiment, load } = await import("../experiment/index.js");
  const { mkdtempSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const { join } = await import("node:path");
  const server = await startOpenAIServer();
  try {
    const out = join(mkdtempSync(join(tmpdir(), "tbs-llm-")), "run");
    const res = await runExperiment(
      { name: "tbs-llm-e2e", mechanism: "tbs", model: "openai-compatible:" + server.baseURL + "#test-model", grid: { mode: ["willing", "rotation"] }, seeds: [1], params: { agents: 3, intervals: 2, force: "force" } },
      { out },
    );
    assert.equal(res.failed, 0);
    const run = load(res.dir);
    assert.equal(run.tables.states.length, 12);
    assert.equal(run.tables.utterances.length, 4);
    assert.equal(run.tables.costs.length, 4);
    assert.ok(run.tables.states.every((r) => r.model === "openai-compatible:test-model" && r.error === null));
  } finally {
    await server.close();
  }
});
