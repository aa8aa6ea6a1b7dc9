/**
 * The replay cache at scale: writes about 1 GB of entries into one cache (through `CacheStore`, as the cache
 * wrapper does: queued, inserted in batches in transactions), reopens it in a fresh store, and reads every entry
 * back by key in a scattered order (step·2654435761 mod n, a permutation), in a new process: 100 % hits, nothing loaded up front. Reports the write and read rates, the
 * file size, the time to open, and the process's peak memory (which stays far below the cache's size).
 *
 * Usage: node --import tsx bench/llm-cache.ts [--mb 1024] [--entry-kb 4]
 */
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CacheStore, CACHE_FILE } from "../lib/llm/wrappers/cache-store.js";

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

async function main(): Promise<void> {
  const mb = arg("mb", 1024);
  const entryKb = arg("entry-kb", 4);
  const n = Math.ceil((mb * 1024) / entryKb);
  const dir = await mkdtemp(join(tmpdir(), "agora-bench-cache-"));
  const filler = (i: number) => `reply ${i}: ` + "lorem ipsum dolor sit amet ".repeat(Math.ceil((entryKb * 1024 * 0.6) / 27));
  const requestOf = (i: number) => JSON.stringify({ provider: "openai", model: "m", address: `bench//seed=0/judge/step=${i}/agent=-/sample=0`, messages: [{ role: "user", content: "question ".repeat(Math.ceil((entryKb * 1024 * 0.4) / 9)) }] });
  let peakRss = 0;
  const sample = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 100);
  try {
    const t0 = performance.now();
    const writer = new CacheStore(dir);
    for (let i = 0; i < n; i++) {
      writer.put(`key-${i}`, { text: filler(i), usage: { inputTokens: 100, outputTokens: 50 }, latencyMs: 1, model: "openai:m" }, requestOf(i), `bench//seed=0/judge/step=${i}/agent=-/sample=0`, false);
      if (i % 4096 === 0) await new Promise((r) => setImmediate(r));
    }
    await writer.flush();
    const writeS = (performance.now() - t0) / 1000;
    const size = (await stat(join(dir, CACHE_FILE))).size + (await stat(join(dir, `${CACHE_FILE}-wal`)).catch(() => ({ size: 0 }))).size;

    // A fresh process would open the file anew: a child reads it, so nothing is shared with the writer's connection.
    const { execFileSync } = await import("node:child_process");
    const script = `
      import { CacheStore } from ${JSON.stringify(join(import.meta.dirname, "..", "lib", "llm", "wrappers", "cache-store.ts"))};
      const t0 = performance.now();
      const store = new CacheStore(process.argv[2]);
      const openMs = performance.now() - t0;
      const n = Number(process.argv[3]);
      let hits = 0, bytes = 0;
      const t1 = performance.now();
      for (let k = 0; k < n; k++) {
        const i = (k * 2654435761) % n;
        const r = store.get("key-" + i);
        if (r && r.text.startsWith("reply " + i + ":")) { hits++; bytes += r.text.length; }
      }
      const readS = (performance.now() - t1) / 1000;
      console.log(JSON.stringify({ openMs, hits, readS, bytes, rss: process.memoryUsage().rss }));
    `;
    const scriptPath = join(dir, "read.mts");
    await (await import("node:fs/promises")).writeFile(scriptPath, script);
    const out = JSON.parse(execFileSync(process.execPath, ["--import", "tsx", scriptPath, dir, String(n)], { encoding: "utf8" }).trim().split("\n").pop()!);
    const pct = (100 * out.hits) / n;
    console.log(`llm cache bench: ${n} entries of ~${entryKb} KB, database ${(size / 2 ** 30).toFixed(2)} GiB`);
    console.log(`  write: ${writeS.toFixed(1)} s = ${(n / writeS).toFixed(0)} entries/s (${(size / 2 ** 20 / writeS).toFixed(0)} MiB/s), writer peak RSS ${(peakRss / 2 ** 20).toFixed(0)} MiB`);
    console.log(`  replay in a new process: open ${out.openMs.toFixed(1)} ms; ${out.hits}/${n} hits (${pct.toFixed(2)} %) in ${out.readS.toFixed(1)} s = ${(n / out.readS).toFixed(0)} reads/s; reader RSS ${(out.rss / 2 ** 20).toFixed(0)} MiB`);
  } finally {
    clearInterval(sample);
    await rm(dir, { recursive: true, force: true });
  }
}

void main();
