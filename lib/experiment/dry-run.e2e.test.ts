/**
 * The dry run against the real thing. Each mechanism's small study is estimated with `--dry-run` (a stand-in model,
 * no network), then run on a local OpenAI-protocol server whose random replies are as long as a model's paragraphs
 * (40–120 words in every free-text string, stopping at the request's max_tokens as a provider does) and whose usage
 * is counted as a provider bills it (the model's tokenizer, images at OpenAI's rule, the response schema as sent;
 * `testing/billing.ts`), from the request bodies it received.
 *
 * The reply lengths the dry run assumes are declared the way a researcher would: from a pilot run of the same study
 * on other seeds against a server with another seed (`outputModelFromLedger`, the CLI's
 * `--assume-output-tokens-from`). The estimate must be within ±10 % of the run in calls and ±20 % in input tokens,
 * with the image parts itemised; the run must lie inside the dry run's short–long range (widened by 10 % for the
 * sample's own noise in reply-dependent calls). Each run's ledger must
 * equal the server's count, and its tables must replay byte for byte from the run folder with the server stopped.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startOpenAIServer } from "../llm/testing/openai-server.js";
import type { ExperimentConfig } from "./config.js";
import { outputModelFromLedger } from "./output-model.js";
import { dryRun, planRun } from "./plan.js";
import { runExperiment } from "./run.js";

const WORDS: [number, number] = [40, 120];
type Body = { messages: { content: string | { type: string }[] }[] };

/** Runs `cfg` against a fresh random server; returns the run folder, the server's requests and the ledger's sums. */
async function runOn(seed: number, cfg: ExperimentConfig, out: string, replay = true) {
  const server = await startOpenAIServer({ random: { seed, words: WORDS, stopAtMaxTokens: true }, models: ["gpt-4o-mini"], usage: "tokens" });
  try {
    const model = `openai-compatible:${server.baseURL}#gpt-4o-mini`;
    const res = await runExperiment({ ...cfg, model }, { out, concurrency: 2 });
    assert.equal(res.failed + res.degraded, 0, JSON.stringify(res.manifest.cells.map((c) => c.error ?? c.calls?.failures)));
    const chats = server.requests.filter((r) => r.path.startsWith("/v1/chat/completions"));
    const images = chats.reduce((n, r) => n + (r.body as Body).messages.reduce((k, m) => k + (Array.isArray(m.content) ? m.content.filter((p) => p.type === "image_url").length : 0), 0), 0);
    const ledger = res.manifest.ledger as { sent: number; done: number; failed: number; inputTokens: number; outputTokens: number };
    assert.deepEqual([ledger.sent, ledger.done, ledger.failed], [chats.length, chats.length, 0], `${cfg.name}: the ledger holds every request the server answered`);
    await server.close();
    if (replay) {
      // the mechanism's tables replay byte for byte from the run folder alone, with the server stopped
      const again = join(out, "..", `${cfg.name}-replayed`);
      cpSync(join(out, "llm-cache"), join(again, "llm-cache"), { recursive: true });
      const rep = await runExperiment({ ...cfg, model }, { out: again, resume: true, replay: true, concurrency: 3 });
      assert.equal(rep.failed + rep.degraded, 0, JSON.stringify(rep.manifest.cells.map((c) => c.error)));
      for (const t of Object.keys(res.manifest.tables)) {
        assert.equal(readFileSync(join(again, `${t}.jsonl`), "utf8"), readFileSync(join(out, `${t}.jsonl`), "utf8"), `${cfg.name}: ${t}.jsonl replays`);
      }
    }
    return { calls: chats.length, images, inputTokens: ledger.inputTokens, outputTokens: ledger.outputTokens };
  } finally {
    await server.close();
  }
}

async function compare(cfg: ExperimentConfig, pilotSeeds: number[]) {
  const root = mkdtempSync(join(tmpdir(), `agora-dry-${cfg.name}-`));
  // the pilot: other seeds, a server with another seed; its ledger declares each role's reply length
  const pilotDir = join(root, "pilot");
  await runOn(7, { ...cfg, name: `${cfg.name}-pilot`, seeds: pilotSeeds }, pilotDir, false);
  const declared = outputModelFromLedger(pilotDir).model;
  const out = join(root, "run");
  const placeholder = { ...cfg, model: "openai-compatible:http://127.0.0.1:9/v1#gpt-4o-mini" };
  const est = (await dryRun(await planRun(placeholder, { out }), { outputTokens: declared })).expected!;
  const run = await runOn(21, cfg, out);
  const { short, long } = est.range;
  console.log(`# ${cfg.name}: declared ${JSON.stringify(declared)}; dry run ${est.calls} calls (${est.callsRange.join("–")}), ${est.inputTokens} input tokens`
    + ` (text ${est.textTokens}, images ${est.imageTokens}, schemas ${est.schemaTokens}), ${est.outputTokens} output; short ${short.inputTokens}, long ${long.inputTokens};`
    + ` run ${run.calls} calls, ${run.inputTokens} input, ${run.outputTokens} output tokens, ${run.images} images`);
  const within = (a: number, b: number, tol: number) => Math.abs(a - b) <= tol * b;
  assert.ok(within(est.calls, run.calls, 0.1), `${cfg.name}: dry run ${est.calls} calls, run ${run.calls}`);
  assert.ok(within(est.inputTokens, run.inputTokens, 0.2), `${cfg.name}: dry run ${est.inputTokens} input tokens, run ${run.inputTokens}`);
  assert.ok(0.9 * short.inputTokens <= run.inputTokens && run.inputTokens <= 1.1 * long.inputTokens, `${cfg.name}: the run's ${run.inputTokens} input tokens lie in the dry run's range ${short.inputTokens}–${long.inputTokens}`);
  assert.ok(within(est.images.parts, run.images, 0.1) || est.images.parts === run.images, `${cfg.name}: ${est.images.parts} image parts estimated, ${run.images} sent`);
  return est;
}

test("calibration: calls within ±10 %, input tokens within ±20 % of a run with 40–120-word replies; its images itemised", async () => {
  const est = await compare({
    name: "cal-dry", mechanism: "calibration", model: "offline",
    grid: { protocol: ["binary", "isotonic"], control: ["none"] }, seeds: [1],
    params: { rounds: 3, tasksPerModality: 2 },
  }, [5]);
  // gpt-4o-mini's published rule: 2833 + 5667 per 512-px tile; the task grids are under 512 px, so one tile each
  assert.ok(est.images.items.length > 0 && est.images.items.every((i) => i.tokensEach === 8500 && /2833\+5667/.test(i.rule)), JSON.stringify(est.images.items));
  assert.ok(est.imageTokens > est.textTokens, "images are most of calibration's input");
});

test("gated: calls within ±10 %, input tokens within ±20 % (adjudications depend on the replies)", async () => {
  await compare({
    name: "gated-dry", mechanism: "gated", model: "offline",
    grid: { policy: ["gated", "free_chat"], scenario: ["standard"] }, seeds: [1],
    params: { episodes: 2, logEpisodes: 0 },
  }, [5]);
});

test("tbs: calls within ±10 %, input tokens within ±20 % (replies feed later prompts)", async () => {
  await compare({
    name: "tbs-dry", mechanism: "tbs", model: "offline",
    grid: { mode: ["willing", "rotation"], memory: ["latest", "summary"] }, seeds: [1],
    params: { agents: 3, intervals: 4 },
  }, [5]);
});

test("nous: calls within ±10 %, input tokens within ±20 % (the project's LoCoMo-format fixture)", async () => {
  const { fixturePath } = await import("../nous/locomo/data.js");
  await compare({
    name: "nous-dry", mechanism: "nous", model: "offline",
    grid: { ablation: ["none"] }, seeds: [1],
    params: { data: fixturePath(), split: "test", systems: ["nous", "bm25"] },
  }, [5]);
});
