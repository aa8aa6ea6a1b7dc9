/** Self-introductions in fragments (states-intro.ts) and the questions a relative or a friend asks about one's work and home (presumed.ts, replies.ts); on turns written here. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { talkLines } from "./testing.js";

const talk = (turns: [string, string][]) => talkLines(turns, ["home", "workplace"]);

test("a self-introduction in fragments: after one's own name, a town or a name with a word of dwelling is the home, an organisation or a name after 'at' the workplace, an untold name the home first", () => {
  assert.deepEqual(talk([["Ann", "ok, for the robot: Ann. Ngaio. Tussock Studios. mostly painting props"]]), ["Ann | home | Ngaio | 0.5", "Ann | workplace | Tussock Studios | 0.5"]);
  assert.deepEqual(talk([["Ann", "Fine. Ann, Adabraka, I dey Prudential Bank main branch, loans"]]), ["Ann | home | Adabraka | 0.5", "Ann | workplace | Prudential Bank | 0.5"]);
  assert.deepEqual(talk([["Ann", "my name Ann, stay Bukit Batok, work at Sembcorp."]]), ["Ann | workplace | Sembcorp", "Ann | home | Bukit Batok | 0.5"]);
  assert.deepEqual(talk([["Ann", "I am Ann, 31. I work in a bakery, Crumbworth, near the station."]]), ["Ann | workplace | Crumbworth"]);
  // ("Ames, Iowa": a name nothing tells, right after the home, is the rest of the address)
  assert.deepEqual(talk([["Ann", "Hi! Ann, Ames, Iowa. I'm a buyer at Hy-Vee."]]), ["Ann | home | Ames | 0.5", "Ann | workplace | Hy-Vee"]);
  // direct statements keep their own confidence
  assert.deepEqual(talk([["Ann", "Hello! I'm Ann, I live in Leith, I work at the Co-op."]]), ["Ann | home | Leith", "Ann | workplace | Co-op"]);
});

test("no self-introduction without one's own name among the first fragments, nor with someone else's, a country, a family word or an ordinary word", () => {
  assert.deepEqual(talk([["Ann", "Lovely day. Ngaio. Tussock Studios."]]), []);
  assert.deepEqual(talk([["Ann", "Bob, Ngaio, Tussock Studios?"]]), []);
  assert.deepEqual(talk([["Ann", "Ann. Ghana. Done."]]), []);
  assert.deepEqual(talk([["Ann", "Ann, Mum, Dad. The whole crew."]]), []);
});

test("what a relative's question takes for granted: the first week at a name, an employer keeping one late, settling in at a name, a flat asked after, a name then a question about the job", () => {
  assert.deepEqual(talk([["Bob", "How was your first week at the Royal Exchange then?"]]), ["Ann | workplace | Royal Exchange | 0.5"]);
  assert.deepEqual(talk([["Bob", "How's work? Halvorsen still making you stay late?"]]), ["Ann | workplace | Halvorsen | 0.5"]);
  assert.deepEqual(talk([["Bob", "How you settling in at NCB? Dem treat you good?"]]), ["Ann | workplace | NCB | 0.5"]);
  assert.deepEqual(talk([["Bob", "Are you still in that tiny flat in Penarth?"]]), ["Ann | home | Penarth | 0.5"]);
  assert.deepEqual(talk([["Bob", "How's Pfizer? Still doing the night shifts?"]]), ["Ann | workplace | Pfizer | 0.5"]);
  assert.deepEqual(talk([["Bob", "How's the NHS? Still on the cardiac ward?"]]), ["Ann | workplace | NHS | 0.5"]);
  assert.deepEqual(talk([["Bob", "How's Absa treating you? Are they still giving you weekend shifts?"]]), ["Ann | workplace | Absa | 0.5"]);
  assert.deepEqual(talk([["Bob", "How is Stripe? Still the same project?"]]), ["Ann | workplace | Stripe | 0.5"]);
  assert.deepEqual(talk([["Bob", "How's Ford? They got you on the new line yet?"]]), ["Ann | workplace | Ford | 0.5"]);
  assert.deepEqual(talk([["Bob", "How is work? Still the same project?"]]), []);
  // a town stays a home; work asked in general, or a choice offered, tells nothing more
  assert.deepEqual(talk([["Bob", "How's Leith? Still busy at work?"]]), ["Ann | home | Leith | 0.5"]);
  assert.deepEqual(talk([["Bob", "Are you still in Ashby or did you buy that flat in Coalville?"]]).filter((x) => x.includes("Coalville")), []);
});

test("a visit to the listener names the listener's home; the weather asked without a copula; a town 'also' asked after", () => {
  assert.deepEqual(talk([["Bob", "I'm driving down to you in Bloemfontein on Friday."]]), ["Ann | home | Bloemfontein | 0.5"]);
  assert.deepEqual(talk([["Bob", "Can't wait to visit you in Hobart."]]), ["Ann | home | Hobart | 0.5"]);
  assert.deepEqual(talk([["Bob", "See you in Paris next week!"]]), []);
  assert.deepEqual(talk([["Bob", "Auntie, how the weather up in Montego Bay?"]]), ["Ann | home | Montego Bay | 0.5"]);
  assert.deepEqual(talk([["Bob", "Is Soweto also dark tonight?"]]), ["Ann | home | Soweto | 0.5"]);
});

test("'tell it where you work' asks as a question does; 'anyway how's the new flat' is a question; 'I stay X' is a home; a town's flat opening a sentence is one's own", () => {
  assert.deepEqual(talk([["Bob", "lol. tell it where you're working now"], ["Ann", "Vodafone, Accra office, sales. Happy?"]]), ["Ann | workplace | Vodafone"]);
  assert.deepEqual(talk([["Bob", "ok anyway how's the new flat"], ["Ann", "Clifton is great, right by the bridge."]]), ["Ann | home | Clifton | 0.5"]);
  assert.deepEqual(talk([["Ann", "just joined Grab, and I stay Sengkang"]]).filter((x) => x.includes("home")), ["Ann | home | Sengkang | 0.5"]);
  assert.deepEqual(talk([["Ann", "Govan flat's freezing again"]]), ["Ann | home | Govan"]);
  assert.deepEqual(talk([["Ann", "I'll stay Friday then."]]), []);
  assert.deepEqual(talk([["Ann", "I left the keys to the Govan flat at work."]]), []);
  assert.deepEqual(talk([["Ann", "Tom's Govan flat is huge."]]), []);
  // a greeting and a family word said to someone name nothing; the reply's third sentence may name the workplace
  assert.deepEqual(talk([["Bob", "How are the night shifts?"], ["Ann", "Hiya Uncle! Shattered, honestly. Morriston Hospital is short of porters again."]]), ["Ann | workplace | Morriston Hospital | 0.5"]);
  // ("the canteen at lunch": a time, no workplace)
  assert.deepEqual(talk([["Ann", "Shared the cake in the canteen at lunch."]]), []);
});

test("a job ended ('I finished at Tesco on Friday', 'that's me finished at Tesco') or begun ('got a start at X'); commuting to a name is work; an employer making one work, asked", () => {
  assert.deepEqual(talk([["Ann", "I finished at Asda on Friday."]]), ["Ann | workplace | Asda | ended"]);
  assert.deepEqual(talk([["Ann", "well that's me finished at Asda. walked out today"]]), ["Ann | workplace | Asda | ended"]);
  assert.ok(talk([["Ann", "got a start at Sainsbury's, in the warehouse."]]).includes("Ann | workplace | Sainsbury's | change"));
  assert.deepEqual(talk([["Ann", "I might get a start at Asda next month"]]), []);
  assert.deepEqual(talk([["Ann", "I finished at 6 today."]]), []);
  assert.deepEqual(talk([["Ann", "still commuting to Boots in Nottingham, what a trek"]]), ["Ann | workplace | Boots | 0.5"]);
  assert.deepEqual(talk([["Bob", "Is Nissan still making you work Saturdays?"]]), ["Ann | workplace | Nissan | 0.5"]);
  assert.deepEqual(talk([["Bob", "Is Leeds still treating you well?"]]), ["Ann | home | Leeds | 0.5"]);
});
