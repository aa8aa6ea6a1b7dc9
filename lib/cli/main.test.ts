import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { runCli } from "./capture.js";
import { io } from "./io.js";

process.env.AGORA_REGISTRY = fileURLToPath(new URL("../experiment/testing/registry.ts", import.meta.url));

const cli = runCli;

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
  assert.match(r.out, /2\/4 cells ok, 0 degraded, 2 failed/);
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

test("reproduce runs every *-default.json on offline models, keeps complete runs, then runs the notebooks in place", async () => {
  const root = mkdtempSync(join(tmpdir(), "agora-repro-"));
  writeFileSync(join(root, "package.json"), "{}");
  mkdirSync(join(root, "data", "configs"), { recursive: true });
  mkdirSync(join(root, "scripts"));
  const echo = { mechanism: "echo", model: "offline", grid: { mode: ["a", "b"] }, seeds: [1, 2], params: {}, profiles: { quick: { seeds: [1] } } };
  writeFileSync(join(root, "data", "configs", "echo-default.json"), JSON.stringify(echo));
  writeFileSync(join(root, "data", "configs", "echo-llm-default.json"), JSON.stringify({ ...echo, model: "openai:gpt-4o-mini" }));
  writeFileSync(join(root, "data", "configs", "echo-other.json"), JSON.stringify(echo));
  writeFileSync(join(root, "scripts", "notebooks.mjs"),
    `import { appendFileSync } from "node:fs";\nexport async function runNotebooks(paths, opts) {\n` +
    `  appendFileSync(${JSON.stringify(join(root, "calls.txt"))}, JSON.stringify([paths ?? null, opts]) + "\\n");\n}\n`);
  const { reproduceIn } = await import("./reproduce.js");
  const saved = { ...io };
  const out: string[] = [];
  const err: string[] = [];
  io.out = (s) => void out.push(s);
  io.err = (s) => void err.push(s);
  try {
    assert.equal(await reproduceIn(root), 0);
    assert.equal(await reproduceIn(root, { profile: "full" }), 0);
    assert.equal(await reproduceIn(root), 0);
  } finally {
    Object.assign(io, saved);
  }
  const runs = readdirSync(join(root, "data", "runs")).sort();
  assert.equal(runs.length, 2, `quick and full runs of echo-default only: ${runs}`);
  assert.ok(runs.every((r) => r.startsWith("echo-default-")));
  assert.match(err.join(""), /echo-llm-default\.json names model "openai:gpt-4o-mini"; .*skipped/);
  assert.match(out.join(""), /echo-default: 2\/2 cells ok/);
  assert.match(out.join(""), /echo-default: 4\/4 cells ok/);
  assert.match(out.join(""), /echo-default: complete, kept .*echo-default-/);
  assert.deepEqual(readFileSync(join(root, "calls.txt"), "utf8").trim().split("\n").map((l) => JSON.parse(l)),
    [[null, { inPlace: true, profile: "quick" }], [null, { inPlace: true, profile: "full" }], [null, { inPlace: true, profile: "quick" }]]);
});
