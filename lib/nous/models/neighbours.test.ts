/** What neighbours tell of each other's people: an employer after "with", someone a parcel is for, a room rented, a
 * base; on turns written here. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { talkLines } from "./testing.js";

const talk = (turns: [string, string][]) => talkLines(turns, ["home", "workplace"]);

test("'started with X' and '<job> with X' name an employer, never the person a pronoun stands for", () => {
  assert.deepEqual(talk([["Ann", "There's a parcel for Kibet at the caretaker's office, from Kenya Airways."], ["Bob", "That must be his new uniform! He started with Kenya Airways last month."]]), ["Kibet | workplace | Kenya Airways | change"]);
  assert.deepEqual(talk([["Ann", "My housemate Yvonne will be home."], ["Ann", "She's an accountant with Deloitte."]]), ["Yvonne | workplace | Deloitte"]);
  assert.deepEqual(talk([["Ann", "I'm a nurse with the NHS."]]), ["Ann | workplace | NHS"]);
  // a companion is no employer
  assert.deepEqual(talk([["Ann", "I'm a nurse with Sarah at the clinic."]]), []);
});

test("a dwelling rented in a named place is a home; a car rented is not", () => {
  assert.deepEqual(talk([["Ann", "My son Kibet is great."], ["Ann", "He rents a small bedsitter in Syokimau, near the airport."]]), ["Kibet | home | Syokimau"]);
  assert.deepEqual(talk([["Ann", "I rented a car in Perth."]]), []);
});

test("'based at X' is where one works from, unless the employer is already known; 'based in X' is a home", () => {
  assert.deepEqual(talk([["Ann", "I'm based at the Leeds office."]]), ["Ann | workplace | Leeds office"]);
  assert.deepEqual(talk([["Ann", "I'm based in Leeds."]]), ["Ann | home | Leeds"]);
  // (only a remark in passing, weaker than the employer)
  assert.deepEqual(talk([["Ann", "I work at Kenya Airways."], ["Ann", "I'm based at JKIA."]]), ["Ann | workplace | Kenya Airways", "Ann | workplace | JKIA | 0.5"]);
});

test("someone a box came for, and the relation just asked after named by 'That was Luis'", () => {
  assert.deepEqual(talk([["Ann", "Bob, a box came for Naomi, it's on my porch."], ["Bob", "Probably work stuff, she's been ordering half of Amazon since she started at Kaiser."]]), ["Naomi | workplace | Kaiser | change"]);
  assert.deepEqual(talk([["Bob", "Was that your nephew with the moving truck Saturday?"], ["Ann", "That was Luis. He finally left my couch. He got an apartment in Sacramento."]]), ["Luis | home | Sacramento | change"]);
  // with nothing asked, "That was X" names no relation, and the "he" after it stays unresolved
  assert.deepEqual(talk([["Ann", "That was Luis. He got an apartment in Sacramento."]]).filter((x) => x.startsWith("Ann's")), []);
});
