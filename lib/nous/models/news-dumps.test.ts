/** Catch-up messages that tell several pieces of news at once (headings, fragments, jokes in denials, households and
 * things moved, organisations with "for" or "the"), and the answerer's weaker last resort; on turns written here. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { Memory } from "../engine.js";
import { query } from "../query.js";
import { answerOffline, questionStates } from "./offline.js";
import { memoryOfTurns as memoryOf, talkLines } from "./testing.js";

const talk = (turns: [string, string][]) => talkLines(turns, ["home", "workplace"]);

test("a heading of a few words before a colon does not hide the fragments after it", () => {
  assert.deepEqual(talk([["Ann", "Quick update: still in Stellenbosch, still at Distell doing the marketing."]]), ["Ann | home | Stellenbosch", "Ann | workplace | Distell"]);
  assert.deepEqual(talk([["Ann", "News dump: still in Galway, still at Medtronic."]]), ["Ann | home | Galway", "Ann | workplace | Medtronic"]);
  // a clause before the colon is no heading
  assert.deepEqual(talk([["Ann", "I said it once: still in Galway is fine for now."]]).filter((x) => x.includes("Galway") && !x.includes("0.5")), []);
});

test("'still a <job> at X' without its subject, and an organisation named with 'for' or after 'with the'", () => {
  assert.deepEqual(talk([["Ann", "Anyway: still a reg at the Mater, in the emergency department."]]), ["Ann | workplace | Mater"]);
  assert.deepEqual(talk([["Ann", "Still a nightmare at work."]]), []);
  assert.deepEqual(talk([["Ann", "Still at the Office for National Statistics, still counting things."]]), ["Ann | workplace | Office for National Statistics"]);
  assert.deepEqual(talk([["Ann", "I'm still with the Yukon Government, environment department."]]), ["Ann | workplace | Yukon Government"]);
  assert.deepEqual(talk([["Ann", "I'm with the Smiths this weekend."]]), []);
  assert.deepEqual(talk([["Ann", "But I'm at Associated British Ports now, down on the docks."]]), ["Ann | workplace | Associated British Ports | change"]);
});

test("a shift worked at a name, even when an apology with 'if' follows", () => {
  assert.deepEqual(talk([["Ann", "I just finished a double shift at St. Luke's, so forgive me if I'm not making sense."]]), ["Ann | workplace | St. Luke's"]);
  assert.deepEqual(talk([["Ann", "If I get the job, I'll do a shift at Tesco."]]), []);
});

test("the denial that leads to a joke is part of the joke", () => {
  assert.deepEqual(talk([["Ann", "Honestly I don't live in Drogheda, I live in the Toyota somewhere around Balbriggan."]]), ["Ann | home | Drogheda | ended | 0.2", "Ann | home | Toyota | 0.2"]);
  assert.deepEqual(talk([["Ann", "I don't live in Drogheda anymore, I live in Navan now."]]), ["Ann | home | Drogheda | ended", "Ann | home | Navan | change"]);
  // moving into a thing with no name is no move
  assert.deepEqual(talk([["Ann", "It was so cold I gave up and moved into a snowbank."]]), []);
});

test("a household moved is a move; a thing moved is not; a home sold or handed back is left; hardly leaving is staying", () => {
  assert.deepEqual(talk([["Ann", "We finally moved the family to Talisay, just south of Cebu City."]]), ["Ann | home | Talisay | change"]);
  assert.deepEqual(talk([["Ann", "I live in Leith."], ["Ann", "I moved the car to the garage."]]), ["Ann | home | Leith"]);
  assert.deepEqual(talk([["Ann", "My mom finally sold the house in Regina."]]), ["Ann's mom | home | Regina | ended"]);
  assert.deepEqual(talk([["Ann", "Little house in Abergavenny. Cwmbran flat handed back, good riddance."]]), ["Ann | home | Abergavenny", "Ann | home | Cwmbran | ended"]);
  assert.deepEqual(talk([["Ann", "I've barely left Falkirk in months."]]), ["Ann | home | Falkirk"]);
  assert.deepEqual(talk([["Ann", "Shah Alam already feels like a different life."]]), []);
});

test("people are no places or employers: a partner one is still with, a name a pronoun goes on about, a new flatmate named in a reply", () => {
  assert.deepEqual(talk([["Ann", "Ja, still with Karabo, she's doing her articles at a law firm."]]).filter((x) => x.includes("Karabo")), []);
  assert.deepEqual(talk([["Bob", "How is Jerome's mother?"]]), []);
  assert.deepEqual(talk([["Bob", "Rory says you have a new flatmate?"], ["Ann", "Aye, Dougie. Works at Tunnock's, comes home smelling of wafers."]]), ["Dougie | workplace | Tunnock's"]);
  // a third person's workplace described by its kind after its name is the same workplace
  assert.deepEqual(talk([["Ann", "My housemate Jasmine works at Westports."], ["Ann", "Jasmine got promoted! Now she's supervisor for the night shift at the port."]]).filter((x) => x.startsWith("Jasmine") && !x.includes("0.5")), ["Jasmine | workplace | Westports"]);
});

test("made redundant from a name, a first fortnight at one, no longer a town's people", () => {
  assert.deepEqual(talk([["Ann", "I've just been made redundant from Rolls-Royce, so it's a grey week."]]), ["Ann | workplace | Rolls-Royce | ended"]);
  assert.deepEqual(talk([["Ann", "They made me a manager at Tesco."]]).filter((x) => x.includes("ended")), []);
  assert.deepEqual(talk([["Ann", "First fortnight at Babcock done."]]), ["Ann | workplace | Babcock | 0.5"]);
  assert.deepEqual(talk([["Ann", "The house sold, so we're not Timaru people any more."]]), ["Ann | home | Timaru | ended"]);
  assert.deepEqual(talk([["Ann", "We're Dunedin people now."]]), ["Ann | home | Dunedin | 0.5"]);
  // never were, an ordinary word opening the sentence
  assert.deepEqual(talk([["Ann", "We're not Leeds people, we never were."]]), []);
  assert.deepEqual(talk([["Ann", "Young people! Me here marking papers till midnight."]]), []);
});

test("weather told to someone else, or of a country, is no home; a town 'still the same' without its verb is", () => {
  assert.deepEqual(talk([["Ann", "My cousin wants to go abroad. I told him Ireland has more rain than sense but he's keen."]]).filter((x) => x.includes("Ireland")), []);
  assert.deepEqual(talk([["Ann", "Singapore is so humid today my hair has given up"]]), ["Ann | home | Singapore | 0.5"]);
  assert.deepEqual(talk([["Ann", "Kota Kinabalu still same, very hot, very beautiful."]]), ["Ann | home | Kota Kinabalu | 0.5"]);
  assert.deepEqual(talk([["Ann", "Tesco still the same."]]), []);
});

const ask = (mem: Memory, q: string) => answerOffline(query(mem, q, { stateAttributes: questionStates(q) }));

test("with nothing better, the answer is the name of the kind the evidence tells most, from anyone, never a speaker or a person", () => {
  // a town said to the entity by the other speaker
  const mem = memoryOf([["Bob", "My dear Ann, your mother tells me Aberdeen had hail on Tuesday."], ["Ann", "Aye, it was mental, I was soaked by the time I got back to my flat."]]);
  assert.equal(ask(mem, "Where does Ann live now?"), "Aberdeen");
  // the other speaker's name (accents dropped) and a name after a title are people
  const mem2 = memoryOf([["Ann", "Gearoid did you hear Moira left the care home?"], ["Gearóid", "No! Where'd she go?"], ["Ann", "Harrogate. Miss Shoe says she bakes at Bettys now."]], ["Ann", "Gearóid"]);
  assert.notEqual(ask(mem2, "Where does Moira work now?"), "Gearoid");
  assert.notEqual(ask(mem2, "Where does Moira work now?"), "Shoe");
  // a town's name before a noun of work names an employer ("Nokia" is also a town in Finland)
  const mem3 = memoryOf([["Bob", "u awake"], ["Ann", "Nokia cafeteria has pierogi today so im thriving"]]);
  assert.equal(ask(mem3, "Where does Ann work now?"), "Nokia");
});

test("the memory knows who spoke", () => {
  const mem = memoryOf([["Ann", "I live in Leith."], ["Bob", "Nice."]]);
  assert.deepEqual([...mem.speakers], ["Ann", "Bob"]);
  assert.deepEqual(query(mem, "Where does Ann live now?", { stateAttributes: ["home"] }).speakers, ["Ann", "Bob"]);
});
