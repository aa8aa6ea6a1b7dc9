/** What neighbours tell of each other's people: an employer after "with", someone a parcel is for, a room rented, a
 * base; on turns written here. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { talkLines } from "./testing.js";

const talk = (turns: [string, string][]) => talkLines(turns, ["home", "workplace"]);

test("'started with X' and '<job> with X' name an employer, never the person a pronoun stands for", () => {
  assert.deepEqual(talk([["Ann", "There's a parcel for Kibet at the caretaker's office, from Kenya Airways."], ["Bob", "That must be his new uniform! He started with Kenya Airways last month."]]), ["Kibet | workplace | Kenya Airways | change"]);
  assert.deepEqual(talk([["Ann", "My housemate Yvonne will be home."], ["Ann", "She's an accountant with Deloitte."]]), ["Yvonne | workplace | Deloitte"]);
  assert.deepEqual(talk([["Ann", "I'm a nurse with the NHS."]]), ["Ann | workplace | NHS"]);
  // a companion is no employer
  assert.deepEqual(talk([["Ann", "I'm a nurse with Sarah at the clinic."]]), []);
});

test("a dwelling rented in a named place is a home; a car rented is not", () => {
  assert.deepEqual(talk([["Ann", "My son Kibet is great."], ["Ann", "He rents a small bedsitter in Syokimau, near the airport."]]), ["Kibet | home | Syokimau"]);
  assert.deepEqual(talk([["Ann", "I rented a car in Perth."]]), []);
});

test("'based at X' is where one works from, unless the employer is already known; 'based in X' is a home", () => {
  assert.deepEqual(talk([["Ann", "I'm based at the Leeds office."]]), ["Ann | workplace | Leeds office"]);
  assert.deepEqual(talk([["Ann", "I'm based in Leeds."]]), ["Ann | home | Leeds"]);
  // (only a remark in passing, weaker than the employer)
  assert.deepEqual(talk([["Ann", "I work at Kenya Airways."], ["Ann", "I'm based at JKIA."]]), ["Ann | workplace | Kenya Airways", "Ann | workplace | JKIA | 0.5"]);
});

test("someone a box came for, and the relation just asked after named by 'That was Luis'", () => {
  assert.deepEqual(talk([["Ann", "Bob, a box came for Naomi, it's on my porch."], ["Bob", "Probably work stuff, she's been ordering half of Amazon since she started at Kaiser."]]), ["Naomi | workplace | Kaiser | change"]);
  assert.deepEqual(talk([["Bob", "Was that your nephew with the moving truck Saturday?"], ["Ann", "That was Luis. He finally left my couch. He got an apartment in Sacramento."]]), ["Luis | home | Sacramento | change"]);
  // with nothing asked, "That was X" names no relation, and the "he" after it stays unresolved
  assert.deepEqual(talk([["Ann", "That was Luis. He got an apartment in Sacramento."]]).filter((x) => x.startsWith("Ann's")), []);
});

test("an employer moving its staff is no move; 'jumped ship to X'; 'honestly' in an aside hedges the aside", () => {
  assert.deepEqual(talk([["Ann", "I'm back at CommBank on Monday after paternity leave, honestly a bit nervous."], ["Ann", "CommBank moved everyone to hot desks while I was away."]]).filter((x) => x.includes("home")), []);
  assert.deepEqual(talk([["Ann", "I'm back at CommBank on Monday after paternity leave, honestly a bit nervous."]]), ["Ann | workplace | CommBank"]);
  assert.deepEqual(talk([["Ann", "Big change, I've jumped ship to Canva. Started a fortnight ago."]]), ["Ann | workplace | Canva | change"]);
  assert.deepEqual(talk([["Ann", "I jumped ship to Leeds."]]), []);
});

test("a town called home is no person a pronoun can stand for; 'X is home for him' is his", () => {
  assert.deepEqual(talk([["Ann", "My brother Edem came for the ceremony."], ["Ann", "He talks about moving every year, but Ho is home for him. He teaches at the polytechnic there."]]), ["Edem | home | Ho | 0.5", "Edem | workplace | polytechnic"]);
});

test("the relation asked after, named as it is judged ('Layla's great'); an employer that has got him on a line", () => {
  assert.deepEqual(talk([["Bob", "How's your sister doing with the new baby?"], ["Ann", "Layla's great, exhausted but great. She's still in Dearborn near my parents."]]), ["Layla | home | Dearborn"]);
  assert.deepEqual(talk([["Ann", "My brother Tom is great."], ["Ann", "Ikea's got him on nights."]]).filter((x) => x.startsWith("Tom")), ["Tom | workplace | Ikea | 0.5"]);
});

test("a workplace told by its kind, then named in a verbless sentence of the same turn", () => {
  assert.deepEqual(talk([["Ann", "Funnily enough, I'm working at the nursery. Little Acorns, the one on Unthank Road."]]), ["Ann | workplace | nursery", "Ann | workplace | Little Acorns"]);
  assert.deepEqual(talk([["Ann", "I'm at the shop. Tom, can you call me?"]]).filter((x) => x.includes("Tom")), []);
  assert.deepEqual(talk([["Ann", "I work at the hospital. Leeds, the big one."]]).filter((x) => x.includes("workplace | Leeds")), []);
});

test("the daily drive judged ('Long drive from Clintonville') starts from home; a journey to a town does not", () => {
  assert.deepEqual(talk([["Ann", "Long drive from Clintonville but the work's better."]]), ["Ann | home | Clintonville | 0.5"]);
  assert.deepEqual(talk([["Ann", "Shorter drive from Maynooth, and no more twelve hour shifts."]]), ["Ann | home | Maynooth | 0.5"]);
  assert.deepEqual(talk([["Ann", "Long drive from Leeds to Hull yesterday."]]), []);
});

test("'<Town> to <Place>' in the daily jam is the way from home; a trip, or the names opening a clause, are not", () => {
  assert.deepEqual(talk([["Ann", "Cheras to Sunway in the evening jam, pray for me."]]), ["Ann | home | Cheras | 0.5"]);
  assert.deepEqual(talk([["Ann", "Only thing I got is a longer drive, Cyberjaya to KL every day."]]), ["Ann | home | Cyberjaya | 0.5"]);
  assert.deepEqual(talk([["Ann", "Leeds to Hull is an hour in traffic."]]), []);
  assert.deepEqual(talk([["Ann", "Flew Leeds to Paris in the rush."]]).filter((x) => x.includes("home")), []);
});

test("a dwelling found near a common noun ('near the lake') names no home", () => {
  assert.deepEqual(talk([["Ann", "I've relocated to Kisumu. I found a small house near the lake and the movers came on Saturday."]]), ["Ann | home | Kisumu | change"]);
  assert.deepEqual(talk([["Ann", "We found a little house near the water in Sydney."]]), ["Ann | home | Sydney | change"]);
});

test("living near a landmark tells no home; near a town it does", () => {
  assert.deepEqual(talk([["Ann", "We live near Molo church, so come visit."]]), []);
  assert.deepEqual(talk([["Ann", "We live near Leeds."]]), ["Ann | home | Leeds"]);
});

test("a known home said to feel like a different life is left behind, not confirmed", () => {
  const lines = talk([["Ann", "Still in Shah Alam, same apartment near the lake."], ["Ann", "Shah Alam already feels like a different life."]]);
  assert.deepEqual(lines.filter((x) => x.includes("Shah Alam")), ["Ann | home | Shah Alam"]);
});
