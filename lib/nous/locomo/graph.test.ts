/**
 * The entity graph of a conversation and what the hops do with it. The two speakers are never linked (what they say
 * to and about each other is the conversation, not a relation), so a question naming one speaker reaches the other
 * at two hops, through names both mentioned. The hops then change what the fixture's questions retrieve (turns or
 * scores); with the boost off (graphBoost 0) the hops cannot matter, and they do not.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { Memory } from "../engine.js";
import { answerOffline, extractOffline } from "../models/offline.js";
import { query, reach } from "../query.js";
import { fixturePath, loadLocomo } from "./data.js";
import { evaluateConversation, offlineWindowExtractor } from "./evaluate.js";

const turn = (id: string, speaker: string, text: string) => ({ id, speaker, text, timestamp: Date.UTC(2023, 0, 1) });

test("participants are not linked to each other; the people and names they mention are", () => {
  const mem = Memory.open(":memory:");
  const participants = ["Ann", "Bob"];
  mem.ingest(turn("D1:1", "Ann", "You work at the school."), { triples: [{ entity: "Bob", attribute: "workplace", value: "school" }], participants });
  mem.ingest(turn("D1:2", "Bob", "My sister Eve moved to Oslo."), { triples: [{ entity: "Eve", attribute: "home", value: "Oslo" }], mentions: ["Eve", "Oslo"], participants });
  mem.ingest(turn("D1:3", "Ann", "I loved Oslo."), { triples: [{ entity: "Ann", attribute: "travel", value: "Oslo" }], mentions: ["Oslo"], participants });
  assert.ok(!mem.adjacency.get("Ann")!.has("Bob"));
  assert.deepEqual([...mem.adjacency.get("Bob")!].sort(), ["Eve", "Oslo"]);
  assert.deepEqual(Object.fromEntries(reach(mem, ["Ann"], 3)), { Ann: 0, Oslo: 1, Bob: 2, Eve: 3 });
  mem.close();
  // without participants (a memory of one agent's observations) a fact about another speaker links the two
  const plain = Memory.open(":memory:");
  plain.ingest(turn("D1:1", "Ann", "You work at the school."), { triples: [{ entity: "Bob", attribute: "workplace", value: "school" }] });
  assert.ok(plain.adjacency.get("Ann")!.has("Bob"));
  plain.close();
});

async function retrieved(hops: number, graphBoost: number): Promise<string[]> {
  const out: string[] = [];
  for (const conv of loadLocomo(fixturePath())) {
    const r = await evaluateConversation(conv, { systems: ["nous"], memory: { budgetTokens: 600, hops, graphBoost }, extractor: offlineWindowExtractor(extractOffline), answerer: async (c) => answerOffline(c), model: "offline", extra: {} });
    r.memory.close();
    out.push(...r.answers.map((a) => String(a.retrieved)));
  }
  return out;
}

test("on the fixture the hops change the evidence's scores (0 vs 1) and its turns (0 vs 2); with the boost off they change nothing", async () => {
  const differ = (a: string[], b: string[]) => a.filter((x, i) => x !== b[i]).length;
  const [h0, h1, h2] = [await retrieved(0, 1), await retrieved(1, 1), await retrieved(2, 1)];
  assert.equal(h0.length, 23);
  assert.ok(differ(h0, h1) + differ(h0, h2) > 0, "hops 0 vs 1 or 2");
  // a wider search boosts deltas two hops away: the scores move even where the turns kept their order
  const scores = (hops: number) => {
    const out: number[] = [];
    for (const conv of loadLocomo(fixturePath())) {
      const mem = Memory.open(":memory:", { hops, budgetTokens: 600 });
      for (const t of conv.turns) mem.ingest({ id: t.id, speaker: t.speaker, text: t.text, timestamp: t.timestamp }, { ...extractOffline({ id: t.id, speaker: t.speaker, text: t.text, timestamp: t.timestamp }, t.caption, { speakers: [...conv.speakers] }), participants: conv.speakers });
      for (const q of conv.questions) out.push(...query(mem, q.question).evidence.map((e) => e.score));
      mem.close();
    }
    return out;
  };
  const [s1, s2] = [scores(1), scores(2)];
  assert.ok(s1.some((x, i) => x !== s2[i]), "hops 1 vs 2: scores");
  const [n0, n1, n2] = [await retrieved(0, 0), await retrieved(1, 0), await retrieved(2, 0)];
  assert.equal(differ(n0, n1) + differ(n1, n2), 0);
});
