/**
 * End to end against the local OpenAI-protocol test servers: the random server (seeded random, schema-valid
 * replies with faults) for the adjudicator path, scripted replies for repairs and for free chat whose words are
 * parsed into requests and transfers, and a server that always fails (the failure reaches the runner).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { cellAddresser } from "../core/mechanism.js";
import { createRng } from "../core/rng.js";
import { createModel } from "../llm/index.js";
import { startOpenAIServer } from "../llm/testing/openai-server.js";
import { GatedParamsSchema, runner } from "./runner.js";

const params = GatedParamsSchema.parse({ episodes: 2, family: { width: 8, depth: 6 }, logEpisodes: 2, sim: { tLow: -1, tHigh: 3 } });
type Respond = (req: { body: { messages: { content: string }[] } }) => { content: string } | undefined;

async function runWith(server: Awaited<ReturnType<typeof startOpenAIServer>>, policy = "gated", p = params) {
  const llm = createModel(`openai-compatible:${server.baseURL}#test-model`, { retry: { baseDelayMs: 1, maxDelayMs: 5 } });
  const condition = { policy, scenario: "scarce" };
  const res = await runner.runCell({
    runId: `policy=${policy},scenario=scarce,seed=3`, seed: 3, condition, params: p,
    model: { kind: "llm", llm }, rng: createRng(3).fork("gated", "e2e"), address: cellAddresser("gated", `policy=${policy},scenario=scarce`, 3),
  });
  return { res, id: llm.id };
}

async function withServer<T>(opts: Parameters<typeof startOpenAIServer>[0], fn: (s: Awaited<ReturnType<typeof startOpenAIServer>>) => Promise<T>): Promise<T> {
  const server = await startOpenAIServer(opts);
  try { return await fn(server); } finally { await server.close(); }
}

test("random server: prompts with the problem's facts → schema → verdicts → rows; faults retried; every call counted", async () => {
  await withServer({ random: { seed: 5, failureRate: 0.05, rate429: 0.05, retryAfterS: 0 } }, async (server) => {
    const { res, id } = await runWith(server);
    const ok = server.requests.filter((r) => r.body.response_format);
    assert.ok(ok.length > 0, "the gray zone (T_low −1, T_high 3) sends every problem to the adjudicator");
    const body = ok[0].body;
    assert.equal(body.response_format.json_schema.name, "gate_verdict");
    const prompt = body.messages.map((m: { content: string }) => m.content).join("\n");
    assert.match(prompt, /bounded adjudicator[\s\S]*Facts as agent \d+ knows them: it stands at \(/);
    assert.match(prompt, /What it believes of its teammates: agent \d+/);
    // the mechanism passes no seed: the llm layer derives one from each call's address, so different cases get different seeds
    const seeds = new Set(ok.map((r) => r.body.seed));
    assert.ok(typeof body.seed === "number" && seeds.size > 1, `seeds ${[...seeds].slice(0, 5)}`);
    const eps = res.tables.episodes;
    assert.equal(eps.length, 2);
    assert.ok(eps.every((r) => r.model === id && r.policy === "gated"));
    const adj = res.tables.events.filter((e) => e.event === "adjudicate");
    assert.ok(adj.length > 0 && adj.every((e) => e.decision === "local" || e.decision === "escalate"));
    assert.equal(res.usage?.calls, adj.length);
    assert.ok((server.stats.byStatus[200] ?? 0) >= adj.length);
    // counterfactual branches use the offline judge: the model sees only factual cases
    assert.ok(res.tables.events.some((e) => e.event === "escalation"));
  });
});

test("replies that miss the schema are repaired, validated and logged with their episode", async () => {
  let n = 0;
  const respond: Respond = () => {
    n++;
    return { content: n % 2 ? "Given the costs I would ESCALATE this one." : '{"Decision": "Stay local", "Reason": "cheap to collect"}' };
  };
  await withServer({ respond: respond as never }, async (server) => {
    const { res } = await runWith(server);
    const repairs = res.tables.events.filter((e) => e.event === "repair");
    assert.ok(repairs.length > 0);
    assert.ok(repairs.every((r) => r.episode === 0 || r.episode === 1), "repair rows carry their episode");
    const steps = new Set(repairs.map((r) => r.via));
    assert.ok(steps.has("keyword") && steps.has("normalised"), [...steps].join(","));
  });
});

test("free chat on a language model: the words are parsed into requests and offers, and offers become transfers", async () => {
  const respond: Respond = (req) => {
    const text = req.body.messages.map((m) => m.content).join("\n");
    const mat = text.match(/problem: missing_material \((\w+)\)/)?.[1];
    const asker = text.match(/Agent (\d+) has a problem/)?.[1];
    if (mat && !asker) return { content: `I need 3 ${mat.replace(/_/g, " ")}, can anyone help?` };
    if (mat && asker && /You hold [1-9]\d* /.test(text)) return { content: `I can give 3 ${mat} to agent ${asker}.` };
    return { content: "Keep going, looks good." };
  };
  await withServer({ respond: respond as never }, async (server) => {
    const { res } = await runWith(server, "free_chat", GatedParamsSchema.parse({ ...params, episodes: 1, logEpisodes: 1 }));
    const texts = res.tables.events.filter((e) => e.event === "chat_text");
    assert.ok(texts.length > 0);
    assert.equal(server.requests.length, texts.length);
    const types = new Set(texts.map((e) => e.msg_type));
    assert.ok(types.has("REQUEST_MATERIAL") && types.has("CAN_SUPPLY") && types.has("CHAT"), [...types].join(","));
    const offers = new Set(texts.filter((e) => e.msg_type === "CAN_SUPPLY").map((e) => e.msg));
    const effects = res.tables.events.filter((e) => e.event === "effect" && offers.has(e.msg) && e.decision === "transfer");
    assert.ok(effects.length > 0, "an offer in words led to a transfer");
    assert.ok(res.tables.events.some((e) => e.event === "transfer"));
    assert.ok(Number(res.tables.episodes[0].effective_messages) > 0);
  });
});

test("a model that always fails: the error reaches the runner (no silent rows)", async () => {
  await withServer({ random: { seed: 1, failureRate: 1 } }, async (server) => {
    await assert.rejects(() => runWith(server), (e: unknown) => e instanceof Error);
  });
});
