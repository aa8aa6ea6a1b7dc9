/** Questions that tell who the answer is about, or what it answers: a third person asked after by name, relation or
 * pronoun, "you work where?", "still staying in X?", "Which company?" after work talk past towns, and a district
 * after a comma; on turns written here. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { talkLines } from "./testing.js";

const talk = (turns: [string, string][]) => talkLines(turns, ["home", "workplace", "within"]);

test("a yes/no question whose subject is the listener's named relation makes the subjectless answer theirs", () => {
  const turns: [string, string][] = [["Bob", "Eh, your son Kwabena came back from Canada already?"], ["Ann", "Not yet, still in Winnipeg. Working at Manitoba Hydro now."]];
  // (the change is read once: an elided "now at" adds no second reading of a value the sentence stated for him)
  assert.deepEqual(talk(turns), ["Kwabena | home | Winnipeg", "Kwabena | workplace | Manitoba Hydro | change"]);
  // a month's name right after the relation is the name ("your son Jun")
  assert.deepEqual(talk([["Bob", "Your son Jun came back from Perth already?"], ["Ann", "Not yet, still in Perth. Working at Woodside now."]]), ["Jun | home | Perth", "Jun | workplace | Woodside | change"]);
  assert.deepEqual(talk([["Ann", "My sister June lives in Ipoh."]]), ["June | home | Ipoh"]);
  // asked of the listener, the answer stays the listener's
  assert.deepEqual(talk([["Bob", "Did you come back from Perth already?"], ["Ann", "Not yet, still in Perth."]]), ["Ann | home | Perth"]);
});

test("a relation of the speaker's named in a question is a person; her 'she' follows", () => {
  assert.deepEqual(talk([["Ann", "You know my sister Wanjiru went abroad? She's in Edmonton now."]]), ["Wanjiru | home | Edmonton | change"]);
  // an unnamed relation asked about leaves the person named before it the next "he"
  assert.deepEqual(talk([["Ann", "Oh and Kofi wants in. Remember my brother? He's living down in Takoradi now."]]), ["Kofi | home | Takoradi | change"]);
});

test("'where was <name>?' names a person; the answer's 'she' is them", () => {
  assert.deepEqual(talk([["Bob", "So where was Kaylee last night?"], ["Ann", "She's a nurse at Vanderbilt now, she was on shift."]]), ["Kaylee | workplace | Vanderbilt | change"]);
  // a town asked after is no person
  assert.deepEqual(talk([["Bob", "Where is Leeds exactly?"], ["Ann", "She's working at Aldi now."]]), []);
});

test("'you work where?' asks for the workplace even with a remark after it; 'you still staying in X?' is a still-question", () => {
  assert.deepEqual(talk([["Bob", "Eh you work where actually? Your mum said something about chips."], ["Ann", "Haha no lah. Intel, in the free trade zone. Test engineer."]]), ["Ann | workplace | Intel"]);
  assert.deepEqual(talk([["Bob", "You still staying in Shah Alam?"], ["Ann", "Yes lah, Section 13, same condo."]]), ["Ann | home | Shah Alam"]);
});

test("'Which company?' after work talk that names only towns and landmarks: the reply's name is the workplace", () => {
  const turns: [string, string][] = [["Ann", "Still in Dover. Cross the Channel every day to Calais for work."], ["Bob", "Wow. Which company?"], ["Ann", "P&O, the ferries, lucky me."]];
  assert.deepEqual(talk(turns), ["Ann | home | Dover", "Ann | workplace | P&O"]);
  // a person before the work word makes it theirs, and no question follows for the speaker
  assert.deepEqual(talk([["Ann", "Tom drives to Calais for work."], ["Bob", "Which company?"], ["Ann", "P&O, the ferries."]]).filter((x) => x.startsWith("Ann | workplace")), []);
});

test("a reply's town, then after a comma a capitalised name that ends the sentence and is no town: a district within it", () => {
  assert.deepEqual(talk([["Bob", "You still in JB?"], ["Ann", "Still in JB lah, Mount Austin."]]), ["Ann | home | JB", "Mount Austin | within | JB", "Ann | home | Mount Austin"]);
  // a larger place after the comma is no district of it; nor are lower-case words or numbers
  assert.ok(!talk([["Bob", "still in Galway?"], ["Ann", "Yes, Salthill, Galway."]]).includes("Galway | within | Salthill"));
  assert.deepEqual(talk([["Bob", "you still down in Porirua?"], ["Ann", "yep still in Porirua, Titahi Bay end."]]), ["Ann | home | Porirua"]);
});

test("'Where you staying now?' asks for a home; 'where are you staying for the conference?' does not", () => {
  assert.deepEqual(talk([["Bob", "Where you staying now?"], ["Ann", "Tampines. Moved in with my sister after she got her flat."]]), ["Ann | home | Tampines"]);
  assert.deepEqual(talk([["Bob", "Where are you staying for the conference?"], ["Ann", "Hilton, near the venue."]]), []);
});

test("a reply's town, then 'The <district>,' opening the next sentence: the district within it", () => {
  assert.deepEqual(talk([["Bob", "where are you these days?"], ["Ann", "Toronto still. The Annex, third floor walk-up, the stairs are my gym"]]), ["Ann | home | Toronto", "Annex | within | Toronto", "Ann | home | Annex"]);
});

test("a yes to 'still in <town>?' that goes on 'and still at <organisation>': the district is the home, the organisation the workplace", () => {
  const turns: [string, string][] = [["Bob", "You still in Ottawa?"], ["Ann", "Yup, Glebe, and still at Shopify"], ["Bob", "how's the cold up there"], ["Ann", "minus 28 this morning. Shopify told us to work from home, which was merciful"]];
  assert.deepEqual(talk(turns), ["Ann | home | Ottawa", "Glebe | within | Ottawa", "Ann | home | Glebe", "Ann | workplace | Shopify", "Ann | workplace | Shopify | 0.5"]);
});

test("'How's your Josh?' asks after someone of the listener's: the answer's 'he' and subjectless states are theirs", () => {
  const turns: [string, string][] = [["Bob", "Poor thing. How's your Josh?"], ["Ann", "He's only gone and got a job at Gatwick, baggage handling. Moved into a flat in Crawley to be near it."]];
  assert.deepEqual(talk(turns), ["Josh | workplace | Gatwick | change", "Josh | home | Crawley | change"]);
});

test("a name asked back ('Becca? No, …') answers no still-question as a place", () => {
  assert.deepEqual(talk([["Bob", "And your sister, is she still in Truro?"], ["Ann", "Becca? No, she went down to Penzance years ago."]]).filter((x) => x.includes("Becca")), []);
});
