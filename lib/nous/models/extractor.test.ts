/**
 * The offline extractor on hand-written sentences with the triples a careful reader would write down. Each case
 * checks one thing the extractor must do: resolve the subject, pick the canonical attribute, lemmatise the value,
 * keep negation, leave questions and hypotheticals alone, use the session's context for pronouns.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { extract, type SessionContext } from "./extractor.js";

const turn = (speaker: string, text: string) => ({ id: "D1:1", speaker, text, timestamp: 0 });
const triples = (speaker: string, text: string, ctx: SessionContext = { speakers: ["Caroline", "Melanie"] }) =>
  extract(turn(speaker, text), ctx).triples.map((t) => `${t.entity} | ${t.attribute} | ${t.value}`);

test("subjects: first person → the speaker; a named third person → that person; 'my sister Anna' → a relation", () => {
  assert.deepEqual(triples("Caroline", "Pranav joined Microsoft last month."), ["Pranav | workplace | Microsoft"]);
  assert.deepEqual(triples("Caroline", "My sister Anna just moved to Boston."), ["Caroline | family | sister Anna", "Anna | home | Boston"]);
  assert.deepEqual(triples("Caroline", "I work at a bakery now."), ["Caroline | workplace | bakery"]);
});

test("canonical attributes with lemmatised values", () => {
  const cases: [string, string[]][] = [
    ["I've been working at the library since March.", ["Caroline | workplace | library"]],
    ["I adopted two cats named Luna and Oliver.", ["Caroline | pet | cat Luna", "Caroline | pet | cat Oliver"]],
    ["We visited Paris, Rome and Berlin in 2022.", ["Caroline | travel | Paris", "Caroline | travel | Rome", "Caroline | travel | Berlin"]],
    ["I'm a nurse at the city hospital.", ["Caroline | job | nurse"]],
    ["I love reading fantasy novels.", ["Caroline | hobby | reading fantasy novel"]],
    ["I'm planning to go camping next month.", ["Caroline | plan | go camping"]],
    ["I just bought a new car!", ["Caroline | possession | new car"]],
    ["I ran a charity race for mental health last Saturday.", ["Caroline | event | run charity race"]],
    ["I'm a transgender woman.", ["Caroline | identity | transgender woman"]],
    ["I went to the LGBTQ support group yesterday.", ["Caroline | event | LGBTQ support group"]],
  ];
  for (const [text, want] of cases) assert.deepEqual(triples("Caroline", text), want, text);
});

test("negation is kept in the value", () => {
  assert.deepEqual(triples("Caroline", "I never went to college."), ["Caroline | education | not college"]);
  assert.deepEqual(triples("Caroline", "I'm not a fan of horror movies."), ["Caroline | preference | not horror movie"]);
});

test("questions, hypotheticals and greetings are not facts; 'talked about' is the counted last resort", () => {
  const q = extract(turn("Caroline", "Hey Mel! How are you doing?"), { speakers: ["Caroline", "Melanie"] });
  assert.equal(q.fallback, "talked about");
  assert.deepEqual(q.mentions, []); // calling the other speaker by a nickname is not a mention
  const h = extract(turn("Caroline", "If I won the lottery I would buy a boat."), { speakers: ["Caroline", "Melanie"] });
  assert.equal(h.fallback, "talked about");
  assert.ok(!h.triples.some((t) => t.attribute === "possession"));
  const photo = extract(turn("Caroline", "Look at this!"), { speakers: ["Caroline", "Melanie"] }, "a photo of a dog on a beach");
  assert.equal(photo.fallback, "photo");
  assert.deepEqual(photo.triples, [{ entity: "Caroline", attribute: "photo", value: "a dog on a beach" }]);
});

test("per-session context: he/she refers to the last person named in the session; a new session forgets", () => {
  const ctx: SessionContext = { speakers: ["Caroline", "Melanie"] };
  triples("Caroline", "My sister Anna just moved to Boston.", ctx);
  assert.deepEqual(triples("Caroline", "She loves painting sunsets.", ctx), ["Anna | hobby | painting sunset"]);
  // a place named after a preposition is not a referent
  triples("Caroline", "We flew to Denver.", ctx);
  assert.deepEqual(triples("Caroline", "She adopted a puppy.", ctx), ["Anna | pet | puppy"]);
  const fresh = extract(turn("Caroline", "She adopted a puppy."), { speakers: ["Caroline", "Melanie"] });
  assert.equal(fresh.fallback, "talked about"); // no one named yet in this session: no subject, no fact
  assert.ok(!fresh.triples.some((t) => t.entity === "Anna" || t.attribute === "pet"));
  // "you" is the other speaker
  assert.deepEqual(triples("Caroline", "You work at the school, right."), ["Melanie | workplace | school"]);
});
