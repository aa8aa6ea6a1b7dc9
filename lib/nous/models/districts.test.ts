/** A district set after its town, a town's region, people asked after, employers' acts and questions about a workplace. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { talkLines } from "./testing.js";
import { isRegion, isRegionCode } from "./gazetteer.js";

const talk = (turns: [string, string][], speakers = ["Ann", "Bob"]) => talkLines(turns, ["home", "workplace", "within"], { speakers });

test("a town's first-level region is known by the town's country; a district is no region", () => {
  assert.equal(isRegion("Texas", "Austin"), true);
  assert.equal(isRegion("Gauteng", "Johannesburg"), true);
  assert.equal(isRegion("Headingley", "Leeds"), false);
  // (a region of another country than any town of that name)
  assert.equal(isRegion("Gauteng", "Leeds"), false);
  assert.equal(isRegion("Ontario"), true);
});

test("'in Leeds now, Headingley', 'moved to Cape Town, Observatory.': a name set after the home town ending the clause is a district within it; a region, a person's name or a list of work after it is not", () => {
  assert.deepEqual(talk([["Ann", "I'm in Leeds now, Headingley, married with twins."]]), ["Ann | home | Leeds | change", "Ann | home | Headingley | change", "Headingley | within | Leeds"]);
  assert.deepEqual(talk([["Ann", "We packed up and moved to Cape Town, Observatory."]]), ["Ann | home | Cape Town | change", "Ann | home | Observatory | change", "Observatory | within | Cape Town"]);
  assert.deepEqual(talk([["Ann", "We shifted to Pune last month, Baner."]]).filter((l) => l.includes("within")), ["Baner | within | Pune"]);
  assert.deepEqual(talk([["Ann", "I live in Austin, Texas."]]), ["Ann | home | Austin"]);
  assert.deepEqual(talk([["Ann", "I live in Pune, Maharashtra."]]), ["Ann | home | Pune"]);
  assert.deepEqual(talk([["Ann", "Me still Hyderabad, Taj Krishna, F&B."]]).filter((l) => l.startsWith("Ann | home")), ["Ann | home | Hyderabad"]);
  assert.deepEqual(talk([["Ann", "I'm in Leeds now, Bob."]]), ["Ann | home | Leeds | change"]);
});

test("', sharing in the Holylands', 'small flat on Grünerløkka': how one lives in a district after the town; a flat on a street is no district", () => {
  assert.deepEqual(talk([["Ann", "I'm up in Belfast, sharing in the Holylands with students."]]), ["Ann | home | Belfast", "Ann | home | Holylands", "Holylands | within | Belfast"]);
  assert.deepEqual(talk([["Ann", "I live in Oslo, small flat on Grünerløkka."]]), ["Ann | home | Oslo", "Ann | home | Grünerløkka", "Grünerløkka | within | Oslo"]);
  assert.deepEqual(talk([["Ann", "I live in Hamilton, in a flat above a bakery on James Street North."]]), ["Ann | home | Hamilton"]);
});

test("a name a where-question or 'and X?' asks after is a person: the reply's 'he' or 'she' is them", () => {
  assert.deepEqual(talk([["Ann", "Bob, do you know where Víctor ended up?"], ["Bob", "he's at the Max Planck Institute in Leipzig"], ["Bob", "he lives in Plagwitz"]]), ["Víctor | home | Plagwitz"]);
  assert.deepEqual(talk([["Ann", "How's Tom doing?"], ["Bob", "he lives in Plagwitz now"]]), ["Tom | home | Plagwitz | change"]);
  assert.deepEqual(talk([["Ann", "and Wanjiru? she was in my group"], ["Bob", "she's back in Nairobi, doing genomics at ILRI"]]).filter((l) => l.startsWith("Wanjiru")), ["Wanjiru | home | Nairobi"]);
  assert.deepEqual(talk([["Ann", "What about Esther?"], ["Bob", "she lives in St Kilda"]]), ["Esther | home | St Kilda"]);
  assert.deepEqual(talk([["Ann", "That's Tom. He lives in Leeds."]]), ["Tom | home | Leeds"]);
  // (no question: the pronoun has no one to go to)
  assert.deepEqual(talk([["Ann", "Nice weather."], ["Bob", "she lives in St Kilda"]]).filter((l) => l.includes("St Kilda")), []);
});

test("an employer giving days off, a layover or leave is the speaker's workplace; giving a lift is not", () => {
  assert.deepEqual(talk([["Ann", "Landed this morning. Cathay gave us a 2 day layover, so tired"]]), ["Ann | workplace | Cathay | 0.5"]);
  assert.deepEqual(talk([["Ann", "Merivale finally gave me sundays off."]]), ["Ann | workplace | Merivale | 0.5"]);
  assert.deepEqual(talk([["Ann", "Discovery finally approved my leave."]]), ["Ann | workplace | Discovery | 0.5"]);
  assert.deepEqual(talk([["Ann", "Merivale gave me a lift home."]]), []);
});

test("'how's the group at ANU?', 'any news from Stellenbosch University?': a question presumes the listener's workplace; news from a town does not", () => {
  assert.deepEqual(talk([["Ann", "Hi!"], ["Bob", "how's the group at ANU?"]]), ["Ann | workplace | ANU | 0.5"]);
  assert.deepEqual(talk([["Ann", "Hi!"], ["Bob", "how's the group at the University of Warsaw?"]]), ["Ann | workplace | University of Warsaw | 0.5"]);
  assert.deepEqual(talk([["Ann", "Hi!"], ["Bob", "any news from Stellenbosch University?"]]), ["Ann | workplace | Stellenbosch University | 0.5"]);
  assert.deepEqual(talk([["Ann", "Hi!"], ["Bob", "any news from Leeds?"]]), []);
});

test("Caribbean 'Mi' opening a sentence is the speaker", () => {
  assert.deepEqual(talk([["Ann", "Mi finally move out of Christiana, get a likkle apartment in Mandeville near the park."]]).filter((l) => l.startsWith("Mi")), []);
  assert.deepEqual(talk([["Ann", "Mi work at Digicel now."]]), ["Ann | workplace | Digicel"]);
});

test("'Kadian is in Canada now. Brampton, outside Toronto.': a verbless sentence opening with a town of the country given as a home names the town; an adjective does not", () => {
  assert.deepEqual(talk([["Ann", "Kadian is in Canada now. Brampton, outside Toronto."]]).filter((l) => l.startsWith("Kadian")), ["Kadian | home | Canada | change", "Kadian | home | Brampton | change"]);
  assert.deepEqual(talk([["Ann", "I moved to Spain. Valencia, near the river."]]), ["Ann | home | Spain | change", "Ann | home | Valencia | change", "Valencia | within | Spain"]);
  assert.deepEqual(talk([["Ann", "I moved to Spain. Lovely, honestly."]]), ["Ann | home | Spain | change"]);
});

test("'The Princess of Wales Hospital has him on nights': the employer's whole name, 'of' and all; 'the Sony plant', 'the Tesco depot' are Sony and Tesco", () => {
  assert.deepEqual(talk([["Ann", "My brother Tom is a porter now. The Princess of Wales Hospital has him on nights."]]).filter((l) => l.startsWith("Tom")), ["Tom | workplace | Princess of Wales Hospital | 0.5"]);
  assert.deepEqual(talk([["Ann", "The Royal Infirmary has me on nights."]]), ["Ann | workplace | Royal Infirmary | 0.5"]);
  assert.deepEqual(talk([["Ann", "Anyway Tesco has me on nights."]]), ["Ann | workplace | Tesco | 0.5"]);
  assert.deepEqual(talk([["Ann", "I'm at the Sony plant in Pencoed now"]]), ["Ann | workplace | Sony | change"]);
  assert.deepEqual(talk([["Ann", "I'm at the Tesco depot in Leeds now"]]), ["Ann | workplace | Tesco | change"]);
  assert.deepEqual(talk([["Ann", "I'm at the London office now"]]), ["Ann | workplace | London office | change"]);
});

test("a state, province or territory's postal code in capitals is a region's (US, Canada, Australia), no other code", () => {
  for (const code of ["TX", "CO", "QLD", "ON", "BC"]) assert.equal(isRegionCode(code), true, code);
  for (const code of ["Tx", "UK", "XY", "14"]) assert.equal(isRegionCode(code), false, code);
});
