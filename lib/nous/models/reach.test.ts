/** How far a word reaches: a hedging adverb in its own clause, a last shift, a way made every day, an asker's own dwelling, a move in with someone near a place. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { talkLines } from "./testing.js";

const talk = (turns: [string, string][], speakers = ["Ann", "Bob"]) => talkLines(turns, ["home", "workplace"], { speakers });
const has = (lines: string[], prefix: string) => lines.some((l) => l.startsWith(prefix));
const hedged = (lines: string[], prefix: string) => lines.some((l) => l.startsWith(prefix) && /0\.2/.test(l));

test("a hedging adverb in a clause of its own leaves what came before it plain: 'I live in Castletroy, near the uni, it's basically students and me'", () => {
  const plain = talk([["Ann", "quiet. I live in Castletroy, near the uni, it's basically students and me"]]);
  assert.ok(has(plain, "Ann | home | Castletroy") && !hedged(plain, "Ann | home | Castletroy"), plain.join("\n"));
  const so = talk([["Ann", "I live in Norwood, we're practically neighbours"]]);
  assert.ok(has(so, "Ann | home | Norwood") && !hedged(so, "Ann | home | Norwood"), so.join("\n"));
  // (no clause of its own: the whole sentence is hedged)
  assert.ok(hedged(talk([["Ann", "I live at the office, basically."]]), "Ann | home"));
  assert.ok(hedged(talk([["Ann", "I basically live at the gym"]]), "Ann | home"));
});

test("'doing my last shifts at Boots now' ends the workplace, as 'my last day at' does", () => {
  assert.ok(has(talk([["Ann", "Doing my last shifts at Boots now, everyone's been dead nice"]]), "Ann | workplace | Boots | ended"));
  assert.ok(has(talk([["Ann", "my last few days at Tesco, then freedom"]]), "Ann | workplace | Tesco | ended"));
});

test("a way from one place to another made every day starts at home; a journey does not", () => {
  assert.ok(has(talk([["Ann", "I'm still stuck driving from Gràcia to Martorell every day"]]), "Ann | home | Gràcia"));
  assert.ok(!has(talk([["Ann", "I'm driving from Leeds to York on Saturday"]]), "Ann | home | Leeds"));
});

test("an asker's own dwelling said in passing in a question is their home: 'The one near my block in Toa Payoh?'", () => {
  assert.ok(has(talk([["Ann", "The one near my block in Toa Payoh? 9pm"]]), "Ann | home | Toa Payoh"));
  // (an old one is not)
  assert.ok(!has(talk([["Ann", "Remember my old flat in Leith?"]]), "Ann | home | Leith"));
});

test("a move in with someone near a place is a move there: 'I moved in with a girl from my church, Lindiwe, near Liberty Village'", () => {
  assert.ok(has(talk([["Ann", "I moved in with a girl from my church, Lindiwe, near Liberty Village."]]), "Ann | home | Liberty Village | change"));
  assert.ok(has(talk([["Ann", "I moved in with my boyfriend, near Roath Park."]]), "Ann | home | Roath Park | change"));
});
