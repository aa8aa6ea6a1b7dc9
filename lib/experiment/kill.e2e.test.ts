// Resume after a real `agora run` child process is killed with SIGKILL in the middle of a sweep.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { setTimeout as sleep } from "node:timers/promises";
import { runExperiment } from "./run.js";
import { mechanisms } from "./testing/registry.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const registry = fileURLToPath(new URL("./testing/registry.ts", import.meta.url));
const config = {
  name: "echo-kill",
  mechanism: "echo",
  model: "offline",
  grid: { mode: ["a", "b", "c", "d", "e", "f"], force: [true, false] },
  seeds: [1, 2, 3, 4],
  params: { delayMs: 40, rows: 3 },
};
const CELLS = 48;

function agora(args: string[]) {
  const child = spawn(process.execPath, [join(root, "bin", "agora.mjs"), ...args], {
    cwd: root,
    env: { ...process.env, AGORA_REGISTRY: registry },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (d) => (stderr += d));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>((res) =>
    child.on("exit", (code, signal) => res({ code, signal, stderr })));
  return { child, exit };
}

const cellFiles = (dir: string) => (existsSync(join(dir, "cells")) ? readdirSync(join(dir, "cells")).filter((f) => f.endsWith(".json")) : []);

/** Starts a run and SIGKILLs it once at least `atLeast` cells are stored; returns the stored count at the kill. */
async function killAfter(cfg: string, dir: string, atLeast: number, resume: boolean): Promise<number> {
  const { child, exit } = agora(["run", cfg, "--out", dir, "--concurrency", "4", ...(resume ? ["--resume"] : [])]);
  const deadline = Date.now() + 20_000;
  while (cellFiles(dir).length < atLeast && Date.now() < deadline) await sleep(5);
  child.kill("SIGKILL");
  const { signal, stderr } = await exit;
  assert.equal(signal, "SIGKILL", `the run ended before the kill: ${stderr}`);
  return cellFiles(dir).length;
}

test("a sweep killed with SIGKILL twice loses no completed cell and resumes to tables equal to an uninterrupted run", async () => {
  const tmp = mkdtempSync(join(tmpdir(), "agora-kill-"));
  const cfg = join(tmp, "echo-kill.json");
  writeFileSync(cfg, JSON.stringify(config));
  const dir = join(tmp, "run");

  const first = await killAfter(cfg, dir, 8, false);
  assert.ok(first >= 8 && first < CELLS, `${first} cells stored at the first kill`);
  const manifest = JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8"));
  assert.equal(manifest.status, "running");

  const second = await killAfter(cfg, dir, first + 8, true);
  assert.ok(second >= first + 8 && second < CELLS, `${second} cells stored at the second kill`);

  const { exit } = agora(["run", cfg, "--out", dir, "--resume"]);
  const done = await exit;
  assert.equal(done.code, 0, done.stderr);
  assert.equal(cellFiles(dir).length, CELLS);
  assert.deepEqual(readdirSync(join(dir, "cells")).filter((f) => f.includes(".tmp-")), [], "no temp files left");

  const fresh = join(tmp, "fresh");
  await runExperiment(cfg, { out: fresh, concurrency: 8, registry: mechanisms });
  for (const t of ["draws", "summary"]) {
    const got = readFileSync(join(dir, `${t}.jsonl`), "utf8");
    assert.equal(got, readFileSync(join(fresh, `${t}.jsonl`), "utf8"), `${t}.jsonl equals the uninterrupted run`);
    const keys = got.trim().split("\n").map((l) => { const r = JSON.parse(l); return `${r.run_id}#${r.i ?? ""}`; });
    assert.equal(new Set(keys).size, keys.length, `no duplicate rows in ${t}`);
  }
  const final = JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8"));
  assert.equal(final.status, "complete");
  assert.ok(final.cells.every((c: { status: string }) => c.status === "ok"));
});

test("an LLM run killed twice: the ledger and the server's count differ at most by the requests in flight at each kill", async () => {
  const { startOpenAIServer } = await import("../llm/testing/openai-server.js");
  const server = await startOpenAIServer({ random: { seed: 11, latencyMs: [20, 60] }, models: ["test-model"] });
  try {
    const tmp = mkdtempSync(join(tmpdir(), "agora-kill-llm-"));
    const cfg = join(tmp, "echo-llm.json");
    writeFileSync(cfg, JSON.stringify({ ...config, name: "echo-kill-llm", model: `openai-compatible:${server.baseURL}#test-model`,
      params: { rows: 3 } }));
    const dir = join(tmp, "run");
    const chat = () => server.requests.filter((r) => r.path.startsWith("/v1/chat/completions")).length;
    // concurrency 4 cells, each one call at a time: at most 4 requests in flight at a kill
    await killAfter(cfg, dir, 8, false);
    await killAfter(cfg, dir, cellFiles(dir).length + 8, true);
    const { exit } = agora(["run", cfg, "--out", dir, "--resume"]);
    const done = await exit;
    assert.equal(done.code, 0, done.stderr);
    const lines = readFileSync(join(dir, "ledger.jsonl"), "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l));
    const sent = lines.filter((l) => l.event === "sent").length;
    const ended = lines.filter((l) => l.event === "done").length;
    // every request the server saw was written down before it was sent (a killed write-ahead line would be lost
    // only with its request); requests sent but never answered are at most the ones in flight at the two kills
    assert.ok(sent >= chat() - 0 && sent <= chat() + 8, `ledger sent ${sent}, server ${chat()}`);
    assert.ok(sent - ended <= 8, `${sent - ended} requests without an end line`);
    const m = JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8"));
    assert.equal(m.ledger.requests, sent, "the manifest sums the whole ledger, all three processes");
    assert.equal(m.status, "complete");
  } finally {
    await server.close();
  }
});
