/** Readings of chat as people type it: a lower-case sentence after "in.", a "still X" ending the turn, a town read as a verb, what a question asks, a city around a known home. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { analyse } from "./nlp.js";
import { talkLines } from "./testing.js";

const talk = (turns: [string, string][], speakers = ["Ann", "Bob"]) => talkLines(turns, ["home", "workplace", "within"], { speakers });
const has = (lines: string[], prefix: string) => lines.some((l) => l.startsWith(prefix));

test("'in.' before a lower-case word ends a sentence: 'hanging in. still driving for the MTA'", () => {
  const lines = talk([["Ann", "hanging in. still driving for the MTA, still on Staten Island"]]);
  assert.ok(has(lines, "Ann | workplace | MTA"), lines.join("\n"));
  assert.equal(analyse("hanging in. still driving for the MTA").length, 2);
  // after a number "in." is inches, and the sentence runs on
  assert.equal(analyse("the shelf is 30 in. wide and still too short").length, 1);
});

test("'still X' ending a turn with no stop is the speaker's home: 'yes, still NXP, still chips, still Nijmegen'", () => {
  const lines = talk([["Bob", "you're still at NXP?"], ["Ann", "yes, still NXP, still chips, still Nijmegen"]]);
  assert.ok(has(lines, "Ann | workplace | NXP") && has(lines, "Ann | home | Nijmegen"), lines.join("\n"));
  assert.ok(has(talk([["Ann", "still Nijmegen"]]), "Ann | home | Nijmegen"));
});

test("a capitalised word the tagger read as a verb after 'to' is a name: 'walking home to Bilk from the Altstadt'", () => {
  assert.ok(has(talk([["Ann", "I'm walking home to Bilk from the Altstadt and a man is playing accordion very badly"]]), "Ann | home | Bilk"));
  // a verb after "to" opening the sentence stays a verb
  assert.ok(!has(talk([["Ann", "to Google it would take a minute"]]), "Ann | workplace | Google"));
});

test("'still in the Heights?' asks where one lives; 'still in the Mater?' where one works", () => {
  const home = talk([["Bob", "and still in the Heights?"], ["Ann", "still in the Heights, still paying too much, still worth it"]]);
  assert.ok(has(home, "Ann | home | Heights") && !has(home, "Ann | workplace | Heights"), home.join("\n"));
  assert.ok(has(talk([["Bob", "You still in the Mater?"], ["Ann", "yep"]]), "Ann | workplace | Mater"));
});

test("'who's paying you?' asks where one works", () => {
  const lines = talk([["Bob", "lol so who's actually paying you"], ["Ann", "Zillow, since last spring. the house in Kent is too loud with the kids home"]]);
  assert.ok(has(lines, "Ann | workplace | Zillow"), lines.join("\n"));
  // without the question the name alone says nothing
  assert.ok(!has(talk([["Bob", "lol so what's new"], ["Ann", "Zillow, since last spring."]]), "Ann | workplace | Zillow"));
});

test("'Port of Tacoma' is one organisation's name", () => {
  assert.ok(has(talk([["Ann", "I work at the Port of Tacoma, crane schedules."]]), "Ann | workplace | Port of Tacoma"));
});

test("a city the known home may lie within, told in passing, holds the home: 'How's Rathmines?' … 'the rent in Dublin'", () => {
  const lines = talk([["Bob", "how's Rathmines, still the noisy neighbours?"], ["Ann", "one of them moved out. the rent in Dublin though, I cry every month"]]);
  assert.ok(has(lines, "Rathmines | within | Dublin") && !has(lines, "Ann | home | Dublin"), lines.join("\n"));
  // with no home known, the city is read as before
  assert.ok(has(talk([["Ann", "one of them moved out. the rent in Dublin though, I cry every month"]]), "Ann | home | Dublin"));
});

test("a first-person sentence stating one value leaves the other to an elided 'still': 'I'm still a nurse at X, still in Y'", () => {
  const lines = talk([["Ann", "lol ok fine. I'm still a nurse at Kootenai Health, still in Coeur d'Alene, still hate olives"]]);
  assert.ok(has(lines, "Ann | workplace | Kootenai Health") && has(lines, "Ann | home | Coeur d'Alene"), lines.join("\n"));
});

test("'Is Daniel still in Miri?' asks about Daniel, named for the first time; the yes and what it adds are his", () => {
  assert.ok(has(talk([["Bob", "Is Daniel still in Miri?"], ["Ann", "Yes."]]), "Daniel | home | Miri"));
  const lines = talk([["Bob", "Is Daniel still in Miri?"], ["Ann", "Yes, still in Miri, still with Shell, still complaining about the offshore rotations."]]);
  assert.ok(has(lines, "Daniel | workplace | Shell") && !has(lines, "Ann | home | Miri") && !has(lines, "Ann | workplace | Shell"), lines.join("\n"));
  // capitalised after the auxiliary, a word of the lexicon or one the tagger took for a verb is a name too, after the
  // listener's name as well; a town is no one
  assert.ok(has(talk([["Bob", "Is Grace still in Miri?"], ["Ann", "Yes."]]), "Grace | home | Miri"));
  const cai = talk([["Bob", "Ann, is Cai still in London?"], ["Ann", "Oh aye, still in Walthamstow, still refusing to come home."]]);
  assert.ok(has(cai, "Cai | home | Walthamstow") && !has(cai, "Ann | home | Walthamstow") && !has(cai, "Ann | home | London"), cai.join("\n"));
  assert.ok(!talk([["Bob", "Is Leeds still in lockdown?"], ["Ann", "Yes."]]).some((l) => l.startsWith("Leeds |")));
});

test("'what's the snow like in Rochester' presumes the listener's home; 'how's Chloe liking Walla Walla' does not", () => {
  assert.ok(has(talk([["Bob", "what's the snow like in Rochester"]]), "Ann | home | Rochester"));
  assert.ok(!has(talk([["Bob", "what was the food like in Rome?"]]), "Ann | home | Rome"));
  assert.ok(!has(talk([["Bob", "how's Chloe liking Walla Walla"]]), "Ann | home | Walla Walla"));
  assert.ok(has(talk([["Bob", "how are you liking Walla Walla?"]]), "Ann | home | Walla Walla"));
});

test("one heard back from is a person a pronoun may stand for: 'did you ever hear back from Trent' … 'he's in Galveston now'", () => {
  const lines = talk([["Ann", "did you ever hear back from Trent"], ["Bob", "yeah finally. he's in Galveston now"]]);
  assert.ok(has(lines, "Trent | home | Galveston"), lines.join("\n"));
});

test("a subjectless sentence goes on about the last person told, never a thing: 'Rent went up … Found a place in X'", () => {
  const rent = talk([["Ann", "Rent went up, so I moved out of Dupont. Found a place in Silver Spring, just across the line in Maryland."]]);
  assert.ok(has(rent, "Ann | home | Silver Spring") && !has(rent, "Rent |"), rent.join("\n"));
  const we = talk([["Ann", "Big news, we've moved to Cairns! Ryan got transferred so we packed up the whole unit. Renting in Edge Hill now"]]);
  assert.ok(has(we, "Ann | home | Edge Hill") && !has(we, "Ryan | home"), we.join("\n"));
  // a person's news goes on about them
  assert.ok(has(talk([["Ann", "Our supervisor Priya is leaving! Got a job with Severn Trent."]]), "Priya | workplace | Severn Trent"));
});

test("a verb after a verbless ending and a comma is the speaker's: 'Not in Yishun anymore, moved into … in Kembangan'", () => {
  const lines = talk([["Ann", "I also got news. Not in Yishun anymore, moved into my wife's family place in Kembangan"]]);
  assert.ok(has(lines, "Ann | home | Kembangan") && has(lines, "Ann | home | Yishun | ended"), lines.join("\n"));
});

test("a part of town set right after the town lies within it: 'Still in Cardiff, in Canton', 'in Llanelli, up in Felinfoel'", () => {
  const cardiff = talk([["Ann", "Still in Cardiff, in Canton, by the park. I work on the events team"]]);
  assert.ok(has(cardiff, "Ann | home | Canton") && has(cardiff, "Canton | within | Cardiff"), cardiff.join("\n"));
  const up = talk([["Ann", "I'm still in Llanelli, up in Felinfoel near the old brewery"]]);
  assert.ok(has(up, "Ann | home | Felinfoel") && has(up, "Felinfoel | within | Llanelli"), up.join("\n"));
  // a large town after the comma is no part of the first: a plan or a visit
  assert.ok(!has(talk([["Ann", "I'm in London, in Birmingham next week"]]), "Birmingham | within"));
});

test("a rowhouse, a dorm or digs are dwellings: 'my dorm in Daeyeon-dong', 'a rowhouse in Hampden'", () => {
  assert.ok(has(talk([["Ann", "my dorm in Daeyeon-dong is tiny"]]), "Ann | home | Daeyeon-dong"));
  assert.ok(has(talk([["Ann", "Officially moved. I'm in a rowhouse in Hampden now."]]), "Ann | home | Hampden"));
});

test("an offer to someone else conditions nothing before it: 'We are in Adyar, if Zoya wants to come and play'", () => {
  assert.ok(has(talk([["Ann", "Kavya also. We are in Adyar, if Zoya wants to come and play sometime"]]), "Ann | home | Adyar"));
  assert.ok(!has(talk([["Ann", "I'd move to Leeds if she wants"]]), "Ann | home | Leeds"));
});

test("a dwelling one has is no condition's: 'five minutes from our house in Mamelodi if there's an emergency'", () => {
  assert.ok(has(talk([["Ann", "That's the plan. And my mom is five minutes from our house in Mamelodi if there's an emergency."]]), "Ann | home | Mamelodi"));
  assert.ok(!has(talk([["Ann", "I'd sell our house in Mamelodi if I could"]]), "Ann | home | Mamelodi"));
});

test("the way home and to work: 'walk to work from Gzira', 'heading home to Mullumbimby', 'on my way home to Ringsend'", () => {
  assert.ok(has(talk([["Ann", "But I walk to work from Gzira now, ten minutes."]]), "Ann | home | Gzira"));
  assert.ok(has(talk([["Ann", "stoked for you. I'm heading home to Mullumbimby, absolutely stuffed"]]), "Ann | home | Mullumbimby"));
  assert.ok(has(talk([["Ann", "I'll swing by on my way home to Ringsend"]]), "Ann | home | Ringsend"));
  assert.ok(has(talk([["Ann", "Just got home to Headingley and the students next door are at it again"]]), "Ann | home | Headingley"));
  // someone else's way, and a way home for a holiday, are not the speaker's home
  assert.ok(!has(talk([["Ann", "she's heading home to Leeds now"]]), "Ann | home | Leeds"));
  assert.ok(!has(talk([["Ann", "I'm heading home to Penang for Christmas"]]), "Ann | home | Penang"));
});
