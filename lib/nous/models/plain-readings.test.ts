/** Readings of plain chat between relatives and friends: returns, work asked after, holidays, the city around a home. */
import { test } from "node:test";
import assert from "node:assert/strict";
import type { EvidenceItem, QueryContext } from "../types.js";
import { talkLines } from "./testing.js";
import { isTimeName } from "./name-context.js";
import { skipped } from "./evidence-names.js";
import { extract } from "./extractor.js";

const talk = (turns: [string, string][], speakers = ["Ann", "Bob"]) => talkLines(turns, ["home", "workplace", "within"], { speakers });
const has = (lines: string[], prefix: string) => lines.some((l) => l.startsWith(prefix));

test("a holiday named as a day is a time, no place: 'Boxing Day', 'Anzac Day', 'Christmas Eve', 'New Year's'", () => {
  for (const v of ["Boxing Day", "Anzac Day", "Christmas Eve", "Bonfire Night", "New Year's", "Hogmanay", "Halloween"]) assert.equal(isTimeName(v), true, v);
  for (const v of ["Day Street", "Dayton", "Knight Frank", "Leeds"]) assert.equal(isTimeName(v), false, v);
});

test("one's return told with its time, to a place the gazetteer may not hold: 'just got back to Kalgoorlie this arvo'", () => {
  assert.ok(has(talk([["Ann", "8 on 6 off. Just got back to Kalgoorlie this arvo"]]), "Ann | home | Kalgoorlie"));
  // an organisation, or a return with no time, is no home
  assert.ok(!has(talk([["Ann", "Just got back to Kalgoorlie Consolidated Gold Mines Ltd this morning"]]), "Ann | home"));
  assert.ok(!has(talk([["Ann", "I finally got back to Ballincollig in the end"]]), "Ann | home | Ballincollig"));
});

test("'back into X tomorrow' is the return to one's work, as 'back at X tomorrow' is", () => {
  assert.ok(has(talk([["Ann", "Home now. Back into Medtronic tomorrow and I've 40 emails apparently"]]), "Ann | workplace | Medtronic"));
  assert.ok(!has(talk([["Ann", "Back into Galway tomorrow"]]), "Ann | workplace | Galway"));
});

test("an organisation that 'had us in for a team day' is the speaker's employer; 'Mum had us in for tea' names none", () => {
  assert.ok(has(talk([["Ann", "Skyscanner had us in for a team day, an escape room then 4 hours in a pub"]]), "Ann | workplace | Skyscanner"));
  assert.ok(!talk([["Ann", "Mum had us in for tea on Sunday"]]).some((l) => l.includes("workplace")));
});

test("a name asked after as the listener's, in a sentence of work, is their workplace: 'how's Northern Star these days, Mum said there was a restructure'", () => {
  assert.ok(has(talk([["Ann", "So how's Northern Star these days, Mum said there was a restructure"]]), "Bob | workplace | Northern Star"));
  // without work talk, or of a town, it stays the presumed home
  assert.ok(has(talk([["Ann", "So how's Ponsonby these days?"]]), "Bob | home | Ponsonby"));
  assert.ok(has(talk([["Ann", "How's Leeds, Mum said there was a restructure?"]]), "Bob | home | Leeds"));
  // … or the sentence after it, to the listener
  assert.ok(has(talk([["Ann", "How's Discovery? You were still on probation last time we spoke."]]), "Bob | workplace | Discovery"));
  assert.ok(has(talk([["Ann", "How's Ponsonby? You must be loving the new flat."]]), "Bob | home | Ponsonby"));
});

test("the city asked after around the listener's stated home lies around it, no new home: 'my place in Kitsilano' … 'How's Vancouver?'", () => {
  const lines = talk([["Bob", "I walk to work in 8 minutes from my place in Kitsilano."], ["Ann", "How's Vancouver? Rain?"]]);
  assert.ok(lines.includes("Kitsilano | within | Vancouver") && !has(lines, "Bob | home | Vancouver"), lines.join("; "));
  // with no home stated, the city asked after is the presumed home
  assert.ok(has(talk([["Ann", "How's Vancouver? Rain?"]]), "Bob | home | Vancouver"));
});

test("an answer about a speaker skips what an evidence line observes as the other speaker's state of that kind", () => {
  const ev = (entity: string, attribute: string, observation: string): EvidenceItem => ({ deltaId: 1, evidenceId: "D1:1", entity, attribute, observation, timestamp: 0, text: "", score: 1 });
  const ctx: QueryContext = { question: "Where does Bronwyn work now?", linked: ["Bronwyn"], reached: {}, facts: [], evidence: [ev("Lachlan", "workplace", "Northern Star"), ev("Lachlan", "home", "Kalgoorlie"), ev("Lachlan's sister", "workplace", "Notre Dame")], speakers: ["Bronwyn", "Lachlan"], sourceIds: [] };
  const skip = skipped(ctx, "workplace", "Bronwyn");
  assert.ok(skip.has("Northern Star") && !skip.has("Kalgoorlie") && !skip.has("Notre Dame"), [...skip].join(", "));
  // about someone else than a speaker (whose reading may have been given to a speaker), nothing observed is skipped
  assert.ok(!skipped({ ...ctx, question: "Where does Ruth work now?", linked: ["Ruth"] }, "workplace", "Ruth").has("Northern Star"));
});

test("a name after a preposition is no person acting: 'the guy who fixed our printers at Home Depot HQ would end up brewing beer'", () => {
  // (with the fitted reading of names, which gives a he, she or they to the person last named)
  const ctx = { speakers: ["Ann", "Bob"] };
  const turns = [["Ann", "Who would've thought the guy who fixed our printers at Home Depot HQ would end up brewing beer."], ["Bob", "Ha! The printers were training for it. How's Emory?"], ["Ann", "Good and exhausting. They moved my clinic to the Midtown building, so the drive in from Decatur got longer."]];
  const entities = turns.flatMap(([speaker, text], i) => extract({ id: `D1:${i + 1}`, speaker, text, timestamp: i }, ctx).triples.map((t) => t.entity));
  assert.ok(!entities.some((e) => e.includes("Depot")), entities.join("; "));
});

test("'How's BP': two capitals asked after name a workplace, unless a place's ('How's LA?')", () => {
  assert.ok(has(talk([["Ann", "Rather you than me. How's BP"]]), "Bob | workplace | BP"));
  assert.ok(has(talk([["Ann", "How's LA?"]]), "Bob | home | LA"));
});

test("setting off on a trip ends nothing: 'leaving Launceston now, be at yours by 2'", () => {
  const lines = talk([["Ann", "leaving Launceston now, be at yours by 2"]]);
  assert.ok(!lines.some((l) => l.includes("ended")) && has(lines, "Ann | home | Launceston"), lines.join("; "));
  assert.ok(!talk([["Ann", "Leaving Salthill now, traffic on the N6 already shocking"]]).some((l) => l.includes("Salthill")));
  assert.ok(has(talk([["Ann", "I left Launceston in May."]]), "Ann | home | Launceston | ended"));
});

test("a district asked after as still the listener's is their home: 'Sandy Bay still?' 'Still.'", () => {
  const lines = talk([["Ann", "Sandy Bay still?"], ["Bob", "Still. Still walking up that hill every day."]]);
  assert.ok(has(lines, "Bob | home | Sandy Bay") && !lines.some((l) => l.includes("workplace")), lines.join("; "));
});

test("'I go home to Bishan' is the daily way home; going home for something is a visit", () => {
  assert.ok(has(talk([["Ann", "They kick us out at 10 and I go home to Bishan and stare at the ceiling."]]), "Ann | home | Bishan"));
  const visit = talk([["Ann", "I go home to Penang for Chinese New Year"]]);
  assert.ok(!visit.some((l) => l.includes("| home |") || l.includes("New Year")), visit.join("; "));
  assert.equal(isTimeName("Chinese New Year"), true);
});

test("'Are you in Halifax proper?' 'Dartmouth.': the name in reply is the home, within the town asked", () => {
  const lines = talk([["Ann", "Hahaha. Are you in Halifax proper?"], ["Bob", "Dartmouth. Across the harbour."]]);
  assert.ok(has(lines, "Bob | home | Dartmouth") && lines.includes("Dartmouth | within | Halifax"), lines.join("; "));
  // a visit asked after takes no yes for a home
  // (the question's presumed home stays a guess: "Bob | home | Halifax | 0.5")
  const visit = talk([["Ann", "Are you in Halifax this weekend?"], ["Bob", "Yes, for the wedding"]]);
  assert.ok(!visit.includes("Bob | home | Halifax"), visit.join("; "));
});

test("an organisation wanting the speaker at one of its sites employs them: 'Comcast wants me up at the New York office'", () => {
  assert.ok(has(talk([["Ann", "Comcast wants me up at the New York office twice a month."]]), "Ann | workplace | Comcast"));
  assert.ok(!talk([["Ann", "Mum wants me up at the house by six"]]).some((l) => l.includes("workplace")));
});

test("the speaker coming to a town is a visit to the listener's home: 'I'll come down to Harrogate'", () => {
  const lines = talk([["Ann", "Pint on Friday would help. I'll come down to Harrogate"]]);
  assert.ok(has(lines, "Bob | home | Harrogate") && !has(lines, "Ann | home"), lines.join("; "));
  assert.ok(!talk([["Ann", "I'll come to Tesco with you"]]).some((l) => l.includes("| home |")));
});

test("held at a name until a time of day is at work there: 'I'm stuck in Google till half 6'", () => {
  assert.ok(has(talk([["Ann", "I'm stuck in Google till half 6, got a call with California."]]), "Ann | workplace | Google"));
  assert.ok(!talk([["Ann", "I'm stuck in traffic till 6"]]).some((l) => l.includes("workplace")));
});
