/** Names written short (initials with their small words, words shortened), first nights after a comma, and laughter
 * after a move that was announced before; on turns and names written here. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { abbreviates, foldShortForms, shortFormOf } from "../query.js";
import { talkLines } from "./testing.js";

const talk = (turns: [string, string][]) => talkLines(turns, ["home", "workplace"]);

test("a short form: initials counting the small words, words clipped, capitals for a run of words", () => {
  assert.equal(shortFormOf("CDO", "Cagayan de Oro"), true);
  assert.equal(shortFormOf("RdJ", "Rio de Janeiro"), false);
  assert.equal(shortFormOf("Air NZ", "Air New Zealand"), true);
  assert.equal(shortFormOf("Tata Cons", "Tata Consultancy Services"), true);
  assert.equal(shortFormOf("Leeds Uni", "Leeds University"), true);
  // a word that is neither the same nor a start of the other's, or a clip too short, is no short form
  assert.equal(abbreviates("Air NL", "Air New Zealand"), false);
  assert.equal(abbreviates("Ma Med", "Makati Medical Center"), false);
  assert.equal(abbreviates("Park Hotel", "Park Hotel"), false);
  assert.equal(shortFormOf("Kestrel Motors", "Kestrel Ridge Vet Clinic"), false);
  assert.deepEqual(foldShortForms([{ value: "PDC", p: 0.5 }, { value: "Playa del Carmen", p: 0.3 }, { value: "Tulum", p: 0.2 }]), [{ value: "Playa del Carmen", p: 0.8 }, { value: "Tulum", p: 0.2 }]);
  assert.deepEqual(foldShortForms([{ value: "Air NZ", p: 0.6 }, { value: "Air New Zealand", p: 0.4 }]), [{ value: "Air New Zealand", p: 1 }]);
});

test("a word clipped, with chat's -y, -ie or -o, is a short form of the name it starts: 'Obs', 'Bara', 'Freo', 'Brissy'", () => {
  for (const [short, long] of [["Obs", "Observatory"], ["Bara", "Chris Hani Baragwanath"], ["Freo", "Fremantle"], ["Brissy", "Brisbane"], ["Tassie", "Tasmania"]]) assert.equal(shortFormOf(short, long), true, short);
  // a clip too short, of no word's start or longer than the word, or in capitals, is none
  for (const [short, long] of [["Ob", "Observatory"], ["Gizzy", "Gisborne"], ["Portsmouth", "Ports"], ["OBS", "Observatory"]]) assert.equal(shortFormOf(short, long), false, short);
  assert.deepEqual(foldShortForms([{ value: "Obs", p: 0.6 }, { value: "Observatory", p: 0.4 }]), [{ value: "Observatory", p: 1 }]);
});

test("a first night, morning or week in a town after a comma, or 'first week living in', is a move there", () => {
  assert.deepEqual(talk([["Ann", "Van came at eight, last night in Fitzroy was a blur, first morning in Geelong and the gulls woke me."]]).filter((x) => x.includes("Geelong")), ["Ann | home | Geelong | change | 0.5"]);
  assert.deepEqual(talk([["Ann", "First week living in Hobart done."]]), ["Ann | home | Hobart | change | 0.5"]);
  // a first night of a trip is no move
  assert.deepEqual(talk([["Ann", "Flight was fine, first night in Lisbon on this holiday and the hotel is lovely."]]).filter((x) => x.includes("Lisbon")), []);
});

test("laughter after a move that was announced before takes nothing back", () => {
  const ended = (turns: [string, string][]) => talk(turns).filter((x) => x.endsWith("| ended"));
  const planned: [string, string][] = [["Ann", "Big news, we're moving into a house in Karori next Saturday."], ["Bob", "Nice one!"]];
  assert.deepEqual(ended([...planned, ["Ann", "Settled in Karori now. The hill nearly killed the removal men."], ["Bob", "Hahaha. Poor guys."]]), []);
  // told for the first time, the laughed-at change is still a joke
  assert.deepEqual(ended([["Ann", "Settled in the library now. The librarians feed me."], ["Bob", "Hahaha. Poor librarians."]]), ["Ann | home | library | ended"]);
});
