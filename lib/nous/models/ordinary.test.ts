/**
 * Rules added for states told in passing (the tune half of data/nous/states-fresh.txt showed them missing), each on
 * sentences other than the tune conversations' own: a shift somewhere in a place, being in a team at a place, a
 * teaching verb's subject before the place, "still <doing>" as a going-on state, the phrasal "taken on by", a
 * dwelling in chat ellipsis, "your <relation>" for the answer's he/she, and attention tags that keep a statement.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { extract, type SessionContext } from "./extractor.js";

const show = (t: { entity: string; attribute: string; value: string; kind?: string }) => `${t.entity} | ${t.attribute} | ${t.value}${t.kind && t.kind !== "state" ? ` | ${t.kind}` : ""}`;
const states = (text: string, speaker = "Ann", ctx: SessionContext = { speakers: ["Ann", "Bob"] }) =>
  extract({ id: "D1:1", speaker, text, timestamp: 0 }, ctx, undefined, { names: null }).triples.filter((t) => ["home", "workplace", "job"].includes(t.attribute)).map(show);

test("work told in passing: shifts, teams, teaching a subject, 'still <doing>', 'taken on by'", () => {
  assert.deepEqual(states("Long shift in the maternity unit at St Helier Hospital."), ["Ann | workplace | St Helier Hospital"]);
  assert.deepEqual(states("We're on the night team at Dockside Warehouse."), ["Ann | workplace | Dockside Warehouse"]);
  assert.deepEqual(states("I teach French at Linden School."), ["Ann | workplace | Linden School"]);
  assert.deepEqual(states("Still teaching piano at Ember Music, same as ever."), ["Ann | workplace | Ember Music"]);
  assert.deepEqual(states("She was taken on by Hartley Foods last week.", "Ann", { speakers: ["Ann", "Bob"], people: [{ name: "Lou", gender: "f", at: 1, turn: "D1:0" }], clock: 1 }), ["Lou | workplace | Hartley Foods | change"]);
  // a wedding party is no workplace, a queue is no team
  assert.deepEqual(states("The reception at the Grand Hotel was lovely."), []);
  assert.deepEqual(states("I'm in the queue at Tesco."), []);
});

test("homes in ellipsis, the other speaker's relations, attention tags", () => {
  assert.deepEqual(states("Same old flat in Dundee, same damp."), ["Ann | home | Dundee"]);
  assert.deepEqual(states("Same flat, different year."), []);
  const ctx: SessionContext = { speakers: ["Ann", "Bob"] };
  states("Is your brother still in Leeds?", "Bob", ctx);
  assert.deepEqual(states("No, he lives in Hull now.", "Ann", ctx), ["Ann's brother | home | Hull | change"]);
  assert.deepEqual(states("I work at Kestrel Books, did I tell you?"), ["Ann | workplace | Kestrel Books"]);
  assert.deepEqual(states("You still work at the school, right?"), []);
});

test("a bare name answering 'where do you live / work?' is the replier's state; a trip is not a home", () => {
  const talk = (turns: [string, string][]) => {
    const ctx: SessionContext = { speakers: ["Ann", "Bob"] };
    return turns.flatMap(([speaker, text]) => states(text, speaker, ctx));
  };
  assert.deepEqual(talk([["Bob", "So where are you living these days?"], ["Ann", "Norwich, near the cathedral."]]), ["Ann | home | Norwich"]);
  assert.deepEqual(talk([["Bob", "Where do you work now?"], ["Ann", "Oh, Fairlight Books. Small place."]]), ["Ann | workplace | Fairlight Books"]);
  assert.deepEqual(talk([["Ann", "We don't live in Derby anymore, sadly."], ["Bob", "Where did you go?"], ["Ann", "Nottingham - closer to work."]]).slice(-1), ["Ann | home | Nottingham | change"]);
  assert.deepEqual(talk([["Ann", "I went on a trip last week."], ["Bob", "Where did you go?"], ["Ann", "Spain, it was lovely."]]), []);
  // only the next turn of the other speaker answers; a name inside a sentence is not a fragment
  assert.deepEqual(talk([["Bob", "Where do you live?"], ["Bob", "Leeds, by the way."]]), []);
  assert.deepEqual(talk([["Bob", "Where do you live?"], ["Ann", "Leeds is where my sister lives."]]), []);
});
