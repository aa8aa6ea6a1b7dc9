/** Replies that name or take back a state (which.ts, extractor.ts): a which-question answered, a doubted claim taken back; on turns written here. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { talkLines } from "./testing.js";

const talk = (turns: [string, string][]) => talkLines(turns, ["home", "workplace"]);

test("'Which yard is that?' after the other speaker's work talk: the name in reply is their workplace", () => {
  assert.deepEqual(talk([["Ann", "Shift started at 6, two ships in dry dock."], ["Bob", "Which yard is that?"], ["Ann", "Fergies. Ferguson Marine. Four of us in the family there."]]), ["Ann | workplace | Ferguson Marine"]);
  assert.deepEqual(talk([["Ann", "Shift started at 6, two ships in dry dock."], ["Bob", "Which yard is that?"], ["Ann", "Ferguson Marine."]]), ["Ann | workplace | Ferguson Marine"]);
  // no work talk before it: a which-question names no one's workplace
  assert.deepEqual(talk([["Ann", "The lad starts secondary in September."], ["Bob", "Which school?"], ["Ann", "St Oliver's."]]), []);
  // work talk about someone else
  assert.deepEqual(talk([["Ann", "Tom's shift started at 6."], ["Bob", "Which yard is that?"], ["Ann", "Ferguson Marine."]]), []);
});

test("a claim the listener doubted and the speaker took back ends ('I'm in Monaco now' 'Really?!' 'No lad 😂'); 'No joke' takes nothing back", () => {
  assert.deepEqual(talk([["Ann", "I'm in Monaco now. Yacht, casino, the lot."], ["Bob", "Really?!"], ["Ann", "No lad 😂 the pier's about as glamorous as it gets."]]), ["Ann | home | Monaco | change", "Ann | home | Monaco | ended"]);
  assert.deepEqual(talk([["Ann", "I live in Benidorm now."], ["Bob", "Say wha???"], ["Ann", "In me head. Sat in the rain."]]), ["Ann | home | Benidorm | change", "Ann | home | Benidorm | ended"]);
  assert.deepEqual(talk([["Ann", "I moved to Leeds last week."], ["Bob", "Really?!"], ["Ann", "No joke, boxes everywhere."]]), ["Ann | home | Leeds | change"]);
  // a question about something else is no doubt
  assert.deepEqual(talk([["Ann", "Still at Wipro. My brother moved to Dubai."], ["Bob", "Flying?"], ["Ann", "No no, ground ops."]]).filter((x) => x.startsWith("Ann |")), ["Ann | workplace | Wipro"]);
});

test("'Which Bunnings, the Cannington one?' offers the organisation after 'which'; 'my boss' is work talk whatever opens the sentence; 'Ya' and 'Same as always' confirm", () => {
  assert.deepEqual(talk([["Ann", "He asked me where the garden hoses were. Two years in the same office."], ["Bob", "Which Bunnings, the Cannington one?"], ["Ann", "Same as always. Aisle 34 is my kingdom."]]), ["Ann | workplace | Bunnings"]);
  assert.deepEqual(talk([["Ann", "Eh my boss today damn funny."], ["Bob", "Which office is this again, the DBS one at Marina?"], ["Ann", "Ya, Marina Bay Financial Centre. So cold inside."]]), ["Ann | workplace | DBS"]);
  // a no names nothing offered
  assert.deepEqual(talk([["Ann", "Eh my boss today damn funny."], ["Bob", "Which office is this again, the DBS one at Marina?"], ["Ann", "No lah."]]), []);
});
