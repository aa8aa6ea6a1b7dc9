/**
 * Things of one's work named by the employer ("my Halvorsen roster"), time off from an organisation, everyone an
 * organisation sends home, what an organisation ought to do for its staff, a posting kept, questions that presume a
 * workplace or a way home, one's same dwelling, and a move or a settling told as a state, on sentences written here
 * (not taken from any conversation set).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { talkLines } from "./testing.js";

const talk = (turns: [string, string][], speakers = ["Ann", "Bob"]) => talkLines(turns, ["home", "workplace"], { speakers });
const says = (text: string) => talk([["Ann", text]]);

test("a roster, an office or a branch named by its employer is its holder's workplace; not a town's office or an adjective's roster", () => {
  assert.deepEqual(says("My Halvorsen roster has me on earlies all week."), ["Ann | workplace | Halvorsen"]);
  assert.deepEqual(says("Your Kestrel Data office looks nicer than ours."), ["Bob | workplace | Kestrel Data"]);
  assert.deepEqual(says("My sister Lucy is fine. She's off to her Brightwell Bank branch in ten minutes."), ["Lucy | workplace | Brightwell Bank"]);
  assert.deepEqual(says("My Leeds office is closing."), []);
  assert.deepEqual(says("Long-haul roster next month, so no weekends."), []);
});

test("time off from an organisation is the speaker's; another's, or a town's, is not", () => {
  assert.deepEqual(says("A whole week off from Brenmark, finally."), ["Ann | workplace | Brenmark | 0.5"]);
  assert.deepEqual(says("I'm off from Pellow's all next week."), ["Ann | workplace | Pellow's | 0.5"]);
  assert.deepEqual(says("His week off from Brenmark was wasted."), []);
  assert.deepEqual(says("A day off from London would be nice."), []);
});

test("an organisation sending everyone home, owing its staff, or keeping someone posted employs them; a club or a town does not", () => {
  assert.deepEqual(says("Corvale sent everyone home at noon because the heating failed."), ["Ann | workplace | Corvale | 0.5"]);
  assert.deepEqual(says("Wexford Rovers sent everyone home happy."), []);
  assert.deepEqual(says("Halden Water should run a bus for you."), ["Bob | workplace | Halden Water | 0.5"]);
  assert.deepEqual(says("Release week. Brenmark should just give me a bed by my desk."), ["Ann | workplace | Brenmark | 0.5"]);
  assert.deepEqual(says("Leeds should give me a medal."), []);
  assert.deepEqual(says("My cousin Tom got posted. Darrow Energy kept him in Aberdeen."), ["Tom | workplace | Darrow Energy | 0.5"]);
});

test("questions presume the listener's workplace or way home: things at an organisation, a bank's life, reached safely, home to a small town", () => {
  assert.deepEqual(talk([["Ann", "How are things at Brenmark?"], ["Bob", "Busy."]]), ["Bob | workplace | Brenmark | 0.5"]);
  assert.deepEqual(talk([["Ann", "How's the Brightwell Bank life going?"], ["Bob", "Fine."]]), ["Bob | workplace | Brightwell Bank | 0.5"]);
  assert.deepEqual(talk([["Ann", "How's the F1 life?"], ["Bob", "Fine."]]), []);
  assert.deepEqual(talk([["Ann", "Reached Pune okay?"], ["Bob", "Yes."]]), ["Bob | home | Pune | 0.5"]);
  assert.deepEqual(talk([["Ann", "Reached Heathrow okay?"], ["Bob", "Yes."]]), []);
  assert.deepEqual(talk([["Ann", "u get home to Kilbarchan ok?"], ["Bob", "aye"]]), ["Bob | home | Kilbarchan | 0.5"]);
  assert.deepEqual(talk([["Ann", "you still at Kumaran Stores?"], ["Bob", "yes"]]), ["Bob | workplace | Kumaran Stores"]);
});

test("the same dwelling is one's home, another's is theirs; settled or moved in, told as a state, is a change", () => {
  assert.deepEqual(says("I'm still in the same Leith flat, nothing changes."), ["Ann | home | Leith"]);
  assert.deepEqual(says("Tom was chuffed. Still in his wee house in Leeds, walks to work."), ["Tom | home | Leeds"]);
  assert.deepEqual(says("We're all settled in Leeds now."), ["Ann | home | Leeds | change"]);
  assert.deepEqual(says("Janice is all moved in to Dornoch now."), ["Janice | home | Dornoch | change"]);
  assert.deepEqual(says("The meeting was moved into Leeds."), []);
});
