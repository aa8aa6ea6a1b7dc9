/** An organisation and its site: "with" an employer after an adverb, the asked employer named in full before where it
 * is, and an office named in apposition to its organisation; on turns written here. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { talkLines } from "./testing.js";

const talk = (turns: [string, string][]) => talkLines(turns, ["home", "workplace"]);

test("'I'm now with <organisation>' is an employer, an adverb standing between; 'went now with Tom' a companion", () => {
  assert.deepEqual(talk([["Ann", "Big change, I'm now with Heineken."]]), ["Ann | workplace | Heineken | change"]);
  assert.deepEqual(talk([["Ann", "I am currently with Siemens Energy."]]), ["Ann | workplace | Siemens Energy"]);
  assert.deepEqual(talk([["Ann", "We went now with Tom to the lake."]]), []);
});

test("'Still at Heineken?' 'Yes, Heineken Ireland, the brewery at Y': the asked employer in full, not its site", () => {
  assert.deepEqual(talk([["Bob", "Still at Heineken?"], ["Ann", "Yeah sure, Heineken Ireland, the brewery at Leeside. Same as ever."]]), ["Ann | workplace | Heineken Ireland"]);
  // a plain site after the yes, with no name of the asked one, is still read as before
  assert.deepEqual(talk([["Bob", "Still at the brewery?"], ["Ann", "Yes, at Leeside."]]), ["Ann | workplace | Leeside"]);
});

test("an office at a place after a comma and an organisation is that organisation's site, not another workplace", () => {
  assert.deepEqual(talk([["Ann", "Yes, still at Stanbic, head office at Airport City."]]), ["Ann | workplace | Stanbic"]);
  // no organisation before the comma: the office names the workplace, weakly, as before
  assert.deepEqual(talk([["Ann", "Busy week, the office at Airport City has no aircon."]]), ["Ann | workplace | Airport City | 0.5"]);
});

test("a dwelling 'at' a district, told now, is a home; one stayed at, or at an organisation, is not", () => {
  assert.deepEqual(talk([["Ann", "Kojo and I are still sharing the flat at Adabraka."]]).filter((x) => x.startsWith("Ann")), ["Ann | home | Adabraka | 0.5"]);
  assert.deepEqual(talk([["Ann", "We stayed at the house at Elmina."]]), []);
  assert.deepEqual(talk([["Ann", "They gave us a room at Kempinski Hotel."]]), []);
});

test("'<Org> flew us out', 'back on site with <Org> Thursday' name the employer; an uncle flying us, or Tom on site, do not", () => {
  assert.deepEqual(talk([["Ann", "Rio Tinto flew us out of Karratha yesterday."]]).filter((x) => x.includes("workplace")), ["Ann | workplace | Rio Tinto | 0.5"]);
  assert.deepEqual(talk([["Ann", "My uncle flew us out to Perth."]]).filter((x) => x.includes("workplace")), []);
  assert.deepEqual(talk([["Ann", "back on site with Fortescue Thursday."]]), ["Ann | workplace | Fortescue | 0.5"]);
  assert.deepEqual(talk([["Ann", "We're on site with Tom all day."]]), []);
});

test("the speaker's known named workplace, spoken of by its kind, is no new workplace; a change to a kind, or a joke, still is", () => {
  const work = (turns: [string, string][]) => talk(turns).filter((x) => x.includes("workplace"));
  assert.deepEqual(work([["Ann", "I'm at Anglo American, the Mogalakwena site."], ["Ann", "Twelve hour shifts at the mine this week."]]), ["Ann | workplace | Anglo American"]);
  assert.deepEqual(work([["Ann", "I'm at Anglo American."], ["Ann", "I've started at the hospital now."], ["Ann", "I quit my job at the mine."]]), ["Ann | workplace | Anglo American", "Ann | workplace | hospital | change", "Ann | workplace | mine | ended"]);
  // (a joke is read as one, for the update rule to weigh: not dropped here)
  assert.deepEqual(work([["Ann", "I'm at Anglo American."], ["Ann", "lol my real employer is the school run."]]), ["Ann | workplace | Anglo American", "Ann | workplace | school | 0.2"]);
});

test("'Still at <Org>?' 'aye, still in the warehouses at <town>': the site's town confirms the organisation asked after", () => {
  assert.deepEqual(talk([["Bob", "and you, still at Talisker?"], ["Ann", "aye, still in the warehouses at Carbost."]]), ["Ann | workplace | Talisker"]);
  // an organisation named after "at", or after a word that is no site's, is the answer
  assert.deepEqual(talk([["Bob", "Still at Tesco?"], ["Ann", "Yes, on the tills at Asda now."]]), ["Ann | workplace | Asda"]);
});

test("'Officially <Org> person now' works there; after 'I just resigned', it is the new job and its office no other", () => {
  assert.deepEqual(talk([["Ann", "Officially Safaricom person now."]]), ["Ann | workplace | Safaricom | 0.5"]);
  assert.deepEqual(talk([["Ann", "Officially Kisumu people now."]]), ["Ann | home | Kisumu | 0.5"]);
  const work = (turns: [string, string][]) => talk(turns).filter((x) => x.includes("workplace"));
  assert.deepEqual(work([["Bob", "Still Equity Bank?"], ["Ann", "Still Equity Bank, at the Upper Hill branch. But, between us, I just resigned."], ["--", ""], ["Ann", "Officially Safaricom person now. Office at Westlands, near the mall."]]), ["Ann | workplace | Equity Bank | ended", "Ann | workplace | Safaricom | 0.5"]);
});

test("'next time I'm in X', 'whenever I'm in X' are visits", () => {
  assert.deepEqual(talk([["Ann", "tell her next time I'm in Auckland, promise"]]), []);
  assert.deepEqual(talk([["Ann", "whenever I'm in Leeds I visit the market."]]), []);
});

test("'I've submitted my resignation at <Org>', 'handed in my notice at <Org>' end the job; a notice to come does not", () => {
  assert.deepEqual(talk([["Ann", "I've submitted my resignation at Zenith Bank, my manager's face was something."]]), ["Ann | workplace | Zenith Bank | ended"]);
  assert.deepEqual(talk([["Ann", "I'll hand in my notice at Aldi next week."]]), []);
});

test("brands in lower case ('at bet365', 'at easyJet') are names, an emoticon ('xD') is none; 'Can you tell I've been on nights at X?' tells it", () => {
  assert.deepEqual(talk([["Ann", "Oh, I'm at bet365 now, in their offices in Stoke."]]), ["Ann | workplace | bet365 | change"]);
  assert.deepEqual(talk([["Ann", "I work at easyJet."]]), ["Ann | workplace | easyJet"]);
  assert.deepEqual(talk([["Ann", "ur main deserved it tbh xD"]]), []);
  assert.deepEqual(talk([["Ann", "Ta. Can you tell I've been on nights at the Royal Derby? Brain's gone."]]), ["Ann | workplace | Royal Derby"]);
});
