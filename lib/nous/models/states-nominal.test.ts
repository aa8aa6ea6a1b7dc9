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

test("'sparky work with Bellarine Electrical': the noun 'work' takes 'with' or 'for' before an organisation's name only", () => {
  assert.deepEqual(states("proper job's still sparky work with Bellarine Electrical, renos are weekends only"), ["Ann | workplace | Bellarine Electrical"]);
  assert.deepEqual(states("I do volunteer work with kids on Saturdays."), []);
  assert.deepEqual(states("I do volunteer work with Oxfam on Saturdays."), []);
});

test("'I'm still on the Pruitt crew': the crew's name is the speaker's workplace; not a town's crew, not when it was", () => {
  assert.deepEqual(states("Boss held my spot, so I'm still on the Pruitt crew."), ["Ann | workplace | Pruitt"]);
  assert.deepEqual(states("I was on the Leeds crew for the regatta."), []);
});
