/** The answerer's last resort (evidence-names.ts), on a memory of sentences written here. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { Memory } from "../engine.js";
import { query } from "../query.js";
import { extract, type SessionContext } from "./extractor.js";
import { answerOffline, questionStates } from "./offline.js";

function memoryOf(turns: [string, string][]): Memory {
  const mem = Memory.open(":memory:", { halfLifeDays: null });
  const ctx: SessionContext = { speakers: ["Ann", "Bob"] };
  turns.forEach(([speaker, text], i) => {
    const t = { id: `D1:${i + 1}`, speaker, text, timestamp: (i + 1) * 86_400_000 };
    mem.ingest(t, extract(t, ctx));
  });
  return mem;
}
const ask = (mem: Memory, q: string) => answerOffline(query(mem, q, { stateAttributes: questionStates(q) }));

test("with no belief about the state asked, the answer is a name of its kind from the evidence about the entity", () => {
  const mem = memoryOf([["Bob", "How was the week?"], ["Ann", "Long. The robot arm demo at Mitsuki Robotics went well, we might get the contract."], ["Bob", "Nice!"]]);
  assert.equal(ask(mem, "Where does Ann work now?"), "Mitsuki Robotics");
  // a town is no workplace; a home is a town
  const mem2 = memoryOf([["Ann", "Ugh, the trams in Lisbon were late again."], ["Bob", "classic"]]);
  assert.notEqual(ask(mem2, "Where does Ann work now?"), "Lisbon");
  assert.equal(ask(mem2, "Where does Ann live now?"), "Lisbon");
  // a belief, when there is one, answers
  const mem3 = memoryOf([["Ann", "I work at Corvale."], ["Ann", "The robot arm demo at Mitsuki Robotics went well."]]);
  assert.equal(ask(mem3, "Where does Ann work now?"), "Corvale");
});

test("the last resort skips what the entity says of someone else and questions", () => {
  const mem = memoryOf([["Ann", "My wife Yumi started at Nagoya City Hall this week."], ["Bob", "Does she like Orchard Software?"], ["Ann", "Busy week, the demo at Mitsuki Robotics went well."]]);
  assert.equal(ask(mem, "Where does Ann work now?"), "Mitsuki Robotics");
});
