/**
 * Throughput of the llm layer against the physical bound.
 *
 * A local OpenAI-compatible server in another process answers every request after 100 ms; with 64 calls in
 * flight the bound is 64 / 0.1 s = 640 requests/s. Measured in the same run, alternating, after a warm-up:
 *   - "agora": `llm.createModel("openai-compatible:…")` with every wrapper on (concurrency 64, rpm and tpm
 *     budgets, retries, timeout, re-asks, usage ledger, replay cache in record mode with single-flight, the request
 *     ledger file and a budget), structured output, every call with its own address;
 *   - "bare SDK": the `openai` SDK with its defaults and a plain pool of 64 workers, same requests, JSON.parse;
 *   - "node:http": a keep-alive `node:http` client with no SDK and a pool of 64 workers, same request bodies: what
 *     this machine and this server allow at all (the server's own lag and the loopback are in every number).
 * Each measure submits `--requests` calls at once and records when each one finishes. Throughput is the
 * steady-state rate: the calls finished between the first full cycle (the 64th completion) and the start of the
 * drain (the 64th-from-last completion), over that time, when all 64 slots are busy. The whole batch's rate
 * (start to last completion, ramp-up and drain included) is reported beside it.
 * Prints all three as a share of the bound (the median over the rounds, five by default, and each round), the gap
 * between agora and `node:http` (the goal: at most 0.5 points, median of five), and writes bench/results/llm.json.
 * Also measures the CPU the wrapper stack adds per call around an instant in-process provider (no HTTP), which a busy
 * machine disturbs much less.
 *
 * Usage: node --import tsx bench/llm.ts [--requests 2048] [--rounds 5]
 */
import { fork, type ChildProcess } from "node:child_process";
import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { Agent, request } from "node:http";
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

async function startServer(): Promise<{ child: ChildProcess; baseURL: string; ask(msg: string): Promise<ServerStats> }> {
  const child = fork(join(here, "_llm-server.ts"), [String(LATENCY_MS)], { execArgv: ["--import", "tsx"], stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const baseURL = await new Promise<string>((resolve, reject) => {
    child.once("error", reject);
    child.on("message", (m: { type: string; baseURL?: string }) => m.type === "ready" && resolve(m.baseURL!));
  });
  const ask = (msg: string) =>
    new Promise<ServerStats>((resolve) => {
      if (msg !== "stats") {
        child.send(msg);
        return resolve({ total: 0, maxInFlight: 0, cpuUs: 0, answerMs: 0, answerMsMin: 0 });
      }
      const on = (m: ServerStats & { type: string }) => {
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

interface ServerStats {
  total: number;
  maxInFlight: number;
  cpuUs: number;
  /** Mean time from a request's arrival at the server to its reply, ms (the set latency plus the server's lag). */
  answerMs: number;
  /** The quickest reply, ms (never under the set latency). */
  answerMsMin: number;
}

interface Measure {
  requests: number;
  seconds: number;
  /** Steady-state rate: completions while every slot is busy (see the header). */
  perSecond: number;
  shareOfBound: number;
  /** The whole batch's rate, ramp-up and drain included. */
  batchPerSecond: number;
  batchShareOfBound: number;
  /** When the 64th call finished (ms from the start; 100 at the bound), and how long the last 64 took. */
  rampMs: number;
  drainMs: number;
  serverCounted: number;
  serverMaxInFlight: number;
  /** Mean and least time the server took from a request's arrival to its reply, ms. */
  serverAnswerMs: number;
  serverAnswerMsMin: number;
  /** CPU time of this (client) process per request, µs: what limits throughput on a busy machine. */
  clientCpuUsPerRequest: number;
  /** CPU time of the server process per request, µs. */
  serverCpuUsPerRequest: number;
}

/** `run` makes `n` calls and calls `done()` as each one finishes. */
async function measure(server: Awaited<ReturnType<typeof startServer>>, n: number, run: (done: () => void) => Promise<void>): Promise<Measure> {
  await server.ask("reset");
  const finished: number[] = [];
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await run(() => finished.push(performance.now()));
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const stats = await server.ask("stats");
  if (finished.length !== n || n <= 2 * CONCURRENCY) throw new Error(`a measure needs more than ${2 * CONCURRENCY} calls, all finished (got ${finished.length} of ${n})`);
  if (stats.answerMsMin < LATENCY_MS) throw new Error(`the server answered after ${stats.answerMsMin} ms, under its ${LATENCY_MS} ms: the bound would not hold`);
  const first = finished[CONCURRENCY - 1];
  const last = finished[n - CONCURRENCY - 1];
  const perSecond = (n - 2 * CONCURRENCY) / ((last - first) / 1000);
  const batchPerSecond = n / seconds;
  return {
    requests: n,
    seconds,
    perSecond,
    shareOfBound: perSecond / BOUND,
    batchPerSecond,
    batchShareOfBound: batchPerSecond / BOUND,
    rampMs: first - t0,
    drainMs: finished[n - 1] - last,
    serverCounted: stats.total,
    serverMaxInFlight: stats.maxInFlight,
    serverAnswerMs: stats.answerMs,
    serverAnswerMsMin: stats.answerMsMin,
    clientCpuUsPerRequest: (cpu.user + cpu.system) / n,
    serverCpuUsPerRequest: stats.cpuUs / n,
  };
}

/** CPU µs per call of the full stack (no cache; and with the cache recording, the ledger file and a budget) around an instant provider, best of 5. */
async function stackOverhead(cacheDir: string): Promise<{ bareProvider: number; stack: number; stackWithRecordCache: number }> {
  const reply = { answer: "a", score: 0.5, tags: ["x"] };
  const instant: LanguageModel = {
    id: "openai-compatible:bench-model",
    generate: async (req) => ({ text: JSON.stringify(reply), data: req.schema?.parse(reply) as never, usage: { inputTokens: 10, outputTokens: 5 }, latencyMs: 0, cached: false, model: "openai-compatible:bench-model" }),
  };
  const spec = { provider: "openai-compatible", baseURL: "http://127.0.0.1:9/v1", model: "bench-model", concurrency: CONCURRENCY, rpm: 1_000_000, tpm: 100_000_000 };
  const plain = createModel(spec, { provider: instant });
  const cached = createModel({ ...spec, cache: { dir: cacheDir, mode: "record" }, prices: { "openai-compatible:bench-model": { input: 0.15, output: 0.6 } } }, { provider: instant, ledgerPath: join(cacheDir, "ledger.jsonl"), maxCostUsd: 1e6 });
  let seq = 0;
  const cpuPerCall = async (m: LanguageModel, n: number) => {
    let best = Infinity;
    for (let r = 0; r < 5; r++) {
      const c0 = process.cpuUsage();
      await Promise.all(Array.from({ length: n }, () => m.generate({ messages: [{ role: "user", content: `overhead ${seq++}` }], schema: Answer, address: { mechanism: "bench", cell: "", seed: 0, role: "judge", step: seq } })));
      const c = process.cpuUsage(c0);
      best = Math.min(best, (c.user + c.system) / n);
    }
    return best;
  };
  return { bareProvider: await cpuPerCall(instant, 2000), stack: await cpuPerCall(plain, 2000), stackWithRecordCache: await cpuPerCall(cached, 500) };
}

async function main(): Promise<void> {
  const n = arg("requests", 2048);
  const rounds = arg("rounds", 5);
  const server = await startServer();
  const cacheDir = await mkdtemp(join(tmpdir(), "agora-bench-llm-"));
  const strict = toStrictSchema(Answer);
  try {
    const model = createModel(
      {
        provider: "openai-compatible",
        baseURL: server.baseURL,
        model: "bench-model",
        concurrency: CONCURRENCY,
        rpm: 1_000_000,
        tpm: 100_000_000,
        timeoutMs: 10_000,
        maxRetries: 3,
        cache: { dir: cacheDir, mode: "record" },
        prices: { "openai-compatible:bench-model": { input: 0.15, output: 0.6 } },
      },
      { ledgerPath: join(cacheDir, "ledger.jsonl"), maxCostUsd: 1000 },
    );
    const sdk = new OpenAI({ baseURL: server.baseURL, apiKey: "bench" });

    const runAgora = (round: number, count: number) => async (done: () => void = () => undefined) => {
      await Promise.all(
        Array.from({ length: count }, (_, i) =>
          model
            .generate({ messages: [{ role: "user", content: prompt(round, i) }], schema: Answer, temperature: 0, address: { mechanism: "bench", cell: `round=${round}`, seed: 0, role: "judge", step: i } })
            .then(done),
        ),
      );
      // The replay cache writes behind the calls; the measure ends when every entry is on disk.
      await model.flush();
    };
    const runBare = (round: number, count: number) => async (done: () => void = () => undefined) => {
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
          done();
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    };

    const url = new URL(`${server.baseURL}/chat/completions`);
    const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
    const post = (body: string) =>
      new Promise<unknown>((resolve, reject) => {
        const req = request(
          { host: url.hostname, port: url.port, path: url.pathname, method: "POST", agent, headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body), authorization: "Bearer bench" } },
          (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (c: Buffer) => chunks.push(c));
            res.on("end", () => resolve(JSON.parse(Buffer.concat(chunks).toString("utf8"))));
            res.on("error", reject);
          },
        );
        req.on("error", reject);
        req.end(body);
      });
    const runHttp = (round: number, count: number) => async (done: () => void = () => undefined) => {
      let next = 0;
      const worker = async () => {
        for (let i = next++; i < count; i = next++) {
          const body = JSON.stringify({
            model: "bench-model",
            messages: [{ role: "user", content: prompt(round, i) }],
            temperature: 0,
            response_format: { type: "json_schema", json_schema: { name: "reply", schema: strict.schema, strict: true } },
          });
          const c = (await post(body)) as { choices: { message: { content: string } }[] };
          JSON.parse(c.choices[0].message.content);
          done();
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    };

    const runners = { agora: runAgora, bareSDK: runBare, nodeHttp: runHttp };
    const names = Object.keys(runners) as (keyof typeof runners)[];
    // Warm-up: open connections, compile code paths.
    for (const name of names) await runners[name](-1, 4 * CONCURRENCY)();

    const measures: Record<keyof typeof runners, Measure[]> = { agora: [], bareSDK: [], nodeHttp: [] };
    for (let r = 0; r < rounds; r++) {
      // Rotate which goes first, so none always runs on a warmer (or busier) machine.
      for (let k = 0; k < names.length; k++) {
        const name = names[(r + k) % names.length];
        measures[name].push(await measure(server, n, runners[name](r, n)));
      }
    }
    agent.destroy();
    const overhead = await stackOverhead(join(cacheDir, "overhead"));
    const mean = (ms: Measure[], f: (m: Measure) => number = (m) => m.perSecond) => ms.reduce((s, m) => s + f(m), 0) / ms.length;
    const median = (xs: number[]) => {
      const a = [...xs].sort((x, y) => x - y);
      return a.length % 2 ? a[(a.length - 1) / 2] : (a[a.length / 2 - 1] + a[a.length / 2]) / 2;
    };
    const cpuOf = (m: Measure) => m.clientCpuUsPerRequest;
    const srvOf = (m: Measure) => m.serverCpuUsPerRequest;
    const batchOf = (m: Measure) => m.batchPerSecond;
    const summarize = (ms: Measure[]) => ({
      perSecond: mean(ms),
      shareOfBound: mean(ms) / BOUND,
      medianShareOfBound: median(ms.map((m) => m.shareOfBound)),
      batchPerSecond: mean(ms, batchOf),
      batchShareOfBound: mean(ms, batchOf) / BOUND,
      clientCpuUsPerRequest: mean(ms, cpuOf),
      serverCpuUsPerRequest: mean(ms, srvOf),
      serverAnswerMs: mean(ms, (m) => m.serverAnswerMs),
      measures: ms,
    });
    const summary = model.ledger.summary();
    const result = {
      bench: "llm",
      setup: { concurrency: CONCURRENCY, latencyMs: LATENCY_MS, boundPerSecond: BOUND, requestsPerMeasure: n, rounds, node: process.version },
      machine: { cpus: availableParallelism(), loadAverage1m: loadavg()[0] },
      agora: summarize(measures.agora),
      bareSDK: summarize(measures.bareSDK),
      nodeHttp: summarize(measures.nodeHttp),
      stackCpuUsPerCall: overhead,
      /** Points of the bound between node:http and agora: of the medians over the rounds, and in each round. */
      gapPoints: {
        median: 100 * (median(measures.nodeHttp.map((m) => m.shareOfBound)) - median(measures.agora.map((m) => m.shareOfBound))),
        byRound: measures.agora.map((m, i) => 100 * (measures.nodeHttp[i].shareOfBound - m.shareOfBound)),
      },
      agoraLedger: { calls: summary.calls, retries: summary.retries, errors: summary.errors, latency: summary.latency, wallLatency: summary.wallLatency },
    };
    const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
    console.log(`llm bench: ${n} requests × ${rounds} rounds, concurrency ${CONCURRENCY}, server latency ${LATENCY_MS} ms, bound ${BOUND} req/s`);
    const line = (name: string, r: typeof result.agora) =>
      `  ${name}: median ${pct(r.medianShareOfBound)} of the bound in steady state (rounds: ${r.measures.map((m) => pct(m.shareOfBound)).join(", ")}); whole batch ${pct(r.batchShareOfBound)} (CPU per request: client ${r.clientCpuUsPerRequest.toFixed(0)} µs, server ${r.serverCpuUsPerRequest.toFixed(0)} µs; server answered after ${r.serverAnswerMs.toFixed(1)} ms)`;
    console.log(line("agora (all wrappers)", result.agora));
    console.log(line("bare openai SDK     ", result.bareSDK));
    console.log(line("node:http, no SDK   ", result.nodeHttp));
    const gap = result.gapPoints;
    console.log(`  node:http − agora: ${gap.median.toFixed(2)} points of the bound, medians of ${rounds} (by round: ${gap.byRound.map((g) => g.toFixed(2)).join(", ")}); goal ≤ 0.5: ${gap.median <= 0.5 ? "met" : "not met"}`);
    console.log(
      `  CPU added per call by the wrappers (instant provider, no HTTP): ${(overhead.stack - overhead.bareProvider).toFixed(1)} µs; with the cache recording, the ledger file and a budget: ${(overhead.stackWithRecordCache - overhead.bareProvider).toFixed(1)} µs`,
    );
    console.log(`  machine: ${result.machine.cpus} CPUs, load average ${result.machine.loadAverage1m.toFixed(1)} (a busy machine lowers every share)`);
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
