/**
 * The audit on a language model, against the local OpenAI-protocol server that answers with seeded random replies:
 * the assumptions are the model settings (temperature), the nulls the ones a language model can run (an offline-only
 * null is reported as skipped), the design size the user's; the dry run's call count is what the audit then pays, and
 * a rerun pays nothing.
 */
import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { startOpenAIServer } from "../llm/testing/openai-server.js";
import { readManifest } from "../experiment/manifest.js";
import { audit } from "./audit.js";
import { auditDryRun } from "./dry-run.js";
import { syntheticRunner } from "./testing/synthetic.js";

const registry = { synthetic: syntheticRunner };

test("an LLM audit: model settings as assumptions, skipped offline-only nulls, dry-run calls = paid calls, a rerun pays nothing", async () => {
  const server = await startOpenAIServer({ random: { seed: 11, latencyMs: [1, 5] }, models: ["test-model"] });
  const out = mkdtempSync(join(tmpdir(), "agora-claims-llm-"));
  try {
    const config = { name: "synthetic-llm", mechanism: "synthetic", model: { provider: "openai-compatible", baseURL: server.baseURL, model: "test-model", maxRetries: 0 },
      seeds: [1, 2, 3], params: {} };
    const opts = { registry, out, claims: ["llm"], points: 2, seeds: 3 };
    const chat = () => server.requests.filter((r) => r.path.startsWith("/v1/chat/completions")).length;
    const dry = await auditDryRun(config, { ...opts, prices: { "openai-compatible:test-model": { input: 1, output: 2 } } });
    assert.equal(chat(), 0, "the dry run pays nothing");
    assert.deepEqual(dry.skippedNulls, ["llm: quiet"]);
    assert.ok(dry.expected && dry.expected.calls === dry.cells && dry.expected.costUsd! > 0, JSON.stringify(dry));
    const a = await audit(config, opts);
    const c = a.claims[0];
    assert.equal(c.space.assumptions.join(), "temperature");
    assert.equal(c.space.points, 2);
    assert.match(c.nulls.find((n) => n.name === "quiet")!.skipped ?? "", /language model/);
    assert.equal(c.nulls.find((n) => n.name === "no gain")!.skipped, undefined);
    // one call per cell of every design point run; the dry run bounded it from above (maximal seeds per point)
    const cells = readdirSync(join(out, "runs")).reduce((n, d) => n + readManifest(join(out, "runs", d))!.cells.length, 0);
    assert.equal(chat(), cells, "one paid call per cell run");
    assert.ok(chat() <= dry.expected!.calls, `${chat()} paid vs ${dry.expected!.calls} expected`);
    assert.ok(a.model.includes("test-model"), a.model);
    const paid = chat();
    await audit(config, opts);
    assert.equal(chat(), paid, "a rerun pays nothing");
  } finally {
    await server.close();
    rmSync(out, { recursive: true, force: true });
  }
});
