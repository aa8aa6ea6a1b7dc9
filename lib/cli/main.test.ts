import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { io } from "./io.js";
import { main } from "./main.js";

process.env.AGORA_REGISTRY = fileURLToPath(new URL("../experiment/testing/registry.ts", import.meta.url));

/** Runs the CLI in-process and captures what it writes. */
async function cli(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const saved = { ...io };
  io.out = (s) => void out.push(s);
  io.err = (s) => void err.push(s);
  try {
    return { code: await main(argv), out: out.join(""), err: err.join("") };
  } finally {
    Object.assign(io, saved);
  }
}

function configFile(params: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), "agora-cli-"));
  const file = join(dir, "echo.json");
  writeFileSync(file, JSON.stringify({ name: "echo-cli", mechanism: "echo", model: "offline", grid: { mode: ["a", "b"] },
    seeds: [1, 2], params }));
  return file;
}

test("--help prints the commands and exits 0; an unknown command exits 2", async () => {
  const help = await cli(["--help"]);
  assert.equal(help.code, 0);
  assert.match(help.out, /agora run <config>.*--resume.*--dry-run/s);
  assert.match(help.out, /agora reproduce/);
  assert.equal((await cli(["frobnicate"])).code, 2);
});

test("a failed cell makes the exit code 1; the other cells are written", async () => {
  const file = configFile({ failMode: "b" });
  const out = join(file, "..", "run");
  const r = await cli(["run", file, "--out", out, "--concurrency", "2"]);
  assert.equal(r.code, 1);
  assert.match(r.out, /2\/4 cells ok, 2 failed/);
  assert.match(r.out, /failed mode=b,seed=1: echo: mode b fails on purpose/);
  assert.equal(readFileSync(join(out, "summary.jsonl"), "utf8").trim().split("\n").length, 2);
});

test("an invalid config exits 2 with the file and field path on stderr", async () => {
  const file = configFile({ rows: "many" });
  const r = await cli(["run", file, "--out", join(file, "..", "run")]);
  assert.equal(r.code, 2);
  assert.match(r.err, /echo\.json: params\.rows: .*expected number/);
  const bad = await cli(["run", file, "--concurrency", "0"]);
  assert.equal(bad.code, 2);
  assert.match(bad.err, /--concurrency: expected a positive integer/);
});

test("--dry-run prints the cell count and writes nothing", async () => {
  const file = configFile({});
  const r = await cli(["run", file, "--dry-run", "--out", join(file, "..", "never")]);
  assert.equal(r.code, 0);
  assert.match(r.out, /cells: 4 \(mode×2 · seeds×2\)/);
  assert.match(r.out, /LLM calls: none \(offline model\)/);
});
