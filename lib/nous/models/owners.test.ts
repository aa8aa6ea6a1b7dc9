/** Employers named beside their sites, and homes named beside their towns; on turns written here. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { Memory } from "../engine.js";
import { query } from "../query.js";
import { mayLieWithin } from "./gazetteer.js";
import { answerOffline, questionStates } from "./offline.js";
import { organisationName } from "./states-common.js";
import { memoryOfTurns, talkLines } from "./testing.js";

const talk = (turns: [string, string][]) => talkLines(turns, ["home", "workplace", "within"]);
const ask = (mem: Memory, q: string) => answerOffline(query(mem, q, { stateAttributes: questionStates(q) }));

test("'the <organisation> office at <place>' and 'the <organisation> grad scheme at <place>' name the organisation, not its site", () => {
  assert.deepEqual(talk([["Ann", "surviving lah. the DBS office at Marina Bay damn cold though"]]), ["Ann | workplace | DBS | 0.5"]);
  assert.deepEqual(talk([["Ann", "I'm on the Airbus grad scheme up at Filton, before you ask"]]), ["Ann | workplace | Airbus | 0.5"]);
  // a town before the office names no organisation; a shift is no scheme
  assert.deepEqual(talk([["Ann", "the Leeds office at Wellington Place is cold"]]).filter((x) => x.includes("workplace")), ["Ann | workplace | Wellington Place | 0.5"]);
  assert.deepEqual(talk([["Ann", "I'm on the night shift at Tesco"]]), ["Ann | workplace | Tesco"]);
});

test("an organisation's word, then 'of': 'working in Bank of Baroda' is a workplace", () => {
  assert.ok(organisationName("Bank of Baroda") && organisationName("University of Ghana"));
  assert.ok(!organisationName("Isle of Man") && !organisationName("Bay of Plenty"));
  assert.deepEqual(talk([["Ann", "I stay in Alkapuri, and I am working in Bank of Baroda since fifteen years."]]), ["Ann | home | Alkapuri", "Ann | workplace | Bank of Baroda"]);
});

test("going to an organisation every day is going to work; going to a town is not", () => {
  assert.deepEqual(talk([["Ann", "Me every day jam on the Penang bridge going to Intel in Bayan Lepas"]]), ["Ann | workplace | Intel | 0.5"]);
  assert.deepEqual(talk([["Ann", "Every day I'm going to Leeds for the course"]]), []);
  assert.deepEqual(talk([["Ann", "Going to Intel in Bayan Lepas for a meeting"]]), []);
});

test("'In Salthill, sharing with 3 nurses': a verbless opening place and one's way of living there is a home, not a stay", () => {
  assert.deepEqual(talk([["Bob", "How's Galway"], ["Ann", "Galway is wet. Always wet. In Salthill, sharing with 3 nurses"]]), ["Ann | home | Galway | 0.5", "Ann | home | Galway | 0.5", "Ann | home | Salthill | 0.5", "Salthill | within | Galway"]);
  assert.deepEqual(talk([["Ann", "In Paris, staying with friends for the weekend"]]), []);
});

test("a small town of another country only may be a district of a city: the answer names both", () => {
  assert.ok(mayLieWithin("Easton", "Bristol") && mayLieWithin("Lakeside", "Pokhara"));
  assert.ok(!mayLieWithin("Leeds", "York") && !mayLieWithin("Manchester", "London"));
  const mem = memoryOfTurns([["Ann", "can't, bristol rents are criminal, this is the cheapest room in easton for a reason"], ["Bob", "fair"]]);
  assert.equal(ask(mem, "Where does Ann live now?"), "Easton, Bristol");
  const mem2 = memoryOfTurns([["Ann", "I am back in Pokhara since three years, small house near Lakeside."], ["Bob", "lovely"]]);
  assert.equal(ask(mem2, "Where does Ann live now?"), "Lakeside, Pokhara");
});

test("a town answered short is given in full when the evidence names its hyphenated form", () => {
  const mem = memoryOfTurns([["Bob", "how's leigh, still pretending you live in a fishing village"], ["Ann", "leigh-on-sea IS a fishing village babe, i had cockles for tea."]]);
  assert.equal(ask(mem, "Where does Ann live now?"), "Leigh-on-sea");
  // one hyphen is a word made with the name, not a longer name
  const mem2 = memoryOfTurns([["Ann", "I live in Leeds."], ["Ann", "A Leeds-based firm called me."]]);
  assert.equal(ask(mem2, "Where does Ann live now?"), "Leeds");
});

test("a listener's laugh after the teller's own laugh about something else takes no news back; after a joke of the teller's own it does", () => {
  const ended = (turns: [string, string][]) => talk(turns).filter((x) => x.endsWith("| ended"));
  assert.deepEqual(ended([["Ann", "Yeah we're in Fort Lee now, right off Main Street. My mom is thrilled, there's like four H Marts within reach lol."], ["Bob", "lol of course. You still commuting into the city?"]]), []);
  assert.deepEqual(ended([["Ann", "I think now I officially live in Lotte World. Monday I go back to my classroom and rest, haha."], ["Bob", "Haha, you deserve the rest."]]), ["Ann | home | Lotte World | ended"]);
});

test("'work is in Dubai, Rashid Hospital': the organisation after the town; people after it are no workplace", () => {
  assert.deepEqual(talk([["Ann", "Yes, Al Nahda, the cheap side of the border. But work is in Dubai, Rashid Hospital, trauma centre."]]).filter((x) => x.includes("workplace")), ["Ann | workplace | Rashid Hospital | 0.5"]);
  assert.deepEqual(talk([["Ann", "Work is in Leeds, Ann and Tom are there."]]).filter((x) => x.includes("workplace")), []);
});

test("the daily way's trouble from a town is from home: 'The jam from Puchong every morning'", () => {
  assert.deepEqual(talk([["Ann", "The jam from Puchong every morning is terrible."]]), ["Ann | home | Puchong | 0.5"]);
  assert.deepEqual(talk([["Ann", "The flight from Lagos every day is full."]]), []);
});

test("a villa is a dwelling; 'still sharing in X?' asks where the listener lives; 'X right?' is a tag, no part of the name", () => {
  assert.deepEqual(talk([["Ann", "Ha. Dammam is cheap at least, our villa in Al Faisaliyah is huge, five of us."]]), ["Ann | home | Al Faisaliyah"]);
  assert.deepEqual(talk([["Bob", "Are you still sharing in Salmiya?"], ["Ann", "Yes, Salmiya, same flat, four nurses and one rice cooker."]]), ["Ann | home | Salmiya"]);
  assert.deepEqual(talk([["Bob", "You're in Tanjung Bungah right?"], ["Ann", "Yes."]]), ["Ann | home | Tanjung Bungah"]);
});

test("after an ending with no named value, a place the belief holds within the one answered, as probable, is named with it", () => {
  const mem = memoryOfTurns([["Bob", "How's Pune?"], ["Ann", "Rainy. I'm at Tata Motors in Pimpri now, and I rent a room in Pimpri itself."], ["Ann", "I'm pretty sure I live in the paint shop now."], ["Bob", "Haha, ask the robots to pay half your rent."]]);
  assert.equal(ask(mem, "Where does Ann live now?"), "Pimpri, Pune");
});

test("a name answered without the lower-case words read after it", async () => {
  const { nameOnly } = await import("./offline.js");
  assert.equal(nameOnly("Siemens healthcare team"), "Siemens");
  assert.equal(nameOnly("Kralingen, Rotterdam full time"), "Kralingen, Rotterdam");
  assert.equal(nameOnly("Bank of Baroda"), "Bank of Baroda");
  assert.equal(nameOnly("university library"), "university library");
});

test("a switch to an organisation in a turn about work is a new workplace; to a product or a site of the same employer it is not", () => {
  assert.deepEqual(talk([["Ann", "Believe it or not, I've switched to Adidas. Their North Portland campus, started two weeks ago."]]), ["Ann | workplace | Adidas | change"]);
  assert.deepEqual(talk([["Ann", "I switched to Android last month."]]), []);
  assert.deepEqual(talk([["Ann", "New job news: I switched to the Leeds office last month."]]).filter((x) => x.includes("Leeds")), []);
});

test("two towns opening a sentence of every single morning's way: the first is home; going into an organisation's office is work", () => {
  assert.deepEqual(talk([["Ann", "Longer. Royal Oak to Dearborn is all Southfield Freeway, every single morning."]]), ["Ann | home | Royal Oak | 0.5"]);
  assert.deepEqual(talk([["Ann", "I go into the Arup office on Tuesdays."]]).filter((x) => x.includes("workplace")), ["Ann | workplace | Arup | 0.5"]);
  assert.deepEqual(talk([["Ann", "We go into the Leeds office on Tuesdays."]]).filter((x) => x.includes("workplace")), []);
});

test("a two-bedroom is a dwelling; a home asked after that the reply names as a place of work is that workplace", () => {
  assert.deepEqual(talk([["Ann", "We found a two-bedroom in Oakland. Moving in June."]]), ["Ann | home | Oakland | 0.5"]);
  assert.deepEqual(talk([["Bob", "You're still in Salesforce Tower?"], ["Ann", "Still at Salesforce, 29th floor."]]), ["Ann | workplace | Salesforce"]);
  assert.deepEqual(talk([["Bob", "You're still in Bristol?"], ["Ann", "Still at Bristol Uni, yes."]]), ["Ann | home | Bristol", "Ann | workplace | Bristol Uni"]);
});

test("'my eldest, Miguel': an eldest or youngest is a relation a pronoun may stand for", () => {
  assert.deepEqual(talk([["Ann", "Remember my eldest, Miguel? He just passed the board exam."], ["Ann", "He's now a junior engineer at Meralco in Pasig."]]), ["Miguel | workplace | Meralco | change"]);
});

test("coming home for a holiday is a visit; a city named after its region lies within it; someone happy in a town now lives there", () => {
  assert.deepEqual(talk([["Ann", "Rhea came home to Thane for Diwali and spoke about nothing but her office."]]), []);
  assert.deepEqual(talk([["Ann", "My daughter Rhea is in Ontario as well now, in Toronto."]]), ["Rhea | home | Toronto | change", "Rhea | home | Ontario | change", "Toronto | within | Ontario"]);
  assert.deepEqual(talk([["Ann", "I emailed Ashwin. He sounds very happy in Seattle."]]), ["Ashwin | home | Seattle | 0.5"]);
  assert.deepEqual(talk([["Ann", "I was happy in Rome."]]), []);
  assert.deepEqual(talk([["Ann", "I work at Pearl Bay Hospital."], ["Ann", "Tell her I'm happy in Pearl Bay."]]).filter((x) => x.includes("home")), []);
});

test("names after 'of' that end in an organisation's head, and a name the clause's end cut, are read whole", () => {
  assert.deepEqual(talk([["Ann", "For me it knows I'm in IT at Prince of Wales Hospital."]]), ["Ann | workplace | Prince of Wales Hospital | 0.5"]);
  assert.deepEqual(talk([["Ann", "I've left the hospital and started at Central Australian Aboriginal Congress doing primary care."]]), ["Ann | workplace | Central Australian Aboriginal Congress | change"]);
});

test("with no town of the gazetteer in the evidence, a home asked after is a name the entity said after 'from' or 'in', no dictionary's or organisation's", () => {
  const mem = memoryOfTurns([["Bob", "Was the traffic bad on your side this morning?"], ["Ann", "Shame. I'm lucky, coming from Umhlanga it's mostly highway."], ["Bob", "Eish."]]);
  assert.equal(ask(mem, "Where does Ann live now?"), "Umhlanga");
  const mem2 = memoryOfTurns([["Ann", "Shame. I'm lucky, coming from Summer it's mostly highway."], ["Bob", "Eish."]]);
  assert.notEqual(ask(mem2, "Where does Ann live now?"), "Summer");
});
