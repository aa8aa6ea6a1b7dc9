/** Names in lower-case chat (after "at" in a working day, after one's relation), people named with "is" or an
 * appositive, jobs given at a workplace, an organisation's office moved to, and the first week at a new place; on
 * turns written here. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { analyse } from "./nlp.js";
import { talkLines } from "./testing.js";

const talk = (turns: [string, string][]) => talkLines(turns, ["home", "workplace"]);

test("lower-case chat: after 'at' in a sentence about one's working day, lexicon words are a name; 'at work' is not", () => {
  assert.deepEqual(talk([["Ann", "ugh long day at dominion, the train was packed"]]), ["Ann | workplace | Dominion | 0.5"]);
  assert.deepEqual(talk([["Ann", "did a late shift pouring at golden plough and my feet are dead"]]), ["Ann | workplace | Golden Plough"]);
  assert.deepEqual(talk([["Ann", "long day at work, bed now"]]), []);
  // with capitals in the text, capitals decide
  assert.deepEqual(talk([["Ann", "Long day at work, then dinner at the Golden Plough."]]), []);
});

test("lower-case chat: a word after one's relation and before a verb is their name", () => {
  assert.deepEqual(talk([["Ann", "my roommate faith got hired at the corner bakery lol"]]).filter((x) => x.startsWith("Faith")), ["Faith | workplace | corner bakery | 0.2"]);
  assert.deepEqual(talk([["Ann", "my sister said it was fine"]]), []);
});

test("an organisation's word after an inflected verb is no part of a name before it ('my son Kuba finished college')", () => {
  const s = analyse("My son Tomek finished college and started at Aer Lingus.")[0];
  assert.equal(s.find((t) => t.lower === "finished")?.text, "finished");
  assert.deepEqual(talk([["Ann", "My son Tomek finished college and started at Aer Lingus."]]), ["Tomek | workplace | Aer Lingus | change"]);
});

test("a job given at a workplace ('made supervisor at X', 'promoted to head nurse at Y') is the workplace; a person named before is no employer", () => {
  assert.deepEqual(talk([["Ann", "my flatmate Declan just got home."], ["Ann", "Declan's been made supervisor at Lidl, we're celebrating tonight."]]), ["Declan | workplace | Lidl | change"]);
  assert.deepEqual(talk([["Ann", "My aunt was promoted to head nurse at the Mater."]]), ["Ann's aunt | workplace | Mater | change"]);
  // "made redundant from X" still ends it
  assert.deepEqual(talk([["Ann", "I've just been made redundant from Unilever."]]), ["Ann | workplace | Unilever | ended"]);
});

test("a relation named with 'is' ('My new flatmate is Minh, …') and a name with an appositive of one's own ('Lucy, my eldest, …')", () => {
  assert.deepEqual(talk([["Ann", "My new flatmate is Arnav, a student, he works weekends at Tesco Extra."]]), ["Arnav | workplace | Tesco Extra | 0.5"]);
  assert.deepEqual(talk([["Ann", "Freya, my youngest, has just moved to Leith for a job at Skyscanner."]]), ["Freya | home | Leith | change", "Freya | workplace | Skyscanner"]);
});

test("moving to an organisation's head office is a new workplace; to a town's office is no employer", () => {
  assert.deepEqual(talk([["Ann", "Zoe from my team has left us, she's moved to the Aviva head office in Norwich."]]), ["Zoe | workplace | Aviva | change"]);
  assert.deepEqual(talk([["Ann", "I moved to the London office last year."]]).filter((x) => x.includes("workplace")), []);
});

test("'How was the first week at the new place?' asks about work: a reply's name is the workplace, not a home", () => {
  const turns: [string, string][] = [["Bob", "How was the first week at the new place?"], ["Ann", "Very good. Medtronic is bigger than I thought, I need a map."]];
  assert.deepEqual(talk(turns).filter((x) => x.includes("home")), []);
});

test("a name 'he' stood for is a man's from then on: a later 'she' is someone else", () => {
  const turns: [string, string][] = [["Ann", "My new flatmate is Tuan, he studies at Aston and works weekends at Wing Yip."], ["Bob", "Ha. My news is that Grace from my team has left us, she's moved to the Aviva head office in Norwich."]];
  assert.deepEqual(talk(turns), ["Tuan | workplace | Wing Yip | 0.5", "Grace | workplace | Aviva | change"]);
});

test("after a move, a comma joins getting, finding, renting or buying a home (or a job) to the speaker's clause", () => {
  assert.deepEqual(talk([["Ann", "Moved to Hobart, got a flat in Sandy Bay."]]), ["Ann | home | Hobart | change", "Ann | home | Sandy Bay | change"]);
  assert.deepEqual(talk([["Ann", "I left Asda, found a job at Morrisons."]]), ["Ann | workplace | Asda | ended", "Ann | workplace | Morrisons | change"]);
});

test("lower-case chat: lexicon words after a dwelling and 'in' name the place; 'in town' and 'in old town' do not", () => {
  assert.deepEqual(talk([["Ann", "left bendigo. renting a little place in paradise now, near the river"]]), ["Ann | home | Bendigo | ended", "Ann | home | Paradise | change"]);
  assert.deepEqual(talk([["Ann", "got a flat in town lol"]]), []);
  assert.deepEqual(talk([["Ann", "ya little apartment in old town, great views"]]), []);
});

test("a name, then a past participle read as an adjective before an article, is the subject of a verb ('Sophia married a boy from Perth')", () => {
  assert.deepEqual(talk([["Ann", "Eleni married a boy from Perth, so she lives over there in Fremantle now."]]), ["Eleni | home | Fremantle | change"]);
  assert.deepEqual(talk([["Ann", "Nikos, the eldest, is an engineer with Telstra, in the city."]]), ["Nikos | workplace | Telstra"]);
});
