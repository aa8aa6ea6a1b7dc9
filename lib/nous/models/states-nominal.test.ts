/** Nominal states (states-nominal.ts) on sentences written here. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { talkLines } from "./testing.js";

const states = (text: string) => talkLines([["Ann", text]], ["home", "workplace"]);

test("'from ours in X', 'at ours in X': ours is the speaker's home; not when used to, and not 'ours' alone", () => {
  assert.deepEqual(states("First bus from ours in Caernarfon gets in at ten to."), ["Ann | home | Caernarfon"]);
  assert.deepEqual(states("We used to have parties back at ours in Hull."), []);
  assert.deepEqual(states("Theirs is in Leeds, ours in York."), []);
});
