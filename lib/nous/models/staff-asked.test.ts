/**
 * An organisation acting on its staff ("has all the porters on nights"), telling one what work to do, trades done for
 * it by someone else, "whereabouts?" asked, unmarked questions about "it", towns guessed at, crossings, errands, and a
 * name given back after "it's the shop where I work", on sentences written here (not taken from any conversation set).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { talkLines } from "./testing.js";
import { isQuestion } from "./replies.js";
import { analyse } from "./nlp.js";

const talk = (turns: [string, string][], speakers = ["Ann", "Bob"]) => talkLines(turns, ["home", "workplace"], { speakers });

test("an organisation acting on its staff by their kind or their team is the speaker's employer; a club's players or a removal are not", () => {
  assert.deepEqual(talk([["Ann", "Yes, Halden Water has all the electricians on call this weekend."]]), ["Ann | workplace | Halden Water | 0.5"]);
  assert.deepEqual(talk([["Ann", "Marsh n Daughters wants all the drivers in early for the audit."]]), ["Ann | workplace | Marsh n Daughters | 0.5"]);
  assert.deepEqual(talk([["Ann", "Stage 4 again and City of Cape Town sent half the department out to the substations."]]), ["Ann | workplace | City of Cape Town | 0.5"]);
  assert.deepEqual(talk([["Ann", "Corvale moved the whole billing support lot to the third floor."]]), ["Ann | workplace | Corvale | 0.5"]);
  assert.deepEqual(talk([["Ann", "Wexford Rovers has all the defenders out injured."]]), []);
  assert.deepEqual(talk([["Ann", "Pickfords moved the whole lot to Leeds."]]), []);
  assert.deepEqual(talk([["Ann", "Mum wants all the kids in for tea."]]), []);
});

test("an organisation telling the speaker what work to do, or keeping them at one of its sites, is the employer; a product's demand is not", () => {
  assert.deepEqual(talk([["Ann", "Brindle Foods says I must cover the early shift on Sunday."]]), ["Ann | workplace | Brindle Foods | 0.5"]);
  assert.deepEqual(talk([["Ann", "Orrin Security has me at the north gate till six."]]), ["Ann | workplace | Orrin Security | 0.5"]);
  assert.deepEqual(talk([["Ann", "Google says I have to verify my account."]]), []);
});

test("a trade done for an organisation by someone else is theirs; done for a person, nothing", () => {
  assert.deepEqual(talk([["Ann", "My cousin Femi moved to Derby."], ["Ann", "He drives the 42 bus for Trentway now."]]), ["Femi | home | Derby | change", "Femi | workplace | Trentway | 0.5"]);
  assert.deepEqual(talk([["Ann", "I cook dinner for Tom every night."]]), []);
  assert.deepEqual(talk([["Ann", "Did you hear from Priya?"], ["Ann", "yep, she's doing actuarial stuff at Canada Life these days"]]), ["Priya | workplace | Canada Life | 0.5"]);
  assert.deepEqual(talk([["Ann", "Did you hear from Priya?"], ["Ann", "She's doing a course at Leeds."]]), []);
});

test("'where abouts again?' asks where the listener lives; an auxiliary and 'it' ask without a mark; a guess at a town is no home", () => {
  assert.deepEqual(talk([["Ann", "oh nice. where abouts again?"], ["Bob", "Hove, right by the seafront."]]), ["Bob | home | Hove"]);
  assert.equal(isQuestion(analyse("is it still freezing in Tromsø")[0]), true);
  assert.equal(isQuestion(analyse("which bakery is it again, I keep forgetting")[0]), true);
  assert.equal(isQuestion(analyse("It is still freezing in Tromsø")[0]), false);
  assert.deepEqual(talk([["Ann", "Kettering traffic must be awful at this hour"]]), []);
  assert.deepEqual(talk([["Ann", "Kettering traffic is awful at this hour"]]), ["Ann | home | Kettering | 0.5"]);
});

test("one street of a crossing names no place; one at a shop buying something is its customer", () => {
  assert.deepEqual(talk([["Ann", "The lights at Albemarle and Kings Road are out again."]]), []);
  assert.deepEqual(talk([["Ann", "I'm at Fenwick Arcade buying socks."]]), []);
  assert.deepEqual(talk([["Ann", "I'm at Fenwick Books."]]), ["Ann | workplace | Fenwick Books"]);
  // where one works from is no workplace; whom one works for from home is
  assert.deepEqual(talk([["Ann", "I've been working from the spare room in Roundhay."]]).filter((l) => l.includes("workplace")), []);
  assert.deepEqual(talk([["Ann", "I work from home for Halden Mutual."]]), ["Ann | workplace | Halden Mutual"]);
});

test("a name given back after 'it's the shop where I work', 'that's where we live'; a joke's place is not", () => {
  assert.deepEqual(talk([["Ann", "At Pell & Hart, it's the studio where I work."]]), ["Ann | workplace | Pell & Hart | 0.5"]);
  assert.deepEqual(talk([["Ann", "Harrogate, that's where we live now."]]), ["Ann | home | Harrogate | 0.5"]);
  assert.deepEqual(talk([["Ann", "I sleep in bay 3 of the Morley depot, that's where I live now."]]), []);
});

test("'is X still as quiet as ever?', 'how long have you been with X?', 'you make it back to X okay?', a flat 'in the' district", () => {
  assert.deepEqual(talk([["Ann", "Is Wetherby still as quiet as ever?"]]), ["Bob | home | Wetherby | 0.5"]);
  assert.deepEqual(talk([["Ann", "Is Tom still annoying?"]]), []);
  assert.deepEqual(talk([["Ann", "How long have you been with Corvale now?"]]), ["Bob | workplace | Corvale | 0.5"]);
  assert.deepEqual(talk([["Ann", "how long have you been with Sarah?"]]), []);
  assert.deepEqual(talk([["Ann", "You make it back to Harrogate okay in that storm?"]]), ["Bob | home | Harrogate | 0.5"]);
  assert.deepEqual(talk([["Ann", "My sister Ines has a flat in the Marais now."]]), ["Ines | home | Marais | 0.5"]);
  assert.deepEqual(talk([["Ann", "You two still in the flat on the Kelvin Road?"], ["Bob", "yes"]]), ["Bob | home | Kelvin Road"]);
});
