/**
 * Work told "in" an organisation ("5am start in Brenmark"), questions that take the listener's dwelling, commute or
 * employer for granted, a night on the listener's couch, one taken on by an organisation, and the speaker's home or
 * work told by the way ("next time I'm up from Leeds", "the bus home to Bray", "like a normal Kestrel employee"), on
 * sentences written here (not taken from any conversation set).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { talkLines } from "./testing.js";

const talk = (turns: [string, string][], speakers = ["Ann", "Bob"]) => talkLines(turns, ["home", "workplace"], { speakers });
const says = (text: string) => talk([["Ann", text]]);

test("a working day's words before 'in' an organisation tell where the speaker works; a town, a district or a ward does not", () => {
  assert.deepEqual(says("6am start in Brenmark tomorrow, pray for me."), ["Ann | workplace | Brenmark | 0.5"]);
  assert.deepEqual(says("Pulling pints in Donnelly's til close again."), ["Ann | workplace | Donnelly's | 0.5"]);
  assert.deepEqual(says("im stuck on calls in Velora til 7"), ["Ann | workplace | Velora | 0.5"]);
  assert.deepEqual(says("no bother, im off at 5 in Corvale so ill call over"), ["Ann | workplace | Corvale | 0.5"]);
  assert.deepEqual(says("Working in Pellow Foods in Ringaskiddy since March."), ["Ann | workplace | Pellow Foods | 0.5"]);
  // a site's words need an organisation's look: a district "in" is where the site is
  assert.deepEqual(says("Nights in Ballymore are a different animal."), []);
  assert.deepEqual(says("Same desk in Salt Lake, same plant."), []);
  assert.deepEqual(says("Did New Year nights in the ED, fireworks and burns."), []);
  assert.deepEqual(says("Early shift in Leeds tomorrow."), []);
  assert.deepEqual(says("I start in Brenmark next week."), []);
  assert.deepEqual(says("My brother is on the tills in Brenmark."), []);
});

test("'still on nights in X?' is the listener's work; a question of the speaker's own is not", () => {
  assert.deepEqual(talk([["Ann", "still on nights in the Harbour Clinic?"], ["Bob", "ya"]]), ["Bob | workplace | Harbour Clinic | 0.5"]);
  assert.deepEqual(talk([["Ann", "should I do nights in the Harbour Clinic?"]]), []);
});

test("a question about the listener's dwelling, commute or employer presumes them; one about someone else does not", () => {
  assert.deepEqual(talk([["Ann", "is the Kilbride flat still freezing?"]]), ["Bob | home | Kilbride | 0.5"]);
  assert.deepEqual(talk([["Ann", "hows the commute out of Kilbride?"]]), ["Bob | home | Kilbride | 0.5"]);
  assert.deepEqual(talk([["Ann", "you still with Corvale?"]]), ["Bob | workplace | Corvale | 0.5"]);
  assert.deepEqual(talk([["Ann", "is her flat in Kilbride still freezing?"]]), []);
  assert.deepEqual(talk([["Bob", "Tom moved out."], ["Ann", "and still with Corvale?"]]), []);
});

test("an employer wanting its staff in for days a week, or onsite, or having them downtown employs the speaker", () => {
  assert.deepEqual(says("Corvale wants us in 3 days a week now."), ["Ann | workplace | Corvale | 0.5"]);
  assert.deepEqual(says("Corvale wants us onsite every day."), ["Ann | workplace | Corvale | 0.5"]);
  assert.deepEqual(says("Corvale has us downtown Tuesday to Thursday."), ["Ann | workplace | Corvale | 0.5"]);
  assert.deepEqual(says("Tom wants us in by six."), []);
});

test("'how's X treating you?' with one word no gazetteer place, region or person asks after the listener's employer", () => {
  assert.deepEqual(talk([["Ann", "How's Corvale treating you?"]]), ["Bob | workplace | Corvale | 0.5"]);
  assert.deepEqual(talk([["Ann", "How's Leeds treating you?"]]), ["Bob | home | Leeds | 0.5"]);
  assert.deepEqual(talk([["Ann", "How's Texas treating you?"]]), ["Bob | home | Texas | 0.5"]);
  assert.deepEqual(talk([["Ann", "lol. how's Corvale, still hybrid?"]]), ["Bob | workplace | Corvale | 0.5"]);
});

test("a night on the listener's couch is in the listener's town; taken on by an organisation is hired there", () => {
  assert.deepEqual(talk([["Ann", "ill be over to Kilbride sat, can i crash on ur couch"]]), ["Bob | home | Kilbride | 0.5"]);
  assert.deepEqual(says("Corvale took me on in March."), ["Ann | workplace | Corvale | change"]);
  assert.deepEqual(says("Corvale might take me on."), []);
});

test("the speaker's home or work told by the way; not someone else's, not a question", () => {
  assert.deepEqual(says("I owe you a drink next time I'm up from Tacoma."), ["Ann | home | Tacoma | 0.5"]);
  assert.deepEqual(says("Done at 4, then the bus home to Kilbride."), ["Ann | home | Kilbride | 0.5"]);
  assert.deepEqual(says("There's a new bar in Kilbride I want to try, it's two blocks from me."), ["Ann | home | Kilbride | 0.5"]);
  assert.deepEqual(says("Back to my couch like a normal Kestrel employee."), ["Ann | workplace | Kestrel | 0.5"]);
  assert.deepEqual(says("might, its only 20 mins from Kilbride"), ["Ann | home | Kilbride | 0.5"]);
  // (after the speaker's invitation, the listener's way)
  assert.deepEqual(says("Come out for a barbecue. It's only forty minutes from Kilbride."), ["Bob | home | Kilbride | 0.5"]);
  assert.deepEqual(says("Next Christmas I'll get the bus home to Kilbride."), []);
  // (negated: only the ending, no state by the way)
  assert.deepEqual(says("I'm not a Kestrel employee."), ["Ann | workplace | Kestrel | ended"]);
});

test("a guess at the listener's weather is about the listener's town", () => {
  assert.deepEqual(talk([["Ann", "the sea must be lovely in Kilbride this weather"]]), ["Bob | home | Kilbride | 0.5"]);
});

test("a dwelling named by its town is the speaker's home, or the listener's when asked after; not a stay, a sale or someone else's", () => {
  assert.deepEqual(says("and the Harlow house is FINALLY unpacked"), ["Ann | home | Harlow | 0.5"]);
  assert.deepEqual(says("Back at the Tolworth flat finally, the bus to work is an hour but whatever."), ["Ann | home | Tolworth | 0.5"]);
  assert.deepEqual(talk([["Ann", "still in that Millbrook house by the river?"], ["Bob", "yep"]]), ["Bob | home | Millbrook | 0.5"]);
  assert.deepEqual(talk([["Ann", "The Fairhaven apartment big enough for the two of you?"], ["Bob", "just about"]]), ["Bob | home | Fairhaven | 0.5"]);
  assert.deepEqual(says("We stayed at the Tahoe house all weekend."), []);
  assert.deepEqual(says("Finally sold the Harlow house."), []);
  assert.deepEqual(says("My sister says the Harlow house is freezing."), []);
  assert.deepEqual(says("Send me pics of the Harlow flat when it's done."), []);
});

test("the listener's town asked after as it still is, or reached by the weather; not an employer's business or a person", () => {
  assert.deepEqual(talk([["Ann", "Harlow still grey?"], ["Bob", "always"]]), ["Bob | home | Harlow | 0.5"]);
  assert.deepEqual(talk([["Ann", "Bob, Harlow breeze still cool?"], ["Bob", "lovely"]]), ["Bob | home | Harlow | 0.5"]);
  assert.deepEqual(talk([["Ann", "Snow reach Mississauga yet?"], ["Bob", "not yet"]]), ["Bob | home | Mississauga | 0.5"]);
  assert.deepEqual(talk([["Ann", "Brenmark still hiring?"], ["Bob", "no"]]), []);
  assert.deepEqual(talk([["Ann", "Linda still hate the humidity?"], ["Bob", "she does"]]), []);
  assert.deepEqual(says("Harlow still grey, as ever."), []);
});

test("chat shorthand in capitals and a hospital's units are no place or employer: 'I'm still WFH', 'ED in Westbrook General'", () => {
  assert.deepEqual(talk([["Bob", "hows the new job"], ["Ann", "fine. I'm still WFH most days tho"]]), []);
  assert.deepEqual(talk([["Bob", "hows the hospital"], ["Ann", "ok. ICU in Westbrook General was heaving again"]]), ["Ann | workplace | Westbrook General | 0.5"]);
});

test("a name given to an animal is no home ('two cats named Tansy and Bo'), a town called by its name is", () => {
  assert.deepEqual(says("We adopted two cats named Tansy and Bo."), []);
  assert.deepEqual(says("We moved to a little town called Hebden Bridge."), ["Ann | home | Hebden Bridge | change"]);
});

test("a town left for a workplace named after it is a workplace left: 'I left Brookside, I'm at Westgate Vets now'", () => {
  assert.deepEqual(says("So I left Brookside, I'm at Westgate Vets now."), ["Ann | workplace | Brookside | ended", "Ann | workplace | Westgate Vets | change"]);
  assert.deepEqual(says("I left Brookside at Easter, too quiet."), ["Ann | home | Brookside | ended"]);
});

test("a reply whose verb agrees with a third person only is that person's: 'Augusta?' 'yep, lives in Augusta'", () => {
  const lines = talk([["Bob", "Kenji from my old crew got out, he's at Harwell Medical now"], ["Ann", "Augusta?"], ["Bob", "yep, lives in Augusta"]]);
  assert.ok(lines.includes("Kenji | home | Augusta"), lines.join("; "));
  assert.ok(!lines.some((l) => l.startsWith("Bob | home")), lines.join("; "));
  // (with "I" in it, the reply is the speaker's own)
  assert.ok(talk([["Bob", "Kenji from my old crew got out, he's at Harwell Medical now"], ["Ann", "Augusta?"], ["Bob", "yep, I live in Augusta, he works there"]]).some((l) => l.startsWith("Bob | home | Augusta")));
});
