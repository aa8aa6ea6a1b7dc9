// The calibration study's LLM path end to end, against the local OpenAI- and Gemini-protocol servers in random mode
// (seeded random, schema-valid replies): addresses, image parts, the verdict-only judge of the binary protocols,
// counted conflicts, and failures that propagate.
import { test } from "node:test";
import assert from "node:assert/strict";
import { startOpenAIServer } from "../llm/testing/openai-server.js";
import { startGeminiServer } from "../llm/testing/gemini-server.js";
import { createModel } from "../llm/create.js";
import { cellAddresser } from "../core/mechanism.js";
import { formatAddress, type CallAddress, type GenerateRequest, type LanguageModel } from "../core/model.js";
import { createRng } from "../core/rng.js";
import { runCalibrationCell } from "./runner.js";

type Body = { seed?: number; messages: { role: string; content: string | { type: string; text?: string; image_url?: { url: string } }[] }[]; response_format?: { json_schema?: { name: string; schema: { required: string[] } } } };

/** Records the requests a mechanism makes (what reaches the llm layer), then passes them on. */
function recording(llm: LanguageModel) {
  const requests: GenerateRequest[] = [];
  const model: LanguageModel = { id: llm.id, generate: (req) => (requests.push(req), llm.generate(req)), flush: () => llm.flush?.() ?? Promise.resolve() };
  return { model, requests };
}

function runCell(llm: LanguageModel, protocol: string, control: string, seed = 1) {
  const key = `protocol=${protocol},control=${control}`;
  return runCalibrationCell({
    runId: `${key},seed=${seed}`, seed, condition: { protocol, control }, params: { rounds: 3, tasksPerModality: 2, matchedStep: 0.037, matchedScale: 0.8 } as never,
    model: { kind: "llm", llm }, rng: createRng(seed), address: cellAddresser("calibration", key, seed),
  });
}

test("OpenAI protocol: every call has its own address and no seed, visual tasks send PNG images, confidences are asked for", async () => {
  const server = await startOpenAIServer({ random: { seed: 3 } });
  try {
    const rec = recording(createModel(`openai-compatible:${server.baseURL}#test-model`));
    const res = await runCell(rec.model, "isotonic", "hide_names");
    assert.ok(rec.requests.every((r) => r.seed === undefined && typeof r.address === "object"));
    const addresses = rec.requests.map((r) => r.address as CallAddress);
    assert.equal(new Set(addresses.map(formatAddress)).size, 108, "two calls of a cell never share an address");
    assert.ok(addresses.every((a) => a.mechanism === "calibration" && a.cell === "protocol=isotonic,control=hide_names" && a.seed === 1));
    assert.deepEqual([...new Set(addresses.map((a) => a.role))].sort(), ["executor", "judge"]);
    // 12 judged phases × 3 rounds × (2 answers + 1 judgement); the random-evaluator phases call nothing
    assert.equal(server.requests.length, 108);
    assert.equal(server.stats.byStatus["200"], 108);
    const bodies = server.requests.map((r) => r.body as Body);
    const judge = bodies.filter((b) => b.response_format?.json_schema?.name === "judgement");
    assert.equal(judge.length, 36);
    assert.deepEqual([...judge[0].response_format!.json_schema!.schema.required].sort(), ["confidence", "preferred"]);
    const parts = (b: Body) => b.messages.flatMap((m) => (typeof m.content === "string" ? [] : m.content));
    const withImage = bodies.filter((b) => parts(b).some((p) => p.type === "image_url" && p.image_url!.url.startsWith("data:image/png;base64,iVBORw0KGgo")));
    // every visual-task call (answers and judgements of the visual phases B, B2, C, VV, VV2, Cr) carries the image
    assert.equal(withImage.length, 6 * 3 * 3);
    const text = (b: Body) => b.messages.map((m) => (typeof m.content === "string" ? m.content : m.content.map((p) => p.text ?? "").join(""))).join("");
    assert.ok(judge.every((b) => !/strategy:/.test(text(b))), "hide_names hides strategy names");

    const row = res.tables.results[0];
    assert.equal(row.model, "openai-compatible:test-model");
    assert.equal(res.tables.judgements.length, 14 * 3);
    const judged = res.tables.judgements.filter((j) => j.evaluator === "judge");
    assert.equal(row.conflicts, judged.filter((j) => j.conflict).length);
    assert.ok(judged.every((j) => Number(j.raw_confidence) >= 0 && Number(j.raw_confidence) <= 1));
    assert.equal(row.tie_share, judged.filter((j) => j.outcome === null).length / judged.length);
  } finally {
    await server.close();
  }
});

test("Gemini protocol: the binary protocols' judge is asked for a verdict only, and images go as inline data", async () => {
  const server = await startGeminiServer({ random: { seed: 4 } });
  try {
    const llm = createModel({ provider: "gemini", model: "gemini-test", baseURL: server.baseURL, apiKey: "fake-gemini-key-123" });
    const res = await runCell(llm, "binary_matched", "none");
    assert.equal(server.requests.length, 108);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const bodies = server.requests.map((r) => r.body as any);
    const verdicts = bodies.filter((b) => JSON.stringify(b.generationConfig ?? b.config ?? {}).includes("preferred"));
    assert.equal(verdicts.length, 36);
    assert.ok(verdicts.every((b) => !JSON.stringify(b).includes("confidence")), "no confidence is asked for under binary protocols");
    const inline = bodies.filter((b) => JSON.stringify(b.contents).includes("\"inlineData\""));
    assert.equal(inline.length, 6 * 3 * 3);
    assert.ok(res.tables.judgements.every((j) => j.raw_confidence === null));
    assert.ok(res.tables.judgements.every((j) => Math.abs(Number(j.update)) === 0.037));
  } finally {
    await server.close();
  }
});

test("shuffled on a language model: the isotonic source run's calls have their own addresses, and raw_matched scales by the given matchedScale", async () => {
  const server = await startOpenAIServer({ random: { seed: 6 } });
  try {
    const rec = recording(createModel(`openai-compatible:${server.baseURL}#test-model`));
    const res = await runCell(rec.model, "shuffled", "none");
    const addresses = rec.requests.map((r) => r.address as CallAddress);
    // the source run and the shuffled run: 2 × 108 calls, every address distinct
    assert.equal(addresses.length, 216);
    assert.equal(new Set(addresses.map(formatAddress)).size, 216);
    assert.equal(addresses.filter((a) => String(a.agent).startsWith("isotonic-source:")).length, 108);
    assert.equal(res.tables.judgements.length, 14 * 3);
    const raw = await runCell(createModel(`openai-compatible:${server.baseURL}#test-model`), "raw_matched", "none");
    assert.ok(raw.tables.judgements.every((j) => Math.abs(Number(j.update) - 0.8 * 0.08 * (2 * Number(j.used_confidence) - 1)) < 1e-15));
  } finally {
    await server.close();
  }
});

test("a call that fails after its retries fails the cell (no silent rows)", async () => {
  const server = await startOpenAIServer({ random: { seed: 5, failureRate: 1 } });
  try {
    const llm = createModel({ provider: "openai-compatible", model: "m", baseURL: server.baseURL, maxRetries: 1 }, { retry: { baseDelayMs: 1 } } as never);
    await assert.rejects(runCell(llm, "raw", "none"));
  } finally {
    await server.close();
  }
});
