import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ConfigError } from "../core/errors.js";
import { runCli } from "../cli/capture.js";
import { outputModelFromLedger, parseOutputFlags, replyLength } from "./output-model.js";

process.env.AGORA_REGISTRY = fileURLToPath(new URL("./testing/registry.ts", import.meta.url));

const defaults = { byRole: { speaker: 400 }, fallback: 800 };

test("a reply's length: declared (at most maxTokens), else maxTokens, else the role's stated default, else the default", () => {
  assert.deepEqual(replyLength("speaker", 200, { speaker: 120 }, defaults), { tokens: 120, source: "declared" });
  assert.deepEqual(replyLength("speaker", 100, { speaker: 120 }, defaults), { tokens: 100, source: "declared (capped at maxTokens)" });
  assert.deepEqual(replyLength("speaker", 200, {}, defaults), { tokens: 200, source: "maxTokens" });
  assert.deepEqual(replyLength("speaker", undefined, {}, defaults), { tokens: 400, source: "role default" });
  assert.deepEqual(replyLength("asker", undefined, {}, defaults), { tokens: 800, source: "default" });
});

test("--assume-output-tokens flags; a bad one names the flag and the form", () => {
  assert.deepEqual(parseOutputFlags(["speaker=150", "reasoner=300,judge=8"]), { speaker: 150, reasoner: 300, judge: 8 });
  for (const bad of ["speaker", "speaker=0", "speaker=1.5", "=3"]) {
    assert.throws(() => parseOutputFlags([bad]), (e: unknown) => e instanceof ConfigError && /--assume-output-tokens/.test(e.message) && e.message.includes(bad), bad);
  }
});

test("a pilot's ledger gives each role's mean reply length (answered requests only; a step holding / is read right)", () => {
  const dir = mkdtempSync(join(tmpdir(), "agora-pilot-"));
  const done = (address: string, status: number, out: number) => JSON.stringify({ event: "done", address, status, output_tokens: out });
  writeFileSync(join(dir, "ledger.jsonl"), [
    JSON.stringify({ event: "sent", address: "nous/a=b/seed=1/extractor/step=conv-2/w0/agent=-/sample=0" }),
    done("nous/a=b/seed=1/extractor/step=conv-2/w0/agent=-/sample=0", 200, 100),
    done("nous/a=b/seed=1/extractor/step=conv-2/w1/agent=-/sample=0", 200, 201),
    done("nous/a=b/seed=1/extractor/step=conv-2/w2/agent=-/sample=0", 500, 0),
    done("nous/a=b/seed=1/answerer/step=3/agent=nous/sample=0", 200, 40),
    '{"event":"done","torn',
  ].join("\n"));
  assert.deepEqual(outputModelFromLedger(dir), { model: { answerer: 40, extractor: 151 }, replies: { answerer: 1, extractor: 2 } });
  assert.throws(() => outputModelFromLedger(join(dir, "none")), /no ledger/);
});

test("the CLI: the dry run prints the output model, the images line and the short-long range; the flags need --dry-run", async () => {
  const dir = mkdtempSync(join(tmpdir(), "agora-dry-cli-"));
  const file = join(dir, "study.json");
  writeFileSync(file, JSON.stringify({ name: "study", mechanism: "echo", model: "openai:gpt-4o-mini", grid: { mode: ["a", "b"] }, seeds: [1], params: { rows: 2 } }));
  const r = await runCli(["run", file, "--dry-run", "--assume-output-tokens", "asker=50"]);
  assert.equal(r.code, 0, r.err);
  assert.match(r.out, /expected LLM calls: 4\n/);
  assert.match(r.out, /reply lengths \(output tokens per call\): asker 5\d \(declared\)/);
  assert.match(r.out, /text \d+ · images 0 · response schemas \d+/);
  assert.match(r.out, /short replies[^\n]*4 calls[\s\S]*long replies[^\n]*4 calls/);
  const bad = await runCli(["run", file, "--dry-run", "--assume-output-tokens", "askr=50"]);
  assert.equal(bad.code, 2);
  assert.match(bad.err, /--assume-output-tokens: the output model names role "askr", which no call of this run has[\s\S]*asker/);
  const noDry = await runCli(["run", file, "--assume-output-tokens", "asker=50"]);
  assert.equal(noDry.code, 2);
  assert.match(noDry.err, /only means something with --dry-run/);
  const stray = await runCli(["run", file, "--dry-run", "--price", "openai:gpt-4o=1,2"]);
  assert.equal(stray.code, 2);
  assert.match(stray.err, /a price is given for openai:gpt-4o, but this run's model is openai:gpt-4o-mini/);
});
