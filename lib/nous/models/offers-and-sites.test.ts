/**
 * A bare "where" after the listener's own offer, an honorific after a name, a name and "still" after a yes, an
 * organisation named with its site, a ward or an office after a name, an employer's doing in lower case, a tag
 * question, a work gerund in a reply about a home, one that hires and a province asked back (no one a pronoun stands
 * for), on sentences written here (not taken from any conversation set).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { talkLines } from "./testing.js";

const talk = (turns: [string, string][], speakers = ["Ann", "Bob"]) => talkLines(turns, ["home", "workplace"], { speakers });

test("a bare 'where' after the listener's own question asks where the thing offered is, not where they live", () => {
  assert.deepEqual(talk([["Bob", "Do you want free dumplings?"], ["Ann", "always. where?"], ["Bob", "Golden Lotus on Queen Street, my manager gives staff a discount"]]).filter((l) => l.includes("| home |")), []);
  // (the same with the honorific after the listener's name, and the mark dropped)
  assert.deepEqual(talk([["Bob", "ann-san do you want free dumplings"], ["Ann", "always yes. where"], ["Bob", "Golden Lotus, my manager gives staff a discount"]]).filter((l) => l.includes("| home |")), []);
  // a bare "where?" after news of a move still asks for the new home
  assert.deepEqual(talk([["Bob", "So we bought a house!"], ["Ann", "What! Where?"], ["Bob", "Wollongong, near the beach."]]), ["Bob | home | Wollongong | change"]);
});

test("'yes, X still' answering a still-question names the place within the one asked after", () => {
  assert.deepEqual(talk([["Ann", "and you? still in Osaka?"], ["Bob", "yes, Tennoji still. same tiny flat near the zoo"]]), ["Bob | home | Osaka", "Bob | home | Tennoji"]);
});

test("'and job?' answered with a name no dictionary holds and which of its offices names the workplace", () => {
  assert.deepEqual(talk([["Ann", "and job?"], ["Bob", "Mercari, the Roppongi office. everything in english there"]]), ["Bob | workplace | Mercari | 0.5"]);
  assert.deepEqual(talk([["Ann", "and job?"], ["Bob", "Knackering, honestly."]]), []);
});

test("a ward or an office after a town's name is work, not the speaker's town remarked on", () => {
  assert.deepEqual(talk([["Ann", "hi"], ["Bob", "night shift again. Mount Vernon ward is so crazy this week"]]).filter((l) => l.includes("| home |")), []);
  assert.deepEqual(talk([["Ann", "hi"], ["Bob", "Mount Vernon is so crazy this week"]]), ["Bob | home | Mount Vernon | 0.5"]);
});

test("in lower case, two words opening a sentence before an employer's doing to the speaker are the employer", () => {
  assert.deepEqual(talk([["Ann", "hi"], ["Bob", "prairie milling gave me friday off"]]), ["Bob | workplace | Prairie Milling | 0.5"]);
  assert.deepEqual(talk([["Ann", "hi"], ["Bob", "lol. redwater hospital has me on three twelves, nights"]]), ["Bob | workplace | Redwater Hospital | 0.5"]);
  // one word is no employer ("work has me on nights")
  assert.deepEqual(talk([["Ann", "hi"], ["Bob", "work has me on nights again"]]), []);
  // "on the unit at …" is a working day's place
  assert.deepEqual(talk([["Ann", "you made it in?"], ["Bob", "yep, on the unit at prairie regional by 7"]]), ["Bob | workplace | Prairie Regional | 0.5"]);
});

test("a tag question 'right' after 'still in X' asks after a third person's home, and a reply working somewhere keeps it", () => {
  assert.deepEqual(talk([["Bob", "my cousin dwight wants a job there"], ["Ann", "dwight's still in kearney right"], ["Bob", "yeah, doing maintenance at good samaritan hospital"]]), ["Dwight | home | Kearney"]);
  assert.deepEqual(talk([["Bob", "my cousin Dwight wants a job there"], ["Ann", "Dwight's still in Kearney, right?"], ["Bob", "yeah, doing maintenance at Good Samaritan Hospital"]]), ["Dwight | home | Kearney"]);
});

test("one that hires, and a province asked back, are no one a pronoun stands for", () => {
  assert.deepEqual(talk([["Ann", "my friend Yuna also got a big job"], ["Bob", "the designer?"], ["Ann", "yes! Ubisoft hired her, level artist. she moved to Montpellier last month"]]), ["Yuna | workplace | Ubisoft | change", "Yuna | home | Montpellier | change"]);
  assert.deepEqual(talk([["Ann", "my senpai Kenji is in Brisbane now"], ["Bob", "queensland? so far"], ["Ann", "yes, he got a postdoc at CSIRO"]]), ["Kenji | home | Brisbane | change", "Kenji | workplace | CSIRO | change"]);
});

test("an office is no home", () => {
  assert.deepEqual(talk([["Bob", "Yuna is so busy"], ["Ann", "Yuna too, game launch soon so she stay in Ubisoft office until midnight"]]).filter((l) => l.includes("| home |")), []);
});
