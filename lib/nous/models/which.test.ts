/** Workplaces named in reply to a which-question (which.ts, extractor.ts), on turns written here. */
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
