/**
 * A paid study end to end, against local OpenAI-protocol servers that behave like models: seeded random replies
 * (the same request twice gets two replies), failures, 429s and latency. Through the CLI, as a researcher runs it:
 * request counts, byte-identical replay with the server stopped, degraded cells and their resume, the cost budget,
 * and the ledger against the server's own counts.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { runCli } from "../cli/capture.js";
import { startOpenAIServer } from "../llm/testing/openai-server.js";
import type { RandomOptions } from "../llm/testing/random-mode.js";

process.env.AGORA_REGISTRY = fileURLToPath(new URL("./testing/registry.ts", import.meta.url));

const cli = runCli;

type Server = Awaited<ReturnType<typeof startOpenAIServer>>;
const chat = (s: Server) => s.requests.filter((r) => r.path.startsWith("/v1/chat/completions")).length;

function study(baseURL: string, params: Record<string, unknown> = {}, extra: Record<string, unknown> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), "agora-paid-"));
  const file = join(dir, "study.json");
  writeFileSync(file, JSON.stringify({
    name: "study", mechanism: "echo",
    model: { provider: "openai-compatible", baseURL, model: "test-model", maxRetries: 0, ...extra },
    grid: { mode: ["a", "b"] }, seeds: [1, 2, 3], params: { rows: 5, ...params },
  }));
  return file;
}

const read = (dir: string, name: string) => readFileSync(join(dir, name), "utf8");
const ledgerLines = (dir: string) => read(dir, "ledger.jsonl").split("\n").filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>);

async function withServer<T>(random: RandomOptions, fn: (s: Server) => Promise<T>): Promise<T> {
  const s = await startOpenAIServer({ random, models: ["test-model"] });
  try {
    return await fn(s);
  } finally {
    await s.close();
  }
}

test("identical requests are separate samples: one paid call per address at any concurrency; replay with the server stopped is byte-identical", async () => {
  let recorded = "";
  for (const concurrency of ["1", "8"]) {
    await withServer({ seed: 7, latencyMs: [1, 8] }, async (s) => {
      const file = study(s.baseURL);
      const out = join(file, "..", "run");
      const r = await cli(["run", file, "--out", out, "--concurrency", concurrency]);
      assert.equal(r.code, 0, r.err + r.out);
      // 2 modes × 3 seeds × 5 rows, every row the same prompt: 30 paid calls, no collapse
      assert.equal(chat(s), 30);
      const rows = read(out, "draws.jsonl").split("\n").filter(Boolean).map((l) => JSON.parse(l));
      assert.ok(new Set(rows.map((x) => x.reply)).size > 25, "samples differ");
      const done = ledgerLines(out).filter((l) => l.event === "done");
      assert.equal(done.length, 30);
      const m = JSON.parse(read(out, "manifest.json"));
      assert.equal((m.ledger as { requests: number }).requests, 30);
      recorded = read(out, "draws.jsonl");
      if (concurrency === "8") {
        await s.close();
        const again = join(file, "..", "replayed");
        // replay of the recorded run into a copy of its folder's cache: no connection at all
        const { cpSync } = await import("node:fs");
        cpSync(out, again, { recursive: true });
        const rep = await cli(["run", file, "--out", again, "--resume", "--replay", "--concurrency", "3"]);
        assert.equal(rep.code, 0, rep.err);
        assert.deepEqual(JSON.parse(read(again, "manifest.json")).determinism, { byteIdentical: true, reasons: [] }, "a replay reproduces");
        const fresh = join(file, "..", "fresh-replay");
        cpSync(join(out, "llm-cache"), join(fresh, "llm-cache"), { recursive: true });
        const rep2 = await cli(["run", file, "--out", fresh, "--resume", "--replay"]);
        assert.equal(rep2.code, 0, rep2.err);
        assert.equal(read(fresh, "draws.jsonl"), recorded);
      }
    });
  }
});

test("failed calls make degraded cells (exit 1); --resume reruns only them; the ledger matches the server across processes", async () => {
  const file = study("http://127.0.0.1:1/v1", { keepGoing: true });
  const out = join(file, "..", "run");
  let sent = 0;
  await withServer({ seed: 3, failureRate: 0.2 }, async (s) => {
    writeFileSync(file, readFileSync(file, "utf8").replace("http://127.0.0.1:1/v1", s.baseURL));
    const r = await cli(["run", file, "--out", out]);
    assert.equal(r.code, 1, r.out + r.err);
    assert.match(r.out, /degraded/);
    const m = JSON.parse(read(out, "manifest.json"));
    const degraded = m.cells.filter((c: { status: string }) => c.status === "degraded");
    assert.ok(degraded.length > 0);
    assert.equal(m.status, "incomplete");
    for (const c of degraded) assert.ok(c.calls.failed > 0 && /asker/.test(c.calls.failures[0].address));
    sent += chat(s);
  });
  // a healthy server on another port: the config hash leaves the host and port out, so the folder resumes
  await withServer({ seed: 4 }, async (s) => {
    writeFileSync(file, readFileSync(file, "utf8").replace(/http:\/\/127\.0\.0\.1:\d+\/v1/, s.baseURL));
    const before = JSON.parse(read(out, "manifest.json"));
    const again = before.cells.filter((c: { status: string }) => c.status !== "ok");
    const failedCalls = again.reduce((n: number, c: { calls: { failed: number } }) => n + c.calls.failed, 0);
    const r = await cli(["run", file, "--out", out, "--resume"]);
    assert.equal(r.code, 0, r.out + r.err);
    // only the degraded cells ran again, and of their calls only the failed ones were sent: the others
    // came back from the replay cache
    assert.equal(chat(s), failedCalls);
    assert.equal(JSON.parse(read(out, "manifest.json")).ledger.replayHits, again.length * 5 - failedCalls);
    sent += chat(s);
  });
  const done = ledgerLines(out).filter((l) => l.event === "done" && l.replay !== true);
  assert.equal(done.length, sent, "one ledger line per HTTP request, both processes");
  const m = JSON.parse(read(out, "manifest.json"));
  assert.equal((m.ledger as { requests: number }).requests, sent);
  assert.equal(m.status, "complete");
});

test("--max-cost stops before the budget is spent (exit 3) and --resume finishes the run", async () => {
  await withServer({ seed: 5, latencyMs: 2 }, async (s) => {
    const file = study(s.baseURL);
    const out = join(file, "..", "run");
    // $1 per thousand input tokens: a few calls exhaust $0.05
    const price = "openai-compatible:test-model=1000,0";
    const r = await cli(["run", file, "--out", out, "--concurrency", "1", "--max-cost", "0.05", "--price", price]);
    assert.equal(r.code, 3, r.out + r.err);
    const m = JSON.parse(read(out, "manifest.json"));
    assert.equal(m.stopReason, "max-cost");
    assert.ok((m.ledger as { costUsd: number }).costUsd <= 0.05 + 0.05, "overshoot at most one call per slot");
    const paid = chat(s);
    assert.ok(paid < 30);
    const r2 = await cli(["run", file, "--out", out, "--resume", "--price", price]);
    assert.equal(r2.code, 0, r2.out + r2.err);
    assert.equal(JSON.parse(read(out, "manifest.json")).status, "complete");
  });
});

test("an unknown model fails before any cell, exit 2 naming the file and the model, and no run folder", async () => {
  await withServer({ seed: 1 }, async (s) => {
    const file = study(s.baseURL, {}, { model: "no-such-model" });
    const out = join(file, "..", "run");
    const r = await cli(["run", file, "--out", out]);
    assert.equal(r.code, 2, r.err);
    assert.match(r.err, /study\.json: model: .*no-such-model/);
    assert.equal(existsSync(out), false);
    // at most the preflight's one-token call (the server neither lists nor retrieves the model), no cell's call
    assert.ok(chat(s) <= 1);
  });
});

test("a credential in the base URL never reaches stderr, the manifest or the ledger", async () => {
  await withServer({ seed: 2 }, async (s) => {
    const url = s.baseURL.replace("http://", "http://alice:hunter2secret@");
    const file = study(url, { rows: 1 });
    const out = join(file, "..", "run");
    const r = await cli(["run", file, "--out", out]);
    assert.ok(!(r.out + r.err).includes("hunter2secret"));
    for (const name of ["manifest.json", "ledger.jsonl"]) if (existsSync(join(out, name))) assert.ok(!read(out, name).includes("hunter2secret"), name);
  });
});

test("config typos exit 2 naming the file and the field, before anything exists", async () => {
  const file = study("http://127.0.0.1:1/v1", { rowz: 3 });
  const r = await cli(["run", file, "--out", join(file, "..", "run")]);
  assert.equal(r.code, 2);
  assert.match(r.err, /study\.json: params\.rowz: unknown field/);
  assert.equal(existsSync(join(file, "..", "run")), false);
  const spec = study("http://127.0.0.1:1/v1", {}, { concurency: 3 });
  const r2 = await cli(["run", spec, "--out", join(spec, "..", "run")]);
  assert.equal(r2.code, 2);
  assert.match(r2.err, /study\.json: model/);
});

test("a cell that fails while its other calls are in flight: the manifest is written after they end, so its ledger equals the server's count", async () => {
  // every row's call is sent at once; one 500 (no retries) fails the cell while its siblings are still answering
  await withServer({ seed: 11, failureRate: 0.15, latencyMs: [5, 120] }, async (s) => {
    const file = study(s.baseURL, { rows: 8, parallel: true });
    const out = join(file, "..", "run");
    const r = await cli(["run", file, "--out", out, "--concurrency", "6"]);
    assert.equal(r.code, 1, r.out + r.err);
    const m = JSON.parse(read(out, "manifest.json"));
    assert.ok(m.cells.some((c: { status: string }) => c.status === "failed"), "some cell failed");
    const ledger = m.ledger as { sent: number; done: number };
    assert.equal(ledger.sent, chat(s), "every request the server answered is in the manifest's ledger");
    assert.equal(ledger.done, ledger.sent, "no request was still in flight when the manifest was written");
  });
});

test("the manifest's usage splits what was paid from what was replayed: a replay pays nothing", async () => {
  await withServer({ seed: 12 }, async (s) => {
    const file = study(s.baseURL, { rows: 3 });
    const out = join(file, "..", "run");
    assert.equal((await cli(["run", file, "--out", out])).code, 0);
    const paid = JSON.parse(read(out, "manifest.json")).usage;
    assert.equal(paid.calls, 18);
    assert.ok(paid.inputTokens > 0 && paid.outputTokens > 0);
    assert.deepEqual(paid.replayed, { calls: 0, inputTokens: 0, outputTokens: 0 });
    const { cpSync } = await import("node:fs");
    const again = join(file, "..", "replayed");
    cpSync(join(out, "llm-cache"), join(again, "llm-cache"), { recursive: true });
    assert.equal((await cli(["run", file, "--out", again, "--resume", "--replay"])).code, 0);
    const replay = JSON.parse(read(again, "manifest.json")).usage;
    assert.deepEqual([replay.calls, replay.inputTokens, replay.outputTokens], [0, 0, 0], "a replay paid for nothing");
    assert.deepEqual(replay.replayed, { calls: 18, inputTokens: paid.inputTokens, outputTokens: paid.outputTokens });
  });
});

test("--max-cost refuses to start when the model has no known price, naming the model and --price; 0,0 is the explicit free", async () => {
  await withServer({ seed: 13 }, async (s) => {
    const file = study(s.baseURL, { rows: 1 });
    const out = join(file, "..", "run");
    const r = await cli(["run", file, "--out", out, "--max-cost", "1"]);
    assert.equal(r.code, 2, r.out + r.err);
    assert.match(r.err, /openai-compatible:test-model has no known price/);
    assert.match(r.err, /--price openai-compatible:test-model=0,0/);
    assert.equal(existsSync(out), false, "no run folder");
    assert.equal(chat(s), 0, "nothing was sent");
    const free = await cli(["run", file, "--out", out, "--max-cost", "1", "--price", "openai-compatible:test-model=0,0"]);
    assert.equal(free.code, 0, free.out + free.err);
    assert.equal(chat(s), 6);
    assert.match(free.out, /\$0\.0000/);
  });
});
