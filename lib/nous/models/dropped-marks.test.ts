/** Questions and names written without their marks: a dropped auxiliary or question mark, a vocative after a name. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { talkLines } from "./testing.js";
import { analyse } from "./nlp.js";
import { isQuestion } from "./replies.js";

const talk = (turns: [string, string][], speakers = ["Ann", "Bob"]) => talkLines(turns, ["home", "workplace"], { speakers });

test("a question with its auxiliary or its mark dropped is a question: 'you still in the same flat in Leith or did you …'", () => {
  for (const q of ["you still in the same flat in Leith or did you end up moving in with Sam", "u still at Tesco", "is it Leeds now or are you back in York"]) {
    assert.ok(analyse(q).every(isQuestion), q);
  }
  for (const s of ["you still owe me a pint", "I still work at Tesco", "you were right about Leeds"]) assert.ok(!analyse(s).some(isQuestion), s);
  // the speaker does not live where the question asks the listener about, nor does the person named after it; the
  // listener's yes takes it
  const lines = talk([["Ann", "you still in the same flat in Leith or did you end up moving in with Sam"], ["Bob", "yeah still here, lease runs till June"]]);
  assert.ok(!lines.some((l) => l.startsWith("Ann | home") || l.startsWith("Sam | home")), lines.join("; "));
  assert.ok(lines.some((l) => l.startsWith("Bob | home | Leith")), lines.join("; "));
});

test("a vocative after a name is no part of it: 'still in Penrith mate'", () => {
  for (const [t, v] of [["still in Penrith mate, the lease isn't up till June", "Penrith"], ["I'm at Halfords bro, same as ever", "Halfords"]] as const) {
    const lines = talk([["Bob", t]]);
    assert.ok(lines.some((l) => l.startsWith(`Bob | ${v === "Penrith" ? "home" : "workplace"} | ${v}`)) && !lines.some((l) => / (mate|bro)\b/.test(l)), `${t}: ${lines.join("; ")}`);
  }
});
