/**
 * Work and homes asked after as they are now ("Zerodha still chill?", "how's life at Zalando"), Pidgin's locative
 * "for", a day's leaving at its hour, one's way to work, people asked after past a vocative, and what is told to the
 * listener.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { talkLines } from "./testing.js";
import { expandContractions } from "./contractions.js";
import { extract, type SessionContext } from "./extractor.js";

const talk = (turns: [string, string][], speakers = ["Ann", "Bob"]) => talkLines(turns, ["home", "workplace"], { speakers });

test("'how's life at Zalando', pidgin's 'How work for Andela?': the listener's workplace; a town after 'life at' is not", () => {
  assert.deepEqual(talk([["Ann", "legend. how's life at Zalando, still migrating the checkout thing"]]), ["Bob | workplace | Zalando | 0.5"]);
  assert.deepEqual(talk([["Ann", "Oya brag. How work for Andela?"]]), ["Bob | workplace | Andela | 0.5"]);
  assert.deepEqual(talk([["Ann", "how is life at Leeds?"]]), []);
  // ("for" asks after work only: "how's life for Maria" asks after a person)
  assert.deepEqual(talk([["Ann", "how's life for Maria?"]]), []);
});

test("'Zerodha still chill?', 'Unbabel still mostly remote?': an organisation asked after as it is now; a first name or a home already told is not", () => {
  assert.deepEqual(talk([["Ann", "wbu, Zerodha still chill?"]]), ["Bob | workplace | Zerodha | 0.5"]);
  assert.deepEqual(talk([["Ann", "Unbabel still mostly remote?"]]), ["Bob | workplace | Unbabel | 0.5"]);
  assert.deepEqual(talk([["Ann", "Tom still happy?"]]), []);
  assert.deepEqual(talk([["Bob", "Got a room in Selly Oak, mostly students around."], ["Ann", "Selly Oak still loud?"]]), ["Bob | home | Selly Oak | change"]);
});

test("'Leeds still rainy?': a town asked after as it is now, with the copula dropped, is the listener's home", () => {
  assert.deepEqual(talk([["Ann", "Leeds still rainy?"]]), ["Bob | home | Leeds | 0.5"]);
  assert.deepEqual(talk([["Ann", "ok, Leeds still grey?"]]), ["Bob | home | Leeds | 0.5"]);
});

test("'TD still giving you overtime?': an organisation still doing something to the listener employs them; a first name does not", () => {
  assert.deepEqual(talk([["Ann", "TD still giving you overtime?"]]), ["Bob | workplace | TD | 0.5"]);
  assert.deepEqual(talk([["Ann", "Tom still giving you grief?"]]), []);
  assert.deepEqual(talk([["Ann", "Jack still working you hard?"]]), []);
});

test("'how's Microsoft, still reorg-ing': a name no town, still doing something, employs; a town still raining, or still loved, is a home", () => {
  assert.deepEqual(talk([["Ann", "true. how's Microsoft, still reorg-ing"]]), ["Bob | workplace | Microsoft | 0.5"]);
  assert.deepEqual(talk([["Ann", "how's Bupa, still hiring?"]]), ["Bob | workplace | Bupa | 0.5"]);
  assert.deepEqual(talk([["Ann", "how's Leeds, still raining?"]]), ["Bob | home | Leeds | 0.5"]);
  assert.deepEqual(talk([["Ann", "How's St Neots, still loving the house?"]]), ["Bob | home | St Neots | 0.5"]);
});

test("pidgin's locative 'for': a home's word after its possessive, and 'still for' a town in a question; not before a time", () => {
  assert.equal(expandContractions("Accra too. My side for East Legon, gutter full"), "Accra too. My side in East Legon, gutter full");
  assert.equal(expandContractions("I dey my house for Bodija dey mark scripts"), "I dey my house in Bodija, dey mark scripts");
  assert.equal(expandContractions("Cool. You still for Kumasi?"), "Cool. You still in Kumasi?");
  assert.equal(expandContractions("still for Access Bank?"), "still at Access Bank?");
  // (a name the gazetteer does not hold, with no organisation's word, stays as it is written)
  assert.equal(expandContractions("You still for Dzorwulu?"), "You still for Dzorwulu?");
  assert.equal(expandContractions("Everyone at my house for Christmas"), "Everyone at my house for Christmas");
  assert.deepEqual(talk([["Ann", "Lol. My flat for Wuse 2 is closer to Jabi, make we meet Jabi Lake mall"]]), ["Ann | home | Wuse 2"]);
});

test("'I left Infosys at 6', 'left BTM Layout at 8, badged in at Infosys': leaving at an hour ends nothing; left before getting in to work, it is home", () => {
  assert.deepEqual(talk([["Ann", "barely. left BTM Layout at 8, badged in at Infosys at 9:45"]]), ["Ann | home | BTM Layout", "Ann | workplace | Infosys | 0.5"]);
  assert.deepEqual(talk([["Ann", "I left Infosys at 6 today"]]), ["Ann | workplace | Infosys | 0.5"]);
  assert.deepEqual(talk([["Ann", "I left Infosys in March."]]), ["Ann | workplace | Infosys | ended"]);
  assert.deepEqual(talk([["Ann", "deal. i'll escape Talkdesk early on friday"]]), ["Ann | workplace | Talkdesk | 0.5"]);
});

test("'then the train to Farfetch', 'the bus out to OutSystems': one's way to an organisation (no town), while no workplace is known", () => {
  assert.deepEqual(talk([["Ann", "beach is 5 min from my flat in Cascais, then the train to Farfetch with wet hair"]]), ["Ann | home | Cascais", "Ann | workplace | Farfetch | 0.5"]);
  assert.deepEqual(talk([["Ann", "the bus out to OutSystems was a nightmare today"]]), ["Ann | workplace | OutSystems | 0.5"]);
  assert.deepEqual(talk([["Ann", "the train to Brighton was late"]]).filter((l) => l.includes("workplace")), []);
  assert.deepEqual(talk([["Ann", "I work at Fonterra."], ["Ann", "the drive out to Darfield was all fog"]]), ["Ann | workplace | Fonterra"]);
});

test("'raj how's Tanvi doing?', 'did Kaitlyn ever find a job?': a person asked after past the listener's name, or by a first name, owns the reply's subjectless work", () => {
  assert.deepEqual(talk([["Ann", "bob how's Tanvi doing?"], ["Bob", "good! nurse at Kaiser Permanente now, night shifts"]]), ["Tanvi | workplace | Kaiser Permanente | 0.5"]);
  assert.deepEqual(talk([["Ann", "did Kaitlyn ever find a job after the bootcamp?"], ["Bob", "yes, she is a junior dev at Chime"]]), ["Kaitlyn | workplace | Chime"]);
});

test("'Annie lives in Pointe-Claire': 'lives' read as a noun after a name is the verb", () => {
  assert.deepEqual(talk([["Ann", "Where does Annie live?"], ["Bob", "Sorry, forgot to answer you. Annie lives in Pointe-Claire."]]), ["Annie | home | Pointe-Claire"]);
});

test("'go home to Charlottenburg and sleep pls', 'Get home to Leeds safe': told to the listener; 'I go home to Bishan' is the speaker's", () => {
  assert.deepEqual(talk([["Ann", "go home to Charlottenburg and sleep pls"]]), ["Bob | home | Charlottenburg | 0.5"]);
  assert.deepEqual(talk([["Ann", "Get home to Leeds safe"]]), ["Bob | home | Leeds | 0.5"]);
  assert.deepEqual(talk([["Ann", "I go home to Bishan"]]), ["Ann | home | Bishan | 0.5"]);
});

test("'Razorpay standup ran long', 'Penha de França is basically a village': a work event after a name; a name's last word after its particle is no person", () => {
  assert.deepEqual(talk([["Ann", "Razorpay standup ran long, i'm starving"]]), ["Ann | workplace | Razorpay | 0.5"]);
  const ctx: SessionContext = { speakers: ["Ann", "Bob"] };
  extract({ id: "D1:1", speaker: "Bob", text: "great! Penha de França is basically a village", timestamp: 0 }, ctx, undefined, { names: null });
  assert.deepEqual((ctx.people ?? []).map((p) => p.name), []);
  extract({ id: "D1:2", speaker: "Bob", text: "great! Mariana is basically a local now", timestamp: 0 }, ctx, undefined, { names: null });
  assert.deepEqual((ctx.people ?? []).map((p) => p.name), ["Mariana"]);
});
