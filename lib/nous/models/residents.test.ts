/** A town's residents by their regular name ("a Wellingtonian", "officially Nelsonians"); on words and turns written
 * here. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { demonymTown } from "./gazetteer.js";
import { talkLines } from "./testing.js";

const talk = (turns: [string, string][]) => talkLines(turns, ["home", "workplace"]);

test("a resident's name by its regular ending gives the town; irregular, regional and ordinary words give none", () => {
  assert.equal(demonymTown("Wellingtonian"), "Wellington");
  assert.equal(demonymTown("Torontonians"), "Toronto");
  assert.equal(demonymTown("Dubliner"), "Dublin");
  assert.equal(demonymTown("Brooklynite"), "Brooklyn");
  for (const w of ["Glaswegian", "Highlander", "Islanders", "Northerner", "Christian", "Sebastian", "Jennifer", "Teacher", "Parker", "Jordanian"]) assert.equal(demonymTown(w), undefined, w);
});

test("'I'm a Wellingtonian these days', 'we're Berliners now', 'Officially Bostonians.' are homes", () => {
  assert.deepEqual(talk([["Ann", "New job, so I'm a Wellingtonian these days."]]), ["Ann | home | Wellington"]);
  assert.deepEqual(talk([["Ann", "We're Berliners now."]]), ["Ann | home | Berlin | change"]);
  assert.deepEqual(talk([["Ann", "Officially Bostonians."]]), ["Ann | home | Boston | 0.5"]);
  assert.deepEqual(talk([["Ann", "I'm a Highlander now."]]), []);
});

test("'after Saturday I officially Tampines resident': the copula left out, as some Englishes do", () => {
  assert.deepEqual(talk([["Ann", "if you free can. after Saturday I officially Tampines resident"]]), ["Ann | home | Tampines | 0.5"]);
  assert.deepEqual(talk([["Ann", "officially Tampines resident, the cat approves"]]).filter((x) => x.includes("Tampines")), []);
});
