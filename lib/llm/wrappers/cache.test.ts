// The replay cache: record, then replay with the server gone (zero network calls, identical results),
// misses in replay mode, auto mode, and no secret in any written file.
import { test } from "node:test";
import assert from "node:assert/strict";
import { appendFile, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { z } from "zod";
import { startOpenAIServer } from "../testing/openai-server.js";
import { createModel } from "../create.js";
import { CacheStoreError, ReplayMissError } from "../errors.js";
import { CACHE_FILE, CacheStore } from "./cache-store.js";

const Turn = z.object({ say: z.string(), mood: z.enum(["calm", "angry"]), intensity: z.number().min(0).max(1), aside: z.string().optional() });
const requests = Array.from({ length: 6 }, (_, i) => ({
  system: "You are agent " + i,
  messages: [{ role: "user" as const, content: `turn ${i}` }],
  schema: i % 2 === 0 ? Turn : undefined,
  temperature: 0.7,
  seed: i,
}));

async function files(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const name of await readdir(dir)) {
    const p = join(dir, name);
    if ((await stat(p)).isDirectory()) out.push(...(await files(p)));
    else out.push(p);
  }
  return out;
}

test("record, then replay with the server closed: zero network calls and identical results", async () => {
  const dir = await mkdtemp(join(tmpdir(), "agora-llm-cache-"));
  const server = await startOpenAIServer();
  try {
    const rec = createModel({ provider: "openai-compatible", baseURL: server.baseURL, model: "m", cache: { dir, mode: "record" } });
    const recorded = await Promise.all(requests.map((r) => rec.generate(r)));
    assert.equal(server.requests.length, 6);
    await server.close();

    // The cache can also be given beside a spec string (as the experiment runner does with its run folder).
    const rep = createModel(`openai-compatible:${server.baseURL}#m`, { cache: { dir, mode: "replay" } });
    const replayed = await Promise.all(requests.map((r) => rep.generate(r)));
    for (let i = 0; i < requests.length; i++) {
      assert.equal(replayed[i].text, recorded[i].text);
      assert.deepEqual(replayed[i].data, recorded[i].data);
      assert.deepEqual(replayed[i].usage, recorded[i].usage);
      assert.equal(replayed[i].cached, true);
    }
    const s = rep.ledger.summary();
    assert.equal(s.cacheHits, 6);
    assert.equal(s.inputTokens, 0, "cache hits spend no tokens");
    assert.equal(server.requests.length, 6, "no request reached the (closed) server");

    await assert.rejects(rep.generate({ messages: [{ role: "user", content: "never asked" }] }), (e: unknown) => {
      assert.ok(e instanceof ReplayMissError);
      assert.match(e.message, /never asked/);
      return true;
    });
  } finally {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  }
});

test("auto mode calls once per distinct request, and the key changes with the schema", async () => {
  const dir = await mkdtemp(join(tmpdir(), "agora-llm-cache-"));
  const server = await startOpenAIServer();
  try {
    const model = createModel({ provider: "openai-compatible", baseURL: server.baseURL, model: "m", cache: { dir, mode: "auto" } });
    const a = await model.generate(requests[0]);
    const b = await model.generate(requests[0]);
    assert.equal(server.requests.length, 1);
    assert.equal(b.cached, true);
    assert.equal(b.text, a.text);
    await model.generate({ ...requests[0], schema: Turn.extend({ extra: z.boolean() }) });
    assert.equal(server.requests.length, 2);
  } finally {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  }
});

test("no API key in any written file, error message or ledger", async () => {
  const dir = await mkdtemp(join(tmpdir(), "agora-llm-cache-"));
  const KEY = "sk-fake-SECRET-0123456789";
  const server = await startOpenAIServer({
    respond: (req) =>
      req.body.messages.at(-1).content === "fail"
        ? { status: 401, body: { error: { message: `Incorrect API key provided: ${req.headers.authorization}` } } }
        : undefined,
  });
  try {
    const model = createModel({ provider: "openai-compatible", baseURL: server.baseURL, model: "m", apiKey: KEY, cache: { dir, mode: "record" } });
    for (const r of requests) await model.generate(r);
    await model.flush();
    assert.equal(server.requests[0].headers.authorization, `Bearer ${KEY}`, "the key is sent to the server");
    const err = await model.generate({ messages: [{ role: "user", content: "fail" }] }).catch((e: Error) => e);
    assert.ok(err instanceof Error);
    assert.doesNotMatch(err.message, /SECRET/);
    assert.doesNotMatch(JSON.stringify(err), /SECRET/);
    assert.doesNotMatch(JSON.stringify(model.ledger.entries) + JSON.stringify(model.ledger.summary()) + JSON.stringify(model.spec), /SECRET/);
    const written = await files(dir);
    for (const f of written) assert.ok(!(await readFile(f)).includes("SECRET"), f);
    assert.equal(new CacheStore(dir).count(), 6, "one entry per request");
  } finally {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  }
});

test("several processes write one cache at once: every entry is read back, one reply per key", async () => {
  const dir = await mkdtemp(join(tmpdir(), "agora-llm-cache-"));
  try {
    // Two child processes and this one write 300 entries each into the same database, 100 keys shared by all.
    const script = join(dir, "writer.mts");
    await writeFile(script, `
      import { CacheStore } from ${JSON.stringify(join(import.meta.dirname, "cache-store.ts"))};
      const who = process.argv[2];
      const store = new CacheStore(process.argv[3]);
      for (let i = 0; i < 300; i++) {
        const key = i < 100 ? "shared-" + i : who + "-" + i;
        store.put(key, { text: who + " " + i, usage: { inputTokens: 1, outputTokens: 1 }, latencyMs: 0, model: "m" }, "{}", "a/" + i, false);
        if (i % 50 === 0) await new Promise((r) => setTimeout(r, 5));
      }
      await store.flush();
    `);
    const run = (who: string) => promisify(execFile)(process.execPath, ["--import", "tsx", script, who, join(dir, "c")]);
    const local = (async () => {
      const store = new CacheStore(join(dir, "c"));
      for (let i = 0; i < 300; i++) store.put(i < 100 ? `shared-${i}` : `main-${i}`, { text: `main ${i}`, usage: { inputTokens: 1, outputTokens: 1 }, latencyMs: 0, model: "m" }, "{}", `a/${i}`, false);
      await store.flush();
    })();
    await Promise.all([run("p1"), run("p2"), local]);
    const reader = new CacheStore(join(dir, "c"));
    assert.equal(reader.count(), 100 + 3 * 200);
    for (const who of ["p1", "p2", "main"]) assert.equal(reader.get(`${who}-150`)?.text, `${who} 150`);
    assert.ok(/^(p1|p2|main) 7$/.test(reader.get("shared-7")!.text));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test("a damaged cache file is a fatal error naming it, when the model is made", async () => {
  const root = await mkdtemp(join(tmpdir(), "agora-llm-cache-"));
  try {
    const spec = { provider: "openai-compatible", baseURL: "http://127.0.0.1:9/v1", model: "m" } as const;
    const dir = join(root, "bad");
    await mkdir(dir);
    await writeFile(join(dir, CACHE_FILE), "this is not an sqlite database, just some text ".repeat(100));
    assert.throws(() => createModel({ ...spec, cache: { dir, mode: "auto" } }), (e: unknown) => e instanceof CacheStoreError && e.message.includes(join(dir, CACHE_FILE)));
    // A cache folder that cannot be made (a file is in the way).
    const blocked = join(root, "blocked");
    await appendFile(blocked, "not a folder");
    assert.throws(() => createModel({ ...spec, cache: { dir: blocked, mode: "record" } }), (e: unknown) => e instanceof CacheStoreError && e.message.includes(blocked));
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});

test("entries are written behind the calls: visible at once, in the database after flush; old JSON lines segments are imported", async () => {
  const root = await mkdtemp(join(tmpdir(), "agora-llm-cache-"));
  const server = await startOpenAIServer();
  try {
    const spec = { provider: "openai-compatible", baseURL: server.baseURL, model: "m" } as const;
    const dir = join(root, "ok");
    const model = createModel({ ...spec, cache: { dir, mode: "record" } });
    await Promise.all(requests.map((r) => model.generate(r)));
    await model.flush();
    assert.equal(new CacheStore(dir).count(), requests.length);

    const old = join(root, "old");
    await mkdir(old);
    const reply = { text: "from an old segment", usage: { inputTokens: 1, outputTokens: 2 }, latencyMs: 3, model: "openai-compatible:m" };
    await writeFile(join(old, "a.jsonl"), JSON.stringify({ version: 1, key: "k1", request: {}, reply }) + "\n" + '{"version":1,"key":"torn');
    const store = new CacheStore(old);
    assert.deepEqual(store.get("k1"), reply);
    assert.equal(store.count(), 1);

    // a segment damaged in its middle: the import fails naming it and leaves no database behind, so that the next
    // open, after the segment is repaired, imports it (instead of opening an empty store and skipping the import)
    const bad = join(root, "bad");
    await mkdir(bad);
    const line = (key: string) => JSON.stringify({ version: 1, key, request: {}, reply });
    await writeFile(join(bad, "a.jsonl"), `${line("k1")}\n{"damaged\n${line("k2")}\n`);
    assert.throws(() => new CacheStore(bad), (e: unknown) => e instanceof CacheStoreError && /a\.jsonl/.test(e.message) && /line 2/.test(e.message));
    assert.deepEqual((await readdir(bad)).sort(), ["a.jsonl"], "no empty cache.sqlite is left");
    await writeFile(join(bad, "a.jsonl"), `${line("k1")}\n${line("k2")}\n`);
    const repaired = new CacheStore(bad);
    assert.equal(repaired.count(), 2);
    assert.deepEqual(repaired.get("k2"), reply);
  } finally {
    await server.close();
    await rm(root, { recursive: true, force: true });
  }
});

test("the key covers every field that changes the reply, and only those", async () => {
  const { cacheKey } = await import("./cache.js");
  const base = requests[0];
  const key = cacheKey("openai", "m", base);
  assert.match(key, /^[0-9a-f]{64}$/);
  assert.equal(cacheKey("openai", "m", { ...base, tag: "other", signal: new AbortController().signal }), key, "tag and signal are not part of the key");
  const variants = [
    cacheKey("gemini", "m", base),
    cacheKey("openai", "m2", base),
    cacheKey("openai", "m", { ...base, system: "other" }),
    cacheKey("openai", "m", { ...base, messages: [{ role: "user", content: "other" }] }),
    cacheKey("openai", "m", { ...base, temperature: 0.1 }),
    cacheKey("openai", "m", { ...base, seed: 99 }),
    cacheKey("openai", "m", { ...base, maxTokens: 5 }),
    cacheKey("openai", "m", { ...base, schemaName: "turn" }),
    cacheKey("openai", "m", { ...base, schema: Turn.extend({ extra: z.boolean() }) }),
    cacheKey("openai", "m", { ...base, schema: undefined }),
    cacheKey("openai", "m", { ...base, address: "tbs/x/seed=1/reasoner/step=0/agent=-/sample=0" }),
    cacheKey("openai", "m", { ...base, address: "tbs/x/seed=1/reasoner/step=0/agent=-/sample=1" }),
  ];
  assert.equal(new Set([key, ...variants]).size, variants.length + 1, "each change gives a new key");
});

test("a model reading a cache folder waits for the entries another model of the process is still writing there", async () => {
  const dir = await mkdtemp(join(tmpdir(), "agora-llm-cache-"));
  try {
    const instant = {
      id: "openai-compatible:m",
      generate: async (req: { messages: { content: string }[] }) => ({ text: `echo ${req.messages[0]!.content}`, usage: { inputTokens: 3, outputTokens: 2 }, latencyMs: 0, cached: false, model: "openai-compatible:m" }),
    };
    const spec = { provider: "openai-compatible", baseURL: "http://127.0.0.1:9/v1", model: "m" } as const;
    const rec = createModel({ ...spec, cache: { dir, mode: "record" } }, { provider: instant as never });
    const asks = Array.from({ length: 400 }, (_, i) => ({ messages: [{ role: "user" as const, content: `q${i}` }] }));
    await Promise.all(asks.map((r) => rec.generate(r)));
    // No flush: the replaying model must still see every entry.
    const rep = createModel({ ...spec, cache: { dir, mode: "replay" } }, { provider: instant as never });
    const back = await Promise.all(asks.map((r) => rep.generate(r)));
    assert.ok(back.every((r, i) => r.cached && r.text === `echo q${i}`));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test("a reply outside the schema's bounds is a failed attempt: asked again, never cached; replay gives the valid reply", async () => {
  const root = await mkdtemp(join(tmpdir(), "agora-llm-cache-invalid-"));
  const Judgement = z.object({ preferred: z.enum(["A", "B"]), confidence: z.number().min(0).max(1) });
  // the first answer to every question is out of range (a percentage), the re-ask's is valid
  const server = await startOpenAIServer({
    respond: (req) => {
      const messages = (req.body as { messages: unknown[] }).messages;
      return { content: JSON.stringify({ preferred: "A", confidence: messages.length > 1 ? 0.7 : 70 }) };
    },
  });
  try {
    const spec = { provider: "openai-compatible", baseURL: server.baseURL, model: "m", cache: { dir: root, mode: "auto" } } as const;
    const ask = { messages: [{ role: "user" as const, content: "Which is better?" }], schema: Judgement, address: "calibration/p=raw/seed=1/judge/step=0/agent=-/sample=0" };
    const model = createModel(spec);
    const r = await model.generate(ask);
    assert.equal(r.data?.confidence, 0.7);
    assert.equal(server.stats.total, 2, "the invalid reply counted as an attempt and was asked again");
    assert.equal(model.ledger.reasks, 1);
    await model.flush();
    const replay = createModel({ ...spec, cache: { dir: root, mode: "replay" } });
    assert.equal((await replay.generate(ask)).data?.confidence, 0.7, "the cache holds the valid reply only");
    assert.equal(server.stats.total, 2);
    // a custom provider that does not validate: its invalid reply is validated by the re-ask wrapper, not cached
    let n = 0;
    const lax = createModel({ ...spec, cache: { dir: join(root, "lax"), mode: "auto" } }, {
      provider: { id: "openai-compatible:m", generate: async () => ({ text: JSON.stringify({ preferred: "B", confidence: n++ === 0 ? 2 : 0.4 }), usage: { inputTokens: 1, outputTokens: 1 }, latencyMs: 0, cached: false, model: "openai-compatible:m" }) },
    });
    assert.equal((await lax.generate(ask)).data?.confidence, 0.4);
    assert.equal(n, 2);
    await lax.flush();
    const laxReplay = createModel({ ...spec, cache: { dir: join(root, "lax"), mode: "replay" } });
    assert.equal((await laxReplay.generate(ask)).data?.confidence, 0.4);
  } finally {
    await server.close();
    await rm(root, { recursive: true, force: true });
  }
});
