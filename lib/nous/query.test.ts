/**
 * Linking a question to the entity it asks about: "Wei's sister" is the sister Wei named ("my sister Jiamin"), so her
 * states answer; an unnamed relation stays its own entity ("Ana's dad"), and a relation the holder never named links
 * nothing new.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { Memory } from "./engine.js";
import { linkEntities, query } from "./query.js";
import { extract } from "./models/extractor.js";
import { answerOffline, questionStates, stateAnswer } from "./models/offline.js";

function memoryOf(lines: [string, string][]): Memory {
  const mem = Memory.open(":memory:", { halfLifeDays: null });
  const ctx = { speakers: ["Wei", "Ana"] };
  lines.forEach(([speaker, text], i) => {
    const t = { id: `D1:${i + 1}`, speaker, text, timestamp: i * 86_400_000 };
    mem.ingest(t, extract(t, ctx));
  });
  return mem;
}

test("a relation the holder named links to the named person first", () => {
  const mem = memoryOf([["Wei", "My sister Jiamin lives in Perth."], ["Ana", "My dad works at the Royal Mint."]]);
  assert.equal(linkEntities(mem, "Where does Wei's sister live?")[0], "Jiamin");
  const ask = (q: string) => answerOffline(query(mem, q, { stateAttributes: questionStates(q) }));
  assert.equal(ask("Where does Wei's sister live?"), "Perth");
  assert.equal(ask("Where does Jiamin live?"), "Perth");
  assert.equal(ask("Where does Ana's dad work?"), "Royal Mint");
  // Wei named no brother: nothing is linked for him but Wei
  assert.deepEqual(linkEntities(mem, "Where does Wei's brother work?"), ["Wei"]);
  mem.close();
});

test("a relation is linked by any of its everyday words, and a name given to it later links to it", () => {
  const mem = memoryOf([["Wei", "My mom moved to Winnipeg."], ["Ana", "my brother moved to Dubai!!"], ["Wei", "Tariq?? for real"]]);
  assert.deepEqual(linkEntities(mem, "Where does Wei's mum live?"), ["Wei's mom", "Wei"]);
  assert.deepEqual(linkEntities(mem, "Where does Wei's mother live?"), ["Wei's mom", "Wei"]);
  const ask = (q: string) => answerOffline(query(mem, q, { stateAttributes: questionStates(q) }));
  assert.equal(ask("Where does Wei's mum live?"), "Winnipeg");
  assert.equal(ask("Where does Tariq live?"), "Dubai");
  mem.close();
});

test("a home that is no town is answered with the city its belief also holds ('Kelvinbrae, Glasgow'); not a facility or an acronym", () => {
  const line = (mode: string, recalled: string[]) => ({ entity: "Wei", attribute: "home", mode, p: 0.5, alternatives: [{ value: "Glasgow", p: 0.4 }], recalled, sources: [] });
  assert.equal(stateAnswer(line("Kelvinbrae", ["Kelvinbrae", "Glasgow"]), false, new Set()), "Kelvinbrae, Glasgow");
  assert.equal(stateAnswer(line("Kelvinbrae", ["Glasgow", "Kelvinbrae"]), false, new Set()), "Kelvinbrae, Glasgow");
  // the question names the city: the place alone
  assert.equal(stateAnswer(line("Kelvinbrae", ["Kelvinbrae", "Glasgow"]), false, new Set(["glasgow"])), "Kelvinbrae");
  for (const v of ["AVE", "Headingley Leisure Centre", "Spain"]) assert.equal(stateAnswer(line(v, [v, "Glasgow"]), false, new Set()), v);
  // a town of its own, far from the city, lies in no city
  assert.equal(stateAnswer(line("Leeds", ["Leeds", "Glasgow"]), false, new Set()), "Leeds");
});

test("a city whose belief holds a place within it is answered with the latest such place ('Tamavua, Suva'); asked by it, the city", () => {
  const city = (within: Record<string, string>, recalled: string[]) => ({ entity: "Wei", attribute: "home", mode: "Suva", p: 0.6, alternatives: [{ value: "Tamavua", p: 0.3 }], recalled, within, sources: [] });
  assert.equal(stateAnswer(city({ Tamavua: "Suva" }, ["Suva", "Tamavua"]), false, new Set()), "Tamavua, Suva");
  assert.equal(stateAnswer(city({ Tamavua: "Suva", Samabula: "Suva" }, ["Samabula", "Suva", "Tamavua"]), false, new Set()), "Tamavua, Suva");
  assert.equal(stateAnswer(city({}, ["Suva", "Tamavua"]), false, new Set()), "Suva");
  assert.equal(stateAnswer(city({ Tamavua: "Suva" }, ["Suva", "Tamavua"]), false, new Set(["tamavua"])), "Suva");
});
