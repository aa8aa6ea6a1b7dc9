/** Leaving an employer "with" a negation, a move to an organisation after it, names with "of the", a colleague named
 * in one session and asked after in the next, and "what's she doing over there?"; on turns written here. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { talkLines } from "./testing.js";

const talk = (turns: [string, string][]) => talkLines(turns, ["home", "workplace"]);

test("'not with <employer> anymore' and 'no longer with <employer>' end the workplace; 'went with Tom' is a person", () => {
  assert.deepEqual(talk([["Ann", "I'm not with Aviva anymore."]]), ["Ann | workplace | Aviva | ended"]);
  assert.deepEqual(talk([["Ann", "Honestly I'm no longer with Metro Transit, it wore me down."]]), ["Ann | workplace | Metro Transit | ended"]);
  assert.deepEqual(talk([["Ann", "I'm still with Metro Transit."]]), ["Ann | workplace | Metro Transit"]);
  assert.deepEqual(talk([["Ann", "I went with Tom to the lake."]]), []);
});

test("after an employer ended in the turn, a move to an organisation's name is a new job; a move to a town stays a home", () => {
  assert.deepEqual(talk([["Ann", "Not with Qantas anymore. I moved to DNATA in March, ramp work."]]), ["Ann | workplace | Qantas | ended", "Ann | workplace | DNATA | change"]);
  assert.deepEqual(talk([["Ann", "I quit Deloitte. Moved to Hallam Logistics last week."]]), ["Ann | workplace | Deloitte | ended", "Ann | workplace | Hallam Logistics | change"]);
  assert.deepEqual(talk([["Ann", "I'm not at Tesco anymore. I moved to NYC in May."]]), ["Ann | workplace | Tesco | ended", "Ann | home | NYC | change"]);
  assert.deepEqual(talk([["Ann", "I left Shell and moved to Leeds."]]), ["Ann | workplace | Shell | ended", "Ann | home | Leeds | change"]);
  // with no employer ended, a move is a home's
  assert.deepEqual(talk([["Ann", "We moved to DNATA Towers, the new block by the river."]]).map((x) => x.split(" | ")[1]), ["home"]);
});

test("an organisation's name runs over 'of the' ('University of the Free State', 'Bank of the West')", () => {
  assert.deepEqual(talk([["Ann", "I'm at the University of the Witwatersrand now, in the law faculty."]]), ["Ann | workplace | University of the Witwatersrand | change"]);
  assert.deepEqual(talk([["Ann", "I work for the Bank of the West in Fresno."]]), ["Ann | workplace | Bank of the West"]);
  assert.deepEqual(talk([["Ann", "I work at the University of Ghana."]]), ["Ann | workplace | University of Ghana"]);
});

test("a relation's name said in one session is a person in the next: her 'she' is that person", () => {
  const turns: [string, string][] = [["Ann", "My colleague Thandeka just transferred to the Durban branch, I'll miss her."], ["--", ""], ["Bob", "Is Thandeka moving down there too?"], ["Ann", "Ja, she found a place in Umhlanga, near the beach."]];
  assert.deepEqual(talk(turns), ["Thandeka | home | Umhlanga | change"]);
});

test("'What's she doing over there?': the answer's subjectless work is hers, not the speaker's", () => {
  const turns: [string, string][] = [["Ann", "My sister Yetunde just moved to Leeds, the family is everywhere now."], ["Bob", "Leeds, nice. What's she doing over there?"], ["Ann", "Nursing at St James's. She loves it."]];
  assert.deepEqual(talk(turns), ["Yetunde | home | Leeds | change", "Yetunde | workplace | St James's"]);
  // asked of the speaker, the answer stays the speaker's
  assert.deepEqual(talk([["Bob", "What are you doing these days?"], ["Ann", "Nursing at St James's."]]), ["Ann | workplace | St James's"]);
});

test("a move into one's own workplace (or its short form) is a joke and no home; into a town one works in is a move", () => {
  assert.deepEqual(talk([["Ann", "I'm a porter at Ninewells Hospital still."], ["Ann", "Fourteen hours. I've officially moved into Ninewells, they gave me my own corridor."]]), ["Ann | workplace | Ninewells Hospital"]);
  assert.deepEqual(talk([["Ann", "Got an offer in Berlin, I think I'm taking it."], ["Ann", "Ok it's done, I moved to Berlin last week."]]).filter((x) => x.includes("home")), ["Ann | home | Berlin | change"]);
});
