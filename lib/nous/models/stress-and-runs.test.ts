/**
 * Stress that is no hedge ("I literally work at Mercer's"), a tease denied of the speaker, a name in capitals the
 * tagger reads as the common word it spells ("the SAP canteen"), the speaker's own block ("these Dalby apartments"),
 * "mine" as one's place, the way to work told by its time, a sentence opening with a verb that agrees with a third
 * person, a company's site in lower case, and a family word, "w" or a dot inside capitals at a name's edge, on
 * sentences written here (not taken from any conversation set).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { analyse } from "./nlp.js";
import { placeAt } from "./states-common.js";
import { talkLines } from "./testing.js";

const talk = (turns: [string, string][], speakers = ["Ann", "Bob"]) => talkLines(turns, ["home", "workplace"], { speakers });
const says = (text: string) => talk([["Ann", text]]);

test("'literally' before working, or before no verb, stresses a fact; before another verb it still hedges", () => {
  assert.deepEqual(says("Mate I literally work at Mercer's, come to the store."), ["Ann | workplace | Mercer's"]);
  assert.deepEqual(says("My flat in Halstow is literally next to the station."), ["Ann | home | Halstow"]);
  assert.deepEqual(says("I literally live at Coleridge Hall now."), ["Ann | home | Coleridge Hall | 0.2"]);
});

test("what someone else says the speaker no longer lives in is part of the tease", () => {
  assert.deepEqual(says("She says I do not live in Brackley anymore, I live at the climbing wall."), ["Ann | home | Brackley | ended | 0.2", "Ann | home | climbing wall | 0.2"]);
});

test("a word in capitals before a work thing is a name even when it spells a common word", () => {
  assert.equal(analyse("Ugh the SAP canteen had cold soup again.")[0][2].pos, "PROPN");
  assert.deepEqual(says("Ugh the SAP canteen had cold soup again today."), ["Ann | workplace | SAP | 0.5"]);
});

test("'these' or 'this' before a named block, in a sentence of one's own, is one's home; one toured is not", () => {
  assert.deepEqual(says("my neighbours are so loud lol these Dalby apartments have paper walls"), ["Ann | home | Dalby | 0.2"]);
  assert.deepEqual(says("we toured these Dalby apartments yesterday, I liked them"), []);
});

test("'mine in X' is one's place, and a family word owning what follows ends the town's name", () => {
  assert.deepEqual(says("come round to mine in Carnforth after, it is bigger"), ["Ann | home | Carnforth"]);
  assert.deepEqual(says("we can do it at mine in Carnforth Gran's place is too small"), ["Ann | home | Carnforth"]);
});

test("the way to work told by its time: 'X to Y, 35 minutes', 'N min on the tram from X'; a verb opening it is no town", () => {
  assert.deepEqual(says("Scooter only, Kelham to Ravensworth, 35 minutes. Factory gate by 8."), ["Ann | home | Kelham | 0.5"]);
  assert.deepEqual(says("yes, 30 min on the tram from Oakhollow. Not bad."), ["Ann | home | Oakhollow | 0.5"]);
  assert.deepEqual(says("Cycled to Morrow Cross Park today, twenty minutes door to desk."), []);
});

test("a sentence opening with a verb that agrees with a third person the turn named goes on about them", () => {
  assert.deepEqual(says("My sister Tessa left Greywick last year. Lives in Pellham now."), ["Tessa | workplace | Greywick | ended", "Tessa | home | Pellham | change"]);
  // (no one named in the talk: no reading, not the speaker's)
  assert.deepEqual(says("Lives in Pellham now."), []);
});

test("a company's site in lower case is no part of its name in a text with capitals; a lower-case chat's is", () => {
  const words = (text: string) => analyse(text)[0].map((t) => t.text);
  assert.deepEqual(words("at the Brannock factory it is boiling"), ["at", "the", "Brannock", "factory", "it", "is", "boiling"]);
  assert.deepEqual(words("still at brannock bakery lol").slice(2, 4), ["Brannock", "Bakery"]);
  // (a work thing stays with its organisation, a public body with its town)
  assert.deepEqual(words("the Kelsby canteen again").slice(1, 3), ["Kelsby", "Canteen"]);
});

test("'w' for 'with' and a dot inside capitals", () => {
  const s = analyse("still in that flat in Hexley w the dog")[0];
  assert.equal(placeAt(s, s.findIndex((t) => t.text === "Hexley"))?.value, "Hexley");
  assert.ok(analyse("I am in the K.OL office since 7")[0].some((t) => t.text === "K.OL"));
});
