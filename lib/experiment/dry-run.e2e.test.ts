/**
 * The dry run against the real thing: each mechanism's small study is estimated with `--dry-run` (a stand-in model,
 * no network), then run on a local OpenAI-protocol server with random replies. The estimate must be within ±20 % of
 * the run in logical calls and in input tokens (both sides counted with the same tokenizer: the run's side from the
 * requests the server received). Each run's ledger must equal the server's count, and its tables must replay byte for
 * byte from the run folder with the server stopped.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ChatMessage } from "../core/model.js";
import { countRequestTokens } from "../llm/tokens.js";
import { startOpenAIServer } from "../llm/testing/openai-server.js";
import type { ExperimentConfig } from "./config.js";
import { dryRun, planRun } from "./plan.js";
import { runExperiment } from "./run.js";

type Body = { messages: { role: string; content: string | { type: string; text?: string }[] }[] };

/** Input tokens of a request as the server received it (system and user text; images are not counted on either side). */
function requestTokens(body: Body): number {
  const system = body.messages.filter((m) => m.role === "system").map((m) => m.content as string).join("\n") || undefined;
  const messages: ChatMessage[] = body.messages.filter((m) => m.role !== "system").map((m) => ({
    role: m.role as "user" | "assistant",
    content: typeof m.content === "string" ? m.content : m.content.filter((p) => p.type === "text").map((p) => p.text ?? "").join(""),
  }));
  return countRequestTokens(system, messages, "openai", "gpt-4o-mini").tokens;
}

async function compare(name: string, make: (model: string) => ExperimentConfig, opts: { range?: boolean } = {}) {
  const server = await startOpenAIServer({ random: { seed: 21 }, models: ["gpt-4o-mini"] });
  try {
    const model = `openai-compatible:${server.baseURL}#gpt-4o-mini`;
    const cfg = make(model);
    const out = join(mkdtempSync(join(tmpdir(), `agora-dry-${name}-`)), "run");
    const est = (await dryRun(await planRun(cfg, { out }))).expected!;
    assert.equal(server.requests.length, 0, "the dry run sends nothing");
    const res = await runExperiment(cfg, { out, concurrency: 2 });
    assert.equal(res.failed + res.degraded, 0, JSON.stringify(res.manifest.cells.map((c) => c.error ?? c.calls?.failures)));
    const chats = server.requests.filter((r) => r.path.startsWith("/v1/chat/completions"));
    const tokens = chats.reduce((n, r) => n + requestTokens(r.body as Body), 0);
    const within = (a: number, b: number) => Math.abs(a - b) <= 0.2 * b;
    console.log(`# ${name}: dry run ${est.calls} calls (range ${est.callsRange.join("–")}), ${est.inputTokens} input tokens; run ${chats.length} calls, ${tokens} input tokens`);
    if (opts.range) {
      // the number of calls depends on the replies: the run falls within the sampled range, widened by 20 %
      assert.ok(chats.length >= 0.8 * est.callsRange[0] && chats.length <= 1.2 * est.callsRange[1], `${name}: run ${chats.length} calls outside ${est.callsRange}`);
    } else {
      assert.ok(within(est.calls, chats.length), `${name}: dry run ${est.calls} calls, run ${chats.length}`);
      assert.ok(within(est.inputTokens, tokens), `${name}: dry run ${est.inputTokens} input tokens, run ${tokens}`);
    }
    // the run's ledger holds every request the server answered
    const ledger = res.manifest.ledger as { sent: number; done: number; failed: number };
    assert.deepEqual([ledger.sent, ledger.done, ledger.failed], [chats.length, chats.length, 0], `${name}: ledger against the server`);
    // the mechanism's tables replay byte for byte from the run folder alone, with the server stopped
    await server.close();
    const again = join(out, "..", "replayed");
    cpSync(join(out, "llm-cache"), join(again, "llm-cache"), { recursive: true });
    const rep = await runExperiment(cfg, { out: again, resume: true, replay: true, concurrency: 3 });
    assert.equal(rep.failed + rep.degraded, 0, JSON.stringify(rep.manifest.cells.map((c) => c.error)));
    for (const t of Object.keys(res.manifest.tables)) {
      assert.equal(readFileSync(join(again, `${t}.jsonl`), "utf8"), readFileSync(join(out, `${t}.jsonl`), "utf8"), `${name}: ${t}.jsonl replays`);
    }
    return { est, calls: chats.length, tokens };
  } finally {
    await server.close();
  }
}

test("calibration: the dry run is within ±20 % of a run in calls and input tokens", async () => {
  await compare("calibration", (model) => ({
    name: "cal-dry", mechanism: "calibration", model,
    grid: { protocol: ["binary", "isotonic"], control: ["none"] }, seeds: [1, 2],
    params: { rounds: 3, tasksPerModality: 2 },
  }));
});

test("gated: adjudications depend on the replies, so the dry run gives a range and the run falls in it", async () => {
  await compare("gated", (model) => ({
    name: "gated-dry", mechanism: "gated", model,
    grid: { policy: ["gated", "free_chat"], scenario: ["standard"] }, seeds: [1, 2],
    params: { episodes: 2, logEpisodes: 0 },
  }), { range: true });
});

test("tbs: the dry run is within ±20 % of a run in calls and input tokens", async () => {
  await compare("tbs", (model) => ({
    name: "tbs-dry", mechanism: "tbs", model,
    grid: { mode: ["willing", "rotation"], memory: ["latest", "summary"] }, seeds: [1],
    params: { agents: 3, intervals: 4 },
  }));
});

test("nous: the dry run is within ±20 % of a run in calls and input tokens (the project's LoCoMo-format fixture)", async () => {
  const { fixturePath } = await import("../nous/locomo/data.js");
  await compare("nous", (model) => ({
    name: "nous-dry", mechanism: "nous", model,
    grid: { ablation: ["none"] }, seeds: [1],
    params: { data: fixturePath(), split: "test", systems: ["nous", "bm25"] },
  }));
});
