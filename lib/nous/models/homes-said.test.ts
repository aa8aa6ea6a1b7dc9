/** Homes and workplaces said in passing: a dwelling after a town's remark, living with one's family, a part of town
 * or an office after an organisation's name, a greeting and the listener's name as no value; on turns written here. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { talkLines } from "./testing.js";

const talk = (turns: [string, string][]) => talkLines(turns, ["home", "workplace"]);

test("'Tamale is hot, but the house in Kalpohin is quiet': the dwelling is the speaker's, the town is no holder", () => {
  assert.deepEqual(talk([["Ann", "Tamale is hot oo, but the house in Kalpohin is quiet, I like it."]]), ["Ann | home | Kalpohin | 0.5", "Ann | home | Tamale | 0.5"]);
});

test("'I'm still with my parents in <town>' is a home; 'I was with my parents in <town> for Christmas' is not", () => {
  assert.deepEqual(talk([["Ann", "same lor. I'm also still with my parents in Jurong West"]]), ["Ann | home | Jurong West"]);
  assert.deepEqual(talk([["Ann", "I was with my parents in Jurong West for Christmas."]]), []);
});

test("a dwelling after a comma, 'little' read as an adverb: 'Settled in now, little flat in Splott'; 'flat in texture' is none", () => {
  assert.deepEqual(talk([["Ann", "Settled in now, little flat in Splott, just off the main road."]]), ["Ann | home | Splott | 0.5"]);
  assert.deepEqual(talk([["Ann", "I tried it, flat in texture."]]), []);
});

test("a part of town after an organisation's name ends it; an office is its organisation's, unless a town's", () => {
  assert.deepEqual(talk([["Ann", "I'm at Enbridge downtown, rotational program."]]), ["Ann | workplace | Enbridge"]);
  assert.deepEqual(talk([["Ann", "Nope, I'm at Siemens's office in Camberley now."]]), ["Ann | workplace | Siemens | change"]);
  // ("a bakery downtown": no name, no cut)
  assert.deepEqual(talk([["Ann", "I'm at the London office now."]]).map((x) => x.split(" | ")[2]), ["London office"]);
});

test("greetings are no names ('Walaikum salaam!'), and the listener's name is no home ('moved into the stacks, Carys')", () => {
  assert.deepEqual(talk([["Bob", "Still with Qatar Airways?"], ["Ann", "Walaikum salaam! Yes, still at Qatar Airways."]]).filter((x) => x.includes("alaam")), []);
  assert.deepEqual(talkLines([["Ann", "I've moved into the basement stacks, Bob. Camp bed and all."]], ["home"]), []);
});

test("handing back the keys in a town, or the <town> flat, ends that home; handing in one's notice is the job's", () => {
  assert.deepEqual(talk([["Ann", "Done, handed back the keys in Phibsborough today, bit emotional."]]), ["Ann | home | Phibsborough | ended | 0.5"]);
  assert.deepEqual(talk([["Ann", "Handed back the Wembley flat last week."]]), ["Ann | home | Wembley | ended | 0.5"]);
  assert.deepEqual(talk([["Ann", "I handed in my notice at Argos."]]), ["Ann | workplace | Argos | ended"]);
});

test("a flat by its bedrooms ('a little one bed in Bray', 'a two-bed in Drumcondra') is a dwelling; 'in bed in Leeds' is not", () => {
  assert.deepEqual(talk([["Ann", "Signed!! a little one bed in Greystones, five minutes from the sea"]]), ["Ann | home | Greystones | 0.5"]);
  assert.deepEqual(talk([["Ann", "We got a two-bed in Glasnevin."]]), ["Ann | home | Glasnevin | 0.5"]);
  assert.deepEqual(talk([["Ann", "I stayed in bed in Leeds all day."]]), []);
});

test("a part of town after a comma ('in Suva, Samabula side', 'in Auckland, in Otahuhu') lies within the town, for a third person too", () => {
  assert.deepEqual(talkLines([["Ann", "I'm in Lautoka, Drasa side. Nursing now at the hospital."]], ["home", "within"]), ["Ann | home | Drasa", "Ann | home | Lautoka", "Drasa | within | Lautoka"]);
  const turns: [string, string][] = [["Bob", "Your sister still out in New Zealand?"], ["Ann", "Litia, yes, she's in Auckland, in Mangere. She's a midwife now."]];
  assert.deepEqual(talkLines(turns, ["home", "within"]), ["Litia | home | Mangere", "Litia | home | Auckland", "Mangere | within | Auckland"]);
});

test("an 'if' closing a longer last part leaves the statement before its comma standing", () => {
  assert.deepEqual(talk([["Ann", "Orla's got a flat in Partick though, and she says she can see the river if she leans out the window."]]), ["Orla | home | Partick"]);
});

test("a part of town later in a 'live in' clause ('in Osaka with my wife, in Tennoji', 'a neighbourhood called Savassi')", () => {
  assert.deepEqual(talkLines([["Ann", "I live in Kyoto with my husband and son, in Fushimi."]], ["home", "within"]), ["Ann | home | Fushimi", "Ann | home | Kyoto", "Fushimi | within | Kyoto"]);
  assert.deepEqual(talkLines([["Ann", "I live in Curitiba, in a neighbourhood called Batel, full of cafés."]], ["home", "within"]), ["Ann | home | Batel", "Ann | home | Curitiba", "Batel | within | Curitiba"]);
});

test("a short closing condition with no clause of its own leaves the statement; 'House of X' is one name", () => {
  assert.deepEqual(talk([["Ann", "I live in Heliopolis, it is twenty minutes from work by metro, if the metro is kind."]]), ["Ann | home | Heliopolis"]);
  assert.deepEqual(talk([["Ann", "I work at the House of Fraser now."]]), ["Ann | workplace | House of Fraser | change"]);
});

test("'still in <town>, out in <district>' gives the district within the town", () => {
  assert.deepEqual(talkLines([["Ann", "Good, still in Ballarat, out in Wendouree. You?"]], ["home", "within"]), ["Ann | home | Wendouree", "Ann | home | Ballarat", "Wendouree | within | Ballarat"]);
});

test("'I live up Meanwood' is a home; 'Then move to the island' urges the listener and tells nothing", () => {
  assert.deepEqual(talk([["Ann", "For the record, I live up Headingley and I drive a forklift."]]), ["Ann | home | Headingley"]);
  assert.deepEqual(talk([["Ann", "Then move to the island lor"]]), []);
  assert.deepEqual(talk([["Ann", "Moved to Leeds last week."]]), ["Ann | home | Leeds | change"]);
});

test("'Every day from <town> to <city>' is where one comes in from; 'Officially <place> people now!' is a home", () => {
  assert.deepEqual(talk([["Ann", "Every day from Klang to KL by KTM, one hour plus."]]), ["Ann | home | Klang | 0.5"]);
  assert.deepEqual(talk([["Ann", "I flew from Leeds to Rome every day last week"]]), []);
  assert.deepEqual(talk([["Ann", "Officially Cheras people now! Come makan."]]), ["Ann | home | Cheras | 0.5"]);
  assert.deepEqual(talk([["Ann", "I just resigned."], ["Ann", "Officially AirAsia person now."]]), ["Ann | workplace | AirAsia | 0.5"]);
});
