/**
 * Organisations acting as employers and weather talk (states-agents.ts), fragments that name a new value after an
 * ending or a piece of news (replies.ts, extractor.ts), places within places, and names the tagger cannot place, on
 * sentences written here (not taken from any conversation set): each rule with a sentence it must read and one it
 * must leave alone.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { extract, type SessionContext } from "./extractor.js";
import { analyse } from "./nlp.js";
import { fragmentValue } from "./replies.js";

const show = (t: { entity: string; attribute: string; value: string; kind?: string; confidence?: number }) =>
  `${t.entity} | ${t.attribute} | ${t.value}${t.kind && t.kind !== "state" ? ` | ${t.kind}` : ""}${t.confidence !== undefined ? ` | ${t.confidence}` : ""}`;
const talk = (turns: [string, string][], ctx: SessionContext = { speakers: ["Ann", "Bob"] }) =>
  turns.flatMap(([speaker, text], i) => extract({ id: `D1:${i + 1}`, speaker, text, timestamp: 0 }, ctx).triples.filter((t) => ["home", "workplace", "within"].includes(t.attribute)).map(show));
const states = (text: string) => talk([["Ann", text]]);

test("an organisation acting on the speaker as an employer is the speaker's workplace, at the indirect confidence", () => {
  assert.deepEqual(states("Harrowgate Freight is sending me to Rotterdam next week."), ["Ann | workplace | Harrowgate Freight | 0.5"]);
  assert.deepEqual(states("Pellow Foods has us doing stocktakes all weekend."), ["Ann | workplace | Pellow Foods | 0.5"]);
  assert.deepEqual(states("Corvale gave us all a day off for the anniversary."), ["Ann | workplace | Corvale | 0.5"]);
  assert.deepEqual(states("Mintrow is moving our team to the fourth floor."), ["Ann | workplace | Mintrow | 0.5"]);
  assert.deepEqual(states("So Pellow Foods let me go on Friday."), ["Ann | workplace | Pellow Foods | ended"]);
  // a relation, a speaker, a gift or a message are no employer's acts
  assert.deepEqual(talk([["Ann", "My sister Dora lives nearby."], ["Ann", "Dora sent me to the chemist."]]).filter((x) => x.includes("workplace")), []);
  assert.deepEqual(states("Bob gave us a lift to the station."), []);
  assert.deepEqual(states("Corvale sent me a birthday card."), []);
  assert.deepEqual(states("Corvale didn't send me to Rotterdam."), []);
});

test("weather where the speaker is, said now, is the speaker's home; weather on a trip or in the past is not", () => {
  assert.deepEqual(states("It's so humid in Durban right now."), ["Ann | home | Durban | 0.5"]);
  assert.deepEqual(states("Tromsø had snow again yesterday."), ["Ann | home | Tromsø | 0.5"]);
  assert.deepEqual(states("Good morning from Kisumu, it is raining again."), ["Ann | home | Kisumu | 0.5"]);
  assert.deepEqual(states("We were in Seville for the weekend and it was boiling."), []);
  assert.deepEqual(states("Oslo was freezing when I lived there."), []);
  assert.deepEqual(states("Windy here today."), []);
});

test("after an ending, a verbless name is the new value; a question after it asks for the new one", () => {
  assert.deepEqual(states("Not in Tromsø anymore! Bergen since March."), ["Ann | home | Tromsø | ended", "Ann | home | Bergen | change"]);
  assert.deepEqual(talk([["Ann", "I'm not at Pellow Foods anymore."], ["Bob", "whoa, what now?"], ["Ann", "Logistics at Mintrow in Leeds."]]), ["Ann | workplace | Pellow Foods | ended", "Ann | workplace | Mintrow | change"]);
  assert.deepEqual(talk([["Ann", "I'm no longer living in Derby."], ["Bob", "Where are you?"], ["Ann", "Leeds. Staying with my aunt."]]), ["Ann | home | Derby | ended", "Ann | home | Leeds | change"]);
  assert.deepEqual(states("Got a job! Corvale, in Leeds, on the tills. Long hours."), ["Ann | workplace | Corvale | change"]);
  // no ending, no news: a name alone says nothing
  assert.deepEqual(states("Long week. Corvale again tomorrow."), []);
  const s = analyse("Marketing at Mintrow in Leeds.")[0];
  assert.equal(fragmentValue(s, "workplace", { speakers: ["Ann", "Bob"] }), "Mintrow");
  assert.equal(fragmentValue(analyse("I work at Mintrow.")[0], "workplace", { speakers: ["Ann", "Bob"] }), undefined);
});

test("a place the reply names within the one the question asked about is within it", () => {
  assert.deepEqual(talk([["Bob", "Still in Galway?"], ["Ann", "Yep, same flat in Salthill."]]), ["Ann | home | Galway", "Salthill | within | Galway", "Ann | home | Salthill"]);
  assert.deepEqual(talk([["Bob", "How's Leeds treating you?"], ["Ann", "The flat in Headingley is tiny but fine."]]).filter((x) => x.includes("within")), ["Headingley | within | Leeds"]);
  // a reply that denies or moves is no containment
  assert.deepEqual(talk([["Bob", "How's Leeds treating you?"], ["Ann", "No idea, I moved to York in May."]]).filter((x) => x.includes("within")), []);
});

test("taking an organisation's offer is a change of workplace; a name of accented letters is a name", () => {
  assert.deepEqual(states("I took the Corvale offer in the end."), ["Ann | workplace | Corvale | change"]);
  assert.deepEqual(states("Dora got the job at Škoda!"), ["Dora | workplace | Škoda | change"]);
  // "How's Corvale?" after the job: a workplace, not a home
  assert.deepEqual(talk([["Ann", "I took the Corvale offer."], ["Bob", "How's Corvale?"]]), ["Ann | workplace | Corvale | change"]);
});
