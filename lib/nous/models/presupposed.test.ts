/** What a sentence takes for granted (a possessive's place under a "not" or in a question, an organisation as a sentence's subject, what would have been) and a transfer to another workplace. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { analyse } from "./nlp.js";
import { nameCandidates } from "./mentions.js";
import type { SessionContext } from "./referents.js";
import { talkLines } from "./testing.js";

const talk = (turns: [string, string][], speakers = ["Ann", "Bob"]) => talkLines(turns, ["home", "workplace"], { speakers });
const has = (lines: string[], prefix: string) => lines.some((l) => l.startsWith(prefix));

test("someone else's 'not' leaves one's flat where it is: 'She doesn't mind that my wee flat in Stranmillis is small'", () => {
  assert.ok(has(talk([["Ann", "And she doesn't mind that my wee flat in Stranmillis has one tiny bathroom."]]), "Ann | home | Stranmillis"));
  assert.ok(has(talk([["Ann", "He never said my flat in Leith was small."]]), "Ann | home | Leith"));
  // (one's own "not" still does: "I don't have my flat in Leith anymore")
  assert.ok(!has(talk([["Ann", "I don't have my flat in Leith anymore."]]), "Ann | home | Leith | "));
});

test("'at yours in Bedminster' is the listener's home; 'up to mine in Brunswick?' the speaker's, asked or not", () => {
  assert.ok(has(talk([["Ann", "Should be at yours in Bedminster by eight hopefully."]]), "Bob | home | Bedminster"));
  assert.ok(has(talk([["Ann", "Coming up to mine in Brunswick for the footy Saturday?"]]), "Ann | home | Brunswick"));
  // ("me" asked about is no home: "Is it near me in Leeds?" asks)
  assert.ok(!has(talk([["Ann", "Is it near me in Leeds?"]]), "Ann | home"));
});

test("a town remarked on in what would have been is nobody's home: 'Boston rent would've eaten you alive'", () => {
  assert.ok(!has(talk([["Bob", "Turned the Boston job down."], ["Ann", "Smart. Boston rent would've eaten you alive."]]), "Ann | home | Boston"));
  assert.ok(has(talk([["Ann", "Boston rent is eating me alive."]]), "Ann | home | Boston"));
});

test("an organisation as a sentence's subject is a candidate of the fitted reading, not a person: 'Stellantis is chaos as usual'", () => {
  const text = "Stellantis is chaos as usual, you miss nothing";
  const sentences = analyse(text);
  const ctx: SessionContext = { speakers: ["Ann", "Bob"], people: [{ name: "Stellantis", turn: "1", at: 1 }] };
  const owners = nameCandidates({ id: "1", speaker: "Ann", text, timestamp: 0 }, sentences, ctx, sentences.map(() => false)).filter((c) => c.value === "Stellantis").map((c) => c.owner);
  assert.deepEqual(owners.sort(), ["Ann", "Bob"]);
  // (a person known as one, by a pronoun's gender, stays out)
  const known: SessionContext = { speakers: ["Ann", "Bob"], people: [{ name: "Stellantis", turn: "1", at: 1, gender: "f" }] };
  assert.deepEqual(nameCandidates({ id: "1", speaker: "Ann", text, timestamp: 0 }, sentences, known, sentences.map(() => false)).filter((c) => c.value === "Stellantis"), []);
});

test("'I transferred to St. Boniface Hospital', 'I've been posted to Alliance High School': a new workplace; a town is no workplace", () => {
  assert.ok(has(talk([["Ann", "News, I transferred to St. Boniface Hospital. Started Monday."]]), "Ann | workplace | St. Boniface Hospital"));
  assert.ok(has(talk([["Ann", "Baraka, guess what, I've been posted to Alliance High School."]]), "Ann | workplace | Alliance High School"));
  assert.ok(!has(talk([["Ann", "I got transferred to Leeds."]]), "Ann | workplace"));
  assert.ok(!has(talk([["Ann", "I posted it to Amazon."]]), "Ann | workplace"));
});
