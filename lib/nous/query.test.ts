/**
 * Linking a question to the entity it asks about: "Wei's sister" is the sister Wei named ("my sister Jiamin"), so her
 * states answer; an unnamed relation stays its own entity ("Ana's dad"), and a relation the holder never named links
 * nothing new.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { Memory } from "./engine.js";
import { linkEntities, query, renderContext } from "./query.js";
import { extract } from "./models/extractor.js";
import { answerOffline, ownValue, questionStates, stateAnswer } from "./models/offline.js";

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

test("a home or workplace question's unused budget holds the other turns, latest first, marked filled and with no fact line; other questions and fillBudget: false keep what the words found", () => {
  const lines: [string, string][] = [
    ["Ana", "Rowena said the brownout hit Mandaue again."],
    ["Wei", "Concentrix still, same telco account, angry callers every night."],
    ["Ana", "Respect. I'd last one day."],
    ["Wei", "Where does the time go, honestly."],
  ];
  const mem = memoryOf(lines);
  const ask = (q: string, fillBudget?: boolean) => query(mem, q, { budgetTokens: 600, stateAttributes: questionStates(q), ...(fillBudget === undefined ? {} : { fillBudget }) });
  const work = ask("Where does Wei work now?");
  const lexical = work.evidence.filter((e) => !e.filled).map((e) => e.evidenceId);
  const filled = work.evidence.filter((e) => e.filled).map((e) => e.evidenceId);
  // every turn fits the budget: the words found Wei's turns, the rest follows latest first
  assert.deepEqual([...lexical].sort(), ["D1:2", "D1:4"]);
  assert.deepEqual(filled, ["D1:3", "D1:1"]);
  assert.equal(work.sourceIds.length, 4);
  for (const e of work.evidence.filter((x) => x.filled)) assert.equal(e.score, 0);
  assert.ok(!work.facts.some((f) => f.entity === "Ana"), "a filled turn brings no fact line");
  // switched off, or a question about something else: what the words found, nothing more
  assert.deepEqual(ask("Where does Wei work now?", false).evidence.map((e) => e.evidenceId).sort(), ["D1:2", "D1:4"]);
  assert.ok(ask("What does Wei think of the time?").evidence.every((e) => !e.filled));
  // a budget too small for them: no turn beyond it
  const small = query(mem, "Where does Wei work now?", { budgetTokens: 60, stateAttributes: ["workplace"] });
  assert.ok((small.tokens ?? 0) <= 60);
  mem.close();
});

test("one value held as both home and workplace: a town is no workplace and an organisation's name no home, each belief's next value answers instead", () => {
  const belief = (attribute: string, mode: string, next: string) => ({ entity: "Wei", attribute, mode, p: 0.5, alternatives: [{ value: next, p: 0.3 }], recalled: [], sources: [] });
  // a town of the gazetteer held as the workplace too: the workplace answers with its next value, the home keeps it
  assert.equal(ownValue(belief("workplace", "Leeds", "Harlow Dental"), belief("home", "Leeds", "Otley")).mode, "Harlow Dental");
  assert.equal(ownValue(belief("home", "Leeds", "Otley"), belief("workplace", "Leeds", "Harlow Dental")).mode, "Leeds");
  // an organisation's name held as the home too: the home answers with its next value
  assert.equal(ownValue(belief("home", "Harlow Dental Group", "Otley"), belief("workplace", "Harlow Dental Group", "Leeds")).mode, "Otley");
  assert.equal(ownValue(belief("workplace", "Harlow Dental Group", "Leeds"), belief("home", "Harlow Dental Group", "Otley")).mode, "Harlow Dental Group");
  // a name of neither shape stays with both; so does a value with no next one, and different values
  assert.equal(ownValue(belief("workplace", "Kelvinbrae", "Harlow Dental"), belief("home", "Kelvinbrae", "Otley")).mode, "Kelvinbrae");
  assert.equal(ownValue({ ...belief("workplace", "Leeds", "x"), alternatives: [] }, belief("home", "Leeds", "Otley")).mode, "Leeds");
  assert.equal(ownValue(belief("workplace", "Leeds", "Harlow Dental"), belief("home", "Otley", "Leeds")).mode, "Leeds");
});

test("a question about a workplace carries the same entity's belief about home for the offline answerer, not rendered", () => {
  const mem = memoryOf([["Wei", "I work at Leeds now."], ["Wei", "Started at Harlow Dental last year."], ["Wei", "I live in Leeds."]]);
  const ctx = query(mem, "Where does Wei work now?", { stateAttributes: questionStates("Where does Wei work now?") });
  assert.deepEqual(ctx.counterparts?.map((f) => `${f.entity} ${f.attribute} ${f.mode}`), ["Wei home Leeds"]);
  assert.ok(!renderContext(ctx).includes("home"));
  mem.close();
});
