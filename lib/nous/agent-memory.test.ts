import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { countTokens } from "../llm/tokens.js";
import { createAgentMemory } from "./agent-memory.js";

const heard = (speaker: string, text: string, time: number) => ({ speaker, text, time, kind: "heard" as const });

test("retrieval is by content: the observation that shares the query's words comes first, unrelated ones never", () => {
  const m = createAgentMemory({ owner: "Ann" });
  m.observe(heard("Bob", "I work at the bakery on Main Street.", 1));
  m.observe(heard("Cara", "The weather has been awful this week.", 2));
  m.observe({ speaker: "Ann", text: "I should ask Bob about his sourdough.", time: 3, kind: "thought" });
  const got = m.retrieve("Where does Bob work? The bakery?", { maxTokens: 500 });
  assert.ok(got[0].includes("bakery"), got.join("\n"));
  assert.ok(got[0].startsWith("[turn 1, heard] Bob:"));
  assert.ok(!got.some((l) => l.includes("weather")), "no shared content word, not retrieved");
  assert.deepEqual(m.retrieve("quantum chromodynamics", { maxTokens: 500 }), []);
  const thought = m.retrieve("sourdough", { maxTokens: 500 });
  assert.equal(thought[0], "[turn 3, thought] Ann: I should ask Bob about his sourdough.");
  m.close();
});

test("decay: of two observations equally relevant to the query, the older one ranks lower; at equal age, no effect", () => {
  const order = (tChess: number, tTennis: number) => {
    const m = createAgentMemory({ owner: "Ann", halfLifeTurns: 5 });
    const obs = [heard("Bob", "On weekends I play chess at the club.", tChess), heard("Bob", "On weekends I play tennis at the club.", tTennis)];
    obs.sort((a, b) => a.time - b.time);
    for (const o of obs) m.observe(o);
    const got = m.retrieve("What does Bob play at the club on weekends?", { maxTokens: 500 });
    m.close();
    return got.filter((l) => l.startsWith("[turn")).map((l) => (l.includes("chess") ? "chess" : "tennis"));
  };
  assert.deepEqual(order(0, 20), ["tennis", "chess"]);
  assert.deepEqual(order(20, 0), ["chess", "tennis"]);
});

test("content reactivation: a later confirmation of a fact brings its old observation back above a newer unconfirmed one", () => {
  const run = (confirm: boolean) => {
    const m = createAgentMemory({ owner: "Ann", halfLifeTurns: 5 });
    m.observe(heard("Bob", "I work at the bakery.", 0));
    m.observe(heard("Bob", "I work at the library.", 1));
    // a confirmation worded so that it does not itself match the query's other words
    m.observe(heard("Bob", confirm ? "Yes, I work at the bakery." : "The weather is lovely.", 30));
    const got = m.retrieve("Does Bob work at the library or at the bakery?", { maxTokens: 500 }).filter((l) => l.startsWith("[turn 0") || l.startsWith("[turn 1,"));
    m.close();
    return got.map((l) => l.slice(0, 7));
  };
  assert.deepEqual(run(false), ["[turn 1", "[turn 0"]);
  assert.deepEqual(run(true), ["[turn 0", "[turn 1"]);
});

test("beliefs come with their observations: a dimension observed more than once is rendered with its mode and alternatives", () => {
  const m = createAgentMemory({ owner: "Ann", halfLifeTurns: 50 });
  m.observe(heard("Bob", "I work at the bakery.", 0));
  m.observe(heard("Bob", "I work at the bakery.", 1));
  m.observe(heard("Bob", "I work at the library.", 2));
  m.observe(heard("Bob", "I work at the library.", 3));
  const got = m.retrieve("Where does Bob work?", { maxTokens: 500 });
  const belief = got.find((l) => l.startsWith("belief: Bob"));
  assert.ok(belief, got.join("\n"));
  assert.match(belief!, /= library \(0\.\d\d\); also: bakery/);
  m.close();
});

test("the token budget is respected (o200k_base) and 0 tokens gives nothing", () => {
  const m = createAgentMemory({ owner: "Ann" });
  for (let i = 0; i < 30; i++) m.observe(heard("Bob", `I visited the museum of modern art number ${i} with my cousin.`, i));
  const all = m.retrieve("museum visits", { maxTokens: 100_000 });
  const some = m.retrieve("museum visits", { maxTokens: 60 });
  const used = some.reduce((s, l) => s + countTokens(l).tokens, 0);
  assert.ok(all.length >= 30);
  assert.ok(some.length > 0 && some.length < all.length);
  assert.ok(used <= 60);
  assert.deepEqual(m.retrieve("museum visits", { maxTokens: 0 }), []);
  m.close();
});

test("a memory file reopened gives the same retrieval", () => {
  const dir = mkdtempSync(join(tmpdir(), "agent-mem-"));
  try {
    const path = join(dir, "ann.nous.db");
    const a = createAgentMemory({ owner: "Ann", path, halfLifeTurns: 4 });
    a.observe(heard("Bob", "I work at the bakery.", 0));
    a.observe(heard("Bob", "I adopted a puppy named Rex.", 2));
    a.observe(heard("Bob", "Yes, I work at the bakery.", 9));
    const before = a.retrieve("Bob bakery puppy", { maxTokens: 300 });
    a.close();
    const b = createAgentMemory({ owner: "Ann", path, halfLifeTurns: 4 });
    assert.deepEqual(b.retrieve("Bob bakery puppy", { maxTokens: 300 }), before);
    b.observe(heard("Bob", "Rex learned to sit.", 10));
    assert.ok(b.retrieve("Rex", { maxTokens: 300 }).some((l) => l.startsWith("[turn 10,")));
    b.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("bad input is refused with the field named", () => {
  assert.throws(() => createAgentMemory({ owner: "" }), /agentMemory\.owner/);
  assert.throws(() => createAgentMemory({ owner: "Ann", halfLifeTurns: 0 }), /halfLifeTurns/);
  const m = createAgentMemory({ owner: "Ann" });
  m.observe(heard("Bob", "hello there", 5));
  assert.throws(() => m.observe(heard("Bob", "earlier", 4)), /observation\.time: time 4 is before/);
  assert.throws(() => m.observe({ ...heard("Bob", "x", 6), kind: "said" as "heard" }), /observation\.kind/);
  assert.throws(() => m.retrieve("x", { maxTokens: Number.NaN }), /maxTokens/);
  m.close();
});
