import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fixturePath } from "../nous/locomo/data.js";
import { locomo } from "./locomo.js";

async function capture(fn: () => Promise<number>): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const [log, error] = [console.log, console.error];
  console.log = (...x: unknown[]) => void out.push(x.join(" "));
  console.error = (...x: unknown[]) => void err.push(x.join(" "));
  try {
    return { code: await fn(), out: out.join("\n"), err: err.join("\n") };
  } finally {
    console.log = log;
    console.error = error;
  }
}

test("agora locomo: usage errors exit 2; missing or malformed data and unknown ids exit 1 naming the file and the id", async () => {
  const dir = mkdtempSync(join(tmpdir(), "nous-cli-"));
  try {
    assert.equal((await capture(() => locomo(["--bogus"]))).code, 2);
    assert.equal((await capture(() => locomo(["--data", fixturePath(), "--split", "train"]))).code, 2);
    const missing = await capture(() => locomo(["--data", "/nonexistent/locomo10.json"]));
    assert.equal(missing.code, 1);
    assert.match(missing.err, /not found at \/nonexistent.*--download/s);
    const bad = join(dir, "bad.json");
    writeFileSync(bad, JSON.stringify([{ sample_id: "conv-1", conversation: {}, qa: [{ question: "q", category: 9 }] }]));
    const malformed = await capture(() => locomo(["--data", bad]));
    assert.equal(malformed.code, 1);
    assert.match(malformed.err, /bad\.json: 0\.qa\.0\.category/);
    const unknown = await capture(() => locomo(["--data", fixturePath(), "--split", "all", "--conversations", "conv-77"]));
    assert.equal(unknown.code, 1);
    assert.match(unknown.err, /locomo-mini\.json: params\.conversations: unknown conversation ids conv-77/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("agora locomo on the fixture's test split writes a run folder and prints the table", async () => {
  const dir = mkdtempSync(join(tmpdir(), "nous-cli-"));
  try {
    const out = join(dir, "run");
    const r = await capture(() => locomo(["--data", fixturePath(), "--split", "test", "--out", out, "--budget", "300"]));
    assert.equal(r.code, 0, r.err);
    assert.ok(existsSync(join(out, "answers.jsonl")));
    const rows = readFileSync(join(out, "answers.jsonl"), "utf8").trim().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>);
    assert.equal(rows.length, 4 * 10);
    assert.ok(rows.every((x) => x.conversation === "conv-2" && x.split === "test"));
    assert.match(r.out, /nous \[none\]: F1 \(categories 1–4\)/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
