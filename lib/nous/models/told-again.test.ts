/** Readings of things told again or in passing: "still" with a finer place, a run-on after an emoji or a condition, an employer refusing its staff. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { talkLines } from "./testing.js";

const talk = (turns: [string, string][], speakers = ["Ann", "Bob"]) => talkLines(turns, ["home", "workplace", "within"], { speakers });
const has = (lines: string[], prefix: string) => lines.some((l) => l.startsWith(prefix));

test("an emoji between a word and a capital ends a sentence: 'never left 😂 Still at Next'", () => {
  assert.ok(has(talk([["Ann", "Yes o, still here, never left 😂 Still at Next, in their head office at Enderby."]]), "Ann | workplace | Next"));
  // without the emoji the run-on "left Still" is no opening "still"
  assert.ok(!has(talk([["Ann", "Yes o, still here, never left Still at Next, in their head office at Enderby."]]), "Ann | workplace | Next"));
});

test("'still X' in a yes to 'still in Y?' names the home: 'yeah still Chorlton I'm not going anywhere'", () => {
  const lines = talk([["Bob", "Are you still in Manchester?"], ["Ann", "yeah still Chorlton I'm not going anywhere the rents are mental everywhere else"]]);
  assert.ok(has(lines, "Ann | home | Chorlton"), lines.join("\n"));
  // a yes alone still confirms the place asked after
  assert.ok(has(talk([["Bob", "Are you still in Manchester?"], ["Ann", "yeah still here, not going anywhere"]]), "Ann | home | Manchester"));
});

test("'Still Pune, still Koregaon Park': a place after a town, both told with 'still', is a home too", () => {
  const lines = talk([["Ann", "I've joined Persistent Systems, started on Monday. Still Pune, still Koregaon Park, just a different building."]]);
  assert.ok(has(lines, "Ann | home | Pune") && has(lines, "Ann | home | Koregaon Park"), lines.join("\n"));
  // an organisation after the town is no home
  assert.ok(!has(talk([["Ann", "Still Pune, still Tata Consultancy Services, same old."]]), "Ann | home | Tata"));
});

test("'going home to X now' is the speaker's home; going home for something is a visit", () => {
  assert.ok(has(talk([["Ann", "I'm just closing the shop now, going home to Ugbowo to sleep for 12 hours"]]), "Ann | home | Ugbowo"));
  assert.ok(!has(talk([["Ann", "Going home to Penang now for Chinese New Year"]]), "Ann | home | Penang"));
  assert.ok(!has(talk([["Ann", "Going home to Penang next month"]]), "Ann | home | Penang"));
});

test("a statement of the speaker's after a condition's comma stands: 'message me if there's a problem, I'm at Ateneo Mon to Fri'", () => {
  assert.ok(has(talk([["Ann", "Tell your cousin she can message me if there's a problem, I'm at Ateneo Mon to Fri"]]), "Ann | workplace | Ateneo"));
  // a main clause that is itself modal stays a condition
  assert.ok(!has(talk([["Ann", "I can help if there's a problem, I'm going to work at Ateneo if they hire me"]]), "Ann | workplace | Ateneo"));
});

test("an employer refusing or calling back its staff is theirs: 'UNN doesn't pay us like that', 'Amex have asked us all back in the office'", () => {
  assert.ok(has(talk([["Ann", "And UNN doesn't pay us like that to be flying up and down"]]), "Ann | workplace | UNN"));
  assert.ok(has(talk([["Ann", "Amex have asked us all back in the office 3 days a week, so I can only do Weds evening runs now"]]), "Ann | workplace | Amex"));
  assert.ok(has(talk([["Ann", "Need to check Harbour Energy don't want me back out early first"]]), "Ann | workplace | Harbour Energy"));
  // a person, or a place asked back to that is no work site, names no employer
  for (const t of ["Mum asked us back in the house.", "The school asked us all back in the hall for the photo.", "Sarah doesn't want me back."]) {
    assert.ok(!talk([["Ann", t]]).some((l) => l.includes("workplace")), t);
  }
});

test("leaving an organisation at the day's end is leaving work there, in a condition too: 'if I leave Experian sharpish'", () => {
  assert.ok(has(talk([["Ann", "I can make it from Sherwood if I leave Experian sharpish"]]), "Ann | workplace | Experian"));
  assert.ok(has(talk([["Ann", "I'm in if I get out of DC Thomson on time. Deadline day"]]), "Ann | workplace | DC Thomson"));
  // a town, or someone a pronoun goes on about, is no work
  assert.ok(!talk([["Ann", "If I leave Sarah early she'll be cross"]]).some((l) => l.includes("workplace")));
  assert.ok(!has(talk([["Ann", "If I leave Leeds early I'll miss the traffic"]]), "Ann | workplace"));
  // leaving a place to reach another is leaving home
  assert.ok(!has(talk([["Ann", "I have to leave Liguanea at seven to reach Campion College for half seven."]]), "Ann | workplace | Liguanea"));
});

test("an organisation that goes on without the speaker is their work: 'Google won't miss me for an hour', 'Cornwall Council doesn't run itself'", () => {
  assert.ok(has(talk([["Ann", "ah go on. I'll leave work early and get the bibs, Google won't miss me for an hour"]]), "Ann | workplace | Google"));
  assert.ok(has(talk([["Ann", "Always is. Right, back to the planning reports, Cornwall Council doesn't run itself"]]), "Ann | workplace | Cornwall Council"));
  for (const t of ["Sarah won't miss me, she's at work.", "Mum won't miss me for an hour.", "The house doesn't run itself."]) {
    assert.ok(!talk([["Ann", t]]).some((l) => l.includes("workplace")), t);
  }
});

test("a statement opening a question sentence before ', but' is stated: 'I'm in Scone so Crieff's a bit out, but I could meet you at Aviva?'", () => {
  assert.ok(has(talk([["Bob", "I'm in Scone so Crieff's a bit out, but I could meet you at Aviva?"]]), "Bob | home | Scone"));
  // a question opening the sentence stays a question
  assert.ok(!has(talk([["Bob", "Am I in Scone or Perth now, and how would I know?"]]), "Bob | home"));
});

test("the daily way told by its time each way: '25 mins each way from Morriston, can't complain'", () => {
  assert.ok(has(talk([["Ann", "25 mins each way from Morriston, can't complain"]]), "Ann | home | Morriston"));
  assert.ok(!has(talk([["Ann", "It's an hour each way from Swansea on the train to the conference"]]), "Ann | home"));
});

test("an organisation joked to be one's real home is where one works: 'Kilkenny College is my real home at this point'", () => {
  assert.ok(has(talk([["Ann", "Still here. I swear Kilkenny College is my real home at this point, I've more jumpers in the staffroom than in my wardrobe"]]), "Ann | workplace | Kilkenny College"));
  assert.ok(!talk([["Ann", "Honestly Leeds is my second home now."]]).some((l) => l.includes("workplace")));
});

test("someone working with the speaker at an organisation, or the speaker coming from one at its site, says where they work", () => {
  assert.ok(has(talk([["Ann", "Rob, works with me at Airbus. Filton's finest"]]), "Ann | workplace | Airbus"));
  assert.ok(!has(talk([["Ann", "Rob used to work with me at Airbus."]]), "Ann | workplace | Airbus"));
  assert.ok(has(talk([["Ann", "lucky. I'm coming from Apple in Hollyhill, the traffic will be savage"]]), "Ann | workplace | Apple"));
  assert.ok(!talk([["Ann", "I'm coming from Mum's in Didsbury"]]).some((l) => l.includes("workplace")));
});
