/** Everyday turns of phrase for work and home (states-everyday.ts, orgJudged in states-remarks.ts) and the readings they rest on; on turns written here. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { talkLines } from "./testing.js";

const talk = (turns: [string, string][]) => talkLines(turns, ["home", "workplace"]);

test("a trade done for a named organisation is one's work; flying for an employer is no trip; a town after 'for' is not", () => {
  assert.deepEqual(talk([["Ann", "I fly for Qantas these days."]]), ["Ann | workplace | Qantas | 0.5"]);
  assert.deepEqual(talk([["Ann", "I drive for Bolt at weekends."]]), ["Ann | workplace | Bolt | 0.5"]);
  assert.deepEqual(talk([["Ann", "I fly for Lisbon on Friday."]]), []);
  assert.deepEqual(talk([["Ann", "I used to drive for Bolt."]]), []);
  assert.deepEqual(talk([["Ann", "I cook for my family."]]), []);
});

test("a name whose capital follows a short lower-case prefix is a name ('airBaltic', 'eBay')", () => {
  assert.deepEqual(talk([["Ann", "I work at eBay."]]), ["Ann | workplace | eBay"]);
  assert.deepEqual(talk([["Ann", "I left bioMérieux in May."]]), ["Ann | workplace | bioMérieux | ended"]);
});

test("an organisation judged now, with a word of one's working life in the turn, is the speaker's workplace; a town, a person, a common word or no such word is not", () => {
  assert.deepEqual(talk([["Ann", "Vantor is fine, my manager finally learned my name."]]), ["Ann | workplace | Vantor | 0.5"]);
  assert.deepEqual(talk([["Ann", "Kelso Foods is chaos as usual. Three meetings before lunch."]]), ["Ann | workplace | Kelso Foods | 0.5"]);
  assert.deepEqual(talk([["Ann", "The Bank of Kigali is very strict, my team lead checks everything."]]), ["Ann | workplace | Bank of Kigali | 0.5"]);
  assert.deepEqual(talk([["Ann", "Kestrix's good though, the team's lovely."]]), ["Ann | workplace | Kestrix | 0.5"]);
  assert.deepEqual(talk([["Ann", "Vantor is fine, thanks for asking."]]), []);
  assert.deepEqual(talk([["Ann", "Ha Tomas is fine, he got a job at the port."]]).filter((x) => x.includes("| Tomas")), []);
  assert.deepEqual(talk([["Ann", "Uniform is itchy but the team is nice."]]), []);
  assert.deepEqual(talk([["Ann", "Was Vantor good? My boss wants to know."]]), []);
});

test("an organisation's name by its last word has no weather ('a bit grey')", () => {
  assert.deepEqual(talk([["Ann", "Corlett Bank is fine, a bit grey, lots of meetings."]]), ["Ann | workplace | Corlett Bank | 0.5"]);
});

test("a short condition ending a sentence conditions only its own part; a modal before it keeps the sentence conditional", () => {
  assert.deepEqual(talk([["Ann", "I live in Tartu, I teach at the university, sometimes online if it snows."]]).filter((x) => x.includes("home")), ["Ann | home | Tartu"]);
  assert.deepEqual(talk([["Ann", "I'd move to Tartu, but only if they pay."]]), []);
});

test("a gerund of work at a name is that work now, unless a time to come is named; 'Working Christmas Eve' names no workplace", () => {
  assert.deepEqual(talk([["Ann", "Working at Telia, in the billing team."]]), ["Ann | workplace | Telia"]);
  assert.deepEqual(talk([["Ann", "Working at Telia from Monday."]]), ["Ann | workplace | Telia | planned | 0.5"]);
  assert.deepEqual(talk([["Ann", "Working Boxing Day. Great."]]), []);
});

test("one's job said to be at a name, one's pupils or desk at a name, an organisation making one a lead, a name alone then one's job", () => {
  assert.deepEqual(talk([["Ann", "And the job's at Makerere University, two classes a week."]]), ["Ann | workplace | Makerere University | 0.5"]);
  assert.deepEqual(talk([["Ann", "My new job is at Zipline."]]), ["Ann | workplace | Zipline | change"]);
  assert.deepEqual(talk([["Ann", "My Year 10 students at Oakfield Academy made me a card."]]), ["Ann | workplace | Oakfield Academy | 0.5"]);
  assert.deepEqual(talk([["Ann", "Haven't left my desk at Norvik Labs all week."]]), ["Ann | workplace | Norvik Labs | 0.5"]);
  assert.deepEqual(talk([["Ann", "Big news: Paystack made me team lead."]]), ["Ann | workplace | Paystack | 0.5"]);
  assert.deepEqual(talk([["Ann", "Sibanye. Shift supervisor, nights mostly."]]), ["Ann | workplace | Sibanye | 0.5"]);
  assert.deepEqual(talk([["Ann", "Tomas. Great guy."]]), []);
  assert.deepEqual(talk([["Ann", "Secretary. Secretary of the residents' committee, that's me now."]]), []);
  assert.deepEqual(talk([["Ann", "My kids at home made me a card."]]), []);
});

test("a home got away from or sold is ended; news told as 'Did I tell you …?' is told; an offer too good to turn down is taken", () => {
  assert.deepEqual(talk([["Ann", "Finally escaped Croydon. New flat in Sutton."]]), ["Ann | home | Croydon | ended | 0.5", "Ann | home | Sutton | 0.5"]);
  assert.deepEqual(talk([["Ann", "We sold the house in Hamilton and moved to Tauranga."]]), ["Ann | home | Hamilton | ended", "Ann | home | Tauranga | change"]);
  assert.deepEqual(talk([["Ann", "Did I tell you I got the Ocado job?"]]), ["Ann | workplace | Ocado | change"]);
  assert.deepEqual(talk([["Ann", "I quit Monzo! The Wise offer was too good to turn down."]]), ["Ann | workplace | Monzo | ended", "Ann | workplace | Wise | change"]);
  assert.deepEqual(talk([["Ann", "Did you get the Ocado job?"]]), []);
});

test("after an ending, an ordinary word alone or listed with an adjective names nothing ('Loud, greasy, love it', 'Phew'); a name does", () => {
  assert.deepEqual(talk([["Ann", "My last shift at Boots was Friday."], ["Ann", "Loud, greasy, love it."]]), ["Ann | workplace | Boots | ended"]);
  assert.deepEqual(talk([["Ann", "I left Boots."], ["Ann", "Phew."]]), ["Ann | workplace | Boots | ended"]);
  assert.deepEqual(talk([["Ann", "Next week's my last at Boots."]]), ["Ann | workplace | Boots | ended"]);
});

test("'Ha.' is an interjection, not an abbreviation that joins two sentences; a time of day after 'at' is no place", () => {
  assert.deepEqual(talk([["Ann", "Ha. Fine. Lerato, Soweto, teacher at Morris Isaacson."]]).filter((x) => x.includes("Ha")), []);
  assert.deepEqual(talk([["Ann", "In Spain we start at half nine."]]), []);
});

test("a reply to a question about one's shifts names the place after 'at', not the shift before it", () => {
  assert.deepEqual(talk([["Ben", "How's the new rota?"], ["Ann", "Lates at Asda all week."]]), ["Ann | workplace | Asda | 0.5"]);
});

test("in chat written all in lower case, words after 'at' ending in an organisation's word are its name", () => {
  assert.deepEqual(talk([["Ann", "starting nights at st bede general on monday"]]), ["Ann | workplace | St Bede General | 0.5"]);
  assert.deepEqual(talk([["Ann", "still at the local school lol"]]).filter((x) => x.includes("Local")), []);
});

test("an organisation that has something for its staff, an update from it, one staying late or 'we' at work, with the organisation judged: the workplace", () => {
  assert.deepEqual(talk([["Ann", "Corvana has free lunch in the canteen on Fridays."]]), ["Ann | workplace | Corvana | 0.5"]);
  assert.deepEqual(talk([["Ann", "Corvana update: the new CEO wants us in the office daily."]]), ["Ann | workplace | Corvana | 0.5"]);
  assert.deepEqual(talk([["Ann", "Corvana is the same, I stay late most nights."]]), ["Ann | workplace | Corvana | 0.5"]);
  assert.deepEqual(talk([["Ann", "Corvana is mad busy. We're fitting out a school in Accra."]]).filter((x) => x.includes("workplace")), ["Ann | workplace | Corvana | 0.5"]);
  assert.deepEqual(talk([["Ann", "Tomas has a new car."]]), []);
});

test("the terms of one's work at a name, an organisation's canteen, an organisation's yes before one's start: the workplace", () => {
  assert.deepEqual(talk([["Ann", "The hours at Kestrel Logistics are so regular I can plan a weekend."]]), ["Ann | workplace | Kestrel Logistics | 0.5"]);
  assert.deepEqual(talk([["Ann", "The Corvana canteen does a great laksa."]]), ["Ann | workplace | Corvana | 0.5"]);
  assert.deepEqual(talk([["Ann", "Corvana said yes!! I start Monday."]]), ["Ann | workplace | Corvana | change"]);
  assert.deepEqual(talk([["Ann", "Mum said yes! I start Monday."]]), []);
  assert.deepEqual(talk([["Ann", "The hours at the gym are weird."]]), []);
});

test("chat all in lower case: a word with a letter outside ASCII is a name unless the lexicon holds its unaccented form", () => {
  assert.deepEqual(talk([["Ann", "i live in üsküdar now"]]), ["Ann | home | Üsküdar | change"]);
  assert.deepEqual(talk([["Ann", "best café in town tbh"]]), []);
});

test("the daily way in names the workplace: heading somewhere named on the subway, reaching an organisation's office late; a town, an errand or a party does not", () => {
  assert.deepEqual(talk([["Ann", "On the tram heading to Vantor, half asleep."]]), ["Ann | workplace | Vantor | 0.5"]);
  assert.deepEqual(talk([["Ann", "Reached the Corvana office twenty minutes late again."]]), ["Ann | workplace | Corvana | 0.5"]);
  assert.deepEqual(talk([["Ann", "On the bus heading to Leeds for the match."]]), []);
  assert.deepEqual(talk([["Ann", "Reached the Hilton late, the party had started."]]), []);
});

test("a home sold and left is not within the new one", () => {
  assert.deepEqual(talkLines([["Ann", "We sold the house in Hamilton and moved to Tauranga."]], ["within"]), []);
});

test("a town, a name and one's line of work listed without one's name: the home and the workplace; towns alone are not", () => {
  assert.deepEqual(talk([["Ann", "Quick facts. Tartu, Bolt, customer support, mostly angry drivers."]]), ["Ann | home | Tartu | 0.5", "Ann | workplace | Bolt | 0.5"]);
  assert.deepEqual(talk([["Ann", "Leeds, Manchester, Liverpool, I've lived in all of them."]]), []);
});
