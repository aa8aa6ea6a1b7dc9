import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createRng } from "../core/rng.js";
import { fixturePath } from "./locomo/data.js";
import { runner, type NousParams } from "./runner.js";
import { locomoCommand } from "./cli.js";
import { categoryTable, failureTable, overallF1, publishedResults } from "./analysis.js";

const params = (over: Partial<NousParams> = {}) => runner.paramsSchema.parse({ data: fixturePath(), ...over });
const cell = (ablation: string, p = params()) => runner.runCell({ runId: `ablation=${ablation},seed=1`, seed: 1, condition: { ablation }, params: p, model: { kind: "offline" }, rng: createRng(1) });

test("a cell writes answers (one row per system × question) labelled with the offline model, and deltas", async () => {
  const r = await cell("none");
  const answers = r.tables.answers;
  assert.equal(answers.length, 3 * 23); // fixture: 13 + 10 questions; nous, bm25, not-mentioned (full-context needs an LLM)
  assert.ok(answers.every((a) => a.model === "offline:nous-rules-v1" && a.run_id === "ablation=none,seed=1" && a.seed === 1 && a.data === "fixture:locomo-mini"));
  assert.ok(r.tables.deltas.length > 0);
  const table = categoryTable(answers);
  assert.equal(table.find((t) => t.system === "not-mentioned" && t.category === 5)!.f1, 100);
  const overall = overallF1(answers);
  assert.equal(overall.length, 3);
  assert.ok(failureTable(answers).length > 0);
  assert.equal(publishedResults().filter((p) => p.system === "Nous (audit)" && p.metric === "f1").length, 4);
});

test("same config and seed give identical rows; ablation cells answer with nous only", async () => {
  const a = await cell("no-decay");
  const b = await cell("no-decay");
  assert.equal(JSON.stringify(a.tables), JSON.stringify(b.tables));
  assert.ok(a.tables.answers.every((x) => x.system === "nous" && x.ablation === "no-decay"));
  assert.equal(a.tables.deltas.length, 0);
});

test("unknown conversations and a missing data file are config errors naming the field", async () => {
  await assert.rejects(cell("none", params({ conversations: ["conv-99"] })), /params\.conversations: unknown conversation ids conv-99/);
  await assert.rejects(cell("none", params({ data: "/nonexistent/locomo10.json" })), /params\.data: LoCoMo file not found/);
});

test("agora locomo: usage errors exit 2, missing data exits 1 with the fix, a run on the fixture exits 0", async () => {
  const errors: string[] = [];
  const logs: string[] = [];
  const origErr = console.error;
  const origLog = console.log;
  console.error = (...x: unknown[]) => void errors.push(x.join(" "));
  console.log = (...x: unknown[]) => void logs.push(x.join(" "));
  const dir = mkdtempSync(join(tmpdir(), "nous-cli-"));
  try {
    assert.equal(await locomoCommand(["--bogus"]), 2);
    assert.equal(await locomoCommand(["--data", "/nonexistent/locomo10.json"]), 1);
    assert.match(errors.join("\n"), /not found at \/nonexistent.*--download/s);
    const out = join(dir, "run");
    const code = await locomoCommand(["--data", fixturePath(), "--conversations", "conv-2", "--out", out, "--k", "5"]);
    assert.equal(code, 0, errors.join("\n"));
    assert.ok(existsSync(join(out, "answers.jsonl")));
    const rows = readFileSync(join(out, "answers.jsonl"), "utf8").trim().split("\n").map((l) => JSON.parse(l));
    assert.equal(rows.length, 3 * 10);
    assert.match(logs.join("\n"), /nous \[none\]: F1 \(categories 1–4\)/);
  } finally {
    console.error = origErr;
    console.log = origLog;
    rmSync(dir, { recursive: true, force: true });
  }
});
