/**
 * The benchmark's server process: the local OpenAI-compatible test server answering after a fixed latency.
 * Started by bench/llm.ts with an IPC channel; prints nothing. Messages: "stats" → { total, maxInFlight, cpuUs }.
 * The schema-valid reply is generated once per schema (not per request), so the server spends its CPU on HTTP
 * only and the measurement is about the client.
 * Usage: node --import tsx bench/_llm-server.ts <latencyMs>
 */
import { defaultOpenAIContent, startOpenAIServer } from "../lib/llm/testing/openai-server.js";

async function main(): Promise<void> {
  if (!process.send) {
    console.error("bench/_llm-server.ts is started by bench/llm.ts (it needs an IPC channel)");
    process.exit(2);
  }
  const latencyMs = Number(process.argv[2] ?? 100);
  const replies = new Map<string, string>();
  const server = await startOpenAIServer({
    latencyMs,
    record: false,
    respond: (req) => {
      const key = JSON.stringify(req.body?.response_format ?? null);
      let content = replies.get(key);
      if (content === undefined) replies.set(key, (content = defaultOpenAIContent(req.body)));
      return { content, usage: { prompt_tokens: 20, completion_tokens: 12 } };
    },
  });
  let cpu0 = process.cpuUsage();
  process.on("message", (msg) => {
    if (msg === "stats") {
      const cpu = process.cpuUsage(cpu0);
      process.send?.({ type: "stats", total: server.stats.total, maxInFlight: server.stats.maxInFlight, cpuUs: cpu.user + cpu.system, answerMs: server.stats.answerMsTotal / Math.max(1, server.stats.answered), answerMsMin: server.stats.answerMsMin });
    }
    if (msg === "reset") {
      cpu0 = process.cpuUsage();
      server.stats.total = 0;
      server.stats.answered = 0;
      server.stats.answerMsTotal = 0;
      server.stats.answerMsMin = Infinity;
      server.stats.maxInFlight = server.stats.inFlight;
    }
    if (msg === "close") void server.close().then(() => process.exit(0));
  });
  process.send?.({ type: "ready", baseURL: server.baseURL });
}

void main();
