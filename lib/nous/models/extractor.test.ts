/**
 * The offline extractor on hand-written sentences with the triples a careful reader would write down. Each case
 * checks one thing the extractor must do: resolve the subject (or leave it unresolved), pick the attribute, read the
 * kind of a state from tense, aspect and negation, mark hedges and jokes from their cues, keep questions,
 * conditionals and wishes out. The precision and recall on the 222-sentence set (data/nous/extractor-sentences.txt)
 * are asserted in sentences.test.ts.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { extract, type SessionContext } from "./extractor.js";

const turn = (speaker: string, text: string) => ({ id: "D1:1", speaker, text, timestamp: 0 });
const show = (t: { entity: string; attribute: string; value: string; kind?: string; confidence?: number }) =>
  `${t.entity} | ${t.attribute} | ${t.value}${t.kind && t.kind !== "state" ? ` | ${t.kind}` : ""}${t.confidence !== undefined ? ` | ${t.confidence}` : ""}`;
const triples = (speaker: string, text: string, ctx: SessionContext = { speakers: ["Caroline", "Melanie"] }) => extract(turn(speaker, text), ctx).triples.map(show);
const states = (speaker: string, text: string, ctx?: SessionContext) => triples(speaker, text, ctx).filter((t) => / \| (home|workplace|job) \| /.test(t));

test("subjects: first person → the speaker; a named third person → that person; 'my sister Anna' → a relation", () => {
  assert.deepEqual(triples("Caroline", "Pranav joined Microsoft last month."), ["Pranav | workplace | Microsoft | change"]);
  assert.deepEqual(triples("Caroline", "My sister Anna just moved to Boston."), ["Caroline | family | sister Anna", "Anna | home | Boston | change"]);
  assert.deepEqual(triples("Caroline", "My cousin lives in Oslo."), ["Caroline | family | cousin", "Caroline's cousin | home | Oslo"]);
  assert.deepEqual(states("Caroline", "Pedro, my roommate, works at a bar."), ["Pedro | workplace | bar"]);
  assert.deepEqual(states("Caroline", "Dan and Lucy live in Norwich."), ["Dan | home | Norwich", "Lucy | home | Norwich"]);
});

test("states by tense and aspect: present, perfect, 'now', past, 'used to', 'still', 'anymore', 'no longer', negation", () => {
  const cases: [string, string[]][] = [
    ["I've been working at the library since March.", ["Caroline | workplace | library"]],
    ["I have lived in Lisbon for ten years now.", ["Caroline | home | Lisbon"]],
    ["I work at a bakery now.", ["Caroline | workplace | bakery | change"]],
    ["I worked at Initech for five years.", ["Caroline | workplace | Initech | ended"]],
    ["I used to live in Madrid but now I live in Porto.", ["Caroline | home | Madrid | ended", "Caroline | home | Porto | change"]],
    ["I still live in Leeds.", ["Caroline | home | Leeds"]],
    ["I don't work at Globex anymore.", ["Caroline | workplace | Globex | ended"]],
    ["I no longer live in Rome.", ["Caroline | home | Rome | ended"]],
    ["I'm not in Denver any more.", ["Caroline | home | Denver | ended"]],
    ["I quit my job at the bakery. I just got a job at the library!", ["Caroline | workplace | bakery | ended", "Caroline | workplace | library | change"]],
    ["We moved from Sweden to Canada.", ["Caroline | home | Sweden | ended", "Caroline | home | Canada | change"]],
    ["I'm a nurse at the city hospital.", ["Caroline | job | nurse", "Caroline | workplace | city hospital"]],
    ["I got laid off from Cyberdyne.", ["Caroline | workplace | Cyberdyne | ended"]],
    ["Amazon hired me in May!", ["Caroline | workplace | Amazon | change"]],
    ["Our flat in Camden is tiny.", ["Caroline | home | Camden"]],
    ["My manager at Bayview Hotel is lovely.", ["Caroline | workplace | Bayview Hotel"]],
    ["After ten years at Acme I moved to Globex.", ["Caroline | workplace | Acme | ended", "Caroline | workplace | Globex | change"]],
  ];
  for (const [text, want] of cases) assert.deepEqual(states("Caroline", text), want, text);
});

test("planned changes are not states yet; wishes, conditionals and questions state nothing", () => {
  assert.deepEqual(states("Caroline", "We're moving to Seattle next month!"), ["Caroline | home | Seattle | planned | 0.5"]);
  assert.deepEqual(states("Caroline", "I start at Larkspur Insurance next week."), ["Caroline | workplace | Larkspur Insurance | planned | 0.5"]);
  for (const text of ["I'm thinking about moving to Austin.", "If I lived in Paris I would eat croissants.", "I'd love to live by the sea.", "Do you still live in Dublin?", "I applied for a job at Tesco.", "I might move to Lima."]) {
    assert.deepEqual(states("Caroline", text), [], text);
  }
  // a question at the end of a statement asks the other speaker; the statement stands
  assert.deepEqual(states("Caroline", "I live in Leeds now, what about you?"), ["Caroline | home | Leeds | change"]);
});

test("hedges and jokes: low confidence from their cues, never from the value; negated cues and laughter before a statement do not count", () => {
  assert.deepEqual(states("Caroline", "Haha, I basically live at the gym these days."), ["Caroline | home | gym | 0.2"]);
  assert.deepEqual(states("Caroline", "I live at the gym these days."), ["Caroline | home | gym"]); // same value, no cue
  assert.deepEqual(states("Caroline", "At this rate I practically work at the airport lol"), ["Caroline | workplace | airport | 0.2"]);
  assert.deepEqual(states("Caroline", "Honestly my real employer is the coffee machine."), ["Caroline | workplace | coffee machine | 0.2"]);
  assert.deepEqual(states("Caroline", "I live at the office now. Haha!"), ["Caroline | home | office | 0.2"]);
  assert.deepEqual(states("Caroline", "Haha yeah. I work at the museum now."), ["Caroline | workplace | museum | change"]);
  assert.deepEqual(states("Caroline", "Joking aside, I really do work at the zoo."), ["Caroline | workplace | zoo"]);
  assert.deepEqual(states("Caroline", "I work at the hospital, no joke, I'm not kidding."), ["Caroline | workplace | hospital"]);
  // an ended state is not hedged by nervous laughter
  assert.deepEqual(states("Caroline", "I got fired from the restaurant, lol."), ["Caroline | workplace | restaurant | ended"]);
  assert.deepEqual(extract(turn("Caroline", "lol I live at IKEA"), { speakers: ["Caroline", "Melanie"] }, undefined, { hedgeConfidence: 0.4 }).triples.map(show), ["Caroline | home | IKEA | 0.4"]);
});

test("pronouns: to speakers and recently named people, by the relation's gender; never to a breed, a pet or a place; else unresolved", () => {
  const ctx: SessionContext = { speakers: ["Caroline", "Melanie"] };
  triples("Caroline", "My sister Anna just moved to Boston.", ctx);
  assert.deepEqual(triples("Caroline", "She loves painting sunsets.", ctx), ["Anna | hobby | painting sunset"]);
  triples("Caroline", "We flew to Denver.", ctx); // a place is not a referent
  assert.deepEqual(triples("Caroline", "She adopted a puppy.", ctx), ["Anna | pet | puppy"]);
  assert.deepEqual(states("Caroline", "He works at the port.", ctx), []); // no man named: unresolved
  const pets: SessionContext = { speakers: ["Caroline", "Melanie"] };
  triples("Caroline", "My brother Sam got a Chihuahua named Pepper.", pets);
  assert.deepEqual(states("Caroline", "He lives in a little bed by the radiator.", pets), []); // the pet is newer than Sam
  const they: SessionContext = { speakers: ["Caroline", "Melanie"] };
  triples("Caroline", "We have a Chihuahua.", they);
  assert.deepEqual(states("Caroline", "They live in the kitchen.", they), []);
  const rel: SessionContext = { speakers: ["Caroline", "Melanie"] };
  triples("Caroline", "My boyfriend is a chef.", rel);
  assert.deepEqual(states("Caroline", "He works at a hotel in Bath.", rel), ["Caroline's boyfriend | workplace | hotel"]);
  assert.deepEqual(states("Caroline", "She still lives there.", { speakers: ["Caroline", "Melanie"] }), []);
  // "you" is the other speaker; a new session forgets
  assert.deepEqual(states("Caroline", "You work at the school."), ["Melanie | workplace | school"]);
  const fresh = extract(turn("Caroline", "She adopted a puppy."), { speakers: ["Caroline", "Melanie"] });
  assert.equal(fresh.fallback, "talked about");
});

test("other attributes keep their canonical vocabulary; negation is kept in the value", () => {
  const cases: [string, string[]][] = [
    ["I adopted two cats named Luna and Oliver.", ["Caroline | pet | cat Luna", "Caroline | pet | cat Oliver"]],
    ["We visited Paris, Rome and Berlin in 2022.", ["Caroline | travel | Paris", "Caroline | travel | Rome", "Caroline | travel | Berlin"]],
    ["I love reading fantasy novels.", ["Caroline | hobby | reading fantasy novel"]],
    ["I'm planning to go camping next month.", ["Caroline | plan | go camping"]],
    ["I just bought a new car!", ["Caroline | possession | new car"]],
    ["I ran a charity race for mental health last Saturday.", ["Caroline | event | run charity race"]],
    ["I'm a transgender woman.", ["Caroline | identity | transgender woman"]],
    ["I never went to college.", ["Caroline | education | not college"]],
    ["I'm not a fan of horror movies.", ["Caroline | preference | not horror movie"]],
  ];
  for (const [text, want] of cases) assert.deepEqual(triples("Caroline", text), want, text);
  // adjectives after a copula are not identities ("sure", "glad")
  assert.equal(extract(turn("Caroline", "I'm so glad, sure."), { speakers: ["Caroline", "Melanie"] }).fallback, "talked about");
});

test("questions, hypotheticals and greetings are not facts; 'talked about' and 'photo' are the counted last resorts", () => {
  const q = extract(turn("Caroline", "Hey Mel! How are you doing?"), { speakers: ["Caroline", "Melanie"] });
  assert.equal(q.fallback, "talked about");
  assert.deepEqual(q.mentions, []); // calling the other speaker by a nickname is not a mention
  const h = extract(turn("Caroline", "If I won the lottery I would buy a boat."), { speakers: ["Caroline", "Melanie"] });
  assert.equal(h.fallback, "talked about");
  const photo = extract(turn("Caroline", "Look at this!"), { speakers: ["Caroline", "Melanie"] }, "a photo of a dog on a beach");
  assert.equal(photo.fallback, "photo");
  assert.deepEqual(photo.triples, [{ entity: "Caroline", attribute: "photo", value: "a dog on a beach" }]);
});
