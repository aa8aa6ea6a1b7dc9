/**
 * Throughput of the llm layer against the physical bound.
 *
 * A local OpenAI-compatible server in another process answers every request after 100 ms; with 64 calls in
 * flight the bound is 64 / 0.1 s = 640 requests/s. Measured in the same run, alternating, after a warm-up:
 *   - "agora": `llm.createModel("openai-compatible:…")` with every wrapper on (concurrency 64, rpm and tpm
 *     budgets, retries, timeout, re-asks, usage ledger, replay cache in record mode), structured output;
 *   - "bare SDK": the `openai` SDK with its defaults and a plain pool of 64 workers, same requests, JSON.parse.
 * Prints both as a share of the bound and writes bench/results/llm.json. Also measures the CPU the wrapper stack
 * adds per call around an instant in-process provider (no HTTP), which a busy machine disturbs much less.
 *
 * Usage: node --import tsx bench/llm.ts [--requests 1024] [--rounds 2]
 */
import { fork, type ChildProcess } from "node:child_process";
import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import OpenAI from "openai";
import { z } from "zod";
import type { LanguageModel } from "../lib/core/model.js";
import { createModel } from "../lib/llm/create.js";
import { toStrictSchema } from "../lib/llm/schema.js";

const here = dirname(fileURLToPath(import.meta.url));
const CONCURRENCY = 64;
const LATENCY_MS = 100;
const BOUND = CONCURRENCY / (LATENCY_MS / 1000);

const Answer = z.object({ answer: z.string(), score: z.number().min(0).max(1), tags: z.array(z.string()).max(3) });

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

function prompt(round: number, i: number): string {
  return `Round ${round}, question ${i}: how many agents agree?`;
}

async function startServer(): Promise<{ child: ChildProcess; baseURL: string; ask(msg: string): Promise<{ total: number; maxInFlight: number; cpuUs: number }> }> {
  const child = fork(join(here, "_llm-server.ts"), [String(LATENCY_MS)], { execArgv: ["--import", "tsx"], stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const baseURL = await new Promise<string>((resolve, reject) => {
    child.once("error", reject);
    child.on("message", (m: { type: string; baseURL?: string }) => m.type === "ready" && resolve(m.baseURL!));
  });
  const ask = (msg: string) =>
    new Promise<{ total: number; maxInFlight: number; cpuUs: number }>((resolve) => {
      if (msg !== "stats") {
        child.send(msg);
        return resolve({ total: 0, maxInFlight: 0, cpuUs: 0 });
      }
      const on = (m: { type: string; total: number; maxInFlight: number; cpuUs: number }) => {
        if (m.type === "stats") {
          child.off("message", on);
          resolve(m);
        }
      };
      child.on("message", on);
      child.send("stats");
    });
  return { child, baseURL, ask };
}

interface Measure {
  requests: number;
  seconds: number;
  perSecond: number;
  shareOfBound: number;
  serverCounted: number;
  serverMaxInFlight: number;
  /** CPU time of this (client) process per request, µs: what limits throughput on a busy machine. */
  clientCpuUsPerRequest: number;
  /** CPU time of the server process per request, µs. */
  serverCpuUsPerRequest: number;
}

async function measure(server: Awaited<ReturnType<typeof startServer>>, n: number, run: () => Promise<void>): Promise<Measure> {
  await server.ask("reset");
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await run();
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const stats = await server.ask("stats");
  const perSecond = n / seconds;
  return { requests: n, seconds, perSecond, shareOfBound: perSecond / BOUND, serverCounted: stats.total, serverMaxInFlight: stats.maxInFlight, clientCpuUsPerRequest: (cpu.user + cpu.system) / n, serverCpuUsPerRequest: stats.cpuUs / n };
}

/** CPU µs per call of the full stack (no cache, and with the cache recording) around an instant provider, best of 5. */
async function stackOverhead(cacheDir: string): Promise<{ bareProvider: number; stack: number; stackWithRecordCache: number }> {
  const reply = { answer: "a", score: 0.5, tags: ["x"] };
  const instant: LanguageModel = {
    id: "openai-compatible:bench-model",
    generate: async (req) => ({ text: JSON.stringify(reply), data: req.schema?.parse(reply) as never, usage: { inputTokens: 10, outputTokens: 5 }, latencyMs: 0, cached: false, model: "openai-compatible:bench-model" }),
  };
  const spec = { provider: "openai-compatible", baseURL: "http://127.0.0.1:9/v1", model: "bench-model", concurrency: CONCURRENCY, rpm: 1_000_000, tpm: 100_000_000 };
  const plain = createModel(spec, { provider: instant });
  const cached = createModel({ ...spec, cache: { dir: cacheDir, mode: "record" } }, { provider: instant });
  let seq = 0;
  const cpuPerCall = async (m: LanguageModel, n: number) => {
    let best = Infinity;
    for (let r = 0; r < 5; r++) {
      const c0 = process.cpuUsage();
      await Promise.all(Array.from({ length: n }, () => m.generate({ messages: [{ role: "user", content: `overhead ${seq++}` }], schema: Answer })));
      const c = process.cpuUsage(c0);
      best = Math.min(best, (c.user + c.system) / n);
    }
    return best;
  };
  return { bareProvider: await cpuPerCall(instant, 2000), stack: await cpuPerCall(plain, 2000), stackWithRecordCache: await cpuPerCall(cached, 500) };
}

async function main(): Promise<void> {
  const n = arg("requests", 1024);
  const rounds = arg("rounds", 2);
  const server = await startServer();
  const cacheDir = await mkdtemp(join(tmpdir(), "agora-bench-llm-"));
  const strict = toStrictSchema(Answer);
  try {
    const model = createModel({
      provider: "openai-compatible",
      baseURL: server.baseURL,
      model: "bench-model",
      concurrency: CONCURRENCY,
      rpm: 1_000_000,
      tpm: 100_000_000,
      timeoutMs: 10_000,
      maxRetries: 3,
      cache: { dir: cacheDir, mode: "record" },
    });
    const sdk = new OpenAI({ baseURL: server.baseURL, apiKey: "bench" });

    const runAgora = (round: number, count: number) => async () => {
      await Promise.all(
        Array.from({ length: count }, (_, i) => model.generate({ messages: [{ role: "user", content: prompt(round, i) }], schema: Answer, temperature: 0 })),
      );
    };
    const runBare = (round: number, count: number) => async () => {
      let next = 0;
      const worker = async () => {
        for (let i = next++; i < count; i = next++) {
          const c = await sdk.chat.completions.create({
            model: "bench-model",
            messages: [{ role: "user", content: prompt(round, i) }],
            temperature: 0,
            response_format: { type: "json_schema", json_schema: { name: "reply", schema: strict.schema, strict: true } },
          });
          JSON.parse(c.choices[0].message.content ?? "null");
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    };

    // Warm-up: open connections, compile code paths.
    await runAgora(-1, 2 * CONCURRENCY)();
    await runBare(-1, 2 * CONCURRENCY)();

    const agora: Measure[] = [];
    const bare: Measure[] = [];
    for (let r = 0; r < rounds; r++) {
      // Alternate which goes first, so neither always runs on a warmer (or busier) machine.
      if (r % 2 === 0) {
        bare.push(await measure(server, n, runBare(r, n)));
        agora.push(await measure(server, n, runAgora(r, n)));
      } else {
        agora.push(await measure(server, n, runAgora(r, n)));
        bare.push(await measure(server, n, runBare(r, n)));
      }
    }
    const overhead = await stackOverhead(join(cacheDir, "overhead"));
    const mean = (ms: Measure[], f: (m: Measure) => number = (m) => m.perSecond) => ms.reduce((s, m) => s + f(m), 0) / ms.length;
    const cpuOf = (m: Measure) => m.clientCpuUsPerRequest;
    const srvOf = (m: Measure) => m.serverCpuUsPerRequest;
    const summary = model.ledger.summary();
    const result = {
      bench: "llm",
      setup: { concurrency: CONCURRENCY, latencyMs: LATENCY_MS, boundPerSecond: BOUND, requestsPerMeasure: n, rounds, node: process.version },
      machine: { cpus: availableParallelism(), loadAverage1m: loadavg()[0] },
      agora: { perSecond: mean(agora), shareOfBound: mean(agora) / BOUND, clientCpuUsPerRequest: mean(agora, cpuOf), serverCpuUsPerRequest: mean(agora, srvOf), measures: agora },
      bareSDK: { perSecond: mean(bare), shareOfBound: mean(bare) / BOUND, clientCpuUsPerRequest: mean(bare, cpuOf), serverCpuUsPerRequest: mean(bare, srvOf), measures: bare },
      stackCpuUsPerCall: overhead,
      agoraLedger: { calls: summary.calls, retries: summary.retries, errors: summary.errors, latency: summary.latency, wallLatency: summary.wallLatency },
    };
    const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
    console.log(`llm bench: ${n} requests × ${rounds} rounds, concurrency ${CONCURRENCY}, server latency ${LATENCY_MS} ms, bound ${BOUND} req/s`);
    const line = (name: string, r: typeof result.agora) =>
      `  ${name}: ${r.perSecond.toFixed(1)} req/s = ${pct(r.shareOfBound)} of the bound (CPU per request: client ${r.clientCpuUsPerRequest.toFixed(0)} µs, server ${r.serverCpuUsPerRequest.toFixed(0)} µs)`;
    console.log(line("agora (all wrappers)", result.agora));
    console.log(line("bare openai SDK     ", result.bareSDK));
    console.log(
      `  CPU added per call by the wrappers (instant provider, no HTTP): ${(overhead.stack - overhead.bareProvider).toFixed(1)} µs; with the cache recording: ${(overhead.stackWithRecordCache - overhead.bareProvider).toFixed(1)} µs`,
    );
    console.log(`  machine: ${result.machine.cpus} CPUs, load average ${result.machine.loadAverage1m.toFixed(1)} (a busy machine lowers both shares)`);
    const out = join(here, "results", "llm.json");
    await mkdir(dirname(out), { recursive: true });
    await writeFile(out, JSON.stringify(result, null, 2) + "\n");
    console.log(`  wrote ${out}`);
  } finally {
    server.child.send("close");
    await rm(cacheDir, { recursive: true, force: true });
  }
}

void main();
