/**
 * Benchmark of the claims audit: for each registered mechanism that declares claims, the whole quick-profile audit of
 * its default config (every claim of its notebook) from an empty audit folder, as `agora claims` runs it (worker
 * processes, one per core). Wall and CPU time (user + system of the audit and its worker processes, from
 * /usr/bin/time), and the number of runs and cells. Goal: about a minute per notebook on 2 cores.
 * Run: npx tsx bench/claims.ts   → writes bench/results/claims.json
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { readManifest } from "../lib/experiment/manifest.js";
import { mechanisms } from "../lib/registry.js";

const root = new URL("..", import.meta.url).pathname;
const results: Record<string, unknown>[] = [];
for (const [name, runner] of Object.entries(mechanisms)) {
  const config = join(root, "data", "configs", `${name}-default.json`);
  if (!runner.claims || !existsSync(config)) continue;
  const out = mkdtempSync(join(tmpdir(), `agora-bench-claims-${name}-`));
  const load0 = loadavg()[0];
  const res = spawnSync("/usr/bin/time", ["-f", "%e %U %S", process.execPath, join(root, "bin", "agora.mjs"), "claims", config, "--profile", "quick", "--out", out, "--json"],
    { cwd: root, encoding: "utf8", maxBuffer: 1 << 28 });
  const [wall, user, sys] = res.stderr.trim().split("\n").pop()!.split(" ").map(Number);
  const runs = readdirSync(join(out, "runs"));
  const cells = runs.reduce((n, d) => n + (readManifest(join(out, "runs", d))?.cells.length ?? 0), 0);
  const claims = res.status === 0 ? (JSON.parse(res.stdout) as { claims: unknown[] }).claims.length : 0;
  results.push({ mechanism: name, exit: res.status, claims, runs: runs.length, cells, wallS: wall, cpuS: Math.round((user + sys) * 10) / 10, loadAverageBefore: Math.round(load0 * 10) / 10 });
  console.log(JSON.stringify(results[results.length - 1]));
  rmSync(out, { recursive: true, force: true });
}
mkdirSync(join(root, "bench", "results"), { recursive: true });
writeFileSync(join(root, "bench", "results", "claims.json"), JSON.stringify({
  benchmark: "claims audit of each notebook, quick profile, from an empty audit folder (agora claims --profile quick)",
  cores: cpus().length, goal: "about 60 s wall per notebook on 2 cores", results,
}, null, 2) + "\n");
