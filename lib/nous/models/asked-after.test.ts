/** Someone asked after by name and then where they still are, sentences ending in "in.", and a wee flat; on turns
 * written here. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { analyse } from "./nlp.js";
import { talkLines } from "./testing.js";

const talk = (turns: [string, string][]) => talkLines(turns, ["home", "workplace"]);

test("'in.' ending a sentence before a capital ends the sentence; inches after a number do not", () => {
  assert.equal(analyse("Count me in. Thanks a lot.").length, 2);
  assert.equal(analyse("Kofi wants in. Remember my brother?").length, 2);
  assert.equal(analyse("The screen is 6 in. Wide enough.").length, 1);
  assert.deepEqual(talk([["Ann", "Oh and Kofi wants in. Remember my brother? He's living down in Takoradi now."]]), ["Kofi | home | Takoradi | change"]);
});

test("a wee flat in a town is a home, the tagger's noun notwithstanding", () => {
  assert.deepEqual(talk([["Ann", "Callum's sorted now. He's renting a wee flat in Oban."]]), ["Callum | home | Oban | 0.5"]);
});

test("'how is <name>? Still in <place>?': the yes is the named one's, and the name is no home of the listener's", () => {
  assert.deepEqual(talk([["Bob", "Eh, how is Chidinma? Still in Ireland?"], ["Ann", "Yes, my cousin's settled in Limerick now."]]).filter((x) => !x.includes("cousin")), ["Chidinma | home | Limerick"]);
  assert.deepEqual(talk([["Bob", "How about your girl Amara? Still in Leeds?"], ["Ann", "Still there, working at Asda, renting a room in Headingley."]]), ["Amara | home | Headingley"]);
  // a town of the gazetteer asked after is still the listener's home, and an organisation still their work
  assert.deepEqual(talk([["Bob", "How is Leeds? Still in Headingley?"]]), ["Ann | home | Leeds | 0.5"]);
  assert.deepEqual(talk([["Bob", "How's BASF? Still making chemicals?"]]), ["Ann | workplace | BASF | 0.5"]);
});

test("a home reply's town, then a district opening the next sentence before a comma, gives the district within it", () => {
  assert.deepEqual(talk([["Bob", "Where are you these days?"], ["Ann", "Accra still. Osu, sharing with my sister near the market."]]), ["Ann | home | Accra", "Ann | home | Osu"]);
  // a person or a country opening the next sentence is no district
  assert.deepEqual(talk([["Bob", "Where are you these days?"], ["Ann", "Accra still. Kwesi, my brother, says hi."]]), ["Ann | home | Accra"]);
  assert.deepEqual(talk([["Bob", "Still in Accra?"], ["Ann", "Yes, still in Accra. Ghana, the best country, honestly."]]), ["Ann | home | Accra"]);
});

test("'Give me your address' asks where one lives; 'Arre. It's <place>, …' answers it", () => {
  assert.deepEqual(talk([["Bob", "Tell me your address properly this time."], ["Ann", "Arre. It's Salt Lake, Sector Five, near the bus stand."]]), ["Ann | home | Salt Lake"]);
  assert.deepEqual(talk([["Bob", "Give me your current address."], ["Ann", "It's Tema, Community 25."]]), ["Ann | home | Tema"]);
  // "it's" with no name after it answers nothing
  assert.deepEqual(talk([["Bob", "Give me your current address."], ["Ann", "It's a long story."]]), []);
  // an address asked of someone else, or told of, is no question to the listener
  assert.deepEqual(talk([["Bob", "I gave the courier my address."], ["Ann", "It's Tema, right?"]]), []);
});

test("'How's work?' and 'how work?' ask after the listener's work; the reply's first organisation answers it", () => {
  assert.deepEqual(talk([["Bob", "How's work?"], ["Ann", "Halden Freight is fine."]]), ["Ann | workplace | Halden Freight | 0.5"]);
  assert.deepEqual(talk([["Bob", "how work? KATH still stressing you?"], ["Ann", "KATH will kill me. Three night shifts."]]), ["Ann | workplace | KATH | 0.5"]);
  // a word of two letters opening a sentence ("Mi tell you") answers nothing
  assert.deepEqual(talk([["Bob", "How work?"], ["Ann", "Work fine, but the traffic! Mi tell you, it bad."]]), []);
});

test("'how is she, still at <organisation>?' asks after the one 'she' stands for", () => {
  assert.deepEqual(talk([["Ann", "My sister Efua started at Ecobank."], ["Bob", "Nice! how is she, still at Ecobank?"], ["Ann", "Yes, loving it."]]), ["Efua | workplace | Ecobank | change", "Efua | workplace | Ecobank"]);
});

test("a person whose work is known, named again in a later session, is the 'he' after; with the gender of their relation", () => {
  assert.deepEqual(talk([["Bob", "And my boy Tunde finally got a job. He's at Flutterwave."], ["--", ""], ["Ann", "Tell Tunde congratulations from his aunty. Does he live at home still?"], ["Bob", "No, he's taken a flat in Yaba with two friends."]]).filter((x) => x.includes("home")), ["Tunde | home | Yaba | 0.5"]);
  // "my son Kwame", named again in a later session: "she" is not him
  assert.deepEqual(talk([["Bob", "My son Kwame works at MTN."], ["--", ""], ["Bob", "I told Kwame. How is your wife's health?"], ["Ann", "She went back to her job at Korle Bu."]]).filter((x) => x.startsWith("Kwame")), ["Kwame | workplace | MTN"]);
});

test("a capitalised word between commas after a yes is a name, even one the tagger reads as a verb ('Yes, Grab, …')", () => {
  assert.deepEqual(talk([["Bob", "So where are you working now?"], ["Ann", "Yes, Grab, the office in Bangsar South."]]), ["Ann | workplace | Grab"]);
  assert.notEqual(analyse("Yes, Sure, fine.")[0][2].pos, "PROPN");
});

test("'Where am I collecting you from?' asks where one lives; '<Org> lets me off at five' names the employer; home for Christmas is a visit", () => {
  assert.deepEqual(talk([["Bob", "Where am I picking you up from?"], ["Ann", "Phibsborough, the house with the red door."]]), ["Ann | home | Phibsborough"]);
  assert.deepEqual(talk([["Ann", "Deloitte lets me off at five on Fridays."]]), ["Ann | workplace | Deloitte | 0.5"]);
  assert.deepEqual(talk([["Ann", "My mum lets me off the dishes."]]), []);
  assert.deepEqual(talk([["Ann", "I was home in Kandy for Christmas."]]), []);
  assert.deepEqual(talk([["Ann", "Finally home in Kandy, boxes everywhere."]]), ["Ann | home | Kandy | 0.5"]);
});

test("'Where are you living these days, still Caerleon?' asks a home; 'teaching PE at <school>' names the workplace", () => {
  assert.deepEqual(talk([["Bob", "Where are you living these days, still Dunmanway?"], ["Ann", "Yes, still Dunmanway, near the square."]]), ["Ann | home | Dunmanway"]);
  assert.deepEqual(talk([["Ann", "I switched schools over the summer, I'm teaching PE at Marden High now."]]), ["Ann | workplace | Marden High | change"]);
  assert.deepEqual(talk([["Ann", "I teach French at Lycée Molière."]]), ["Ann | workplace | Lycée Molière"]);
});

test("'Where's the office?' asks after the listener's work", () => {
  assert.deepEqual(talk([["Bob", "Sensible. Where's the office?"], ["Ann", "Paystack, a fintech on Awolowo Road."]]), ["Ann | workplace | Paystack"]);
});

test("'so you work for Caribou now' is a guess put to the listener, no state; 'flatting in Newtown' opening a sentence is the speaker's home", () => {
  assert.deepEqual(talk([["Bob", "so you work for Caribou now"]]), []);
  assert.deepEqual(talk([["Bob", "So you know, I work at Caribou now."]]), ["Bob | workplace | Caribou | change"]);
  assert.deepEqual(talk([["Ann", "just started, was gonna surprise you. flatting in Newtown"]]), ["Ann | home | Newtown | 0.5"]);
});

test("'where are you to?', 'Still <street>?' ask a home; 'down the road in Mumbles' (a name the tagger reads as a verb) is one", () => {
  assert.deepEqual(talk([["Bob", "Course, where are you to?"], ["Ann", "Splott, on Railway Street, opposite the chippy."]]), ["Ann | home | Splott"]);
  assert.deepEqual(talk([["Bob", "Still Albany Road?"], ["Ann", "Still Roath, yes."]]), ["Ann | home | Roath"]);
  assert.deepEqual(talk([["Ann", "I'll drive, I'm only down the road in Mumbles."]]).filter((x) => x.includes("home")), ["Ann | home | Mumbles"]);
});

test("one who has a relation ('Amina's father', 'Mason's mum') is a person: no home of the listener's, no town judged", () => {
  assert.deepEqual(talk([["Ann", "Salaam, it's Hassan, Halima's father."], ["Bob", "How's Halima? Wanjiku misses her."]]), []);
  assert.deepEqual(talk([["Ann", "Alright, it's Jade, Dudley's mum."], ["Ann", "Dudley's chuffed to bits with his fade."]]), []);
  // a town judged, with no one named for it, is still a remark on the speaker's town
  assert.deepEqual(talk([["Ann", "Dudley's chuffed to bits with the new market."]]), ["Ann | home | Dudley | 0.5"]);
});

test("'And work is still Apple?' 'It is, up at the Hollyhill campus.'; 'Oh you're in Chilwell?' presumes the listener's home", () => {
  assert.deepEqual(talk([["Bob", "And work is still Intel?"], ["Ann", "It is, up at the Leixlip campus."]]), ["Ann | workplace | Intel"]);
  assert.deepEqual(talk([["Ann", "Oh you're in Beeston? We're over in Stapleford."]]), ["Bob | home | Beeston | 0.5", "Ann | home | Stapleford"]);
  // a country, or a question going on past the town, presumes nothing
  assert.deepEqual(talk([["Ann", "You're in New Zealand I heard?"]]), []);
  assert.deepEqual(talk([["Ann", "any chance you're in London at christmas?"]]), []);
});

test("a where-question about someone answered in a later session is theirs; 'a nurse too, out in Lubbock' names her town", () => {
  assert.deepEqual(talk([["Bob", "My wife Hodan baked them before her shift."], ["Ann", "Where does she work, if you don't mind me asking?"], ["--", ""], ["Bob", "Sorry, just saw this. She's a nurse at St David's, in the NICU."]]), ["Hodan | workplace | St David's"]);
  assert.deepEqual(talk([["Ann", "My sister Tessa is a nurse too, out in Lubbock."]]), ["Tessa | home | Lubbock"]);
});
