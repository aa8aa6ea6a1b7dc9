import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ConfigError } from "../core/errors.js";
import { sha256 } from "../core/hash.js";
import { createRng } from "../core/rng.js";
import type { ExperimentConfig } from "./config.js";
import { load } from "./load.js";
import { runExperiment } from "./run.js";
import { dryRun, planRun } from "./plan.js";
import { countRequestTokens, countTokens, schemaWireText } from "../llm/tokens.js";
import { echoRunner, ReplySchema } from "./testing/mechanism.js";
import { mechanisms } from "./testing/registry.js";

const tmp = () => mkdtempSync(join(tmpdir(), "agora-run-"));
const config = (over: Partial<ExperimentConfig> = {}): ExperimentConfig => ({
  name: "echo-test",
  mechanism: "echo",
  model: "offline",
  grid: { mode: ["a", "b", "c"], force: [true, false] },
  seeds: [1, 2, 3, 4],
  params: { delayMs: 4, rows: 3 },
  ...over,
});
const tables = (dir: string) => ({
  draws: readFileSync(join(dir, "draws.jsonl"), "utf8"),
  summary: readFileSync(join(dir, "summary.jsonl"), "utf8"),
});

test("tables are byte-identical at concurrency 1 and 8 (cells finish in different orders)", async () => {
  const d1 = join(tmp(), "c1");
  const d8 = join(tmp(), "c8");
  const r1 = await runExperiment(config(), { out: d1, concurrency: 1, registry: mechanisms });
  const r8 = await runExperiment(config(), { out: d8, concurrency: 8, registry: mechanisms });
  assert.equal(r1.failed, 0);
  assert.equal(r8.failed, 0);
  assert.deepEqual(tables(d1), tables(d8));
  assert.equal(r8.manifest.status, "complete");
  assert.equal(r8.manifest.concurrency, 8);
  // 3 modes × 2 force levels × 4 seeds = 24 cells; 3 draws per cell
  assert.equal(r8.manifest.cells.length, 24);
  assert.deepEqual(r8.manifest.tables, { draws: { file: "draws.jsonl", rows: 72 }, summary: { file: "summary.jsonl", rows: 24 } });
  const run = load(d8);
  assert.deepEqual(run.tables.summary.map((r) => r.run_id), r8.manifest.cells.map((c) => c.runId), "rows in grid order");
});

test("rows carry run id, seed, model and condition, and come from createRng(seed).fork(mechanism, runId)", async () => {
  const dir = join(tmp(), "run");
  await runExperiment(config({ grid: { mode: ["a"] }, seeds: [5], params: { rows: 1 } }), { out: dir, registry: mechanisms });
  const [row] = load(dir).tables.draws;
  const draws = createRng(5).fork("echo", "mode=a,seed=5").fork("draws");
  assert.deepEqual(row, { run_id: "mode=a,seed=5", seed: 5, model: "offline:echo-v1", mode: "a", i: 0, x: draws.uniform(), z: draws.normal() });
});

test("a failed cell is recorded with its error; the other cells complete", async () => {
  const dir = join(tmp(), "fail");
  const res = await runExperiment(config({ params: { failMode: "b" } }), { out: dir, concurrency: 3, registry: mechanisms });
  assert.equal(res.failed, 8);
  assert.equal(res.manifest.status, "incomplete");
  const failed = res.manifest.cells.filter((c) => c.status === "failed");
  assert.equal(failed.length, 8);
  assert.ok(failed.every((c) => c.condition.mode === "b" && /mode b fails on purpose/.test(c.error?.message ?? "")));
  assert.equal(load(dir).tables.summary.length, 16);
  const onDisk = JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8"));
  assert.equal(onDisk.cells.filter((c: { status: string }) => c.status === "failed").length, 8);
});

test("resume keeps completed cells, redoes the rest, and equals an uninterrupted run", async () => {
  const dir = join(tmp(), "resume");
  const controller = new AbortController();
  let seen = 0;
  const first = await runExperiment(config(), {
    out: dir, concurrency: 2, registry: mechanisms, signal: controller.signal,
    progress: (e) => { if (e.done >= 5 && seen++ === 0) controller.abort(); },
  });
  assert.equal(first.manifest.status, "stopped");
  const kept = readdirSync(join(dir, "cells")).length;
  assert.ok(kept >= 5 && kept < 24, `kept ${kept} cells`);
  await assert.rejects(runExperiment(config(), { out: dir, registry: mechanisms }), /already exists[\s\S]*--resume/);
  let ran = 0;
  const second = await runExperiment(config(), {
    out: dir, concurrency: 4, resume: true, registry: mechanisms,
    progress: (e) => { ran = e.done - e.skipped; },
  });
  assert.equal(second.manifest.status, "complete");
  assert.equal(ran, 24 - kept, "only the missing cells ran");
  const fresh = join(tmp(), "fresh");
  await runExperiment(config(), { out: fresh, registry: mechanisms });
  assert.deepEqual(tables(dir), tables(fresh));
});

test("resume refuses a folder made from a different config", async () => {
  const dir = join(tmp(), "refuse");
  await runExperiment(config(), { out: dir, registry: mechanisms });
  await assert.rejects(
    runExperiment(config({ params: { delayMs: 4, rows: 4 } }), { out: dir, resume: true, registry: mechanisms }),
    (err: unknown) => err instanceof ConfigError && /made from another config/.test(err.message),
  );
});

test("dry run counts cells and estimates LLM usage without writing anything", async () => {
  const dir = join(tmp(), "dry");
  const off = await runExperiment(config(), { out: dir, dryRun: true, registry: mechanisms });
  assert.deepEqual(off.dryRun, { cells: 24, model: "offline:echo-v1" });
  const llm = await runExperiment(config({ model: "openai:gpt-4o-mini" }), { out: dir, dryRun: true, registry: mechanisms });
  // echo asks one question per row: 3 rows × 24 cells, each prompt counted with gpt-4o-mini's encoding
  const e = llm.dryRun!.expected!;
  assert.equal(e.calls, 72);
  assert.deepEqual(e.callsRange, [72, 72]);
  // each request: its text with OpenAI's framing, plus the response schema as OpenAI receives it (response_format)
  const text = countRequestTokens(undefined, [{ role: "user", content: "Say a number between 0 and 10, and why." }]).tokens;
  const schema = countTokens(schemaWireText("openai", ReplySchema, "number")).tokens;
  assert.equal(e.inputTokens, 72 * (text + schema));
  assert.deepEqual([e.textTokens, e.schemaTokens, e.imageTokens], [72 * text, 72 * schema, 0]);
  assert.equal(e.tokenizer, "o200k_base");
  assert.equal(e.approximateTokens, false);
  // no maxTokens and no stated default for "asker": each reply is padded to the llm layer's default, 800 tokens
  assert.equal(e.outputModel.asker.target, 800);
  assert.equal(e.outputModel.asker.source, "default");
  assert.ok(e.outputModel.asker.tokens >= 800 && e.outputModel.asker.tokens <= 805, String(e.outputModel.asker.tokens));
  assert.deepEqual(e.byRole.asker, { calls: 72, inputTokens: 72 * (text + schema), outputTokens: e.outputTokens, imageTokens: 0, schemaTokens: 72 * schema });
  assert.ok(e.range.short.outputTokens < 72 * 40 && e.range.long.outputTokens === e.outputTokens, JSON.stringify(e.range));
  // a declared length replaces the default; a role no call has is refused
  const declared = await runExperiment(config({ model: "openai:gpt-4o-mini" }), { out: dir, dryRun: { outputTokens: { asker: 60 } }, registry: mechanisms });
  assert.ok(Math.abs(declared.dryRun!.expected!.outputTokens - 72 * 60) <= 72 * 3, String(declared.dryRun!.expected!.outputTokens));
  await assert.rejects(runExperiment(config({ model: "openai:gpt-4o-mini" }), { out: dir, dryRun: { outputTokens: { askr: 60 } }, registry: mechanisms }),
    (err: Error) => /--assume-output-tokens/.test(err.message) && /"askr"/.test(err.message) && /asker/.test(err.message));
  // lib/llm/prices.ts lists openai:gpt-4o-mini at $0.15 (input) and $0.60 (output) per million tokens
  assert.ok(Math.abs((e.costUsd ?? NaN) - (e.inputTokens * 0.15 + e.outputTokens * 0.6) / 1e6) < 1e-12, String(e.costUsd));
  // --price overrides the table
  const priced = await dryRun(await planRun(config({ model: "openai:gpt-4o-mini" }), { out: dir, registry: mechanisms }),
    { prices: { "openai:gpt-4o-mini": { input: 1, output: 0 } } });
  assert.ok(Math.abs((priced.expected?.costUsd ?? NaN) - e.inputTokens / 1e6) < 1e-12);
  assert.equal(existsSync(dir), false);
});

test("the manifest records config, hash, model, prompt template hashes and version", async () => {
  const dir = join(tmp(), "manifest");
  const res = await runExperiment(config({ grid: { mode: ["a"] }, seeds: [1] }), { out: dir, registry: mechanisms });
  const m = JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8"));
  assert.equal(m.configHash, res.manifest.configHash);
  assert.equal(m.model, "offline:echo-v1");
  assert.equal(m.mechanism, "echo");
  assert.equal(m.profile, "quick");
  assert.deepEqual(m.promptTemplates, { ask: sha256(echoRunner.promptTemplates!.ask) });
  assert.deepEqual(m.config.resolved.params, { delayMs: 4, rows: 3, keepGoing: false, parallel: false, shape: { scale: 1, shift: 0 } });
  assert.match(m.packageVersion, /^\d+\.\d+\.\d+/);
  assert.ok(Date.parse(m.finishedAt) >= Date.parse(m.startedAt));
  assert.deepEqual(m.determinism, { byteIdentical: true, reasons: [] }, "an offline run reproduces byte for byte");
});

test("the manifest names what keeps a run from reproducing: the mechanism's own reasons", async () => {
  const dir = join(tmp(), "nondeterministic");
  const live = { ...echoRunner, nondeterminism: ({ cells }: { cells: unknown[] }) => [`${cells.length} cells on a live server`] };
  const registry = { ...mechanisms, echo: live } as typeof mechanisms;
  await runExperiment(config({ grid: { mode: ["a", "b"] }, seeds: [1] }), { out: dir, registry });
  const m = JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8"));
  assert.deepEqual(m.determinism, { byteIdentical: false, reasons: ["2 cells on a live server"] });
});

test("an llm model is created once for the run; rows carry its id and the manifest its ledger summary", async () => {
  const { startOpenAIServer } = await import("../llm/testing/openai-server.js");
  const server = await startOpenAIServer();
  try {
    const dir = join(tmp(), "llm");
    const model = `openai-compatible:${server.baseURL}#test-model`;
    const res = await runExperiment(config({ model, grid: { mode: ["a", "b"] }, seeds: [1, 2], params: { rows: 2 } }),
      { out: dir, concurrency: 4, registry: mechanisms });
    assert.equal(res.failed, 0, JSON.stringify(res.manifest.cells.map((c) => c.error)));
    assert.equal(res.manifest.model, "openai-compatible:test-model");
    const rows = load(dir).tables.draws;
    assert.equal(rows.length, 8);
    assert.ok(rows.every((r) => r.model === "openai-compatible:test-model" && typeof r.reply === "string"));
    // 4 cells × 2 calls, all through the one model's ledger
    assert.equal(res.manifest.usage.calls, 8);
    assert.equal((res.manifest.usage.ledger as { calls: number }).calls, 8);
    // one preflight GET /v1/models before any cell, then the 8 completions
    assert.equal(server.requests.filter((r) => r.path.startsWith("/v1/chat/completions")).length, 8);
    assert.equal(server.requests.filter((r) => r.path.startsWith("/v1/models")).length, 1);
    // The ledger file holds every request; the manifest sums it.
    const ledger = res.manifest.ledger as { requests: number; done: number; failed: number };
    assert.deepEqual([ledger.requests, ledger.done, ledger.failed], [8, 8, 0]);
    assert.equal(res.manifest.determinism.byteIdentical, false, "a new LLM run does not reproduce byte for byte");
    assert.match(res.manifest.determinism.reasons[0], /language model.*--replay/);
    assert.ok(existsSync(join(dir, "llm-cache")));
  } finally {
    await server.close();
  }
});

test("an unreachable llm endpoint is one clear error before any cell runs, and no run folder is made", async () => {
  const dir = join(tmp(), "unreachable");
  await assert.rejects(
    runExperiment(config({ model: "openai-compatible:http://127.0.0.1:9/v1#test-model" }), { out: dir, registry: mechanisms }),
    (err: Error) => /127\.0\.0\.1:9/.test(err.message) && err.name === "LLMConnectionError",
  );
  assert.equal(existsSync(dir), false);
  await assert.rejects(
    runExperiment(config({ model: "nosuch:model" }), { out: dir, registry: mechanisms }),
    (err: Error) => err instanceof ConfigError && /model: unknown model provider "nosuch"/.test(err.message),
  );
  assert.equal(existsSync(dir), false);
});

test("resume computes again the cells another version of the code computed, and says how many", async () => {
  const dir = join(tmp(), "code");
  await runExperiment(config(), { out: dir, registry: mechanisms });
  // two stored cells as if an older version of the code had computed them (another fingerprint, and none at all)
  const files = readdirSync(join(dir, "cells")).sort();
  const edit = (f: string, code: string | undefined) => {
    const rec = JSON.parse(readFileSync(join(dir, "cells", f), "utf8"));
    if (code === undefined) delete rec.code;
    else rec.code = code;
    writeFileSync(join(dir, "cells", f), JSON.stringify(rec));
  };
  edit(files[0], "0000000000000000");
  edit(files[1], undefined);
  let ran = 0;
  const again = await runExperiment(config(), { out: dir, resume: true, registry: mechanisms, progress: (e) => { ran = e.done - e.skipped; } });
  assert.equal(ran, 2, "only the two cells of other code ran");
  assert.equal(again.manifest.rerunForCode, 2);
  assert.match(String(again.manifest.codeFingerprint), /^[0-9a-f]{16}$/);
  for (const f of readdirSync(join(dir, "cells"))) assert.equal(JSON.parse(readFileSync(join(dir, "cells", f), "utf8")).code, again.manifest.codeFingerprint);
  const fresh = join(tmp(), "code-fresh");
  await runExperiment(config(), { out: fresh, registry: mechanisms });
  assert.deepEqual(tables(dir), tables(fresh));
});
