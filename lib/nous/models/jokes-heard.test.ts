/** Jokes read from the listener and from the sentence before: a change the listener laughs at, an exaggeration that
 * goes on into the next sentence, a place that holds no home; on turns written here. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { talkLines } from "./testing.js";

const talk = (turns: [string, string][]) => talkLines(turns, ["home", "workplace"]);

test("a change the listener laughs at is taken back as a joke", () => {
  assert.deepEqual(talk([["Ann", "Exam season. I've moved into the staffroom at Crater View, I have a blanket there."], ["Bob", "Haha pole. At least the kids will pass."]]).filter((x) => x.includes("staffroom")), ["Ann | home | staffroom | change", "Ann | home | staffroom | ended"]);
  assert.deepEqual(talk([["Ann", "I've officially moved into the stacks. Send snacks."], ["Bob", "Ha! I'll leave a granola bar by the atlases."]]).filter((x) => x.includes("stacks")), ["Ann | home | stacks | change", "Ann | home | stacks | ended"]);
});

test("laughter that congratulates, news told after an ending, or laughter the speaker saw coming end nothing", () => {
  const ended = (turns: [string, string][]) => talk(turns).filter((x) => x.endsWith("| ended"));
  assert.deepEqual(ended([["Ann", "I moved to Invercargill last week."], ["Bob", "Ha, that's the south for ya. Proud of you."]]), []);
  assert.deepEqual(ended([["Ann", "I moved to Invercargill last week."], ["Bob", "Haha congrats!"]]), []);
  assert.deepEqual(ended([["Ann", "Not in Tromsø anymore! Moved to Stavanger in August."], ["Bob", "haha. do you miss the north?"]]), ["Ann | home | Tromsø | ended"]);
  assert.deepEqual(ended([["Ann", "You will laugh. I have taken a part-time job at the Home Hardware on Simcoe Street."], ["Bob", "LMAO grandpa couldn't last 6 weeks"]]), []);
  // agreement, a question asked back or a dated change: the laughter answers something else
  assert.deepEqual(ended([["Ann", "I'm at Nakatomi now, started on Monday. How about you?"], ["Bob", "Haha, same here."]]), []);
  assert.deepEqual(ended([["Ann", "I'm at Nakatomi now. How about you?"], ["Bob", "Haha, still at the bank."]]), []);
  assert.deepEqual(ended([["Ann", "I joined Pied Piper last month."], ["Bob", "lol classic"]]), []);
  // the speaker's own laughter at their own news is no listener's
  assert.deepEqual(ended([["Ann", "I moved to Invercargill last week."], ["Ann", "Haha, finally."]]), []);
});

test("an exaggeration at this stage goes on into the next sentence", () => {
  assert.deepEqual(talk([["Ann", "Honestly at this stage I've a toothbrush in my desk drawer. Hollyhill is my home address now, the flat in Douglas is just where I keep the cat."]]), ["Ann | home | Hollyhill | 0.2", "Ann | home | Douglas | 0.2"]);
  assert.deepEqual(talk([["Ann", "The train was late again. Hollyhill is my home address now."]]), ["Ann | home | Hollyhill"]);
});

test("a place is no holder of a home: the flat in X after 'Y is my home address' is the speaker's", () => {
  assert.deepEqual(talk([["Ann", "Hollyhill is my home address now, the flat in Douglas is just where I keep the cat."]]), ["Ann | home | Hollyhill", "Ann | home | Douglas | 0.5"]);
  assert.deepEqual(talk([["Ann", "My sister Maeve is a nurse, the flat in Cork is hers."]]), ["Maeve | home | Cork | 0.5"]);
  // (a person named like a town is a person: Teo is also a town in Galicia)
  assert.deepEqual(talk([["Ann", "My brother Teo just bought a flat in Seville."]]), ["Teo | home | Seville | change"]);
});

test("a hedge inside a verbless aside that says something else hedges the aside; a hedge standing alone hedges the sentence", () => {
  assert.deepEqual(talk([["Ann", "Started at Stripe on Monday, same cycle more or less."]]), ["Ann | workplace | Stripe | change"]);
  assert.deepEqual(talk([["Ann", "I live in Leeds, more or less in the centre."]]), ["Ann | home | Leeds"]);
  assert.deepEqual(talk([["Ann", "I live at the office, more or less."]]), ["Ann | home | office | 0.2"]);
  assert.deepEqual(talk([["Ann", "I live at the office, basically."]]), ["Ann | home | office | 0.2"]);
});

test("'finished up with / at' an organisation ends the job; finishing up with a thing does not", () => {
  assert.deepEqual(talk([["Ann", "Ah, news, I finished up with Google last Friday."]]), ["Ann | workplace | Google | ended"]);
  assert.deepEqual(talk([["Ann", "I finished up at Tesco."]]), ["Ann | workplace | Tesco | ended"]);
  assert.deepEqual(talk([["Ann", "We finished up with dinner at Nando's."]]), []);
});

test("getting one's mail at the place is a joke's sign-off; 'Officially Oamaru now' is where one has come to live", () => {
  assert.deepEqual(talk([["Ann", "Six games a week. I live at the ballpark now. I'm going to start getting my mail at the concession stand."]]), ["Ann | home | ballpark | 0.2"]);
  assert.deepEqual(talk([["Ann", "We're in! Officially Oamaru now."]]), ["Ann | home | Oamaru | 0.5"]);
  assert.deepEqual(talk([["Ann", "I work at Tesco."], ["Ann", "Officially Tesco now."]]), ["Ann | workplace | Tesco"]);
  assert.deepEqual(talk([["Ann", "Officially exhausted."]]), []);
});
