/**
 * Indirect evidence (states-indirect.ts), what questions presume (replies.ts), names in all-lower-case chat (nlp.ts)
 * and chat questions without a question mark, on sentences written here (not taken from any conversation set):
 * each rule with a sentence it must read and one it must leave alone.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import type { SessionContext } from "./extractor.js";
import { talkLines } from "./testing.js";
import { analyse } from "./nlp.js";
import { isQuestion } from "./replies.js";

const talk = (turns: [string, string][], ctx?: SessionContext) => talkLines(turns, ["home", "workplace", "job"], ctx);
const states = (text: string, speaker = "Ann") => talk([[speaker, text]]);

test("context nouns at a place are the speaker's workplace or home, at the indirect confidence", () => {
  assert.deepEqual(states("The canteen at Wexley Infirmary has a new menu."), ["Ann | workplace | Wexley Infirmary | 0.5"]);
  assert.deepEqual(states("My desk at Orrin Labs faces a wall."), ["Ann | workplace | Orrin Labs | 0.5"]);
  assert.deepEqual(states("Our landlord here in Truro wants more money."), ["Ann | home | Truro | 0.5"]);
  assert.deepEqual(states("We love the house in Mallow."), ["Ann | home | Mallow | 0.5"]);
  assert.deepEqual(states("My commute from Ealing takes an hour."), ["Ann | home | Ealing | 0.5"]);
  assert.deepEqual(states("It's pouring here in Galway."), ["Ann | home | Galway | 0.5"]);
  assert.deepEqual(states("Still no window, even after six years at Harlow Heating."), ["Ann | workplace | Harlow Heating | 0.5"]);
  assert.deepEqual(states("After six years at Harlow Heating, I moved to Orrin Labs."), ["Ann | workplace | Harlow Heating | ended", "Ann | workplace | Orrin Labs | change"]);
  // a home needs a name; someone else's thing is theirs; a negated or planned one is nothing
  assert.deepEqual(states("The rent in the city is silly."), []);
  assert.deepEqual(states("My sister sold the house in Kells."), ["Ann's sister | home | Kells | ended"]);
  assert.deepEqual(states("I don't want a desk at Orrin Labs."), []);
  // hedged by its cues, it is a joke's confidence
  assert.deepEqual(states("lol the canteen at Orrin Labs is basically my kitchen"), ["Ann | workplace | Orrin Labs | 0.2"]);
  // the joke's own grammar: "might as well be", a possessor named with "the"
  assert.deepEqual(states("My employer might as well be the vending machine lol."), ["Ann | workplace | vending machine | 0.2"]);
  assert.deepEqual(states("haha I might as well be on the Black Swan's payroll"), ["Ann | workplace | Black Swan | 0.2"]);
  assert.deepEqual(states("Tom's office is huge."), []);
});

test("a repeated mention of a known home or workplace confirms it, across sessions, by its first word too", () => {
  const ctx: SessionContext = { speakers: ["Ann", "Bob"] };
  assert.deepEqual(talk([["Ann", "I work at Pellow Brothers."]], ctx), ["Ann | workplace | Pellow Brothers"]);
  const next: SessionContext = { speakers: ["Ann", "Bob"], known: ctx.known };
  assert.deepEqual(talk([["Ann", "Pellow Brothers gave us a bonus."], ["Ann", "Busy week at Pellow, as usual."], ["Bob", "Pellow Brothers is hiring."]], next), ["Ann | workplace | Pellow Brothers | 0.5", "Ann | workplace | Pellow Brothers | 0.5"]);
  // a mention after "than" or "from" is not being there; an ending forgets the value
  assert.deepEqual(talk([["Ann", "It's quieter than Pellow Brothers."]], next), []);
  talk([["Ann", "I quit Pellow Brothers."]], next);
  assert.deepEqual(talk([["Ann", "Pellow Brothers sent me a card."]], next), []);
});

test("what a question presumes: a present how-question about a place, your <context noun> at X, yes to 'still at X?'", () => {
  assert.deepEqual(talk([["Bob", "How's Tralee treating you?"]]), ["Ann | home | Tralee | 0.5"]);
  assert.deepEqual(talk([["Bob", "how are things in Moville"]]), ["Ann | home | Moville | 0.5"]);
  assert.deepEqual(talk([["Bob", "oi how cold is moville rn"]]), ["Ann | home | Moville | 0.5"]);
  assert.deepEqual(talk([["Bob", "ann hows tralee"]]), ["Ann | home | Tralee | 0.5"]);
  assert.deepEqual(talk([["Bob", "How's your boss at Quenby Foods?"]]), ["Ann | workplace | Quenby Foods | 0.5"]);
  assert.deepEqual(talk([["Bob", "Still at Quenby Foods?"], ["Ann", "Yep, same desk."]]), ["Ann | workplace | Quenby Foods"]);
  assert.deepEqual(talk([["Bob", "How's the job?"], ["Ann", "Quenby Foods is hectic."]]), ["Ann | workplace | Quenby Foods | 0.5"]);
  assert.deepEqual(talk([["Bob", "hows the weather there"], ["Ann", "wet. typical tralee"]]), ["Ann | home | Tralee | 0.5"]);
  // the answer's own form, and a move told without its place after it
  assert.deepEqual(talk([["Ann", "I live in Sligo."]]).concat(talk([["Ann", "Cork's treating me well."], ["Bob", "Cork?!"], ["Ann", "Moved down in May."]])), ["Ann | home | Sligo", "Ann | home | Cork | 0.5", "Ann | home | Cork | change"]);
  // a past trip, a person, and a no are not homes
  assert.deepEqual(talk([["Bob", "How was the wedding in Tralee?"]]), []);
  assert.deepEqual(talk([["Ann", "My sister Orla is visiting."], ["Bob", "How's Orla?"]]), []);
  // (a no ends the home asked about: it is no home)
  assert.deepEqual(talk([["Bob", "Still in Tralee?"], ["Ann", "Nope."]]), ["Ann | home | Tralee | ended"]);
});

test("all-lower-case chat: unknown words are names, chat shorthand is not", () => {
  const words = (t: string) => analyse(t).flat().map((x) => x.text);
  assert.deepEqual(words("still at quenby foods tbh"), ["still", "at", "Quenby", "foods", "tbh"]);
  assert.deepEqual(words("Still at quenby foods"), ["Still", "at", "quenby", "foods"]); // a capital: the writer capitalises
  assert.deepEqual(states("i live in tralee now"), ["Ann | home | Tralee | change"]);
});

test("chat questions without a question mark; a comma keeps the speaker's clause going", () => {
  assert.equal(isQuestion(analyse("how's the new flat")[0]), true);
  assert.equal(isQuestion(analyse("did u get the job")[0]), true);
  assert.equal(isQuestion(analyse("How lovely.")[0]), false);
  assert.deepEqual(states("handed in my notice at Quenby Foods, start at Orrin Labs on monday"), ["Ann | workplace | Orrin Labs | change", "Ann | workplace | Quenby Foods | ended"]);
  assert.deepEqual(states("Castleford Dental took me."), ["Ann | workplace | Castleford Dental | change"]);
  assert.deepEqual(states("I've accepted an offer from Orrin Labs."), ["Ann | workplace | Orrin Labs | change"]);
  assert.deepEqual(states("I've been in Kells with her every day."), []);
  assert.deepEqual(states("so uh. not at quenby anymore"), ["Ann | workplace | Quenby | ended"]);
  assert.deepEqual(states("I'm at the Linden Arms now."), ["Ann | workplace | Linden Arms | change"]);
  assert.deepEqual(states("I'm at the Linden Arms with Tom."), []);
  // work done for an organisation, as a habit: indirect; for a person, or once, nothing
  assert.deepEqual(states("I repair boilers for Harlow Heating."), ["Ann | workplace | Harlow Heating | 0.5"]);
  assert.deepEqual(states("I cook dinner for Tom every night."), []);
  assert.deepEqual(states("I fixed a boiler for Harlow Heating."), []);
  assert.deepEqual(states("I teach the evening classes at Linden College."), ["Ann | workplace | Linden College | 0.5"]);
  assert.deepEqual(states("I run the pottery sessions at Linden Studio."), ["Ann | workplace | Linden Studio | 0.5"]);
  assert.deepEqual(states("I buy my bread at Linden Market."), []);
  // leaving for a place is a move only with one's things
  assert.deepEqual(states("We packed up and left for Ghent in May."), ["Ann | home | Ghent | change"]);
  assert.deepEqual(states("We left for Ghent on Friday."), []);
});
