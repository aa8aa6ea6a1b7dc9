/**
 * The benchmark's server process: the local OpenAI-compatible test server answering after a fixed latency.
 * Started by bench/llm.ts with an IPC channel; prints nothing. Messages: "stats" → { total, maxInFlight }.
 * Usage: node --import tsx bench/_llm-server.ts <latencyMs>
 */
import { startOpenAIServer } from "../lib/llm/testing/openai-server.js";

async function main(): Promise<void> {
  if (!process.send) {
    console.error("bench/_llm-server.ts is started by bench/llm.ts (it needs an IPC channel)");
    process.exit(2);
  }
  const latencyMs = Number(process.argv[2] ?? 100);
  const server = await startOpenAIServer({ latencyMs, record: false });
  process.on("message", (msg) => {
    if (msg === "stats") process.send?.({ type: "stats", total: server.stats.total, maxInFlight: server.stats.maxInFlight });
    if (msg === "reset") {
      server.stats.total = 0;
      server.stats.maxInFlight = server.stats.inFlight;
    }
    if (msg === "close") void server.close().then(() => process.exit(0));
  });
  process.send?.({ type: "ready", baseURL: server.baseURL });
}

void main();
